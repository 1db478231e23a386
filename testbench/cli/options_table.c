/* The option table of `syncswitch run` and `syncswitch traffic`: every
 * option is one row; the parser (options.c), the usage errors and the help
 * (options_help.c) all read its row. */
#include <stdio.h>
#include <stdlib.h>
#include "options_table.h"
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

static const opt_choice perturb_signal_choices[] = {
    [PERTURB_FLIT] = { "flit", "router 0's first X+ flit: made kind 0 (malformed)" },
    [PERTURB_CREDIT] = { "credit", "router 0's first credit return: lost" },
    [PERTURB_NIM] = { "nim", "router 0's sticky NotInMessage bit of input X+: flipped" },
    [PERTURB_PHASE] = { "phase", "router 0's phase counter: its low bit flipped" },
    [PERTURB_PHASE + 1] = { NULL, NULL },
};

static const char *from_table(const opt_choice *t, int i, const char **help)
{
    for (int j = 0; j < i; j++)
        if (!t[j].name) return NULL;
    if (help) *help = t[i].help;
    return t[i].name;
}

static const char *backend_choice(int i, const char **h) { return from_table(backend_choices, i, h); }
static const char *rtl_top_choice(int i, const char **h) { return from_table(rtl_top_choices, i, h); }
static const char *perturb_signal_choice(int i, const char **h)
{
    return from_table(perturb_signal_choices, i, h);
}

const char *preset_choice(int i, const char **help)
{
    const params_preset_t *r = params_preset_at(i);
    if (!r) return NULL;
    if (help) *help = r->description;
    return r->name;
}

/* ---- the table ------------------------------------------------------------ */

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

const opt_row opt_rows[] = {
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
    { OPT("--dma-cycles", "C"), PARAM("dma_cycles"),
      .help = "extra cost of a message's first DMA start (iwarp-proto)" },
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
    { .cmds = BOTH, OPT("--skip", "MODE"), PARAM("skip") },
    { .cmds = BOTH, OPT("--skip-verify", NULL), .kind = OPT_FLAG,
      .field = { SS_FIELDS_PARAMS, "skip_verify" },
      .help = "step a copy of the machine through every periodic skip and compare the two "
              "(slow: a check of the skip)" },
    { .cmds = BOTH, OPT("--vcs", "K"), PARAM("vcs") },
    { .cmds = BOTH, OPT("--routing-function", "F"), PARAM("routing_function") },
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
    { .cmds = BOTH, OPT("--check", NULL), .kind = OPT_FLAG, AT(check_only),
      .help = "check every option, input file and output path as the run would (the "
              "library's checks, memory included), then exit 0 without running: a "
              "script's rows judged before its long runs start" },
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
      .help = "self-test of the comparator: corrupt one signal of the C model at cycle C "
              "(--cosim-perturb-signal); the run must stop, naming it" },
    { OPT("--cosim-perturb-signal", "S"), ENUM_OF(perturb_signal_choice), AT(be.perturb_signal),
      .def = "default flit", .help = "what --cosim-perturb corrupts" },
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
              "iPSC/860's receive port; C, rtl and cosim backends)" },
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
const int opt_nrows = (int)(sizeof opt_rows / sizeof opt_rows[0]);
_Static_assert(sizeof opt_rows / sizeof opt_rows[0] <= 64, "run_opts.given has 64 bits");

/* The row's kind and the type of its field fit together; a table error is
 * an internal error, found by any run. */
void opt_check_table(void)
{
    for (int i = 0; i < opt_nrows; i++) {
        const opt_row *r = &opt_rows[i];
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
