/* Distributed 2D FFT with AAPC transposes (Hinrichs et al. 1994, Sec. 4.4,
 * Fig. 10); see fft2d.h for the geometry and the cost model.
 *
 * Layout. Node memory has two regions of N*B words, A at 0 and T at N*B,
 * each cut into N blocks of k x k complex values (B = 2 k^2 words). In A,
 * column j*k + c of local row r lives at A + j*B + 2(r*k + c): block j is
 * exactly what the transpose sends to node j, contiguous. The deposit model
 * drops the block from node s at T + s*B unchanged, so T's block s at
 * [r][c] holds element (s*k + r, me*k + c) of the image: the transposed
 * image's row c, element s*k + r. The second FFT pass gathers with the
 * block indices swapped, and the second transpose returns the blocks, which
 * land in A in the layout of the start. No packing or local transposes:
 * each FFT pass gathers a row into a scratch vector and scatters it back
 * (as an FFT does with its bit reversal anyway), and the AAPC moves whole
 * blocks.
 *
 *   A: image rows  --FFT rows-->  A  --AAPC-->  T: image columns
 *   T  --FFT rows-->  T  --AAPC-->  A: rows of the 2D FFT
 */
#include "fft2d.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rand.h"
#include "payload.h"

/* ---- arithmetic without libm (the build does not link it) ---------------- */

static const double PI = 3.14159265358979323846;

/* cos and sin of 2*pi*j/R by Taylor series on [-pi, pi] (error < 1e-15). */
static void unit_root(long j, long R, double *cs, double *sn)
{
    double t = 2.0 * PI * (double)(j % R) / (double)R;
    if (t > PI) t -= 2.0 * PI;
    double t2 = t * t, s = t, c = 1.0, ts = t, tc = 1.0;
    for (int m = 1; m <= 22; m++) {
        tc *= -t2 / (double)((2 * m - 1) * (2 * m));
        ts *= -t2 / (double)((2 * m) * (2 * m + 1));
        c += tc;
        s += ts;
    }
    *cs = c;
    *sn = s;
}

static double sqrt_pos(double v)
{
    if (!(v > 0)) return 0;
    double x = v > 1 ? v : 1;
    for (int i = 0; i < 200; i++) {
        double nx = 0.5 * (x + v / x);
        if (nx >= x) break;
        x = nx;
    }
    return x;
}

static int ilog2(long v)
{
    int l = 0;
    while ((1L << l) < v) l++;
    return l;
}

static int is_pow2(long v) { return v > 0 && (v & (v - 1)) == 0; }

static uint32_t f2w(float f) { uint32_t w; memcpy(&w, &f, 4); return w; }
static float w2f(uint32_t w) { float f; memcpy(&f, &w, 4); return f; }

/* In-place radix-2 DIT FFT, forward (exp(-2 pi i jk/R)), single precision;
 * wr[j], wi[j] = cos, -sin of 2 pi j / R for j < R/2. */
static void fft_float(float *re, float *im, int R, const float *wr, const float *wi)
{
    for (int i = 1, j = 0; i < R; i++) {
        int bit = R >> 1;
        for (; j & bit; bit >>= 1) j ^= bit;
        j ^= bit;
        if (i < j) {
            float t = re[i]; re[i] = re[j]; re[j] = t;
            t = im[i]; im[i] = im[j]; im[j] = t;
        }
    }
    for (int len = 2; len <= R; len <<= 1) {
        int half = len >> 1, step = R / len;
        for (int i = 0; i < R; i += len)
            for (int j = 0; j < half; j++) {
                float c = wr[j * step], s = wi[j * step];
                float xr = re[i + j + half], xi = im[i + j + half];
                float tr = xr * c - xi * s, ti = xr * s + xi * c;
                re[i + j + half] = re[i + j] - tr;
                im[i + j + half] = im[i + j] - ti;
                re[i + j] += tr;
                im[i + j] += ti;
            }
    }
}

/* The same algorithm in double precision, for the reference, on a strided
 * vector (stride in complex elements). */
static void fft_double(double *re, double *im, long stride, int R, const double *wr,
                       const double *wi)
{
    for (int i = 1, j = 0; i < R; i++) {
        int bit = R >> 1;
        for (; j & bit; bit >>= 1) j ^= bit;
        j ^= bit;
        if (i < j) {
            double t = re[i * stride]; re[i * stride] = re[j * stride]; re[j * stride] = t;
            t = im[i * stride]; im[i * stride] = im[j * stride]; im[j * stride] = t;
        }
    }
    for (int len = 2; len <= R; len <<= 1) {
        int half = len >> 1, step = R / len;
        for (int i = 0; i < R; i += len)
            for (int j = 0; j < half; j++) {
                double c = wr[j * step], s = wi[j * step];
                long a = (i + j) * stride, b = (i + j + half) * stride;
                double tr = re[b] * c - im[b] * s, ti = re[b] * s + im[b] * c;
                re[b] = re[a] - tr;
                im[b] = im[a] - ti;
                re[a] += tr;
                im[a] += ti;
            }
    }
}

/* ---- the image and the reference ------------------------------------------ */

void fft2d_input(uint32_t seed, int u, int v, float *re, float *im)
{
    /* 24-bit values in [-1, 1): exact in single precision */
    *re = (float)(2.0 * pat_unit(payload_word((uint32_t)u, (uint32_t)v, 2u * seed)) - 1.0);
    *im = (float)(2.0 * pat_unit(payload_word((uint32_t)u, (uint32_t)v, 2u * seed + 1u)) - 1.0);
}

/* One reference 2D FFT, cached for the run (the image depends only on R
 * and the seed). */
static struct {
    int R;
    uint32_t seed;
    double *re, *im;  /* R x R, row-major */
    double rms;
} ref;

static int reference(int R, uint32_t seed)
{
    if (ref.re && ref.R == R && ref.seed == seed) return 0;
    free(ref.re);
    free(ref.im);
    ref.re = malloc((size_t)R * R * sizeof(double));
    ref.im = malloc((size_t)R * R * sizeof(double));
    double *wr = malloc((size_t)R / 2 * sizeof(double) + sizeof(double));
    double *wi = malloc((size_t)R / 2 * sizeof(double) + sizeof(double));
    if (!ref.re || !ref.im || !wr || !wi) {
        free(ref.re); free(ref.im); free(wr); free(wi);
        ref.re = ref.im = NULL;
        return -1;
    }
    for (int j = 0; j < R / 2; j++) {
        double c, s;
        unit_root(j, R, &c, &s);
        wr[j] = c;
        wi[j] = -s;
    }
    for (int u = 0; u < R; u++)
        for (int v = 0; v < R; v++) {
            float a, b;
            fft2d_input(seed, u, v, &a, &b);
            ref.re[(long)u * R + v] = a;
            ref.im[(long)u * R + v] = b;
        }
    for (int u = 0; u < R; u++) fft_double(ref.re + (long)u * R, ref.im + (long)u * R, 1, R, wr, wi);
    for (int v = 0; v < R; v++) fft_double(ref.re + v, ref.im + v, R, R, wr, wi);
    double ss = 0;
    for (long i = 0; i < (long)R * R; i++) ss += ref.re[i] * ref.re[i] + ref.im[i] * ref.im[i];
    ref.rms = sqrt_pos(ss / ((double)R * R));
    ref.R = R;
    ref.seed = seed;
    free(wr);
    free(wi);
    return 0;
}

double fft2d_reference_vs_dft(int R, uint32_t seed)
{
    if (!is_pow2(R) || R > 64 || reference(R, seed)) return -1;
    double worst = 0;
    for (int a = 0; a < R; a++)
        for (int b = 0; b < R; b++) {
            double sr = 0, si = 0;
            for (int u = 0; u < R; u++)
                for (int v = 0; v < R; v++) {
                    float xr, xi;
                    double c, s;
                    fft2d_input(seed, u, v, &xr, &xi);
                    unit_root((long)a * u + (long)b * v, R, &c, &s);
                    /* x * exp(-i theta) */
                    sr += xr * c + xi * s;
                    si += xi * c - xr * s;
                }
            double dr = sr - ref.re[(long)a * R + b], di = si - ref.im[(long)a * R + b];
            double e = sqrt_pos(dr * dr + di * di) / ref.rms;
            if (e > worst) worst = e;
        }
    return worst;
}

/* ---- geometry and hooks --------------------------------------------------- */

typedef struct {
    int n, N, k, R;
    uint32_t B;
} geom;

static int isqrt_exact(uint32_t v)
{
    uint32_t r = 0;
    while ((uint64_t)(r + 1) * (r + 1) <= v) r++;
    return (uint64_t)r * r == v ? (int)r : -1;
}

static int get_geom(int n, uint32_t words, geom *g)
{
    g->n = n;
    g->N = n * n;
    g->B = words;
    g->k = (words && words % 2 == 0) ? isqrt_exact(words / 2) : -1;
    g->R = g->k > 0 ? g->k * g->N : 0;
    return g->k > 0 && is_pow2(g->R) && g->R <= FFT2D_MAX_R ? 0 : -1;
}

static int transpose_is_msgpass(const kernel_cfg *c)
{
    return c->transpose && strcmp(c->transpose, "msgpass") == 0;
}

const char *fft2d_check(const kernel_cfg *c)
{
    static _Thread_local char why[200];   /* one per thread: the library is reentrant */
    geom g;
    if (c->transpose && strcmp(c->transpose, "phased") && strcmp(c->transpose, "msgpass"))
        return "--transpose must be phased or msgpass";
    if (get_geom(c->n, c->words, &g)) {
        if (g.k <= 0)
            return "--words must be 2*k*k (k rows of R = k*n*n complex points per node; "
                   "e.g. 2, 8, 32, 128)";
        snprintf(why, sizeof why, "the image side R = k*n*n = %d must be a power of two "
                 "no larger than %d", g.R, FFT2D_MAX_R);
        return why;
    }
    if (!transpose_is_msgpass(c) && (c->n % 8 || c->n > AAPC_MAX_N))
        return "the phased transpose needs n a multiple of 8 (or --transpose msgpass)";
    return NULL;
}

size_t fft2d_mem_words(const kernel_cfg *c)
{
    return 2u * (size_t)c->n * (size_t)c->n * c->words;
}

double fft2d_bytes(const kernel_cfg *c)
{
    double N = (double)c->n * c->n;
    return 2.0 * N * N * c->words * 4.0; /* two full AAPCs, self blocks included */
}

/* The schedule of the phased transposes (the CLI builds one only for
 * kernels flagged phased; fft2d is not, since --transpose msgpass runs on
 * any n). */
static const aapc_schedule *schedule_for(const kernel_cfg *c)
{
    static aapc_schedule *s;
    if (c->sched && c->sched->n == c->n) return c->sched;
    if (s && s->n == c->n) return s;
    if (!s) s = malloc(sizeof *s);
    if (!s || aapc_schedule_init(s, c->n)) return NULL;
    return s;
}

/* ---- the node program ----------------------------------------------------- */

long fft2d_check_rows(const uint32_t *mem, int n, uint32_t words, uint32_t seed, int id,
                      double *max_err)
{
    geom g;
    *max_err = 0;
    if (get_geom(n, words, &g) || id < 0 || id >= g.N || reference(g.R, seed)) return -1;
    long bad = 0;
    double limit = FFT2D_TOL * ref.rms, worst = 0;
    for (int r = 0; r < g.k; r++)
        for (int v = 0; v < g.R; v++) {
            int j = v / g.k, cc = v % g.k;
            const uint32_t *p = mem + (size_t)j * g.B + 2u * (uint32_t)(r * g.k + cc);
            long u = (long)id * g.k + r;
            double dr = w2f(p[0]) - ref.re[u * g.R + v], di = w2f(p[1]) - ref.im[u * g.R + v];
            double e2 = dr * dr + di * di;
            if (!(e2 <= limit * limit)) bad++; /* NaN counts as bad */
            if (!(e2 <= worst)) worst = e2;
        }
    *max_err = worst == worst ? sqrt_pos(worst) / ref.rms : worst;
    return bad;
}

/* Simulated computation, in slices shorter than the watchdog period (a
 * timed wait counts as progress only when it ends). */
static void compute(node_ctx *c, uint64_t cycles)
{
    uint64_t slice = api_watchdog(c) > 2 ? (uint64_t)api_watchdog(c) / 2 : 1;
    while (cycles) {
        uint64_t d = cycles < slice ? cycles : slice;
        api_compute(c, d);
        cycles -= d;
    }
}

int fft2d_reference_rows(uint32_t *mem, int n, uint32_t words, uint32_t seed, int id)
{
    geom g;
    if (get_geom(n, words, &g) || id < 0 || id >= g.N || reference(g.R, seed)) return -1;
    for (int r = 0; r < g.k; r++)
        for (int v = 0; v < g.R; v++) {
            uint32_t *p = mem + (size_t)(v / g.k) * g.B + 2u * (uint32_t)(r * g.k + v % g.k);
            long u = (long)id * g.k + r;
            p[0] = f2w((float)ref.re[u * g.R + v]);
            p[1] = f2w((float)ref.im[u * g.R + v]);
        }
    return 0;
}

/* Row FFTs of one pass: row t (t < k) of the region, gathered across the N
 * blocks, transformed and scattered back; then the simulated cost. In the
 * first pass the blocks are [row][column], so row t is (t, c) of every
 * block; after a transpose they are [column][row] of the transposed image
 * (block s at [r][c] holds element (s k + r, me k + c)), so row t of the
 * transposed image is (r, t) of every block: the same gather with the
 * indices swapped. */
static void fft_pass(node_ctx *c, const geom *g, uint32_t region, int transposed, float *re,
                     float *im, const float *wr, const float *wi, uint64_t flop_cycles)
{
    uint32_t *m = api_mem(c, region, (uint32_t)g->N * g->B);
    for (int t = 0; t < g->k; t++) {
        for (int v = 0; v < g->R; v++) {
            int w = v % g->k, in = transposed ? w * g->k + t : t * g->k + w;
            const uint32_t *p = m + (size_t)(v / g->k) * g->B + 2u * (uint32_t)in;
            re[v] = w2f(p[0]);
            im[v] = w2f(p[1]);
        }
        fft_float(re, im, g->R, wr, wi);
        for (int v = 0; v < g->R; v++) {
            int w = v % g->k, in = transposed ? w * g->k + t : t * g->k + w;
            uint32_t *p = m + (size_t)(v / g->k) * g->B + 2u * (uint32_t)in;
            p[0] = f2w(re[v]);
            p[1] = f2w(im[v]);
        }
    }
    uint64_t flops = (uint64_t)g->k * 5u * (uint64_t)g->R * (uint64_t)ilog2(g->R);
    compute(c, flops * flop_cycles);
}

/* Phased transpose: the Fig. 5 loop sending block dst of the region.
 * Returns the number of empty messages to self it sent. */
static uint32_t transpose_phased(node_ctx *c, const aapc_schedule *s, const geom *g,
                                 uint32_t region)
{
    uint32_t empties = 0;
    for (int phase = 0; phase < s->num_phases; phase++) {
        aapc_phase_begin(c, phase);   /* software switch only (iwarp-proto) */
        int dst = aapc_phase_header(c, s, phase);
        if (dst >= 0) api_start_dma_out(c, region + (uint32_t)dst * g->B, g->B);
        else empties++;
        api_send_trailer(c);
        aapc_phase_end(c);
    }
    aapc_phases_done(c);
    return empties;
}

static void transpose_msgpass(node_ctx *c, const kernel_cfg *k, const geom *g, uint32_t region,
                              int *order)
{
    pat_shuffle(order, g->N, k->seed, api_id(c));
    for (int i = 0; i < g->N; i++)
        mp_send(c, order[i], region + (uint32_t)order[i] * g->B, g->B);
}

/* Dissemination barrier of empty messages: in round r send to me + 2^r,
 * wait for the one from me - 2^r. Messages from one source arrive in order
 * (same route, same VCs), and each source already delivered `before`
 * messages, so the round's message is there when the count exceeds it.
 * The node polls its receive counters (4 cycles a poll). Returns the
 * number of barrier messages received, or -1 after polling for a watchdog
 * period without them. */
static int barrier(node_ctx *c, int N, uint32_t before)
{
    int me = api_id(c), rounds = 0;
    for (long d = 1; d < N; d <<= 1, rounds++) {
        mp_send(c, (int)((me + d) % N), 0, 0);
        int from = (int)((me - d % N + N) % N);
        uint64_t start = api_now(c);
        while (api_msgs_from(c, from) <= before) {
            if ((int64_t)(api_now(c) - start) > api_watchdog(c)) {
                api_fail(c, "barrier: no message from node %d", from);
                return -1;
            }
            api_compute(c, 4);
        }
    }
    return rounds;
}

static void max_into(uint64_t *dst, uint64_t v) { if (v > *dst) *dst = v; }

void fft2d_program(node_ctx *c, const void *arg)
{
    const kernel_cfg *k = arg;
    geom g;
    int me = api_id(c), mp = transpose_is_msgpass(k);
    uint64_t fc = k->flop_cycles > 0 ? (uint64_t)k->flop_cycles : FFT2D_DEFAULT_FLOP_CYCLES;
    /* the run's report, shared by the nodes (a node's own when the run
     * keeps none: then it only counts this node) */
    fft2d_report scratch, *rep = k->report ? &k->report->fft2d : &scratch;
    if (me == 0 || !k->report) {
        /* node 0 starts first, at cycle 0: a new run, a new report */
        memset(rep, 0, sizeof *rep);
        rep->n = k->n;
        rep->words = k->words;
        rep->msgpass = mp;
        rep->flop_cycles = (int)fc;
    }
    const aapc_schedule *s = mp ? NULL : schedule_for(k);
    if (get_geom(k->n, k->words, &g) || (!mp && !s)) {
        api_fail(c, "fft2d: bad geometry (n = %d, words = %u)", k->n, k->words);
        return;
    }
    uint32_t A = 0, T = (uint32_t)g.N * g.B;
    unsigned pool = mp ? API_POOL_MP : API_POOL_AAPC;
    float *re = malloc((size_t)g.R * sizeof *re), *im = malloc((size_t)g.R * sizeof *im);
    float *wr = malloc((size_t)g.R / 2 * sizeof *wr + 4), *wi = malloc((size_t)g.R / 2 * sizeof *wi + 4);
    int *order = malloc((size_t)g.N * sizeof *order);
    if (!re || !im || !wr || !wi || !order) {
        api_fail(c, "out of memory");
        free(re); free(im); free(wr); free(wi); free(order);
        return;
    }
    for (int j = 0; j < g.R / 2; j++) {
        double cs, sn;
        unit_root(j, g.R, &cs, &sn);
        wr[j] = (float)cs;
        wi[j] = (float)-sn;
    }
    /* the image rows me*k .. me*k+k-1, in block-column order */
    uint32_t *a = api_mem(c, A, (uint32_t)g.N * g.B);
    for (int r = 0; r < g.k; r++)
        for (int v = 0; v < g.R; v++) {
            float xr, xi;
            fft2d_input(k->seed, me * g.k + r, v, &xr, &xi);
            uint32_t *p = a + (size_t)(v / g.k) * g.B + 2u * (uint32_t)(r * g.k + v % g.k);
            p[0] = f2w(xr);
            p[1] = f2w(xi);
        }
    api_set_deposit(c, pool, T, g.B);

    uint64_t t0 = api_now(c);
    fft_pass(c, &g, A, 0, re, im, wr, wi, fc);
    uint64_t t1 = api_now(c), expect;
    if (mp) {
        transpose_msgpass(c, k, &g, A, order);
        expect = (uint64_t)g.N;
    } else {
        expect = (uint64_t)g.N + transpose_phased(c, s, &g, A);
    }
    api_wait_messages(c, expect);
    if (mp) {
        /* N messages are not necessarily the N blocks: a fast node's barrier
         * message may be among them. Each source's block precedes its
         * barrier message (same route), so wait until every source has
         * delivered at least one message. */
        for (int src = 0; src < g.N; src++)
            while (api_msgs_from(c, src) == 0) api_wait_messages(c, api_msgs_received(c) + 1);
    }
    /* the first transpose is in; the second deposits into A, whose blocks
     * have all arrived at their destinations (each destination sends back
     * only after receiving ours) */
    api_set_deposit(c, pool, A, g.B);
    uint64_t t2 = api_now(c);
    if (mp) {
        int got = barrier(c, g.N, 1);
        if (got < 0) {
            free(re); free(im); free(wr); free(wi); free(order);
            return;
        }
        expect += (uint64_t)got;
    }
    uint64_t t3 = api_now(c);
    fft_pass(c, &g, T, 1, re, im, wr, wi, fc);
    uint64_t t4 = api_now(c);
    if (mp) {
        transpose_msgpass(c, k, &g, T, order);
        expect += (uint64_t)g.N;
    } else {
        expect += (uint64_t)g.N + transpose_phased(c, s, &g, T);
    }
    api_wait_messages(c, expect);
    uint64_t t5 = api_now(c);

    /* outside simulated time: compare with the single-node 2D FFT */
    if (api_bad_messages(c))
        api_fail(c, "%llu malformed messages", (unsigned long long)api_bad_messages(c));
    for (int src = 0; src < g.N; src++)
        if (api_words_from(c, src) != 2u * g.B)
            api_fail(c, "%u words from node %d, expected %u", api_words_from(c, src), src,
                     2u * g.B);
    a = api_mem(c, A, (uint32_t)g.N * g.B);
    if (k->test_fft2d_corrupt) a[0] ^= 0x80000000u;
    double err;
    long bad = fft2d_check_rows(a, k->n, k->words, k->seed, me, &err);
    if (bad != 0 && rep->bad_nodes++ >= 3)
        api_count_error(c); /* counted; only the first three nodes say why */
    else if (bad != 0)
        api_fail(c, "fft2d: %ld of %d elements differ from the reference by more than "
                 "%g RMS (worst %.3g)", bad, g.k * g.R, FFT2D_TOL, err);

    rep->k = g.k;
    rep->R = g.R;
    rep->flops_per_node = 2u * (uint64_t)g.k * 5u * (uint64_t)g.R * (uint64_t)ilog2(g.R);
    max_into(&rep->compute_cycles, (t1 - t0) + (t4 - t3));
    max_into(&rep->transpose_cycles[0], t2 - t1);
    max_into(&rep->barrier_cycles, t3 - t2);
    max_into(&rep->transpose_cycles[1], t5 - t4);
    max_into(&rep->comm_cycles, (t2 - t1) + (t3 - t2) + (t5 - t4));
    max_into(&rep->total_cycles, t5 - t0);
    if (!(err <= rep->max_err)) rep->max_err = err;
    rep->bad_elements += bad > 0 ? (uint64_t)bad : 0;
    if (++rep->nodes_done == g.N) {
        double tot = (double)rep->total_cycles;
        char sync[64] = "";
        if (mp)
            snprintf(sync, sizeof sync, " + barrier %llu",
                     (unsigned long long)rep->barrier_cycles);
        api_report(c, "fft2d: %dx%d image, %d rows per node, transposes by %s: "
                "compute %llu cycles (%.1f%%), communication %llu cycles (%.1f%%: "
                "transposes %llu + %llu%s), total %llu cycles; max error %.2g of RMS (%s)",
                g.R, g.R, g.k, mp ? "msgpass" : "phased",
                (unsigned long long)rep->compute_cycles,
                100.0 * (double)rep->compute_cycles / tot,
                (unsigned long long)rep->comm_cycles,
                100.0 * (double)rep->comm_cycles / tot,
                (unsigned long long)rep->transpose_cycles[0],
                (unsigned long long)rep->transpose_cycles[1], sync,
                (unsigned long long)rep->total_cycles, rep->max_err,
                rep->bad_elements ? "FAILED" : "checked");
    }
    free(re); free(im); free(wr); free(wi); free(order);
}
