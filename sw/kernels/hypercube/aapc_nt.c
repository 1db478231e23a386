/* A_nt, all-to-all personalized communication by the normal torus
 * algorithm (Chuang & Horie, Sec. 2.2 and 3.4, Fig. 8): n - 1 steps east,
 * then n - 1 steps south, every message one hop, as the normal torus
 * kernel of Sec. 3.1 passes data round the rings. Every node has a
 * distinct B-word block for every node (itself included); every block is
 * checked word by word against payload_word(src, dst, .) where it ends.
 *
 * Row phase. Node (x, y) orders its own blocks by column offset t = 0..n-1
 * (destination column x + t), then destination row r. All blocks of one
 * origin travel east together as a shrinking bucket: in step s (1..n-1) a
 * node sends the bucket of origin column x - s + 1, which still holds the
 * offsets t >= s: (n - s) n blocks. The receiver keeps the first n (t = s:
 * its own column, every destination row) and forwards the rest, a suffix
 * of the same message, in step s + 1, straight from its deposit slot.
 *
 * Column phase. The node now holds, for each origin column ox of its row,
 * the n blocks bound for its own column. It gathers them by row offset
 * u = 0..n-1 (destination row y + u), then ox (a charged copy, like the
 * bucket kernels' packing), and passes them south the same way: in step s
 * the bucket of origin row y - s + 1 with u >= s, (n - s) n blocks; the
 * first n received are this node's, from (ox, y - s) for every ox.
 *
 * Deposit slots: a forwarded message carries its bucket's origin in the
 * HEAD, as a store-and-forward node would; the tag is the origin column
 * (0..n-1) in the row phase and n + the origin row in the column phase, so
 * a node has 2n slots, each receiving exactly one message; the slot is
 * never written again, which is why a suffix can be sent from it. Torus
 * coordinates: the mapping does not apply (it takes no --mapping); both
 * routing modes send one hop +x or +y (it takes --routing unidir: it obeys it). */
#include "hcube_kernels.h"

/* The largest message: (n - 1) n blocks, the step-1 bucket. */
static uint32_t nt_stride(const kernel_cfg *k)
{
    return (uint32_t)(k->n > 1 ? k->n - 1 : 1) * (uint32_t)k->n * k->words;
}

size_t ha_nt_mem(const kernel_cfg *k)
{
    /* 2n slots, own blocks (N B), the gathered column-phase bucket (N B) */
    return (size_t)2 * k->n * nt_stride(k) + 2 * (size_t)k->n * k->n * k->words;
}

double ha_nt_bytes(const kernel_cfg *k)
{
    /* per node and phase: sum over s of (n - s) n blocks = n^2 (n - 1) / 2 */
    double n = k->n, N = n * n;
    return N * n * n * (n - 1) * k->words * 4.0;
}

void ha_nt(node_ctx *c, const void *cfg)
{
    const kernel_cfg *k = cfg;
    hc_t h;
    uint32_t B = k->words, n = (uint32_t)api_n(c), nB = n * B;
    if (hc_begin_slots(&h, c, k, nt_stride(k), 2 * n)) return;
    int x = api_x(c), y = api_y(c), me = api_id(c), in = (int)n;
    int east = y * in + (x + 1) % in, south = ((y + 1) % in) * in + x;
    uint32_t own = hc_alloc(&h, n * nB), col = hc_alloc(&h, n * nB);
    for (uint32_t t = 0; t < n; t++)          /* own[t][r] -> ((x + t) mod n, r) */
        for (uint32_t r = 0; r < n; r++) {
            uint32_t dst = r * n + (uint32_t)(x + (int)t) % n;
            uint32_t *blk = hc_mem_at(&h, own + (t * n + r) * B, B);
            for (uint32_t w = 0; w < B; w++) blk[w] = payload_word((uint32_t)me, dst, w);
        }
    /* row phase: kept[ox] = the n blocks origin column ox sent to this column */
    uint32_t kept_row[API_MAX_N];
    kept_row[x] = own;
    uint32_t fwd = own + nB;                 /* step 1 sends own t >= 1 */
    int tag = x;
    for (uint32_t s = 1; s < n; s++) {
        hc_send_torus(&h, east, tag, fwd, (n - s) * nB);
        tag = ((x - (int)s) % in + in) % in;             /* bucket of origin x - s */
        uint32_t got = hc_recv_torus(&h, tag, (n - s) * nB);
        kept_row[tag] = got;
        fwd = got + nB;
    }
    /* gather: col[u][ox] = block (ox, y) -> (x, y + u) */
    for (uint32_t u = 0; u < n; u++)
        for (uint32_t ox = 0; ox < n; ox++) {
            uint32_t r = (uint32_t)(y + (int)u) % n;
            memcpy(hc_mem_at(&h, col + (u * n + ox) * B, B),
                   hc_mem_at(&h, kept_row[ox] + r * B, B), B * sizeof(uint32_t));
        }
    hc_copy_charge(&h, n * nB);
    for (uint32_t ox = 0; ox < n; ox++)      /* this row's blocks for me (u = 0) */
        hc_check_block(c, hc_mem_at(&h, col + ox * B, B), B, (uint32_t)y * n + ox,
                       (uint32_t)me, "aapc-nt");
    fwd = col + nB;
    tag = in + y;
    for (uint32_t s = 1; s < n; s++) {
        hc_send_torus(&h, south, tag, fwd, (n - s) * nB);
        int oy = ((y - (int)s) % in + in) % in;          /* bucket of origin row y - s */
        tag = in + oy;
        uint32_t got = hc_recv_torus(&h, tag, (n - s) * nB);
        for (uint32_t ox = 0; ox < n; ox++)  /* its first n blocks are mine */
            hc_check_block(c, hc_mem_at(&h, got + ox * B, B), B, (uint32_t)oy * n + ox,
                           (uint32_t)me, "aapc-nt");
        fwd = got + nB;
    }
    hc_end(&h);
}
