/* --jitter (params_t.jitter): the seeded per-node variation of software
 * costs that sw/lib/node_api.c applies. Off, nothing moves; on, each cost
 * is uniform in [c(1-F), c(1+F)], the same for the same seed and different
 * for different seeds. */
#include <string.h>
#include "machine.h"
#include "node_api.h"
#include "node_api_model.h"
#include "suites.h"
#include "test_util.h"

#define DRAWS 400
#define COST 1000

/* Each node charges DRAWS software costs of COST cycles and keeps what each
 * one took (node 0's and node 1's are looked at). */
typedef struct {
    uint64_t took[2][DRAWS];
} draws_t;

static void charge_many(node_ctx *c, const void *shared)
{
    draws_t *d = (draws_t *)shared;   /* the test's own out-parameter */
    for (int i = 0; i < DRAWS; i++) {
        uint64_t t0 = api_now(c);
        api_software(c, COST);
        if (api_id(c) < 2) d->took[api_id(c)][i] = api_now(c) - t0;
    }
}

static int draw(double jitter, uint32_t seed, draws_t *d)
{
    params_t p;
    params_iwarp(&p);
    p.n = 2;
    p.jitter = jitter;
    p.seed = seed;
    p.watchdog = 10 * COST;
    machine_t m;
    if (machine_init(&m, &p, 16)) return -1;
    memset(d, 0, sizeof *d);
    int st = node_api_model_run(&m, charge_many, d);
    machine_free(&m);
    return st;
}

static void test_jitter_cost_distribution(test_ctx *t)
{
    static draws_t d, e;
    CHECK(t, draw(0, 5, &d) == RUN_OK, "jitter 0 run failed");
    int exact = 1;
    for (int i = 0; i < DRAWS; i++) exact &= d.took[0][i] == COST && d.took[1][i] == COST;
    CHECK(t, exact, "jitter 0: a cost was not exactly %d cycles", COST);

    const double F = 0.25;
    CHECK(t, draw(F, 5, &d) == RUN_OK, "jitter run failed");
    uint64_t lo = UINT64_MAX, hi = 0, sum = 0, same_as_node1 = 0;
    for (int i = 0; i < DRAWS; i++) {
        uint64_t v = d.took[0][i];
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
        sum += v;
        same_as_node1 += v == d.took[1][i];
    }
    CHECK(t, lo >= (uint64_t)(COST * (1 - F)) && hi <= (uint64_t)(COST * (1 + F)),
          "costs %llu..%llu outside %g..%g", (unsigned long long)lo, (unsigned long long)hi,
          COST * (1 - F), COST * (1 + F));
    /* uniform: 400 draws reach both outer eighths, and the mean is c */
    CHECK(t, lo < COST * (1 - 0.75 * F) && hi > COST * (1 + 0.75 * F),
          "costs %llu..%llu do not spread over c(1 +- F)", (unsigned long long)lo,
          (unsigned long long)hi);
    double mean = (double)sum / DRAWS;
    CHECK(t, mean > COST * 0.98 && mean < COST * 1.02, "mean cost %.1f, not about %d", mean,
          COST);
    CHECK(t, same_as_node1 < DRAWS / 10, "nodes 0 and 1 drew the same cost %llu times of %d",
          (unsigned long long)same_as_node1, DRAWS);
    CHECK(t, draw(F, 5, &e) == RUN_OK && memcmp(&d, &e, sizeof d) == 0,
          "seed 5 twice drew different costs");
    CHECK(t, draw(F, 6, &e) == RUN_OK && memcmp(d.took[0], e.took[0], sizeof d.took[0]) != 0,
          "seeds 5 and 6 drew the same costs");
}

/* A whole kernel: jitter 0 gives the same cycles whatever the seed; jitter
 * 0.3 gives a spread over seeds, each repeated exactly. */
static void test_jitter_kernel_spread(test_ctx *t)
{
    test_opts o = test_defaults(4, 16);
    o.watchdog = 20000;
    run_result r;
    uint64_t base = 0;
    for (uint32_t s = 1; s <= 3; s++) {
        o.seed = s;
        CHECK(t, test_run("cx-linear", o, &r) == 0 && r.verified, "seed %u: no jitter failed", s);
        if (s == 1) base = r.cycles;
        CHECK(t, r.cycles == base, "jitter 0, seed %u: %llu cycles, seed 1 %llu", s,
              (unsigned long long)r.cycles, (unsigned long long)base);
    }
    o.jitter = 0.3;
    uint64_t c[6];
    int distinct = 0;
    for (int s = 0; s < 6; s++) {
        o.seed = (uint32_t)s + 1;
        CHECK(t, test_run("cx-linear", o, &r) == 0 && r.verified && r.errors == 0,
              "jitter seed %d failed", s + 1);
        c[s] = r.cycles;
        int seen = 0;
        for (int j = 0; j < s; j++) seen |= c[j] == c[s];
        distinct += !seen;
        run_result again;
        CHECK(t, test_run("cx-linear", o, &again) == 0 && again.cycles == r.cycles,
              "jitter seed %d: %llu cycles, then %llu", s + 1, (unsigned long long)r.cycles,
              (unsigned long long)again.cycles);
    }
    CHECK(t, distinct >= 4, "6 seeds gave only %d different cycle counts", distinct);
}

#define T(fn) { #fn, fn }
const test_case tests_jitter[] = {
    T(test_jitter_cost_distribution),
    T(test_jitter_kernel_spread),
    { NULL, NULL },
};
