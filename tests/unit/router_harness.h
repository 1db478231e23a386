/* The harness of the router unit tests (tests/unit/test_router.c): a lone
 * router driven by the test as its upstream and downstream, and one message
 * across a machine checked flit by flit on every hop.
 *
 * Timing conventions used in every derivation of the tests. "Step s" is the
 * router_step() / machine_step_hw() call made when the cycle counter is s
 * (for a lone router: the s-th call, counting from 0).
 *  - A flit presented on router_in_t.link before step s is written into the
 *    input buffer at the end of step s (arrivals go behind departures).
 *  - A flit in an input buffer after step s-1 can be granted at step s; it
 *    is then in router_out_t.link after step s (in a machine: out_q).
 *  - The downstream router reads that register at step s+1 and buffers the
 *    flit, so it can be granted there at step s+2: 2 cycles per hop.
 *  - A grant at step s returns a credit upstream in out.credit after step s;
 *    the upstream reads it at step s+1 and can use it at step s+2. Credit
 *    round trip of a link: grant upstream at s, flit buffered downstream at
 *    s+1, granted onwards at s+2 (earliest), credit read at s+3, usable at
 *    s+4: 4 cycles, so a buffer of depth d sustains d flits per 4 cycles.
 *  - Link throttle: a link output granted at s is next free at s + T_t.
 *    The eject output has no throttle.
 *  - Node DMA (machine): a command queued before step s leaves the outbound
 *    engine at step s (inj_q), is buffered in the router's inject queue at
 *    s+1 and granted at s+2. An eject granted at s is deposited at s+1. The
 *    inject credit loop is again 4 cycles (grant at s+2, credit read by the
 *    node at s+3 after its outbound step, next flit at s+4).
 * Hence a HEAD queued at step 0 on a route of H link hops is granted at hop
 * h (h = 0..H, H = the eject) at step 2 + 2h, and with enough credits flit
 * i of the message follows at 2 + 2h + T_t * i. */
#ifndef SYNCSWITCH_ROUTER_HARNESS_H
#define SYNCSWITCH_ROUTER_HARNESS_H
#include <stdint.h>
#include "check.h"
#include "flit.h"
#include "machine.h"
#include "node.h"
#include "router.h"

static inline flit_t H(unsigned vc, uint32_t w) { return flit_make(FLIT_HEAD, vc, w); }
static inline flit_t B(unsigned vc, uint32_t w) { return flit_make(FLIT_BODY, vc, w); }
static inline flit_t T(unsigned vc, uint32_t w) { return flit_make(FLIT_TAIL, vc, w); }

typedef struct {
    router_t r;
    router_in_t in;   /* inputs of the next step */
    router_out_t out; /* outputs of the last step */
    int upc[NUM_PORTS][NUM_VC]; /* credits the test holds as upstream */
    int auto_credit[NUM_PORTS]; /* 1: the test drains output o at once */
    int step;                   /* steps done */
    int ret;
    const char *err;
} lone_t;

typedef struct {
    int step, port;
    flit_t f;
} sched_t;

/* One message across a machine, checked flit by flit on every hop. */
#define MAX_HOPS 16
#define MAX_BODY 16

typedef struct {
    const char *name;
    int n, tt, depth, sync;
    int sx, sy, dx, dy;
    unsigned pool, vc; /* pool bit of the HEAD, VC the node injects on */
    int k;             /* BODY words (<= MAX_BODY) */
    const int *vcs;    /* VC expected on each hop (H links + eject); NULL:
                          VC_AAPC for the AAPC pool, VC_MP_LO for MP */
    int period, burst; /* flit i passes each hop period*(i/burst) + i%burst
                          cycles after the HEAD; 0: one flit per T_t */
} msg_case;

void lone_init(lone_t *l, int n, int x, int y, int depth, int tt, int sync);
/* Present flit f on input port p for the next step, if the test (as
 * upstream) holds a credit for it. */
int lone_send(lone_t *l, int p, flit_t f);
/* One clock edge; the draining downstream returns credits a cycle later. */
int lone_step(lone_t *l);
/* Run steps [l->step, until): present the scheduled flits and require that
 * the outputs are exactly the wanted ones (every other output idle). */
void lone_run(test_ctx *t, lone_t *l, const char *name, const sched_t *in, int nin,
              const sched_t *want, int nwant, int until);

/* The BODY word j of a message from node src. */
uint32_t body_word(int src, int j);
void push_cmd(node_t *nd, dma_cmd_t c);
/* Post case c's message at its source and check every hop of it. */
void msg_check(test_ctx *t, machine_t *m, const msg_case *c);
void run_msg(test_ctx *t, const msg_case *c);

#endif
