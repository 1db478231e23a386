/* Tests of the hypercube kernels (seeds 000, 003, 004): every kernel
 * verified end to end on 64 nodes in both routing modes, the mapping
 * option, the power-of-two rejection, honest byte counts, the checkers and
 * the overrun guard failing when they must, and the papers' orderings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hypercube/hcube_kernels.h"
#include "machine.h"
#include "msg.h"
#include "node_api_impl.h"
#include "node_api_model.h"
#include "suites.h"
#include "test_util.h"

static int run_hc(const char *kname, int n, uint32_t words, int unidir,
                  const char *mapping, run_result *r)
{
    test_opts o = test_defaults(n, words);
    o.seed = 7;
    o.watchdog = 20000;
    o.unidir = unidir;
    o.mapping = mapping;
    return test_run(kname, o, r);
}

/* Run kernel K and check it verified, with the expected message count. */
#define CHECK_HC(t, K, n, B, unidir, map, msgs)                                 \
    do {                                                                        \
        run_result r_;                                                          \
        int rc_ = run_hc(K, n, B, unidir, map, &r_);                            \
        CHECK(t, rc_ == 0 && r_.verified && r_.errors == 0,                     \
              "%s (n %d, B %d, %s, %s): status %d, %llu errors", K, n, (int)(B), \
              (unidir) ? "unidir" : "bidir", (map) ? (map) : "raster", rc_,     \
              (unsigned long long)r_.errors);                                   \
        CHECK(t, (msgs) < 0 || r_.messages == (uint64_t)(msgs),                 \
              "%s: %llu messages, want %d", K, (unsigned long long)r_.messages, \
              (int)(msgs));                                                     \
        CHECK(t, r_.agg_mbps <= r_.eq1_mbps * 1.0000001, "%s above Eq. 1", K); \
    } while (0)

static void test_hc_exchange_kernels(test_ctx *t)
{
    for (int u = 0; u < 2; u++) {
        CHECK_HC(t, "butterfly", 8, 8, u, NULL, 64 * 6);
        CHECK_HC(t, "crossover", 8, 8, u, NULL, 64 * 6);
        CHECK_HC(t, "normal-torus", 8, 8, u, NULL, 64 * 16);
    }
}

static void test_hc_global_sum_and_scan(test_ctx *t)
{
    for (int u = 0; u < 2; u++) {
        CHECK_HC(t, "global-sum-crossover", 8, 8, u, NULL, 64 * 6);
        CHECK_HC(t, "global-sum-tree", 8, 8, u, NULL, 2 * 63);
        CHECK_HC(t, "global-sum-tree-reduce", 8, 8, u, NULL, 63);
        CHECK_HC(t, "scan", 8, 8, u, NULL, 6 * 64 - 63);
    }
}

static void test_hc_aapc(test_ctx *t)
{
    CHECK_HC(t, "aapc-bucket", 8, 4, 0, NULL, 64 * 6);
    CHECK_HC(t, "aapc-bucket", 8, 4, 1, NULL, 64 * 6);
    CHECK_HC(t, "aapc-hh", 8, 4, 0, NULL, 64 * 63);
    /* A_nt: n - 1 row steps and n - 1 column steps per node */
    for (int u = 0; u < 2; u++) {
        CHECK_HC(t, "aapc-nt", 8, 3, u, NULL, 64 * 14);
        CHECK_HC(t, "aapc-nt", 4, 2, u, NULL, 16 * 6);
    }
    CHECK_HC(t, "aapc-nt", 2, 5, 1, NULL, 4 * 2);
}

/* The blocked scan (Fig. 7) in both modes, and what --flop-cycles costs:
 * scan pays one flop per double (two words) per receive, scan-blocked
 * 2m - 1 flops of local work on the critical path plus two per step. */
static void test_hc_scan_flops(test_ctx *t)
{
    for (int u = 0; u < 2; u++) CHECK_HC(t, "scan-blocked", 8, 8, u, NULL, 6 * 64 - 63);
    CHECK_HC(t, "scan-blocked", 4, 2, 1, NULL, 4 * 16 - 15);
    run_result r0, rf;
    test_opts o = test_defaults(8, 8);
    CHECK(t, test_run("scan", o, &r0) == 0, "scan runs");
    o.flop_cycles = 50;
    CHECK(t, test_run("scan", o, &rf) == 0 && rf.verified, "scan with flops runs");
    uint64_t dl = rf.cycles - r0.cycles;
    CHECK(t, dl >= 5 * 4 * 50 && dl <= 6 * 4 * 50,
          "scan B = 8, 50-cycle flops: %llu cycles more, want 1000..1200 (6 steps x 4 doubles)",
          (unsigned long long)dl);
    o = test_defaults(8, 64);
    CHECK(t, test_run("scan-blocked", o, &r0) == 0, "scan-blocked runs");
    o.flop_cycles = 50;
    CHECK(t, test_run("scan-blocked", o, &rf) == 0 && rf.verified, "scan-blocked with flops");
    dl = rf.cycles - r0.cycles;
    CHECK(t, dl >= 63 * 50 && dl <= (63 + 12) * 50,
          "scan-blocked m = 32, 50-cycle flops: %llu cycles more, want 3150..3750",
          (unsigned long long)dl);
    const kernel_t *sb = kernel_find("scan-blocked");
    kernel_cfg c = { .n = 8, .words = 5 };
    CHECK(t, sb && sb->check(&c) && strstr(sb->check(&c), "even --words"), "odd B accepted");
    c.words = 0;
    CHECK(t, sb->check(&c) != NULL, "B = 0 accepted");
}

static void test_hc_complete_exchange_direct(test_ctx *t)
{
    CHECK_HC(t, "cx-naive", 8, 4, 0, NULL, 64 * 63);
    CHECK_HC(t, "cx-linear", 8, 4, 1, NULL, 64 * 63);
    CHECK_HC(t, "cx-pairwise", 8, 4, 0, NULL, 64 * 63);
    CHECK_HC(t, "cx-stable", 8, 4, 1, NULL, 64 * 63);
    CHECK_HC(t, "cx-pairwise-unsync", 8, 4, 0, NULL, 64 * 63);
    CHECK_HC(t, "cx-pairwise-unsync", 8, 4, 1, NULL, 64 * 63);
}

static void test_hc_complete_exchange_standard(test_ctx *t)
{
    CHECK_HC(t, "cx-standard", 8, 4, 0, NULL, 64 * 6);
    CHECK_HC(t, "cx-standard", 8, 3, 1, NULL, 64 * 6);
}

/* B = 301 makes the hybrids split the top dimensions (threshold 80 words
 * at d = 6 with the iwarp alpha = 400, beta = 2), unevenly (odd length). */
static void global_combine(test_ctx *t, int u)
{
    static const char *const ks[] = { "combine-hybrid", "combine-root", "combine-bcast",
                                      "combine-recursive", "combine-halving",
                                      "combine-root-tree" };
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
        CHECK_HC(t, ks[i], 8, 301, u, NULL, -1);
        CHECK_HC(t, ks[i], 8, 5, u, NULL, -1);
    }
}
static void test_hc_global_combine_bidir(test_ctx *t) { global_combine(t, 0); }
static void test_hc_global_combine_unidir(test_ctx *t) { global_combine(t, 1); }

static void test_hc_mapping_gray(test_ctx *t)
{
    /* the gray labelling is a permutation, and every torus link joins two
     * hypercube neighbours */
    for (int n = 2; n <= 64; n *= 2) {
        int N = n * n;
        char *seen = calloc((size_t)N, 1);
        CHECK(t, seen, "calloc");
        for (int h = 0; h < N; h++) {
            int v = hc_to_torus(n, 1, h);
            int ok = v >= 0 && v < N && !seen[v] && hc_from_torus(n, 1, v) == h;
            if (ok) seen[v] = 1;
            if (!ok) free(seen);
            CHECK(t, ok, "gray mapping n = %d: hypercube node %d -> %d", n, h, v);
        }
        free(seen);
        for (int v = 0; v < N && n > 2; v++) {
            int x = v % n, y = v / n;
            int e = hc_from_torus(n, 1, y * n + (x + 1) % n) ^ hc_from_torus(n, 1, v);
            int s = hc_from_torus(n, 1, ((y + 1) % n) * n + x) ^ hc_from_torus(n, 1, v);
            CHECK(t, e && !(e & (e - 1)) && s && !(s & (s - 1)),
                  "gray n = %d: torus links of node %d are not cube edges", n, v);
        }
        CHECK(t, hc_to_torus(n, 0, 5 % N) == 5 % N, "raster is the identity");
    }
    CHECK_HC(t, "butterfly", 8, 8, 0, "gray", 64 * 6);
    CHECK_HC(t, "crossover", 8, 8, 1, "gray", 64 * 6);
    CHECK_HC(t, "scan", 8, 8, 1, "gray", 6 * 64 - 63);
    CHECK_HC(t, "aapc-bucket", 8, 2, 0, "gray", 64 * 6);
    CHECK_HC(t, "cx-standard", 8, 2, 1, "gray", 64 * 6);
    CHECK_HC(t, "combine-hybrid", 8, 301, 0, "gray", -1);
    CHECK_HC(t, "combine-root", 8, 301, 1, "gray", -1);
    CHECK_HC(t, "global-sum-tree", 8, 8, 0, "raster", -1);
    /* the gray labelling puts hypercube dimension 2's butterfly partners
     * at most 3 hops apart instead of 4: less contention */
    run_result ra, rg;
    CHECK(t, run_hc("butterfly", 8, 256, 0, "raster", &ra) == 0 &&
             run_hc("butterfly", 8, 256, 0, "gray", &rg) == 0, "runs");
    CHECK(t, rg.cycles < ra.cycles, "gray %llu cycles vs raster %llu",
          (unsigned long long)rg.cycles, (unsigned long long)ra.cycles);
}

/* Every kernel of the family: its check hook exists and rejects a node
 * count that is not a power of two with the one-line reason. */
static void test_hc_rejects_non_power_of_two(test_ctx *t)
{
    int count = 0;
    for (const kernel_t *k = kernels_hypercube; k->name; k++, count++) {
        CHECK(t, k->check && k->mem_words && k->bytes && k->sync == SYNC_OFF && !k->phased,
              "%s: hooks/modes", k->name);
        kernel_cfg c = { .n = 6, .words = 4 };
        const char *why = k->check(&c);
        CHECK(t, why && !strcmp(why, "needs a power-of-two node count "
                                     "(n = 2, 4, 8, 16, 32, 64); got n = 6"),
              "%s: n = 6 gives '%s'", k->name, why ? why : "(accepted)");
        c.n = 8;
        CHECK(t, k->check(&c) == NULL, "%s rejects n = 8: %s", k->name, k->check(&c));
        c.mapping = "snake";
        why = k->check(&c);
        CHECK(t, why && strstr(why, "unknown mapping 'snake' (allowed: raster, gray)"),
              "%s: mapping snake gives '%s'", k->name, why ? why : "(accepted)");
        c.mapping = "gray";
        CHECK(t, k->check(&c) == NULL, "%s rejects gray", k->name);
        c.n = 12;
        CHECK(t, k->check(&c) != NULL, "%s accepts n = 12", k->name);
    }
    CHECK(t, count == 27, "%d hypercube kernels registered, want 27", count);
    const kernel_t *hh = kernel_find("aapc-hh");
    kernel_cfg c = { .n = 8, .words = 4, .unidir = 1 };
    CHECK(t, hh && kernel_check(hh, &c) && strstr(kernel_check(hh, &c), "--routing unidir"),
          "aapc-hh unidir");
    c.unidir = 0;
    c.n = 4;
    CHECK(t, hh->check(&c) != NULL, "aapc-hh accepts n = 4");
    const kernel_t *nt = kernel_find("aapc-nt");
    kernel_cfg f = { .n = 8, .words = 2, .flop_cycles = 5 };
    CHECK(t, nt && kernel_check(nt, &f) && strstr(kernel_check(nt, &f), "--flop-cycles"),
          "aapc-nt accepts --flop-cycles");
}

/* bytes() must equal the payload really injected: BODY flits of all
 * messages (flits - HEAD - TAIL), counted on the machine itself. */
static void test_hc_bytes_are_payload_moved(test_ctx *t)
{
    for (const kernel_t *k = kernels_hypercube; k->name; k++) {
        for (int split = 0; split < 2; split++) {
            uint32_t B = split ? 301 : 5;
            if (split && strncmp(k->name, "combine", 7)) continue;
            params_t p;
            params_iwarp(&p);
            p.n = strcmp(k->name, "aapc-hh") ? 4 : 8;
            p.sync = k->sync;
            kernel_cfg cfg = { .n = p.n, .words = B, .seed = 3, .stall_node = -1,
                               .stall_step = -1, .msg_cycles = p.msg_cycles, .tt = p.tt };
            machine_t m;
            CHECK(t, machine_init(&m, &p, kernel_mem_words(k, &cfg)) == 0, "init");
            m.diag = fopen("/dev/null", "w");
            int st = node_api_model_run(&m, k->program, &cfg);
            uint64_t flits = 0, msgs = 0, errors = 0;
            for (int i = 0; i < m.num_nodes; i++) {
                flits += m.node[i].flits_injected;
                msgs += m.node[i].rx_msgs;
                errors += m.node[i].errors;
            }
            double bytes = k->bytes(&cfg);
            kernel_cfg other = cfg;   /* a configuration that never ran */
            double unrun = k->bytes(&other);
            if (m.diag) fclose(m.diag);
            machine_free(&m);
            CHECK(t, st == RUN_OK && errors == 0, "%s: status %d, %llu errors", k->name, st,
                  (unsigned long long)errors);
            CHECK(t, bytes == (double)(flits - 2 * msgs) * 4.0,
                  "%s (B %u): bytes() %.0f, payload injected %llu words", k->name, B,
                  bytes, (unsigned long long)(flits - 2 * msgs));
            CHECK(t, unrun == bytes, "%s (B %u): bytes() without a run %.0f, after %.0f",
                  k->name, B, unrun, bytes);
        }
    }
}

/* The checkers must fail on one wrong word. */
static void test_hc_check_catches_bad_value(test_ctx *t)
{
    machine_t m;
    params_t p;
    params_iwarp(&p);
    p.n = 2;
    CHECK(t, machine_init(&m, &p, 64) == 0, "init");
    m.diag = fopen("/dev/null", "w");
    node_ctx *cx = node_api_model_nodes(&m), *nd = &cx[3];
    uint32_t sum[8];
    for (uint32_t w = 0; w < 8; w++) {
        sum[w] = 0;
        for (int h = 0; h < 4; h++) sum[w] += hc_value(9, h, w);
    }
    uint64_t clean = hc_check_sum(nd, sum, 0, 8, 9, 0, 4, "test");
    sum[5] += 1;
    uint64_t bad = hc_check_sum(nd, sum, 0, 8, 9, 0, 4, "test");
    uint64_t wrong_seed = hc_check_sum(nd, sum, 0, 8, 10, 0, 4, "test");
    uint32_t blk[6];
    for (uint32_t i = 0; i < 6; i++) blk[i] = payload_word(1, 3, i);
    uint64_t bclean = hc_check_block(nd, blk, 6, 1, 3, "test");
    blk[0] ^= 0x100;
    uint64_t bbad = hc_check_block(nd, blk, 6, 1, 3, "test");
    uint64_t errs = api_errors(nd);
    free(cx);
    if (m.diag) fclose(m.diag);
    machine_free(&m);
    CHECK(t, clean == 0, "correct sums reported %llu errors", (unsigned long long)clean);
    CHECK(t, bad == 1, "one corrupted word reported %llu errors", (unsigned long long)bad);
    CHECK(t, wrong_seed == 8, "wrong seed reported %llu errors",
          (unsigned long long)wrong_seed);
    CHECK(t, bclean == 0 && bbad == 1, "block check: %llu clean, %llu corrupted",
          (unsigned long long)bclean, (unsigned long long)bbad);
    CHECK(t, errs == 10, "node error count %llu", (unsigned long long)errs);
}

/* The deposit-slot guard: node 1 sends two messages to node 0 back to
 * back; node 0 reads only after both are in, so the first was overwritten
 * and hc_recv must say so. */
static void overrun_program(node_ctx *c, const void *arg)
{
    const kernel_cfg *k = arg;
    hc_t h;
    if (hc_begin(&h, c, k, 4)) return;
    uint32_t a = hc_alloc(&h, 8);
    uint32_t *v = hc_mem_at(&h, a, 8);
    for (int i = 0; i < 8; i++) v[i] = (uint32_t)i;
    if (h.me == 1) {
        hc_send(&h, 0, a, 4);
        hc_send(&h, 0, a + 4, 4);
    } else if (h.me == 0) {
        api_wait_messages(c, 2);
        hc_recv(&h, 1, 4);
        hc_recv(&h, 1, 4);
    }
    hc_end(&h);
}

static void test_hc_recv_detects_overrun(test_ctx *t)
{
    machine_t m;
    params_t p;
    params_iwarp(&p);
    p.n = 2;
    p.sync = SYNC_OFF;
    kernel_cfg cfg = { .n = 2, .words = 4 };
    CHECK(t, machine_init(&m, &p, hc_mem(&cfg, 4, 8)) == 0, "init");
    m.diag = fopen("/dev/null", "w");
    int st = node_api_model_run(&m, overrun_program, &cfg);
    uint64_t e0 = m.node[0].errors, e1 = m.node[1].errors;
    if (m.diag) fclose(m.diag);
    machine_free(&m);
    CHECK(t, st == RUN_OK, "status %d", st);
    CHECK(t, e0 == 1 && e1 == 0, "overrun reported %llu times at node 0, %llu at node 1",
          (unsigned long long)e0, (unsigned long long)e1);
}

/* Unidirectional routes go +x then +y the long way round; bidirectional
 * ones the short way. */
static void test_hc_route_offsets(test_ctx *t)
{
    machine_t m;
    params_t p;
    params_iwarp(&p);
    p.n = 8;
    CHECK(t, machine_init(&m, &p, 1) == 0, "init");
    node_ctx *cx = node_api_model_nodes(&m), *nd = &cx[3 * 8 + 6];   /* (6, 3) */
    int dx, dy, dxu, dyu;
    mp_route_offsets(nd, 1 * 8 + 2, 0, &dx, &dy);   /* to (2, 1) */
    mp_route_offsets(nd, 1 * 8 + 2, 1, &dxu, &dyu);
    free(cx);
    machine_free(&m);
    CHECK(t, dx == 4 && dy == -2, "bidir (%d, %d), want (4, -2)", dx, dy);
    CHECK(t, dxu == 4 && dyu == 6, "unidir (%d, %d), want (4, 6)", dxu, dyu);
}

/* The papers' orderings at 8x8 (Chuang & Horie Sec. 3.1, 3.4; van de
 * Geijn Sec. 4). */
static void test_hc_orderings_exchange(test_ctx *t)
{
    run_result bf, cx, nt;
    /* unidirectional torus, long messages: the crossover's one-way traffic
     * shares fewer channels than the butterfly's */
    CHECK(t, run_hc("butterfly", 8, 256, 1, NULL, &bf) == 0 &&
             run_hc("crossover", 8, 256, 1, NULL, &cx) == 0, "runs");
    CHECK(t, cx.cycles * 5 < bf.cycles * 4, "crossover %llu vs butterfly %llu cycles",
          (unsigned long long)cx.cycles, (unsigned long long)bf.cycles);
    /* short messages: log2 N = 6 phases beat the normal torus's 2 sqrt N = 16 */
    CHECK(t, run_hc("crossover", 8, 4, 1, NULL, &cx) == 0 &&
             run_hc("normal-torus", 8, 4, 1, NULL, &nt) == 0, "runs");
    CHECK(t, cx.cycles * 2 < nt.cycles, "crossover %llu vs normal torus %llu cycles",
          (unsigned long long)cx.cycles, (unsigned long long)nt.cycles);
}

static void test_hc_orderings_aapc(test_ctx *t)
{
    run_result bu, hh;
    /* AAPC: bucket passing wins for one-word blocks, loses for long ones */
    CHECK(t, run_hc("aapc-bucket", 8, 1, 0, NULL, &bu) == 0 &&
             run_hc("aapc-hh", 8, 1, 0, NULL, &hh) == 0, "runs");
    CHECK(t, bu.cycles * 4 < hh.cycles, "B = 1: bucket %llu vs hh %llu cycles",
          (unsigned long long)bu.cycles, (unsigned long long)hh.cycles);
    /* A_nt: 14 steps beat A_hh's 63 for one-word blocks (Fig. 8) */
    run_result nt;
    CHECK(t, run_hc("aapc-nt", 8, 1, 0, NULL, &nt) == 0, "runs");
    CHECK(t, nt.cycles * 3 < hh.cycles, "B = 1: normal torus %llu vs hh %llu cycles",
          (unsigned long long)nt.cycles, (unsigned long long)hh.cycles);
    CHECK(t, run_hc("aapc-bucket", 8, 32, 0, NULL, &bu) == 0 &&
             run_hc("aapc-hh", 8, 32, 0, NULL, &hh) == 0, "runs");
    CHECK(t, hh.cycles * 3 < bu.cycles * 2, "B = 32: bucket %llu vs hh %llu cycles",
          (unsigned long long)bu.cycles, (unsigned long long)hh.cycles);
}

static void test_hc_orderings_combine(test_ctx *t)
{
    run_result hy, v2, v3;
    /* the hybrid combine beats both pure versions where it mixes them */
    CHECK(t, run_hc("combine-hybrid", 8, 256, 0, NULL, &hy) == 0 &&
             run_hc("combine-recursive", 8, 256, 0, NULL, &v2) == 0 &&
             run_hc("combine-halving", 8, 256, 0, NULL, &v3) == 0, "runs");
    CHECK(t, hy.cycles < v2.cycles && hy.cycles < v3.cycles,
          "hybrid %llu, recursive %llu, halving %llu cycles", (unsigned long long)hy.cycles,
          (unsigned long long)v2.cycles, (unsigned long long)v3.cycles);
    /* and equals Version 2 below the threshold */
    CHECK(t, run_hc("combine-hybrid", 8, 16, 0, NULL, &hy) == 0 &&
             run_hc("combine-recursive", 8, 16, 0, NULL, &v2) == 0, "runs");
    CHECK(t, hy.cycles == v2.cycles, "B = 16: hybrid %llu vs recursive %llu",
          (unsigned long long)hy.cycles, (unsigned long long)v2.cycles);
    CHECK(t, gc_split_threshold(400, 2, 0, 6) == 80.0, "threshold %.1f",
          gc_split_threshold(400, 2, 0, 6));
}

/* One p2p or p2p-contend run on 8x8 (iwarp costs): its cycles, or 0 when
 * it failed, did not verify or moved the wrong number of messages. */
static uint64_t p2p_cycles(const char *kname, int dist, int senders, uint32_t B)
{
    test_opts o = test_defaults(8, B);
    o.dist = dist;
    o.senders = senders;
    run_result r;
    int rc = test_run(kname, o, &r);
    int ok = rc == 0 && r.verified && r.errors == 0 &&
             r.messages == (uint64_t)(senders ? senders : 1);
    if (!ok)
        printf("INFO %s dist %d senders %d B %u: status %d, %llu messages\n", kname, dist,
               senders, B, rc, (unsigned long long)r.messages);
    return ok ? r.cycles : 0;
}

/* Fig. 2's shape: one message costs the send, then a few cycles per hop and
 * T_t per word; Fig. 4's: K messages over one link take about K times as
 * long to drain as one. */
static void test_hc_p2p_distance_and_contention(test_ctx *t)
{
    uint64_t prev = 0, d1 = 0;
    for (int d = 1; d <= 8; d++) {
        uint64_t c = p2p_cycles("p2p", d, 0, 25);
        CHECK(t, c > 0 && c > prev, "p2p: %d hops %llu cycles, not above %d hops' %llu", d,
              (unsigned long long)c, d - 1, (unsigned long long)prev);
        if (d == 1) d1 = c;
        prev = c;
    }
    CHECK(t, prev - d1 < 7 * 10, "7 more hops cost %llu cycles (a hop is a few cycles)",
          (unsigned long long)(prev - d1));
    uint64_t b0 = p2p_cycles("p2p", 3, 0, 0), b100 = p2p_cycles("p2p", 3, 0, 100);
    CHECK(t, b0 && b100, "p2p over 3 hops failed");
    CHECK(t, b100 - b0 >= 100 * 2 && b100 - b0 <= 100 * 2 + 10,
          "100 words cost %llu cycles more, not T_t = 2 per word",
          (unsigned long long)(b100 - b0));
    uint64_t one = p2p_cycles("p2p-contend", 0, 1, 200), k4 = p2p_cycles("p2p-contend", 0, 4, 200);
    CHECK(t, one && k4, "p2p-contend failed");
    CHECK(t, one == p2p_cycles("p2p", 1, 0, 200), "p2p-contend K = 1 is not p2p over one hop");
    uint64_t wire = 200 * 2;   /* T_t per word */
    CHECK(t, k4 - (one - wire) >= 4 * wire - 20, "4 messages over one link: %llu cycles, "
          "one alone %llu: the link is not shared", (unsigned long long)k4,
          (unsigned long long)one);
    /* the checks: each kernel refuses the other's option, the rest both */
    kernel_cfg c = { .n = 8, .words = 4, .senders = 2, .stall_node = -1, .stall_step = -1 };
    CHECK(t, kernel_check(kernel_find("p2p"), &c) != NULL, "p2p takes --senders");
    CHECK(t, kernel_check(kernel_find("p2p-contend"), &c) == NULL,
          "p2p-contend refuses --senders 2");
    CHECK(t, kernel_check(kernel_find("cx-linear"), &c) != NULL, "cx-linear takes --senders");
    c.senders = 5;
    CHECK(t, kernel_check(kernel_find("p2p-contend"), &c) != NULL, "5 senders on 8x8 accepted");
    c.senders = 0;
    c.dist = 8;
    CHECK(t, kernel_check(kernel_find("p2p"), &c) == NULL, "p2p refuses --dist 8 on 8x8");
    CHECK(t, kernel_check(kernel_find("p2p-contend"), &c) != NULL, "p2p-contend takes --dist");
    c.dist = 9;
    CHECK(t, kernel_check(kernel_find("p2p"), &c) != NULL, "p2p accepts --dist 9 on 8x8");
}

/* Fig. 13: without the pairwise waits the exchange does not stall on the
 * slowest partner of every step, so it is never slower here (no jitter). */
static void test_hc_pairwise_unsync(test_ctx *t)
{
    run_result s, u;
    CHECK(t, run_hc("cx-pairwise", 4, 64, 0, NULL, &s) == 0 &&
                 run_hc("cx-pairwise-unsync", 4, 64, 0, NULL, &u) == 0 && s.verified &&
                 u.verified,
          "runs failed");
    CHECK(t, u.cycles < s.cycles, "unsync %llu cycles, pairwise %llu",
          (unsigned long long)u.cycles, (unsigned long long)s.cycles);
}

/* pairwise_F as Bokhari writes it: a gsync of d zero-word messages per node,
 * then per step a zero-word pair before the block. Sec. 6.4: pairwise_U
 * (no synchronization) about twice as fast below 100 bytes; with the
 * Bokhari fit's send cost (95 us = 2375 cycles) every step adds a second
 * send, so the ratio is 2 when sends dominate. Jittered runs must still
 * verify: the zero-word messages never overrun a block (hc_recv checks). */
static void test_hc_pairwise_f(test_ctx *t)
{
    CHECK_HC(t, "cx-pairwise-f", 8, 4, 0, NULL, 64 * 63 * 2 + 64 * 6);
    CHECK_HC(t, "cx-pairwise-f", 4, 0, 1, NULL, 16 * 15 * 2 + 16 * 4);
    run_result f, u, s;
    test_opts o = test_defaults(4, 1);
    o.msg_cycles = 2375;
    o.tt = 39;
    o.watchdog = 200000;
    CHECK(t, test_run("cx-pairwise-f", o, &f) == 0 && f.verified &&
                 test_run("cx-pairwise-unsync", o, &u) == 0 && u.verified &&
                 test_run("cx-pairwise", o, &s) == 0 && s.verified,
          "iPSC-cost runs failed");
    double r = (double)f.cycles / (double)u.cycles;
    CHECK(t, r >= 1.8 && r <= 3.0, "1 word, d = 4: pairwise_F %llu cycles, pairwise_U %llu: "
          "ratio %.2f, not about 2", (unsigned long long)f.cycles, (unsigned long long)u.cycles, r);
    CHECK(t, f.cycles >= s.cycles + 15ull * 2375,
          "the zero-word pairs cost %llu cycles over cx-pairwise, not a send per step",
          (unsigned long long)(f.cycles - s.cycles));
    o.jitter = 0.3;
    for (uint32_t seed = 1; seed <= 4; seed++) {
        o.seed = seed;
        o.words = 64;
        CHECK(t, test_run("cx-pairwise-f", o, &f) == 0 && f.verified && f.errors == 0,
              "jitter 0.3, seed %u: cx-pairwise-f failed (%llu errors)", seed,
              (unsigned long long)f.errors);
    }
}

/* Chuang & Horie's tree with its broadcast on the B-net: every node checks
 * the total it read from the bus; the broadcast costs exactly one send, the
 * bus time of B words and one status read over the fan-in alone; and the
 * B-net tree beats the torus broadcast on 64 nodes. */
static void test_hc_bnet_tree(test_ctx *t)
{
    for (int n = 2; n <= 8; n *= 2) {
        run_result b, r;
        CHECK(t, run_hc("global-sum-tree-bnet", n, 6, 0, NULL, &b) == 0 && b.verified &&
                     b.errors == 0 && run_hc("global-sum-tree-reduce", n, 6, 0, NULL, &r) == 0,
              "n %d: global-sum-tree-bnet failed (%llu errors)", n,
              (unsigned long long)b.errors);
        test_opts o = test_defaults(n, 6);
        uint64_t want = (uint64_t)o.msg_cycles + 6u * 2u + (uint64_t)o.call_cycles;
        CHECK(t, b.cycles == r.cycles + want, "n %d: bnet %llu cycles, reduce %llu: the "
              "broadcast took %lld, want %llu", n, (unsigned long long)b.cycles,
              (unsigned long long)r.cycles, (long long)(b.cycles - r.cycles),
              (unsigned long long)want);
        CHECK(t, b.messages == (uint64_t)(n * n - 1), "n %d: %llu torus messages", n,
              (unsigned long long)b.messages);
    }
    run_result tr, bn;
    CHECK(t, run_hc("global-sum-tree", 8, 2, 0, NULL, &tr) == 0 &&
                 run_hc("global-sum-tree-bnet", 8, 2, 0, NULL, &bn) == 0 && bn.cycles < tr.cycles,
          "64 nodes: the B-net tree (%llu) is not faster than the torus broadcast (%llu)",
          (unsigned long long)bn.cycles, (unsigned long long)tr.cycles);
}

const test_case tests_hypercube[] = {
    { "test_hc_exchange_kernels", test_hc_exchange_kernels },
    { "test_hc_global_sum_and_scan", test_hc_global_sum_and_scan },
    { "test_hc_aapc", test_hc_aapc },
    { "test_hc_scan_flops", test_hc_scan_flops },
    { "test_hc_complete_exchange_direct", test_hc_complete_exchange_direct },
    { "test_hc_complete_exchange_standard", test_hc_complete_exchange_standard },
    { "test_hc_global_combine_bidir", test_hc_global_combine_bidir },
    { "test_hc_global_combine_unidir", test_hc_global_combine_unidir },
    { "test_hc_mapping_gray", test_hc_mapping_gray },
    { "test_hc_rejects_non_power_of_two", test_hc_rejects_non_power_of_two },
    { "test_hc_bytes_are_payload_moved", test_hc_bytes_are_payload_moved },
    { "test_hc_check_catches_bad_value", test_hc_check_catches_bad_value },
    { "test_hc_recv_detects_overrun", test_hc_recv_detects_overrun },
    { "test_hc_route_offsets", test_hc_route_offsets },
    { "test_hc_orderings_exchange", test_hc_orderings_exchange },
    { "test_hc_orderings_aapc", test_hc_orderings_aapc },
    { "test_hc_orderings_combine", test_hc_orderings_combine },
    { "test_hc_p2p_distance_and_contention", test_hc_p2p_distance_and_contention },
    { "test_hc_pairwise_unsync", test_hc_pairwise_unsync },
    { "test_hc_pairwise_f", test_hc_pairwise_f },
    { "test_hc_bnet_tree", test_hc_bnet_tree },
    { NULL, NULL },
};
