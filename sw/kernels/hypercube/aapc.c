/* All-to-all personalized communication, two ways (Chuang & Horie,
 * Sec. 3.4, Fig. 8): every node has a distinct B-word block for every
 * other node; every word that arrives is checked against payload_word.
 *
 *   aapc-bucket  A_bp, the bucket-passing normal hypercube algorithm on the
 *                crossover: log2 N steps; in step i node j sends to
 *                j + 2^i the N/2 blocks whose remaining offset
 *                (dst - j mod N, hypercube ids) has bit i set, and takes in
 *                the N/2 blocks j - 2^i sends. Few, large messages;
 *                packing and unpacking cost one call plus a cycle per word.
 *   aapc-hh      A_hh, direct AAPC in contention-free phases (Horie and
 *                Hayashi, JSPP '92: a phase table of a_max P / 8 phases on
 *                a bidirectional torus; the same optimal phases as Hinrichs
 *                et al., sw/schedule/aapc_schedule.c). Each phase a node sends its
 *                block straight to its destination, then waits for the
 *                block addressed to it in that phase: N - 1 small messages
 *                per node, n^3/8 phases. Self blocks stay local. */
#include <stdlib.h>
#include "aapc_schedule.h"
#include "hcube_kernels.h"

/* ---- aapc-bucket ---- */

/* Memory and bytes: bucket passing moves what the standard exchange moves
 * (log2 N messages of N/2 blocks per node): cx_standard_mem/_bytes. */

/* held[o] (o = 0..N-1) is the block whose offset dst - src is o; it sits at
 * node src + (o mod 2^i) after step i-1, so at node j it came from
 * j - (o mod 2^i). The partner j - 2^i sends to j exactly once. */
void ha_bucket(node_ctx *c, const void *cfg)
{
    const kernel_cfg *k = cfg;
    hc_t h;
    uint32_t B = k->words;
    int N = api_n(c) * api_n(c), mask = N - 1;
    uint32_t half = (uint32_t)N / 2 * B;
    if (hc_begin(&h, c, k, half)) return;
    int me_t = api_id(c);
    uint32_t held = hc_alloc(&h, (uint32_t)N * B), sb = hc_alloc(&h, (uint32_t)h.d * half);
    for (int o = 0; o < N; o++) {
        uint32_t *blk = hc_mem_at(&h, held + (uint32_t)o * B, B);
        uint32_t dst = (uint32_t)hc_torus(&h, (h.me + o) & mask);
        for (uint32_t w = 0; w < B; w++) blk[w] = payload_word((uint32_t)me_t, dst, w);
    }
    for (int i = 0; i < h.d; i++) {              /* the bucket for bit i */
        int bit = 1 << i;
        hc_swap_blocks(&h, held, sb + (uint32_t)i * half, B, bit, bit,
                       (h.me + bit) & mask, (h.me - bit) & mask);
    }
    for (int o = 0; o < N; o++)
        hc_check_block(c, hc_mem_at(&h, held + (uint32_t)o * B, B), B,
                       (uint32_t)hc_torus(&h, (h.me - o) & mask), (uint32_t)me_t, "aapc-bucket");
    hc_end(&h);
}

/* ---- aapc-hh ---- */

const char *ha_hh_check(const kernel_cfg *k)
{
    const char *why = hc_check_cfg(k);
    if (why) return why;
    /* its routes are the table's: it takes no --routing unidir (kernel_check) */
    if (k->n % 8)
        return "uses the bidirectional optimal phase table: needs n a multiple of 8";
    return NULL;
}

size_t ha_hh_mem(const kernel_cfg *k)
{
    return hc_mem(k, k->words, (size_t)k->n * k->n * k->words);
}

double ha_direct_bytes(const kernel_cfg *k)
{
    double N = (double)k->n * k->n;
    return N * (N - 1) * k->words * 4.0;
}

/* The phase table and, per phase and node, who sends to it: built once per
 * torus size and shared read-only by all node programs (and runs). */
static struct {
    int n;
    aapc_schedule *s;
    int16_t *from;   /* from[phase * N + dst] = source node, or -1 (N <= 4096) */
} hh_table;

static const aapc_schedule *hh_schedule(int n, const int16_t **from)
{
    if (hh_table.n != n) {
        free(hh_table.s);
        free(hh_table.from);
        hh_table.n = 0;
        hh_table.s = malloc(sizeof *hh_table.s);
        if (!hh_table.s || aapc_schedule_init(hh_table.s, n)) return NULL;
        int N = n * n, P = hh_table.s->num_phases;
        hh_table.from = malloc((size_t)P * N * sizeof *hh_table.from);
        if (!hh_table.from) return NULL;
        for (size_t i = 0; i < (size_t)P * N; i++) hh_table.from[i] = -1;
        for (int ph = 0; ph < P; ph++)
            for (int t = 0; t < N; t++) {
                aapc_send m = aapc_pattern(hh_table.s, t % n, t / n, ph);
                if (m.sends) hh_table.from[(size_t)ph * N + m.dst_y * n + m.dst_x] = (int16_t)t;
            }
        hh_table.n = n;
    }
    *from = hh_table.from;
    return hh_table.s;
}

void ha_hh(node_ctx *c, const void *cfg)
{
    const kernel_cfg *k = cfg;
    hc_t h;
    uint32_t B = k->words;
    if (hc_begin(&h, c, k, B)) return;
    int n = h.n, N = h.N, me = api_id(c);
    const int16_t *from;
    const aapc_schedule *s = hh_schedule(n, &from);
    if (!s) {
        api_fail(c, "no phase table for n = %d", n);
        hc_end(&h);
        return;
    }
    uint32_t out = hc_alloc(&h, (uint32_t)N * B);   /* block for torus node d at d*B */
    aapc_fill_blocks_at(c, 0, out, B);   /* seed 0: hc_check_block's payload_word */
    for (int ph = 0; ph < s->num_phases; ph++) {
        aapc_send m = aapc_pattern(s, api_x(c), api_y(c), ph);
        int dst = m.dst_y * n + m.dst_x;
        if (m.sends && dst != me)
            mp_route_send(c, m.dx, m.dy, me, out + (uint32_t)dst * B, B); /* the table's route */
        int src = from[(size_t)ph * N + me];
        if (src >= 0 && src != me) {      /* the phase's incoming block */
            uint32_t in = hc_recv_torus(&h, src, B);
            hc_check_block(c, hc_mem_at(&h, in, B), B, (uint32_t)src, (uint32_t)me, "aapc-hh");
        }
    }
    hc_end(&h);
}
