/* Global sum and scan over the hypercube embedding (Chuang & Horie,
 * Sec. 3.2 and 3.3). Each node contributes B seeded words (hc_value); sums
 * are mod 2^32, so every node checks its result exactly. A combine costs
 * kernel_cfg.flop_cycles per word.
 *
 *   global-sum-crossover  log2 N crossover steps: send to cid + 2^i, receive
 *                         from cid - 2^i, add; after step i node j holds the
 *                         sum of the 2^(i+1) values ending at j, so after
 *                         log2 N steps every node holds the total.
 *   global-sum-tree       binary (binomial) tree to node 0 over dimensions
 *                         0, 1, ..., then the broadcast back down: log2 N
 *                         phases plus the broadcast step the paper mentions.
 *   global-sum-tree-reduce  that tree's fan-in alone (the sum at node 0).
 *   scan                  the crossover without wraparound (Hillis-Steele):
 *                         node j adds what cid - 2^i sends when j >= 2^i;
 *                         result: inclusive prefix sum over hypercube ids.
 *                         The B words are B/2 doubles (the paper's partial
 *                         products of doubles): flop_cycles is charged per
 *                         double combined, ceil(B/2) per receive.
 *   scan-blocked          Sec. 3.3's scan of M = N B/2 operands (Livermore
 *                         loop 5, Fig. 7): node j holds operands
 *                         j m .. j m + m - 1 (m = B/2 doubles of 2 words);
 *                         a local prefix (m - 1 flops), the Hillis-Steele
 *                         scan of the node totals on the crossover (one
 *                         double per message, 2 flops per receive: the
 *                         running total and the exclusive prefix), then
 *                         the exclusive prefix folded into every local
 *                         element (m flops). The combine is 64-bit addition
 *                         (it stands for the product: same data movement
 *                         and flop count, and checkable exactly).
 *
 * In all three a node receives from log2 N (or fewer) distinct nodes, at
 * most once each: one deposit slot per source, never overwritten. A node
 * sends its running sum from a per-step copy, because the DMA engine reads
 * the words only when it sends them and the sum keeps changing. */
#include "hcube_kernels.h"

size_t hr_mem(const kernel_cfg *k)
{
    int d = hc_dim(k->n);
    return hc_mem(k, k->words, (size_t)((d > 0 ? d : 1) + 1) * k->words);
}

double hr_tree_bytes(const kernel_cfg *k)
{
    return 2.0 * ((double)k->n * k->n - 1) * k->words * 4.0;
}

double hr_scan_bytes(const kernel_cfg *k)
{
    double N = (double)k->n * k->n, msgs = 0;
    for (int i = 0; (1 << i) < k->n * k->n; i++) msgs += N - (double)(1 << i);
    return msgs * k->words * 4.0;
}

void hr_global_sum_crossover(node_ctx *c, const void *cfg)
{
    const kernel_cfg *k = cfg;
    hc_t h;
    uint32_t B = k->words;
    if (hc_begin(&h, c, k, B)) return;
    uint32_t x = hc_own_values(&h), sb = hc_alloc(&h, (uint32_t)h.d * B);
    int mask = h.N - 1;
    for (int i = 1; i < h.N; i <<= 1) {
        hc_send_copy(&h, &sb, (h.me + i) & mask, x, B);
        uint32_t y = hc_recv(&h, (h.me - i) & mask, B);
        hc_combine(&h, x, y, B);
    }
    hc_check_sum(c, hc_mem_at(&h, x, B), 0, B, k->seed, 0, h.N, "global-sum-crossover");
    hc_end(&h);
}

/* reduce: combine children cid + 2^i until bit i of cid is set, then send
 * the partial sum to the parent cid - 2^i (x is not touched again);
 * broadcast (bcast = 1): the result comes from the parent (a node this
 * node never heard from before) and goes on to the children, farthest
 * first. Without the broadcast only node 0 has (and checks) the total: what
 * the tree costs when the broadcast goes elsewhere, as on the AP1000's
 * B-net (Fig. 5's estimate in paper/chuang.sh). */
static void tree_sum(node_ctx *c, const kernel_cfg *k, int bcast, const char *what)
{
    hc_t h;
    uint32_t B = k->words;
    if (hc_begin(&h, c, k, B)) return;
    uint32_t x = hc_own_values(&h);
    int i = hc_tree_reduce(&h, x, B, 0);
    uint32_t res = bcast ? hc_tree_bcast(&h, x, B, i, 0) : x;
    if (bcast || i < 0) hc_check_sum(c, hc_mem_at(&h, res, B), 0, B, k->seed, 0, h.N, what);
    hc_end(&h);
}

void hr_global_sum_tree(node_ctx *c, const void *cfg) { tree_sum(c, cfg, 1, "global-sum-tree"); }
void hr_tree_reduce(node_ctx *c, const void *cfg) { tree_sum(c, cfg, 0, "global-sum-tree-reduce"); }

/* The paper's tree (Sec. 3.2): the fan-in of global-sum-tree, then node 0
 * broadcasts the total on the broadcast network (api_bnet_send: the
 * AP1000's B-net) in one step; every other node reads it there. */
void hr_global_sum_tree_bnet(node_ctx *c, const void *cfg)
{
    const kernel_cfg *k = cfg;
    hc_t h;
    uint32_t B = k->words;
    if (hc_begin(&h, c, k, B)) return;
    uint32_t x = hc_own_values(&h);
    if (hc_tree_reduce(&h, x, B, 0) < 0) {
        api_bnet_send(c, x, B);
    } else {
        x = hc_alloc(&h, B);
        api_bnet_recv(c, x, B);
    }
    hc_check_sum(c, hc_mem_at(&h, x, B), 0, B, k->seed, 0, h.N, "global-sum-tree-bnet");
    hc_end(&h);
}

void hr_scan(node_ctx *c, const void *cfg)
{
    const kernel_cfg *k = cfg;
    hc_t h;
    uint32_t B = k->words;
    if (hc_begin(&h, c, k, B)) return;
    uint32_t x = hc_own_values(&h), sb = hc_alloc(&h, (uint32_t)h.d * B);
    for (int i = 1; i < h.N; i <<= 1) {
        if (h.me + i < h.N) hc_send_copy(&h, &sb, h.me + i, x, B);
        if (h.me >= i) hc_combine_ops(&h, x, hc_recv(&h, h.me - i, B), B, (B + 1) / 2);
    }
    hc_check_sum(c, hc_mem_at(&h, x, B), 0, B, k->seed, 0, h.me + 1, "scan");
    hc_end(&h);
}

/* ---- scan-blocked ---- */

const char *hr_scan_blocked_check(const kernel_cfg *k)
{
    const char *why = hc_check_cfg(k);
    if (why) return why;
    if (k->words < 2 || k->words % 2)
        return "holds doubles of 2 words: needs an even --words >= 2 (m = B/2 operands per node)";
    return NULL;
}

size_t hr_scan_blocked_mem(const kernel_cfg *k)
{
    int d = hc_dim(k->n);
    return hc_mem(k, 2, k->words + 4 + 2 * (size_t)(d > 0 ? d : 1));
}

double hr_scan_blocked_bytes(const kernel_cfg *k)
{
    return hr_scan_bytes(&(kernel_cfg){ .n = k->n, .words = 2 });
}

/* Operand g of the scan, a 64-bit value. */
static uint64_t sb_value(uint32_t seed, uint32_t g)
{
    return (uint64_t)hc_value(seed, (int)g, 1) << 32 | hc_value(seed, (int)g, 0);
}
static uint64_t sb_get(hc_t *h, uint32_t a)
{
    const uint32_t *p = hc_mem_at(h, a, 2);
    return (uint64_t)p[1] << 32 | p[0];
}
static void sb_put(hc_t *h, uint32_t a, uint64_t v)
{
    uint32_t *p = hc_mem_at(h, a, 2);
    p[0] = (uint32_t)v;
    p[1] = (uint32_t)(v >> 32);
}

/* Each node receives from log2 N distinct nodes at most once: one 2-word
 * slot per source, never overwritten. */
void hr_scan_blocked(node_ctx *c, const void *cfg)
{
    const kernel_cfg *k = cfg;
    hc_t h;
    uint32_t m = k->words / 2, f = (uint32_t)k->flop_cycles;
    if (hc_begin(&h, c, k, 2)) return;
    uint32_t g0 = (uint32_t)h.me * m;
    uint32_t x = hc_alloc(&h, 2 * m), tot = hc_alloc(&h, 2), ex = hc_alloc(&h, 2);
    uint32_t sb = hc_alloc(&h, 2 * (uint32_t)h.d);
    uint64_t run = 0;
    for (uint32_t e = 0; e < m; e++) {            /* the local prefix */
        run += sb_value(k->seed, g0 + e);
        sb_put(&h, x + 2 * e, run);
    }
    api_compute(c, (uint64_t)f * (m - 1));
    sb_put(&h, tot, run);
    sb_put(&h, ex, 0);
    for (int i = 1; i < h.N; i <<= 1) {
        if (h.me + i < h.N) hc_send_copy(&h, &sb, h.me + i, tot, 2);
        if (h.me >= i) {
            uint64_t y = sb_get(&h, hc_recv(&h, h.me - i, 2));
            sb_put(&h, tot, sb_get(&h, tot) + y);
            sb_put(&h, ex, sb_get(&h, ex) + y);
            api_compute(c, 2ull * f);
        }
    }
    if (h.me > 0) {                               /* fold in the nodes before */
        uint64_t e0 = sb_get(&h, ex);
        for (uint32_t e = 0; e < m; e++) sb_put(&h, x + 2 * e, sb_get(&h, x + 2 * e) + e0);
        api_compute(c, (uint64_t)f * m);
    }
    uint64_t want = 0;                            /* check every word */
    for (uint32_t g = 0; g < g0; g++) want += sb_value(k->seed, g);
    for (uint32_t e = 0; e < m; e++) {
        want += sb_value(k->seed, g0 + e);
        uint64_t got = sb_get(&h, x + 2 * e);
        if (got != want)
            api_fail(c, "scan-blocked: operand %u is %016llx, expected %016llx", g0 + e,
                     (unsigned long long)got, (unsigned long long)want);
    }
    hc_end(&h);
}
