/* Node mapping, routing and the deposit-slot receive shared by the
 * hypercube kernels (see hcube.h). */
#include "hcube.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "msg.h"

int hc_dim(int n)
{
    if (n < 2 || n > API_MAX_N || (n & (n - 1))) return -1;
    int d = 0;
    while ((1 << d) < n * n) d++;
    return d;
}

const char *hc_check_cfg(const kernel_cfg *k)
{
    static _Thread_local char why[160];   /* one per thread: the library is reentrant */
    if (hc_dim(k->n) < 0) {
        snprintf(why, sizeof why, "needs a power-of-two node count "
                 "(n = 2, 4, 8, 16, 32, 64); got n = %d", k->n);
        return why;
    }
    return hc_mapping_check(k->mapping);
}

size_t hc_mem(const kernel_cfg *k, uint32_t slot_stride, size_t extra)
{
    return (size_t)k->n * k->n * slot_stride + extra;
}

int hc_begin(hc_t *h, node_ctx *c, const kernel_cfg *k, uint32_t slot_stride)
{
    return hc_begin_slots(h, c, k, slot_stride, (uint32_t)k->n * (uint32_t)k->n);
}

int hc_begin_slots(hc_t *h, node_ctx *c, const kernel_cfg *k, uint32_t slot_stride,
                   uint32_t slots)
{
    memset(h, 0, sizeof *h);
    h->c = c;
    h->k = k;
    h->n = api_n(c);
    h->N = h->n * h->n;
    h->d = hc_dim(h->n);
    h->map = hc_mapping_id(k->mapping);
    if (h->d < 0 || h->map < 0) {
        api_fail(c, "%s", hc_check_cfg(k));
        return -1;
    }
    h->t_of = malloc((size_t)h->N * sizeof *h->t_of);
    h->got = calloc((size_t)h->N, sizeof *h->got);
    h->wexp = calloc((size_t)h->N, sizeof *h->wexp);
    if (!h->t_of || !h->got || !h->wexp) {
        api_fail(c, "out of memory");
        hc_end(h);
        return -1;
    }
    for (int i = 0; i < h->N; i++) h->t_of[i] = hc_to_torus(h->n, h->map, i);
    h->me = hc_from_torus(h->n, h->map, api_id(c));
    h->rx_base = 0;
    h->rx_stride = slot_stride;
    h->mem_top = slots * slot_stride;
    api_set_deposit(c, API_POOL_MP, h->rx_base, h->rx_stride);
    return 0;
}

void hc_end(hc_t *h)
{
    node_ctx *c = h->c;
    if (h->got) {
        if (api_bad_messages(c))
            api_fail(c, "%llu malformed messages (length or deposit overflow)",
                     (unsigned long long)api_bad_messages(c));
        if (api_msgs_received(c) != h->nrecv)
            api_fail(c, "%llu messages arrived, the algorithm read %llu",
                     (unsigned long long)api_msgs_received(c), (unsigned long long)h->nrecv);
    }
    free(h->t_of);
    free(h->got);
    free(h->wexp);
    h->t_of = NULL;
    h->got = h->wexp = NULL;
}

uint32_t hc_alloc(hc_t *h, uint32_t words)
{
    uint32_t a = h->mem_top;
    (void)api_mem(h->c, a, words); /* aborts if the layout is too small */
    h->mem_top += words;
    return a;
}

void hc_send_torus(hc_t *h, int tdst, int tag, uint32_t addr, uint32_t len)
{
    int dx, dy;
    mp_route_offsets(h->c, tdst, h->k->unidir, &dx, &dy);
    mp_route_send(h->c, dx, dy, tag, addr, len);
    h->sent_words += len;
}

void hc_send(hc_t *h, int hdst, uint32_t addr, uint32_t len)
{
    hc_send_torus(h, hc_torus(h, hdst), api_id(h->c), addr, len);
}

uint32_t hc_recv_torus(hc_t *h, int tsrc, uint32_t len)
{
    node_ctx *c = h->c;
    uint32_t want = ++h->got[tsrc];
    h->wexp[tsrc] += len;
    /* every arrival wakes us; stop when this source's next one is in */
    while (api_msgs_from(c, tsrc) < want) api_wait_messages(c, api_msgs_received(c) + 1);
    if (api_msgs_from(c, tsrc) != want || api_receiving_from(c, tsrc))
        api_fail(c, "message %u from node %d was overrun by the next one before "
                 "it was read", want, tsrc);
    else if (api_words_from(c, tsrc) != h->wexp[tsrc])
        api_fail(c, "message %u from node %d: %u words in all, expected %u", want,
                 tsrc, api_words_from(c, tsrc), h->wexp[tsrc]);
    h->nrecv++;
    return h->rx_base + (uint32_t)tsrc * h->rx_stride;
}

uint32_t hc_recv(hc_t *h, int hsrc, uint32_t len)
{
    return hc_recv_torus(h, hc_torus(h, hsrc), len);
}

void hc_combine(hc_t *h, uint32_t x_addr, uint32_t y_addr, uint32_t len)
{
    hc_combine_ops(h, x_addr, y_addr, len, len);
}

void hc_combine_ops(hc_t *h, uint32_t x_addr, uint32_t y_addr, uint32_t len, uint32_t ops)
{
    if (!len) return;
    uint32_t *x = api_mem(h->c, x_addr, len);
    const uint32_t *y = api_mem(h->c, y_addr, len);
    for (uint32_t i = 0; i < len; i++) x[i] += y[i];
    api_compute(h->c, (uint64_t)h->k->flop_cycles * ops);
}

uint32_t hc_own_values(hc_t *h)
{
    uint32_t B = h->k->words, x = hc_alloc(h, B);
    uint32_t *v = hc_mem_at(h, x, B);
    for (uint32_t w = 0; w < B; w++) v[w] = hc_value(h->k->seed, h->me, w);
    return x;
}

void hc_send_copy(hc_t *h, uint32_t *buf, int hdst, uint32_t from, uint32_t len)
{
    uint32_t a = *buf;
    *buf += len;
    if (len) memcpy(hc_mem_at(h, a, len), hc_mem_at(h, from, len), len * sizeof(uint32_t));
    hc_send(h, hdst, a, len);
}

void hc_swap_blocks(hc_t *h, uint32_t held, uint32_t out, uint32_t B, int bit, int want,
                    int to, int from)
{
    uint32_t half = (uint32_t)h->N / 2 * B, p = 0;
    for (int q = 0; q < h->N; q++)
        if ((q & bit) == want) {
            if (B) memcpy(hc_mem_at(h, out + p, B), hc_mem_at(h, held + (uint32_t)q * B, B),
                          B * sizeof(uint32_t));
            p += B;
        }
    hc_copy_charge(h, half);                 /* packing costs */
    hc_send(h, to, out, half);
    uint32_t in = hc_recv(h, from, half);
    p = 0;
    for (int q = 0; q < h->N; q++)
        if ((q & bit) == want) {
            if (B) memcpy(hc_mem_at(h, held + (uint32_t)q * B, B), hc_mem_at(h, in + p, B),
                          B * sizeof(uint32_t));
            p += B;
        }
    hc_copy_charge(h, half);                 /* and so does unpacking */
}

/* Step s of the reduce order is dimension s (low first) or d-1-s; a node's
 * bits below its parent's dimension in that order are clear, so child and
 * parent are me | 2^b and me ^ 2^b either way. */
static int tree_dim(const hc_t *h, int s, int high_first)
{
    return high_first ? h->d - 1 - s : s;
}

int hc_tree_reduce(hc_t *h, uint32_t x, uint32_t len, int high_first)
{
    for (int s = 0; s < h->d; s++) {
        int b = tree_dim(h, s, high_first);
        if (h->me & (1 << b)) {
            hc_send(h, h->me ^ (1 << b), x, len);
            return b;
        }
        hc_combine(h, x, hc_recv(h, h->me | (1 << b), len), len);
    }
    return -1;
}

uint32_t hc_tree_bcast(hc_t *h, uint32_t x, uint32_t len, int dim, int high_first)
{
    uint32_t res = dim < 0 ? x : hc_recv(h, h->me ^ (1 << dim), len);
    /* the children are the reduce steps before dim's, farthest first */
    int steps = dim < 0 ? h->d : (high_first ? h->d - 1 - dim : dim);
    for (int s = steps - 1; s >= 0; s--)
        hc_send(h, h->me | (1 << tree_dim(h, s, high_first)), res, len);
    return res;
}

uint64_t hc_check_sum(node_ctx *c, const uint32_t *x, uint32_t lo, uint32_t len,
                      uint32_t seed, int h_lo, int h_hi, const char *what)
{
    uint64_t bad = 0;
    for (uint32_t i = 0; i < len; i++) {
        uint32_t want = 0;
        for (int s = h_lo; s < h_hi; s++) want += hc_value(seed, s, lo + i);
        if (x[i] != want) {
            bad++;
            api_fail(c, "%s: word %u is %08x, expected %08x (sum over nodes %d..%d)",
                     what, lo + i, x[i], want, h_lo, h_hi - 1);
        }
    }
    return bad;
}

uint64_t hc_check_block(node_ctx *c, const uint32_t *blk, uint32_t words, uint32_t src,
                        uint32_t dst, const char *what)
{
    uint64_t bad = 0;
    for (uint32_t i = 0; i < words; i++) {
        uint32_t want = payload_word(src, dst, i);
        if (blk[i] != want) {
            bad++;
            api_fail(c, "%s: word %u of block %u->%u is %08x, expected %08x", what, i,
                     src, dst, blk[i], want);
        }
    }
    return bad;
}

void hc_copy_charge(hc_t *h, uint32_t words)
{
    api_software(h->c, (uint64_t)api_call_cycles(h->c));   /* the call, as api_copy's */
    api_compute(h->c, words);
}
