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
 * router_step calls eligible, request, arbitrate and commit in this order;
 * output_ready is asked by eligible, for all output VCs at once (a mask),
 * and sync_switch by commit, which knows which TAILs leave. All but commit
 * read only the registers (router_t) and the inputs and fill the cycle's
 * wires (router_wires_t); commit alone writes registers, so nothing written
 * in a cycle is seen before the next, as in the RTL. */
#include "router.h"
#include <stdio.h>
#include "route.h"
#include <string.h>

/* The stages' pointers never overlap (router, wires, inputs, outputs): say
 * so, or every byte stored to a register makes the compiler reload the
 * rest (this file is C++ in router_tb, which spells it __restrict, and
 * static_assert for _Static_assert). */
#ifdef __cplusplus
#define RESTRICT __restrict
#define STATIC_ASSERT static_assert
#else
#define RESTRICT restrict
#define STATIC_ASSERT _Static_assert
#endif

const char *const port_name[NUM_PORTS] = { "X+", "X-", "Y+", "Y-", "local" };

#define ALL_QUEUES ((1u << NUM_PORTS) - 1u)

/* Element b = VC_BIT(p, v) of a per-input-VC array [NUM_VC][NUM_PORTS]
 * (element [v][p]): the stages index input VCs by their mask bit. */
#define BIT(b) ((vcmask_t)1 << (b))
#define AT(arr, b) ((&(arr)[0][0])[b])

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
    vcmask_t elig;                /* input VC's front flit can move */
    vcmask_t perr;                /* input VC's front flit is a protocol error */
    uint8_t why[NUM_PORTS * NUM_VC];  /* the error, where perr is set */
    target_t tgt[NUM_PORTS * NUM_VC]; /* where elig is set */
    vcmask_t shared_out;          /* two eligible VCs target the same output */
    int gate_stall;               /* statistic: a HEAD waits at a sticky bit */
    /* request */
    vcmask_t req;                 /* per input VC: offered (one per input) */
    /* arbitrate */
    vcmask_t pop;                 /* per input VC: granted, its front flit leaves */
} router_wires_t;

/* Byte counters as words, all at once (each byte below 128): the throttle
 * bytes (router_t.throttle) as one word; 0x01 in the place of each non-zero
 * byte of a word; bytes of 0 or 1 as bits (byte k to bit k); and the
 * non-zero bytes of a per-VC array ([NUM_VC][NUM_PORTS], VC_BIT order) as
 * a VC_BIT mask, over the VCs in use. */
static inline uint64_t throttle_word(const router_t *r)
{
    uint64_t t;
    memcpy(&t, r->throttle, sizeof t);
    return t;
}

static inline uint64_t bytes_nonzero(uint64_t t)
{
    return ((t + 0x7f7f7f7f7f7f7f7full) & 0x8080808080808080ull) >> 7;
}

static inline unsigned byte_bits(uint64_t a)
{
    return (unsigned)((a * 0x0102040810204080ull) >> 56);
}

/* The stages below take nv, the VCs in use (router_t.nv), as an argument:
 * router_step calls them with the constant 3 at K = 1, so that K = 1's
 * loops and masks are as fixed as they were before K existed. */
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define NV_MASK(nv) (BIT((nv) * NUM_PORTS) - 1u)

static ALWAYS_INLINE vcmask_t nonzero_bits(const uint8_t *a, int nv)
{
    /* the array is padded to whole words (router.h); the bytes past the
     * VCs in use are masked off */
    STATIC_ASSERT(NUM_PORTS * NUM_VC <= 64, "a mask holds every VC");
    vcmask_t m = 0;
    for (int i = 0; i < (nv * NUM_PORTS + 7) / 8; i++) {
        uint64_t w;
        memcpy(&w, a + 8 * i, sizeof w);
        m |= (vcmask_t)byte_bits(bytes_nonzero(w)) << (8 * i);
    }
    return m & NV_MASK(nv);
}

void router_init(router_t *r, const params_t *p, int x, int y)
{
    memset(r, 0, sizeof *r);
    r->x = x;
    r->y = y;
    r->n = p->n;
    r->depth = p->depth;
    r->tt = p->tt;
    r->sync = p->sync;
    r->vcs = (uint8_t)(p->vcs >= 1 && p->vcs <= MAX_MP_VCS ? p->vcs : 1);
    r->nv = (uint8_t)VCS_IN_USE(r->vcs);
    r->routing = (uint8_t)(r->vcs >= 2 && p->routing >= 0 && p->routing <= ROUTING_VALIANT
                               ? p->routing : ROUTING_DIM_ORDER);
    r->seed = p->seed;
    for (unsigned i = 0; i < r->vcs; i++) {
        r->class_vcs[MP_CLASS_LO] |= BIT(VC_BIT(0, vc_mp(MP_CLASS_LO, i)));
        r->class_vcs[MP_CLASS_HI] |= BIT(VC_BIT(0, vc_mp(MP_CLASS_HI, i)));
    }
    r->ring_mask = 0;
    while (r->ring_mask + 1 < r->depth) r->ring_mask = (uint8_t)(r->ring_mask << 1 | 1);
    for (int v = 0; v < r->nv; v++)
        for (int o = 0; o < NUM_PORTS; o++)
            r->credits[v][o] = (uint8_t)p->depth;
    for (int o = 0; o < PORT_LOCAL; o++) r->tt_reload[o] = (uint8_t)(p->tt - 1);
}

/* The RTL's FIFO not-empty flags: bit VC_BIT(p, v) set while cnt[v][p]
 * != 0, all at once (so that a cycle visits only the buffers that hold
 * a flit). Computed when asked, not kept: a count's byte store followed
 * by a word load of the counts stalls. */
static ALWAYS_INLINE vcmask_t fifo_nonempty(const router_t *r, int nv)
{
    return nonzero_bits(&r->cnt[0][0], nv);
}

static inline flit_t fifo_front(const router_t *r, int b)
{
    return AT(r->buf, b)[AT(r->rd, b) & r->ring_mask];
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

/* ---- output_ready: the output VCs a flit can go to this cycle ---------
 * Ready: a free slot downstream (a credit) and the link throttle at 0.
 * Free (what a HEAD needs): ready and not owned by a message. As in the
 * RTL, for all output VCs at once: a VC_BIT mask. */

/* Bit VC_BIT(0, v) for every VC v: times a port mask (bit p), the mask of
 * those ports' VCs; shifted by p, port p's VCs. */
#define EVERY_VC (0x1084210842108421ull & ((1ull << (NUM_PORTS * NUM_VC)) - 1u))
#define PV(p) (EVERY_VC << (p))

static ALWAYS_INLINE vcmask_t output_ready(const router_t *r, int nv)
{
    unsigned thr = byte_bits(bytes_nonzero(throttle_word(r))) & ((1u << NUM_PORTS) - 1u);
    return nonzero_bits(&r->credits[0][0], nv) & ~(EVERY_VC * thr);
}

/* A VC_BIT's port and VC (tables: a division by 5 costs more), and the
 * port after p (rr_out's next value when p is granted). */
#define P01234 0, 1, 2, 3, 4
static const uint8_t bit_port[NUM_PORTS * NUM_VC] = {
    P01234, P01234, P01234, P01234, P01234, P01234, P01234, P01234, P01234 };
#define VC5(v) v, v, v, v, v
static const uint8_t bit_vc[NUM_PORTS * NUM_VC] = {
    VC5(0), VC5(1), VC5(2), VC5(3), VC5(4), VC5(5), VC5(6), VC5(7), VC5(8) };
STATIC_ASSERT(NUM_VC == 9, "the tables above list 9 VCs");

/* Why output VC ob (a VC_BIT) cannot take a flit, ready being false. */
static inline int why_not_ready(const router_t *r, int ob)
{
    return AT(r->credits, ob) ? WHY_THROTTLE : WHY_NO_CREDIT;
}

/* Input VC b holds output VC ob, which is ready: its front flit goes there
 * (a HEAD inside a message is a protocol error). */
static inline int held_target(const router_t *r, int b, int ob, target_t *t)
{
    flit_t f = fifo_front(r, b);
    t->flit = flit_with_vc(f, bit_vc[ob]);
    t->port = bit_port[ob];
    return flit_kind(f) == FLIT_HEAD ? WHY_HEAD_IN_MSG : WHY_GO;
}

/* VC allocation: a HEAD routed to output o, class VC ov (router_route),
 * takes the lowest-numbered VC of that class at o that is free (not owned)
 * and ready; at K = 1 the class has one VC. Why it waits if none: a VC of
 * the class is free but not ready (its reason), or all are owned. */
static ALWAYS_INLINE int vc_allocate(const router_t *r, int o, int ov, vcmask_t ready,
                                      int *out_vc, int nv)
{
    if (nv == VCS_IN_USE(1)) {   /* K = 1: the one VC of the class */
        int ob = VC_BIT(o, ov);
        *out_vc = ov;
        if ((r->busy >> ob) & 1u) return WHY_BUSY;
        return (ready >> ob) & 1u ? WHY_GO : why_not_ready(r, ob);
    }
    vcmask_t cls = ov != VC_AAPC && o != PORT_LOCAL
                       ? r->class_vcs[vc_class((unsigned)ov)] << o : BIT(VC_BIT(o, ov));
    vcmask_t free_ = cls & ~r->busy;
    if (!free_) return WHY_BUSY;
    vcmask_t go = free_ & ready;
    if (!go) return why_not_ready(r, __builtin_ctzll(free_));
    *out_vc = __builtin_ctzll(go) / NUM_PORTS;
    return WHY_GO;
}

/* min_adapt and valiant (route.h): the first candidate with a free and
 * ready VC, its lowest one; of two adaptive candidates the one whose VC
 * has more credits, X on a tie (the selection function). Else the last
 * candidate (the escape) waits, with its reason. */
static int adaptive_allocate(const router_t *r, int p, int v, uint32_t word, vcmask_t ready,
                             int *o, int *ov, uint32_t *head)
{
    route_cand_t c[3];
    int k = route_candidates(r, p, v, word, c), best = -1, best_ob = 0;
    for (int i = 0; i < k; i++) {
        vcmask_t go = c[i].vcs & ~r->busy & ready;
        if (!go || (i == k - 1 && best >= 0)) continue;   /* the escape: only if no other */
        int ob = __builtin_ctzll(go);
        if (best < 0 || AT(r->credits, ob) > AT(r->credits, best_ob)) {
            best = i;
            best_ob = ob;
        }
    }
    int i = best < 0 ? k - 1 : best;
    *o = c[i].port;
    *head = c[i].head;
    if (best >= 0) {
        *ov = bit_vc[best_ob];
        return WHY_GO;
    }
    vcmask_t free_ = c[i].vcs & ~r->busy;
    *ov = bit_vc[__builtin_ctzll(free_ ? free_ : c[i].vcs)];
    return free_ ? why_not_ready(r, __builtin_ctzll(free_)) : WHY_BUSY;
}

/* ---- eligible: input VC (p, v), non-empty: its target and why it waits -
 * ready: output_ready's mask. A message's later flits follow the route its
 * HEAD took; a HEAD with no route held is routed here (the RTL routes it as
 * it is written, which gives the same route: nothing it depends on changes
 * while it waits). */
static ALWAYS_INLINE int vc_eligible(const router_t *r, int b, vcmask_t ready, target_t *t,
                                      int nv)
{
    if ((r->held_m >> b) & 1u) {
        int ob = VC_BIT(AT(r->held_port, b), AT(r->held_vc, b));
        if (!((ready >> ob) & 1u)) return why_not_ready(r, ob);
        return held_target(r, b, ob, t);
    }
    flit_t f = fifo_front(r, b);
    if (flit_kind(f) != FLIT_HEAD) return WHY_NO_ROUTE;
    int p = b % NUM_PORTS, v = b / NUM_PORTS, o, ov;
    if (v == VC_AAPC && queue_gated(r, p)) return WHY_GATED;
    uint32_t head;
    int why;
    if (r->routing != ROUTING_DIM_ORDER && head_pool(flit_word(f)) == POOL_MP) {
        why = adaptive_allocate(r, p, v, flit_word(f), ready, &o, &ov, &head);
    } else {
        router_route(r, p, v, flit_word(f), &o, &ov, &head);
        why = vc_allocate(r, o, ov, ready, &ov, nv);
    }
    t->flit = flit_make(FLIT_HEAD, (unsigned)ov, head);
    t->port = (uint8_t)o;
    return why;
}


/* Some port has two VCs or more in mask c (VCs in use): non-zero if so.
 * Bit VC_BIT(p, v) of c & c >> 5k says port p has VCs v and v + k. */
static ALWAYS_INLINE vcmask_t two_in_a_port(vcmask_t c, int nv)
{
    vcmask_t two = 0;
    for (int k = 1; k < nv; k++) two |= c & c >> (k * NUM_PORTS);
    return two;
}

static ALWAYS_INLINE void eligible(const router_t *RESTRICT r, router_wires_t *RESTRICT w,
                                    int nv)
{
    /* masks built in locals: stores to w would be reloaded each turn */
    vcmask_t elig = 0, perr = 0, outs = 0, shared = 0;   /* outs: VC_BIT(o, ov) */
    int gate_stall = 0;
    vcmask_t ready = output_ready(r, nv), nonempty = fifo_nonempty(r, nv);
    /* the messages under way: each owned output VC that is ready has one
     * input VC behind it (router_t.owner), which moves if it holds a flit;
     * a held VC whose output is not ready waits, and is not visited */
    for (vcmask_t q = ready & r->busy; q; q &= q - 1) {
        int ob = __builtin_ctzll(q), b = r->owner[ob];
        if (!((nonempty >> b) & 1u)) continue;
        target_t t;
        if (held_target(r, b, ob, &t) == WHY_GO) {
            w->tgt[b] = t;
            elig |= BIT(b);
            outs |= BIT(ob);   /* one owner per output VC: no two alike */
        } else {
            perr |= BIT(b);
            w->why[b] = WHY_HEAD_IN_MSG;
        }
    }
    /* the other non-empty buffers: a HEAD to route, or an error */
    for (vcmask_t q = nonempty & ~r->held_m; q; q &= q - 1) {
        int b = __builtin_ctzll(q);
        target_t t;
        int why = vc_eligible(r, b, ready, &t, nv);
        if (why == WHY_GO) {
            w->tgt[b] = t;
            elig |= BIT(b);
            shared |= outs & PV(t.port);
            outs |= BIT(VC_BIT(t.port, flit_vc(t.flit)));
        } else if (why >= WHY_NO_ROUTE) {
            perr |= BIT(b);
            w->why[b] = (uint8_t)why;
        } else if (why == WHY_GATED) {
            gate_stall = 1;
        }
    }
    w->elig = elig;
    w->perr = perr;
    w->shared_out = shared | two_in_a_port(outs, nv);   /* two VCs of one output */
    w->gate_stall = gate_stall;
}

/* ---- request: each input offers one VC --------------------------------
 * The first eligible VC at or after rr_in[p]; an input whose VC then loses
 * arbitration sends nothing (no second chance for its other VCs). A
 * protocol error is reported when the round robin reaches it. */
static ALWAYS_INLINE const char *request(const router_t *RESTRICT r,
                                         router_wires_t *RESTRICT w, int nv)
{
    vcmask_t all = w->elig | w->perr, req = 0;
    w->req = 0;
    /* each input with one candidate, none an error (most cycles): the
     * round robin picks it whatever its pointer */
    if (!two_in_a_port(all, nv) && !w->perr) {
        w->req = all;
        return NULL;
    }
    for (int p = 0; p < NUM_PORTS; p++) {
        unsigned cand = 0;   /* input p's VCs (bit v) */
        for (int v = 0; v < nv; v++) cand |= (unsigned)((all >> VC_BIT(p, v)) & 1u) << v;
        if (!cand) continue;
        int b = VC_BIT(p, rr_pick(cand, r->rr_in[p], nv));
        if ((w->perr >> b) & 1u) return why_text[w->why[b]];
        req |= BIT(b);
    }
    w->req = req;
    return NULL;
}

/* ---- arbitrate: each output grants one requesting input ----------------
 * The first at or after rr_out[o]. Each input requests one output, so no
 * input wins twice; winning the output also wins the output VC (a HEAD
 * requested it only while free). */
static void arbitrate(const router_t *RESTRICT r, router_wires_t *RESTRICT w)
{
    /* no two eligible VCs (so no two requests) for one output (most
     * cycles): every request wins */
    if (!w->shared_out) {
        w->pop = w->req;
        return;
    }
    uint8_t req_in[NUM_PORTS] = { 0 };   /* per output: the inputs asking */
    unsigned req_out = 0;
    for (vcmask_t q = w->req; q; q &= q - 1) {
        int b = __builtin_ctzll(q), o = w->tgt[b].port;
        req_in[o] |= (uint8_t)(1u << (b % NUM_PORTS));
        req_out |= 1u << o;
    }
    vcmask_t pop = 0;
    for (unsigned q = req_out; q; q &= q - 1) {
        int o = __builtin_ctz(q);
        int p = rr_pick(req_in[o], r->rr_out[o], NUM_PORTS);
        pop |= w->req & PV(p);   /* input p's one request */
    }
    w->pop = pop;
}

/* ---- sync_switch: a TAIL leaving an AAPC queue sets its sticky bit ------
 * When all five are set the AND gate clears them and the phase advances
 * (SYNC_SW: the node program's sw_clear does, and wins over a TAIL of the
 * same cycle). The gate reads the registered bits: no TAIL can pass in the
 * cycle it fires, since every AAPC queue is closed to new HEADs then.
 * tails: the inputs whose AAPC queue a TAIL leaves this cycle (bit p),
 * which commit knows as it pops them; it takes the next values from here. */
static void sync_switch(const router_t *RESTRICT r, const router_in_t *RESTRICT in,
                        unsigned tails, uint8_t *RESTRICT nim_d, uint32_t *RESTRICT phase_d)
{
    int fire = r->sync == SYNC_SW ? in->sw_clear != 0 : r->nim == ALL_QUEUES;
    *nim_d = (uint8_t)(fire ? 0u : (r->nim | tails));
    *phase_d = r->phase + (uint32_t)fire;
}

static const uint8_t next_port[NUM_PORTS] = { 1, 2, 3, 4, 0 };

/* ---- commit: the clock edge -------------------------------------------
 * Every register takes its next value from the wires: the grants' effects
 * first, then the arrivals, written behind the flits that left, and the
 * credit returns, added after the grants' decrements; the sticky bits and
 * phase from sync_switch. A protocol error stops the run, so a
 * half-committed router is never stepped again. *moved: the flits granted. */
static ALWAYS_INLINE const char *commit(router_t *RESTRICT r, const router_in_t *RESTRICT in,
                                        const router_wires_t *RESTRICT w,
                                        router_out_t *RESTRICT out, int *RESTRICT moved, int nv)
{
    memset(out, 0, sizeof *out);  /* idle outputs are all zero */
    /* every throttle counts down (all five bytes at once); a grant below
     * reloads its own */
    uint64_t thr = throttle_word(r);
    thr -= bytes_nonzero(thr);
    memcpy(r->throttle, &thr, sizeof thr);
    unsigned tails = 0;   /* for sync_switch */
    *moved = 0;
    for (vcmask_t g = w->pop; g; g &= g - 1, ++*moved) {
        unsigned b = (unsigned)__builtin_ctzll(g), p = bit_port[b], v = bit_vc[b];
        flit_t f = w->tgt[b].flit;
        unsigned o = w->tgt[b].port, ov = flit_vc(f), kind = flit_kind(f);
        unsigned ob = VC_BIT(o, ov);
        AT(r->rd, b)++;
        AT(r->cnt, b)--;
        out->link[o] = f;
        out->credit[p] = (credit_t)(CREDIT_VALID | v);
        r->credits[ov][o]--;
        r->throttle[o] = r->tt_reload[o];
        r->rr_in[p] = (uint8_t)(v + 1u == (unsigned)nv ? 0u : v + 1u);
        r->rr_out[o] = next_port[p];
        r->flits_out[o]++;
        /* a HEAD takes the output VC and binds the input VC to it until
         * its TAIL gives both back */
        if (kind == FLIT_HEAD) {
            AT(r->held, b) = 1;
            AT(r->held_port, b) = (uint8_t)o;
            AT(r->held_vc, b) = (uint8_t)ov;
            AT(r->held_src, b) = (uint16_t)head_src(flit_word(f));
            r->out_busy[ov][o] = 1;
            r->held_m |= BIT(b);
            r->busy |= BIT(ob);
            r->owner[ob] = (uint8_t)b;
        } else if (kind == FLIT_TAIL) {
            AT(r->held, b) = 0;
            r->out_busy[ov][o] = 0;
            tails |= (unsigned)(v == VC_AAPC) << p;
            r->held_m &= ~BIT(b);
            r->busy &= ~BIT(ob);
        }
    }
    for (int p = 0; p < NUM_PORTS; p++) {
        flit_t f = in->link[p];
        if (!flit_valid(f)) continue;
        unsigned v = flit_vc(f);
        if (v >= (unsigned)nv) return "protocol: flit on a VC the router does not have (vcs)";
        if (r->cnt[v][p] >= r->depth)
            return "protocol: flit arrived at a full buffer (credit error)";
        r->buf[v][p][(r->rd[v][p] + r->cnt[v][p]) & r->ring_mask] = f;
        r->cnt[v][p]++;
    }
    for (int o = 0; o < NUM_PORTS; o++) {
        credit_t c = in->credit[o];
        if (!(c & CREDIT_VALID)) continue;
        unsigned v = c & FLIT_VC_MASK;
        if (v >= (unsigned)nv) return "protocol: credit for a VC the router does not have (vcs)";
        if (r->credits[v][o] >= r->depth) return "protocol: credit returned beyond buffer depth";
        r->credits[v][o]++;
    }
    uint8_t nim_d;
    uint32_t phase_d;
    sync_switch(r, in, tails, &nim_d, &phase_d);
    r->nim = nim_d;
    r->phase = phase_d;
    r->gate_stall_cycles += (uint64_t)w->gate_stall;
    return NULL;
}

static ALWAYS_INLINE int step_nv(router_t *r, const router_in_t *in, router_out_t *out,
                                 const char **err, int nv)
{
    router_wires_t w;
    eligible(r, &w, nv);
    if ((*err = request(r, &w, nv)) != NULL) return -1;
    arbitrate(r, &w);
    int moved;
    if ((*err = commit(r, in, &w, out, &moved, nv)) != NULL) return -1;
    return moved;
}

int router_step(router_t *r, const router_in_t *in, router_out_t *out,
                const char **err)
{
    /* K = 1 with its VC count a constant (the stages' loops unrolled) */
    if (r->nv == VCS_IN_USE(1)) return step_nv(r, in, out, err, VCS_IN_USE(1));
    return step_nv(r, in, out, err, r->nv);
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
 * upstream) and owned output VCs change nothing by themselves. */
int router_at_rest(const router_t *r)
{
    return !throttle_word(r) && !(r->sync != SYNC_SW && r->nim == ALL_QUEUES);
}

int router_still(const router_t *r)
{
    vcmask_t busy = r->nv == VCS_IN_USE(1) ? fifo_nonempty(r, VCS_IN_USE(1))
                                           : fifo_nonempty(r, r->nv);
    return !busy && router_at_rest(r);
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
    if (v >= r->nv || (r->cnt[v][p] == 0 && !r->held[v][p])) return 0;
    static const char *const kname[4] = { "?", "HEAD", "BODY", "TAIL" };
    int k = 0;
    k += snprintf(buf + k, (size_t)(len - k), "router (%d,%d) input %s vc %d: ",
                  r->x, r->y, port_name[p], v);
    if (r->held[v][p])
        k += snprintf(buf + k, (size_t)(len - k),
                      "message from node %u routed to output %s vc %d; ",
                      r->held_src[v][p], port_name[r->held_port[v][p]],
                      r->held_vc[v][p]);
    if (r->cnt[v][p] == 0) {
        snprintf(buf + k, (size_t)(len - k), "buffer empty, waiting for more flits");
        return 1;
    }
    flit_t f = fifo_front(r, VC_BIT(p, v));
    k += snprintf(buf + k, (size_t)(len - k), "%d flits buffered, front %s",
                  r->cnt[v][p], kname[flit_kind(f)]);
    if (flit_kind(f) == FLIT_HEAD && !r->held[v][p])
        k += snprintf(buf + k, (size_t)(len - k), " from node %u (dx %d, dy %d)",
                      head_src(flit_word(f)), head_dx(flit_word(f)),
                      head_dy(flit_word(f)));
    /* the reason this cycle's eligibility test gives */
    target_t t;
    snprintf(buf + k, (size_t)(len - k), "; %s", why_text[vc_eligible(r, VC_BIT(p, v), output_ready(r, r->nv), &t, r->nv)]);
    return 1;
}
