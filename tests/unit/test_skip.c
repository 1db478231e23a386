/* The periodic skip (model/skip.h) leaves every result as plain stepping
 * leaves it: whole kernels end with the same machine (cycles, status, every
 * router's registers and statistics, every node's registers, counts and
 * memory, the wires; skip_compare, the verify mode's comparator, and
 * same_machines both) with --skip off, idle and periodic, the periodic run
 * in verify mode (a copy stepped through every skip and compared), over
 * the kernel families and the corners (depth, T_t, K, payload modes, the
 * software switch with the prototype's block set-up, jitter, a stall, a
 * memory-limited node, a serial receive port, threads). Where messages stream, the skip must
 * really skip. And the comparator names the field a planted fault changed. */
#include <string.h>
#include "payload.h"
#include "skip.h"
#include "suites.h"
#include "test_util.h"

typedef struct {
    const char *kernel;
    int n;
    uint32_t words;
    int ok;        /* 1: completes; 0: the watchdog fires (a stall) */
    int streams;   /* 1: the periodic skip must leave cycles out */
    void (*tweak)(test_opts *o);
} skip_case;

static void depth1(test_opts *o) { o->depth = 1; o->tt = 1; }
static void depth2_tt3(test_opts *o) { o->depth = 2; o->tt = 3; }
static void depth16_tt4(test_opts *o) { o->depth = 16; o->tt = 4; }
static void tt1(test_opts *o) { o->tt = 1; }
static void memory_mode(test_opts *o) { o->payload_gen = 0; }
static void generated(test_opts *o) { o->payload_gen = 1; }
static void vcs2(test_opts *o) { o->vcs = 2; o->tt = 1; o->depth = 2; }
static void vcs4(test_opts *o) { o->vcs = 4; }
static void adapt2(test_opts *o) { o->vcs = 2; o->tt = 1; o->routing = ROUTING_MIN_ADAPT; }
static void adapt3_d1(test_opts *o) { o->vcs = 3; o->depth = 1; o->routing = ROUTING_MIN_ADAPT; }
static void valiant2(test_opts *o) { o->vcs = 2; o->routing = ROUTING_VALIANT; }
static void valiant4(test_opts *o) { o->vcs = 4; o->tt = 1; o->routing = ROUTING_VALIANT; }
static void proto(test_opts *o) { o->sync_sw = 1; o->dma_cycles = 450; o->payload_gen = 1; }
static void jitter(test_opts *o) { o->jitter = 0.3; o->seed = 5; o->payload_gen = 1; }
static void threads3(test_opts *o) { o->threads = 3; o->payload_gen = 1; }
static void serial(test_opts *o) { o->rx_serial = 1; }
static void corrupt(test_opts *o) { o->payload_gen = 1; o->payload_corrupt = 1; }

static const skip_case cases[] = {
    { "phased", 8, 64, 1, 1, generated },
    { "phased", 8, 48, 1, 1, memory_mode },
    { "phased", 8, 40, 1, 1, depth1 },
    { "phased", 8, 40, 1, 1, depth2_tt3 },
    { "phased", 8, 160, 1, 1, depth16_tt4 },
    { "phased", 8, 64, 1, 1, tt1 },
    { "phased", 8, 64, 1, 1, proto },
    { "phased", 8, 64, 1, 1, jitter },
    { "phased", 8, 64, 1, 1, threads3 },
    { "phased", 8, 32, 0, 0, tweak_stall },
    { "phased-sw", 8, 48, 1, 1, generated },
    { "phased-var", 8, 64, 1, 0, tweak_var_sizes },   /* deadlines every few cycles: little to skip */
    { "two-stage", 8, 64, 1, 1, NULL },
    { "store-forward", 8, 32, 1, 0, NULL },
    { "msgpass", 8, 64, 1, 0, NULL },
    { "msgpass", 8, 64, 1, 0, vcs2 },
    { "msgpass", 8, 32, 1, 0, vcs4 },
    { "msgpass", 8, 64, 1, 0, adapt2 },
    { "msgpass", 6, 48, 1, 0, adapt3_d1 },
    { "msgpass", 8, 48, 1, 0, valiant2 },
    { "msgpass-var", 6, 32, 1, 0, valiant4 },
    { "phased", 8, 64, 1, 1, adapt2 },   /* the AAPC pool keeps its routes */
    { "msgpass", 6, 32, 1, 0, tweak_slow_mem },
    { "msgpass-var", 8, 32, 1, 0, tweak_var_sizes },
    { "hcube-aapc", 8, 64, 1, 0, NULL },
    { "nn-aapc", 8, 128, 1, 0, NULL },
    { "fem-aapc", 8, 64, 1, 0, NULL },
    { "p2p", 8, 512, 1, 1, NULL },
    { "global-sum-tree", 4, 16, 1, 0, NULL },
    { "global-sum-tree-bnet", 8, 4, 1, 0, NULL },
    { "fuzz", 6, 32, 1, 0, NULL },
    { "fuzz-sw", 6, 32, 1, 0, NULL },
    { "phased", 8, 64, 1, 1, corrupt },
    { "shift-long", 8, 256, 1, 0, serial },   /* a serial receive port: not followed */
};
#define NUM_CASES (int)(sizeof cases / sizeof cases[0])

/* Machines a and b alike: same_machines, then the verify comparator (every
 * register of every router and node, the wires, the watchdog's count). */
static void alike(test_ctx *t, const char *name, const machine_t *a, const machine_t *b)
{
    same_machines(t, name, a, b);
    if (t->failed) return;
    char why[400];
    CHECK(t, !skip_compare(a, b, why, sizeof why), "%s: %s", name, why);
}

/* One case three ways (m[3] freed by the caller, whatever happens). */
static void one_case(test_ctx *t, const skip_case *c, int j, machine_t m[3])
{
    test_opts o = test_defaults(c->n, c->words);
    if (c->tweak) c->tweak(&o);
    int st[3];
    static const int mode[3] = { SKIP_OFF, SKIP_IDLE, SKIP_PERIODIC };
    for (int k = 0; k < 3; k++) {
        o.skip = mode[k];
        o.step_all = mode[k] == SKIP_OFF;
        o.skip_verify = mode[k] == SKIP_PERIODIC;
        st[k] = test_run_machine(c->kernel, o, &m[k], NULL, NULL);
    }
    char name[128];
    snprintf(name, sizeof name, "%s n %d words %u (case %d)", c->kernel, c->n, c->words, j);
    CHECK(t, st[0] == (c->ok ? RUN_OK : RUN_STUCK), "%s: status %d", name, st[0]);
    CHECK(t, st[1] == st[0] && st[2] == st[0], "%s: status off %d, idle %d, periodic %d%s%s",
          name, st[0], st[1], st[2], m[2].protocol_error ? ": " : "",
          m[2].protocol_error ? m[2].protocol_error : "");
    alike(t, name, &m[1], &m[0]);
    if (t->failed) return;
    alike(t, name, &m[2], &m[0]);
    if (t->failed) return;
    if (c->streams)
        CHECK(t, m[2].skipped_cycles > m[2].cycle / 4, "%s: the periodic skip left out "
              "%llu of %llu cycles", name, (unsigned long long)m[2].skipped_cycles,
              (unsigned long long)m[2].cycle);
    CHECK(t, m[0].skipped_cycles == 0 && m[1].skipped_cycles == 0,
          "%s: skipped cycles without the periodic skip", name);
}

static void test_skip_same_machines(test_ctx *t)
{
    for (int j = 0; j < NUM_CASES && !t->failed; j++) {
        machine_t m[3];
        memset(m, 0, sizeof m);
        one_case(t, &cases[j], j, m);
        for (int k = 0; k < 3; k++) machine_free(&m[k]);
    }
}

/* The verify mode's comparator on a planted difference: one register of
 * one router, of one node, one memory word, one wire, each named. */
static void test_skip_comparator_names_fields(test_ctx *t)
{
    test_opts o = test_defaults(4, 16);
    o.payload_gen = 0;
    machine_t m;
    int st = test_run_machine("msgpass", o, &m, NULL, NULL);
    CHECK(t, st == RUN_OK, "msgpass 4x4: status %d", st);
    static const char *const want[] = { "at (2,1): router (credits)", "at (3,0): node (cmd_done)",
                                        "at (1,2): node (memory word 5",
                                        "at (0,3): wire out_q", "at (1,1): router (buf)",
                                        "machine cycle" };
    for (int f = 0; f < 6 && !t->failed; f++) {
        machine_t *c = skip_clone(&m);
        CHECK(t, c != NULL, "no memory for a clone");
        char why[400];
        CHECK(t, !skip_compare(c, &m, why, sizeof why), "a clone differs: %s", why);
        switch (f) {
        case 0: c->r[1 * 4 + 2].credits[1][3] ^= 1; break;
        case 1: c->node[3].cmd_done++; break;
        case 2: c->node[2 * 4 + 1].mem[5] ^= 0x100; break;
        case 3: c->out_q[3 * 4].credit[2] ^= 0x80; break;
        case 4: c->r[5].buf[0][0][MAX_DEPTH - 1] ^= 1; break;
        default: c->cycle++; break;
        }
        int d = skip_compare(c, &m, why, sizeof why);
        CHECK(t, d && strstr(why, want[f]), "planted %d: '%s', want '%s'", f, d ? why : "same",
              want[f]);
        skip_clone_free(c);
    }
    machine_free(&m);
}

/* A clone stepped on is the machine stepped on. */
static void test_skip_clone_steps_alike(test_ctx *t)
{
    test_opts o = test_defaults(8, 64);
    o.payload_gen = 1;
    o.watchdog = 300;   /* stops the run early, with flits in flight */
    o.stall_node = 9;
    o.stall_step = 2;
    machine_t m;
    test_run_machine("phased", o, &m, NULL, NULL);
    machine_t *c = skip_clone(&m);
    CHECK(t, c != NULL, "no memory for a clone");
    machine_t *d = skip_clone(&m);
    CHECK(t, d != NULL, "no memory for a clone");
    CHECK(t, !skip_clone_step(c, 50) && !skip_clone_step(d, 50), "stepping failed");
    char why[400];
    CHECK(t, !skip_compare(c, d, why, sizeof why), "two clones stepped alike differ: %s", why);
    CHECK(t, skip_compare(c, &m, why, sizeof why), "a stepped clone equals the machine");
    skip_clone_free(c);
    skip_clone_free(d);
    machine_free(&m);
}

/* The skip's bulk count of a checked generated stream is the word-by-word
 * take: the same count, the same malformed words past the deposit area,
 * no wrong word; and it refuses a stream it does not check. */
static void test_skip_gen_run_is_word_by_word(test_ctx *t)
{
    params_t p;
    params_iwarp(&p);
    p.n = 2;
    machine_t m;
    CHECK(t, machine_init(&m, &p, 64) == 0, "no machine");
    node_t *src = &m.node[0], *a = &m.node[1];
    for (int i = 0; i < 2; i++) {
        m.node[i].payload = payload_word_seeded;
        m.node[i].payload_seed = 77;
    }
    src->cmdq[0] = (dma_cmd_t){ .kind = CMD_DATA, .gen = 1, .dst = 1, .addr = 3, .len = 100 };
    src->cmd_cnt = 1;
    src->cmd_done = 7;
    a->rx[0] = (rx_state_t){ .active = 1, .check = 1, .src = 0, .limit = 15, .count = 10 };
    node_t b = *a;
    CHECK(t, node_rx_gen_run(a, 0, src, 8) == 0, "a checked stream refused");
    for (uint32_t j = 0; j < 8; j++) node_rx_body(&b, 0, node_src_word_ahead(src, j));
    CHECK(t, a->rx[0].count == 18 && b.rx[0].count == 18, "count %u, one by one %u",
          a->rx[0].count, b.rx[0].count);
    CHECK(t, a->rx_bad == 3 && b.rx_bad == 3 && !b.rx_check.errors,
          "malformed %llu, one by one %llu (wrong words %llu)", (unsigned long long)a->rx_bad,
          (unsigned long long)b.rx_bad, (unsigned long long)b.rx_check.errors);
    a->rx[0].src = 1;   /* another source's stream: not this one */
    CHECK(t, node_rx_gen_run(a, 0, src, 1) == -1, "a stream from elsewhere counted at once");
    machine_free(&m);
}

#define T(f) { #f, f }
const test_case tests_skip[] = {
    T(test_skip_same_machines),
    T(test_skip_comparator_names_fields),
    T(test_skip_clone_steps_alike),
    T(test_skip_gen_run_is_word_by_word),
    { NULL, NULL },
};
