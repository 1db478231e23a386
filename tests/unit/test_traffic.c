/* Unit tests of the synthetic traffic (model/traffic.c, testbench/run/
 * traffic_run.c): the patterns' destinations, the route-exact ideal
 * throughput, the sink's checks, and whole measurements that conserve
 * every packet. */
#include <stdlib.h>
#include <string.h>
#include "params.h"
#include "router.h"
#include "suites.h"
#include "traffic.h"
#include "traffic_run.h"

static traffic_t *make(int pattern, int n, double rate)
{
    traffic_cfg c = { .pattern = pattern, .rate = rate, .pkt_min = 5, .pkt_max = 5, .seed = 3,
                      .hot_node = 5, .hot_frac = 0.25 };
    const char *why;
    return traffic_new(&c, n, &why);
}

static void test_traffic_patterns(test_ctx *t)
{
    uint64_t rng = 1;
    struct { int pattern, src, want; } cases[] = {
        { TP_TRANSPOSE, 3 + 5 * 8, 5 + 3 * 8 },    /* (3,5) -> (5,3) */
        { TP_BITCOMP, 0, 63 },                      /* ~0 in 6 bits */
        { TP_BITCOMP, 3 + 5 * 8, 4 + 2 * 8 },       /* (7-3, 7-5) = ~id */
        { TP_BITREV, 1, 32 },                       /* 000001 -> 100000 */
        { TP_BITREV, 6, 24 },                       /* 000110 -> 011000 */
        { TP_SHUFFLE, 33, 3 },                      /* 100001 -> 000011 */
        { TP_TORNADO, 0, 3 + 3 * 8 },               /* +(n/2-1) in x and y */
        { TP_NEIGHBOR, 7 + 2 * 8, 0 + 2 * 8 },      /* x+1 wraps */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        traffic_t *tr = make(cases[i].pattern, 8, 0.1);
        int d = tr ? traffic_dest(tr, cases[i].src, &rng) : -1;
        CHECK(t, d == cases[i].want, "%s from %d: %d, want %d",
              traffic_pattern_name[cases[i].pattern], cases[i].src, d, cases[i].want);
        traffic_free(tr);
    }
    /* randperm: a permutation; uniform: every node; hotspot: its fraction */
    traffic_t *p = make(TP_PERM, 8, 0.1), *u = make(TP_UNIFORM, 8, 0.1), *h = make(TP_HOTSPOT, 8, 0.1);
    int seen[64] = { 0 }, hit[64] = { 0 }, hot = 0;
    for (int s = 0; s < 64; s++) seen[traffic_dest(p, s, &rng)]++;
    for (int k = 0; k < 64000; k++) hit[traffic_dest(u, k % 64, &rng)]++;
    for (int k = 0; k < 40000; k++) hot += traffic_dest(h, k % 64, &rng) == 5;
    int perm = 1, all = 1;
    for (int i = 0; i < 64; i++) {
        perm &= seen[i] == 1;
        all &= hit[i] > 800 && hit[i] < 1200;
    }
    CHECK(t, perm, "randperm is not a permutation");
    CHECK(t, all, "uniform misses or favours a node");
    /* 25% to the hotspot plus 1/64 of the uniform rest */
    double f = hot / 40000.0, want = 0.25 + 0.75 / 64;
    CHECK(t, f > want - 0.01 && f < want + 0.01, "hotspot fraction %.4f, want %.4f", f, want);
    traffic_free(p);
    traffic_free(u);
    traffic_free(h);
}

static void test_traffic_refuses(test_ctx *t)
{
    const char *why = NULL;
    traffic_cfg c = { .pattern = TP_BITREV, .rate = 0.1, .pkt_min = 5, .pkt_max = 5 };
    CHECK(t, traffic_new(&c, 6, &why) == NULL && why, "bitrev on 6x6 accepted");
    c.pattern = TP_HOTSPOT;
    c.hot_node = 64;
    CHECK(t, traffic_new(&c, 8, &why) == NULL, "a hotspot outside 8x8 accepted");
    c.pattern = TP_UNIFORM;
    c.pkt_min = 2;
    CHECK(t, traffic_new(&c, 8, &why) == NULL, "2-flit packets accepted");
    c.pkt_min = 5;
    c.rate = 1.5;
    CHECK(t, traffic_new(&c, 8, &why) == NULL, "rate 1.5 accepted");
}

/* Uniform on 8x8: the + direction carries the n/2 ties, 1.25 flits per
 * flit injected, so T_t = 2 allows 0.4 (the textbook 8/k/T_t = 0.5
 * assumes the ties split). Neighbor: every X+ link carries one source. */
static void test_traffic_ideal(test_ctx *t)
{
    double link, ej;
    traffic_t *u = make(TP_UNIFORM, 8, 0.1), *n = make(TP_NEIGHBOR, 8, 0.1);
    traffic_channel_load(u, &link, &ej);
    CHECK(t, link > 1.2499 && link < 1.2501 && ej > 0.999 && ej < 1.001,
          "uniform 8x8: link %.4f eject %.4f, want 1.25 and 1", link, ej);
    traffic_channel_load(n, &link, &ej);
    CHECK(t, link > 0.999 && link < 1.001, "neighbor: link %.4f, want 1", link);
    traffic_free(u);
    traffic_free(n);
}

/* --ties balanced (issue 21): uniform 8x8's ties split, so each link
 * carries the mean of 1..4 and 1..3 with 4 halved, 1.0; transpose's tie
 * flows split over the + and - ways. The HEADs of the tie packets go both
 * ways, about half each, and the same seed gives the same choices. */
static void test_traffic_ties_balanced(test_ctx *t)
{
    double link, ej, plus_link;
    traffic_cfg c = { .pattern = TP_UNIFORM, .rate = 1, .pkt_min = 3, .pkt_max = 3, .seed = 3,
                      .ties = TIES_BALANCED };
    const char *why;
    traffic_t *u = traffic_new(&c, 8, &why);
    traffic_channel_load(u, &link, &ej);
    CHECK(t, link > 0.9999 && link < 1.0001, "balanced uniform 8x8: link %.4f, want 1", link);
    traffic_t *tp = make(TP_TRANSPOSE, 8, 0.1);
    traffic_channel_load(tp, &plus_link, &ej);
    c.pattern = TP_TRANSPOSE;
    traffic_t *tb = traffic_new(&c, 8, &why);
    traffic_channel_load(tb, &link, &ej);
    CHECK(t, link < plus_link, "transpose 8x8: balanced link %.4f, plus %.4f", link, plus_link);
    /* node 0's packets to (4, *) or (*, 4): count the - ways */
    int ties = 0, minus = 0;
    uint64_t cyc = 0;
    while (ties < 400 && cyc < 200000) {
        traffic_generate(u, cyc);
        while (traffic_src_pending(u, 0)) {
            int dst = (int)u->node[0].pkt[u->node[0].next].dst;
            flit_t f = traffic_src_take(u, 0, cyc);
            if (flit_kind(f) != FLIT_HEAD) continue;
            int dx = head_dx(flit_word(f)), dy = head_dy(flit_word(f));
            if (dst % 8 == 4) ties++, minus += dx < 0;
            if (dst / 8 == 4) ties++, minus += dy < 0;
        }
        cyc++;
    }
    CHECK(t, ties >= 400 && minus > ties / 3 && minus < 2 * ties / 3,
          "balanced ties: %d of %d went -", minus, ties);
    traffic_free(u);
    traffic_free(tp);
    traffic_free(tb);
}

/* The sink checks every word: a packet taken from a source arrives clean;
 * the same with one word flipped arrives with an error. */
static void test_traffic_sink_checks(test_ctx *t)
{
    for (int corrupt = 0; corrupt < 2; corrupt++) {
        traffic_cfg c = { .pattern = TP_NEIGHBOR, .rate = 1.0 / 3, .pkt_min = 6, .pkt_max = 6 };
        const char *why;
        traffic_t *tr = traffic_new(&c, 2, &why);
        uint64_t cyc = 0;
        while (tr->node[0].created == 0) traffic_generate(tr, cyc++);
        int flits = 0;
        do {
            flit_t f = traffic_src_take(tr, 0, cyc);
            if (corrupt && flits == 3) f = flit_with_word(f, flit_word(f) ^ 4);
            traffic_sink(tr, 1, f, cyc + 10);
            flits++;
        } while (tr->node[0].sent != 0);
        CHECK(t, flits == 6, "a 6-flit packet gave %d flits", flits);
        CHECK(t, tr->errors == (uint64_t)corrupt && tr->delivered == 1,
              "corrupt %d: %llu errors, %llu delivered", corrupt,
              (unsigned long long)tr->errors, (unsigned long long)tr->delivered);
        traffic_free(tr);
    }
}

/* A whole measurement: every packet of the window arrives, checked, and
 * the accepted load matches the offered one below saturation. */
static void test_traffic_run_conserves(test_ctx *t)
{
    params_t p;
    params_iwarp(&p);
    p.n = 4;
    traffic_run_cfg c = { .tc = { .pattern = TP_UNIFORM, .rate = 0.1, .pkt_min = 3, .pkt_max = 9,
                                  .seed = 7 },
                          .warmup_min = 1000, .warmup_max = 20000, .window = 5000 };
    traffic_result r;
    FILE *devnull = fopen("/dev/null", "w");
    int rc = traffic_run(&p, &c, NULL, &r, devnull ? devnull : stderr);
    CHECK(t, rc == 0 && r.errors == 0 && !r.unstable && r.packets > 100 &&
                 r.delivered == r.packets,
          "rc %d, %llu errors, unstable %d, %llu of %llu arrived", rc,
          (unsigned long long)r.errors, r.unstable, (unsigned long long)r.delivered,
          (unsigned long long)r.packets);
    CHECK(t, r.accepted > 0.9 * r.offered && r.accepted < 1.1 * r.offered,
          "offered %.4f, accepted %.4f", r.offered, r.accepted);
    CHECK(t, r.lat_p50 <= r.lat_p99 && r.lat_p99 <= r.lat_max && r.net_mean <= r.lat_mean &&
                 r.lat_mean > 5,
          "latencies out of order: p50 %.0f p99 %.0f max %.0f, net %.1f, mean %.1f", r.lat_p50,
          r.lat_p99, r.lat_max, r.net_mean, r.lat_mean);
    /* far beyond saturation: unstable */
    c.tc.rate = 0.9;
    rc = traffic_run(&p, &c, NULL, &r, devnull ? devnull : stderr);
    CHECK(t, rc == 0 && r.unstable, "rate 0.9 on 4x4: rc %d, unstable %d", rc, r.unstable);
    if (devnull) fclose(devnull);
}

/* The C model skips idle routers (router_idle); under traffic, skipping
 * or stepping every router gives the same measurement. */
static void test_traffic_idle_skip_identical(test_ctx *t)
{
    const char *pats[] = { "uniform 0.02", "uniform 0.17", "hotspot 0.05", "transpose 0.1" };
    /* K = 1 every pattern; K = 3 (--vcs 3) the busier two */
    for (int i = 0; i < 6; i++) {
        int k = i < 4 ? i : i == 4 ? 1 : 3, vcs = i < 4 ? 1 : 3;
        traffic_result r[2];
        for (int all = 0; all < 2; all++) {
            params_t p;
            params_iwarp(&p);
            p.n = 8;
            p.vcs = vcs;
            p.skip = all ? SKIP_OFF : SKIP_IDLE;
            traffic_run_cfg c = { .tc = { .pattern = k == 2 ? TP_HOTSPOT : k == 3 ? TP_TRANSPOSE
                                                                         : TP_UNIFORM,
                                          .rate = k == 1 ? 0.17 : k == 3 ? 0.1 : k == 0 ? 0.02 : 0.05,
                                          .hot_node = 9, .hot_frac = 0.2, .pkt_min = 3,
                                          .pkt_max = 11, .seed = 5 },
                                  .warmup_min = 1000, .warmup_max = 20000, .window = 3000 };
            FILE *devnull = fopen("/dev/null", "w");
            traffic_run(&p, &c, NULL, &r[all], devnull ? devnull : stderr);
            if (devnull) fclose(devnull);
            r[all].wall_seconds = 0;
        }
        CHECK(t, memcmp(&r[0], &r[1], sizeof r[0]) == 0 && r[0].packets > 0,
              "%s, vcs %d: skipping idle routers changed the result (cycles %llu vs %llu, "
              "latency %.3f vs %.3f)",
              pats[k], vcs, (unsigned long long)r[0].cycles, (unsigned long long)r[1].cycles,
              r[0].lat_mean, r[1].lat_mean);
    }
}

#define T(fn) { #fn, fn }
const test_case tests_traffic[] = {
    T(test_traffic_patterns),
    T(test_traffic_refuses),
    T(test_traffic_ideal),
    T(test_traffic_ties_balanced),
    T(test_traffic_sink_checks),
    T(test_traffic_run_conserves),
    T(test_traffic_idle_skip_identical),
    { NULL, NULL },
};
