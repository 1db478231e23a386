/* Tests of the AAPC family (sw/kernels/aapc/, seed 001) on the C model:
 * phased and message-passing AAPC end to end (data verified word by word,
 * cycle counts deterministic, the watchdog firing on a missing message, the
 * verifier failing on a corrupted word), the software synchronizing switch,
 * phased AAPC with global barriers, two-stage and store-and-forward AAPC,
 * and the node memory-bandwidth parameter. Small sizes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aapc/aapc_kernels.h"
#include "machine.h"
#include "node_api_impl.h"
#include "node_api_model.h"
#include "payload.h"
#include "suites.h"
#include "test_util.h"

/* test_run with the machine options the phased/msgpass tests vary. */
static int run(const char *kname, int n, uint32_t words, int tt, int depth,
               int stall_node, int stall_step, run_result *r)
{
    test_opts o = test_defaults(n, words);
    o.tt = tt;
    o.depth = depth;
    o.stall_node = stall_node;
    o.stall_step = stall_step;
    return test_run(kname, o, r);
}


static void test_e2e_phased_n8(test_ctx *t)
{
    run_result r;
    int rc = run("phased", 8, 64, 2, 4, -1, -1, &r);
    CHECK_AAPC_OK(t, rc, r, 8, 64);
    /* every router saw every phase of the schedule, no more */
    CHECK(t, r.phase_min == 64 && r.phase_max == 64, "phases %u..%u, want 64",
          r.phase_min, r.phase_max);
    /* n = 8: every node sends a real message in every phase */
    CHECK(t, r.messages == 4096, "%llu messages", (unsigned long long)r.messages);
    /* the phase period is T_t (B + 2) plus a small start-up */
    CHECK(t, r.ts_cycles > 0 && r.ts_cycles < 40, "T_s = %.1f", r.ts_cycles);
}

static void test_e2e_phased_n8_tt1_depth2(test_ctx *t)
{
    run_result r;
    int rc = run("phased", 8, 32, 1, 2, -1, -1, &r);
    CHECK_AAPC_OK(t, rc, r, 8, 32);
    CHECK(t, r.phase_min == 64 && r.phase_max == 64, "phases %u..%u", r.phase_min,
          r.phase_max);
}

static void test_e2e_phased_n16(test_ctx *t)
{
    run_result r;
    int rc = run("phased", 16, 4, 2, 4, -1, -1, &r);
    CHECK_AAPC_OK(t, rc, r, 16, 4);
    CHECK(t, r.phase_min == 512 && r.phase_max == 512, "phases %u..%u, want 512",
          r.phase_min, r.phase_max);
    /* n = 16: 128 real messages per phase, the other 128 nodes send an
     * empty message to themselves */
    CHECK(t, r.messages == 512ull * 256, "%llu messages", (unsigned long long)r.messages);
}

static void test_e2e_phased_empty_messages(test_ctx *t)
{
    run_result r;
    int rc = run("phased", 8, 0, 2, 4, -1, -1, &r);
    CHECK(t, rc == 0 && r.verified, "B = 0 run failed (%d)", rc);
    CHECK(t, r.phase_min == 64 && r.phase_max == 64, "phases %u..%u", r.phase_min,
          r.phase_max);
}

static void test_e2e_msgpass_n8(test_ctx *t)
{
    run_result r;
    int rc = run("msgpass", 8, 32, 2, 4, -1, -1, &r);
    CHECK_AAPC_OK(t, rc, r, 8, 32);
    CHECK(t, r.messages == 4096, "%llu messages", (unsigned long long)r.messages);
}

static void test_e2e_msgpass_odd_n(test_ctx *t)
{
    run_result r;
    int rc = run("msgpass", 5, 8, 2, 4, -1, -1, &r);
    CHECK_AAPC_OK(t, rc, r, 5, 8);
    rc = run("msgpass", 4, 8, 2, 4, -1, -1, &r);
    CHECK_AAPC_OK(t, rc, r, 4, 8);
}

static void test_e2e_msgpass_depth1_tt3(test_ctx *t)
{
    run_result r;
    int rc = run("msgpass", 6, 16, 3, 1, -1, -1, &r);
    CHECK_AAPC_OK(t, rc, r, 6, 16);
}

static void test_e2e_deterministic(test_ctx *t)
{
    run_result a, b;
    int ra = run("msgpass", 8, 16, 2, 4, -1, -1, &a);
    int rb = run("msgpass", 8, 16, 2, 4, -1, -1, &b);
    CHECK(t, ra == 0 && rb == 0, "runs failed");
    CHECK(t, a.cycles == b.cycles, "cycles differ: %llu vs %llu",
          (unsigned long long)a.cycles, (unsigned long long)b.cycles);
    ra = run("phased", 8, 16, 2, 4, -1, -1, &a);
    rb = run("phased", 8, 16, 2, 4, -1, -1, &b);
    CHECK(t, ra == 0 && rb == 0 && a.cycles == b.cycles, "phased cycles differ");
}

static void test_e2e_watchdog_phased(test_ctx *t)
{
    /* node 9 stops sending at phase 5: its router never sees the inject
     * queue's TAIL of phase 5, so it stays in phase 5, the next phase's
     * HEADs wait at its sticky bits, and the stall spreads; the watchdog
     * must say so, not hang */
    run_result r;
    int rc = run("phased", 8, 16, 2, 4, 9, 5, &r);
    CHECK(t, rc == EXIT_STUCK, "status %d, want %d (stuck)", rc, EXIT_STUCK);
    CHECK(t, r.phase_min == 5, "lowest router phase %u, want 5", r.phase_min);
    CHECK(t, !r.verified, "a stuck run must not count as verified");
}

static void test_e2e_watchdog_msgpass(test_ctx *t)
{
    run_result r;
    int rc = run("msgpass", 4, 16, 2, 4, 3, 0, &r);
    CHECK(t, rc == EXIT_STUCK, "status %d, want %d (stuck)", rc, EXIT_STUCK);
}

static void test_verify_catches_bad_word(test_ctx *t)
{
    /* a node that received everything, then one word flipped */
    machine_t m;
    params_t p;
    params_iwarp(&p);
    p.n = 2;
    uint32_t B = 4;
    CHECK(t, machine_init(&m, &p, aapc_mem_words(2, B)) == 0, "init");
    node_t *nd = &m.node[1];
    m.diag = fopen("/dev/null", "w");
    node_ctx *cx = node_api_model_nodes(&m);
    for (int s = 0; s < 4; s++) {
        nd->rx_msgs_from[s] = 1;
        nd->rx_words_from[s] = B;
        for (uint32_t i = 0; i < B; i++)
            nd->mem[(4 + s) * B + i] = payload_word((uint32_t)s, 1, i);
    }
    kernel_cfg k = { .n = 2, .words = B };
    uint64_t clean = aapc_verify(&cx[1], &k, 0);
    nd->mem[(4 + 2) * B + 3] ^= 0x10;
    uint64_t bad = aapc_verify(&cx[1], &k, 0);
    nd->rx_msgs_from[3] = 2;
    uint64_t dup = aapc_verify(&cx[1], &k, 0);
    free(cx);
    if (m.diag) fclose(m.diag);
    machine_free(&m);
    CHECK(t, clean == 0, "clean data reported %llu errors", (unsigned long long)clean);
    CHECK(t, bad == 1, "flipped word reported %llu errors", (unsigned long long)bad);
    CHECK(t, dup == 2, "flipped word + duplicate reported %llu errors",
          (unsigned long long)dup);
}

static void test_e2e_phased_beats_msgpass(test_ctx *t)
{
    run_result ph, mp;
    int a = run("phased", 8, 256, 2, 4, -1, -1, &ph);
    int b = run("msgpass", 8, 256, 2, 4, -1, -1, &mp);
    CHECK(t, a == 0 && b == 0, "runs failed");
    CHECK(t, ph.agg_mbps > 2.0 * mp.agg_mbps, "phased %.0f MB/s vs msgpass %.0f MB/s",
          ph.agg_mbps, mp.agg_mbps);
    CHECK(t, ph.pct_eq1 > 90.0, "phased at B=256 only %.1f%% of Eq. 1", ph.pct_eq1);
}

/* ---- phased-sw ----------------------------------------------------------- */

static void test_aapc_phased_sw_n8(test_ctx *t)
{
    run_result sw, hw;
    int rc = test_run("phased-sw", test_defaults(8, 64), &sw);
    CHECK_AAPC_OK(t, rc, sw, 8, 64);
    CHECK(t, sw.phase_min == 64 && sw.phase_max == 64, "phases %u..%u, want 64",
          sw.phase_min, sw.phase_max);
    CHECK(t, sw.messages == 4096, "%llu messages", (unsigned long long)sw.messages);
    rc = test_run("phased", test_defaults(8, 64), &hw);
    CHECK(t, rc == 0, "phased failed");
    /* the software switch costs a status read and a re-enable per phase:
     * slower than the AND gate, but by tens of cycles per phase, not more */
    CHECK(t, sw.cycles > hw.cycles, "phased-sw %llu cycles, phased %llu",
          (unsigned long long)sw.cycles, (unsigned long long)hw.cycles);
    double per_phase = ((double)sw.cycles - (double)hw.cycles) / 64.0;
    CHECK(t, per_phase < 8.0 * 10, "software switch costs %.1f cycles per phase", per_phase);
}

static void test_aapc_phased_sw_zero_call_cost(test_ctx *t)
{
    /* with call_cycles = 0 the re-enable and the next status read happen in
     * one cycle: the node must not see the old phase's bits and skip ahead */
    test_opts o = test_defaults(8, 16);
    o.call_cycles = 0;
    run_result r;
    int rc = test_run("phased-sw", o, &r);
    CHECK_AAPC_OK(t, rc, r, 8, 16);
    CHECK(t, r.phase_min == 64 && r.phase_max == 64, "phases %u..%u, want 64",
          r.phase_min, r.phase_max);
    o.words = 0; /* empty messages only */
    rc = test_run("phased-sw", o, &r);
    CHECK(t, rc == 0 && r.verified && r.phase_min == 64 && r.phase_max == 64,
          "B = 0: status %d, phases %u..%u", rc, r.phase_min, r.phase_max);
}

static void test_aapc_phased_sw_tt1_depth2(test_ctx *t)
{
    test_opts o = test_defaults(8, 32);
    o.tt = 1;
    o.depth = 2;
    run_result r;
    int rc = test_run("phased-sw", o, &r);
    CHECK_AAPC_OK(t, rc, r, 8, 32);
    CHECK(t, r.phase_min == 64 && r.phase_max == 64, "phases %u..%u, want 64",
          r.phase_min, r.phase_max);
}

static void test_aapc_phased_sw_stall_is_reported(test_ctx *t)
{
    /* node 9 stops at phase 5 before re-enabling its queues: its router
     * stays in phase 4 with all five bits set, every message of phase 5
     * that has to pass it waits, and the watchdog must say so */
    test_opts o = test_defaults(8, 16);
    o.stall_node = 9;
    o.stall_step = 5;
    run_result r;
    int rc = test_run("phased-sw", o, &r);
    CHECK(t, rc == EXIT_STUCK, "status %d, want %d (stuck)", rc, EXIT_STUCK);
    CHECK(t, r.phase_min == 4, "lowest router phase %u, want 4", r.phase_min);
    CHECK(t, !r.verified, "a stuck run must not count as verified");
}

/* ---- phased-gsync ---------------------------------------------------------- */

static void test_aapc_phased_gsync_each_barrier(test_ctx *t)
{
    /* (the default, NULL = gsync, runs in test_aapc_ordering_hw_sw_gsync) */
    static const char *const names[] = { "gsync", "sync0", "rds" };
    for (int i = 0; i < 3; i++) {
        test_opts o = test_defaults(8, 8);
        o.msg_cycles = 40;
        o.barrier = names[i];
        run_result r;
        int rc = test_run("phased-gsync", o, &r);
        CHECK_AAPC_OK(t, rc, r, 8, 8);
        /* the switch does not gate (SYNC_OFF), but its bits still count:
         * every AAPC queue of every router saw one message per phase */
        CHECK(t, r.phase_min == 64 && r.phase_max == 64, "router phases %u..%u, want 64",
              r.phase_min, r.phase_max);
    }
}

static void test_aapc_phased_gsync_bad_barrier(test_ctx *t)
{
    const kernel_t *k = kernel_find("phased-gsync");
    CHECK(t, k && k->check, "phased-gsync or its check missing");
    kernel_cfg c = { .n = 8, .words = 8, .barrier = "butterfly" };
    const char *why = k->check(&c);
    CHECK(t, why && strstr(why, "gsync") && strstr(why, "rds"), "reason: %s",
          why ? why : "(none)");
}

static void test_aapc_ordering_hw_sw_gsync(test_ctx *t)
{
    /* Sec. 4.1 / Fig. 8 on 8x8, B = 128 (512 bytes; docs/kernels/aapc.md
     * has B = 1024 with the iwarp preset): the hardware switch beats
     * the software switch, which beats a global barrier per phase (here even
     * with a message-passing library ten times cheaper than iWarp's) */
    test_opts o = test_defaults(8, 128);
    o.msg_cycles = 40;
    run_result hw, sw, gs;
    int a = test_run("phased", o, &hw), b = test_run("phased-sw", o, &sw), c = test_run("phased-gsync", o, &gs);
    CHECK(t, a == 0 && b == 0 && c == 0, "runs failed: %d %d %d", a, b, c);
    CHECK(t, hw.agg_mbps > sw.agg_mbps && sw.agg_mbps > gs.agg_mbps,
          "phased %.0f, phased-sw %.0f, phased-gsync %.0f MB/s", hw.agg_mbps, sw.agg_mbps,
          gs.agg_mbps);
    CHECK(t, sw.pct_eq1 > 80.0, "phased-sw at B=128 only %.1f%% of Eq. 1", sw.pct_eq1);
}

/* ---- two-stage ------------------------------------------------------------ */

static void test_aapc_two_stage_n8(test_ctx *t)
{
    run_result r;
    int rc = test_run("two-stage", test_defaults(8, 16), &r);
    CHECK_AAPC_OK(t, rc, r, 8, 16);
    /* n-1 row messages and n column messages per node, n*B words each */
    CHECK(t, r.messages == 64ull * 15, "%llu messages", (unsigned long long)r.messages);
}

static void test_aapc_two_stage_other_n(test_ctx *t)
{
    static const int sides[] = { 2, 3, 4, 5, 6 };
    for (int i = 0; i < 5; i++) {
        run_result r;
        int rc = test_run("two-stage", test_defaults(sides[i], 8), &r);
        CHECK_AAPC_OK(t, rc, r, sides[i], 8);
    }
    test_opts o = test_defaults(4, 0);
    run_result r;
    int rc = test_run("two-stage", o, &r);
    CHECK(t, rc == 0 && r.verified, "B = 0 failed (%d)", rc);
}

/* ---- store-forward -------------------------------------------------------- */

static void test_aapc_store_forward_n8(test_ctx *t)
{
    run_result r;
    int rc = test_run("store-forward", test_defaults(8, 16), &r);
    CHECK_AAPC_OK(t, rc, r, 8, 16);
    /* per node and ring phase: S data and S Ready messages from each of two
     * neighbours */
    CHECK(t, r.messages == 64ull * 2 * 2 * 2 * 4, "%llu messages",
          (unsigned long long)r.messages);
    /* one outbound engine, every block sent once per hop: at most 2/n */
    CHECK(t, r.pct_eq1 < 25.0, "%.1f%% of Eq. 1 is above the 2/n bound", r.pct_eq1);
}

static void test_aapc_store_forward_other_n(test_ctx *t)
{
    static const int sides[] = { 3, 4, 5, 6, 7 };
    for (int i = 0; i < 5; i++) {
        test_opts o = test_defaults(sides[i], 8);
        o.tt = 1 + i % 3;
        o.depth = 1 + i % 4;
        run_result r;
        int rc = test_run("store-forward", o, &r);
        CHECK_AAPC_OK(t, rc, r, sides[i], 8);
    }
    run_result r;
    CHECK(t, test_run("store-forward", test_defaults(2, 8), &r) == EXIT_USAGE, "n = 2 accepted");
}

/* ---- memory bandwidth ----------------------------------------------------- */

static void test_aapc_mem_bw_default_unchanged(test_ctx *t)
{
    /* 0 (the default) and anything >= 2 words/cycle are unlimited: the very
     * same cycle counts */
    run_result a, b, c;
    test_opts o = test_defaults(8, 64);
    int ra = test_run("phased", o, &a);
    o.mem_bw = 2.0;
    int rb = test_run("phased", o, &b);
    o.mem_bw = 1.0; /* exactly what phased AAPC at T_t = 2 needs */
    int rc = test_run("phased", o, &c);
    CHECK(t, ra == 0 && rb == 0 && rc == 0, "runs failed");
    CHECK(t, a.cycles == b.cycles && a.cycles == c.cycles,
          "cycles %llu (unlimited), %llu (2 w/c), %llu (1 w/c)", (unsigned long long)a.cycles,
          (unsigned long long)b.cycles, (unsigned long long)c.cycles);
}

static void test_aapc_mem_bw_limits(test_ctx *t)
{
    /* half a word per cycle for both engines: phased AAPC needs 1 (one word
     * in and one out every T_t = 2 cycles), so it takes about twice as long;
     * data still arrive intact, also for message passing and
     * store-and-forward, whose inbound engine now backs up into the router */
    run_result a, b;
    test_opts o = test_defaults(8, 64);
    int ra = test_run("phased", o, &a);
    o.mem_bw = 0.5;
    int rb = test_run("phased", o, &b);
    CHECK_AAPC_OK(t, ra, a, 8, 64);
    CHECK_AAPC_OK(t, rb, b, 8, 64);
    double ratio = (double)b.cycles / (double)a.cycles;
    CHECK(t, ratio > 1.7 && ratio < 2.1, "half the memory bandwidth: %.2f times the cycles",
          ratio);
    run_result m, s;
    int rm = test_run("msgpass", o, &m);
    CHECK_AAPC_OK(t, rm, m, 8, 64);
    o.words = 16;
    o.mem_bw = 0.3;
    int rs = test_run("store-forward", o, &s);
    CHECK_AAPC_OK(t, rs, s, 8, 16);
}

#define T(fn) { #fn, fn }
const test_case tests_aapc[] = {
    T(test_e2e_phased_n8),
    T(test_e2e_phased_n8_tt1_depth2),
    T(test_e2e_phased_n16),
    T(test_e2e_phased_empty_messages),
    T(test_e2e_msgpass_n8),
    T(test_e2e_msgpass_odd_n),
    T(test_e2e_msgpass_depth1_tt3),
    T(test_e2e_deterministic),
    T(test_e2e_watchdog_phased),
    T(test_e2e_watchdog_msgpass),
    T(test_verify_catches_bad_word),
    T(test_e2e_phased_beats_msgpass),
    T(test_aapc_phased_sw_n8),
    T(test_aapc_phased_sw_zero_call_cost),
    T(test_aapc_phased_sw_tt1_depth2),
    T(test_aapc_phased_sw_stall_is_reported),
    T(test_aapc_phased_gsync_each_barrier),
    T(test_aapc_phased_gsync_bad_barrier),
    T(test_aapc_ordering_hw_sw_gsync),
    T(test_aapc_two_stage_n8),
    T(test_aapc_two_stage_other_n),
    T(test_aapc_store_forward_n8),
    T(test_aapc_store_forward_other_n),
    T(test_aapc_mem_bw_default_unchanged),
    T(test_aapc_mem_bw_limits),
    { NULL, NULL },
};
