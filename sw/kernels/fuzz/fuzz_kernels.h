/* The fuzz family: seeded random mixed traffic for co-simulation. One run
 * mixes, on the whole torus, AAPC-pool messages under the synchronizing
 * switch (random contention-free phases), message-passing messages of
 * random sizes (empty ones included) to random destinations along random
 * directions (both dateline VCs), and, in SYNC_SW, late and premature
 * software clears. Every word, length and count is checked. Table:
 * fuzz_table.c; docs/kernels/fuzz.md. */
#ifndef SYNCSWITCH_FUZZ_KERNELS_H
#define SYNCSWITCH_FUZZ_KERNELS_H
#include <stdint.h>
#include "kernel.h"

/* fuzz_plan.c: the traffic plan, a pure function of (seed, n, B) that every
 * node recomputes. Tags (the HEAD's source field, which selects the deposit
 * slot) are per message, not per sender: AAPC phase k is tag k, message-
 * passing round j is tag P + j, so each receiver gets at most one message
 * per tag and every word can be checked after the run. */
int fuzz_phases(int n);                  /* P: AAPC phases */
int fuzz_rounds(int n);                  /* M: message-passing rounds */
/* The route of node (x, y)'s AAPC message in phase k: dx, dy = +-2. Over
 * all nodes every router input (4 links and inject) carries exactly one
 * message per phase, as the synchronizing switch needs. */
void fuzz_aapc_route(uint32_t seed, int n, int k, int x, int y, int *dx, int *dy);
/* The node whose phase-k message node (x, y) receives. */
int fuzz_aapc_source(uint32_t seed, int n, int k, int x, int y);
/* Round j's random permutation of the nodes: dst[s] for every sender s. */
void fuzz_round_dests(uint32_t seed, int n, int j, int *dst);
/* Round j's route choice of sender s to dst: the shortest way, or in each
 * dimension sometimes the long way round (|hops| < n, still one dateline). */
void fuzz_round_route(uint32_t seed, int n, int j, int s, int dst, int *dx, int *dy);
/* Words of the message with tag t from sender s: 0..B, 0 one time in 8. */
uint32_t fuzz_len(uint32_t seed, uint32_t words, int t, int s);
/* Word i of that message (to dst): the payload hash salted by the tag. */
uint32_t fuzz_word(int s, int t, int dst, uint32_t i);
/* Random delays of node id's program: the i-th draw, 0..max. */
uint32_t fuzz_draw(uint32_t seed, int id, uint32_t i, uint32_t max);

/* fuzz.c: the node programs */
void fuzz_hw(node_ctx *c, const void *cfg);   /* SYNC_HW */
void fuzz_sw(node_ctx *c, const void *cfg);   /* SYNC_SW, software clears */

/* fuzz_table.c: hooks */
const char *fuzz_check(const kernel_cfg *c);
double fuzz_bytes(const kernel_cfg *c);

#endif
