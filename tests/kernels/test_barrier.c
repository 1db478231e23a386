/* Tests of the barrier family (sw/kernels/barrier/, seed 002): the three
 * barriers of Seidel & Davis, their cost and precision, their correctness
 * check (a planted fault must be caught) and the token latency model. All
 * on the C backend, small sizes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "barrier/barrier_kernels.h"
#include "suites.h"
#include "test_util.h"

/* ---- barriers ------------------------------------------------------------- */

static void check_barrier(test_ctx *t, const char *kname, int n, int msg_cycles)
{
    test_opts o = test_defaults(n, 0);
    o.msg_cycles = msg_cycles;
    run_result r;
    int rc = test_run(kname, o, &r);
    CHECK(t, rc == 0 && r.verified, "%s on %dx%d: status %d, %llu errors", kname, n, n, rc,
          (unsigned long long)r.errors);
    const barrier_stats *st = &r.report.barrier;
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

static void test_barrier_barriers_8x8(test_ctx *t)
{
    check_barrier(t, "gsync", 8, 400);
    if (t->failed) return;
    check_barrier(t, "sync0", 8, 400);
    if (t->failed) return;
    check_barrier(t, "rds", 8, 400);
}

static void test_barrier_barriers_not_power_of_two(test_ctx *t)
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

static void test_barrier_barrier_fault_is_caught(test_ctx *t)
{
    /* a broken barrier (nobody waits for its last message) lets nodes leave
     * before the latecomer entered: the kernel's check must fail the run */
    static const char *const names[] = { "gsync", "sync0", "rds" };
    for (int i = 0; i < 3; i++) {
        test_opts o = test_defaults(8, 0);
        o.msg_cycles = 100;
        run_result r;
            o.barrier_fault = 1;
        int rc = test_run(names[i], o, &r);
        CHECK(t, rc == EXIT_VERIFY && !r.verified, "%s with the fault: status %d, want %d",
              names[i], rc, EXIT_VERIFY);
        CHECK(t, r.report.barrier.violations > 0, "%s: no early exit counted", names[i]);
    }
}

static void test_barrier_rds_is_most_precise(test_ctx *t)
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
        int rc = test_run(names[i], test_defaults(8, 0), &r);
        CHECK(t, rc == 0, "%s failed", names[i]);
        prec[i] = r.report.barrier.precision_mean;
        worst[i] = r.report.barrier.precision_max;
    }
    CHECK(t, worst[2] <= 16, "rds precision %llu cycles", (unsigned long long)worst[2]);
    CHECK(t, prec[2] < prec[0] && prec[2] < prec[1],
          "rds precision %.1f not better than gsync %.1f / sync0 %.1f", prec[2], prec[0],
          prec[1]);
}

static void test_barrier_barrier_kernels_reject_payload(test_ctx *t)
{
    const kernel_t *k = kernel_find("rds");
    CHECK(t, k && k->check, "rds kernel or its check missing");
    kernel_cfg c = { .n = 8, .words = 16 };
    CHECK(t, k->check(&c) != NULL, "--words 16 accepted");
    c.words = 0;
    CHECK(t, k->check(&c) == NULL, "--words 0 rejected");
}

static void test_barrier_barrier_token_latency_model(test_ctx *t)
{
    /* the RDS wait rests on it: 4 + 2 hops + 2 flit times */
    params_t p;
    params_iwarp(&p);
    CHECK(t, barrier_token_latency(p.tt, p.depth, 1) == 10, "1 hop: %llu",
          (unsigned long long)barrier_token_latency(p.tt, p.depth, 1));
    CHECK(t, barrier_token_latency(p.tt, 1, 3) == 18, "depth 1, 3 hops: %llu",
          (unsigned long long)barrier_token_latency(p.tt, 1, 3));
}


/* ---- shifts (Sec. 4) ------------------------------------------------------ */

/* One shift run on the C backend with b_s-like sends and long messages, so
 * that a skew of one latecomer (several sends) is far above b_s. */
static int shift_run(const char *kname, int n, uint32_t words, const char *barrier,
                     run_result *r)
{
    test_opts o = test_defaults(n, words);
    o.msg_cycles = 400;
    o.tt = 4;
    o.barrier = barrier;
    o.watchdog = 200000;
    return test_run(kname, o, r);
}

static void test_barrier_shift_end_to_end(test_ctx *t)
{
    /* every kernel after every barrier (and none) on 2x2, 4x4 and 6x6 rings:
     * every word checked, every trial recorded, and a synchronized shift
     * costs its predicted minimum, plus at most the skew the barrier left
     * between the shift starts (twice for the long protocol: a late node's
     * PROBE and its REQUEST are both late), within a token latency or two */
    static const char *const kn[] = { "shift-forced", "shift-long" };
    static const char *const bn[] = { "none", "gsync", "sync0", "rds" };
    static const int sides[] = { 2, 4, 6 };
    for (int s = 0; s < 3; s++)
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 4; j++) {
                run_result r;
                int rc = shift_run(kn[i], sides[s], 64, bn[j], &r);
                const shift_stats *st = &r.report.shift;
                CHECK(t, rc == 0 && r.verified && r.errors == 0,
                      "%s --barrier %s n=%d: status %d, %llu errors", kn[i], bn[j], sides[s],
                      rc, (unsigned long long)r.errors);
                CHECK(t, st->trials == SHIFT_TRIALS && st->nodes == sides[s] * sides[s] &&
                             st->words == 64 && st->is_long == i && st->barrier == j - 1,
                      "%s --barrier %s: report of %d trials on %d nodes", kn[i], bn[j],
                      st->trials, st->nodes);
                CHECK(t, r.bytes == 4.0 * 64 * sides[s] * sides[s] * SHIFT_TRIALS,
                      "bytes %.0f", r.bytes);
                if (j > 0)
                    CHECK(t, st->time_mean <= (double)st->predicted +
                                                     (1 + i) * st->start_skew_mean + 40 &&
                                 st->time_mean + 40 >= (double)st->predicted,
                          "%s after %s: time %.0f, predicted %llu, start skew %.0f", kn[i],
                          bn[j], st->time_mean, (unsigned long long)st->predicted,
                          st->start_skew_mean);
            }
}

static void test_barrier_shift_long_needs_sync(test_ctx *t)
{
    /* Seidel & Davis Fig. 2-6: unsynchronized, a long shift serializes (a
     * REQUEST waits behind the node's own data), about twice the cost; after
     * any barrier it is concurrent. The forced shift does not serialize. */
    run_result r;
    CHECK(t, shift_run("shift-long", 4, 1024, "none", &r) == 0, "long, none failed");
    double none = r.report.shift.time_mean;
    uint64_t pred = r.report.shift.predicted;
    CHECK(t, none > 1.7 * (double)pred, "long unsynchronized: %.0f, predicted %llu", none,
          (unsigned long long)pred);
    CHECK(t, shift_run("shift-long", 4, 1024, "rds", &r) == 0, "long, rds failed");
    CHECK(t, r.report.shift.time_mean < 1.05 * (double)pred, "long after rds: %.0f",
          r.report.shift.time_mean);
    CHECK(t, shift_run("shift-forced", 4, 1024, "none", &r) == 0, "forced, none failed");
    CHECK(t, r.report.shift.time_mean < 1.5 * (double)r.report.shift.predicted,
          "forced unsynchronized: %.0f, predicted %llu", r.report.shift.time_mean,
          (unsigned long long)r.report.shift.predicted);
}

static void test_barrier_shift_success_rate(test_ctx *t)
{
    /* the paper's success: time <= predicted + 1 ms (20000 cycles at the
     * iwarp preset's 20 MHz), well below the serialization penalty here
     * (T_t 36, 1024 words: am = 36864 cycles) */
    test_opts o = test_defaults(4, 1024);
    o.tt = 36;
    o.msg_cycles = 1875;
    o.watchdog = 2000000;
    run_result r;
    o.barrier = "none";
    CHECK(t, test_run("shift-long", o, &r) == 0, "long, none failed");
    CHECK(t, r.report.shift.successes == 0, "long unsynchronized: %d successes",
          r.report.shift.successes);
    o.barrier = "rds";
    CHECK(t, test_run("shift-long", o, &r) == 0, "long, rds failed");
    CHECK(t, r.report.shift.successes == SHIFT_TRIALS, "long after rds: %d successes",
          r.report.shift.successes);
    CHECK(t, r.report.shift.threshold == 20000, "1 ms at 20 MHz: %llu cycles",
          (unsigned long long)r.report.shift.threshold);
}

static void test_barrier_shift_corrupt_word_is_caught(test_ctx *t)
{
    static const char *const kn[] = { "shift-forced", "shift-long" };
    for (int i = 0; i < 2; i++) {
        test_opts o = test_defaults(4, 16);
        o.msg_cycles = 100;
        o.shift_corrupt = 1;
        run_result r;
        int rc = test_run(kn[i], o, &r);
        CHECK(t, rc == EXIT_VERIFY && !r.verified && r.errors == SHIFT_TRIALS,
              "%s with a flipped bit: status %d, %llu errors", kn[i], rc,
              (unsigned long long)r.errors);
    }
}

static void test_barrier_shift_check_refuses(test_ctx *t)
{
    const kernel_t *k = kernel_find("shift-long");
    CHECK(t, k && k->check, "shift-long or its check missing");
    kernel_cfg c = { .n = 4, .words = 16, .stall_node = -1, .stall_step = -1 };
    CHECK(t, k->check(&c) == NULL, "a good configuration refused: %s", k->check(&c));
    c.n = 5;
    CHECK(t, k->check(&c) != NULL, "odd n accepted");
    c.n = 4;
    c.words = 0;
    CHECK(t, k->check(&c) != NULL, "--words 0 accepted");
    c.words = 16;
    c.barrier = "butterfly";
    CHECK(t, k->check(&c) != NULL, "--barrier butterfly accepted");
    c.barrier = "none";
    CHECK(t, k->check(&c) == NULL, "--barrier none refused");
    c.mapping = "gray";
    CHECK(t, kernel_check(k, &c) != NULL, "--mapping accepted");
}

/* The paper scripts' iPSC/860 costs (s = 44 us, b_s = 75 us, 0.36 us/byte)
 * on an n x n torus, B words, after `barrier`. */
static test_opts seidel_opts(int n, uint32_t words, const char *barrier)
{
    test_opts o = test_defaults(n, words);
    o.tt = 36;
    o.msg_cycles = 1100;
    o.call_cycles = 695;
    o.watchdog = 2000000;
    o.barrier = barrier;
    return o;
}

/* --irq-period/--irq-cycles (api_interrupts): seeded, repeatable, acting;
 * a heavy load (half of every 4000 cycles) slows a barrier down by about
 * the processor time it takes. And the finding of paper/notes/seidel.md:
 * with the paper's interrupts (50 us every 10 ms at 25 MHz) the forced
 * shift after gsync still succeeds every trial, because tokens and data
 * never share a receive port here. */
static void test_barrier_interrupts(test_ctx *t)
{
    test_opts o = seidel_opts(4, 1024, "gsync");
    run_result r0, r1, r1b, r2;
    CHECK(t, test_run("shift-forced", o, &r0) == 0 && r0.verified, "no interrupts: failed");
    o.irq_period = 250000;
    o.irq_cycles = 1250;
    CHECK(t, test_run("shift-forced", o, &r1) == 0 && r1.verified &&
                 test_run("shift-forced", o, &r1b) == 0 && r1b.verified, "interrupts: failed");
    CHECK(t, r1.cycles == r1b.cycles, "same seed, %llu then %llu cycles",
          (unsigned long long)r1.cycles, (unsigned long long)r1b.cycles);
    CHECK(t, r1.cycles != r0.cycles, "interrupts changed nothing (%llu cycles)",
          (unsigned long long)r0.cycles);
    CHECK(t, r1.report.shift.successes == SHIFT_TRIALS,
          "forced after gsync with interrupts: %d of %d successes (notes say all)",
          r1.report.shift.successes, SHIFT_TRIALS);
    o.seed = 2;
    CHECK(t, test_run("shift-forced", o, &r2) == 0 && r2.verified, "seed 2 failed");
    CHECK(t, r2.cycles != r1.cycles, "seed 2 gives seed 1's %llu cycles: the phases are not "
          "seeded", (unsigned long long)r1.cycles);
    test_opts b = seidel_opts(4, 0, NULL);
    run_result q0, q1;
    CHECK(t, test_run("gsync", b, &q0) == 0 && q0.verified, "gsync bench failed");
    b.irq_period = 4000;
    b.irq_cycles = 2000;
    CHECK(t, test_run("gsync", b, &q1) == 0 && q1.verified, "gsync bench, interrupts failed");
    double ratio = q1.report.barrier.cost_mean / q0.report.barrier.cost_mean;
    CHECK(t, ratio > 1.5 && ratio < 2.6, "half the processor taken: gsync costs %.2f times as "
          "much (%.0f against %.0f cycles)", ratio, q1.report.barrier.cost_mean,
          q0.report.barrier.cost_mean);
}

/* --rx-serial (api_rx_serial): Fig. 3-11(b)'s mechanism. A late node's
 * token that must wait for a shift message already arriving makes the
 * shift non-concurrent: with 500-us interrupts the forced shift after gsync
 * on 4x4 fails trials it passes with the interleaving port, and the data
 * are still right. Without interrupts the serial port changes nothing
 * there (tokens and data do not overlap). */
static void test_barrier_rx_serial(test_ctx *t)
{
    test_opts o = seidel_opts(4, 1024, "gsync");
    run_result a, b;
    CHECK(t, test_run("shift-forced", o, &a) == 0 && a.verified, "interleaving port failed");
    o.rx_serial = 1;
    CHECK(t, test_run("shift-forced", o, &b) == 0 && b.verified, "serial port failed");
    CHECK(t, a.cycles == b.cycles, "no interrupts: serial %llu cycles, interleaving %llu",
          (unsigned long long)b.cycles, (unsigned long long)a.cycles);
    o.irq_period = 250000;
    o.irq_cycles = 12500;
    int ok_serial = 0, ok_inter = 0;
    for (uint32_t seed = 1; seed <= 3; seed++) {
        o.seed = seed;
        o.rx_serial = 1;
        CHECK(t, test_run("shift-forced", o, &b) == 0 && b.verified && b.errors == 0,
              "seed %u: serial port with interrupts failed", seed);
        ok_serial += b.report.shift.successes;
        o.rx_serial = 0;
        CHECK(t, test_run("shift-forced", o, &a) == 0 && a.verified, "seed %u failed", seed);
        ok_inter += a.report.shift.successes;
    }
    CHECK(t, ok_inter >= 3 * SHIFT_TRIALS - 3 && ok_serial < ok_inter - 5,
          "500-us interrupts: %d successes with the serial port, %d interleaving (of %d)",
          ok_serial, ok_inter, 3 * SHIFT_TRIALS);
}

#define T(fn) { #fn, fn }
const test_case tests_barrier[] = {
    T(test_barrier_barriers_8x8),
    T(test_barrier_barriers_not_power_of_two),
    T(test_barrier_barrier_fault_is_caught),
    T(test_barrier_rds_is_most_precise),
    T(test_barrier_barrier_kernels_reject_payload),
    T(test_barrier_barrier_token_latency_model),
    T(test_barrier_shift_end_to_end),
    T(test_barrier_shift_long_needs_sync),
    T(test_barrier_shift_success_rate),
    T(test_barrier_shift_corrupt_word_is_caught),
    T(test_barrier_shift_check_refuses),
    T(test_barrier_interrupts),
    T(test_barrier_rx_serial),
    { NULL, NULL },
};
