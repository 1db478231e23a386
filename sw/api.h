/* The node program interface. Node programs are sequential C, the same on
 * every node, written like the papers' pseudo-code; every call that waits
 * advances simulated time, and each call costs its software overhead
 * (params_t.call_cycles, or msg_cycles for the message-passing library). */
#ifndef SYNCSWITCH_API_H
#define SYNCSWITCH_API_H
#include <stdint.h>
#include "../model/node.h"

typedef node_t node_ctx;

/* Who and where am I. */
int api_id(const node_ctx *c);
int api_x(const node_ctx *c);
int api_y(const node_ctx *c);
int api_n(const node_ctx *c);
uint64_t api_now(const node_ctx *c);

/* Local memory, as the computation agent sees it (no simulated cost). */
uint32_t *api_mem(node_ctx *c, uint32_t addr, uint32_t len);

/* Spend cycles computing. */
void api_compute(node_ctx *c, uint64_t cycles);

/* Low-level queue interface (iWarp style): a message is a HEAD written into
 * the inject queue, any number of DMA blocks, and a TAIL. Each call queues a
 * command for the outbound DMA engine and returns; it waits only while the
 * command queue is full. */
void api_send_header(node_ctx *c, int dx, int dy, unsigned pool);
void api_start_dma_out(node_ctx *c, uint32_t addr, uint32_t len);
void api_send_trailer(node_ctx *c);
void api_wait_dma_out(node_ctx *c);

/* Deposit model receive: a message of `pool` from node s lands at
 * base + s * stride (at most stride words). */
void api_set_deposit(node_ctx *c, unsigned pool, uint32_t base, uint32_t stride);
void api_wait_messages(node_ctx *c, uint64_t count);
uint32_t api_msgs_from(const node_ctx *c, int src);
uint32_t api_words_from(const node_ctx *c, int src);
uint64_t api_bad_messages(const node_ctx *c);

/* Synchronizing switch status (router of this node). */
uint32_t api_router_phase(const node_ctx *c);
void api_wait_phase(node_ctx *c, uint32_t phase);

/* Message-passing library (deposit model, e-cube on the dateline VCs):
 * non-blocking buffered send of len words at addr to node dst. */
void api_nb_send(node_ctx *c, int dst, uint32_t addr, uint32_t len);

/* Shortest signed offset from a to b on a ring of n (n/2 goes +). */
int api_ring_offset(int a, int b, int n);

/* Verification failure: counted per node; the first few are printed. */
void api_fail(node_ctx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
