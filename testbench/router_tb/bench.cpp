// The bench (bench.h): driving the Verilated router and the C router in
// lockstep, the comparator, and the scoreboard and spec checks.
#include "bench.h"
#include "route.h"
#include "vl_assert.h"
#include <cstdarg>
#include <cstdlib>
#include <cstring>

namespace router_tb {

const char *const sync_name[3] = {"off", "hw", "sw"};

bool g_perturb = false, g_perturb_done = false, g_verbose = false;
uint64_t g_cycles = 0;
int g_pass = 0, g_fail = 0;

void spec_route(Msg &m, int x, int y)
{
    int dx = m.dx, dy = m.dy, o;
    if (dx > 0)      { o = XP; dx--; }
    else if (dx < 0) { o = XM; dx++; }
    else if (dy > 0) { o = YP; dy--; }
    else if (dy < 0) { o = YM; dy++; }
    else             o = LOC;
    bool cross = (o == XP && x == N - 1) || (o == XM && x == 0) ||
                 (o == YP && y == N - 1) || (o == YM && y == 0);
    int ov;
    if (m.pool == POOL_AAPC) ov = VC_AAPC;
    else if (o == LOC)       ov = m.in_vc;
    else if (cross)          ov = VC_MP_HI;
    else if (m.in_port == o && m.in_vc != VC_AAPC)
        ov = static_cast<int>(vc_mp(vc_class(static_cast<unsigned>(m.in_vc)), 0));  // keep the class
    else if (m.in_port == o) ov = m.in_vc;
    else                     ov = VC_MP_LO;
    m.exp_port = o; m.exp_vc = ov; m.exp_dx = dx; m.exp_dy = dy;
    // VC allocation (Section 6): a message-passing HEAD to a link takes any
    // free VC of the class (the lowest; the lockstep comparison checks which)
    m.exp_any_of_class = m.pool != POOL_AAPC && o != LOC && ov != VC_AAPC;
}

Bench::Bench() : ctx(new VerilatedContext), top(new Vss_router(ctx.get(), "router")), msgs(4096) {}

void Bench::failf(const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    char pre[64];
    snprintf(pre, sizeof pre, "cycle %lld: ", static_cast<long long>(cycle));
    why = std::string(pre) + buf;
    throw Fail();
}

// Reset both sides and the harness; the router sits at (x, y).
void Bench::reset(int x_, int y_, int sync_, uint64_t seed)
{
    x = x_; y = y_; sync = sync_;
    rng.reseed(seed);
    params_t p;             // model/params.c is not linked: set what router_init reads
    memset(&p, 0, sizeof p);
    p.n = N; p.depth = DEPTH; p.tt = TT; p.sync = sync; p.vcs = K;
    p.routing = ROUTING; p.seed = static_cast<uint32_t>(seed);   // (valiant's hash seed)
    router_init(&c, &p, x, y);
    top->seed_i = p.seed;
    top->x_i = static_cast<CData>(x);
    top->y_i = static_cast<CData>(y);
    top->sync_mode_i = static_cast<CData>(sync);
    top->sw_clear_i = 0;
    top->out_credit_i = 0;
    for (unsigned p2 = 0; p2 < NP; p2++) put_bits(top->in_flit_i, p2 * FW, FW, 0);
    top->rst_ni = 0;
    clock();
    clock();
    top->rst_ni = 1;
    cycle = 0;
    for (unsigned p2 = 0; p2 < NP; p2++) {
        for (int v = 0; v < NV; v++) {
            srcq[p2][v].clear();
            src_cred[p2][v] = DEPTH;
            src_sent[p2][v] = 0;
            outstanding[p2][v] = 0;
            sink_cur[p2][v] = -1;
            sent_out[p2][v] = 0;
        }
        src_rate[p2] = 1.0;
        src_hold_until[p2] = 0;
        aapc_count[p2] = 0;
        pend[p2].clear();
        withhold_until[p2] = 0;
        last_link[p2] = -1000;
    }
    delay_lo = delay_hi = 0;
    for (auto &m : msgs) m.live = false;
    next_id = 0;
    live = 0;
    done.clear();
    phase_check = (sync != SYNC_OFF);
    exp_nim = 0;
    exp_phase = 0;
    tails_in_phase.clear();
    last_tail.clear();
    first_head.clear();
    clear_at.clear();
    sw_auto = (sync == SYNC_SW);
    sw_lo = sw_hi = 0;
    sw_pending = -1;
    sw_period = 0;
    sw_noise = 0;
    sw_pulses = sw_tail_collisions = 0;
    delivered = flits_in = flits_out = 0;
}

// Queue a message at input p, VC v (AAPC pool on VC 0, MP on VC 1/2).
// Returns its id.
unsigned Bench::add_msg(int p, int v, int dx, int dy, int nbody, unsigned bits)
{
    for (int tries = 0;; tries++) {
        next_id = (next_id + 1) & 0xfffu;
        if (!msgs[next_id].live) break;
        if (tries > 4096) failf("harness: more than 4096 messages in flight");
    }
    Msg &m = msgs[next_id];
    m = Msg();
    m.live = true;
    m.id = next_id;
    m.in_port = p;
    m.in_vc = v;
    m.pool = (v == VC_AAPC) ? POOL_AAPC : POOL_MP;
    m.dx = dx;
    m.dy = dy;
    if (m.pool == POOL_AAPC) m.phase = aapc_count[p]++;
    spec_route(m, x, y);
    m.cls = bits & 1u;
    uint32_t head = head_with_class(head_make(dx, dy, static_cast<unsigned>(m.pool), m.id), m.cls) |
                    ((bits >> 1) << HEAD_USED_BITS);
    m.head = head;
    srcq[p][v].push_back(flit_make(FLIT_HEAD, static_cast<unsigned>(v), head));
    for (int i = 0; i < nbody; i++) {
        uint32_t w = static_cast<uint32_t>(rng.next());
        m.body.push_back(w);
        srcq[p][v].push_back(flit_make(FLIT_BODY, static_cast<unsigned>(v), w));
    }
    srcq[p][v].push_back(flit_make(FLIT_TAIL, static_cast<unsigned>(v), static_cast<uint32_t>(nbody)));
    live++;
    return m.id;
}

// Describe what the C router holds (for "not drained" failures).
std::string Bench::describe()
{
    std::string s;
    char buf[400];
    for (unsigned p = 0; p < NP; p++)
        for (int v = 0; v < NV; v++)
            if (router_describe(&c, static_cast<int>(p), v, buf, sizeof buf)) {
                s += "; ";
                s += buf;
            }
    snprintf(buf, sizeof buf, "; nim %02x phase %u", c.nim, c.phase);
    return s + buf;
}

// ---- one cycle ------------------------------------------------------
void Bench::tick()
{
    router_in_t in;
    memset(&in, 0, sizeof in);

    // upstream neighbours: at most one flit per input link, credit permitting
    for (unsigned p = 0; p < NP; p++) {
        if (cycle < src_hold_until[p]) continue;
        if (src_rate[p] < 1.0 && !rng.chance(src_rate[p])) continue;
        int cand[NV], nc = 0;
        for (int v = 0; v < NV; v++)
            if (!srcq[p][v].empty() && src_cred[p][v] > 0) cand[nc++] = v;
        if (!nc) continue;
        int v = cand[nc == 1 ? 0 : rng.range(0, nc - 1)];
        flit_t f = srcq[p][v].front();
        srcq[p][v].pop_front();
        src_cred[p][v]--;
        src_sent[p][v]++;
        in.link[p] = f;
        flits_in++;
        if (flit_kind(f) == FLIT_HEAD) msgs[head_src(flit_word(f))].head_in = cycle;
    }
    // downstream neighbours: one credit per output link, when due
    for (unsigned o = 0; o < NP; o++) {
        if (cycle < withhold_until[o] || pend[o].empty()) continue;
        size_t best = 0;
        for (size_t i = 1; i < pend[o].size(); i++)
            if (pend[o][i].at < pend[o][best].at) best = i;
        if (pend[o][best].at > cycle) continue;
        int v = pend[o][best].vc;
        pend[o].erase(pend[o].begin() + static_cast<long>(best));
        in.credit[o] = static_cast<credit_t>(CREDIT_VALID | static_cast<unsigned>(v));
        outstanding[o][v]--;
    }
    // the node program's sw_clear (it sees the registered nim)
    pulse_now = false;
    if (sw_auto && c.nim == ALL && sw_pending < 0) sw_pending = cycle + rng.range(sw_lo, sw_hi);
    if (sw_pending >= 0 && cycle >= sw_pending) { pulse_now = true; sw_pending = -1; }
    if (sw_period > 0 && cycle % sw_period == sw_period - 1) pulse_now = true;
    if (sw_noise > 0 && rng.chance(sw_noise)) pulse_now = true;
    in.sw_clear = pulse_now ? 1 : 0;

    // both sides: one clock edge
    uint32_t phase_q = c.phase;
    router_out_t out;
    const char *err = nullptr;
    int moved = router_step(&c, &in, &out, &err);
    if (moved < 0) failf("C model protocol error: %s", err ? err : "?");
    for (unsigned p = 0; p < NP; p++) {
        put_bits(top->in_flit_i, p * FW, FW, flit_valid(in.link[p]) ? in.link[p] : 0);
        put_bits(top->out_credit_i, p * CRW, CRW, credit_to_rtl(in.credit[p]));
    }
    top->sw_clear_i = in.sw_clear;
    clock();
    if (vl_assert_failed()) failf("%s", vl_assert_line(x, y).c_str());

    // comparator self-test: corrupt one C output bit once
    if (g_perturb && !g_perturb_done && cycle >= 20)
        for (unsigned o = 0; o < NP; o++)
            if (flit_valid(out.link[o])) {
                out.link[o] ^= 1u << 3;
                g_perturb_done = true;
                break;
            }
    compare(out);
    g_cycles++;
    consume(in, out, phase_q);
    cycle++;
}

void Bench::mismatch(unsigned port, const char *sig, uint64_t cv, uint64_t rv, const char *extra)
{
    char buf[512];
    snprintf(buf, sizeof buf,
             "FAIL router_tb_%s: mismatch at cycle %lld (router x=%d y=%d, sync %s): port %s "
             "signal %s: C 0x%llx, RTL 0x%llx%s",
             name.c_str(), static_cast<long long>(cycle), x, y, sync_name[sync],
             port < NP ? (std::to_string(port) + " (" + port_name[port] + ")").c_str() : "- (router)", sig, static_cast<unsigned long long>(cv),
             static_cast<unsigned long long>(rv), extra);
    puts(buf);
    fflush(stdout);
    exit(1);
}

void Bench::compare(const router_out_t &out)
{
    for (unsigned p = 0; p < NP; p++) {
        flit_t cf = flit_valid(out.link[p]) ? out.link[p] : 0;
        uint64_t rf = get_bits(top->out_flit_o, p * FW, FW);
        if (cf != rf) {
            char extra[160];
            snprintf(extra, sizeof extra, " (whole flit: C %s 0x%010llx, RTL %s 0x%010llx)",
                     flit_name(cf), static_cast<unsigned long long>(cf),
                     flit_name(rf), static_cast<unsigned long long>(rf));
            uint64_t cv, rv;
            std::string sig = std::string("out_flit.") + flit_diff(cf, rf, &cv, &rv);
            mismatch(p, sig.c_str(), cv, rv, extra);
        }
        uint64_t cc = credit_to_rtl(out.credit[p]);
        uint64_t rc = get_bits(top->in_credit_o, p * CRW, CRW);
        if (cc != rc) mismatch(p, "in_credit {valid,vc}", cc, rc);
    }
    uint64_t nim = get_bits(top->nim_o, 0, NP);
    if (nim != c.nim) mismatch(NP, "nim", c.nim, nim);
    uint64_t ph = get_bits(top->phase_o, 0, PHW);
    if (ph != c.phase) mismatch(NP, "phase", c.phase, ph);
    if (top->error_o) mismatch(NP, "error_o", 0, top->error_o);
}

// The neighbours take the (agreed) outputs; scoreboard and spec checks.
void Bench::consume(const router_in_t &in, const router_out_t &out, uint32_t phase_q)
{
    int tails = 0;
    for (unsigned p = 0; p < NP; p++) {
        credit_t cr = out.credit[p];
        if (!(cr & CREDIT_VALID)) continue;
        int v = cr & FLIT_VC_MASK;
        if (v >= NV || ++src_cred[p][v] > DEPTH)
            failf("input %s returned a credit for vc %d beyond DEPTH", port_name[p], v);
    }
    for (unsigned o = 0; o < NP; o++) {
        flit_t f = out.link[o];
        if (!flit_valid(f)) continue;
        flits_out++;
        int ov = static_cast<int>(flit_vc(f));
        unsigned kind = flit_kind(f);
        uint32_t w = flit_word(f);
        if (ov >= NV) failf("output %s: flit on vc %d", port_name[o], ov);
        if (o != LOC && cycle - last_link[o] < TT)
            failf("output %s: flits %lld cycles apart (T_t = %d)", port_name[o],
                  static_cast<long long>(cycle - last_link[o]), TT);
        last_link[o] = cycle;
        if (++outstanding[o][ov] > DEPTH)
            failf("output %s vc %d: flit sent without a credit", port_name[o], ov);
        sent_out[o][ov]++;
        pend[o].push_back({cycle + 1 + rng.range(delay_lo, delay_hi), ov});

        if (kind == FLIT_HEAD) {
            unsigned id = head_src(w);
            Msg &m = msgs[id];
            if (!m.live || m.started)
                failf("output %s: HEAD 0x%08x of no message waiting to leave", port_name[o], w);
            if (c.routing != ROUTING_DIM_ORDER && m.pool == POOL_MP) {
                // min_adapt, valiant: one of the HEAD's candidates (route.h:
                // its port, one of its VCs, its rewritten word); which one,
                // the lockstep comparison with the C router checks
                route_cand_t cd[3];
                int k = route_candidates(&c, m.in_port, m.in_vc, m.head, cd), i = 0;
                while (i < k && !(cd[i].port == o && ((cd[i].vcs >> VC_BIT(o, ov)) & 1u) &&
                                  cd[i].head == w)) i++;
                if (i == k)
                    failf("message %u (input %s vc %d, dx %d dy %d): left on %s vc %d as 0x%08x, "
                          "none of its %d candidates", id, port_name[m.in_port], m.in_vc, m.dx, m.dy,
                          port_name[o], ov, w, k);
            } else {
                bool vc_ok = m.exp_any_of_class
                                 ? ov != VC_AAPC && vc_class(ov) == vc_class(static_cast<unsigned>(m.exp_vc))
                                 : ov == m.exp_vc;
                if (static_cast<int>(o) != m.exp_port || !vc_ok)
                    failf("message %u (input %s vc %d, dx %d dy %d): left on %s vc %d, spec says %s vc %d",
                          id, port_name[m.in_port], m.in_vc, m.dx, m.dy, port_name[o], ov,
                          port_name[m.exp_port], m.exp_vc);
                if (head_dx(w) != m.exp_dx || head_dy(w) != m.exp_dy ||
                    static_cast<int>(head_pool(w)) != m.pool || head_class(w) != m.cls ||
                    (w >> HEAD_USED_BITS) != 0)
                    failf("message %u: HEAD rewritten to 0x%08x, spec: dx %d dy %d pool %d class %u, "
                          "bits 31:28 zero", id, w, m.exp_dx, m.exp_dy, m.pool, m.cls);
            }
            if (sink_cur[o][ov] >= 0)
                failf("output %s vc %d: HEAD of message %u while message %d is still open",
                      port_name[o], ov, id, sink_cur[o][ov]);
            if (m.head_in < 0 || cycle - m.head_in < 1)
                failf("message %u: HEAD left before it arrived", id);
            if (phase_check && m.pool == POOL_AAPC) {
                if (static_cast<uint32_t>(m.phase) != phase_q)
                    failf("AAPC message %u (phase %d on input %s) granted while the router is in phase %u",
                          id, m.phase, port_name[m.in_port], phase_q);
                if (first_head.size() <= static_cast<size_t>(m.phase))
                    first_head.resize(static_cast<size_t>(m.phase) + 1, -1);
                if (first_head[static_cast<size_t>(m.phase)] < 0)
                    first_head[static_cast<size_t>(m.phase)] = cycle;
            }
            m.started = true;
            m.out_vc = static_cast<int>(ov);
            m.head_out = cycle;
            sink_cur[o][ov] = static_cast<int>(id);
            continue;
        }
        int id = sink_cur[o][ov];
        if (id < 0) failf("output %s vc %d: %s with no open message", port_name[o], ov, kind_name(kind));
        Msg &m = msgs[static_cast<size_t>(id)];
        if (kind == FLIT_BODY) {
            if (m.got >= m.body.size() || m.body[m.got] != w)
                failf("message %d: BODY %zu is 0x%08x, expected 0x%08x", id, m.got, w,
                      m.got < m.body.size() ? m.body[m.got] : 0u);
            m.got++;
        } else if (kind == FLIT_TAIL) {
            if (m.got != m.body.size() || w != m.body.size())
                failf("message %d: TAIL word %u after %zu BODY flits, sent %zu", id, w, m.got, m.body.size());
            m.tail_out = cycle;
            sink_cur[o][ov] = -1;
            if (m.pool == POOL_AAPC) {
                tails |= 1 << m.in_port;
                if (m.phase >= 0) {
                    size_t k = static_cast<size_t>(m.phase);
                    if (tails_in_phase.size() <= k) {
                        tails_in_phase.resize(k + 1, 0);
                        last_tail.resize(k + 1, -1);
                    }
                    if (++tails_in_phase[k] == static_cast<int>(NP)) last_tail[k] = cycle;
                }
                if (pulse_now) sw_tail_collisions++;
            }
            m.live = false;
            live--;
            delivered++;
            done.push_back(m);
        } else {
            failf("output %s: flit of kind 0", port_name[o]);
        }
    }
    // the synchronizing switch per the spec (Section 8)
    bool fire = (sync == SYNC_SW) ? in.sw_clear != 0 : exp_nim == ALL;
    if (in.sw_clear) sw_pulses++;
    exp_nim = fire ? 0 : (exp_nim | tails);
    if (fire) {
        exp_phase++;
        clear_at.push_back(cycle);
    }
    if (exp_nim != c.nim || exp_phase != c.phase)
        failf("sync switch: spec gives nim %02x phase %u, the router has nim %02x phase %u",
              exp_nim, exp_phase, c.nim, c.phase);
}

// Run until every message is delivered (then `extra` idle cycles).
void Bench::drain(int64_t limit, int extra)
{
    int64_t end = cycle + limit;
    while (!drained()) {
        if (cycle >= end) failf("not drained after %lld cycles%s", static_cast<long long>(limit), describe().c_str());
        tick();
    }
    for (int i = 0; i < extra; i++) tick();
}

std::string fmt(const char *f, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, f);
    vsnprintf(buf, sizeof buf, f, ap);
    va_end(ap);
    return buf;
}

}  // namespace router_tb
