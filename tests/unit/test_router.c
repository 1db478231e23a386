/* Unit tests of the router (model/router.c).
 * The lone-router and one-message harness, and the timing conventions the
 * derivations below use, are in router_harness.h. */
#include "suites.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"
#include "router_harness.h"

/* ------------------------------------------------------------------ */

/* dx = +2, dy = -1 from (1,2): X+ at (1,2) and (2,2), Y- at (3,2), eject at
 * (3,1): H = 3 link hops. The HEAD (queued at step 0) leaves the hops at
 * steps 2, 4, 6 and is ejected at 8 (2 cycles per hop); with depth 4 the
 * credit loop (4 cycles) never limits, so flit i follows T_t * i later on
 * every hop. The HEAD word leaving hop h carries the remaining hops:
 * (1,-1), (0,-1), (0,0), (0,0). */
static void test_router_one_message(test_ctx *t)
{
    for (int tt = 1; tt <= 2; tt++)
        for (int pool = POOL_AAPC; pool <= POOL_MP; pool++)
            for (int n = 4; n <= 8; n += 4) {
                char name[64];
                snprintf(name, sizeof name, "n=%d tt=%d %s", n, tt,
                         pool == POOL_AAPC ? "AAPC" : "MP");
                msg_case c = { .name = name, .n = n, .tt = tt, .depth = 4,
                               .sync = SYNC_HW, .sx = 1, .sy = 2, .dx = 2,
                               .dy = -1, .pool = (unsigned)pool,
                               .vc = pool == POOL_AAPC ? VC_AAPC : VC_MP_LO,
                               .k = 5 };
                run_msg(t, &c);
                if (t->failed) return;
            }
    /* An empty message (HEAD + TAIL) and a longer one at T_t = 3. */
    msg_case e = { .name = "empty", .n = 8, .tt = 2, .depth = 4,
                   .sync = SYNC_HW, .sx = 5, .sy = 5, .dx = -1, .dy = 2,
                   .pool = POOL_AAPC, .vc = VC_AAPC, .k = 0 };
    run_msg(t, &e);
    if (t->failed) return;
    msg_case l = { .name = "tt=3 k=12", .n = 8, .tt = 3, .depth = 4,
                   .sync = SYNC_HW, .sx = 0, .sy = 0, .dx = 1, .dy = 3,
                   .pool = POOL_MP, .vc = VC_MP_LO, .k = 12 };
    run_msg(t, &l);
    if (t->failed) return;
    /* A self message at T_t = 2 goes inject -> eject without a link: no
     * throttle on either, so one flit per cycle: flit i ejected at 2 + i. */
    msg_case self = { .name = "self tt=2", .n = 4, .tt = 2, .depth = 4,
                      .sync = SYNC_HW, .sx = 3, .sy = 1, .dx = 0, .dy = 0,
                      .pool = POOL_AAPC, .vc = VC_AAPC, .k = 6, .period = 1 };
    run_msg(t, &self);
}

/* Lone router at (3,3), T_t = 1, depth 4, every output drained at once.
 * Message A arrives on input X+ (remaining dx = +2) with gaps: flits
 * presented at steps 0, 3, 6, 9, 12; message B is injected at the same
 * time (dx = +1) at steps 0..3. Both want output X+ on VC_MP_LO (A goes
 * straight on in its ring and keeps its VC; B is injected; x = 3 is no
 * dateline). At step 1 both HEADs request X+; rr_out starts at input 0
 * (X+), so A wins. A's flits are granted one step after they arrive (1, 4,
 * 7, 10, 13); B's HEAD waits through A's gaps and is granted at 14, the
 * step after A's TAIL released the output VC, then B streams at 15..17. */
static void test_router_wormhole_blocking(test_ctx *t)
{
    lone_t l;
    const unsigned LO = VC_MP_LO;
    const uint32_t ha = head_make(2, 0, POOL_MP, 10), hb = head_make(1, 0, POOL_MP, 27);
    const uint32_t ha1 = head_make(1, 0, POOL_MP, 10), hb1 = head_make(0, 0, POOL_MP, 27);
    {
        lone_init(&l, 8, 3, 3, 4, 1, SYNC_OFF);
        const sched_t in[] = {
            { 0, PORT_XP, H(LO, ha) },     { 0, PORT_LOCAL, H(LO, hb) },
            { 1, PORT_LOCAL, B(LO, 0xB1) }, { 2, PORT_LOCAL, B(LO, 0xB2) },
            { 3, PORT_LOCAL, T(LO, 2) },    { 3, PORT_XP, B(LO, 0xA1) },
            { 6, PORT_XP, B(LO, 0xA2) },    { 9, PORT_XP, B(LO, 0xA3) },
            { 12, PORT_XP, T(LO, 3) },
        };
        const sched_t want[] = {
            { 1, PORT_XP, H(LO, ha1) },    { 4, PORT_XP, B(LO, 0xA1) },
            { 7, PORT_XP, B(LO, 0xA2) },   { 10, PORT_XP, B(LO, 0xA3) },
            { 13, PORT_XP, T(LO, 3) },     { 14, PORT_XP, H(LO, hb1) },
            { 15, PORT_XP, B(LO, 0xB1) },  { 16, PORT_XP, B(LO, 0xB2) },
            { 17, PORT_XP, T(LO, 2) },
        };
        for (int s = 0; s < 14; s++) {
            lone_run(t, &l, "same output VC", in, 9, want, 9, s + 1);
            if (t->failed) return;
            const router_t *r = &l.r;
            /* After steps 1..13 B's HEAD sits unrouted at the front of its
             * buffer; after 1..12 A owns output X+ VC_MP_LO (the TAIL
             * granted at 13 releases it). */
            if (s >= 1) {
                flit_t front = r->buf[LO][PORT_LOCAL][r->rd[LO][PORT_LOCAL] & r->ring_mask];
                CHECK(t, !r->held[LO][PORT_LOCAL] && r->cnt[LO][PORT_LOCAL] >= 1 &&
                      front == H(LO, hb),
                      "step %d: B's HEAD is not waiting at the front of its buffer", s);
            }
            if (s >= 1 && s <= 12)
                CHECK(t, r->out_busy[LO][PORT_XP] && r->held[LO][PORT_XP],
                      "step %d: A does not own output X+ vc %u", s, LO);
            if (s == 13)
                CHECK(t, !r->out_busy[LO][PORT_XP] && !r->held[LO][PORT_XP],
                      "step 13: A's TAIL did not release output X+");
        }
        lone_run(t, &l, "same output VC", in, 9, want, 9, 24);
        if (t->failed) return;
        CHECK(t, l.r.flits_out[PORT_XP] == 9 && !l.r.out_busy[LO][PORT_XP],
              "same output VC: %llu flits out on X+",
              (unsigned long long)l.r.flits_out[PORT_XP]);
    }
    /* Contrast: message C wants the same output port on another VC
     * (VC_AAPC, SYNC_OFF). It is not blocked: it passes entirely between
     * A's HEAD (step 1) and A's TAIL (step 13), its flits interleaved with
     * A's on the link, each granted one step after it arrives. */
    {
        lone_init(&l, 8, 3, 3, 4, 1, SYNC_OFF);
        const uint32_t hc = head_make(1, 0, POOL_AAPC, 27), hc1 = head_make(0, 0, POOL_AAPC, 27);
        const sched_t in[] = {
            { 0, PORT_XP, H(LO, ha) },           { 1, PORT_LOCAL, H(VC_AAPC, hc) },
            { 2, PORT_LOCAL, B(VC_AAPC, 0xC1) }, { 3, PORT_XP, B(LO, 0xA1) },
            { 4, PORT_LOCAL, T(VC_AAPC, 1) },    { 6, PORT_XP, B(LO, 0xA2) },
            { 9, PORT_XP, B(LO, 0xA3) },         { 12, PORT_XP, T(LO, 3) },
        };
        const sched_t want[] = {
            { 1, PORT_XP, H(LO, ha1) },         { 2, PORT_XP, H(VC_AAPC, hc1) },
            { 3, PORT_XP, B(VC_AAPC, 0xC1) },   { 4, PORT_XP, B(LO, 0xA1) },
            { 5, PORT_XP, T(VC_AAPC, 1) },      { 7, PORT_XP, B(LO, 0xA2) },
            { 10, PORT_XP, B(LO, 0xA3) },       { 13, PORT_XP, T(LO, 3) },
        };
        lone_run(t, &l, "other VC", in, 8, want, 8, 20);
        if (t->failed) return;
    }
    /* Flit-level arbitration: A (input X+, VC_MP_LO) and D (input local,
     * VC_AAPC) stream to output X+ at the same time, each presented as
     * fast as credits allow. rr_out[X+] starts at input 0, so A's HEAD
     * wins step 1; then the pointer passes A and D wins step 2; and so on:
     * A's flit j leaves at 1 + 2j, D's at 2 + 2j. */
    {
        lone_init(&l, 8, 3, 3, 4, 1, SYNC_OFF);
        flit_t a[6], d[6], a_out[6], d_out[6];
        a[0] = H(LO, ha);
        a_out[0] = H(LO, ha1);
        d[0] = H(VC_AAPC, head_make(1, 0, POOL_AAPC, 27));
        d_out[0] = H(VC_AAPC, head_make(0, 0, POOL_AAPC, 27));
        for (int j = 1; j < 5; j++) {
            a[j] = a_out[j] = B(LO, 0xA0u + (uint32_t)j);
            d[j] = d_out[j] = B(VC_AAPC, 0xD0u + (uint32_t)j);
        }
        a[5] = a_out[5] = T(LO, 4);
        d[5] = d_out[5] = T(VC_AAPC, 4);
        int na = 0, nd = 0, ga = 0, gd = 0;
        for (int s = 0; s < 20; s++) {
            if (na < 6 && lone_send(&l, PORT_XP, a[na])) na++;
            if (nd < 6 && lone_send(&l, PORT_LOCAL, d[nd])) nd++;
            CHECK(t, lone_step(&l) >= 0, "fair: step %d: %s", s, l.err);
            flit_t f = l.out.link[PORT_XP];
            if (s >= 1 && s <= 12) {
                int is_a = s % 2 == 1, j = (s - 1) / 2;
                CHECK(t, f == (is_a ? a_out[j] : d_out[j]),
                      "fair: step %d: X+ carries %#llx, want %s flit %d", s,
                      (unsigned long long)f, is_a ? "A" : "D", j);
                if (is_a) ga++; else gd++;
            } else {
                CHECK(t, !flit_valid(f), "fair: step %d: unexpected flit", s);
            }
        }
        CHECK(t, ga == 6 && gd == 6, "fair: %d + %d flits", ga, gd);
    }
}

/* Lone router at (3,3), T_t = 1, SYNC_OFF: an 8-flit message injected on
 * VC_MP_LO with dx = +1 (output X+), whose downstream never returns a
 * credit. The router starts with `depth` credits, so exactly `depth` flits
 * leave (flit j at step j+1: the test injects whenever it holds a credit,
 * the router grants each one step after it arrives) and `depth` more fill
 * the inject buffer, after which the test (upstream) has no credit left:
 * 2*depth flits sent in all. Each credit then returned at step T is read
 * at T and used at T+1: exactly one flit leaves at T+1. */
static void backpressure(test_ctx *t, int depth)
{
    lone_t l;
    lone_init(&l, 8, 3, 3, depth, 1, SYNC_OFF);
    l.auto_credit[PORT_XP] = 0;
    const unsigned LO = VC_MP_LO;
    flit_t msg[8], want[8];
    msg[0] = H(LO, head_make(1, 0, POOL_MP, 27));
    want[0] = H(LO, head_make(0, 0, POOL_MP, 27));
    for (int j = 1; j <= 6; j++) msg[j] = want[j] = B(LO, 0xD0000000u + (uint32_t)j);
    msg[7] = want[7] = T(LO, 6);
    int sent = 0, got = 0, out_step[8];

    /* Phase 1: the downstream does not drain. */
    for (int s = 0; s < 20; s++) {
        if (sent < 8 && lone_send(&l, PORT_LOCAL, msg[sent])) sent++;
        CHECK(t, lone_step(&l) >= 0, "depth %d step %d: %s", depth, s, l.err);
        for (int o = 0; o < NUM_PORTS; o++) {
            flit_t f = l.out.link[o];
            if (!flit_valid(f)) continue;
            CHECK(t, o == PORT_XP && got < 8, "depth %d step %d: stray flit on %s",
                  depth, s, port_name[o]);
            CHECK(t, f == want[got], "depth %d: flit %d is %#llx, want %#llx",
                  depth, got, (unsigned long long)f, (unsigned long long)want[got]);
            out_step[got++] = s;
        }
    }
    CHECK(t, got == depth, "depth %d: %d flits left before the stall, want %d",
          depth, got, depth);
    for (int j = 0; j < depth; j++)
        CHECK(t, out_step[j] == j + 1, "depth %d: flit %d left at step %d, want %d",
              depth, j, out_step[j], j + 1);
    CHECK(t, sent == 2 * depth, "depth %d: upstream sent %d flits, want %d",
          depth, sent, 2 * depth);
    CHECK(t, l.r.cnt[LO][PORT_LOCAL] == depth && l.r.credits[LO][PORT_XP] == 0 &&
          l.upc[PORT_LOCAL][LO] == 0,
          "depth %d: buffer %d, credits %d, upstream credits %d", depth,
          l.r.cnt[LO][PORT_LOCAL], l.r.credits[LO][PORT_XP], l.upc[PORT_LOCAL][LO]);

    /* Phase 2: one credit every 5 cycles releases exactly one flit. */
    int next_credit = 20;
    for (int s = 20; got < 8; s++) {
        CHECK(t, s < 100, "depth %d: message never drained (%d flits out)", depth, got);
        if (sent < 8 && lone_send(&l, PORT_LOCAL, msg[sent])) sent++;
        int credited = 0;
        if (s == next_credit) {
            l.in.credit[PORT_XP] = (credit_t)(CREDIT_VALID | LO);
            credited = 1;
            next_credit += 5;
        }
        CHECK(t, lone_step(&l) >= 0, "depth %d step %d: %s", depth, s, l.err);
        for (int o = 0; o < NUM_PORTS; o++) {
            flit_t f = l.out.link[o];
            if (!flit_valid(f)) continue;
            CHECK(t, o == PORT_XP && got < 8, "depth %d step %d: stray flit on %s",
                  depth, s, port_name[o]);
            CHECK(t, f == want[got], "depth %d: flit %d is %#llx, want %#llx",
                  depth, got, (unsigned long long)f, (unsigned long long)want[got]);
            /* A flit leaves exactly one step after each credit. */
            CHECK(t, s == next_credit - 5 + 1 && !credited,
                  "depth %d: flit %d left at step %d, credit was at %d", depth,
                  got, s, next_credit - 5);
            out_step[got++] = s;
        }
        if (s == next_credit - 5 + 1)
            CHECK(t, flit_valid(l.out.link[PORT_XP]),
                  "depth %d: credit at step %d released no flit", depth, s - 1);
    }
    CHECK(t, sent == 8 && got == 8, "depth %d: sent %d, out %d", depth, sent, got);
    for (int s = 0; s < 10; s++) {
        CHECK(t, lone_step(&l) >= 0, "depth %d: %s", depth, l.err);
        for (int o = 0; o < NUM_PORTS; o++)
            CHECK(t, !flit_valid(l.out.link[o]), "depth %d: duplicate flit on %s",
                  depth, port_name[o]);
    }
    CHECK(t, l.r.cnt[LO][PORT_LOCAL] == 0 && !l.r.held[LO][PORT_LOCAL] &&
          !l.r.out_busy[LO][PORT_XP] && l.r.flits_out[PORT_XP] == 8,
          "depth %d: router not idle after the message", depth);
}

/* Steady-state throughput through a chain of routers, limited by the
 * 4-cycle credit round trip (see the top of this file). Depth 1: one flit
 * per 4 cycles on every hop (the inject loop too), whatever T_t <= 4.
 * Depth 2 at T_t = 1: the node injects two flits back to back, then waits
 * for their credits (usable 4 cycles after each was sent), so flits move in
 * pairs: flit i at 4*(i/2) + i%2 after the HEAD; 2 flits per 4 cycles. */
static void test_router_backpressure_depth1(test_ctx *t)
{
    backpressure(t, 1);
    if (t->failed) return;
    msg_case c = { .name = "depth 1 tt 1", .n = 8, .tt = 1, .depth = 1,
                   .sync = SYNC_HW, .sx = 1, .sy = 0, .dx = 3, .dy = 0,
                   .pool = POOL_MP, .vc = VC_MP_LO, .k = 8,
                   .period = 4, .burst = 1 };
    run_msg(t, &c);
    if (t->failed) return;
    msg_case c2 = { .name = "depth 1 tt 2", .n = 8, .tt = 2, .depth = 1,
                    .sync = SYNC_HW, .sx = 6, .sy = 2, .dx = 0, .dy = -3,
                    .pool = POOL_AAPC, .vc = VC_AAPC, .k = 8,
                    .period = 4, .burst = 1 };
    run_msg(t, &c2);
}

static void test_router_backpressure_depth2(test_ctx *t)
{
    backpressure(t, 2);
    if (t->failed) return;
    msg_case c = { .name = "depth 2 tt 1", .n = 8, .tt = 1, .depth = 2,
                   .sync = SYNC_HW, .sx = 1, .sy = 0, .dx = 3, .dy = 1,
                   .pool = POOL_MP, .vc = VC_MP_LO, .k = 9,
                   .period = 4, .burst = 2 };
    run_msg(t, &c);
    if (t->failed) return;
    /* Depth 2 at T_t = 2: 2 credits per 4 cycles = the link rate. */
    msg_case c2 = { .name = "depth 2 tt 2", .n = 8, .tt = 2, .depth = 2,
                    .sync = SYNC_HW, .sx = 1, .sy = 0, .dx = 3, .dy = 1,
                    .pool = POOL_MP, .vc = VC_MP_LO, .k = 9 };
    run_msg(t, &c2);
}

/* ------------------------------------------------------------------ */

typedef struct {
    int x, y, p, v, dx, dy;
    int o, ov; /* expected for the MP pool; the AAPC pool always VC_AAPC */
    const char *what;
} route_case;

static void test_router_dateline_vc(test_ctx *t)
{
    enum { LO = VC_MP_LO, HI = VC_MP_HI, XP = PORT_XP, XM = PORT_XM,
           YP = PORT_YP, YM = PORT_YM, LOC = PORT_LOCAL };
    static const route_case rc[] = {
        { 3, 2, LOC, LO, 2, 0, XP, LO, "inject X+" },
        { 3, 2, LOC, HI, 2, 1, XP, LO, "inject on HI restarts on LO" },
        { 4, 2, XP, LO, 2, 0, XP, LO, "X+ straight before the dateline" },
        { 7, 2, XP, LO, 1, 0, XP, HI, "X+ wrap 7->0" },
        { 7, 2, LOC, LO, 3, -1, XP, HI, "inject at the X+ dateline" },
        { 0, 2, XP, HI, 2, 0, XP, HI, "X+ after the wrap keeps HI" },
        { 5, 5, XM, LO, -2, 0, XM, LO, "X- straight before the dateline" },
        { 0, 5, XM, LO, -1, 3, XM, HI, "X- wrap 0->7" },
        { 7, 5, XM, HI, -2, 0, XM, HI, "X- after the wrap keeps HI" },
        { 2, 3, YP, LO, 0, 2, YP, LO, "Y+ straight" },
        { 2, 7, YP, LO, 0, 1, YP, HI, "Y+ wrap 7->0" },
        { 2, 0, YP, HI, 0, 2, YP, HI, "Y+ after the wrap keeps HI" },
        { 2, 0, YM, LO, 0, -1, YM, HI, "Y- wrap 0->7" },
        { 2, 7, YM, HI, 0, -3, YM, HI, "Y- after the wrap keeps HI" },
        { 1, 3, XP, HI, 0, 2, YP, LO, "turn X+ -> Y+ restarts on LO" },
        { 1, 3, XM, HI, 0, -2, YM, LO, "turn X- -> Y- restarts on LO" },
        { 1, 3, XP, LO, 0, -4, YM, LO, "turn X+ -> Y-" },
        { 1, 7, XP, HI, 0, 1, YP, HI, "turn onto the Y+ dateline" },
        { 1, 0, XM, LO, 0, -2, YM, HI, "turn onto the Y- dateline" },
        { 2, 7, LOC, LO, 0, 4, YP, HI, "inject at the Y+ dateline" },
        { 4, 4, YP, HI, 0, 0, LOC, HI, "eject keeps HI" },
        { 4, 4, XP, LO, 0, 0, LOC, LO, "eject keeps LO" },
        { 4, 4, LOC, LO, 0, 0, LOC, LO, "self message" },
        { 3, 3, XP, LO, 4, -4, XP, LO, "n/2 hops" },
        { 3, 3, XM, LO, -4, 4, XM, LO, "n/2 hops negative" },
    };
    params_t p;
    params_iwarp(&p);
    p.n = 8;
    for (size_t i = 0; i < sizeof rc / sizeof rc[0]; i++) {
        const route_case *c = &rc[i];
        router_t r;
        router_init(&r, &p, c->x, c->y);
        for (unsigned pool = POOL_AAPC; pool <= POOL_MP; pool++) {
            int v = pool == POOL_AAPC ? VC_AAPC : c->v;
            unsigned src = 0x5a5u;
            int o = -1, ov = -1;
            uint32_t nh = 0;
            router_route(&r, c->p, v, head_make(c->dx, c->dy, pool, src), &o, &ov, &nh);
            int edx = c->dx - (c->o == XP) + (c->o == XM);
            int edy = c->dy - (c->o == YP) + (c->o == YM);
            int eov = pool == POOL_AAPC ? VC_AAPC : c->ov;
            CHECK(t, o == c->o && ov == eov,
                  "%s (%s pool, router (%d,%d) input %s vc %d, dx %d dy %d): "
                  "output %s vc %d, want %s vc %d", c->what,
                  pool == POOL_AAPC ? "AAPC" : "MP", c->x, c->y, port_name[c->p], v,
                  c->dx, c->dy, o >= 0 && o < NUM_PORTS ? port_name[o] : "?", ov,
                  port_name[c->o], eov);
            CHECK(t, nh == head_make(edx, edy, pool, src),
                  "%s: new HEAD dx %d dy %d pool %u src %u, want dx %d dy %d",
                  c->what, head_dx(nh), head_dy(nh), head_pool(nh), head_src(nh),
                  edx, edy);
        }
    }

    /* End to end on an 8x8 torus, T_t = 2, depth 4: every flit of the
     * message carries the expected VC on every hop (run_msg checks timing,
     * words and the deposit too). */
    static const int va[] = { LO, HI, HI, LO, HI, HI, HI };
    msg_case a = { .name = "wrap X+ then Y+", .n = 8, .tt = 2, .depth = 4,
                   .sync = SYNC_HW, .sx = 6, .sy = 6, .dx = 3, .dy = 3,
                   .pool = POOL_MP, .vc = VC_MP_LO, .k = 4, .vcs = va };
    /* (6,6) X+ LO, (7,6) X+ HI (wrap), (0,6) X+ HI, (1,6) Y+ LO (turn),
     * (1,7) Y+ HI (wrap), (1,0) Y+ HI, eject at (1,1) on HI. */
    run_msg(t, &a);
    if (t->failed) return;
    static const int vb[] = { LO, LO, HI, HI };
    msg_case b = { .name = "first Y hop wraps", .n = 8, .tt = 2, .depth = 4,
                   .sync = SYNC_HW, .sx = 5, .sy = 7, .dx = 2, .dy = 1,
                   .pool = POOL_MP, .vc = VC_MP_LO, .k = 3, .vcs = vb };
    /* (5,7) X+ LO, (6,7) X+ LO, (7,7) Y+ HI (turn onto the Y wrap), eject
     * at (7,0) on HI. */
    run_msg(t, &b);
    if (t->failed) return;
    static const int vcm[] = { LO, HI, LO, HI, HI };
    msg_case c = { .name = "wrap X- then Y-", .n = 8, .tt = 1, .depth = 4,
                   .sync = SYNC_OFF, .sx = 1, .sy = 1, .dx = -2, .dy = -2,
                   .pool = POOL_MP, .vc = VC_MP_LO, .k = 3, .vcs = vcm };
    /* (1,1) X- LO, (0,1) X- HI (wrap), (7,1) Y- LO (turn), (7,0) Y- HI
     * (wrap), eject at (7,7) on HI. */
    run_msg(t, &c);
    if (t->failed) return;
    msg_case d = a;
    d.name = "AAPC pool wraps on VC_AAPC";
    d.pool = POOL_AAPC;
    d.vc = VC_AAPC;
    d.vcs = NULL;
    run_msg(t, &d);
}

/* ------------------------------------------------------------------ */

/* A lone router of the given depth whose output out_port never returns a
 * credit; input in_port presents head and then a BODY every step. The
 * router forwards depth flits (steps 1..depth) and buffers depth more, so
 * the flit arriving at step 2 * depth finds its buffer full. */
static void overflow_case(test_ctx *t, const char *name, int depth, int sync,
                          int in_port, int out_port, flit_t head)
{
    lone_t l;
    lone_init(&l, 8, 3, 3, depth, 1, sync);
    l.auto_credit[out_port] = 0;
    for (int s = 0; s <= 2 * depth; s++) {
        l.in.link[in_port] = s == 0 ? head : B(flit_vc(head), (uint32_t)s);
        int k = lone_step(&l);
        if (s < 2 * depth)
            CHECK(t, k == (s >= 1 && s <= depth), "%s: step %d returned %d (%s)",
                  name, s, k, l.err ? l.err : "");
        else
            CHECK(t, k == -1 && l.err && strstr(l.err, "full"),
                  "%s: flit %d: router_step returned %d (%s)", name, s + 1, k,
                  l.err ? l.err : "no error");
    }
}

/* Lone router, depth 2, SYNC_OFF. A flit is only examined when it is at
 * the front of its buffer: one presented before step 0 is buffered at
 * step 0 and routed (or rejected) at step 1. */
static void test_router_protocol_error(test_ctx *t)
{
    lone_t l;
    const unsigned LO = VC_MP_LO;

    /* BODY with no HEAD. */
    lone_init(&l, 8, 3, 3, 2, 1, SYNC_OFF);
    lone_send(&l, PORT_XP, B(LO, 0x1234));
    CHECK(t, lone_step(&l) == 0, "BODY: arrival step returned %d", l.ret);
    CHECK(t, lone_step(&l) == -1 && l.err && strstr(l.err, "protocol"),
          "BODY with no HEAD: router_step returned %d (%s)", l.ret,
          l.err ? l.err : "no error");

    /* TAIL with no HEAD. */
    lone_init(&l, 8, 3, 3, 2, 1, SYNC_OFF);
    lone_send(&l, PORT_YM, T(VC_AAPC, 0));
    CHECK(t, lone_step(&l) == 0, "TAIL: arrival step returned %d", l.ret);
    CHECK(t, lone_step(&l) == -1 && l.err && strstr(l.err, "protocol"),
          "TAIL with no HEAD: router_step returned %d (%s)", l.ret,
          l.err ? l.err : "no error");

    /* A BODY after a complete message (its route was released by the TAIL). */
    lone_init(&l, 8, 3, 3, 2, 1, SYNC_OFF);
    {
        const sched_t in[] = { { 0, PORT_XM, H(LO, head_make(-1, 0, POOL_MP, 1)) },
                               { 1, PORT_XM, T(LO, 0) } };
        const sched_t want[] = { { 1, PORT_XM, H(LO, head_make(0, 0, POOL_MP, 1)) },
                                 { 2, PORT_XM, T(LO, 0) } };
        lone_run(t, &l, "complete message", in, 2, want, 2, 3);
        if (t->failed) return;
    }
    lone_send(&l, PORT_XM, B(LO, 7));
    CHECK(t, lone_step(&l) == 0, "late BODY: arrival step returned %d", l.ret);
    CHECK(t, lone_step(&l) == -1 && l.err && strstr(l.err, "protocol"),
          "BODY after TAIL: router_step returned %d (%s)", l.ret,
          l.err ? l.err : "no error");

    /* Overflow. Output X+ never returns a credit; the test ignores its own
     * credits and presents one flit per step on input X+. The router
     * forwards 2 (its credits, steps 1 and 2) and buffers 2 (arriving at
     * steps 2 and 3), so the 5th flit, arriving at step 4, finds the buffer
     * full. The same at depth 1 on the inject queue: forward 1, buffer 1,
     * the 3rd flit (step 2) overflows. */
    overflow_case(t, "overflow", 2, SYNC_OFF, PORT_XP, PORT_XP,
                  H(LO, head_make(2, 0, POOL_MP, 1)));
    overflow_case(t, "overflow depth 1", 1, SYNC_HW, PORT_LOCAL, PORT_YP,
                  H(VC_AAPC, head_make(0, 2, POOL_AAPC, 27)));

    /* A credit beyond the buffer depth, and a flit on VC 3. */
    lone_init(&l, 8, 3, 3, 2, 1, SYNC_OFF);
    l.in.credit[PORT_YM] = (credit_t)(CREDIT_VALID | LO);
    CHECK(t, lone_step(&l) == -1 && l.err && strstr(l.err, "credit"),
          "extra credit: router_step returned %d (%s)", l.ret,
          l.err ? l.err : "no error");
    lone_init(&l, 8, 3, 3, 2, 1, SYNC_OFF);
    l.in.link[PORT_XP] = flit_make(FLIT_HEAD, 3, head_make(1, 0, POOL_MP, 1));
    CHECK(t, lone_step(&l) == -1 && l.err,
          "flit on VC 3: router_step returned %d", l.ret);
}

#define T(fn) { #fn, fn }
const test_case tests_router[] = {
    T(test_router_one_message),
    T(test_router_wormhole_blocking),
    T(test_router_backpressure_depth1),
    T(test_router_backpressure_depth2),
    T(test_router_dateline_vc),
    T(test_router_protocol_error),
    { NULL, NULL },
};
