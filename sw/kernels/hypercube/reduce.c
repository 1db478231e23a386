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
 *   scan                  the crossover without wraparound (Hillis-Steele):
 *                         node j adds what cid - 2^i sends when j >= 2^i;
 *                         result: inclusive prefix sum over hypercube ids.
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

void hr_global_sum_tree(node_ctx *c, const void *cfg)
{
    const kernel_cfg *k = cfg;
    hc_t h;
    uint32_t B = k->words;
    if (hc_begin(&h, c, k, B)) return;
    uint32_t x = hc_own_values(&h);
    /* reduce: combine children cid + 2^i until bit i of cid is set, then
     * send the partial sum to the parent cid - 2^i (x is not touched again);
     * broadcast: the result comes from the parent (a node this node never
     * heard from before) and goes on to the children, farthest first */
    int i = hc_tree_reduce(&h, x, B, 0);
    uint32_t res = hc_tree_bcast(&h, x, B, i, 0);
    hc_check_sum(c, hc_mem_at(&h, res, B), 0, B, k->seed, 0, h.N, "global-sum-tree");
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
        if (h.me >= i) hc_combine(&h, x, hc_recv(&h, h.me - i, B), B);
    }
    hc_check_sum(c, hc_mem_at(&h, x, B), 0, B, k->seed, 0, h.me + 1, "scan");
    hc_end(&h);
}
