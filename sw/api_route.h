/* Message-passing send with an explicit route and source tag, for the
 * hypercube-on-torus kernels (seed 004). api_nb_send always routes the
 * shortest way; the AP1000 routed unidirectionally (east, then south), and
 * the router simply follows the signed hop counts in the HEAD, so the
 * routing mode is the sender's choice. Same cost and same DMA commands as
 * api_nb_send (sw/api.c). */
#ifndef SYNCSWITCH_API_ROUTE_H
#define SYNCSWITCH_API_ROUTE_H
#include <stdint.h>
#include "api.h"

/* Hop counts from this node to torus node dst: unidir = 0 is the shortest
 * way (api_ring_offset, n/2 goes +); unidir = 1 is +x then +y only,
 * dx = (dst_x - x) mod n, dy likewise (0..n-1, fits the 7-bit HEAD field
 * for n <= 64). */
void api_route_offsets(const node_ctx *c, int dst, int unidir, int *dx, int *dy);

/* Non-blocking buffered send of len words at addr along (dx, dy) on the
 * message-passing pool, with `tag` as the HEAD's source id (normally
 * api_id(c); a node forwarding a block may name the block's origin, as a
 * store-and-forward node does, so the receiver deposits it by origin).
 * Costs params_t.msg_cycles like api_nb_send. The DMA engine reads the
 * words when it sends them: do not overwrite them until the message is out. */
void api_route_send(node_ctx *c, int dx, int dy, int tag, uint32_t addr, uint32_t len);

#endif
