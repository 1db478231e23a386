#define _POSIX_C_SOURCE 200809L
/* syncswitch: the command-line front end.
 *   syncswitch list
 *   syncswitch schedule --n N
 *   syncswitch run --kernel K --n N --words B [options]
 * Usage errors: one line on stderr, exit 2. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "backend.h"
#include "params.h"
#include "aapc_schedule.h"
#include "kernels.h"
#include "run.h"

/* Largest total node memory a run may allocate (send + receive blocks). */
#define MEM_LIMIT_BYTES (16ull << 30)

static void usage_error(const char *fmt, const char *arg)
{
    fputs("syncswitch: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs(" (try 'syncswitch --help')\n", stderr);
    exit(EXIT_USAGE);
}

static const char *const help_text =
    "usage:\n"
    "  syncswitch list\n"
    "  syncswitch schedule --n N          CSV of the phased AAPC schedule\n"
    "  syncswitch run --kernel K --n N --words B [options]\n"
    "options of run:\n"
    "  --tt T            link throttle T_t, cycles per flit (1..64; iwarp: 2)\n"
    "  --mhz S           clock S in MHz for bandwidth figures (iwarp: 20)\n"
    "  --depth D         flits per input VC buffer (1..16; default 4)\n"
    "  --call-cycles C   cost of a queue/DMA API call (default 10)\n"
    "  --msg-cycles C    cost of a message-passing send (default 400)\n"
    "  --watchdog W      cycles without progress before reporting a hang\n"
    "  --seed S          seed of randomized kernels (default 1)\n"
    "  --mem-bw W        node memory words/cycle shared by both DMA engines\n"
    "                    (default 0 = unlimited; >= 2 never limits)\n"
    "  --preset iwarp    parameter preset (the only one, and the default)\n"
    "  --json            one JSON object on stdout instead of the summary\n"
    "  --backend B       c (default), rtl (the Verilated RTL) or cosim (both in\n"
    "                    lockstep, every link compared every cycle)\n"
    "  --rtl-top T       routers (default: one Verilated router per node, wired\n"
    "                    as torus.v wires them; fast) or torus (the torus.v top)\n"
    "  --trace FILE      waveform of the RTL (.fst, or .vcd); uses the torus top\n"
    "  --trace-from C    first cycle in the waveform (default 0)\n"
    "  --trace-to C      last cycle in the waveform (default: the end)\n"
    "  --cosim-perturb C self-test: corrupt one C-model flit at cycle C\n"
    "  --size-variance V message sizes uniform in B-VB..B+VB (0..1)\n"
    "  --zero-prob P     a message is empty with probability P (0..1)\n"
    "  --barrier NAME    barrier of phased-gsync\n"
    "  --mapping NAME    hypercube node id -> torus node mapping\n"
    "  --routing R       bidir (shortest, default) or unidir (+x then +y)\n"
    "  --flop-cycles C   cost of one floating-point operation (FFT)\n"
    "  --transpose K     AAPC kernel of the FFT's transposes\n"
    "  --stall NODE:STEP fault injection: NODE stops sending at step STEP\n"
    "exit status: 0 ok, 1 data verification failed, 2 usage, 3 no progress\n"
    "(watchdog), 4 co-simulation mismatch, 5 internal error\n";

/* Parse an integer option value in [lo, hi] or exit 2 naming the option. */
static long long int_arg(const char *opt, const char *val, long long lo, long long hi)
{
    char *end;
    errno = 0;
    long long v = strtoll(val, &end, 10);
    if (errno || end == val || *end) {
        fprintf(stderr, "syncswitch: %s needs an integer, got '%s'\n", opt, val);
        exit(EXIT_USAGE);
    }
    if (v < lo || v > hi) {
        fprintf(stderr, "syncswitch: %s %lld is out of range (allowed %lld..%lld)\n",
                opt, v, lo, hi);
        exit(EXIT_USAGE);
    }
    return v;
}

static double real_arg(const char *opt, const char *val, double lo, double hi)
{
    char *end;
    errno = 0;
    double v = strtod(val, &end);
    if (errno || end == val || *end || !(v >= lo && v <= hi)) {
        fprintf(stderr, "syncswitch: %s needs a number in %g..%g, got '%s'\n",
                opt, lo, hi, val);
        exit(EXIT_USAGE);
    }
    return v;
}

static int cmd_list(void)
{
    for (const kernel_t *k = kernel_next(NULL); k; k = kernel_next(k))
        printf("%-21s %s [%s]\n", k->name, k->summary, k->source);
    return 0;
}

static void check_phased_n(int n)
{
    if (n % 8 != 0 || n < 8 || n > AAPC_MAX_N) {
        fprintf(stderr, "syncswitch: --n %d: the phased schedule needs n a multiple "
                "of 8 in 8..%d\n", n, AAPC_MAX_N);
        exit(EXIT_USAGE);
    }
}

static int cmd_schedule(int argc, char **argv)
{
    int n = -1;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--n") != 0) usage_error("schedule: unknown option '%s'", argv[i]);
        if (i + 1 >= argc) usage_error("%s needs a value", argv[i]);
        n = (int)int_arg("--n", argv[++i], 1, MAX_N);
    }
    if (n < 0) usage_error("schedule needs --n N%s", "");
    check_phased_n(n);
    aapc_schedule *s = malloc(sizeof *s);
    if (!s || aapc_schedule_init(s, n)) { free(s); return EXIT_INTERNAL; }
    printf("phase,src_x,src_y,dst_x,dst_y,dx,dy\n");
    for (int ph = 0; ph < s->num_phases; ph++)
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                aapc_send m = aapc_pattern(s, x, y, ph);
                if (m.sends)
                    printf("%d,%d,%d,%d,%d,%d,%d\n", ph, x, y, m.dst_x, m.dst_y,
                           m.dx, m.dy);
            }
    free(s);
    return 0;
}

/* Indexed by enum backend_kind and enum rtl_top_kind. */
static const char *const backend_name[] = { "c", "rtl", "cosim" };
static const char *const rtl_top_name[] = { "routers", "torus" };

/* The index of v in names[0..count), or -1. */
static int name_index(const char *const *names, int count, const char *v)
{
    for (int i = 0; i < count; i++)
        if (strcmp(names[i], v) == 0) return i;
    return -1;
}

static void print_json(const kernel_t *k, const params_t *p, const kernel_cfg *c,
                       const run_result *r, int backend)
{
    printf("{\"kernel\":\"%s\",\"backend\":\"%s\",\"n\":%d,\"words\":%u,\"tt\":%d,\"mhz\":%g,"
           "\"depth\":%d,\"call_cycles\":%d,\"msg_cycles\":%d,"
           "\"cycles\":%llu,\"bytes\":%.0f,\"agg_mbps\":%.3f,\"eq1_mbps\":%.3f,"
           "\"eq3_mbps\":%.3f,\"ts_cycles\":%.3f,\"pct_eq1\":%.3f,"
           "\"messages\":%llu,\"phase_min\":%u,\"phase_max\":%u,"
           "\"verified\":%s,\"wall_s\":%.3f}\n",
           k->name, backend_name[backend], p->n, c->words, p->tt, p->mhz, p->depth, p->call_cycles,
           p->msg_cycles, (unsigned long long)r->cycles, r->bytes, r->agg_mbps,
           r->eq1_mbps, r->eq3_mbps, r->ts_cycles, r->pct_eq1,
           (unsigned long long)r->messages, r->phase_min, r->phase_max,
           r->verified ? "true" : "false", r->wall_seconds);
}

static void print_summary(const kernel_t *k, const params_t *p, const kernel_cfg *c,
                          const run_result *r, int backend)
{
    printf("%s on a %dx%d torus, B = %u words, T_t = %d, S = %g MHz, depth %d, backend %s\n",
           k->name, p->n, p->n, c->words, p->tt, p->mhz, p->depth, backend_name[backend]);
    /* Eq. 1 bounds a full AAPC (every node sends B words to every node: the
     * kernels without their own byte count); T_s and Eq. 3 describe phases */
    int aapc = k->bytes == NULL;
    printf("  cycles       %llu\n", (unsigned long long)r->cycles);
    if (aapc)
        printf("  bytes        %.0f (%d x %d messages of %u words)\n", r->bytes,
               p->n * p->n, p->n * p->n, c->words);
    else
        printf("  bytes        %.0f (the kernel's payload)\n", r->bytes);
    if (aapc)
        printf("  aggregate    %.1f MB/s = %.1f%% of Eq. 1 (%.0f MB/s)\n", r->agg_mbps,
               r->pct_eq1, r->eq1_mbps);
    else
        printf("  aggregate    %.1f MB/s\n", r->agg_mbps);
    if (aapc && k->phased)
        printf("  start-up     T_s = %.1f cycles per phase (Eq. 3 with it: %.1f MB/s)\n",
               r->ts_cycles, r->eq3_mbps);
    if (k->phased)
        printf("  phases       %u..%u at the routers (schedule: %d)\n", r->phase_min,
               r->phase_max, c->sched->num_phases);
    printf("  data         %s: %llu messages delivered, every word checked\n",
           r->verified ? "verified" : "FAILED", (unsigned long long)r->messages);
    printf("  simulation   %.2f s, %.2f M router-cycles/s\n", r->wall_seconds,
           r->wall_seconds > 0 ? (double)r->cycles * p->n * p->n / r->wall_seconds / 1e6 : 0);
}

/* This binary has no (or another) Verilated RTL: run the RTL binary built
 * for (top, n, depth, T_t), building it first if needed. */
static int exec_rtl_binary(int top, int n, int depth, int tt, char **argv)
{
    char exe[4096], root[4096], dir[128], bin[4300], cmd[4500];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0) { fprintf(stderr, "syncswitch: cannot locate the executable\n"); return EXIT_INTERNAL; }
    exe[len] = 0;
    char *b = strstr(exe, "/build/");
    if (!b) { fprintf(stderr, "syncswitch: not run from the project's build/ folder\n"); return EXIT_INTERNAL; }
    *b = 0;
    snprintf(root, sizeof root, "%s", exe);
    snprintf(dir, sizeof dir, "build/rtl/%s_n%d_d%d_t%d", rtl_top_name[top], n, depth, tt);
    snprintf(bin, sizeof bin, "%s/%s/syncswitch", root, dir);
    /* make decides: a missing binary, or RTL/harness sources newer than it */
    char v[128];
    snprintf(v, sizeof v, "RTL_TOP=%s RTL_N=%d RTL_DEPTH=%d RTL_TT=%d", rtl_top_name[top], n, depth, tt);
    snprintf(cmd, sizeof cmd, "make -s -q -C '%s' rtl-bin %s >/dev/null 2>&1", root, v);
    if (system(cmd) != 0) {
        if (isatty(2))
            fprintf(stderr, "syncswitch: building the Verilated %s for %dx%d (depth %d, T_t %d)...\n",
                    rtl_top_name[top], n, n, depth, tt);
        snprintf(cmd, sizeof cmd, "make -s -C '%s' rtl-bin %s >&2", root, v);
        if (system(cmd) != 0) {
            fprintf(stderr, "syncswitch: building the RTL model failed (see %s/build.log)\n", dir);
            return EXIT_INTERNAL;
        }
    }
    execv(bin, argv);
    fprintf(stderr, "syncswitch: cannot run %s\n", bin);
    return EXIT_INTERNAL;
}

static int cmd_run(int argc, char **argv)
{
    params_t p;
    params_iwarp(&p);
    const char *kname = NULL;
    long long words = -1;
    int json = 0, have_n = 0, rtl_top = -1;
    kernel_cfg cfg = { .stall_node = -1, .stall_step = -1 };
    backend_opts be = { .kind = BACKEND_C, .trace_to = UINT64_MAX, .perturb_cycle = -1 };
    for (int i = 0; i < argc; i++) {
        const char *o = argv[i];
        if (strcmp(o, "--json") == 0) { json = 1; continue; }
        if (strncmp(o, "--", 2) != 0) usage_error("run: unexpected argument '%s'", o);
        if (i + 1 >= argc) usage_error("%s needs a value", o);
        const char *v = argv[++i];
        if (strcmp(o, "--kernel") == 0) kname = v;
        else if (strcmp(o, "--n") == 0) { p.n = (int)int_arg(o, v, 2, MAX_N); have_n = 1; }
        else if (strcmp(o, "--words") == 0) words = int_arg(o, v, 0, 1 << 20);
        else if (strcmp(o, "--tt") == 0) p.tt = (int)int_arg(o, v, 1, MAX_TT);
        else if (strcmp(o, "--mhz") == 0) p.mhz = real_arg(o, v, 1e-3, 1e6);
        else if (strcmp(o, "--depth") == 0) p.depth = (int)int_arg(o, v, 1, MAX_DEPTH);
        else if (strcmp(o, "--call-cycles") == 0) p.call_cycles = (int)int_arg(o, v, 0, 1000000);
        else if (strcmp(o, "--msg-cycles") == 0) p.msg_cycles = (int)int_arg(o, v, 0, 1000000);
        else if (strcmp(o, "--watchdog") == 0) p.watchdog = int_arg(o, v, 1, 1000000000000LL);
        else if (strcmp(o, "--seed") == 0) p.seed = (uint32_t)int_arg(o, v, 0, UINT32_MAX);
        else if (strcmp(o, "--mem-bw") == 0) {
            p.mem_words_per_cycle = real_arg(o, v, 0, 1e6);
            if (p.mem_words_per_cycle > 0 && p.mem_words_per_cycle < 1.0 / 64)
                usage_error("--mem-bw '%s' is too small (0 = unlimited, else at least 1/64)", v);
        }
        else if (strcmp(o, "--backend") == 0) {
            be.kind = name_index(backend_name, 3, v);
            if (be.kind < 0) usage_error("--backend '%s' is unknown (allowed: c, rtl, cosim)", v);
        }
        else if (strcmp(o, "--rtl-top") == 0) {
            rtl_top = name_index(rtl_top_name, 2, v);
            if (rtl_top < 0) usage_error("--rtl-top '%s' is unknown (allowed: routers, torus)", v);
        }
        else if (strcmp(o, "--trace") == 0) be.trace = v;
        else if (strcmp(o, "--trace-from") == 0) be.trace_from = (uint64_t)int_arg(o, v, 0, INT64_MAX);
        else if (strcmp(o, "--trace-to") == 0) be.trace_to = (uint64_t)int_arg(o, v, 0, INT64_MAX);
        else if (strcmp(o, "--cosim-perturb") == 0) be.perturb_cycle = int_arg(o, v, 0, INT64_MAX);
        else if (strcmp(o, "--size-variance") == 0) cfg.size_variance = real_arg(o, v, 0, 1);
        else if (strcmp(o, "--zero-prob") == 0) cfg.zero_prob = real_arg(o, v, 0, 1);
        else if (strcmp(o, "--barrier") == 0) cfg.barrier = v;
        else if (strcmp(o, "--mapping") == 0) cfg.mapping = v;
        else if (strcmp(o, "--transpose") == 0) cfg.transpose = v;
        else if (strcmp(o, "--flop-cycles") == 0) cfg.flop_cycles = (int)int_arg(o, v, 0, 1000000);
        else if (strcmp(o, "--routing") == 0) {
            if (strcmp(v, "bidir") && strcmp(v, "unidir"))
                usage_error("--routing '%s' is unknown (allowed: bidir, unidir)", v);
            cfg.unidir = strcmp(v, "unidir") == 0;
        } else if (strcmp(o, "--preset") == 0) {
            if (strcmp(v, "iwarp") != 0) usage_error("--preset '%s' is unknown (allowed: iwarp)", v);
        } else if (strcmp(o, "--stall") == 0) {
            int a, b;
            char extra;
            if (sscanf(v, "%d:%d%c", &a, &b, &extra) != 2 || a < 0 || b < 0)
                usage_error("--stall needs NODE:STEP with two non-negative integers, got '%s'", v);
            cfg.stall_node = a;
            cfg.stall_step = b;
        } else usage_error("run: unknown option '%s'", o);
    }
    if (!kname) usage_error("run needs --kernel NAME (see 'syncswitch list')%s", "");
    const kernel_t *k = kernel_find(kname);
    if (!k) usage_error("unknown kernel '%s' (see 'syncswitch list')", kname);
    if (!have_n) usage_error("run needs --n N (torus side)%s", "");
    if (words < 0) usage_error("run needs --words B (words per message)%s", "");
    if (k->phased) check_phased_n(p.n);
    if (be.kind == BACKEND_C && (be.trace || be.perturb_cycle >= 0))
        usage_error("--trace and --cosim-perturb need --backend rtl or cosim%s", "");
    if (be.perturb_cycle >= 0 && be.kind != BACKEND_COSIM)
        usage_error("--cosim-perturb needs --backend cosim%s", "");
    if (be.trace_from > be.trace_to)
        usage_error("--trace-from is after --trace-to%s", "");
    if (rtl_top >= 0 && be.kind == BACKEND_C)
        usage_error("--rtl-top needs --backend rtl or cosim%s", "");
    if (rtl_top == RTL_TOP_ROUTERS && be.trace)
        usage_error("--trace needs the torus top (--rtl-top torus, the default with --trace)%s", "");
    if (rtl_top < 0) rtl_top = be.trace ? RTL_TOP_TORUS : RTL_TOP_ROUTERS;
    if (be.kind != BACKEND_C) {
        int rn, rd, rt, rtop;
        rtl_backend_config(&rn, &rd, &rt, &rtop);
        if (!rtl_backend_available() || rn != p.n || rd != p.depth || rt != p.tt || rtop != rtl_top)
            return exec_rtl_binary(rtl_top, p.n, p.depth, p.tt, argv - 2);
    }
    cfg.n = p.n;
    cfg.words = (uint32_t)words;
    cfg.seed = p.seed;
    const char *why = k->check ? k->check(&cfg) : NULL;
    if (why) {
        fprintf(stderr, "syncswitch: kernel %s: %s\n", k->name, why);
        return EXIT_USAGE;
    }
    double mem = (double)kernel_mem_words(k, &cfg) * 4.0 * p.n * p.n;
    if (mem > (double)MEM_LIMIT_BYTES) {
        fprintf(stderr, "syncswitch: --n %d --words %lld needs %.1f GiB of node memory "
                "(limit 16 GiB): use fewer words or a smaller torus\n",
                p.n, words, mem / (1u << 30));
        return EXIT_USAGE;
    }

    aapc_schedule *sched = NULL;
    if (k->phased) {
        sched = malloc(sizeof *sched);
        if (!sched || aapc_schedule_init(sched, p.n)) { free(sched); return EXIT_INTERNAL; }
        cfg.sched = sched;
    }
    run_result r;
    int rc = run_kernel_on(k, &p, &cfg, &be, &r, isatty(2), stderr);
    if (rc == 0 || rc == EXIT_VERIFY) {
        if (json) print_json(k, &p, &cfg, &r, be.kind);
        else print_summary(k, &p, &cfg, &r, be.kind);
    }
    free(sched);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(help_text, stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        fputs(help_text, stdout);
        return 0;
    }
    if (!strcmp(cmd, "list")) return cmd_list();
    if (!strcmp(cmd, "schedule")) return cmd_schedule(argc - 2, argv + 2);
    if (!strcmp(cmd, "run")) return cmd_run(argc - 2, argv + 2);
    usage_error("unknown command '%s' (allowed: list, schedule, run)", cmd);
    return EXIT_USAGE;
}
