/* The message-passing library, on top of the node API: buffered sends of
 * the deposit model on the message-passing pool (e-cube on the dateline
 * VCs), each costing api_msg_cycles (the library call: route computation,
 * buffer bookkeeping, the queue writes), and the receive helpers that wait
 * on the deposit hardware's counters. */
#ifndef SYNCSWITCH_MSG_H
#define SYNCSWITCH_MSG_H
#include <stdint.h>
#include "node_api.h"

/* Non-blocking buffered send of len words at addr to node dst, along the
 * shortest route. The DMA engine reads the words when it sends them: do not
 * overwrite them until the message is out (api_wait_dma_out). */
void mp_send(node_ctx *c, int dst, uint32_t addr, uint32_t len);

/* mp_send on another pool: the same route, cost and commands, the HEAD on
 * `pool`'s VC (the shift kernels' data on the AAPC pool, switch off). */
void mp_send_on(node_ctx *c, unsigned pool, int dst, uint32_t addr, uint32_t len);

/* Several memory segments as one message (a gather DMA: one HEAD, one DMA
 * command per non-empty segment, one TAIL). Costs api_msg_cycles plus
 * api_call_cycles per segment after the first. */
void mp_send_gather(node_ctx *c, int dst, int nseg, const uint32_t *addr,
                    const uint32_t *len);

/* Hop counts from this node to torus node dst: unidir = 0 is the shortest
 * way (api_route_offsets: n/2 goes + or, under --ties balanced, either way
 * per message); unidir = 1 is +x then +y only,
 * dx = (dst_x - x) mod n, dy likewise (0..n-1, fits the 7-bit HEAD field
 * for n <= 64). The AP1000 routed unidirectionally (seed 004); the router
 * simply follows the signed hop counts in the HEAD, so the routing mode is
 * the sender's choice. */
void mp_route_offsets(node_ctx *c, int dst, int unidir, int *dx, int *dy);

/* mp_send along an explicit route (dx, dy) with `tag` as the HEAD's source
 * id (normally api_id(c); a node forwarding a block may name the block's
 * origin, as a store-and-forward node does, so the receiver deposits it by
 * origin). Same cost and DMA commands as mp_send. */
void mp_route_send(node_ctx *c, int dx, int dy, int tag, uint32_t addr, uint32_t len);
/* The same for this node's generated block for dst (api_post_gen; the tag
 * is this node): words 0..len-1 of payload_word(this node, dst, i), made
 * by the DMA engine, no memory read. */
void mp_route_send_gen(node_ctx *c, int dx, int dy, int dst, uint32_t len);

/* Posted receive on the deposit hardware: set `pool`'s base and stride so
 * that the next message of that pool from node src lands at addr (at most
 * maxlen words). Messages of that pool from other nodes land elsewhere, so
 * use it only while src is the pool's one sender. (The base is computed
 * modulo 2^32, as the inbound engine adds base + src * stride.) */
void mp_post_recv(node_ctx *c, unsigned pool, int src, uint32_t addr, uint32_t maxlen);

/* Wait until count messages (all pools) from src have arrived. */
void mp_wait_msgs_from(node_ctx *c, int src, uint32_t count);

/* Wait until the word at addr, written by a deposit, is >= at_least (a
 * flag or sequence number; every arriving message re-checks it). */
void mp_wait_word(node_ctx *c, uint32_t addr, uint32_t at_least);

#endif
