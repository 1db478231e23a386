/* Tests of the variants kernels (sw/kernels_variants.c): the software
 * synchronizing switch, phased AAPC with global barriers, the three
 * barriers of seed 002 and their correctness check, two-stage and
 * store-and-forward AAPC, and the node memory-bandwidth parameter. All on
 * the C backend, small sizes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../sw/barrier.h"
#include "../sw/kernels_variants.h"
#include "../testbench/run.h"
#include "test_families.h"
#include "test_util.h"

typedef struct {
    int n, tt, depth, call_cycles, msg_cycles;
    uint32_t words;
    double mem_bw;
    const char *barrier;
    int stall_node, stall_step;
} opts;

static opts defaults(int n, uint32_t words)
{
    params_t p;
    params_iwarp(&p);
    opts o = { n, p.tt, p.depth, p.call_cycles, p.msg_cycles, words, 0.0, NULL, -1, -1 };
    return o;
}

static int run(const char *kname, opts o, run_result *r)
{
    params_t p;
    params_iwarp(&p);
    p.n = o.n;
    p.tt = o.tt;
    p.depth = o.depth;
    p.call_cycles = o.call_cycles;
    p.msg_cycles = o.msg_cycles;
    p.mem_words_per_cycle = o.mem_bw;
    p.watchdog = 5000;
    const kernel_t *k = kernel_find(kname);
    if (!k) return -1;
    kernel_cfg cfg = { .n = o.n, .words = o.words, .seed = 1, .barrier = o.barrier,
                       .stall_node = o.stall_node, .stall_step = o.stall_step };
    if (k->check && k->check(&cfg)) return EXIT_USAGE;
    return run_quiet(k, &p, &cfg, r);
}


/* ---- phased-sw ----------------------------------------------------------- */

static void test_var_phased_sw_n8(test_ctx *t)
{
    run_result sw, hw;
    int rc = run("phased-sw", defaults(8, 64), &sw);
    CHECK_AAPC_OK(t, rc, sw, 8, 64);
    CHECK(t, sw.phase_min == 64 && sw.phase_max == 64, "phases %u..%u, want 64",
          sw.phase_min, sw.phase_max);
    CHECK(t, sw.messages == 4096, "%llu messages", (unsigned long long)sw.messages);
    rc = run("phased", defaults(8, 64), &hw);
    CHECK(t, rc == 0, "phased failed");
    /* the software switch costs a status read and a re-enable per phase:
     * slower than the AND gate, but by tens of cycles per phase, not more */
    CHECK(t, sw.cycles > hw.cycles, "phased-sw %llu cycles, phased %llu",
          (unsigned long long)sw.cycles, (unsigned long long)hw.cycles);
    double per_phase = ((double)sw.cycles - (double)hw.cycles) / 64.0;
    CHECK(t, per_phase < 8.0 * 10, "software switch costs %.1f cycles per phase", per_phase);
}

static void test_var_phased_sw_zero_call_cost(test_ctx *t)
{
    /* with call_cycles = 0 the re-enable and the next status read happen in
     * one cycle: the node must not see the old phase's bits and skip ahead */
    opts o = defaults(8, 16);
    o.call_cycles = 0;
    run_result r;
    int rc = run("phased-sw", o, &r);
    CHECK_AAPC_OK(t, rc, r, 8, 16);
    CHECK(t, r.phase_min == 64 && r.phase_max == 64, "phases %u..%u, want 64",
          r.phase_min, r.phase_max);
    o.words = 0; /* empty messages only */
    rc = run("phased-sw", o, &r);
    CHECK(t, rc == 0 && r.verified && r.phase_min == 64 && r.phase_max == 64,
          "B = 0: status %d, phases %u..%u", rc, r.phase_min, r.phase_max);
}

static void test_var_phased_sw_tt1_depth2(test_ctx *t)
{
    opts o = defaults(8, 32);
    o.tt = 1;
    o.depth = 2;
    run_result r;
    int rc = run("phased-sw", o, &r);
    CHECK_AAPC_OK(t, rc, r, 8, 32);
    CHECK(t, r.phase_min == 64 && r.phase_max == 64, "phases %u..%u, want 64",
          r.phase_min, r.phase_max);
}

static void test_var_phased_sw_stall_is_reported(test_ctx *t)
{
    /* node 9 stops at phase 5 before re-enabling its queues: its router
     * stays in phase 4 with all five bits set, every message of phase 5
     * that has to pass it waits, and the watchdog must say so */
    opts o = defaults(8, 16);
    o.stall_node = 9;
    o.stall_step = 5;
    run_result r;
    int rc = run("phased-sw", o, &r);
    CHECK(t, rc == EXIT_STUCK, "status %d, want %d (stuck)", rc, EXIT_STUCK);
    CHECK(t, r.phase_min == 4, "lowest router phase %u, want 4", r.phase_min);
    CHECK(t, !r.verified, "a stuck run must not count as verified");
}

/* ---- barriers ------------------------------------------------------------- */

static void check_barrier(test_ctx *t, const char *kname, int n, int msg_cycles)
{
    opts o = defaults(n, 0);
    o.msg_cycles = msg_cycles;
    run_result r;
    memset(&barrier_last_stats, 0, sizeof barrier_last_stats);
    int rc = run(kname, o, &r);
    CHECK(t, rc == 0 && r.verified, "%s on %dx%d: status %d, %llu errors", kname, n, n, rc,
          (unsigned long long)r.errors);
    const barrier_stats *st = &barrier_last_stats;
    CHECK(t, st->reps == BARRIER_BENCH_REPS && st->nodes == n * n,
          "%s: stats of %d reps on %d nodes", kname, st->reps, st->nodes);
    CHECK(t, st->violations == 0, "%s: %llu early exits", kname,
          (unsigned long long)st->violations);
    /* the late node is late: the entries really were staggered, and a
     * barrier costs at least that skew */
    CHECK(t, st->skew_mean > msg_cycles, "%s: entry skew only %.0f", kname, st->skew_mean);
    CHECK(t, st->cost_mean >= st->skew_mean, "%s: cost %.0f below the skew %.0f", kname,
          st->cost_mean, st->skew_mean);
}

static void test_var_barriers_8x8(test_ctx *t)
{
    check_barrier(t, "gsync", 8, 400);
    if (t->failed) return;
    check_barrier(t, "sync0", 8, 400);
    if (t->failed) return;
    check_barrier(t, "rds", 8, 400);
}

static void test_var_barriers_not_power_of_two(test_ctx *t)
{
    static const int sides[] = { 3, 5, 6 };
    for (int i = 0; i < 3; i++) {
        check_barrier(t, "gsync", sides[i], 100);
        if (t->failed) return;
        check_barrier(t, "sync0", sides[i], 100);
        if (t->failed) return;
        check_barrier(t, "rds", sides[i], 100);
        if (t->failed) return;
    }
}

static void test_var_barrier_fault_is_caught(test_ctx *t)
{
    /* a broken barrier (nobody waits for its last message) lets nodes leave
     * before the latecomer entered: the kernel's check must fail the run */
    static const char *const names[] = { "gsync", "sync0", "rds" };
    for (int i = 0; i < 3; i++) {
        opts o = defaults(8, 0);
        o.msg_cycles = 100;
        run_result r;
        memset(&barrier_last_stats, 0, sizeof barrier_last_stats);
        barrier_fault = 1;
        int rc = run(names[i], o, &r);
        barrier_fault = 0;
        CHECK(t, rc == EXIT_VERIFY && !r.verified, "%s with the fault: status %d, want %d",
              names[i], rc, EXIT_VERIFY);
        CHECK(t, barrier_last_stats.violations > 0, "%s: no early exit counted", names[i]);
    }
}

static void test_var_rds_is_most_precise(test_ctx *t)
{
    /* Seidel & Davis: with a late node, gsync ends as a broadcast from it
     * and its precision is about d (b_s - s); RDS's timed wait makes every
     * node leave together (here within the link contention its timing model
     * leaves out) */
    double prec[3];
    uint64_t worst[3];
    static const char *const names[] = { "gsync", "sync0", "rds" };
    for (int i = 0; i < 3; i++) {
        run_result r;
        int rc = run(names[i], defaults(8, 0), &r);
        CHECK(t, rc == 0, "%s failed", names[i]);
        prec[i] = barrier_last_stats.precision_mean;
        worst[i] = barrier_last_stats.precision_max;
    }
    CHECK(t, worst[2] <= 16, "rds precision %llu cycles", (unsigned long long)worst[2]);
    CHECK(t, prec[2] < prec[0] && prec[2] < prec[1],
          "rds precision %.1f not better than gsync %.1f / sync0 %.1f", prec[2], prec[0],
          prec[1]);
}

static void test_var_barrier_kernels_reject_payload(test_ctx *t)
{
    const kernel_t *k = kernel_find("rds");
    CHECK(t, k && k->check, "rds kernel or its check missing");
    kernel_cfg c = { .n = 8, .words = 16 };
    CHECK(t, k->check(&c) != NULL, "--words 16 accepted");
    c.words = 0;
    CHECK(t, k->check(&c) == NULL, "--words 0 rejected");
}

static void test_var_barrier_token_latency_model(test_ctx *t)
{
    /* the RDS wait rests on it: 4 + 2 hops + 2 flit times */
    params_t p;
    params_iwarp(&p);
    CHECK(t, barrier_token_latency(&p, 1) == 10, "1 hop: %llu",
          (unsigned long long)barrier_token_latency(&p, 1));
    p.depth = 1;
    CHECK(t, barrier_token_latency(&p, 3) == 18, "depth 1, 3 hops: %llu",
          (unsigned long long)barrier_token_latency(&p, 3));
}

/* ---- phased-gsync ---------------------------------------------------------- */

static void test_var_phased_gsync_each_barrier(test_ctx *t)
{
    /* (the default, NULL = gsync, runs in test_var_ordering_hw_sw_gsync) */
    static const char *const names[] = { "gsync", "sync0", "rds" };
    for (int i = 0; i < 3; i++) {
        opts o = defaults(8, 8);
        o.msg_cycles = 40;
        o.barrier = names[i];
        run_result r;
        int rc = run("phased-gsync", o, &r);
        CHECK_AAPC_OK(t, rc, r, 8, 8);
        /* the switch does not gate (SYNC_OFF), but its bits still count:
         * every AAPC queue of every router saw one message per phase */
        CHECK(t, r.phase_min == 64 && r.phase_max == 64, "router phases %u..%u, want 64",
              r.phase_min, r.phase_max);
    }
}

static void test_var_phased_gsync_bad_barrier(test_ctx *t)
{
    const kernel_t *k = kernel_find("phased-gsync");
    CHECK(t, k && k->check, "phased-gsync or its check missing");
    kernel_cfg c = { .n = 8, .words = 8, .barrier = "butterfly" };
    const char *why = k->check(&c);
    CHECK(t, why && strstr(why, "gsync") && strstr(why, "rds"), "reason: %s",
          why ? why : "(none)");
}

static void test_var_ordering_hw_sw_gsync(test_ctx *t)
{
    /* Sec. 4.1 / Fig. 8 on 8x8, B = 128 (512 bytes; docs/kernels_variants.md
     * has B = 1024 with the iwarp preset): the hardware switch beats
     * the software switch, which beats a global barrier per phase (here even
     * with a message-passing library ten times cheaper than iWarp's) */
    opts o = defaults(8, 128);
    o.msg_cycles = 40;
    run_result hw, sw, gs;
    int a = run("phased", o, &hw), b = run("phased-sw", o, &sw), c = run("phased-gsync", o, &gs);
    CHECK(t, a == 0 && b == 0 && c == 0, "runs failed: %d %d %d", a, b, c);
    CHECK(t, hw.agg_mbps > sw.agg_mbps && sw.agg_mbps > gs.agg_mbps,
          "phased %.0f, phased-sw %.0f, phased-gsync %.0f MB/s", hw.agg_mbps, sw.agg_mbps,
          gs.agg_mbps);
    CHECK(t, sw.pct_eq1 > 80.0, "phased-sw at B=128 only %.1f%% of Eq. 1", sw.pct_eq1);
}

/* ---- two-stage ------------------------------------------------------------ */

static void test_var_two_stage_n8(test_ctx *t)
{
    run_result r;
    int rc = run("two-stage", defaults(8, 16), &r);
    CHECK_AAPC_OK(t, rc, r, 8, 16);
    /* n-1 row messages and n column messages per node, n*B words each */
    CHECK(t, r.messages == 64ull * 15, "%llu messages", (unsigned long long)r.messages);
}

static void test_var_two_stage_other_n(test_ctx *t)
{
    static const int sides[] = { 2, 3, 4, 5, 6 };
    for (int i = 0; i < 5; i++) {
        run_result r;
        int rc = run("two-stage", defaults(sides[i], 8), &r);
        CHECK_AAPC_OK(t, rc, r, sides[i], 8);
    }
    opts o = defaults(4, 0);
    run_result r;
    int rc = run("two-stage", o, &r);
    CHECK(t, rc == 0 && r.verified, "B = 0 failed (%d)", rc);
}

/* ---- store-forward -------------------------------------------------------- */

static void test_var_store_forward_n8(test_ctx *t)
{
    run_result r;
    int rc = run("store-forward", defaults(8, 16), &r);
    CHECK_AAPC_OK(t, rc, r, 8, 16);
    /* per node and ring phase: S data and S Ready messages from each of two
     * neighbours */
    CHECK(t, r.messages == 64ull * 2 * 2 * 2 * 4, "%llu messages",
          (unsigned long long)r.messages);
    /* one outbound engine, every block sent once per hop: at most 2/n */
    CHECK(t, r.pct_eq1 < 25.0, "%.1f%% of Eq. 1 is above the 2/n bound", r.pct_eq1);
}

static void test_var_store_forward_other_n(test_ctx *t)
{
    static const int sides[] = { 3, 4, 5, 6, 7 };
    for (int i = 0; i < 5; i++) {
        opts o = defaults(sides[i], 8);
        o.tt = 1 + i % 3;
        o.depth = 1 + i % 4;
        run_result r;
        int rc = run("store-forward", o, &r);
        CHECK_AAPC_OK(t, rc, r, sides[i], 8);
    }
    run_result r;
    CHECK(t, run("store-forward", defaults(2, 8), &r) == EXIT_USAGE, "n = 2 accepted");
}

/* ---- memory bandwidth ----------------------------------------------------- */

static void test_var_mem_bw_default_unchanged(test_ctx *t)
{
    /* 0 (the default) and anything >= 2 words/cycle are unlimited: the very
     * same cycle counts */
    run_result a, b, c;
    opts o = defaults(8, 64);
    int ra = run("phased", o, &a);
    o.mem_bw = 2.0;
    int rb = run("phased", o, &b);
    o.mem_bw = 1.0; /* exactly what phased AAPC at T_t = 2 needs */
    int rc = run("phased", o, &c);
    CHECK(t, ra == 0 && rb == 0 && rc == 0, "runs failed");
    CHECK(t, a.cycles == b.cycles && a.cycles == c.cycles,
          "cycles %llu (unlimited), %llu (2 w/c), %llu (1 w/c)", (unsigned long long)a.cycles,
          (unsigned long long)b.cycles, (unsigned long long)c.cycles);
}

static void test_var_mem_bw_limits(test_ctx *t)
{
    /* half a word per cycle for both engines: phased AAPC needs 1 (one word
     * in and one out every T_t = 2 cycles), so it takes about twice as long;
     * data still arrive intact, also for message passing and
     * store-and-forward, whose inbound engine now backs up into the router */
    run_result a, b;
    opts o = defaults(8, 64);
    int ra = run("phased", o, &a);
    o.mem_bw = 0.5;
    int rb = run("phased", o, &b);
    CHECK_AAPC_OK(t, ra, a, 8, 64);
    CHECK_AAPC_OK(t, rb, b, 8, 64);
    double ratio = (double)b.cycles / (double)a.cycles;
    CHECK(t, ratio > 1.7 && ratio < 2.1, "half the memory bandwidth: %.2f times the cycles",
          ratio);
    run_result m, s;
    int rm = run("msgpass", o, &m);
    CHECK_AAPC_OK(t, rm, m, 8, 64);
    o.words = 16;
    o.mem_bw = 0.3;
    int rs = run("store-forward", o, &s);
    CHECK_AAPC_OK(t, rs, s, 8, 16);
}

#define T(fn) { #fn, fn }
const test_case tests_variants[] = {
    T(test_var_phased_sw_n8),
    T(test_var_phased_sw_zero_call_cost),
    T(test_var_phased_sw_tt1_depth2),
    T(test_var_phased_sw_stall_is_reported),
    T(test_var_barriers_8x8),
    T(test_var_barriers_not_power_of_two),
    T(test_var_barrier_fault_is_caught),
    T(test_var_rds_is_most_precise),
    T(test_var_barrier_kernels_reject_payload),
    T(test_var_barrier_token_latency_model),
    T(test_var_phased_gsync_each_barrier),
    T(test_var_phased_gsync_bad_barrier),
    T(test_var_ordering_hw_sw_gsync),
    T(test_var_two_stage_n8),
    T(test_var_two_stage_other_n),
    T(test_var_store_forward_n8),
    T(test_var_store_forward_other_n),
    T(test_var_mem_bw_default_unchanged),
    T(test_var_mem_bw_limits),
    { NULL, NULL },
};
