// Directed cases of the router testbench (docs/router_tb.md, "Cases"):
// single routes, contention, backpressure, the synchronizing switch in its
// three modes.
#include <algorithm>
#include <string>
#include <vector>
#include "bench.h"

namespace router_tb {
namespace {

// Hops that make message (input p) leave on output o; false if illegal for p
// (a flit arriving on X+ travels +x: dx >= 0; on Y+: dx == 0, dy >= 0; ...).
bool hops_for(int p, int o, int variant, int &dx, int &dy)
{
    static const bool legal[NP][NP] = {
        /* in X+ */ {1, 0, 1, 1, 1},
        /* in X- */ {0, 1, 1, 1, 1},
        /* in Y+ */ {0, 0, 1, 0, 1},
        /* in Y- */ {0, 0, 0, 1, 1},
        /* local */ {1, 1, 1, 1, 1},
    };
    if (!legal[p][o]) return false;
    int a = variant ? 3 : 1, s = variant ? 2 : 0;
    dx = dy = 0;
    switch (o) {
    case XP: dx = a; dy = -s; break;
    case XM: dx = -a; dy = s; break;
    case YP: dy = a; break;
    case YM: dy = -a; break;
    default: break;
    }
    return true;
}

}  // namespace

// One message at a time from every input to every output it can reach, on
// every VC, at three positions (all four datelines): route, VC, HEAD rewrite,
// 1-cycle router latency, streaming at T_t (eject: 1 per cycle), or every
// 2 cycles where DEPTH = 1 credit cannot cover the credit loop.
void case_single(Bench &b, std::string &info)
{
    static const int pos[3][2] = {{7, 0}, {0, 7}, {3, 4}};
    int count = 0, hi_by_dateline[NP] = {0};
    for (auto &xy : pos) {
        b.reset(xy[0], xy[1], SYNC_OFF, 11);
        for (int p = 0; p < static_cast<int>(NP); p++)
            for (int o = 0; o < static_cast<int>(NP); o++)
                for (int variant = 0; variant < 2; variant++)
                    for (int v = 0; v < NV; v++) {
                        int dx, dy;
                        if (!hops_for(p, o, variant, dx, dy)) continue;
                        if (o == LOC && variant) continue;
                        int nb = 3 + variant * 2;
                        unsigned id = b.add_msg(p, v, dx, dy, nb);
                        b.drain(200, 3);
                        const Msg &m = b.done.back();
                        CHECK(m.id == id, "message %u not delivered", id);
                        CHECK(m.head_out - m.head_in == 1,
                              "input %s -> %s vc %d: HEAD took %lld cycles through an idle router (spec: 1)",
                              port_name[p], port_name[o], v, static_cast<long long>(m.head_out - m.head_in));
                        int t = stream_period((o == LOC) ? 1 : TT);
                        CHECK(m.tail_out - m.head_out == (nb + 1) * t,
                              "input %s -> %s vc %d: TAIL %lld cycles after HEAD (spec (B+1)*%d = %d)",
                              port_name[p], port_name[o], v, static_cast<long long>(m.tail_out - m.head_out), t,
                              (nb + 1) * t);
                        if (m.pool == POOL_MP && m.exp_vc == VC_MP_HI &&
                            !(m.in_port == o && m.in_vc != VC_AAPC &&
                              vc_class(static_cast<unsigned>(m.in_vc)) == MP_CLASS_HI))
                            hi_by_dateline[o]++;
                        count++;
                    }
    }
    for (int o = 0; o < 4; o++)
        CHECK(hi_by_dateline[o] > 0, "no MP message was moved to VC_MP_HI at the %s dateline", port_name[o]);
    info = fmt("%d messages, every input x reachable output x VC at (7,0) (0,7) (3,4); dateline HI moves "
               "X+ %d X- %d Y+ %d Y- %d", count, hi_by_dateline[0], hi_by_dateline[1], hi_by_dateline[2],
               hi_by_dateline[3]);
}

// Messages contending for one output: same output VC (serialized by
// out_busy), different output VCs (flit-interleaved), five into the eject.
void case_contention(Bench &b, std::string &info)
{
    b.reset(3, 4, SYNC_OFF, 12);
    // A: X+ (turn) and local (inject) both to Y+ on VC_MP_LO
    unsigned a1 = b.add_msg(XP, VC_MP_LO, 0, 2, 4), a2 = b.add_msg(LOC, VC_MP_LO, 0, 2, 4);
    b.drain(300);
    const Msg *m1 = nullptr, *m2 = nullptr;
    for (auto &m : b.done) { if (m.id == a1) m1 = &m; if (m.id == a2) m2 = &m; }
    CHECK(m1 && m2, "A: a message was not delivered");
    const Msg *first = m1->head_out < m2->head_out ? m1 : m2, *second = first == m1 ? m2 : m1;
    CHECK(first->out_vc == VC_MP_LO, "A: the first message left on vc %d, not VC_MP_LO", first->out_vc);
    if (K == 1) {   // one VC in the class: the second waits for the first's TAIL
        CHECK(second->out_vc == VC_MP_LO, "A: the second message left on vc %d, not VC_MP_LO",
              second->out_vc);
        CHECK(second->head_out > first->tail_out, "A: second HEAD left at %lld before the first TAIL at %lld",
              static_cast<long long>(second->head_out), static_cast<long long>(first->tail_out));
    } else {        // the class's next VC is free: the two interleave on one link
        CHECK(second->out_vc == static_cast<int>(vc_mp(MP_CLASS_LO, 1)),
              "A: the second message left on vc %d, not the class's second VC %u", second->out_vc,
              vc_mp(MP_CLASS_LO, 1));
        CHECK(second->head_out < first->tail_out, "A: K = %d: the second message waited for the "
              "first TAIL with a free VC in its class", K);
    }
    CHECK(second->head_out - second->head_in > 1, "A: the losing HEAD did not wait");
    int64_t waited = second->head_out - second->head_in;
    // B: X+ AAPC and local MP to Y+: two output VCs share the link
    b.done.clear();
    unsigned b1 = b.add_msg(XP, VC_AAPC, 0, 2, 6), b2 = b.add_msg(LOC, VC_MP_LO, 0, 2, 6);
    b.drain(300);
    m1 = m2 = nullptr;
    for (auto &m : b.done) { if (m.id == b1) m1 = &m; if (m.id == b2) m2 = &m; }
    CHECK(m1 && m2, "B: a message was not delivered");
    CHECK(m1->head_out < m2->tail_out && m2->head_out < m1->tail_out, "B: messages on two VCs did not interleave");
    // C: all five inputs into the eject (VC kept: three on LO, two on HI)
    b.done.clear();
    b.add_msg(XP, VC_MP_LO, 0, 0, 3);
    b.add_msg(XM, VC_MP_HI, 0, 0, 3);
    b.add_msg(YP, VC_MP_LO, 0, 0, 3);
    b.add_msg(YM, VC_MP_HI, 0, 0, 3);
    b.add_msg(LOC, VC_MP_LO, 0, 0, 3);
    b.drain(300);
    CHECK(b.done.size() == 5, "C: %zu of 5 delivered", b.done.size());
    // D: X+ straight on and local inject to X+, same output VC LO; and a
    // Y- and a local AAPC message to Y- (one output VC 0)
    b.done.clear();
    b.add_msg(XP, VC_MP_LO, 2, 1, 5);
    b.add_msg(LOC, VC_MP_LO, 1, 0, 5);
    b.add_msg(YM, VC_AAPC, 0, -2, 5);
    b.add_msg(LOC, VC_AAPC, 0, -1, 5);
    b.drain(300);
    CHECK(b.done.size() == 4, "D: %zu of 4 delivered", b.done.size());
    info = fmt("A: loser waited %lld cycles; B, C, D delivered; %lld cycles", static_cast<long long>(waited),
               static_cast<long long>(b.cycle));
}

// Downstream withholds all credits of X+ for 150 cycles: exactly DEPTH flits
// per VC leave, the source stalls after 2*DEPTH flits per VC, other outputs
// keep moving; then a slow downstream (random credit delays up to 20).
void case_backpressure(Bench &b, std::string &info)
{
    b.reset(7, 0, SYNC_OFF, 13);
    b.withhold_until[XP] = 150;
    // long enough that the source has more than 2*DEPTH flits per VC
    const int nb = std::max(8, 2 * DEPTH + 2);
    b.add_msg(LOC, VC_MP_LO, 3, 0, nb + 12);  // X+ dateline at x = 7: VC_MP_HI
    b.add_msg(LOC, VC_AAPC, 1, 2, nb);        // X+ on VC 0
    b.add_msg(XM, VC_MP_LO, 0, 0, 10);     // eject, not affected
    b.run(149);
    // (min_adapt may take an adaptive VC, not HI: the MP VCs of X+ summed;
    // valiant's first leg may not take X+ at all)
    unsigned long long mp_sent = 0;
    for (int v = 1; v < NV; v++) mp_sent += b.sent_out[XP][v];
    if (ROUTING == ROUTING_VALIANT) mp_sent = DEPTH;
    CHECK(mp_sent == DEPTH && b.sent_out[XP][VC_AAPC] == DEPTH,
          "X+ sent %llu (HI) and %llu (AAPC) flits without credits back (spec: DEPTH = %d)",
          mp_sent, static_cast<unsigned long long>(b.sent_out[XP][VC_AAPC]), DEPTH);
    CHECK(b.src_sent[LOC][VC_MP_LO] == 2 * DEPTH && b.src_sent[LOC][VC_AAPC] == 2 * DEPTH,
          "local source sent %llu/%llu flits (spec: 2*DEPTH per VC)",
          static_cast<unsigned long long>(b.src_sent[LOC][VC_MP_LO]),
          static_cast<unsigned long long>(b.src_sent[LOC][VC_AAPC]));
    CHECK(b.done.size() == 1 && b.done[0].in_port == XM, "the eject message was held up by X+ backpressure");
    b.drain(400);
    CHECK(b.done.size() == 3, "%zu of 3 delivered", b.done.size());
    // slow downstream, all outputs, and an eject withheld for 60 cycles
    b.done.clear();
    b.delay_lo = 0;
    b.delay_hi = 20;
    b.withhold_until[LOC] = b.cycle + 60;
    for (int i = 0; i < 3; i++) {
        b.add_msg(XP, VC_MP_LO, 1, -1, 6);
        b.add_msg(XM, VC_MP_HI, 0, 0, 4);
        b.add_msg(YP, VC_MP_LO, 0, 2, 5);
        b.add_msg(YM, VC_AAPC, 0, -2, 5);
        b.add_msg(LOC, VC_MP_LO, -2, 0, 7);
        b.add_msg(LOC, VC_AAPC, 0, 0, 3);
    }
    b.drain(2000);
    CHECK(b.done.size() == 18, "%zu of 18 delivered", b.done.size());
    info = fmt("%zu + 3 messages, %lld cycles", b.done.size(), static_cast<long long>(b.cycle));
}

namespace {

// All legal input -> output permutations (each output taken once per phase).
std::vector<std::vector<int>> legal_perms()
{
    std::vector<std::vector<int>> r;
    std::vector<int> o = {0, 1, 2, 3, 4};
    do {
        int dx, dy;
        bool ok = true;
        for (int p = 0; p < static_cast<int>(NP) && ok; p++) ok = hops_for(p, o[static_cast<size_t>(p)], 0, dx, dy);
        if (ok) r.push_back(o);
    } while (std::next_permutation(o.begin(), o.end()));
    return r;
}

// Queue `phases` phases of AAPC traffic: one message per input per phase
// (a permutation; phase 2 is all empty HEAD+TAIL messages).
void queue_phases(Bench &b, int phases)
{
    static const std::vector<std::vector<int>> perms = legal_perms();
    for (int k = 0; k < phases; k++) {
        const std::vector<int> &perm = perms[static_cast<size_t>(b.rng.range(0, static_cast<int>(perms.size()) - 1))];
        for (int p = 0; p < static_cast<int>(NP); p++) {
            int dx, dy;
            hops_for(p, perm[static_cast<size_t>(p)], b.rng.range(0, 1) && perm[static_cast<size_t>(p)] != LOC, dx, dy);
            b.add_msg(p, VC_AAPC, dx, dy, k == 2 ? 0 : b.rng.range(0, 6));
        }
    }
}

}  // namespace


// SYNC_HW: AAPC messages with TAILs through all five inputs, the local one
// late, so the other inputs' next-phase HEADs wait at their sticky bits;
// the gate fires one cycle after the last TAIL and the next HEADs leave two
// cycles after it. sw_clear pulses are noise here and must be ignored.
void case_sync_hw(Bench &b, std::string &info)
{
    const int phases = 5;
    b.reset(7, 0, SYNC_HW, 14);
    b.sw_noise = 0.05;
    b.src_hold_until[LOC] = 40;
    queue_phases(b, phases);
    b.add_msg(XM, VC_MP_LO, 0, 1, 9);     // MP traffic is never gated
    b.drain(2000);
    CHECK(b.c.phase == static_cast<uint32_t>(phases) && b.c.nim == 0, "ended in phase %u nim %02x (want %d, 00)",
          b.c.phase, b.c.nim, phases);
    CHECK(b.c.gate_stall_cycles > 30, "next-phase HEADs were held only %llu cycles",
          static_cast<unsigned long long>(b.c.gate_stall_cycles));
    CHECK(b.clear_at.size() == static_cast<size_t>(phases), "%zu gate firings", b.clear_at.size());
    for (int k = 0; k + 1 < phases; k++) {
        CHECK(b.clear_at[static_cast<size_t>(k)] == b.last_tail[static_cast<size_t>(k)] + 1,
              "phase %d: gate fired %lld cycles after the last TAIL (spec: 1)", k,
              static_cast<long long>(b.clear_at[static_cast<size_t>(k)] - b.last_tail[static_cast<size_t>(k)]));
        CHECK(b.first_head[static_cast<size_t>(k) + 1] == b.last_tail[static_cast<size_t>(k)] + 2,
              "phase %d: first HEAD %lld cycles after the last TAIL of phase %d (spec: 2)", k + 1,
              static_cast<long long>(b.first_head[static_cast<size_t>(k) + 1] - b.last_tail[static_cast<size_t>(k)]), k);
    }
    info = fmt("%d phases, %llu gate-stall cycles, %llu ignored sw_clear pulses, %lld cycles", phases,
               static_cast<unsigned long long>(b.c.gate_stall_cycles),
               static_cast<unsigned long long>(b.sw_pulses), static_cast<long long>(b.cycle));
}

// SYNC_SW: the same traffic; the node program clears the bits 0..10 cycles
// after it sees nim == 11111; the bits stay set until then. Then premature
// clears (every 7 cycles, whatever nim is): "clear wins" over a TAIL in the
// same cycle (Section 15, item 2) must agree on both sides.
void case_sync_sw(Bench &b, std::string &info)
{
    const int phases = 5;
    b.reset(0, 7, SYNC_SW, 15);
    b.sw_lo = 0;
    b.sw_hi = 10;
    queue_phases(b, phases);
    b.add_msg(LOC, VC_MP_LO, -3, 1, 9);
    b.drain(3000, b.sw_hi + 3);   // and the node program's last clear
    CHECK(b.c.phase == static_cast<uint32_t>(phases) && b.c.nim == 0, "ended in phase %u nim %02x", b.c.phase, b.c.nim);
    for (int k = 0; k + 1 < phases; k++) {
        size_t i = static_cast<size_t>(k);
        CHECK(b.clear_at[i] > b.last_tail[i], "phase %d: cleared before its last TAIL", k);
        CHECK(b.first_head[i + 1] == b.clear_at[i] + 1,
              "phase %d: first HEAD %lld cycles after the clear (spec: 1)", k + 1,
              static_cast<long long>(b.first_head[i + 1] - b.clear_at[i]));
    }
    // part 2: premature clears, AAPC and MP traffic
    b.reset(0, 7, SYNC_SW, 16);
    b.sw_auto = false;
    b.sw_period = 7;
    b.phase_check = false;
    b.delay_hi = 3;
    for (int p = 0; p < static_cast<int>(NP); p++) b.src_rate[p] = 0.7;
    queue_phases(b, 8);
    for (int i = 0; i < 6; i++) b.add_msg(XP, VC_MP_HI, 1, 0, 2);
    b.drain(3000);
    CHECK(b.c.phase == b.sw_pulses, "phase %u after %llu clears", b.c.phase, static_cast<unsigned long long>(b.sw_pulses));
    info = fmt("part 1: %d phases; part 2: %llu premature clears, %llu of them in a cycle with an AAPC TAIL grant",
               phases, static_cast<unsigned long long>(b.sw_pulses),
               static_cast<unsigned long long>(b.sw_tail_collisions));
}

// SYNC_OFF: no gating (X+ passes three AAPC messages back to back, each
// HEAD as soon as the link and its arrival allow, while the other inputs
// are idle), but the bits are still set and the AND gate still
// fires and counts the phase.
void case_sync_off(Bench &b, std::string &info)
{
    b.reset(0, 7, SYNC_OFF, 17);
    b.sw_noise = 0.05;
    for (int i = 0; i < 3; i++) b.add_msg(XP, VC_AAPC, 1, 0, 2);
    b.add_msg(XP, VC_MP_LO, 0, 2, 4);
    b.drain(300);
    CHECK(b.c.nim == 0x01 && b.c.phase == 0, "after X+ alone: nim %02x phase %u (want 01, 0)", b.c.nim, b.c.phase);
    CHECK(b.c.gate_stall_cycles == 0, "a HEAD was gated in SYNC_OFF");
    for (size_t i = 1; i < 3; i++) {
        const Msg *prev = nullptr, *cur = nullptr;
        int seen = 0;
        for (auto &m : b.done)
            if (m.pool == POOL_AAPC) {
                if (seen == static_cast<int>(i) - 1) prev = &m;
                if (seen == static_cast<int>(i)) cur = &m;
                seen++;
            }
        // no gating: the HEAD leaves as soon as the link allows (the
        // stream's period after the TAIL) and it has arrived (1 cycle
        // through the router); the source may have sent it late, sharing
        // its link with the MP message
        CHECK(prev && cur, "AAPC message %zu from X+ not delivered", i);
        int64_t due = std::max(prev->tail_out + stream_period(TT), cur->head_in + 1);
        CHECK(cur->head_out == due,
              "AAPC message %zu from X+ left %lld cycles after the previous TAIL (spec: %lld, no gating)", i,
              static_cast<long long>(cur->head_out - prev->tail_out), static_cast<long long>(due - prev->tail_out));
    }
    b.add_msg(XM, VC_AAPC, -1, 0, 1);
    b.add_msg(YP, VC_AAPC, 0, 1, 1);
    b.add_msg(YM, VC_AAPC, 0, -1, 0);
    b.add_msg(LOC, VC_AAPC, 0, 0, 2);
    b.add_msg(LOC, VC_MP_LO, 2, 2, 4);
    b.drain(300);
    CHECK(b.c.nim == 0 && b.c.phase == 1, "after all five: nim %02x phase %u (want 00, 1)", b.c.nim, b.c.phase);
    info = fmt("%zu messages, %lld cycles", b.done.size(), static_cast<long long>(b.cycle));
}

// A flit, then a credit, on a VC the router does not have (1 + 2K or
// above: a neighbour built with another K): both sides call it a protocol
// error, the C router at once (router_step returns -1), the RTL by its
// sticky error_o the cycle after, instead of dropping the flit silently.
void case_bad_vc(Bench &b, std::string &info)
{
    for (int what = 0; what < 2; what++) {
        b.reset(2, 3, SYNC_HW, 19);
        router_in_t in{};
        if (what == 0) in.link[XM] = flit_make(FLIT_HEAD, NV, head_make(-1, 0, POOL_MP, 5));
        else in.credit[YP] = static_cast<credit_t>(CREDIT_VALID | NV);
        router_out_t out;
        const char *err = nullptr;
        CHECK(router_step(&b.c, &in, &out, &err) < 0, "C: a %s on vc %d was taken",
              what ? "credit" : "flit", NV);
        put_bits(b.top->in_flit_i, XM * FW, FW, flit_valid(in.link[XM]) ? in.link[XM] : 0);
        put_bits(b.top->out_credit_i, YP * CRW, CRW, credit_to_rtl(in.credit[YP]));
        b.clock();
        put_bits(b.top->in_flit_i, XM * FW, FW, 0);
        put_bits(b.top->out_credit_i, YP * CRW, CRW, 0);
        b.clock();
        CHECK(b.top->error_o, "RTL: a %s on vc %d did not raise error_o", what ? "credit" : "flit", NV);
        info += fmt("%s on vc %d: C \"%s\", RTL error_o; ", what ? "credit" : "flit", NV, err);
    }
    b.reset(2, 3, SYNC_HW, 19);   // leave the bench clean for the next case
}

}  // namespace router_tb
