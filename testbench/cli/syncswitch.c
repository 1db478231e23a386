/* syncswitch: the command-line front end.
 *   syncswitch list
 *   syncswitch presets
 *   syncswitch schedule --n N
 *   syncswitch run --kernel K --n N --words B [options]
 * Usage errors: one line on stderr, exit 2. The options of run, their
 * parser and their help are one table in options_table.c. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "aapc_schedule.h"
#include "backend.h"
#include "backend_exec.h"
#include "config.h"
#include "dist.h"
#include "kernel.h"
#include "options.h"
#include "params.h"
#include "paths.h"
#include "report.h"
#include "run.h"
#include "syncswitch.h"
#include "traffic_run.h"

/* list, presets and --version take nothing: an argument is a mistake,
 * not ignored */
static void no_arguments(int argc, char **argv)
{
    if (argc > 2) usage_error("%s: unexpected argument '%s'", argv[1], argv[2]);
}

static int cmd_list(int argc, char **argv)
{
    no_arguments(argc, argv);
    for (const kernel_t *k = kernel_next(NULL); k; k = kernel_next(k))
        printf("%-21s %s [%s]\n", k->name, k->summary, k->source);
    return 0;
}

/* Each preset: its name and description, then the options it sets. */
static int cmd_presets(int argc, char **argv)
{
    no_arguments(argc, argv);
    const params_preset_t *r;
    int w = 0;
    for (int i = 0; (r = params_preset_at(i)); i++)
        if ((int)strlen(r->name) > w) w = (int)strlen(r->name);
    for (int i = 0; (r = params_preset_at(i)); i++) {
        printf("%-*s  %s\n%*s  ", w, r->name, r->description, w, "");
        options_print_params(stdout, &r->params);
        putchar('\n');
    }
    return 0;
}

/* The library's version, as the header that built it numbers it. */
static int cmd_version(int argc, char **argv)
{
    no_arguments(argc, argv);
    printf("syncswitch %s\n", ss_version_string());
    return 0;
}

/* The library's checks of n: the field's range (the same line as run's),
 * then the phased schedule's. */
static int check_phased_n(const char *text)
{
    ss_params *p = ss_params_new();
    if (!p) options_refuse("out of memory");
    const char *why = ss_params_set(p, "n", text) ? ss_params_error(p) : ss_params_check(p);
    int n = (int)ss_params_get_int(p, "n");
    ss_values v;
    ss_values_init(&v, SS_FIELDS_PARAMS);
    if (!why) why = ss_phased_n_check(&v, n);
    if (why) options_refuse(why);
    ss_params_free(p);
    return n;
}

static int cmd_schedule(int argc, char **argv)
{
    const char *text = NULL;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--n") != 0) usage_error("schedule: unknown option '%s'", argv[i]);
        if (i + 1 >= argc) usage_error("%s needs a value", argv[i]);
        text = argv[++i];
    }
    if (!text) usage_error("schedule needs --n N");
    int n = check_phased_n(text);
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

/* This backend and configuration (n, depth, T_t, K, routing function, RTL
 * top, X-randomised or not, switch built or not) runs in another binary (backend_exec.h)? */
static rtl_build_t wanted_build(const run_opts *o)
{
    return (rtl_build_t){ .top = o->rtl_top, .n = o->p.n, .depth = o->p.depth, .tt = o->p.tt,
                          .vcs = o->p.vcs, .routing = o->p.routing, .xu = o->be.x_seed >= 0,
                          .sync_switch = o->sync_switch };
}

static int needs_other_binary(const run_opts *o)
{
    rtl_build_t want = wanted_build(o);
    return backend_exec_needed(o->be.kind, &want);
}

/* Exec that binary with the same argv; returns only on failure. */
static int backend_exec_for(const run_opts *o, char **argv)
{
    rtl_build_t want = wanted_build(o);
    return backend_exec(o->be.kind, &want, argv);
}

/* The files and folders a run will write (--trace, --record; --links is
 * the library's field, checked by ss_traffic_check), before any build or
 * simulation: the library's check of output paths. */
static void check_outputs(const run_opts *o)
{
    const backend_opts *be = &o->be;
    char why[SS_PATH_MAX + 200], what[SS_PATH_MAX + 20];
    /* no output over an experiment file that was read (the trace the
     * library compares itself: ss_traffic_check) */
    const ss_values *tv = &o->st->v;
    const char *out[] = { be->trace, ss_values_text(tv, ss_field_index(SS_FIELDS_TRAFFIC, "links")),
                          ss_values_text(tv, ss_field_index(SS_FIELDS_TRAFFIC, "messages")) };
    static const char *const name[] = { "--trace", "links =", "messages =" };
    for (int i = 0; i < 3; i++) {
        const char *in = out[i] ? config_file_named(out[i]) : NULL;
        if (!in) continue;
        snprintf(why, sizeof why, "%s '%.*s' is the --config file%s (%.*s): the run would "
                 "overwrite its input", name[i], SS_PATH_MAX / 2, out[i],
                 o->config && ss_path_same(in, o->config) ? "" : " or one it includes",
                 SS_PATH_MAX / 2, in);
        options_refuse(why);
    }
    if (be->trace) {
        snprintf(what, sizeof what, "--trace '%s'", be->trace);
        if (ss_path_check_file(be->trace, what, why, sizeof why)) options_refuse(why);
    }
    if (be->record) {
        snprintf(what, sizeof what, "--record '%s'", be->record);
        if (ss_path_check_folder(be->record, what, why, sizeof why)) options_refuse(why);
    }
}

/* A run's last check, its output paths; with --check the run ends there
 * (every check passed, nothing built or run): 1, its options freed. */
static int checks_end(run_opts *o)
{
    check_outputs(o);
    if (!o->check_only) return 0;
    options_free(o);
    return 1;
}

/* An RTL run of another configuration execs that RTL binary with argv.
 * The library's check (ss_kernel_check) judges every value first. */
static int cmd_run(int argc, char **argv)
{
    run_opts o;
    config_parse(&o, CMD_RUN, argc - 2, argv + 2);
    params_t *p = &o.p;
    kernel_cfg *cfg = &o.cfg;
    backend_opts *be = &o.be;
    if (!options_given(&o, "--kernel")) usage_error("run needs --kernel NAME (see 'syncswitch list')");
    if (!options_given(&o, "--n")) usage_error("run needs --n N (torus side)");
    if (!options_given(&o, "--words")) usage_error("run needs --words B (words per message)");
    int rtl = be->kind == BACKEND_RTL || be->kind == BACKEND_COSIM;
    int sc = be->kind == BACKEND_SC || be->kind == BACKEND_SC_RTL;
    /* the SystemC NI has no payload generator (the cycles are the same): the
     * blocks are in memory, and the library's memory check must know it */
    if (sc && !options_given(&o, "--payload")) ss_kernel_opts_set(o.sk, "payload", "memory");
    const char *why = ss_kernel_check(o.sk, o.sp);
    if (!why) why = ss_backend_check(backend_choices[be->kind].name, o.sp, o.sk);
    if (why) options_refuse(why);
    static traffic_cfg bg;
    ss_params_to_model(o.sp, p);
    const kernel_t *k = ss_kernel_opts_to_cfg(o.sk, p, cfg, &bg);
    if (be->kind == BACKEND_C && be->trace)
        usage_error("--trace needs --backend rtl, cosim, sc or sc-rtl");
    if (be->perturb_cycle >= 0 && be->kind != BACKEND_COSIM)
        usage_error("--cosim-perturb needs --backend cosim");
    if (be->perturb_cycle < 0 && options_given(&o, "--cosim-perturb-signal"))
        usage_error("--cosim-perturb-signal needs --cosim-perturb C");
    if (be->perturb_signal >= PERTURB_NIM && !o.sync_switch)
        usage_error("--cosim-perturb-signal nim and phase need the synchronizing switch: the "
                    "RTL built without it (--sync-switch 0) has no bits and no phase to compare");
    if (!rtl && (options_given(&o, "--trace-from") || options_given(&o, "--trace-to")))
        usage_error("--trace-from and --trace-to need --backend rtl or cosim (the SystemC "
                    "backends trace the whole run)");
    if (be->trace_from > be->trace_to)
        usage_error("--trace-from is after --trace-to");
    if (!be->trace && (options_given(&o, "--trace-from") || options_given(&o, "--trace-to")))
        usage_error("--trace-from and --trace-to need --trace FILE (the waveform they window)");
    if (rtl && be->trace) {   /* the format is the name's: nothing else is written */
        size_t len = strlen(be->trace);
        if (len < 5 || (strcmp(be->trace + len - 4, ".fst") && strcmp(be->trace + len - 4, ".vcd")))
            usage_error("--trace '%s': the rtl and cosim backends write FST or VCD (name it "
                        "FILE.fst or FILE.vcd)", be->trace);
        /* their VCD is fst2vcd's conversion of the FST, after the run */
        if (!strcmp(be->trace + len - 4, ".vcd") && !backend_tool_on_path("fst2vcd"))
            usage_error("--trace '%s': the rtl and cosim backends write VCD with fst2vcd "
                        "(GTKWave), which is not on PATH: install gtkwave (scripts/deps.sh "
                        "waves) or name the waveform FILE.fst", be->trace);
    }
    if (sc && be->trace) {
        size_t len = strlen(be->trace);
        if (len < 5 || strcmp(be->trace + len - 4, ".vcd") != 0)
            usage_error("--trace '%s': the SystemC backends write VCD (name it FILE.vcd)",
                        be->trace);
    }
    if (o.rtl_top >= 0 && !rtl)
        usage_error("--rtl-top needs --backend rtl or cosim");
    if (be->record && be->kind != BACKEND_C)
        usage_error("--record needs --backend c (it records the C model)");
    if (dist_ranks() > 1 && be->record)
        usage_error("syncswitch-mpi runs without --record (the recorder steps in one process)");
    if (be->x_seed >= 0 && be->kind != BACKEND_RTL && be->kind != BACKEND_COSIM)
        usage_error("--rtl-x-seed needs --backend rtl or cosim");
    if (o.rtl_top == RTL_TOP_ROUTERS && be->trace)
        usage_error("--trace needs the torus top (--rtl-top torus, the default with --trace)");
    if (!o.sync_switch && sc)   /* (the C router: these kernels run it in SYNC_OFF) */
        usage_error("--sync-switch 0 needs --backend c, rtl or cosim");
    if (!o.sync_switch && k->sync != KERNEL_SYNC_OFF)
        usage_error("--sync-switch 0: kernel %s needs the synchronizing switch (it runs in "
                    "SYNC_%s); only kernels that run with it off can (see 'syncswitch list')",
                    k->name, k->sync == KERNEL_SYNC_SW ? "SW" : "HW");
    if (o.rtl_top < 0) o.rtl_top = be->trace ? RTL_TOP_TORUS : RTL_TOP_ROUTERS;
    if (bg.rate >= 0) be->background = &bg;
    if (checks_end(&o)) return 0;
    if (needs_other_binary(&o)) return backend_exec_for(&o, argv);

    aapc_schedule *sched = NULL;
    if (k->phased) {
        sched = malloc(sizeof *sched);
        if (!sched || aapc_schedule_init(sched, p->n)) { free(sched); return EXIT_INTERNAL; }
        cfg->sched = sched;
    }
    run_result r;
    int rc = run_kernel_on(k, p, cfg, be, &r, isatty(2), stderr);
    if (rc == 0 || rc == EXIT_VERIFY) {
        if (o.json) report_json(k, p, cfg, &r, be->kind);
        else report_summary(k, p, cfg, &r, be->kind);
    }
    free(sched);
    options_free(&o);
    return rc;
}

/* Synthetic traffic or a trace on the c, rtl or cosim backend; the
 * library reads the trace and checks every value (ss_traffic_check). */
static int cmd_traffic(int argc, char **argv)
{
    run_opts o;
    config_parse(&o, CMD_TRAFFIC, argc - 2, argv + 2);
    params_t *p = &o.p;
    backend_opts *be = &o.be;
    traffic_run_cfg *c = &o.tr;
    if (o.trace_in && ss_traffic_read_trace(o.st, o.trace_in))
        options_refuse(ss_traffic_opts_error(o.st));
    const char *why = ss_traffic_check(o.st, o.sp);
    if (!why) why = ss_backend_check(backend_choices[be->kind].name, o.sp, NULL);
    if (why) options_refuse(why);
    if (o.rtl_top >= 0 && be->kind == BACKEND_C)
        usage_error("--rtl-top needs --backend rtl or cosim");
    if (be->record && be->kind != BACKEND_C)
        usage_error("--record needs --backend c (it records the C model)");
    if (be->x_seed >= 0 && be->kind != BACKEND_RTL && be->kind != BACKEND_COSIM)
        usage_error("--rtl-x-seed needs --backend rtl or cosim");
    if (o.rtl_top < 0) o.rtl_top = RTL_TOP_ROUTERS;
    ss_params_to_model(o.sp, p);
    ss_traffic_opts_to_cfg(o.st, p, c);
    if (checks_end(&o)) return 0;
    if (needs_other_binary(&o)) return backend_exec_for(&o, argv);
    traffic_result r;
    int rc = traffic_run(p, c, be, &r, stderr);
    const char *name = o.trace_in ? "trace" : ss_values_text(&o.st->v, ss_field_index(SS_FIELDS_TRAFFIC, "pattern"));
    if (rc == 0 || rc == EXIT_VERIFY) {
        if (o.json) report_traffic_json(name, p, c, &r, be->kind);
        else report_traffic_summary(name, p, c, &r, be->kind);
    }
    options_free(&o);
    return rc;
}

/* The commands: usage lines of the help, the names allowed. */
static const struct command {
    const char *name;
    const char *args;      /* after the name in the usage line */
    const char *summary;   /* NULL: none */
    int (*fn)(int argc, char **argv);   /* the whole command line: its
                                           arguments start at argv[2] */
} commands[] = {
    { "list", "", "the kernels", cmd_list },
    { "presets", "", "the machine parameter presets", cmd_presets },
    { "schedule", " --n N", "CSV of the phased AAPC schedule", cmd_schedule },
    { "run", " --kernel K --n N --words B [options]", NULL, cmd_run },
    { "traffic", " --pattern P --rate R [options]", "synthetic traffic (or --trace-in FILE)",
      cmd_traffic },
    { "--version", "", "the version", cmd_version },
};
#define NCOMMANDS ((int)(sizeof commands / sizeof commands[0]))

static void help(FILE *f)
{
    fputs("usage:\n", f);
    for (int i = 0; i < NCOMMANDS; i++) {
        const struct command *c = &commands[i];
        int col = fprintf(f, "  syncswitch %s%s", c->name, c->args);
        if (c->summary) fprintf(f, "%*s%s", col < 37 ? 37 - col : 1, "", c->summary);
        fputc('\n', f);
    }
    options_help(f);
    fputs("exit status: 0 ok, 1 data verification failed, 2 usage, 3 no progress\n"
          "(watchdog), 4 co-simulation mismatch, 5 internal error\n", f);
}

/* What a command printed reached its destination: a full disk or a closed
 * pipe under stdout is a failed write, not a silent success. */
static int flushed(int rc)
{
    if (fflush(stdout) == 0 && !ferror(stdout)) return rc;
    fprintf(stderr, "syncswitch: writing the output failed: %s\n", strerror(errno));
    return rc ? rc : EXIT_INTERNAL;
}

int syncswitch_main(int argc, char **argv)
{
    /* a file size limit (ulimit -f) makes a write fail with EFBIG, which
     * every output checks, instead of killing the process with SIGXFSZ */
    signal(SIGXFSZ, SIG_IGN);
    if (argc < 2) {
        help(stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        help(stdout);
        return flushed(0);
    }
    for (int i = 0; i < NCOMMANDS; i++) {
        if (strcmp(cmd, commands[i].name)) continue;
        /* `syncswitch run --help`: the help, wherever it stands */
        for (int a = 2; a < argc; a++)
            if (!strcmp(argv[a], "--help") || !strcmp(argv[a], "-h")) {
                help(stdout);
                return flushed(0);
            }
        return flushed(commands[i].fn(argc, argv));
    }
    char allowed[128] = "";
    for (int i = 0; i < NCOMMANDS; i++) {
        strcat(allowed, i ? ", " : "");
        strcat(allowed, commands[i].name);
    }
    usage_error("unknown command '%s' (allowed: %s)", cmd, allowed);
}
