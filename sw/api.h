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

/* Message-passing send of several memory segments as one message (a
 * gather DMA: one HEAD, one DMA command per segment, one TAIL). Costs
 * msg_cycles plus call_cycles per segment after the first. */
void api_nb_send_gather(node_ctx *c, int dst, int nseg, const uint32_t *addr,
                        const uint32_t *len);

/* Posted receive on the deposit hardware: set `pool`'s base and stride so
 * that the next message of that pool from node src lands at addr (at most
 * maxlen words). Messages of that pool from other nodes land elsewhere, so
 * use it only while src is the pool's one sender. (The base is computed
 * modulo 2^32, as the inbound engine adds base + src * stride.) */
void api_post_recv(node_ctx *c, unsigned pool, int src, uint32_t addr, uint32_t maxlen);

/* Wait until count messages (all pools) from src have arrived. */
void api_wait_msgs_from(node_ctx *c, int src, uint32_t count);

/* Wait until the word at addr, written by a deposit, is >= at_least (a
 * flag or sequence number; every arriving message re-checks it). */
void api_wait_word(node_ctx *c, uint32_t addr, uint32_t at_least);

/* Local memory-to-memory copy by the computation agent: call_cycles plus
 * one cycle per word (two memory accesses per word: with a memory port of
 * W < 2 words per cycle, 2 len / W cycles). It does not take words from
 * the DMA engines' memory budget. */
void api_copy(node_ctx *c, uint32_t dst, uint32_t src, uint32_t len);

/* Software synchronizing switch (router in SYNC_SW mode, the iWarp
 * prototype of Fig. 4). Each call costs call_cycles.
 * QueuesComplete: the status read that finds all five NotInMessage bits of
 * the AAPC queues set (the wait itself is free: the program sleeps until
 * they are). Forward: re-enable the queues; the router clears the bits and
 * starts its next phase at the next clock edge, and the call returns once
 * it has, so a later status read never sees the old phase's bits. */
void api_wait_queues_complete(node_ctx *c);
void api_forward_queues(node_ctx *c);

/* Measurement only, never a channel between node programs: another node's
 * memory (to check a barrier's ordering, for example), and an information
 * line on the run's diagnostic stream. */
const uint32_t *api_peer_mem(const node_ctx *c, int node, uint32_t addr, uint32_t len);
int api_num_nodes(const node_ctx *c);
void api_report(node_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Shortest signed offset from a to b on a ring of n (n/2 goes +). */
int api_ring_offset(int a, int b, int n);

/* Verification failure: counted per node; the first few are printed. */
void api_fail(node_ctx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
