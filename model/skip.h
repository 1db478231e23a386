/* The periodic skip (params_t.skip = SKIP_PERIODIC): while every register
 * of the machine but the data words and the counters repeats with a short
 * period P (messages streaming BODY flits at one per T_t cycles), advance
 * it k periods in one step, to just before the earliest cycle at which
 * anything else could change (a DMA command's last word, a node program's
 * deadline). The words the skipped cycles would have carried are carried:
 * each sink takes them in order, as its inbound engine would, and every
 * buffer and wire on a message's path holds the flit it would hold.
 * docs/microarchitecture.md, "The periodic skip", says what is compared and
 * why the skip is exact; skip_verify.c checks it against plain stepping. */
#ifndef SYNCSWITCH_SKIP_H
#define SYNCSWITCH_SKIP_H
#include "machine.h"

typedef struct skip skip_t;

/* A skip for m (its mode SKIP_PERIODIC, the C routers, one process, no
 * synthetic traffic), or NULL when it has none or is out of memory (the
 * machine then steps as SKIP_IDLE would: the same results). */
skip_t *skip_new(machine_t *m);
void skip_free(skip_t *s);

/* After each cycle of machine_run (m->cycle already advanced): moved, the
 * cycle's flits; resumed, the node programs resumed before it. May advance
 * m many cycles (m->skipped_cycles counts them). 0, or -1 when the verify
 * mode (params_t.skip_verify) found the skip and plain stepping apart:
 * m->mismatch and m->protocol_error (the first field that differs) set. */
int skip_after_cycle(skip_t *s, machine_t *m, int moved, int resumed);

/* Verify mode (skip_verify.c): a copy of m's hardware (routers, nodes'
 * DMA engines and memory, wires), with no programs. */
machine_t *skip_clone(const machine_t *m);
void skip_clone_free(machine_t *c);
/* Step c (a skip_clone) cycles, as machine_run would with no program
 * resumed, tracking its last_progress. -1 on a protocol error. */
int skip_clone_step(machine_t *c, uint64_t cycles);
/* The first difference between a (skipped) and b (stepped), written into
 * buf, or 0 when the two are the same machine. */
int skip_compare(const machine_t *a, const machine_t *b, char *buf, size_t len);

/* The control state the skip compares, hashed (model/census.c): a
 * router's registers and its buffered flits' control parts, a node's
 * fields but the counts and positions (0: a node the skip cannot follow,
 * never the same). */
uint64_t skip_router_key(const router_t *r);
uint64_t skip_node_key(const node_t *nd);
/* The keys' mixing step: key h with x added (for keys built on these). */
uint64_t skip_key_mix(uint64_t h, uint64_t x);

/* The three steps one at a time, for the tests of their checks
 * (tests/unit/test_skip_checks.c): detect's snapshot of m now; later,
 * whether m repeats it (1: its control state is the snapshot's); the
 * periods follow allows since the snapshot, or SKIP_REFUSED; advance by k
 * of them, as skip_after_cycle would (the verify mode too): 0 or -1. */
#define SKIP_REFUSED (UINT64_MAX - 1)
void skip_test_snapshot(skip_t *s, const machine_t *m);
int skip_test_same(const skip_t *s, const machine_t *m);
uint64_t skip_test_follow(skip_t *s, machine_t *m);
int skip_test_advance(skip_t *s, machine_t *m, uint64_t k);

#endif
