/* Global combine on 2^d nodes (van de Geijn, "On global combine
 * operations", LAPACK Working Note 29), run on the torus through the
 * hypercube mapping. Every node holds a vector x of B words (hc_value);
 * the combine is the sum mod 2^32, costing kernel_cfg.flop_cycles per
 * word (gamma); every node that ends with the result checks it exactly.
 *
 *   combine-bcast      Version 1: fan-in to node 0 over dimensions d-1 .. 0,
 *                      then broadcast back over 0 .. d-1 (2 log N steps,
 *                      full vectors)
 *   combine-recursive  Version 2: exchange the whole vector with the
 *                      neighbour in dimension d-1, d-2, .., 0 and combine
 *                      (log N steps, full vectors)
 *   combine-halving    Version 3: send half the vector, combine the other
 *                      half, recurse on it (the vector halves each step),
 *                      then collect the halves back (2 log N steps, short
 *                      vectors)
 *   combine-hybrid     Fig. 4, hybridCOMB with Sec. 4's optimal strategy:
 *                      split (Version 3) while n >= 2 alpha /
 *                      ((d-1)(beta+gamma)+gamma), exchange whole vectors
 *                      (Version 2) below
 *   combine-root       Fig. 6, hybridCOMB2R: the same rule, result only at
 *                      node 0
 *   combine-root-tree  the fan-in half of Version 1 (result at node 0)
 *
 * alpha = msg_cycles (start-up of one message), beta = T_t (cycles per
 * word on a link), gamma = flop_cycles: this machine's own parameters.
 *
 * Deposit slots: in Versions 1 and 2 every source sends to a node at most
 * once. In the split steps a node receives twice from the same neighbour
 * (the half to combine, later the finished other half). The second can
 * never overrun the first: the neighbour sends it only after it has
 * received this node's first message, and this node sends that message
 * immediately before it waits for (and reads) the neighbour's first one;
 * messages between the same two nodes arrive in order. hc_recv checks it. */
#include "hcube_kernels.h"

enum { V_RECURSIVE, V_HALVING, V_HYBRID };

typedef struct {
    hc_t h;
    uint32_t x;                 /* the vector */
    uint32_t ob;                /* next free word of the outbox */
    double alpha, beta, gamma;
    int mode;
    int dry;                    /* count only (the bytes hook) */
    int me;
    double words;               /* payload words sent (dry run) */
} comb_t;

/* Send x[lo, lo+len) to hypercube node p from a copy: the vector keeps
 * changing and the DMA engine reads the words only as it sends them. */
static void csend(comb_t *g, int p, uint32_t lo, uint32_t len)
{
    g->words += len;
    if (!g->dry) hc_send_copy(&g->h, &g->ob, p, g->x + lo, len);
}

/* Receive len words from p and add them to (or store them in) x[lo..). */
static void crecv(comb_t *g, int p, uint32_t lo, uint32_t len, int add)
{
    if (g->dry) return;
    uint32_t y = hc_recv(&g->h, p, len);
    if (add) hc_combine(&g->h, g->x + lo, y, len);
    else if (len) memcpy(hc_mem_at(&g->h, g->x + lo, len), hc_mem_at(&g->h, y, len),
                         len * sizeof(uint32_t));
}

/* Sec. 4: exchange whole vectors (S = 0) when n < 2a / ((d-1)(b+g) + g). */
static int split(const comb_t *g, uint32_t n, int d)
{
    if (g->mode == V_RECURSIVE) return 0;
    if (g->mode == V_HALVING) return 1;
    double thr = gc_split_threshold(g->alpha, g->beta, g->gamma, d);
    return thr >= 0 && !((double)n < thr);
}

/* hybridCOMB(n, x, y, d, S) on x[lo, hi) (Fig. 4). */
static void comb(comb_t *g, uint32_t lo, uint32_t hi, int d)
{
    int k = d - 1, p = g->me ^ (1 << k);
    uint32_t n = hi - lo, mid = lo + n / 2;
    if (!split(g, n, d)) {
        csend(g, p, lo, n);
        crecv(g, p, lo, n, 1);
        if (k > 0) comb(g, lo, hi, d - 1);
    } else if (!(g->me & (1 << k))) {           /* keep x0 = [lo, mid) */
        csend(g, p, mid, hi - mid);
        crecv(g, p, lo, mid - lo, 1);
        if (k > 0) comb(g, lo, mid, d - 1);
        csend(g, p, lo, mid - lo);
        crecv(g, p, mid, hi - mid, 0);
    } else {                                    /* keep x1 = [mid, hi) */
        csend(g, p, lo, mid - lo);
        crecv(g, p, mid, hi - mid, 1);
        if (k > 0) comb(g, mid, hi, d - 1);
        csend(g, p, mid, hi - mid);
        crecv(g, p, lo, mid - lo, 0);
    }
}

/* hybridCOMB2R(n, x, y, d) on x[lo, hi) (Fig. 6). */
static void comb_root(comb_t *g, uint32_t lo, uint32_t hi, int d)
{
    int k = d - 1, p = g->me ^ (1 << k);
    uint32_t n = hi - lo, mid = lo + n / 2;
    if (!split(g, n, d)) {
        if (g->me & (1 << k)) {
            csend(g, p, lo, n);
        } else {
            crecv(g, p, lo, n, 1);
            if (k > 0) comb_root(g, lo, hi, d - 1);
        }
    } else if (!(g->me & (1 << k))) {
        csend(g, p, mid, hi - mid);
        crecv(g, p, lo, mid - lo, 1);
        if (k > 0) comb_root(g, lo, mid, d - 1);
        crecv(g, p, mid, hi - mid, 0);
    } else {
        csend(g, p, lo, mid - lo);
        crecv(g, p, mid, hi - mid, 1);
        if (k > 0) comb_root(g, mid, hi, d - 1);
        csend(g, p, mid, hi - mid);
    }
}

size_t gc_mem(const kernel_cfg *k)
{
    int d = hc_dim(k->n);
    /* slots, the vector, an outbox of at most two messages per dimension */
    return hc_mem(k, k->words, (size_t)k->words * (1 + 2 * (size_t)(d > 0 ? d : 1)));
}

static int comb_begin(comb_t *g, node_ctx *c, const kernel_cfg *k, int mode)
{
    memset(g, 0, sizeof *g);
    if (hc_begin(&g->h, c, k, k->words)) return -1;
    g->mode = mode;
    g->me = g->h.me;
    g->alpha = api_msg_cycles(c);
    g->beta = api_link_tt(c);
    g->gamma = k->flop_cycles;
    g->x = hc_own_values(&g->h);
    g->ob = hc_alloc(&g->h, 2u * (uint32_t)g->h.d * k->words);
    return 0;
}

static void comb_end(comb_t *g)
{
    hc_end(&g->h);
}

static void all_combine(node_ctx *c, const kernel_cfg *k, int mode, const char *what)
{
    comb_t g;
    if (comb_begin(&g, c, k, mode)) return;
    comb(&g, 0, k->words, g.h.d);
    hc_check_sum(c, hc_mem_at(&g.h, g.x, k->words), 0, k->words, k->seed, 0, g.h.N, what);
    comb_end(&g);
}

void gc_recursive(node_ctx *c, const void *cfg) { all_combine(c, cfg, V_RECURSIVE, "combine-recursive"); }
void gc_halving(node_ctx *c, const void *cfg) { all_combine(c, cfg, V_HALVING, "combine-halving"); }
void gc_hybrid(node_ctx *c, const void *cfg) { all_combine(c, cfg, V_HYBRID, "combine-hybrid"); }

void gc_root(node_ctx *c, const void *cfg)
{
    const kernel_cfg *k = cfg;
    comb_t g;
    if (comb_begin(&g, c, k, V_HYBRID)) return;
    comb_root(&g, 0, k->words, g.h.d);
    if (g.me == 0)
        hc_check_sum(c, hc_mem_at(&g.h, g.x, k->words), 0, k->words, k->seed, 0, g.h.N,
                     "combine-root");
    comb_end(&g);
}

/* Version 1's fan-in over dimensions d-1 .. 0: a node adds what its
 * neighbours with higher bits send until its own highest set bit t, then
 * sends to me - 2^t and stops. Returns t (-1 at node 0). */
static int fan_in(comb_t *g)
{
    return hc_tree_reduce(&g->h, g->x, g->h.k->words, 1);
}

void gc_root_tree(node_ctx *c, const void *cfg)
{
    const kernel_cfg *k = cfg;
    comb_t g;
    if (comb_begin(&g, c, k, V_RECURSIVE)) return;
    if (fan_in(&g) < 0)
        hc_check_sum(c, hc_mem_at(&g.h, g.x, k->words), 0, k->words, k->seed, 0, g.h.N,
                     "combine-root-tree");
    comb_end(&g);
}

/* Broadcast back in the reverse order: node r gets the result from
 * r - 2^t (a node it never heard from in the fan-in) and passes it on to
 * r + 2^j, j = t+1 .. d-1. */
void gc_bcast(node_ctx *c, const void *cfg)
{
    const kernel_cfg *k = cfg;
    comb_t g;
    uint32_t B = k->words;
    if (comb_begin(&g, c, k, V_RECURSIVE)) return;
    uint32_t res = hc_tree_bcast(&g.h, g.x, B, fan_in(&g), 1);
    hc_check_sum(c, hc_mem_at(&g.h, res, B), 0, B, k->seed, 0, g.h.N, "combine-bcast");
    comb_end(&g);
}

/* ---- bytes hooks ---- */

double gc_root_tree_bytes(const kernel_cfg *k)
{
    return ((double)k->n * k->n - 1) * k->words * 4.0;
}

/* Every node's sends, counted without running the machine: the same
 * recursion with the run's alpha and beta (kernel_cfg.msg_cycles and .tt,
 * which the run driver fills), so where the hybrid splits is where the run
 * splits. */
static double dry_bytes(const kernel_cfg *k, int mode, int root)
{
    comb_t g;
    memset(&g, 0, sizeof g);
    g.dry = 1;
    g.mode = mode;
    g.alpha = k->msg_cycles;
    g.beta = k->tt;
    g.gamma = k->flop_cycles;
    int d = hc_dim(k->n);
    if (d <= 0) return 0;
    for (g.me = 0; g.me < (1 << d); g.me++)
        root ? comb_root(&g, 0, k->words, d) : comb(&g, 0, k->words, d);
    return g.words * 4.0;
}

double gc_halving_bytes(const kernel_cfg *k) { return dry_bytes(k, V_HALVING, 0); }
double gc_hybrid_bytes(const kernel_cfg *k) { return dry_bytes(k, V_HYBRID, 0); }
double gc_root_bytes(const kernel_cfg *k) { return dry_bytes(k, V_HYBRID, 1); }

/* The threshold of Sec. 4 for this dimension (for docs and tests). */
double gc_split_threshold(double alpha, double beta, double gamma, int d)
{
    double den = (d - 1) * (beta + gamma) + gamma;
    return den > 0 ? 2.0 * alpha / den : -1;
}
