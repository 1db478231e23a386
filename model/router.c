/* One torus router, one clock edge at a time (router.h). The stages of
 * docs/microarchitecture.md, section 6, one function each, named as the
 * sections of rtl/ss_router.v:
 *
 *   output_ready  per output VC: a credit and a ready link (and not owned)
 *   eligible      per input VC: where its front flit goes, can it go now
 *   request       per input: one eligible VC, round robin
 *   arbitrate     per output: one requesting input, round robin
 *   sync_switch   the sticky bits' and phase counter's next values
 *   commit        every register takes its next value (the clock edge)
 *
 * router_step calls eligible .. commit in this order; output_ready is asked
 * by eligible, per output VC. All but commit read only the registers
 * (router_t) and the inputs and fill the cycle's wires (router_wires_t);
 * commit alone writes registers, so nothing written in a cycle is seen
 * before the next, as in the RTL. */
#include "router.h"
#include <stdio.h>
#include <string.h>

/* The stages' pointers never overlap (router, wires, inputs, outputs): say
 * so, or every byte stored to a register makes the compiler reload the
 * rest (this file is C++ in router_tb, which spells it __restrict). */
#ifdef __cplusplus
#define RESTRICT __restrict
#else
#define RESTRICT restrict
#endif

const char *const port_name[NUM_PORTS] = { "X+", "X-", "Y+", "Y-", "local" };

#define ALL_QUEUES ((1u << NUM_PORTS) - 1u)

/* Element b = VC_BIT(p, v) of a per-input-VC array [NUM_PORTS][NUM_VC]
 * (element [p][v]): the stages index input VCs by their mask bit. */
#define AT(arr, b) ((&(arr)[0][0])[b])

/* The AAPC VC of every port, as a VC_BIT mask. */
#define AAPC_VCS (1u << VC_BIT(0, VC_AAPC) | 1u << VC_BIT(1, VC_AAPC) | \
                  1u << VC_BIT(2, VC_AAPC) | 1u << VC_BIT(3, VC_AAPC) | \
                  1u << VC_BIT(4, VC_AAPC))

/* Where an input VC's front flit goes and what leaves: the held route for a
 * message's later flits, the computed route and rewritten word for a HEAD.
 * The flit is kept as it will leave (output VC and word in place), so a
 * grant copies one word. */
typedef struct {
    flit_t flit;
    uint8_t port;
} target_t;

/* Why an input VC's front flit cannot move this cycle (or WHY_GO). */
enum {
    WHY_GO, WHY_THROTTLE, WHY_NO_CREDIT, WHY_BUSY, WHY_GATED,
    WHY_NO_ROUTE, WHY_HEAD_IN_MSG /* protocol violations from here on */
};
static const char *const why_text[] = {
    "can move",
    "can move", /* a busy throttle is T_t pacing, not a stall */
    "no credit (downstream buffer full)",
    "output VC held by another message",
    "sticky NotInMessage bit set (waiting for the phase to end)",
    "protocol: BODY/TAIL flit with no route",
    "protocol: HEAD inside a message (no TAIL before it)",
};

/* The combinational signals of one cycle, stage by stage (the RTL's wires).
 * Masks are indexed by VC_BIT; the arrays are valid where a mask says so. */
typedef struct {
    /* eligible */
    unsigned elig;                /* input VC's front flit can move */
    unsigned perr;                /* input VC's front flit is a protocol error */
    uint8_t why[NUM_PORTS * NUM_VC];  /* the error, where perr is set */
    target_t tgt[NUM_PORTS * NUM_VC]; /* where elig is set */
    unsigned tail;                /* input VC's front flit is a TAIL (where elig) */
    int gate_stall;               /* statistic: a HEAD waits at a sticky bit */
    /* request */
    uint8_t req_b[NUM_PORTS];     /* per input: the VC it offers (its VC_BIT) */
    uint8_t req_in[NUM_PORTS];    /* per output: the inputs requesting it */
    uint8_t req_out;              /* the outputs with a request */
    /* arbitrate */
    uint8_t gnt_valid;            /* per output: a flit is granted */
    uint8_t gnt_in[NUM_PORTS];    /* per output: the winning input */
    unsigned pop;                 /* per input VC: its front flit leaves */
    int moved;                    /* flits granted (router_step's result) */
    /* sync_switch */
    uint8_t nim_d;
    uint32_t phase_d;
} router_wires_t;

void router_init(router_t *r, const params_t *p, int x, int y)
{
    memset(r, 0, sizeof *r);
    r->x = x;
    r->y = y;
    r->n = p->n;
    r->depth = p->depth;
    r->tt = p->tt;
    r->sync = p->sync;
    r->ring_mask = 0;
    while (r->ring_mask + 1 < r->depth) r->ring_mask = (uint8_t)(r->ring_mask << 1 | 1);
    for (int o = 0; o < NUM_PORTS; o++)
        for (int v = 0; v < NUM_VC; v++)
            r->credits[o][v] = (uint8_t)p->depth;
}

static inline flit_t fifo_front(const router_t *r, int b)
{
    return AT(r->buf, b)[AT(r->rd, b) & r->ring_mask];
}

/* Does output port o of this router wrap around its ring? That link is the
 * ring's dateline: message-passing traffic crossing it moves to VC_MP_HI. */
static int crosses_dateline(const router_t *r, int o)
{
    switch (o) {
    case PORT_XP: return r->x == r->n - 1;
    case PORT_XM: return r->x == 0;
    case PORT_YP: return r->y == r->n - 1;
    case PORT_YM: return r->y == 0;
    default: return 0;
    }
}

void router_route(const router_t *r, int p, int v, uint32_t head,
                  int *out_port, int *out_vc, uint32_t *new_head)
{
    int dx = head_dx(head), dy = head_dy(head);
    int o;
    if (dx > 0)      { o = PORT_XP; dx--; }
    else if (dx < 0) { o = PORT_XM; dx++; }
    else if (dy > 0) { o = PORT_YP; dy--; }
    else if (dy < 0) { o = PORT_YM; dy++; }
    else             o = PORT_LOCAL;

    int ov;
    if (head_pool(head) == POOL_AAPC)
        ov = VC_AAPC;
    else if (o == PORT_LOCAL)
        ov = v;                 /* eject keeps the VC it arrived on */
    else if (crosses_dateline(r, o))
        ov = VC_MP_HI;
    else if (p == o)
        ov = v;                 /* straight on in one ring: keep the class */
    else
        ov = VC_MP_LO;          /* injected, or turned into a new ring */

    *out_port = o;
    *out_vc = ov;
    *new_head = head_with_class(head_make(dx, dy, head_pool(head), head_src(head)),
                                head_class(head));
}

/* Input p's AAPC queue is closed to new HEADs: its sticky NotInMessage bit
 * is set and the synchronizing switch is on. */
static inline int queue_gated(const router_t *r, int p)
{
    return r->sync != SYNC_OFF && ((r->nim >> p) & 1u);
}

/* Round robin, as rtl/ss_rr_pick.v: the first requester at or after ptr in
 * req (w <= 5 bits), wrapping. The requests are rotated so that ptr is bit
 * 0, the lowest set bit found, and its offset added back; req != 0 and
 * ptr < w, so a set bit lies in the low w bits of the rotation. */
static inline int rr_pick(unsigned req, int ptr, int w)
{
    if (!(req & (req - 1))) return __builtin_ctz(req);   /* a lone request wins */
    int i = ptr + __builtin_ctz((req | req << w) >> ptr);
    return i >= w ? i - w : i;
}

/* ---- output_ready: can a flit go to output VC (o, v) this cycle ---------
 * Ready: a free slot downstream (a credit) and the link throttle at 0.
 * Free: ready and not owned by a message, which is what a HEAD needs. The
 * RTL computes both for all 15 output VCs; the model asks only for the
 * targets of the flits that wait (all 15 every cycle cost it 5-10% of its
 * speed), from eligible. */
static inline int output_ready(const router_t *r, int o, int v)
{
    return r->throttle[o] == 0 && r->credits[o][v] != 0;
}

static inline int output_free(const router_t *r, int o, int v)
{
    return output_ready(r, o, v) && !r->out_busy[o][v];
}

/* ---- eligible: input VC (p, v), non-empty: its target and why it waits -
 * A message's later flits follow the route its HEAD took; a HEAD with no
 * route held is routed here (the RTL routes it as it is written, which
 * gives the same route: nothing it depends on changes while it waits). */
static inline int vc_eligible(const router_t *r, int b, target_t *t)
{
    int o, ov;
    if (AT(r->held, b)) {
        o = AT(r->held_port, b);
        ov = AT(r->held_vc, b);
        /* the output first: the flit is read (a cache miss, often) only
         * when it could move; a HEAD here is an error noticed then */
        if (!output_ready(r, o, ov))
            return r->credits[o][ov] ? WHY_THROTTLE : WHY_NO_CREDIT;
        flit_t f = fifo_front(r, b);
        t->flit = flit_with_vc(f, (unsigned)ov);
        t->port = (uint8_t)o;
        return flit_kind(f) == FLIT_HEAD ? WHY_HEAD_IN_MSG : WHY_GO;
    }
    flit_t f = fifo_front(r, b);
    if (flit_kind(f) != FLIT_HEAD) return WHY_NO_ROUTE;
    int p = b / NUM_VC, v = b % NUM_VC;
    if (v == VC_AAPC && queue_gated(r, p)) return WHY_GATED;
    uint32_t head;
    router_route(r, p, v, flit_word(f), &o, &ov, &head);
    t->flit = flit_make(FLIT_HEAD, (unsigned)ov, head);
    t->port = (uint8_t)o;
    if (output_free(r, o, ov)) return WHY_GO;
    if (r->out_busy[o][ov]) return WHY_BUSY;
    return r->credits[o][ov] ? WHY_THROTTLE : WHY_NO_CREDIT;
}

static void eligible(const router_t *RESTRICT r, router_wires_t *RESTRICT w)
{
    /* masks built in locals: stores to w would be reloaded each turn */
    unsigned elig = 0, perr = 0, tail = 0;
    int gate_stall = 0;
    /* an empty buffer has no front flit: visit the others only */
    for (unsigned q = r->nonempty; q; q &= q - 1) {
        int b = __builtin_ctz(q);
        target_t t;
        int why = vc_eligible(r, b, &t);
        if (why == WHY_GO) {
            w->tgt[b] = t;
            elig |= 1u << b;
            tail |= (unsigned)(flit_kind(t.flit) == FLIT_TAIL) << b;
        } else if (why >= WHY_NO_ROUTE) {
            perr |= 1u << b;
            w->why[b] = (uint8_t)why;
        } else if (why == WHY_GATED) {
            gate_stall = 1;
        }
    }
    w->elig = elig;
    w->perr = perr;
    w->tail = tail;
    w->gate_stall = gate_stall;
}

/* ---- request: each input offers one VC --------------------------------
 * The first eligible VC at or after rr_in[p]; an input whose VC then loses
 * arbitration sends nothing (no second chance for its other VCs). A
 * protocol error is reported when the round robin reaches it. */
static const char *request(const router_t *RESTRICT r, router_wires_t *RESTRICT w)
{
    unsigned all = w->elig | w->perr, req_out = 0;
    memset(w->req_in, 0, sizeof w->req_in);
    if (!all) {   /* nothing can move: often, every other cycle at T_t = 2 */
        w->req_out = 0;
        return NULL;
    }
    for (int p = 0; p < NUM_PORTS; p++) {
        unsigned cand = (all >> VC_BIT(p, 0)) & ((1u << NUM_VC) - 1u);
        if (!cand) continue;
        int b = VC_BIT(p, rr_pick(cand, r->rr_in[p], NUM_VC));
        if ((w->perr >> b) & 1u) {
            w->req_out = 0;
            return why_text[w->why[b]];
        }
        int o = w->tgt[b].port;
        w->req_b[p] = (uint8_t)b;
        w->req_in[o] |= (uint8_t)(1u << p);
        req_out |= 1u << o;
    }
    w->req_out = (uint8_t)req_out;
    return NULL;
}

/* ---- arbitrate: each output grants one requesting input ----------------
 * The first at or after rr_out[o]. Each input requests one output, so no
 * input wins twice; winning the output also wins the output VC (a HEAD
 * requested it only while free). */
static void arbitrate(const router_t *RESTRICT r, router_wires_t *RESTRICT w)
{
    unsigned pop = 0;
    int moved = 0;
    for (unsigned q = w->req_out; q; q &= q - 1) {
        int o = __builtin_ctz(q);
        int p = rr_pick(w->req_in[o], r->rr_out[o], NUM_PORTS);
        w->gnt_in[o] = (uint8_t)p;
        pop |= 1u << w->req_b[p];
        moved++;
    }
    w->gnt_valid = w->req_out;   /* every requested output grants one */
    w->pop = pop;
    w->moved = moved;
}

/* ---- sync_switch: a TAIL leaving an AAPC queue sets its sticky bit ------
 * When all five are set the AND gate clears them and the phase advances
 * (SYNC_SW: the node program's sw_clear does, and wins over a TAIL of the
 * same cycle). The gate reads the registered bits: no TAIL can pass in the
 * cycle it fires, since every AAPC queue is closed to new HEADs then. */
static void sync_switch(const router_t *RESTRICT r, const router_in_t *RESTRICT in,
                        router_wires_t *RESTRICT w)
{
    unsigned tails = 0;
    for (unsigned q = w->pop & w->tail & AAPC_VCS; q; q &= q - 1)
        tails |= 1u << (__builtin_ctz(q) / NUM_VC);
    int fire = r->sync == SYNC_SW ? in->sw_clear != 0 : r->nim == ALL_QUEUES;
    w->nim_d = (uint8_t)(fire ? 0u : (r->nim | tails));
    w->phase_d = r->phase + (uint32_t)fire;
}

/* ---- commit: the clock edge -------------------------------------------
 * Every register takes its next value from the wires: the grants' effects
 * first, then the arrivals, written behind the flits that left, and the
 * credit returns, added after the grants' decrements. A protocol error
 * stops the run, so a half-committed router is never stepped again. */
static const char *commit(router_t *RESTRICT r, const router_in_t *RESTRICT in,
                          const router_wires_t *RESTRICT w, router_out_t *RESTRICT out)
{
    memset(out, 0, sizeof *out);  /* idle outputs are all zero */
    /* every throttle counts down; a grant below reloads its own */
    for (int o = 0; o < NUM_PORTS; o++) r->throttle[o] -= r->throttle[o] != 0;
    for (unsigned g = w->gnt_valid; g; g &= g - 1) {
        int o = __builtin_ctz(g);
        int p = w->gnt_in[o], b = w->req_b[p], v = b - VC_BIT(p, 0);
        flit_t f = w->tgt[b].flit;
        unsigned ov = flit_vc(f), kind = flit_kind(f);
        AT(r->rd, b)++;
        if (--AT(r->cnt, b) == 0) r->nonempty &= (uint16_t)~(1u << b);
        out->link[o] = f;
        out->credit[p] = (credit_t)(CREDIT_VALID | (unsigned)v);
        r->credits[o][ov]--;
        r->throttle[o] = (uint8_t)(o == PORT_LOCAL ? 0 : r->tt - 1);
        r->rr_in[p] = (uint8_t)(v + 1 == NUM_VC ? 0 : v + 1);
        r->rr_out[o] = (uint8_t)(p + 1 == NUM_PORTS ? 0 : p + 1);
        r->flits_out[o]++;
        /* a HEAD takes the output VC and binds the input VC to it until
         * its TAIL gives both back */
        if (kind == FLIT_HEAD) {
            AT(r->held, b) = 1;
            AT(r->held_port, b) = (uint8_t)o;
            AT(r->held_vc, b) = (uint8_t)ov;
            AT(r->held_src, b) = (uint16_t)head_src(flit_word(f));
            r->out_busy[o][ov] = 1;
        } else if (kind == FLIT_TAIL) {
            AT(r->held, b) = 0;
            r->out_busy[o][ov] = 0;
        }
    }
    for (int p = 0; p < NUM_PORTS; p++) {
        flit_t f = in->link[p];
        if (!flit_valid(f)) continue;
        unsigned v = flit_vc(f);
        if (v >= NUM_VC || r->cnt[p][v] >= r->depth)
            return "protocol: flit arrived at a full buffer (credit error)";
        r->buf[p][v][(r->rd[p][v] + r->cnt[p][v]) & r->ring_mask] = f;
        r->cnt[p][v]++;
        r->nonempty |= (uint16_t)(1u << VC_BIT(p, v));
    }
    for (int o = 0; o < NUM_PORTS; o++) {
        credit_t c = in->credit[o];
        if (!(c & CREDIT_VALID)) continue;
        unsigned v = c & FLIT_VC_MASK;
        if (v >= NUM_VC || r->credits[o][v] >= r->depth)
            return "protocol: credit returned beyond buffer depth";
        r->credits[o][v]++;
    }
    r->nim = w->nim_d;
    r->phase = w->phase_d;
    r->gate_stall_cycles += (uint64_t)w->gate_stall;
    return NULL;
}

int router_step(router_t *r, const router_in_t *in, router_out_t *out,
                const char **err)
{
    router_wires_t w;
    eligible(r, &w);
    if ((*err = request(r, &w)) != NULL) return -1;
    arbitrate(r, &w);
    sync_switch(r, in, &w);
    if ((*err = commit(r, in, &w, out)) != NULL) return -1;
    return w.moved;
}

/* ---- router_idle: would this cycle change nothing? ---------------------
 * Walk router_step with these conditions: eligible sees no flit (so no
 * request, grant, pop, protocol error or gate stall, and the round-robin
 * pointers, credits, held routes and out_busy, which move only on a grant,
 * stay); commit writes all-zero outputs. What is left to change:
 *   throttle[o]  counts down on its own while non-zero: all must be 0;
 *   arrivals     a flit on an input link or the inject wire is written
 *                into a buffer: none may be valid;
 *   credits      a credit return increments credits[o][v]: none valid;
 *   nim, phase   the AND gate fires on its own (SYNC_HW, and SYNC_OFF, which
 *                still counts phases) when all five sticky bits are set,
 *                and sw_clear fires it in SYNC_SW (it is ignored otherwise;
 *                a request is rare, so any sw_clear counts as busy);
 *                with no flit moving no tail sets a bit.
 * Held routes with an empty buffer (a message whose next flit is still
 * upstream) and owned output VCs change nothing by themselves. The empty
 * buffers are the clear bits of nonempty. */
int router_at_rest(const router_t *r)
{
    unsigned thr = 0;
    for (int p = 0; p < NUM_PORTS; p++) thr |= r->throttle[p];
    return !thr && !(r->sync != SYNC_SW && r->nim == ALL_QUEUES);
}

int router_still(const router_t *r)
{
    return !r->nonempty && router_at_rest(r);
}

int router_idle(const router_t *r, const router_in_t *in)
{
    if (in->sw_clear || !router_still(r)) return 0;
    flit_t f = 0;
    unsigned c = 0;
    for (int p = 0; p < NUM_PORTS; p++) {
        f |= in->link[p];
        c |= in->credit[p];
    }
    return !flit_valid(f) && !(c & CREDIT_VALID);
}

int router_describe(const router_t *r, int p, int v, char *buf, int len)
{
    if (r->cnt[p][v] == 0 && !r->held[p][v]) return 0;
    static const char *const kname[4] = { "?", "HEAD", "BODY", "TAIL" };
    int k = 0;
    k += snprintf(buf + k, (size_t)(len - k), "router (%d,%d) input %s vc %d: ",
                  r->x, r->y, port_name[p], v);
    if (r->held[p][v])
        k += snprintf(buf + k, (size_t)(len - k),
                      "message from node %u routed to output %s vc %d; ",
                      r->held_src[p][v], port_name[r->held_port[p][v]],
                      r->held_vc[p][v]);
    if (r->cnt[p][v] == 0) {
        snprintf(buf + k, (size_t)(len - k), "buffer empty, waiting for more flits");
        return 1;
    }
    flit_t f = fifo_front(r, VC_BIT(p, v));
    k += snprintf(buf + k, (size_t)(len - k), "%d flits buffered, front %s",
                  r->cnt[p][v], kname[flit_kind(f)]);
    if (flit_kind(f) == FLIT_HEAD && !r->held[p][v])
        k += snprintf(buf + k, (size_t)(len - k), " from node %u (dx %d, dy %d)",
                      head_src(flit_word(f)), head_dx(flit_word(f)),
                      head_dy(flit_word(f)));
    /* the reason this cycle's eligibility test gives */
    target_t t;
    snprintf(buf + k, (size_t)(len - k), "; %s", why_text[vc_eligible(r, VC_BIT(p, v), &t)]);
    return 1;
}
