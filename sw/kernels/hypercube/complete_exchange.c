/* Complete exchange on 2^d nodes (Bokhari, "Complete exchange on the
 * iPSC-860", Sec. 4), run on the torus through the hypercube mapping:
 * every node sends a distinct B-word block to every other node, and every
 * word that arrives is checked against payload_word(src, dst, i) (torus
 * ids). Node numbers in the loops are hypercube ids.
 *
 *   cx-naive     for dest = 0 .. n-1: send to dest (all nodes hit node i at
 *                step i)
 *   cx-linear    for i = 1 .. n-1: send to (me + i) mod n
 *   cx-pairwise  for i = 1 .. n-1: exchange with me XOR i (send, then wait
 *                for the partner's block: the pairwise synchronization)
 *   cx-pairwise-unsync  the same sends without the waits (Fig. 13: pairwise_F
 *                with the pairwise synchronizations removed)
 *   cx-pairwise-f  pairwise_F as Sec. 5 writes it: one global
 *                synchronization first (Intel's gsync butterfly of zero-word
 *                messages, most significant dimension first), then at each
 *                step a pairwise synchronization, an exchange of zero-word
 *                messages with the partner, before the block is exchanged
 *   cx-stable    for i = 0 .. n-1: dest = 2 me + 1 + i (me < n/2) or
 *                2 me - n + i (mod n); idle for one transmission time when
 *                dest = me
 *   cx-standard  for j = d-1 downto 0: send the n/2 blocks whose
 *                destination differs from me in bit j to me XOR 2^j,
 *                receive n/2, shuffle: d messages of n/2 blocks; packing
 *                and the shuffle cost one call plus a cycle per word each
 *
 * The first four send every block directly, one message per pair, so each
 * deposit slot is written once. Sends are non-blocking (the DMA command
 * queue limits how far a node runs ahead); naive, linear, stable and
 * pairwise-unsync wait for their n-1 blocks at the end. */
#include "hcube_kernels.h"

size_t cx_direct_mem(const kernel_cfg *k)
{
    return hc_mem(k, k->words, (size_t)k->n * k->n * k->words);
}

enum { CX_NAIVE, CX_LINEAR, CX_PAIRWISE, CX_STABLE, CX_PAIRWISE_UNSYNC, CX_PAIRWISE_F };

/* The global synchronization of pairwise_F: gsync's butterfly, a zero-word
 * message to me XOR 2^j and the wait for the partner's, j = d-1 .. 0. The
 * receives need no posting (deposit model; Bokhari posts them before this
 * synchronization). A partner's next message (its step-(me XOR p) zero-word
 * one) leaves only after it has this node's token of the last dimension and
 * a send cost, so it cannot overrun the token (hc_recv checks). */
static void cx_gsync(hc_t *h)
{
    for (int j = h->d - 1; j >= 0; j--) {
        int p = h->me ^ (1 << j);
        hc_send(h, p, 0, 0);
        hc_recv(h, p, 0);
    }
}

static void direct(node_ctx *c, const kernel_cfg *k, int alg)
{
    hc_t h;
    uint32_t B = k->words;
    if (hc_begin(&h, c, k, B)) return;
    int N = h.N, me = h.me, me_t = api_id(c);
    uint32_t out = hc_alloc(&h, (uint32_t)N * B);   /* block for torus node t at t*B */
    aapc_fill_blocks_at(c, 0, out, B);   /* seed 0: hc_check_block's payload_word */
    static const char *const names[] = { "cx-naive", "cx-linear", "cx-pairwise", "cx-stable",
                                         "cx-pairwise-unsync", "cx-pairwise-f" };
    const char *what = names[alg];
    int steps = alg == CX_STABLE ? N : alg == CX_NAIVE ? N : N - 1;
    int paired = alg == CX_PAIRWISE || alg == CX_PAIRWISE_F;
    if (alg == CX_PAIRWISE_F) cx_gsync(&h);
    for (int i = 0; i < steps; i++) {
        int dest;
        switch (alg) {
        case CX_NAIVE: dest = i; break;
        case CX_LINEAR: dest = (me + 1 + i) % N; break;
        case CX_PAIRWISE:
        case CX_PAIRWISE_F:
        case CX_PAIRWISE_UNSYNC: dest = me ^ (i + 1); break;
        default: dest = me < N / 2 ? (2 * me + 1 + i) % N : (2 * me - N + i) % N; break;
        }
        if (dest == me) {
            if (alg == CX_STABLE)   /* idle for one transmission */
                api_compute(c, (uint64_t)api_msg_cycles(c) + (uint64_t)api_link_tt(c) * B);
            continue;
        }
        if (alg == CX_PAIRWISE_F) {   /* the pairwise synchronization */
            hc_send(&h, dest, 0, 0);
            hc_recv(&h, dest, 0);
        }
        hc_send(&h, dest, out + (uint32_t)hc_torus(&h, dest) * B, B);
        if (paired) {
            uint32_t in = hc_recv(&h, dest, B);
            hc_check_block(c, hc_mem_at(&h, in, B), B, (uint32_t)hc_torus(&h, dest),
                           (uint32_t)me_t, what);
        }
    }
    if (!paired)
        for (int s = 0; s < N; s++) {
            if (s == me) continue;
            uint32_t in = hc_recv(&h, s, B);
            hc_check_block(c, hc_mem_at(&h, in, B), B, (uint32_t)hc_torus(&h, s),
                           (uint32_t)me_t, what);
        }
    /* the block to itself never travels */
    hc_check_block(c, hc_mem_at(&h, out + (uint32_t)me_t * B, B), B, (uint32_t)me_t,
                   (uint32_t)me_t, what);
    hc_end(&h);
}

void cx_naive(node_ctx *c, const void *cfg) { direct(c, cfg, CX_NAIVE); }
void cx_linear(node_ctx *c, const void *cfg) { direct(c, cfg, CX_LINEAR); }
void cx_pairwise(node_ctx *c, const void *cfg) { direct(c, cfg, CX_PAIRWISE); }
void cx_stable(node_ctx *c, const void *cfg) { direct(c, cfg, CX_STABLE); }
void cx_pairwise_unsync(node_ctx *c, const void *cfg) { direct(c, cfg, CX_PAIRWISE_UNSYNC); }
void cx_pairwise_f(node_ctx *c, const void *cfg) { direct(c, cfg, CX_PAIRWISE_F); }

size_t cx_standard_mem(const kernel_cfg *k)
{
    size_t N = (size_t)k->n * k->n;
    int d = hc_dim(k->n);
    return hc_mem(k, (uint32_t)(N / 2 * k->words),
                  N * k->words + (size_t)(d > 0 ? d : 1) * N / 2 * k->words);
}

/* Standard exchange: d messages of N/2 blocks per node. */
double cx_standard_bytes(const kernel_cfg *k)
{
    double N = (double)k->n * k->n;
    return N * hc_dim(k->n) * (N / 2) * k->words * 4.0;
}

/* held[idx]: before dimension j is done, idx's bits above j are the
 * block's source bits and the others its destination bits; the partner of
 * each step is a different node, so each deposit slot is written once. */
void cx_standard(node_ctx *c, const void *cfg)
{
    const kernel_cfg *k = cfg;
    hc_t h;
    uint32_t B = k->words;
    int N = api_n(c) * api_n(c);
    uint32_t half = (uint32_t)N / 2 * B;
    if (hc_begin(&h, c, k, half)) return;
    int me = h.me, me_t = api_id(c);
    uint32_t held = hc_alloc(&h, (uint32_t)N * B), sb = hc_alloc(&h, (uint32_t)h.d * half);
    for (int q = 0; q < N; q++) {
        uint32_t *blk = hc_mem_at(&h, held + (uint32_t)q * B, B);
        uint32_t dst = (uint32_t)hc_torus(&h, q);
        for (uint32_t w = 0; w < B; w++) blk[w] = payload_word((uint32_t)me_t, dst, w);
    }
    for (int j = h.d - 1; j >= 0; j--) {  /* the blocks for the other half */
        int bit = 1 << j;
        hc_swap_blocks(&h, held, sb + (uint32_t)j * half, B, bit, ~me & bit, me ^ bit, me ^ bit);
    }
    for (int s = 0; s < N; s++)
        hc_check_block(c, hc_mem_at(&h, held + (uint32_t)s * B, B), B,
                       (uint32_t)hc_torus(&h, s), (uint32_t)me_t, "cx-standard");
    hc_end(&h);
}
