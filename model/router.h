/* One torus router: 5 input ports x (1 + 2K) VCs of buffering, a 5x5 crossbar,
 * credit-based flow control, link throttle T_t, and the synchronizing
 * switch on the AAPC VC. Every field below is a register of the RTL
 * (rtl/ss_router.v); router_step() computes all next values from the current
 * ones and the registered inputs, then commits them, exactly as one clock
 * edge does. See docs/microarchitecture.md. */
#ifndef SYNCSWITCH_ROUTER_H
#define SYNCSWITCH_ROUTER_H
#include <stdint.h>
#include "flit.h"
#include "params.h"

/* Ports are named by direction of travel: output XP sends to (x+1, y) and
 * arrives there on input XP. Port LOCAL is inject (input) / eject (output). */
enum { PORT_XP = 0, PORT_XM = 1, PORT_YP = 2, PORT_YM = 3, PORT_LOCAL = 4,
       NUM_PORTS = 5 };

/* Bit of (port, VC) in a per-VC mask, input or output side alike: VC
 * major, so that K = 1's VCs 0..2 are bits 0..14 whatever the maximum,
 * and the per-VC arrays below are [NUM_VC][NUM_PORTS] (element [v][p]). */
#define VC_BIT(port, vc) ((vc) * NUM_PORTS + (port))
/* per-VC masks: NUM_PORTS * NUM_VC = 45 bits */
typedef uint64_t vcmask_t;

/* The phase counter's width (router_t.phase, the RTL's phase_o). */
#define ROUTER_PHASE_BITS 32

/* A credit return on a wire: CREDIT_VALID | vc, or 0 (the RTL's credit
 * wires are {valid, vc}: CREDIT_BUS_* in flit.h). */
#define CREDIT_VALID 0x80u
typedef uint8_t credit_t;

/* c on the RTL's credit wires ({valid, vc}, CREDIT_BUS_* in flit.h). */
static inline uint64_t credit_to_bus(credit_t c)
{
    return (c & CREDIT_VALID) ? (((uint64_t)1 << CREDIT_BUS_VALID_LSB) |
                                 ((uint64_t)(c & FLIT_VC_MASK) << CREDIT_BUS_VC_LSB))
                              : 0;
}

typedef struct {
    /* The fields a cycle reads come first, in three cache lines, then the
     * buffers, then what only reports read: 64 routers' working set then
     * fits a core's L1 cache better (the order has no other meaning). */

    /* configuration (constant during a run) */
    int x, y, n, depth, tt, sync;
    /* K, message-passing VCs per dateline class (params_t.vcs), and the
     * VCs in use (1 + 2K) */
    uint8_t vcs, nv;
    /* enum routing_function (params_t.routing; dimension order when K = 1)
     * and the run's seed, valiant's hash of the intermediate node */
    uint8_t routing;
    uint32_t seed;
    /* per class (MP_CLASS_*): the bits of that class's K VCs at port 0
     * (shifted by o: at output o) */
    vcmask_t class_vcs[2];
    /* a link's throttle after a flit leaves: tt - 1 (0 for the eject) */
    uint8_t tt_reload[NUM_PORTS];
    /* a buffer's slots in use: the power of two at or above depth, less 1
     * (a cycle touches those, not all MAX_DEPTH) */
    uint8_t ring_mask;

    /* input buffers (buf below): a circular FIFO per (input port, VC);
     * the front flit is buf[v][p][rd[v][p] & ring_mask] */
    uint8_t rd[NUM_VC][NUM_PORTS];
    uint8_t cnt[NUM_VC][NUM_PORTS];
    uint8_t cnt_pad[8 - NUM_VC * NUM_PORTS % 8];   /* as credits_pad */
    /* model only, no RTL register, kept by machine.c: 1 when the last step
     * changed nothing (nothing arrived, nothing moved, the router was at
     * rest, no stall counted): while nothing arrives, every step is that
     * same step, and machine.c skips them */
    uint8_t blocked;

    /* model only: the per-output-VC registers below as masks (bit
     * VC_BIT(o, v)), kept by commit, so that eligible tests all output
     * VCs at once, as the RTL's output_ready does: out_busy[v][o], and per
     * input VC held[v][p]; owner[VC_BIT(o, v)] is the input VC (its
     * VC_BIT) whose message holds output VC (o, v) */
    vcmask_t busy, held_m;
    uint8_t owner[NUM_PORTS * NUM_VC];

    /* per output: credits for the downstream buffer, throttle (VC
     * ownership: out_busy, below) */
    /* padded to whole words: output_ready reads them a word at a time
     * (the padding stays 0) */
    uint8_t credits[NUM_VC][NUM_PORTS];
    uint8_t credits_pad[8 - NUM_VC * NUM_PORTS % 8];
    /* one byte per output, padded to 8 (the padding stays 0): commit
     * counts all five down as one word */
    uint8_t throttle[8];

    /* round-robin pointers: VC choice per input, input choice per output */
    uint8_t rr_in[NUM_PORTS];
    uint8_t rr_out[NUM_PORTS];

    /* synchronizing switch: sticky NotInMessage bit per AAPC input queue
     * (bit p = input port p), and the local phase counter */
    uint8_t nim;
    uint32_t phase;             /* ROUTER_PHASE_BITS wide */

    /* statistics (not architectural) */
    uint64_t flits_out[NUM_PORTS];
    uint64_t gate_stall_cycles;

    flit_t buf[NUM_VC][NUM_PORTS][MAX_DEPTH];

    /* The registers that busy and held_m mirror, written by commit at a
     * HEAD and a TAIL and read only by reports and tests, and the route a
     * message holds (read when held_m says so): after the buffers, out of
     * the lines a cycle reads. */
    /* per input VC: the output (port, VC) held from HEAD to TAIL */
    uint8_t held[NUM_VC][NUM_PORTS];      /* 1 while a message is routed */
    uint8_t held_port[NUM_VC][NUM_PORTS];
    uint8_t held_vc[NUM_VC][NUM_PORTS];
    /* per output VC: owned by a message */
    uint8_t out_busy[NUM_VC][NUM_PORTS];
    uint16_t held_src[NUM_VC][NUM_PORTS]; /* for stuck reports only */
} router_t;

/* Registered inputs of one router for the current cycle. */
typedef struct {
    flit_t link[NUM_PORTS];     /* arriving flit per input port (4 = inject) */
    credit_t credit[NUM_PORTS]; /* credit returned to output port o (4 = eject) */
    uint8_t sw_clear;           /* SYNC_SW: node program re-enables the queues */
} router_in_t;

/* Next-cycle outputs, registered by the caller. */
typedef struct {
    flit_t link[NUM_PORTS];     /* departing flit per output port (4 = eject) */
    credit_t credit[NUM_PORTS]; /* credit returned upstream by input port p */
} router_out_t;

void router_init(router_t *r, const params_t *p, int x, int y);

/* One clock edge. Returns the number of flits that moved through the
 * crossbar (0 = no progress), or -1 on a protocol violation (a BODY/TAIL
 * flit with no route, a buffer overflow), with a reason in *err. */
int router_step(router_t *r, const router_in_t *in, router_out_t *out,
                const char **err);

/* router_idle's part that reads only the router: no flit buffered, and at
 * rest: every link throttle at 0, and the AND gate not about to fire by
 * itself. */
int router_still(const router_t *r);
int router_at_rest(const router_t *r);
/* 1 if router_step(r, in, ...) would change no register and no statistic
 * and output nothing (all-zero router_out_t, 0 flits moved): the caller may
 * then skip it and zero the outputs itself (machine.c does, unless
 * params_t.skip is SKIP_OFF). A cheap test, not an exact one: 0 says nothing. */
int router_idle(const router_t *r, const router_in_t *in);

/* Route computation for a HEAD at input (p, v): output port, output VC and
 * the rewritten HEAD word (remaining hops decremented). Pure function. */
void router_route(const router_t *r, int p, int v, uint32_t head,
                  int *out_port, int *out_vc, uint32_t *new_head);

/* Human-readable account of what input VC (p, v) is holding and why it
 * cannot move; returns 0 if the buffer is empty and nothing is held. */
int router_describe(const router_t *r, int p, int v, char *buf, int len);

extern const char *const port_name[NUM_PORTS];

#endif
