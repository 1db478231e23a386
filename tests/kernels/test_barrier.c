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

#define T(fn) { #fn, fn }
const test_case tests_barrier[] = {
    T(test_barrier_barriers_8x8),
    T(test_barrier_barriers_not_power_of_two),
    T(test_barrier_barrier_fault_is_caught),
    T(test_barrier_rds_is_most_precise),
    T(test_barrier_barrier_kernels_reject_payload),
    T(test_barrier_barrier_token_latency_model),
    { NULL, NULL },
};
