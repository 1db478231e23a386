/* Hypercube algorithms on the torus: node mapping, routing choice, and the
 * small send/receive layer the kernels of seeds 000, 003 and 004 share.
 *
 * N = n*n = 2^d nodes. Hypercube node h lives on torus node hc_node(h):
 *   raster  h itself (seed 004, Fig. 2: row by row from the top left),
 *   gray    column gray^-1(h mod n), row gray^-1(h div n): every torus link
 *           joins two hypercube neighbours (the binary-reflected Gray code
 *           embeds each ring in the cube).
 * Routing: kernel_cfg.unidir = 1 sends +x then +y only (the AP1000's
 * east-then-south); 0 the shortest way.
 *
 * Receive is the deposit model with ONE deposit region for the whole run:
 * the message from torus node s lands in slot s (base + s*stride). A kernel
 * never re-arms the deposit; instead each kernel guarantees that a second
 * message from the same source cannot arrive before the first was read
 * (see each kernel's comment), and hc_recv checks it: it reports any
 * message that was overrun by its successor. */
#ifndef SYNCSWITCH_HCUBE_H
#define SYNCSWITCH_HCUBE_H
#include <stddef.h>
#include <stdint.h>
#include "node_api.h"
#include "aapc_blocks.h"
#include "hc_map.h"

/* Why cfg does not fit a hypercube kernel (power-of-two node count, known
 * mapping), or NULL. */
const char *hc_check_cfg(const kernel_cfg *k);
/* log2(n*n), or -1 when n is not a power of two. */
int hc_dim(int n);
/* hc_mapping_id, hc_to_torus, hc_from_torus: sw/lib/hc_map.h */

typedef struct {
    node_ctx *c;
    const kernel_cfg *k;
    int n, N, d;           /* torus side, nodes, cube dimension */
    int map;               /* hc_mapping_id */
    int me;                /* my hypercube id */
    int *t_of;             /* hypercube id -> torus id */
    uint32_t *got;         /* per torus source: messages read */
    uint32_t *wexp;        /* per torus source: words expected so far */
    uint32_t rx_base, rx_stride;
    uint32_t mem_top;      /* bump allocator */
    uint64_t nrecv;        /* messages read */
    uint64_t sent_words;   /* payload words this node sent */
} hc_t;

/* Set up the context and the deposit region of `slots_stride` words per
 * source (N slots, allocated first). Returns 0, or -1 after api_fail. */
int hc_begin(hc_t *h, node_ctx *c, const kernel_cfg *k, uint32_t slot_stride);
/* The same with only `slots` deposit slots (tags 0 .. slots-1): for a
 * kernel that tags its messages with something smaller than a node id. */
int hc_begin_slots(hc_t *h, node_ctx *c, const kernel_cfg *k, uint32_t slot_stride,
                   uint32_t slots);
/* Check that nothing unexpected arrived; free the context. */
void hc_end(hc_t *h);
/* Allocate words of local memory (after the deposit region). */
uint32_t hc_alloc(hc_t *h, uint32_t words);
/* Words of local memory a layout of `slot_stride` slots plus `extra` needs. */
size_t hc_mem(const kernel_cfg *k, uint32_t slot_stride, size_t extra);
static inline uint32_t *hc_mem_at(hc_t *h, uint32_t addr, uint32_t len)
{
    return api_mem(h->c, addr, len);
}
static inline int hc_torus(const hc_t *h, int hid) { return h->t_of[hid & (h->N - 1)]; }

/* Send len words at addr to hypercube node hdst (torus node tdst), routed
 * as the configuration says, tagged with this node's id. */
void hc_send(hc_t *h, int hdst, uint32_t addr, uint32_t len);
void hc_send_torus(hc_t *h, int tdst, int tag, uint32_t addr, uint32_t len);
/* Wait for the next message from hypercube node hsrc (torus node tsrc),
 * expected to be len words; returns its deposit slot address. Reports a
 * wrong length, and a message overrun by the next one from that source. */
uint32_t hc_recv(hc_t *h, int hsrc, uint32_t len);
uint32_t hc_recv_torus(hc_t *h, int tsrc, uint32_t len);

/* Charge a memory-to-memory copy (pack or shuffle) of `words`: one call
 * plus one cycle per word, the base rate of a DMA engine. */
void hc_copy_charge(hc_t *h, uint32_t words);

/* The seeded contribution of hypercube node hid, word w (reductions). */
static inline uint32_t hc_value(uint32_t seed, int hid, uint32_t w);
/* Combine: x[i] += y[i] mod 2^32, charging flop_cycles per word. */
void hc_combine(hc_t *h, uint32_t x_addr, uint32_t y_addr, uint32_t len);
/* The same, charging flop_cycles `ops` times (scan: one flop per double,
 * i.e. per two words). */
void hc_combine_ops(hc_t *h, uint32_t x_addr, uint32_t y_addr, uint32_t len, uint32_t ops);
/* Allocate B words and fill them with this node's contribution
 * hc_value(seed, me, w); returns the address. */
uint32_t hc_own_values(hc_t *h);
/* Copy len words at from to *buf (then advanced past them) and send that
 * copy to hdst: the source keeps changing while the DMA engine reads. */
void hc_send_copy(hc_t *h, uint32_t *buf, int hdst, uint32_t from, uint32_t len);
/* Binomial tree to node 0 over the dimensions in order (low first, or high
 * first): combine the child across each dimension until this node's own bit
 * is set there, then send x to that parent. Returns that dimension, or -1
 * at node 0. */
int hc_tree_reduce(hc_t *h, uint32_t x, uint32_t len, int high_first);
/* The way back down the same tree: the result from the parent across dim
 * (x itself at node 0, dim = -1), passed on to the children in the reverse
 * of the reduce order. Returns the result's address. */
uint32_t hc_tree_bcast(hc_t *h, uint32_t x, uint32_t len, int dim, int high_first);
/* One dimension of a complete exchange on N blocks of B words at held:
 * pack the blocks q with (q & bit) == want into out, send them to `to`,
 * receive as many from `from` and put them in the same places; packing and
 * unpacking are charged as copies. */
void hc_swap_blocks(hc_t *h, uint32_t held, uint32_t out, uint32_t B, int bit, int want,
                    int to, int from);
/* Check x[0..len) (words lo.. of the vector) against the sum of hc_value
 * over hypercube nodes h_lo..h_hi-1. Returns failures (api_fail). */
uint64_t hc_check_sum(node_ctx *c, const uint32_t *x, uint32_t lo, uint32_t len,
                      uint32_t seed, int h_lo, int h_hi, const char *what);
/* Check an AAPC block from torus node src to torus node dst. */
uint64_t hc_check_block(node_ctx *c, const uint32_t *blk, uint32_t words, uint32_t src,
                        uint32_t dst, const char *what);

#include "payload.h"
static inline uint32_t hc_value(uint32_t seed, int hid, uint32_t w)
{
    return payload_word((uint32_t)hid, 0x5eed0000u ^ seed, w);
}

#endif
