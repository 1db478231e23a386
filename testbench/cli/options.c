/* The options of `syncswitch run`: the table, the parser, the help text.
 * Every option is one row of `rows` below; the parser, the usage errors
 * (what is allowed) and `syncswitch --help` all read that row. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "options.h"
#include "run.h"

/* ---- the allowed names of the enumerated options ------------------------ */

const opt_choice backend_choices[] = {
    [BACKEND_C] = { "c", "the C model" },
    [BACKEND_RTL] = { "rtl", "the Verilated RTL" },
    [BACKEND_COSIM] = { "cosim", "both in lockstep, every link compared every cycle" },
    [BACKEND_SC] = { "sc", "SystemC: the C model's routers in an ss_network, node programs "
                           "on processors talking TLM-2.0 to each node's ss_ni" },
    [BACKEND_SC_RTL] = { "sc-rtl", "SystemC with the Verilated routers (verilator --sc) "
                                   "wired by sc_signals" },
    [BACKEND_SC_RTL + 1] = { NULL, NULL },
};

const opt_choice rtl_top_choices[] = {
    [RTL_TOP_ROUTERS] = { "routers", "one Verilated router per node, wired as ss_torus.v "
                                     "wires them; fast" },
    [RTL_TOP_TORUS] = { "torus", "the ss_torus.v top" },
    [RTL_TOP_TORUS + 1] = { NULL, NULL },
};

/* An enumerated option's names: the i-th name (and its help), or NULL past
 * the end. */
typedef const char *choice_fn(int i, const char **help);

static const char *from_table(const opt_choice *t, int i, const char **help)
{
    for (int j = 0; j < i; j++)
        if (!t[j].name) return NULL;
    if (help) *help = t[i].help;
    return t[i].name;
}

static const char *backend_choice(int i, const char **h) { return from_table(backend_choices, i, h); }
static const char *rtl_top_choice(int i, const char **h) { return from_table(rtl_top_choices, i, h); }

static const char *preset_choice(int i, const char **help)
{
    const params_preset_t *r = params_preset_at(i);
    if (!r) return NULL;
    if (help) *help = r->description;
    return r->name;
}

/* ---- the table ------------------------------------------------------------ */

enum opt_kind { OPT_FLAG, OPT_INT, OPT_REAL, OPT_STR, OPT_ENUM, OPT_FIELD };
/* The C type of the field a value goes to (T_NONE: the row's setter
 * stores it). */
enum opt_type { T_NONE, T_INT, T_U32, T_I64, T_U64, T_REAL, T_STR };

typedef struct {
    const char *name;          /* "--tt" */
    const char *metavar;       /* "T" in the help; NULL for a flag */
    enum opt_kind kind;
    long long lo, hi;          /* OPT_INT: the allowed range */
    double rlo, rhi;           /* OPT_REAL: the allowed range */
    choice_fn *choice;         /* OPT_ENUM: the allowed names (value: index) */
    struct {
        size_t off;            /* offsetof(run_opts, field) */
        enum opt_type type;
    } at;                      /* where the value goes */
    void (*set)(run_opts *o, const char *val); /* then (or instead) this */
    struct {
        int set;               /* enum ss_field_set */
        const char *name;      /* the library's field: its type, range and
                                  check are the library's (api/fields.c) */
    } field;                   /* OPT_FIELD (and OPT_FLAG rows of a field) */
    const char *help;          /* NULL: the library field's (api/fields.c) */
    const char *def;           /* the default in the help: NULL = the value of
                                  options_defaults, "" = none shown */
    int required;              /* cmd_run insists on it */
    unsigned cmds;             /* the commands that take it (CMD_*); 0: run */
} opt_row;

#define TYPE_OF(x) _Generic((x), int: T_INT, uint32_t: T_U32, int64_t: T_I64, \
                            uint64_t: T_U64, double: T_REAL, const char *: T_STR)
#define AT(f) .at = { offsetof(run_opts, f), TYPE_OF(((run_opts *)0)->f) }
#define OPT(n, m) .name = (n), .metavar = (m)
#define INT_IN(a, b) .kind = OPT_INT, .lo = (a), .hi = (b)
#define REAL_IN(a, b) .kind = OPT_REAL, .rlo = (a), .rhi = (b)
#define ENUM_OF(f) .kind = OPT_ENUM, .choice = (f)
/* A value of the library's field set S called F: parsed, stored and checked
 * by the library, which owns its range. */
#define FIELD(S, F) .kind = OPT_FIELD, .field = { (S), (F) }
#define PARAM(F) FIELD(SS_FIELDS_PARAMS, F)
#define KOPT(F) FIELD(SS_FIELDS_KERNEL, F)
#define TOPT(F) FIELD(SS_FIELDS_TRAFFIC, F)

#define BOTH (CMD_RUN | CMD_TRAFFIC)
#define TRAFFIC_ONLY .cmds = CMD_TRAFFIC

static const opt_row rows[] = {
    { OPT("--kernel", "K"), KOPT("kernel"), .required = 1,
      .help = "the kernel to run, one of 'syncswitch list'" },
    { .cmds = BOTH, OPT("--n", "N"), PARAM("n"), .required = 1,
      .help = "torus side, N x N nodes (run: the phased kernels need a multiple of 8)" },
    { OPT("--words", "B"), KOPT("words"), .required = 1, .help = "words per message" },
    { .cmds = BOTH, OPT("--tt", "T"), PARAM("tt"), .help = "link throttle T_t, cycles per flit" },
    { OPT("--mhz", "S"), PARAM("mhz"), .help = "clock S in MHz for bandwidth figures" },
    { .cmds = BOTH, OPT("--depth", "D"), PARAM("depth"), .help = "flits per input VC buffer" },
    { OPT("--call-cycles", "C"), PARAM("call_cycles"), .help = "cost of a queue/DMA API call" },
    { OPT("--msg-cycles", "C"), PARAM("msg_cycles"), .help = "cost of a message-passing send" },
    { .cmds = BOTH, OPT("--watchdog", "W"), PARAM("watchdog"),
      .help = "cycles without progress before reporting a hang" },
    { .cmds = BOTH, OPT("--seed", "S"), PARAM("seed"),
      .help = "seed of randomized kernels and of --jitter" },
    { OPT("--jitter", "F"), PARAM("jitter"),
      .help = "run-to-run variation: each software cost (send, queue call) uniform in "
              "c(1-F)..c(1+F), per-node generator seeded by --seed and the node id" },
    { OPT("--mem-bw", "W"), PARAM("mem_bw"),
      .help = "node memory words/cycle shared by both DMA engines: 0 = unlimited, "
              "else at least 1/64; >= 2 never limits" },
    { .cmds = BOTH, OPT("--threads", "T"), PARAM("threads") },
    { .cmds = BOTH, OPT("--ties", "RULE"), PARAM("ties") },
    { .cmds = BOTH, OPT("--preset", "P"), ENUM_OF(preset_choice), AT(preset),
      .help = "machine parameter preset, whose values 'syncswitch presets' lists; "
              "applied first wherever it stands, so the other options override "
              "it: --tt 3 --preset iwarp runs with T_t = 3" },
    { .cmds = BOTH, OPT("--config", "FILE"), .kind = OPT_STR, AT(config),
      .help = "read options from FILE: 'key = value' lines (the option names without --), "
              "# comments, include = FILE, BookSim-style keys that map onto this model; the "
              "flags override the file wherever they stand (docs/config.md)" },
    { .cmds = BOTH, OPT("--json", NULL), .kind = OPT_FLAG, AT(json),
      .help = "one JSON object on stdout instead of the summary" },
    { .cmds = BOTH, OPT("--backend", "B"), ENUM_OF(backend_choice), AT(be.kind),
      .help = "router backend" },
    { .cmds = BOTH, OPT("--rtl-top", "T"), ENUM_OF(rtl_top_choice), AT(rtl_top),
      .def = "default routers, or torus with --trace",
      .help = "Verilated top of the rtl and cosim backends" },
    { .cmds = BOTH, OPT("--sync-switch", "S"), INT_IN(0, 1), AT(sync_switch),
      .help = "0: the rtl and cosim backends run the RTL router built without the "
              "synchronizing switch (SYNC_SWITCH = 0); for traffic and the kernels that run "
              "with the switch off (the C router runs those in SYNC_OFF)" },
    { OPT("--trace", "FILE"), .kind = OPT_STR, AT(be.trace),
      .help = "waveform: of the RTL with rtl and cosim (.fst, or .vcd; uses the torus "
              "top); of every NI's registers and every router's phase and NotInMessage "
              "bits with sc and sc-rtl (.vcd)" },
    { OPT("--trace-from", "C"), INT_IN(0, INT64_MAX), AT(be.trace_from),
      .help = "first cycle in the waveform (rtl, cosim)" },
    { OPT("--trace-to", "C"), INT_IN(0, INT64_MAX), AT(be.trace_to), .def = "default: the end",
      .help = "last cycle in the waveform (rtl, cosim)" },
    { OPT("--cosim-perturb", "C"), INT_IN(0, INT64_MAX), AT(be.perturb_cycle), .def = "",
      .help = "self-test: corrupt one C-model flit at cycle C" },
    { .cmds = BOTH, OPT("--rtl-x-seed", "S"), INT_IN(0, INT32_MAX), AT(be.x_seed), .def = "",
      .help = "rtl, cosim: run the X-randomised Verilated build (--x-initial unique "
              "--x-assign unique, build/rtl/..._xu) with every register starting at a random "
              "value from seed S" },
    { .cmds = BOTH, OPT("--record", "DIR"), .kind = OPT_STR, AT(be.record),
      .help = "backend c: write every router's ports every cycle into DIR as $readmemh "
              "files, for the Icarus replay testbenches (testbench/icarus/)" },
    { OPT("--size-variance", "V"), KOPT("size_variance") },
    { OPT("--zero-prob", "P"), KOPT("zero_prob") },
    { OPT("--send-empty", NULL), .kind = OPT_FLAG, .field = { SS_FIELDS_KERNEL, "send_empty" },
      .help = "msgpass-var: send the empty blocks too (by default only the non-empty)" },
    { OPT("--barrier", "NAME"), KOPT("barrier"), .help = "barrier of phased-gsync" },
    { OPT("--mapping", "NAME"), KOPT("mapping") },
    { OPT("--routing", "R"), KOPT("routing") },
    { OPT("--flop-cycles", "C"), KOPT("flop_cycles"),
      .help = "cost of one floating-point operation; the FFT takes 0 as its own default" },
    { OPT("--transpose", "K"), KOPT("transpose") },
    { OPT("--dist", "D"), KOPT("dist"), .def = "default 1" },
    { OPT("--senders", "K"), KOPT("senders"), .def = "default 1" },
    { OPT("--irq-period", "C"), KOPT("irq_period") },
    { OPT("--irq-cycles", "C"), KOPT("irq_cycles") },
    { OPT("--rx-serial", NULL), .kind = OPT_FLAG, .field = { SS_FIELDS_KERNEL, "rx_serial" },
      .help = "the barrier and shift kernels: each node receives one message at a time (the "
              "iPSC/860's receive port; C backend)" },
    { OPT("--stall", "NODE:STEP"), KOPT("stall"),
      .help = "fault injection: NODE stops sending at step STEP" },
    { OPT("--payload", "MODE"), KOPT("payload") },
    { OPT("--background", "P:R"), KOPT("background"),
      .help = "synthetic message-passing traffic of pattern P (as --pattern of traffic) "
              "at R flits/node/cycle underneath the kernel" },
    /* traffic */
    { OPT("--pattern", "P"), TOPT("pattern"), TRAFFIC_ONLY,
      .help = "destinations: uniform, transpose, bitcomp, bitrev, shuffle, tornado, neighbor, "
              "randperm, or hotspot:NODE:FRACTION (FRACTION of the packets to NODE, the rest "
              "uniform); bitrev and shuffle need n*n a power of two" },
    { OPT("--rate", "R"), TOPT("rate"), TRAFFIC_ONLY, .def = "" },
    { OPT("--packet", "B|A-B"), TOPT("packet"), TRAFFIC_ONLY, .def = "default 5",
      .help = "flits per packet, HEAD and TAIL included: fixed, or uniform in A..B" },
    { OPT("--burst", "L"), TOPT("burst"), TRAFFIC_ONLY,
      .help = "on/off injection with bursts of L packets on average (about one flit a cycle "
              "while on); 0: Bernoulli" },
    { OPT("--warmup", "C"), TOPT("warmup"), TRAFFIC_ONLY, .def = "default 1000",
      .help = "cycles of warm-up at least; it goes on until the mean latency is steady" },
    { OPT("--window", "C"), TOPT("window"), TRAFFIC_ONLY, .def = "default 10000",
      .help = "measurement window: packets created in it are measured (and drained)" },
    { OPT("--trace-in", "FILE"), .kind = OPT_STR, AT(trace_in), TRAFFIC_ONLY,
      .help = "replay the messages of FILE (lines 'cycle source destination words', # "
              "comments; docs/traffic.md) instead of a pattern" },
    { OPT("--links", "FILE"), TOPT("links"), TRAFFIC_ONLY,
      .help = "write every link's utilisation over the window as CSV" },
    { OPT("--messages", "FILE"), TOPT("messages"), TRAFFIC_ONLY,
      .help = "write one CSV row per message: source, destination, words, created, injected, "
              "arrived, latency (a trace: every message; synthetic: the packets created in the "
              "window)" },
};
#define NROWS ((int)(sizeof rows / sizeof rows[0]))
_Static_assert(sizeof rows / sizeof rows[0] <= 64, "run_opts.given has 64 bits");

/* ---- values ------------------------------------------------------------- */

_Noreturn void usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("syncswitch: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs(" (try 'syncswitch --help')\n", stderr);
    va_end(ap);
    exit(EXIT_USAGE);
}

long long opt_int(const char *opt, const char *val, long long lo, long long hi)
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

double opt_real(const char *opt, const char *val, double lo, double hi)
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

/* The row's kind and the type of its field fit together; a table error is
 * an internal error, found by any run. */
static void check_table(void)
{
    for (int i = 0; i < NROWS; i++) {
        const opt_row *r = &rows[i];
        enum opt_type t = r->at.type;
        int ok;
        switch (r->kind) {
        case OPT_INT: ok = t == T_INT || t == T_U32 || t == T_I64 || t == T_U64; break;
        case OPT_REAL: ok = t == T_REAL; break;
        case OPT_STR: ok = t == T_STR || (t == T_NONE && r->set); break;
        case OPT_FIELD: ok = t == T_NONE && ss_field_find(r->field.set, r->field.name); break;
        case OPT_FLAG:
            ok = r->field.name ? t == T_NONE && ss_field_find(r->field.set, r->field.name)
                               : t == T_INT;
            break;
        default: ok = t == T_INT; break;
        }
        if (!r->help && !(r->field.name && ss_field_find(r->field.set, r->field.name))) ok = 0;
        if (!ok) {
            fprintf(stderr, "syncswitch: internal error: option %s has the wrong field type\n",
                    r->name);
            exit(EXIT_INTERNAL);
        }
    }
}

static void *field(run_opts *o, const opt_row *r) { return (char *)o + r->at.off; }

static const void *cfield(const run_opts *o, const opt_row *r)
{
    return (const char *)o + r->at.off;
}

static void store_int(run_opts *o, const opt_row *r, long long v)
{
    void *f = field(o, r);
    switch (r->at.type) {
    case T_INT: *(int *)f = (int)v; break;
    case T_U32: *(uint32_t *)f = (uint32_t)v; break;
    case T_I64: *(int64_t *)f = (int64_t)v; break;
    case T_U64: *(uint64_t *)f = (uint64_t)v; break;
    default: break;
    }
}

/* Does the row set a field of the machine parameters? */
static int in_params(const opt_row *r)
{
    return r->kind == OPT_FIELD && r->field.set == SS_FIELDS_PARAMS;
}

static const ss_field *lib_field(const opt_row *r)
{
    return r->field.name ? ss_field_find(r->field.set, r->field.name) : NULL;
}

static int choice_index(const opt_row *r, const char *v)
{
    const char *name;
    for (int i = 0; (name = r->choice(i, NULL)); i++)
        if (strcmp(name, v) == 0) return i;
    return -1;
}

/* "a, b, c" */
static void choice_list(const opt_row *r, char *buf, size_t size)
{
    const char *name;
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; (name = r->choice(i, NULL)) && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", name);
}

/* The row's value in o as text; 0 when there is none to show. */
static int format_value(const opt_row *r, const run_opts *o, char *buf, size_t size)
{
    const void *f = cfield(o, r);
    switch (r->kind) {
    case OPT_INT:
        switch (r->at.type) {
        case T_INT: snprintf(buf, size, "%d", *(const int *)f); break;
        case T_U32: snprintf(buf, size, "%lu", (unsigned long)*(const uint32_t *)f); break;
        case T_I64: snprintf(buf, size, "%lld", (long long)*(const int64_t *)f); break;
        case T_U64: snprintf(buf, size, "%llu", (unsigned long long)*(const uint64_t *)f); break;
        default: return 0;
        }
        return 1;
    case OPT_REAL: snprintf(buf, size, "%g", *(const double *)f); return 1;
    case OPT_FIELD:
        if (!in_params(r) || !o->sp) return 0;
        if (lib_field(r)->type == SS_FIELD_INT)
            snprintf(buf, size, "%lld", (long long)ss_params_get_int(o->sp, r->field.name));
        else if (lib_field(r)->type == SS_FIELD_TEXT)   /* a choice: ties */
            snprintf(buf, size, "%s",
                     ss_values_text(&o->sp->v, ss_field_index(SS_FIELDS_PARAMS, r->field.name)));
        else
            snprintf(buf, size, "%g", ss_params_get_real(o->sp, r->field.name));
        return 1;
    case OPT_STR:
        if (r->at.type != T_STR || !*(const char *const *)f) return 0;
        snprintf(buf, size, "%s", *(const char *const *)f);
        return 1;
    case OPT_ENUM: {
        int i = *(const int *)f;
        const char *name = i >= 0 ? r->choice(i, NULL) : NULL;
        if (!name) return 0;
        snprintf(buf, size, "%s", name);
        return 1;
    }
    default: return 0;
    }
}

/* ---- the parser ----------------------------------------------------------- */

static const opt_row *find_row(const char *name)
{
    for (int i = 0; i < NROWS; i++)
        if (strcmp(rows[i].name, name) == 0) return &rows[i];
    return NULL;
}

void options_defaults(run_opts *o, int preset)
{
    *o = (run_opts){ 0 };
    o->p = params_preset_at(preset)->params;
    o->sp = ss_params_new();
    o->sk = ss_kernel_opts_new();
    o->st = ss_traffic_opts_new();
    if (!o->sp || !o->sk || !o->st) {
        fputs("syncswitch: out of memory\n", stderr);
        exit(EXIT_INTERNAL);
    }
    ss_params_from_model(o->sp, &o->p);
    o->preset = preset;
    o->cfg.stall_node = o->cfg.stall_step = -1;
    o->be.kind = BACKEND_C;
    o->be.trace_to = UINT64_MAX;
    o->be.perturb_cycle = -1;
    o->be.x_seed = -1;
    o->rtl_top = -1;
    o->sync_switch = 1;
    o->tr.tc.pattern = TP_UNIFORM;
    o->tr.tc.rate = -1;
    o->tr.tc.pkt_min = o->tr.tc.pkt_max = 5;
    o->tr.warmup_min = 1000;
    o->tr.warmup_max = 100000;
    o->tr.window = 10000;
}

void options_free(run_opts *o)
{
    ss_params_free(o->sp);
    ss_kernel_opts_free(o->sk);
    ss_traffic_opts_free(o->st);
    o->sp = NULL;
    o->sk = NULL;
    o->st = NULL;
}

/* A library field's value: the library parses and stores it; a refusal
 * (unparsable text) is its line. */
static void set_field(run_opts *o, const opt_row *r, const char *v)
{
    int rc;
    const char *why;
    switch (r->field.set) {
    case SS_FIELDS_PARAMS:
        rc = ss_params_set(o->sp, r->field.name, v);
        why = ss_params_error(o->sp);
        break;
    case SS_FIELDS_KERNEL:
        rc = ss_kernel_opts_set(o->sk, r->field.name, v);
        why = ss_kernel_opts_error(o->sk);
        break;
    default:
        rc = ss_traffic_opts_set(o->st, r->field.name, v);
        why = ss_traffic_opts_error(o->st);
        break;
    }
    if (rc) options_refuse(why);
}

_Noreturn void options_refuse(const char *why)
{
    fprintf(stderr, "syncswitch: %s\n", why);
    exit(EXIT_USAGE);
}

static void set_value(run_opts *o, const opt_row *r, const char *v)
{
    switch (r->kind) {
    case OPT_FIELD: set_field(o, r, v); break;
    case OPT_INT: store_int(o, r, opt_int(r->name, v, r->lo, r->hi)); break;
    case OPT_REAL: *(double *)field(o, r) = opt_real(r->name, v, r->rlo, r->rhi); break;
    case OPT_STR:
        if (r->at.type == T_STR) *(const char **)field(o, r) = v;
        break;
    case OPT_ENUM: {
        int i = choice_index(r, v);
        if (i < 0 && r->choice == preset_choice) {   /* the library's refusal */
            ss_params *t = ss_params_new();
            char why[SS_MSG];
            snprintf(why, sizeof why, "%s", t && ss_params_preset(t, v) ? ss_params_error(t) : "?");
            ss_params_free(t);
            options_refuse(why);
        }
        if (i < 0) {
            char allowed[512];
            choice_list(r, allowed, sizeof allowed);
            usage_error("%s '%s' is unknown (allowed: %s)", r->name, v, allowed);
        }
        *(int *)field(o, r) = i;
        break;
    }
    case OPT_FLAG:
        if (r->field.name) set_field(o, r, "1");
        else *(int *)field(o, r) = 1;
        break;
    }
    if (r->set) r->set(o, v);
}

/* The row of the preset the options name (the last --preset), 0 (the
 * default) when none or an unknown one does: the parser reports that when
 * it reaches it. Walks the arguments as options_parse does and stops where
 * options_parse will stop with an error. */
static int preset_named(int argc, char **argv)
{
    int preset = 0;
    for (int i = 0; i < argc; i++) {
        const opt_row *r = find_row(argv[i]);
        if (r && r->kind == OPT_FLAG) continue;
        if (!r || i + 1 >= argc) break;
        i++;
        if (r->choice == preset_choice) {
            int k = choice_index(r, argv[i]);
            preset = k < 0 ? 0 : k;
        }
    }
    return preset;
}

static const char *cmd_name(int cmd) { return cmd == CMD_TRAFFIC ? "traffic" : "run"; }
static unsigned row_cmds(const opt_row *r) { return r->cmds ? r->cmds : CMD_RUN; }

void options_parse(run_opts *o, int cmd, int argc, char **argv)
{
    check_table();
    options_defaults(o, preset_named(argc, argv));
    o->cmd = cmd;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const opt_row *r = find_row(a);
        if (!r || r->kind != OPT_FLAG) {
            if (strncmp(a, "--", 2) != 0) usage_error("%s: unexpected argument '%s'", cmd_name(cmd), a);
            if (i + 1 >= argc) usage_error("%s needs a value", a);
            i++;
            if (!r) usage_error("%s: unknown option '%s'", cmd_name(cmd), a);
        }
        if (!(row_cmds(r) & (unsigned)cmd))
            usage_error("%s is not an option of %s", r->name, cmd_name(cmd));
        set_value(o, r, argv[i]);
        o->given |= 1ull << (r - rows);
    }
}

int options_given(const run_opts *o, const char *name)
{
    const opt_row *r = find_row(name);
    return r && (o->given >> (r - rows) & 1);
}

int options_row_kind(const char *name, int cmd)
{
    const opt_row *r = find_row(name);
    if (!r) return -1;
    if (!(row_cmds(r) & (unsigned)cmd)) return -2;
    return r->kind != OPT_FLAG;
}

/* ---- the help ------------------------------------------------------------- */

#define HELP_COL 20   /* where the text of an option starts */
#define HELP_WIDTH 79

/* In a help text: a space that does not break the line. */
#define NBSP '\x1f'

/* Print the words of s from column col, wrapping to column indent; a word
 * already on the line (col > indent) gets a space before the next. */
static int put_words(FILE *f, int col, int indent, const char *s)
{
    for (;;) {
        while (*s == ' ') s++;
        if (!*s) return col;
        int len = (int)strcspn(s, " ");
        if (col > indent) {
            if (col + 1 + len > HELP_WIDTH) {
                fprintf(f, "\n%*s", indent, "");
                col = indent;
            } else {
                fputc(' ', f);
                col++;
            }
        }
        for (int i = 0; i < len; i++) fputc(s[i] == NBSP ? ' ' : s[i], f);
        col += len;
        s += len;
    }
}

/* "(1..64; iwarp: 2)": the allowed range, then the default or "required". */
static void annotation(const opt_row *r, const run_opts *d, char *buf, size_t size)
{
    char range[96] = "", def[160] = "", value[64];
    if (r->kind == OPT_INT && r->hi != INT64_MAX)
        snprintf(range, sizeof range, "%lld..%lld", r->lo, r->hi);
    else if (r->kind == OPT_REAL)
        snprintf(range, sizeof range, "%g..%g", r->rlo, r->rhi);
    else if (r->kind == OPT_FIELD && lib_field(r)->type != SS_FIELD_TEXT) {
        /* the library's range, with a space that does not break the line */
        snprintf(range, sizeof range, "%s", lib_field(r)->range);
        for (char *c = range; *c; c++)
            if (*c == ' ') *c = NBSP;
    }
    if (r->required && d->cmd == CMD_TRAFFIC)
        snprintf(def, sizeof def, "default%c%d", NBSP, d->p.n);
    else if (r->required)
        snprintf(def, sizeof def, "required");
    else if (r->def)
        snprintf(def, sizeof def, "%s", r->def);
    else if (format_value(r, d, value, sizeof value)) {
        if (in_params(r))   /* the default preset's value */
            snprintf(def, sizeof def, "%s:%c%s", params_preset_at(d->preset)->name, NBSP, value);
        else
            snprintf(def, sizeof def, "default%c%s", NBSP, value);
    }
    if (range[0] && def[0]) snprintf(buf, size, "(%s; %s)", range, def);
    else if (range[0] || def[0]) snprintf(buf, size, "(%s%s)", range, def);
    else buf[0] = 0;
}

static void help_of(FILE *f, int cmd);
static void help_rows(FILE *f, int cmd, const run_opts *d);

void options_help(FILE *f)
{
    help_of(f, CMD_RUN);
    help_of(f, CMD_TRAFFIC);
}

static void help_of(FILE *f, int cmd)
{
    check_table();
    run_opts d;
    options_defaults(&d, 0);
    d.cmd = cmd;
    help_rows(f, cmd, &d);
    options_free(&d);
}

static void help_rows(FILE *f, int cmd, const run_opts *dp)
{
    const run_opts d = *dp;
    fprintf(f, "options of %s:\n", cmd_name(cmd));
    for (int i = 0; i < NROWS; i++) {
        const opt_row *r = &rows[i];
        if (!(row_cmds(r) & (unsigned)cmd)) continue;
        int col = fprintf(f, "  %s%s%s", r->name, r->metavar ? " " : "",
                          r->metavar ? r->metavar : "");
        if (col < HELP_COL) fprintf(f, "%*s", HELP_COL - col, "");
        else fprintf(f, "\n%*s", HELP_COL, "");
        char note[512];   /* range[96] and def[160] fit */
        annotation(r, &d, note, sizeof note);
        const ss_field *lf = lib_field(r);
        col = put_words(f, HELP_COL, HELP_COL, r->help ? r->help : lf->help);
        col = put_words(f, col, HELP_COL, note);
        if (lf && lf->choices) {   /* the library's allowed names, one a line */
            fputs(":\n", f);
            for (int k = 0; lf->choices[k]; k++)
                fprintf(f, "%*s%s\n", HELP_COL + 2, "", lf->choices[k]);
            continue;
        }
        if (r->kind == OPT_ENUM) fputc(':', f);
        fputc('\n', f);
        if (r->kind != OPT_ENUM) continue;
        /* one line per allowed name */
        const char *name, *help;
        int w = 0;
        for (int k = 0; (name = r->choice(k, NULL)); k++)
            if ((int)strlen(name) > w) w = (int)strlen(name);
        for (int k = 0; (name = r->choice(k, &help)); k++) {
            fprintf(f, "%*s%-*s  ", HELP_COL + 2, "", w, name);
            put_words(f, HELP_COL + 2 + w + 2, HELP_COL + 2 + w + 2, help);
            fputc('\n', f);
        }
    }
}

void options_print_params(FILE *f, const params_t *p)
{
    run_opts o;
    options_defaults(&o, 0);
    ss_params_from_model(o.sp, p);
    int first = 1;
    for (int i = 0; i < NROWS; i++) {
        char value[64];
        if (!in_params(&rows[i]) || rows[i].required ||
            !format_value(&rows[i], &o, value, sizeof value))
            continue;
        fprintf(f, "%s%s %s", first ? "" : " ", rows[i].name, value);
        first = 0;
    }
    options_free(&o);
}
