/* The three communication kernels of Chuang & Horie, Sec. 3.1: every node
 * exchanges a B-word message per step; every word received is checked.
 *
 *   butterfly     for (i = 1; i < N; i <<= 1) { Send(cid ^ i); Recv(cid ^ i); }
 *   crossover     for (i = 1; i < N; i <<= 1) { Send((cid + i) & mask);
 *                                               Recv((cid - i) & mask); }
 *   normal torus  n x { SendEast; RecvWest }, then n x { SendSouth; RecvNorth }
 *
 * cid is the hypercube id (raster by default: the torus node id). Each of
 * the log2 N partners of butterfly and crossover is a different node, so
 * every deposit slot receives exactly one message. */
#include "hcube_kernels.h"

/* Tags of the normal torus kernel's two blocks (the "dst" of payload_word). */
#define NT_ROW 0xfffe0000u
#define NT_COL 0xfffe0001u

size_t hx_exchange_mem(const kernel_cfg *k)
{
    int d = hc_dim(k->n);
    return hc_mem(k, k->words, (size_t)(d > 0 ? d : 1) * k->words);
}

double hx_exchange_bytes(const kernel_cfg *k)
{
    double N = (double)k->n * k->n;
    return N * hc_dim(k->n) * k->words * 4.0;
}

/* A block of payload_word(me, partner, i) for each step, then the steps. */
static void exchange(node_ctx *c, const kernel_cfg *k, int crossover)
{
    hc_t h;
    uint32_t B = k->words;
    if (hc_begin(&h, c, k, B)) return;
    int me_t = api_id(c), mask = h.N - 1;
    uint32_t sb = hc_alloc(&h, (uint32_t)h.d * B);
    for (int i = 1, s = 0; i < h.N; i <<= 1, s++) {
        int to = crossover ? (h.me + i) & mask : h.me ^ i;
        int from = crossover ? (h.me - i) & mask : h.me ^ i;
        uint32_t *out = hc_mem_at(&h, sb + (uint32_t)s * B, B);
        for (uint32_t w = 0; w < B; w++)
            out[w] = payload_word((uint32_t)me_t, (uint32_t)hc_torus(&h, to), w);
        hc_send(&h, to, sb + (uint32_t)s * B, B);             /* SendMsg */
        uint32_t in = hc_recv(&h, from, B);                   /* RecvMsg */
        hc_check_block(c, hc_mem_at(&h, in, B), B, (uint32_t)hc_torus(&h, from), (uint32_t)me_t,
                       crossover ? "crossover" : "butterfly");
    }
    hc_end(&h);
}

void hx_butterfly(node_ctx *c, const void *cfg) { exchange(c, cfg, 0); }
void hx_crossover(node_ctx *c, const void *cfg) { exchange(c, cfg, 1); }

size_t hx_normal_torus_mem(const kernel_cfg *k)
{
    return hc_mem(k, k->words, 2u * (size_t)k->words);
}

double hx_normal_torus_bytes(const kernel_cfg *k)
{
    return (double)k->n * k->n * 2.0 * k->n * k->words * 4.0;
}

/* The normal torus algorithm passes data around the rings: step s forwards
 * the block that arrived at step s-1, so after the row phase every node has
 * seen every block of its row, after the column phase every block of its
 * column. A forwarded message keeps its origin's id in the HEAD (as a
 * store-and-forward node would), so it lands in its origin's slot: the n
 * row-phase origins (x-1-s, y) are all different, the column-phase ones
 * (x, y-1-s) too, and the one origin both phases share is this node itself,
 * whose second block (column step n-1) is causally after the first (row
 * step n-1): it has gone round the whole column, through this node's own
 * column step 0, which follows the row phase. So no slot is ever
 * overwritten before it was read, and the deposit never moves. Torus
 * coordinates: the mapping does not apply (it takes no --mapping); both
 * routing modes send one hop +x or +y (it takes --routing unidir: it obeys it). */
void hx_normal_torus(node_ctx *c, const void *cfg)
{
    const kernel_cfg *k = cfg;
    hc_t h;
    uint32_t B = k->words;
    if (hc_begin(&h, c, k, B)) return;
    int n = h.n, x = api_x(c), y = api_y(c), me = api_id(c);
    uint32_t own[2] = { hc_alloc(&h, B), hc_alloc(&h, B) };
    const uint32_t tag[2] = { NT_ROW, NT_COL };
    for (int ph = 0; ph < 2; ph++) {
        uint32_t *blk = hc_mem_at(&h, own[ph], B);
        for (uint32_t w = 0; w < B; w++) blk[w] = payload_word((uint32_t)me, tag[ph], w);
    }
    for (int ph = 0; ph < 2; ph++) {          /* rows (east), then columns (south) */
        int next = ph == 0 ? y * n + (x + 1) % n : ((y + 1) % n) * n + x;
        uint32_t fwd = own[ph];
        int origin = me;
        for (int s = 0; s < n; s++) {
            hc_send_torus(&h, next, origin, fwd, B);       /* SendEast / SendSouth */
            origin = ph == 0 ? y * n + ((x - 1 - s) % n + n) % n
                             : (((y - 1 - s) % n + n) % n) * n + x;
            fwd = hc_recv_torus(&h, origin, B);            /* RecvWest / RecvNorth */
            hc_check_block(c, hc_mem_at(&h, fwd, B), B, (uint32_t)origin, tag[ph],
                           "normal torus");
        }
    }
    hc_end(&h);
}
