/* Route computation (docs/microarchitecture.md, section 5): where a HEAD
 * at the front of input VC (p, v) may go, under the machine's routing
 * function (params_t.routing). The RTL's counterpart is
 * rtl/ss_route_compute.vh. */
#ifndef SYNCSWITCH_ROUTE_H
#define SYNCSWITCH_ROUTE_H
#include "router.h"

/* A place a message-passing HEAD may go under min_adapt or valiant: the
 * output port, the output VCs it may take there (VC_BIT mask; the router
 * takes the lowest free and ready one) and the HEAD word it leaves with. */
typedef struct {
    vcmask_t vcs;
    uint32_t head;
    uint8_t port;
} route_cand_t;

/* The candidates of a message-passing HEAD at input (p, v) under
 * r->routing (min_adapt or valiant), in order of preference: min_adapt's
 * productive directions on adaptive VCs, X first, then the escape (the
 * dimension-order route on VC index 0), always last; valiant's one
 * dimension-order hop of the packet's leg. Returns how many (1..3). */
int route_candidates(const router_t *r, int p, int v, uint32_t head, route_cand_t c[3]);

/* valiant: the intermediate node of a packet from (the HEAD's src field)
 * to node dst under seed: a hash the RTL computes alike. */
int route_valiant_mid(uint32_t seed, unsigned src, int dst, unsigned salt, int n);

/* A ring offset in (-n/2, n/2] (a half-way tie goes +). */
int route_ring_norm(int d, int n);

#endif
