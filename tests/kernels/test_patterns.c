/* Tests of the patterns kernels (Hinrichs et al. 1994, Sec. 4.2-4.4):
 * sparse steps as AAPC subsets vs message passing (Table 1), message size
 * variation (Fig. 9), the 2D FFT with AAPC transposes (Fig. 10). Every run
 * checks every received word; these tests add the counts, the bytes, the
 * paper's orderings and the FFT's numerical check. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "patterns/fft2d.h"
#include "patterns/sizes.h"
#include "patterns/sparse.h"
#include "suites.h"
#include "test_util.h"

/* The iwarp machine with a longer watchdog (the FFT computes for long). */
static test_opts basic(int n, uint32_t words)
{
    test_opts o = test_defaults(n, words);
    o.watchdog = 20000;
    return o;
}

/* ---- the patterns themselves ---------------------------------------------- */

static void test_patterns_partner_sets(test_ctx *t)
{
    int p[SPARSE_MAX_PARTNERS], q[SPARSE_MAX_PARTNERS];
    const int ns[] = { 4, 8, 16 };
    for (size_t a = 0; a < sizeof ns / sizeof ns[0]; a++) {
        int n = ns[a], N = n * n;
        for (int kind = SPARSE_NN; kind <= SPARSE_FEM; kind++)
            for (int i = 0; i < N; i++) {
                int np = sparse_partners(kind, n, 0, i, p);
                int want_lo = kind == SPARSE_NN ? 4 : kind == SPARSE_FEM ? 4 : 0;
                int want_hi = kind == SPARSE_NN ? 4 : 15;
                if (kind == SPARSE_HCUBE) want_lo = want_hi = n == 4 ? 4 : n == 8 ? 6 : 8;
                CHECK(t, np >= want_lo && np <= want_hi, "n=%d kind %d node %d: %d partners",
                      n, kind, i, np);
                for (int j = 0; j < np; j++) {
                    CHECK(t, p[j] != i && p[j] >= 0 && p[j] < N, "bad partner %d of %d", p[j], i);
                    CHECK(t, j == 0 || p[j] > p[j - 1], "partners of %d not distinct/sorted", i);
                    /* symmetric */
                    int nq = sparse_partners(kind, n, 0, p[j], q), found = 0;
                    for (int m = 0; m < nq; m++) found |= q[m] == i;
                    CHECK(t, found, "n=%d kind %d: %d -> %d not symmetric", n, kind, i, p[j]);
                    if (kind == SPARSE_HCUBE) {
                        int x = p[j] ^ i;
                        CHECK(t, x && !(x & (x - 1)), "hypercube partner differs in >1 bit");
                    }
                }
            }
    }
    /* the FEM graph is irregular, not everyone the same degree */
    int lo = 99, hi = 0;
    for (int i = 0; i < 64; i++) {
        int np = sparse_partners(SPARSE_FEM, 8, 0, i, p);
        if (np < lo) lo = np;
        if (np > hi) hi = np;
    }
    CHECK(t, hi - lo >= 5, "FEM degrees %d..%d: not irregular", lo, hi);
}

static void test_patterns_checks_reject(test_ctx *t)
{
    kernel_cfg c = { .n = 6, .words = 16 };
    const kernel_t *hc = kernel_find("hcube-msgpass"), *nn = kernel_find("nn-msgpass"),
                   *fem = kernel_find("fem-msgpass"), *fft = kernel_find("fft2d");
    CHECK(t, hc && nn && fem && fft, "kernels missing from the table");
    CHECK(t, hc->check(&c) != NULL, "hypercube on 36 nodes accepted");
    c.n = 4;
    CHECK(t, hc->check(&c) == NULL, "hypercube on 16 nodes rejected");
    c.n = 2;
    CHECK(t, nn->check(&c) != NULL, "nearest neighbour on n=2 accepted");
    c.n = 3;
    CHECK(t, fem->check(&c) != NULL, "FEM on n=3 accepted");
    c.n = 8;
    c.words = 16; /* not 2k^2 */
    CHECK(t, fft->check(&c) != NULL, "fft2d with B=16 accepted");
    c.words = 18; /* k = 3: R = 192, not a power of two */
    CHECK(t, fft->check(&c) != NULL, "fft2d with R=192 accepted");
    c.words = 128;
    CHECK(t, fft->check(&c) == NULL, "fft2d 512x512 on 8x8 rejected");
    c.n = 4;
    c.words = 2; /* R = 16, fine for msgpass, but phased needs n % 8 == 0 */
    CHECK(t, fft->check(&c) != NULL, "fft2d phased transposes on n=4 accepted");
    c.transpose = "msgpass";
    CHECK(t, fft->check(&c) == NULL, "fft2d msgpass transposes on n=4 rejected");
    c.transpose = "bogus";
    CHECK(t, fft->check(&c) != NULL, "fft2d --transpose bogus accepted");
    /* the phased forms are flagged so the CLI checks n % 8 */
    CHECK(t, kernel_find("nn-aapc")->phased && kernel_find("phased-var")->phased &&
             !kernel_find("msgpass-var")->phased, "phased flags");
}

/* ---- sparse patterns end to end -------------------------------------------- */

static void sparse_e2e(test_ctx *t, const char *base, int kind)
{
    char name[32];
    run_result r;
    long total = sparse_total_partners(kind, 8);
    snprintf(name, sizeof name, "%s-aapc", base);
    int rc = test_run(name, basic(8, 16), &r);
    CHECK(t, rc == 0 && r.verified, "%s: status %d, %llu errors", name, rc,
          (unsigned long long)r.errors);
    /* the whole schedule ran: 64 phases, every node one (maybe empty)
     * message per phase */
    CHECK(t, r.phase_min == 64 && r.phase_max == 64, "%s: phases %u..%u", name, r.phase_min,
          r.phase_max);
    CHECK(t, r.messages == 4096, "%s: %llu messages", name, (unsigned long long)r.messages);
    CHECK(t, r.bytes == (double)total * 16 * 4, "%s: bytes %.0f", name, r.bytes);
    snprintf(name, sizeof name, "%s-msgpass", base);
    rc = test_run(name, basic(8, 16), &r);
    CHECK(t, rc == 0 && r.verified, "%s: status %d", name, rc);
    CHECK(t, r.messages == (uint64_t)total, "%s: %llu messages, want %ld", name,
          (unsigned long long)r.messages, total);
    CHECK(t, r.bytes == (double)total * 16 * 4, "%s: bytes %.0f", name, r.bytes);
}

static void test_patterns_nn_e2e(test_ctx *t) { sparse_e2e(t, "nn", SPARSE_NN); }
static void test_patterns_hcube_e2e(test_ctx *t) { sparse_e2e(t, "hcube", SPARSE_HCUBE); }
static void test_patterns_fem_e2e(test_ctx *t) { sparse_e2e(t, "fem", SPARSE_FEM); }

static void test_patterns_sparse_other_n(test_ctx *t)
{
    run_result r;
    /* message passing forms on tori the phased schedule does not cover */
    CHECK(t, test_run("nn-msgpass", basic(5, 8), &r) == 0 && r.verified, "nn-msgpass n=5");
    CHECK(t, test_run("hcube-msgpass", basic(4, 8), &r) == 0 && r.verified, "hcube-msgpass n=4");
    CHECK(t, test_run("fem-msgpass", basic(6, 8), &r) == 0 && r.verified, "fem-msgpass n=6");
    /* B = 0: every message empty, still counted */
    CHECK(t, test_run("fem-aapc", basic(8, 0), &r) == 0 && r.verified && r.bytes == 0,
          "fem-aapc B=0");
}

/* Table 1: the sparse steps lose as AAPC subsets. At the default preset
 * (hardware switch, 10-cycle queue calls) this holds for nearest neighbour
 * and FEM; with a prototype-like 100 cycles per queue call (the iWarp
 * switch was software) it holds for all three, hypercube included. */
static void test_patterns_table1_msgpass_beats_subsets(test_ctx *t)
{
    const char *names[] = { "nn", "fem", "hcube" };
    for (int cc = 0; cc < 2; cc++)
        for (int i = 0; i < (cc ? 3 : 2); i++) {
            char a[32], m[32];
            run_result ra, rm;
            snprintf(a, sizeof a, "%s-aapc", names[i]);
            snprintf(m, sizeof m, "%s-msgpass", names[i]);
            test_opts o = basic(8, 128);
            if (cc) o.call_cycles = 100;   /* else the preset's 10 */
            CHECK(t, test_run(a, o, &ra) == 0 && test_run(m, o, &rm) == 0, "%s runs failed",
                  names[i]);
            CHECK(t, rm.agg_mbps > 1.3 * ra.agg_mbps,
                  "%s (call cycles %d): msgpass %.0f MB/s vs AAPC subset %.0f MB/s",
                  names[i], o.call_cycles, rm.agg_mbps, ra.agg_mbps);
        }
}

/* ---- message size variation ------------------------------------------------ */

static void test_patterns_size_var_lengths(test_ctx *t)
{
    kernel_cfg c = { .n = 8, .words = 100, .seed = 7 };
    for (int s = 0; s < 64; s++)
        CHECK(t, size_var_len(&c, s, (s * 7) % 64) == 100, "V=0,P=0 must give B");
    c.size_variance = 0.5;
    uint32_t lo = 1000, hi = 0;
    double sum = 0;
    for (int s = 0; s < 64; s++)
        for (int d = 0; d < 64; d++) {
            uint32_t l = size_var_len(&c, s, d);
            if (l < lo) lo = l;
            if (l > hi) hi = l;
            sum += l;
        }
    CHECK(t, lo >= 50 && hi <= 150 && hi == size_var_max(&c), "range %u..%u", lo, hi);
    CHECK(t, lo < 60 && hi > 140, "range %u..%u not spread", lo, hi);
    CHECK(t, sum / 4096 > 97 && sum / 4096 < 103, "mean %.1f", sum / 4096);
    c.size_variance = 0;
    c.zero_prob = 0.3;
    int zeros = 0;
    for (int s = 0; s < 64; s++)
        for (int d = 0; d < 64; d++) {
            uint32_t l = size_var_len(&c, s, d);
            CHECK(t, l == 0 || l == 100, "length %u with only --zero-prob", l);
            zeros += l == 0;
        }
    CHECK(t, zeros > 1100 && zeros < 1350, "%d of 4096 empty at P=0.3", zeros);
    c.zero_prob = 1;
    CHECK(t, size_var_bytes(&c) == 0, "P=1: bytes %.0f", size_var_bytes(&c));
    /* another seed, other lengths */
    kernel_cfg d = c;
    c.zero_prob = d.zero_prob = 0;
    c.size_variance = d.size_variance = 0.5;
    d.seed = 8;
    int same = 0;
    for (int s = 0; s < 64; s++) same += size_var_len(&c, s, 3) == size_var_len(&d, s, 3);
    CHECK(t, same < 16, "%d of 64 lengths equal across seeds", same);
}

static void test_patterns_var_e2e(test_ctx *t)
{
    test_opts o = basic(8, 24);
    o.size_variance = 0.5;
    o.zero_prob = 0.2;
    kernel_cfg c = { .n = 8, .words = 24, .seed = 1, .size_variance = 0.5, .zero_prob = 0.2 };
    run_result r;
    int rc = test_run("phased-var", o, &r);
    CHECK(t, rc == 0 && r.verified, "phased-var: status %d, %llu errors", rc,
          (unsigned long long)r.errors);
    CHECK(t, r.bytes == size_var_bytes(&c) && r.bytes < 4096.0 * 24 * 4, "bytes %.0f", r.bytes);
    CHECK(t, r.phase_min == 64 && r.phase_max == 64, "phases %u..%u", r.phase_min, r.phase_max);
    rc = test_run("msgpass-var", o, &r);
    CHECK(t, rc == 0 && r.verified, "msgpass-var: status %d", rc);
    uint64_t full = 0;  /* msgpass-var sends only the non-empty blocks */
    for (int src = 0; src < 64; src++)
        for (int dst = 0; dst < 64; dst++) full += size_var_len(&c, src, dst) != 0;
    CHECK(t, full > 3000 && full < 3500 && r.messages == full, "%llu messages, %llu non-empty",
          (unsigned long long)r.messages, (unsigned long long)full);
    /* V = 0, P = 0: exactly the plain kernels' cycles */
    run_result a, b;
    CHECK(t, test_run("phased-var", basic(8, 16), &a) == 0 && test_run("phased", basic(8, 16), &b) == 0,
          "runs");
    CHECK(t, a.cycles == b.cycles, "phased-var %llu vs phased %llu cycles",
          (unsigned long long)a.cycles, (unsigned long long)b.cycles);
}

/* Fig. 9(b): phased bandwidth falls (about linearly) as P grows; Fig. 9(a):
 * it falls as the variance grows; message passing barely notices either. */
static void test_patterns_fig9_phased_falls(test_ctx *t)
{
    const double ps[] = { 0, 0.3, 0.6, 0.9 };
    double bw[4];
    for (int i = 0; i < 4; i++) {
        test_opts o = basic(8, 32);
        o.zero_prob = ps[i];
        run_result r;
        CHECK(t, test_run("phased-var", o, &r) == 0 && r.verified, "P=%.1f run failed", ps[i]);
        bw[i] = r.agg_mbps;
        CHECK(t, i == 0 || bw[i] < bw[i - 1], "P=%.1f: %.0f MB/s, not below %.0f at P=%.1f",
              ps[i], bw[i], bw[i - 1], ps[i - 1]);
    }
    /* linear: the phases keep their length, only the bytes shrink */
    CHECK(t, bw[3] < 0.2 * bw[0], "P=0.9 keeps %.0f of %.0f MB/s", bw[3], bw[0]);
    test_opts o = basic(8, 32);
    run_result r0, r5;
    o.size_variance = 0.5;
    CHECK(t, test_run("phased-var", o, &r5) == 0, "V=0.5 run");
    CHECK(t, r5.agg_mbps < 0.9 * bw[0], "V=0.5: %.0f MB/s vs %.0f at V=0", r5.agg_mbps, bw[0]);
    CHECK(t, test_run("msgpass-var", basic(8, 32), &r0) == 0 && test_run("msgpass-var", o, &r5) == 0,
          "msgpass-var runs");
    CHECK(t, r5.agg_mbps > 0.9 * r0.agg_mbps, "msgpass V=0.5 %.0f vs %.0f MB/s", r5.agg_mbps,
          r0.agg_mbps);
}

/* ---- 2D FFT ---------------------------------------------------------------- */

static void test_patterns_fft2d_reference(test_ctx *t)
{
    double e = fft2d_reference_vs_dft(16, 3);
    CHECK(t, e >= 0 && e < 1e-12, "fast reference vs direct DFT: %g", e);
    e = fft2d_reference_vs_dft(8, 1);
    CHECK(t, e >= 0 && e < 1e-12, "R=8: %g", e);
}

static void fft_e2e(test_ctx *t, const char *transpose, int n, uint32_t words,
                    uint64_t *comm)
{
    test_opts o = basic(n, words);
    o.transpose = transpose;
    o.flop_cycles = 1; /* shorter runs; the default (2) is the CLI's */
    run_result r;
    int rc = test_run("fft2d", o, &r);
    const fft2d_report *rep = &r.report.fft2d;
    CHECK(t, rc == 0 && r.verified, "fft2d %s n=%d B=%u: status %d, %llu errors", transpose, n,
          words, rc, (unsigned long long)r.errors);
    CHECK(t, rep->nodes_done == n * n && rep->bad_elements == 0 && rep->max_err < 1e-5,
          "report: %d nodes, %llu bad, error %g", rep->nodes_done,
          (unsigned long long)rep->bad_elements, rep->max_err);
    int R = rep->R, lg = 0;
    while ((1 << lg) < R) lg++;
    CHECK(t, rep->flops_per_node == 2ull * rep->k * 5 * R * lg, "flops %llu",
          (unsigned long long)rep->flops_per_node);
    CHECK(t, rep->compute_cycles == rep->flops_per_node,
          "compute %llu cycles", (unsigned long long)rep->compute_cycles);
    CHECK(t, rep->comm_cycles > 0 && rep->compute_cycles + rep->comm_cycles <= r.cycles + 1,
          "comm %llu + compute %llu vs %llu cycles", (unsigned long long)rep->comm_cycles,
          (unsigned long long)rep->compute_cycles, (unsigned long long)r.cycles);
    CHECK(t, r.bytes == 2.0 * n * n * n * n * words * 4, "bytes %.0f", r.bytes);
    *comm = rep->comm_cycles;
}

static void test_patterns_fft2d_e2e(test_ctx *t)
{
    uint64_t ph, mp, x;
    fft_e2e(t, NULL, 8, 8, &ph);   /* 128 x 128, 2 rows per node */
    if (t->failed) return;
    fft_e2e(t, "msgpass", 8, 8, &mp);
    if (t->failed) return;
    /* Fig. 10: the phased transposes take a fraction of message passing's */
    CHECK(t, ph * 2 < mp, "phased transposes %llu cycles vs msgpass %llu",
          (unsigned long long)ph, (unsigned long long)mp);
    fft_e2e(t, "msgpass", 4, 2, &x); /* 16 x 16 on 4x4, not a phased size */
}

static void test_patterns_fft2d_check_fails(test_ctx *t)
{
    /* the checker itself: the reference passes, one wrong element fails */
    int n = 8, id = 5;
    uint32_t words = 8, N = 64;
    uint32_t *mem = calloc((size_t)N * words, sizeof *mem);
    CHECK(t, mem != NULL, "memory");
    double err;
    int ok = fft2d_reference_rows(mem, n, words, 1, id) == 0;
    long clean = fft2d_check_rows(mem, n, words, 1, id, &err);
    float f;
    memcpy(&f, &mem[3 * words + 5], 4);
    f = f * 1.01f + 0.5f;
    memcpy(&mem[3 * words + 5], &f, 4);
    long bad = fft2d_check_rows(mem, n, words, 1, id, &err);
    long other = fft2d_check_rows(mem, n, words, 1, id + 1, &err); /* wrong rows */
    free(mem);
    CHECK(t, ok && clean == 0, "reference rows rejected (%ld)", clean);
    CHECK(t, bad == 1, "one corrupted element: %ld failures", bad);
    CHECK(t, other > 100, "another node's rows: only %ld failures", other);
    /* end to end: a corrupted result fails the run's verification */
    test_opts o = basic(8, 2);
    o.fft2d_corrupt = 1;
    run_result r;
    int rc = test_run("fft2d", o, &r);
    CHECK(t, rc == EXIT_VERIFY && !r.verified, "corrupted FFT: status %d", rc);
    CHECK(t, r.report.fft2d.bad_elements == 64, "%llu bad elements",
          (unsigned long long)r.report.fft2d.bad_elements);
}

/* The options a kernel does not use are refused, not ignored; the hypercube
 * exchange takes --mapping (both forms) and --routing (message passing). */
static void test_patterns_refuse_unused(test_ctx *t)
{
    static const char *const all[] = { "nn-aapc", "nn-msgpass", "hcube-aapc", "hcube-msgpass",
                                       "fem-aapc", "fem-msgpass", "phased-var", "msgpass-var",
                                       "fft2d" };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        const kernel_t *k = kernel_find(all[i]);
        int hc = !strncmp(all[i], "hcube-", 6);
        kernel_cfg c = { .n = 8, .words = 8, .mapping = "gray" };
        CHECK(t, k && (kernel_check(k, &c) == NULL) == hc, "%s: --mapping gray %s", all[i],
              hc ? "refused" : "accepted");
        c = (kernel_cfg){ .n = 8, .words = 8, .unidir = 1 };
        int takes = !strcmp(all[i], "hcube-msgpass");
        CHECK(t, k && (kernel_check(k, &c) == NULL) == takes, "%s: --routing unidir %s",
              all[i], takes ? "refused" : "accepted");
        c = (kernel_cfg){ .n = 8, .words = 8, .send_empty = 1 };
        takes = !strcmp(all[i], "msgpass-var");
        CHECK(t, k && (kernel_check(k, &c) == NULL) == takes, "%s: --send-empty %s", all[i],
              takes ? "refused" : "accepted");
        c = (kernel_cfg){ .n = 8, .words = 8, .barrier = "rds" };
        CHECK(t, k && kernel_check(k, &c) != NULL, "%s: --barrier accepted", all[i]);
    }
    kernel_cfg c = { .n = 8, .words = 8, .mapping = "snake" };
    CHECK(t, kernel_check(kernel_find("hcube-msgpass"), &c) != NULL, "--mapping snake accepted");
    c = (kernel_cfg){ .n = 8, .words = 8, .send_empty = 1 };
    CHECK(t, kernel_check(kernel_find("phased"), &c) != NULL, "phased took --send-empty");
}

/* --mapping gray: the partners are the hypercube neighbours under the Gray
 * labelling (symmetric, as the check of every run needs), nearer on the
 * torus than raster's, so the message-passing exchange is faster; unidir
 * routes and the AAPC subset still deliver every word. */
static void test_patterns_hcube_mapping(test_ctx *t)
{
    int p[SPARSE_MAX_PARTNERS];
    long hops[2] = { 0, 0 };
    for (int map = 0; map < 2; map++)
        for (int i = 0; i < 64; i++) {
            int np = sparse_partners(SPARSE_HCUBE, 8, map, i, p);
            CHECK(t, np == 6, "map %d node %d: %d partners", map, i, np);
            for (int j = 0; j < np; j++) {
                CHECK(t, sparse_is_partner(SPARSE_HCUBE, 8, map, p[j], i),
                      "map %d: %d -> %d not symmetric", map, i, p[j]);
                int dx = abs(p[j] % 8 - i % 8), dy = abs(p[j] / 8 - i / 8);
                hops[map] += (dx > 4 ? 8 - dx : dx) + (dy > 4 ? 8 - dy : dy);
            }
        }
    CHECK(t, hops[1] < hops[0], "gray %ld hops, raster %ld", hops[1], hops[0]);
    run_result r[2];
    for (int map = 0; map < 2; map++) {
        test_opts o = basic(8, 16);
        o.mapping = map ? "gray" : "raster";
        CHECK(t, test_run("hcube-msgpass", o, &r[map]) == 0 && r[map].verified,
              "hcube-msgpass %s failed", o.mapping);
        CHECK(t, test_run("hcube-aapc", o, &r[map]) == 0 && r[map].verified,
              "hcube-aapc %s failed", o.mapping);
    }
    run_result a, b;
    test_opts o = basic(8, 16);
    CHECK(t, test_run("hcube-msgpass", o, &a) == 0, "raster");
    o.mapping = "gray";
    CHECK(t, test_run("hcube-msgpass", o, &b) == 0, "gray");
    CHECK(t, b.cycles < a.cycles, "gray %llu cycles, raster %llu", (unsigned long long)b.cycles,
          (unsigned long long)a.cycles);
    o.unidir = 1;
    CHECK(t, test_run("hcube-msgpass", o, &b) == 0 && b.verified, "gray unidir failed");
    o.mapping = NULL;
    CHECK(t, test_run("hcube-aapc", o, &b) == EXIT_USAGE, "hcube-aapc took unidir");
}

/* Flip one bit of the first message-passing BODY flit on any link, once. */
static int corrupt_step(machine_t *m, void *ctx)
{
    int *done = ctx, rc = machine_routers_step_c(m);
    for (int i = 0; i < m->num_nodes && !*done; i++)
        for (int o = 0; o < NUM_PORTS && !*done; o++) {
            flit_t *f = &m->out_d[i].link[o];
            if (flit_valid(*f) && flit_kind(*f) == FLIT_BODY && flit_vc(*f) != VC_AAPC) {
                *f ^= 1u << 7;
                *done = 1;
            }
        }
    return rc;
}

/* msgpass-var sends only the non-empty blocks (fewer library sends, fewer
 * cycles); --send-empty sends all N*N; both check every word (a flipped
 * bit on a link fails the run) and every count. */
static void test_patterns_msgpass_var_send_empty(test_ctx *t)
{
    test_opts o = basic(8, 16);
    o.size_variance = 0.5;
    o.zero_prob = 0.5;
    kernel_cfg c = { .n = 8, .words = 16, .seed = 1, .size_variance = 0.5, .zero_prob = 0.5 };
    uint64_t full = 0;
    for (int s = 0; s < 64; s++)
        for (int d = 0; d < 64; d++) full += size_var_len(&c, s, d) != 0;
    run_result a, b;
    CHECK(t, test_run("msgpass-var", o, &a) == 0 && a.verified, "default run failed");
    o.send_empty = 1;
    CHECK(t, test_run("msgpass-var", o, &b) == 0 && b.verified, "--send-empty run failed");
    CHECK(t, a.messages == full && b.messages == 4096, "%llu and %llu messages (%llu non-empty)",
          (unsigned long long)a.messages, (unsigned long long)b.messages,
          (unsigned long long)full);
    CHECK(t, a.bytes == b.bytes && a.cycles < b.cycles, "default %llu cycles, --send-empty %llu",
          (unsigned long long)a.cycles, (unsigned long long)b.cycles);
    for (int se = 0; se < 2; se++) {
        machine_t m;
        int done = 0;
        o.send_empty = se;
        int st = test_run_machine("msgpass-var", o, &m, corrupt_step, &done);
        uint64_t errs = 0;
        for (int i = 0; i < m.num_nodes; i++) errs += m.node[i].errors;
        machine_free(&m);
        CHECK(t, done && st == RUN_OK && errs == 1, "send_empty %d: corrupted word: status %d, "
              "%llu errors", se, st, (unsigned long long)errs);
    }
}

#define T(fn) { #fn, fn }
const test_case tests_patterns[] = {
    T(test_patterns_partner_sets),
    T(test_patterns_checks_reject),
    T(test_patterns_nn_e2e),
    T(test_patterns_hcube_e2e),
    T(test_patterns_fem_e2e),
    T(test_patterns_sparse_other_n),
    T(test_patterns_table1_msgpass_beats_subsets),
    T(test_patterns_size_var_lengths),
    T(test_patterns_var_e2e),
    T(test_patterns_fig9_phased_falls),
    T(test_patterns_refuse_unused),
    T(test_patterns_hcube_mapping),
    T(test_patterns_msgpass_var_send_empty),
    T(test_patterns_fft2d_reference),
    T(test_patterns_fft2d_e2e),
    T(test_patterns_fft2d_check_fails),
    { NULL, NULL },
};
