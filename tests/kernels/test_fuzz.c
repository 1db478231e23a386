/* Tests of the fuzz family (sw/kernels/fuzz/, docs/kernels/fuzz.md): its
 * plan (contention-free phases the switch accepts, permutations, routes,
 * lengths), end-to-end runs at several parameter points, determinism, the
 * software clears, that a wrong word or a stall fails the run, and that it
 * produces the contention the phased kernels never do. */
#include <stdlib.h>
#include <string.h>
#include "flit.h"
#include "fuzz/fuzz_kernels.h"
#include "suites.h"
#include "test_util.h"

static test_opts fast(int n, uint32_t words, uint32_t seed)
{
    test_opts o = test_defaults(n, words);
    o.seed = seed;
    o.msg_cycles = 10;   /* message passing near the network's pace */
    o.watchdog = 20000;
    return o;
}

/* Every phase: each node's destination is a permutation that
 * fuzz_aapc_source inverts, and every router input (X+, X-, Y+, Y-; the
 * inject one trivially) carries exactly one message. */
static void test_fuzz_phases_fit_the_switch(test_ctx *t)
{
    const int ns[] = { 4, 6, 8, 10, 16 };
    for (size_t a = 0; a < sizeof ns / sizeof ns[0]; a++) {
        int n = ns[a], N = n * n;
        int *in = malloc((size_t)N * 4 * sizeof *in), *got = malloc((size_t)N * sizeof *got);
        CHECK(t, in && got, "out of memory");
        for (uint32_t seed = 1; seed <= 8; seed++)
            for (int k = 0; k < fuzz_phases(n); k++) {
                memset(in, 0, (size_t)N * 4 * sizeof *in);
                memset(got, 0, (size_t)N * sizeof *got);
                for (int s = 0; s < N; s++) {
                    int x = s % n, y = s / n, dx, dy;
                    fuzz_aapc_route(seed, n, k, x, y, &dx, &dy);
                    CHECK(t, (dx == 2 || dx == -2) && (dy == 2 || dy == -2), "hops %d %d", dx, dy);
                    for (int h = 0; h < 2; h++) {   /* X leg, input X+ (0) or X- (1) */
                        x = (x + (dx > 0 ? 1 : n - 1)) % n;
                        in[(y * n + x) * 4 + (dx > 0 ? 0 : 1)]++;
                    }
                    for (int h = 0; h < 2; h++) {   /* Y leg, input Y+ (2) or Y- (3) */
                        y = (y + (dy > 0 ? 1 : n - 1)) % n;
                        in[(y * n + x) * 4 + (dy > 0 ? 2 : 3)]++;
                    }
                    got[y * n + x]++;
                    CHECK(t, fuzz_aapc_source(seed, n, k, x, y) == s,
                          "n=%d seed %u phase %d: source of (%d,%d) is not %d", n, seed, k, x, y, s);
                }
                for (int i = 0; i < N; i++) {
                    CHECK(t, got[i] == 1, "n=%d phase %d: node %d receives %d", n, k, i, got[i]);
                    for (int p = 0; p < 4; p++)
                        CHECK(t, in[i * 4 + p] == 1, "n=%d seed %u phase %d: node %d input %d "
                              "carries %d messages", n, seed, k, i, p, in[i * 4 + p]);
                }
            }
        free(in);
        free(got);
    }
}

/* Rounds are permutations, routes reach the destination with |hops| < n
 * (some the long way), lengths cover 0..B. */
static void test_fuzz_rounds_routes_lengths(test_ctx *t)
{
    int n = 8, N = 64, dst[64], longs = 0, zeros = 0, fulls = 0, selfs = 0;
    CHECK(t, fuzz_phases(4) + fuzz_rounds(4) <= 16 && fuzz_phases(8) + fuzz_rounds(8) <= 64,
          "more tags than nodes");
    for (int j = 0; j < fuzz_rounds(n); j++) {
        int seen[64] = { 0 };
        fuzz_round_dests(7, n, j, dst);
        for (int s = 0; s < N; s++) {
            int dx, dy;
            CHECK(t, dst[s] >= 0 && dst[s] < N && !seen[dst[s]]++, "round %d not a permutation", j);
            fuzz_round_route(7, n, j, s, dst[s], &dx, &dy);
            CHECK(t, dx > -n && dx < n && dy > -n && dy < n, "hops %d %d", dx, dy);
            CHECK(t, ((s % n + dx) % n + n) % n == dst[s] % n &&
                     ((s / n + dy) % n + n) % n == dst[s] / n, "route misses");
            longs += abs(dx) > n / 2 || abs(dy) > n / 2;
            selfs += dst[s] == s;
            uint32_t len = fuzz_len(7, 16, fuzz_phases(n) + j, s);
            CHECK(t, len <= 16, "length %u", len);
            zeros += len == 0;
            fulls += len == 16;
        }
    }
    CHECK(t, longs > 50 && zeros > 100 && fulls > 30 && selfs > 5,
          "long routes %d, empty %d, full %d, self %d", longs, zeros, fulls, selfs);
}

static void test_fuzz_check_refuses(test_ctx *t)
{
    kernel_cfg c = { .n = 8, .words = 4 };
    const kernel_t *k = kernel_find("fuzz"), *s = kernel_find("fuzz-sw");
    CHECK(t, k && s && k->sync == KERNEL_SYNC_HW && s->sync == KERNEL_SYNC_SW, "table");
    const int bad[] = { 2, 3, 5, 34 }, good[] = { 4, 6, 8, 32 };
    for (int i = 0; i < 4; i++) {
        c.n = bad[i];
        CHECK(t, k->check(&c) != NULL, "n=%d accepted", bad[i]);
        c.n = good[i];
        CHECK(t, k->check(&c) == NULL, "n=%d refused", good[i]);
    }
    /* the options of other kernels are refused, not ignored (kernel_check) */
    kernel_cfg o = c;
    o.zero_prob = 0.5;
    CHECK(t, kernel_check(s, &o) != NULL, "--zero-prob accepted");
    o = c;
    o.barrier = "gsync";
    CHECK(t, kernel_check(k, &o) != NULL, "--barrier accepted");
    o = c;
    o.unidir = 1;
    CHECK(t, kernel_check(k, &o) != NULL, "--routing unidir accepted");
}

/* Both kernels verify at several (n, depth, T_t, memory) points, and the
 * bytes are the plan's. */
static void test_fuzz_e2e(test_ctx *t)
{
    const char *ks[] = { "fuzz", "fuzz-sw" };
    struct { int n, depth, tt; double mem_bw; uint32_t words; } pt[] = {
        { 4, 4, 2, 0, 16 }, { 6, 1, 2, 0, 8 }, { 8, 3, 3, 0.5, 12 }, { 8, 6, 1, 0, 0 },
        { 6, 2, 1, 1.0, 24 },
    };
    for (int a = 0; a < 2; a++)
        for (size_t i = 0; i < sizeof pt / sizeof pt[0]; i++) {
            test_opts o = fast(pt[i].n, pt[i].words, 3 + (uint32_t)i);
            o.depth = pt[i].depth;
            o.tt = pt[i].tt;
            o.mem_bw = pt[i].mem_bw;
            run_result r;
            int rc = test_run(ks[a], o, &r);
            CHECK(t, rc == 0 && r.verified && r.errors == 0, "%s point %zu: status %d, %llu errors",
                  ks[a], i, rc, (unsigned long long)r.errors);
            kernel_cfg c = { .n = o.n, .words = o.words, .seed = o.seed };
            CHECK(t, r.bytes == fuzz_bytes(&c), "bytes %.0f", r.bytes);
            CHECK(t, pt[i].words == 0 || r.bytes > 0, "no payload");
        }
}

static void test_fuzz_deterministic(test_ctx *t)
{
    run_result a, b, c;
    CHECK(t, test_run("fuzz", fast(6, 16, 9), &a) == 0, "run a");
    CHECK(t, test_run("fuzz", fast(6, 16, 9), &b) == 0, "run b");
    CHECK(t, test_run("fuzz", fast(6, 16, 10), &c) == 0, "run c");
    CHECK(t, a.cycles == b.cycles && a.bytes == b.bytes, "same seed: %llu vs %llu cycles",
          (unsigned long long)a.cycles, (unsigned long long)b.cycles);
    CHECK(t, a.cycles != c.cycles && a.bytes != c.bytes, "seeds 9 and 10 alike");
}

/* One flipped bit in one node's slots fails the run with exactly one error;
 * a stalled node ends it on the watchdog. */
static void test_fuzz_corrupt_and_stall_fail(test_ctx *t)
{
    const char *ks[] = { "fuzz", "fuzz-sw" };
    for (int a = 0; a < 2; a++) {
        test_opts o = fast(4, 8, 2);
        o.fuzz_corrupt = 1;
        run_result r;
        int rc = test_run(ks[a], o, &r);
        CHECK(t, rc == EXIT_VERIFY && !r.verified && r.errors == 1, "%s corrupted: status %d, "
              "%llu errors", ks[a], rc, (unsigned long long)r.errors);
        o = fast(4, 8, 2);
        o.stall_node = 5;
        o.stall_step = 3;
        o.watchdog = 2000;
        rc = test_run(ks[a], o, &r);
        CHECK(t, rc == EXIT_STUCK, "%s stalled: status %d", ks[a], rc);
    }
}

/* Software clears with the bits not all set, and those of them in a cycle
 * in which the router grants an AAPC TAIL (which the clear then drops). */
typedef struct { uint64_t premature, with_tail; } clears;

static int clear_step(machine_t *m, void *ctx)
{
    clears *c = ctx;
    uint8_t pre[64];
    for (int i = 0; i < m->num_nodes && i < 64; i++)
        pre[i] = m->node[i].sw_clear && m->r[i].nim != 0x1f;
    int rc = machine_routers_step_c(m);
    for (int i = 0; i < m->num_nodes && i < 64; i++) {
        if (!pre[i]) continue;
        c->premature++;
        int tail = 0;
        for (int o = 0; o < NUM_PORTS; o++) {
            flit_t f = m->out_d[i].link[o];
            tail |= (f & FLIT_VALID_BIT) && (f >> FLIT_VC_LSB & FLIT_VC_MASK) == VC_AAPC &&
                    (f >> FLIT_KIND_LSB & FLIT_KIND_MASK) == FLIT_TAIL;
        }
        c->with_tail += (uint64_t)tail;
    }
    return rc;
}

/* The hardware switch counts exactly P phases everywhere; with software
 * clears every router passes at least P, the premature ones in the last
 * phase push some beyond, and over a few seeds some clear falls on a TAIL
 * (microarchitecture Section 15, item 2) and the run still verifies. */
static void test_fuzz_phase_counts(test_ctx *t)
{
    machine_t m;
    int P = fuzz_phases(6);
    int st = test_run_machine("fuzz", fast(6, 16, 4), &m, NULL, NULL);
    int ok = st == RUN_OK, exact = 1;
    for (int i = 0; ok && i < m.num_nodes; i++) exact &= m.r[i].phase == (uint32_t)P;
    machine_free(&m);
    CHECK(t, ok && exact, "fuzz: status %d, phases not all %d", st, P);
    st = test_run_machine("fuzz-sw", fast(6, 16, 4), &m, NULL, NULL);
    uint32_t lo = UINT32_MAX, hi = 0;
    for (int i = 0; st == RUN_OK && i < m.num_nodes; i++) {
        if (m.r[i].phase < lo) lo = m.r[i].phase;
        if (m.r[i].phase > hi) hi = m.r[i].phase;
    }
    machine_free(&m);
    CHECK(t, st == RUN_OK && lo >= (uint32_t)P && hi > (uint32_t)P + 1,
          "fuzz-sw: status %d, phases %u..%u (P = %d)", st, lo, hi, P);
    clears c = { 0, 0 };
    for (uint32_t seed = 1; seed <= 8; seed++) {
        st = test_run_machine("fuzz-sw", fast(6, 16, seed), &m, clear_step, &c);
        uint64_t errs = 0;
        for (int i = 0; i < m.num_nodes; i++) errs += m.node[i].errors;
        machine_free(&m);
        CHECK(t, st == RUN_OK && errs == 0, "seed %u: status %d, %llu errors", seed, st,
              (unsigned long long)errs);
    }
    CHECK(t, c.premature > 50 && c.with_tail > 0, "%llu premature clears, %llu on a TAIL",
          (unsigned long long)c.premature, (unsigned long long)c.with_tail);
    printf("INFO fuzz-sw 6x6, seeds 1-8: %llu premature clears, %llu in a cycle with an AAPC "
           "TAIL grant\n", (unsigned long long)c.premature, (unsigned long long)c.with_tail);
}

/* Link-output VC cycles with no credit, and flits on the dateline VC. */
typedef struct { uint64_t zero_credit[NUM_VC], hi_flits; } contention;

static int count_step(machine_t *m, void *ctx)
{
    contention *c = ctx;
    int rc = machine_routers_step_c(m);
    for (int i = 0; i < m->num_nodes; i++)
        for (int o = 0; o < NUM_PORTS - 1; o++) {
            for (int v = 0; v < NUM_VC; v++) c->zero_credit[v] += m->r[i].credits[v][o] == 0;
            flit_t f = m->out_d[i].link[o];
            c->hi_flits += (f & FLIT_VALID_BIT) && (f >> FLIT_VC_LSB & FLIT_VC_MASK) == VC_MP_HI;
        }
    return rc;
}

/* Phased AAPC never runs a link VC out of credit at D = 4, T_t = 2 and uses
 * no message-passing VC; fuzz does both, on both pools. */
static void test_fuzz_contention_beats_phased(test_ctx *t)
{
    contention ph = { { 0 }, 0 }, fz = { { 0 }, 0 };
    machine_t m;
    int a = test_run_machine("phased", test_defaults(8, 16), &m, count_step, &ph);
    machine_free(&m);
    int b = test_run_machine("fuzz", fast(8, 16, 1), &m, count_step, &fz);
    machine_free(&m);
    CHECK(t, a == RUN_OK && b == RUN_OK, "status %d %d", a, b);
    CHECK(t, ph.zero_credit[VC_MP_LO] + ph.zero_credit[VC_MP_HI] == 0 && ph.hi_flits == 0,
          "phased used the message-passing VCs");
    CHECK(t, fz.zero_credit[VC_AAPC] > 0 && fz.zero_credit[VC_MP_LO] > 0 &&
             fz.zero_credit[VC_MP_HI] > 0 && fz.hi_flits > 0,
          "fuzz: credit-zero VC-cycles %llu/%llu/%llu, %llu dateline flits",
          (unsigned long long)fz.zero_credit[0], (unsigned long long)fz.zero_credit[1],
          (unsigned long long)fz.zero_credit[2], (unsigned long long)fz.hi_flits);
    printf("INFO credit-zero link VC-cycles (AAPC/LO/HI), 8x8 B=16: phased %llu/%llu/%llu, "
           "fuzz %llu/%llu/%llu (%llu flits on the dateline VC)\n",
           (unsigned long long)ph.zero_credit[0], (unsigned long long)ph.zero_credit[1],
           (unsigned long long)ph.zero_credit[2], (unsigned long long)fz.zero_credit[0],
           (unsigned long long)fz.zero_credit[1], (unsigned long long)fz.zero_credit[2],
           (unsigned long long)fz.hi_flits);
}

#define T(fn) { #fn, fn }
const test_case tests_fuzz[] = {
    T(test_fuzz_phases_fit_the_switch),
    T(test_fuzz_rounds_routes_lengths),
    T(test_fuzz_check_refuses),
    T(test_fuzz_e2e),
    T(test_fuzz_deterministic),
    T(test_fuzz_corrupt_and_stall_fail),
    T(test_fuzz_phase_counts),
    T(test_fuzz_contention_beats_phased),
    { NULL, NULL },
};
