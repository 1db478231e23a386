/* Two-stage AAPC (Hinrichs et al., Sec. 4.1, Fig. 7): an AAPC within every
 * row, then an AAPC within every column, with messages n times larger than
 * the blocks, so that start-up costs are amortized n times better, at the
 * price of using only the row links or only the column links at a time.
 *
 *   stage 1: for every x' != x in the row:
 *              NBSendMessage((x', y), blocks for (x', 0), (x', 1), ..., (x', n-1))
 *            wait for the n-1 messages of the row
 *   stage 2: for every y' in the column (self last):
 *              NBSendMessage((x, y'), blocks for (x, y') from (0, y), ..., (n-1, y))
 *              unpack the column messages that have arrived
 *            wait for and unpack the rest
 *
 * Transport: the message-passing library (e-cube on the dateline VCs,
 * msg_cycles per send) with a gather DMA (mp_send_gather: one DMA
 * command per block), so nothing is packed before it is sent. Receive is the
 * deposit model: one slot of n*B words per source node id, which serves
 * both stages at once (row sources in stage 1, column sources in stage 2;
 * the node's own stage-1 blocks never leave its memory), so no node has to
 * wait for its neighbours to switch buffers between the stages. A column
 * message from (x, ys) holds the blocks of sources (0..n-1, ys) in order,
 * which is one contiguous run of the usual receive layout (block from s at
 * N*B + s*B): the node copies it there as soon as it has arrived
 * (api_copy, one cycle per word, overlapped with its own sends), and then
 * every word is checked as in the other AAPC kernels. The slot array is
 * indexed by node id, so it spans N slots of which 2n-1 are used: n times
 * the memory of the blocks themselves. */
#include "aapc_kernels.h"
#include "payload.h"

/* memory: send blocks, final receive blocks, n*B words per node id */
size_t aapc_two_stage_mem(const kernel_cfg *c)
{
    size_t N = (size_t)c->n * c->n;
    return aapc_mem_words(c->n, c->words) + N * c->n * c->words;
}

const char *aapc_two_stage_check(const kernel_cfg *c)
{
    if ((uint64_t)c->n * c->words > UINT32_MAX / 2)
        return "n * B words per message is too large";
    return NULL;
}

/* The k-th ring offset (k = 1..n-1, as a non-negative residue) that ring
 * position r sends to: +1, -1, +2, -2, ... at even positions and -1, +1,
 * -2, +2, ... at odd ones, so that in every step half the nodes send each
 * way and both directions of the ring links carry traffic. */
static int offset_of(int k, int n, int r)
{
    int m = (k + 1) / 2, plus = (k % 2) ^ (r % 2 && 2 * m != n);
    return plus ? m : n - m;
}

/* Stage 2's receive side: copy every column message that has arrived and
 * is not yet unpacked into its place. Returns how many it unpacked. */
static int unpack_arrived(node_ctx *c, int n, int x, uint32_t B, uint32_t R,
                          int *unpacked)
{
    uint32_t nB = (uint32_t)n * B;
    int N = n * n, got = 0;
    for (int ys = 0; ys < n; ys++) {
        int src = ys * n + x;
        if (unpacked[ys] || api_msgs_from(c, src) < 1) continue;
        api_copy(c, (uint32_t)(N + ys * n) * B, R + (uint32_t)src * nB, nB);
        unpacked[ys] = 1;
        got++;
    }
    return got;
}

void aapc_two_stage(node_ctx *c, const void *arg)
{
    const kernel_cfg *k = arg;
    int n = k->n, N = n * n, x = api_x(c), y = api_y(c);
    uint32_t B = k->words, nB = (uint32_t)n * B;
    uint32_t R = 2u * (uint32_t)N * B;          /* slot of node s: R + s*nB */
    uint32_t addr[AAPC_MAX_N], len[AAPC_MAX_N];

    aapc_fill_send_blocks(c, k, B);
    api_set_deposit(c, API_POOL_MP, R, nB);
    for (int i = 0; i < n; i++) len[i] = B;

    /* stage 1: rows */
    for (int j = 1; j < n; j++) {
        int xd = (x + offset_of(j, n, x)) % n;
        for (int yy = 0; yy < n; yy++) addr[yy] = (uint32_t)(yy * n + xd) * B;
        mp_send_gather(c, y * n + xd, n, addr, len);
    }
    for (int xs = 0; xs < n; xs++)
        if (xs != x) mp_wait_msgs_from(c, y * n + xs, 1);

    /* stage 2: columns, unpacking whatever has arrived after every send */
    int unpacked[AAPC_MAX_N] = { 0 }, left = n;
    for (int j = 1; j <= n; j++) {
        int yd = j < n ? (y + offset_of(j, n, y)) % n : y;
        for (int xs = 0; xs < n; xs++)
            addr[xs] = xs == x ? (uint32_t)(yd * n + x) * B
                               : R + (uint32_t)(y * n + xs) * nB + (uint32_t)yd * B;
        mp_send_gather(c, yd * n + x, n, addr, len);
        left -= unpack_arrived(c, n, x, B, R, unpacked);
    }
    while (left) {
        int got = unpack_arrived(c, n, x, B, R, unpacked);
        left -= got;
        if (!got) api_wait_messages(c, api_msgs_received(c) + 1);
    }

    /* every message: one from each row and column member, n*B words */
    if (api_bad_messages(c))
        api_fail(c, "%llu malformed messages", (unsigned long long)api_bad_messages(c));
    for (int s = 0; s < N; s++) {
        int member = s / n == y || s % n == x;
        uint32_t want = member ? 1u : 0u;
        if (api_msgs_from(c, s) != want || api_words_from(c, s) != want * nB)
            api_fail(c, "%u messages, %u words from node %d, expected %u of %u words",
                     api_msgs_from(c, s), api_words_from(c, s), s, want, nB);
    }
    /* every word in its place */
    for (int s = 0; s < N; s++)
        aapc_check_block(c, k, api_mem(c, (uint32_t)(N + s) * B, B), B, s, 1);
}
