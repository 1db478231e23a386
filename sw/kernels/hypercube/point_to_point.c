/* Point-to-point timings (Bokhari, "Complete exchange on the iPSC-860",
 * Sec. 2.2 and 2.3): the machine's cost of one message against length and
 * distance (Fig. 2), and of K messages that share one link (Figs. 3-4).
 * Every word that arrives is checked against payload_word(src, dst, i).
 *
 *   p2p          node (0,0) sends B words to the node D = --dist hops away:
 *                min(D, n/2) hops along x, the rest along y (routes go x
 *                first, so the path has exactly D links).
 *   p2p-contend  K = --senders nodes on row 0, sender j at x = n/2-1-j,
 *                each send B words to (n/2, j): all K paths cross the link
 *                (n/2-1, 0) -> (n/2, 0), as Bokhari's 8 paths all cross
 *                edge 7 -> 15; sender 0's path is that one link.
 *
 * All senders start at once; the run's cycles are the last arrival, which
 * with one sender is the message's time from the send call to its TAIL
 * landing (Bokhari's footnote: the receive is posted beforehand and the
 * synchronizations are not timed). */
#include <stdio.h>
#include "hcube_kernels.h"

static int dist_of(const kernel_cfg *k) { return k->dist > 0 ? k->dist : 1; }
static int senders_of(const kernel_cfg *k) { return k->senders > 0 ? k->senders : 1; }

/* The check of both kernels (each takes only its own --dist or --senders,
 * not --routing unidir, whose routes would change the hop count: kernel.h's
 * KOPT_*, refused by kernel_check). */
const char *p2p_check(const kernel_cfg *k)
{
    static _Thread_local char why[160];   /* one per thread: the library is reentrant */
    const char *hc = hc_check_cfg(k);
    if (hc) return hc;
    if (dist_of(k) > k->n) {
        snprintf(why, sizeof why, "--dist %d is longer than any route on %dx%d (allowed 1..%d)",
                 k->dist, k->n, k->n, k->n);
        return why;
    }
    if (senders_of(k) > k->n / 2) {
        snprintf(why, sizeof why, "--senders %d: at most n/2 = %d paths can cross one link "
                 "on %dx%d (use a larger --n)", k->senders, k->n / 2, k->n, k->n);
        return why;
    }
    return NULL;
}

size_t p2p_mem(const kernel_cfg *k) { return hc_mem(k, k->words, k->words); }

double p2p_bytes(const kernel_cfg *k)
{
    return (double)senders_of(k) * k->words * 4.0;
}

/* Sources and destinations as torus ids; *count pairs. */
static void pairs(const kernel_cfg *k, int n, int *src, int *dst, int *count)
{
    if (k->senders == 0) {   /* p2p: one pair */
        int D = dist_of(k), dx = D < n / 2 ? D : n / 2;
        src[0] = 0;
        dst[0] = (D - dx) * n + dx;
        *count = 1;
        return;
    }
    *count = senders_of(k);
    for (int j = 0; j < *count; j++) {
        src[j] = n / 2 - 1 - j;
        dst[j] = j * n + n / 2;
    }
}

static void run_pairs(node_ctx *c, const kernel_cfg *k, const char *what)
{
    hc_t h;
    uint32_t B = k->words;
    if (hc_begin(&h, c, k, B)) return;
    int src[API_MAX_N], dst[API_MAX_N], count, me = api_id(c);
    pairs(k, h.n, src, dst, &count);
    uint32_t out = hc_alloc(&h, B);
    for (int j = 0; j < count; j++) {
        if (me == src[j]) {
            uint32_t *w = hc_mem_at(&h, out, B);
            for (uint32_t i = 0; i < B; i++) w[i] = payload_word((uint32_t)me, (uint32_t)dst[j], i);
            hc_send_torus(&h, dst[j], me, out, B);
        }
        if (me == dst[j]) {
            uint32_t in = hc_recv_torus(&h, src[j], B);
            hc_check_block(c, hc_mem_at(&h, in, B), B, (uint32_t)src[j], (uint32_t)me, what);
        }
    }
    hc_end(&h);
}

void p2p_one(node_ctx *c, const void *cfg) { run_pairs(c, cfg, "p2p"); }

void p2p_contend(node_ctx *c, const void *cfg)
{
    kernel_cfg k = *(const kernel_cfg *)cfg;
    k.senders = senders_of(&k);   /* 0 means one, and pairs() needs it > 0 */
    run_pairs(c, &k, "p2p-contend");
}
