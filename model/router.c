#include "router.h"
#include <stdio.h>
#include <string.h>

const char *const port_name[NUM_PORTS] = { "X+", "X-", "Y+", "Y-", "local" };

#define ALL_QUEUES ((1u << NUM_PORTS) - 1u)

void router_init(router_t *r, const params_t *p, int x, int y)
{
    memset(r, 0, sizeof *r);
    r->x = x;
    r->y = y;
    r->n = p->n;
    r->depth = p->depth;
    r->tt = p->tt;
    r->sync = p->sync;
    for (int o = 0; o < NUM_PORTS; o++)
        for (int v = 0; v < NUM_VC; v++)
            r->credits[o][v] = (uint8_t)p->depth;
}

static inline flit_t fifo_front(const router_t *r, int p, int v)
{
    return r->buf[p][v][r->rd[p][v] & (MAX_DEPTH - 1)];
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
    *new_head = head_make(dx, dy, head_pool(head), head_src(head));
}

/* Input p's AAPC queue is closed to new HEADs: its sticky NotInMessage bit
 * is set and the synchronizing switch is on. */
static inline int queue_gated(const router_t *r, int p)
{
    return r->sync != SYNC_OFF && ((r->nim >> p) & 1u);
}

/* Why input VC (p, v) cannot send its front flit this cycle; NULL if it can.
 * Fills the target output when the flit can be routed. */
static const char *blocked(const router_t *r, int p, int v, int *o, int *ov,
                           uint32_t *word)
{
    flit_t f = fifo_front(r, p, v);
    *word = flit_word(f);
    if (r->held[p][v]) {
        *o = r->held_port[p][v];
        *ov = r->held_vc[p][v];
    } else {
        if (flit_kind(f) != FLIT_HEAD)
            return "protocol: BODY/TAIL flit with no route";
        if (v == VC_AAPC && queue_gated(r, p))
            return "sticky NotInMessage bit set (waiting for the phase to end)";
        router_route(r, p, v, *word, o, ov, word);
        if (r->out_busy[*o][*ov])
            return "output VC held by another message";
    }
    if (r->credits[*o][*ov] == 0)
        return "no credit (downstream buffer full)";
    return NULL; /* a busy throttle is T_t pacing, not a stall */
}

int router_step(router_t *r, const router_in_t *in, router_out_t *out,
                const char **err)
{
    int req_v[NUM_PORTS], req_ov[NUM_PORTS];
    uint32_t req_word[NUM_PORTS];
    unsigned req_in[NUM_PORTS] = { 0 }; /* per output: inputs requesting it */
    int gate_stall = 0;

    *err = NULL;
    for (int k = 0; k < NUM_PORTS; k++) {
        out->link[k] = 0;
        out->credit[k] = 0;
    }

    /* 1. Requests: each input offers at most one VC, chosen round-robin
     *    among the VCs whose front flit can move this cycle. */
    for (int p = 0; p < NUM_PORTS; p++) {
        /* statistic: a next-phase HEAD waiting at this queue's sticky bit */
        if (queue_gated(r, p) && r->cnt[p][VC_AAPC] &&
            !r->held[p][VC_AAPC] &&
            flit_kind(fifo_front(r, p, VC_AAPC)) == FLIT_HEAD)
            gate_stall = 1;
        for (int i = 0; i < NUM_VC; i++) {
            int v = r->rr_in[p] + i;
            if (v >= NUM_VC) v -= NUM_VC;
            if (r->cnt[p][v] == 0) continue;
            int o, ov;
            uint32_t w;
            if (r->held[p][v]) {
                /* the common case, kept short: a routed message streaming */
                o = r->held_port[p][v];
                ov = r->held_vc[p][v];
                if (r->throttle[o] || !r->credits[o][ov]) continue;
                flit_t f = fifo_front(r, p, v);
                if (flit_kind(f) == FLIT_HEAD) {
                    *err = "protocol: HEAD inside a message (no TAIL before it)";
                    return -1;
                }
                w = flit_word(f);
            } else {
                const char *why = blocked(r, p, v, &o, &ov, &w);
                if (why) {
                    if (why[0] == 'p') { *err = why; return -1; }
                    continue;
                }
                if (r->throttle[o]) continue;
            }
            req_v[p] = v;
            req_ov[p] = ov;
            req_word[p] = w;
            req_in[o] |= 1u << p;
            break;
        }
    }

    /* 2. Output arbitration: round-robin among the inputs requesting it.
     * 3. Grants: move the flit, take the credit, update ownership. */
    uint8_t tails = 0;
    int moved = 0;
    for (int o = 0; o < NUM_PORTS; o++) {
        if (!req_in[o]) {
            if (r->throttle[o]) r->throttle[o]--;
            continue;
        }
        int win = r->rr_out[o];
        while (!((req_in[o] >> win) & 1u))
            win = win + 1 == NUM_PORTS ? 0 : win + 1;
        int p = win, v = req_v[p], ov = req_ov[p];
        flit_t f = fifo_front(r, p, v);
        unsigned kind = flit_kind(f);
        r->rd[p][v]++;
        r->cnt[p][v]--;
        out->link[o] = flit_make(kind, (unsigned)ov, req_word[p]);
        out->credit[p] = (credit_t)(CREDIT_VALID | (unsigned)v);
        r->credits[o][ov]--;
        r->throttle[o] = (uint8_t)(o == PORT_LOCAL ? 0 : r->tt - 1);
        r->rr_in[p] = (uint8_t)(v + 1 == NUM_VC ? 0 : v + 1);
        r->rr_out[o] = (uint8_t)(p + 1 == NUM_PORTS ? 0 : p + 1);
        r->flits_out[o]++;
        if (kind == FLIT_HEAD) {
            r->held[p][v] = 1;
            r->held_port[p][v] = (uint8_t)o;
            r->held_vc[p][v] = (uint8_t)ov;
            r->held_src[p][v] = (uint16_t)head_src(req_word[p]);
            r->out_busy[o][ov] = 1;
        }
        if (kind == FLIT_TAIL) {
            r->held[p][v] = 0;
            r->out_busy[o][ov] = 0;
            if (v == VC_AAPC) tails |= (uint8_t)(1u << p);
        }
        moved++;
    }

    /* 4. Arrivals are written behind the flits that left. */
    for (int p = 0; p < NUM_PORTS; p++) {
        flit_t f = in->link[p];
        if (!flit_valid(f)) continue;
        unsigned v = flit_vc(f);
        if (v >= NUM_VC || r->cnt[p][v] >= r->depth) {
            *err = "protocol: flit arrived at a full buffer (credit error)";
            return -1;
        }
        r->buf[p][v][(r->rd[p][v] + r->cnt[p][v]) & (MAX_DEPTH - 1)] = f;
        r->cnt[p][v]++;
    }
    for (int o = 0; o < NUM_PORTS; o++) {
        credit_t c = in->credit[o];
        if (!(c & CREDIT_VALID)) continue;
        unsigned v = c & 3u;
        if (v >= NUM_VC || r->credits[o][v] >= r->depth) {
            *err = "protocol: credit returned beyond buffer depth";
            return -1;
        }
        r->credits[o][v]++;
    }

    /* 5. Synchronizing switch: a TAIL sets its queue's sticky bit; when all
     *    five are set the AND gate clears them and the next phase begins.
     *    No TAIL can pass in the cycle the gate fires (every bit is set, so
     *    every AAPC queue is closed to new HEADs). */
    if (r->sync == SYNC_SW) {
        if (in->sw_clear) { r->nim = 0; r->phase++; }
        else r->nim |= tails;
    } else if (r->nim == ALL_QUEUES) {
        r->nim = 0;
        r->phase++;
    } else {
        r->nim |= tails;
    }
    r->gate_stall_cycles += (uint64_t)gate_stall;
    return moved;
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
    flit_t f = fifo_front(r, p, v);
    k += snprintf(buf + k, (size_t)(len - k), "%d flits buffered, front %s",
                  r->cnt[p][v], kname[flit_kind(f)]);
    if (flit_kind(f) == FLIT_HEAD && !r->held[p][v])
        k += snprintf(buf + k, (size_t)(len - k), " from node %u (dx %d, dy %d)",
                      head_src(flit_word(f)), head_dx(flit_word(f)),
                      head_dy(flit_word(f)));
    int o, ov;
    uint32_t w;
    const char *why = blocked(r, p, v, &o, &ov, &w);
    snprintf(buf + k, (size_t)(len - k), "; %s", why ? why : "can move");
    return 1;
}
