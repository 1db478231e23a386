// Unit testbench of ONE router: the Verilated rtl/ss_router.v (Vss_router, built
// with N = 8, DEPTH = 2, TT = 2 by `make router-tb`) against the C reference
// router_step() (model/router.c), in lockstep. Every cycle the same inputs
// (a flit per input port, a credit per output port, sw_clear) go to both,
// the RTL is clocked once, and every output is compared: out_flit per port,
// in_credit per port, nim, phase (and error_o must stay 0). The first
// mismatch prints cycle, port, signal, C value and RTL value and exits 1.
//
// The harness plays the neighbours: upstream of each input it obeys credit
// flow control (DEPTH credits per input VC, returned by in_credit_o), and
// downstream of each output it holds the flits and returns their credits
// after random delays (never more than DEPTH outstanding per VC). On top of
// the C-vs-RTL comparison it checks both against docs/microarchitecture.md:
// a scoreboard (every message leaves on the output and VC the spec's route
// gives, with the rewritten HEAD, its BODY words in order and a TAIL that
// counts them, no interleaving within an output VC), the link throttle, a
// spec model of the synchronizing switch (nim, phase), and in the sync modes
// that a phase-k AAPC HEAD is only granted while the router is in phase k.
//
//   router_tb [--seed S] [--seeds K] [--cycles C] [--perturb] [-v]
//
// Defaults: the directed cases, then random traffic for seeds 1..8, each in
// SYNC_HW, SYNC_SW and SYNC_OFF for 20000 cycles (plus the drain). --seed S
// runs the random cases of seed S only (with the directed ones). --perturb
// flips one bit of the C side's output once: the run must FAIL (exit 1).
// Exit status: 0 all cases passed, 1 a case failed, 2 usage.
#include <algorithm>
#include <chrono>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <vector>
#include "Vss_router.h"
#include "verilated.h"
#include "model/router.h"
#include "testbench/vl_bits.h"

namespace {

constexpr int N = 8, DEPTH = 2, TT = 2;   // must match -GN -GDEPTH -GTT
constexpr unsigned FW = FLIT_BITS, CRW = CREDIT_BUS_BITS, NP = NUM_PORTS, PHW = ROUTER_PHASE_BITS;
constexpr int ALL = (1 << NUM_PORTS) - 1;
enum { XP = PORT_XP, XM = PORT_XM, YP = PORT_YP, YM = PORT_YM, LOC = PORT_LOCAL };
const char *const sync_name[3] = {"off", "hw", "sw"};

using vlbits::credit_to_rtl;
using vlbits::flit_diff;
using vlbits::get_bits;
using vlbits::kind_name;
using vlbits::put_bits;

// ---- deterministic random numbers ----------------------------------------
struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed = 1) { reseed(seed); }
    void reseed(uint64_t seed)
    {
        s = seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
        if (!s) s = 1;
        for (int i = 0; i < 4; i++) next();
    }
    uint64_t next()
    {
        s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
        return s * 0x2545F4914F6CDD1Dull;
    }
    int range(int lo, int hi) { return lo + static_cast<int>(next() % static_cast<uint64_t>(hi - lo + 1)); }
    bool chance(double p) { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0) < p; }
};

// ---- global options and totals --------------------------------------------
bool g_perturb = false, g_perturb_done = false, g_verbose = false;
uint64_t g_cycles = 0;          // cycles compared, all cases
int g_pass = 0, g_fail = 0;

// ---- one message of the scoreboard ----------------------------------------
struct Msg {
    bool live = false;
    unsigned id = 0;            // = the HEAD's src field
    int in_port = 0, in_vc = 0, pool = 0, dx = 0, dy = 0;
    int phase = -1;             // AAPC: k-th AAPC message on its input
    std::vector<uint32_t> body;
    int exp_port = 0, exp_vc = 0, exp_dx = 0, exp_dy = 0;  // from the spec
    int64_t head_in = -1, head_out = -1, tail_out = -1;
    size_t got = 0;
    bool started = false;
};

struct Pend { int64_t at; int vc; };

// The spec's route (docs/microarchitecture.md, Sections 3 and 5), written
// independently of router_route() so the scoreboard checks both sides.
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
    else if (m.in_port == o) ov = m.in_vc;
    else                     ov = VC_MP_LO;
    m.exp_port = o; m.exp_vc = ov; m.exp_dx = dx; m.exp_dy = dy;
}

struct Fail {};   // thrown to end a case (the message is in Bench::why)

struct Bench {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vss_router> top;
    router_t c{};
    std::string name, why;
    int x = 7, y = 0, sync = SYNC_OFF;
    int64_t cycle = 0;
    Rng rng;

    // upstream sources, per input port
    std::deque<flit_t> srcq[NP][NUM_VC];
    int src_cred[NP][NUM_VC];
    double src_rate[NP];
    int64_t src_hold_until[NP];
    uint64_t src_sent[NP][NUM_VC];
    int aapc_count[NP];         // AAPC messages generated per input (= next phase)

    // downstream sinks, per output port
    std::vector<Pend> pend[NP];
    int outstanding[NP][NUM_VC];
    int delay_lo = 0, delay_hi = 0;   // extra credit delay (beyond 1 cycle)
    int64_t withhold_until[NP];
    int sink_cur[NP][NUM_VC];   // message id being received, or -1
    uint64_t sent_out[NP][NUM_VC];
    int64_t last_link[NP];

    // scoreboard
    std::vector<Msg> msgs;      // indexed by id (12-bit src field)
    unsigned next_id = 0;
    int live = 0;
    std::vector<Msg> done;      // delivered messages, in TAIL order
    uint64_t delivered = 0, flits_in = 0, flits_out = 0;

    // synchronizing switch: spec model and checks
    bool phase_check = false;   // a phase-k AAPC HEAD leaves only in router phase k
    int exp_nim = 0;
    uint32_t exp_phase = 0;
    std::vector<int> tails_in_phase;
    std::vector<int64_t> last_tail, first_head, clear_at;
    // node program for SYNC_SW: clear after a delay once nim == 11111
    bool sw_auto = false;
    int sw_lo = 0, sw_hi = 0;
    int64_t sw_pending = -1;
    int sw_period = 0;          // >0: pulse every sw_period cycles regardless
    double sw_noise = 0;        // random pulses (ignored unless SYNC_SW)
    uint64_t sw_pulses = 0, sw_tail_collisions = 0;
    bool pulse_now = false;

    Bench() : ctx(new VerilatedContext), top(new Vss_router(ctx.get(), "router")), msgs(4096) {}

    [[noreturn]] void failf(const char *fmt, ...)
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

    void clock()
    {
        top->clk_i = 0;
        top->eval();
        top->clk_i = 1;
        top->eval();
    }

    // Reset both sides and the harness; the router sits at (x, y).
    void reset(int x_, int y_, int sync_, uint64_t seed)
    {
        x = x_; y = y_; sync = sync_;
        rng.reseed(seed);
        params_t p;             // model/params.c is not linked: set what router_init reads
        memset(&p, 0, sizeof p);
        p.n = N; p.depth = DEPTH; p.tt = TT; p.sync = sync;
        router_init(&c, &p, x, y);
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
            for (int v = 0; v < NUM_VC; v++) {
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
    unsigned add_msg(int p, int v, int dx, int dy, int nbody, unsigned reserved = 0)
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
        uint32_t head = head_make(dx, dy, static_cast<unsigned>(m.pool), m.id) | (reserved << HEAD_USED_BITS);
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

    bool sources_empty() const
    {
        for (unsigned p = 0; p < NP; p++)
            for (int v = 0; v < NUM_VC; v++)
                if (!srcq[p][v].empty()) return false;
        return true;
    }
    bool drained() const { return live == 0 && sources_empty(); }

    // Describe what the C router holds (for "not drained" failures).
    std::string describe()
    {
        std::string s;
        char buf[400];
        for (unsigned p = 0; p < NP; p++)
            for (int v = 0; v < NUM_VC; v++)
                if (router_describe(&c, static_cast<int>(p), v, buf, sizeof buf)) {
                    s += "; ";
                    s += buf;
                }
        snprintf(buf, sizeof buf, "; nim %02x phase %u", c.nim, c.phase);
        return s + buf;
    }

    // ---- one cycle ------------------------------------------------------
    void tick()
    {
        router_in_t in;
        memset(&in, 0, sizeof in);

        // upstream neighbours: at most one flit per input link, credit permitting
        for (unsigned p = 0; p < NP; p++) {
            if (cycle < src_hold_until[p]) continue;
            if (src_rate[p] < 1.0 && !rng.chance(src_rate[p])) continue;
            int cand[NUM_VC], nc = 0;
            for (int v = 0; v < NUM_VC; v++)
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

    [[noreturn]] void mismatch(unsigned port, const char *sig, uint64_t cv, uint64_t rv, const char *extra = "")
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

    void compare(const router_out_t &out)
    {
        for (unsigned p = 0; p < NP; p++) {
            flit_t cf = flit_valid(out.link[p]) ? out.link[p] : 0;
            uint64_t rf = get_bits(top->out_flit_o, p * FW, FW);
            if (cf != rf) {
                char extra[160];
                snprintf(extra, sizeof extra, " (whole flit: C %s 0x%010llx, RTL %s 0x%010llx)",
                         kind_name(flit_kind(cf)), static_cast<unsigned long long>(cf),
                         kind_name(flit_kind(rf)), static_cast<unsigned long long>(rf));
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
    void consume(const router_in_t &in, const router_out_t &out, uint32_t phase_q)
    {
        int tails = 0;
        for (unsigned p = 0; p < NP; p++) {
            credit_t cr = out.credit[p];
            if (!(cr & CREDIT_VALID)) continue;
            int v = cr & 3;
            if (v >= NUM_VC || ++src_cred[p][v] > DEPTH)
                failf("input %s returned a credit for vc %d beyond DEPTH", port_name[p], v);
        }
        for (unsigned o = 0; o < NP; o++) {
            flit_t f = out.link[o];
            if (!flit_valid(f)) continue;
            flits_out++;
            int ov = static_cast<int>(flit_vc(f));
            unsigned kind = flit_kind(f);
            uint32_t w = flit_word(f);
            if (ov >= NUM_VC) failf("output %s: flit on vc 3", port_name[o]);
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
                if (static_cast<int>(o) != m.exp_port || ov != m.exp_vc)
                    failf("message %u (input %s vc %d, dx %d dy %d): left on %s vc %d, spec says %s vc %d",
                          id, port_name[m.in_port], m.in_vc, m.dx, m.dy, port_name[o], ov,
                          port_name[m.exp_port], m.exp_vc);
                if (head_dx(w) != m.exp_dx || head_dy(w) != m.exp_dy ||
                    static_cast<int>(head_pool(w)) != m.pool || (w >> HEAD_USED_BITS) != 0)
                    failf("message %u: HEAD rewritten to 0x%08x, spec: dx %d dy %d pool %d, bits 31:27 zero",
                          id, w, m.exp_dx, m.exp_dy, m.pool);
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
    void drain(int64_t limit, int extra = 4)
    {
        int64_t end = cycle + limit;
        while (!drained()) {
            if (cycle >= end) failf("not drained after %lld cycles%s", static_cast<long long>(limit), describe().c_str());
            tick();
        }
        for (int i = 0; i < extra; i++) tick();
    }
    void run(int64_t n)
    {
        for (int64_t i = 0; i < n; i++) tick();
    }
};

// ---- case bookkeeping -----------------------------------------------------
template <typename F> void run_case(Bench &b, const std::string &name, F body)
{
    b.name = name;
    b.why.clear();
    std::string info;
    try {
        body(b, info);
    } catch (Fail &) {
        printf("FAIL router_tb_%s: %s (router x=%d y=%d, sync %s)\n", name.c_str(), b.why.c_str(), b.x,
               b.y, sync_name[b.sync]);
        g_fail++;
        fflush(stdout);
        return;
    }
    printf("PASS router_tb_%s\n", name.c_str());
    if (g_verbose && !info.empty()) printf("     %s\n", info.c_str());
    g_pass++;
    fflush(stdout);
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

#define CHECK(cond, ...) do { if (!(cond)) b.failf(__VA_ARGS__); } while (0)

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

// ---- directed cases ---------------------------------------------------------

// One message at a time from every input to every output it can reach, on
// every VC, at three positions (all four datelines): route, VC, HEAD rewrite,
// 1-cycle router latency, streaming at T_t (eject: 1 per cycle).
void case_single(Bench &b, std::string &info)
{
    static const int pos[3][2] = {{7, 0}, {0, 7}, {3, 4}};
    int count = 0, hi_by_dateline[NP] = {0};
    for (auto &xy : pos) {
        b.reset(xy[0], xy[1], SYNC_OFF, 11);
        for (int p = 0; p < static_cast<int>(NP); p++)
            for (int o = 0; o < static_cast<int>(NP); o++)
                for (int variant = 0; variant < 2; variant++)
                    for (int v = 0; v < NUM_VC; v++) {
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
                        int t = (o == LOC) ? 1 : TT;
                        CHECK(m.tail_out - m.head_out == (nb + 1) * t,
                              "input %s -> %s vc %d: TAIL %lld cycles after HEAD (spec (B+1)*%d = %d)",
                              port_name[p], port_name[o], v, static_cast<long long>(m.tail_out - m.head_out), t,
                              (nb + 1) * t);
                        if (m.pool == POOL_MP && m.exp_vc == VC_MP_HI && !(m.in_port == o && m.in_vc == VC_MP_HI))
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
    CHECK(first->exp_vc == VC_MP_LO && second->exp_vc == VC_MP_LO, "A: not both on VC_MP_LO");
    CHECK(second->head_out > first->tail_out, "A: second HEAD left at %lld before the first TAIL at %lld",
          static_cast<long long>(second->head_out), static_cast<long long>(first->tail_out));
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
    b.add_msg(LOC, VC_MP_LO, 3, 0, 20);    // X+ dateline at x = 7: VC_MP_HI
    b.add_msg(LOC, VC_AAPC, 1, 2, 8);      // X+ on VC 0
    b.add_msg(XM, VC_MP_LO, 0, 0, 10);     // eject, not affected
    b.run(149);
    CHECK(b.sent_out[XP][VC_MP_HI] == DEPTH && b.sent_out[XP][VC_AAPC] == DEPTH,
          "X+ sent %llu (HI) and %llu (AAPC) flits without credits back (spec: DEPTH = %d)",
          static_cast<unsigned long long>(b.sent_out[XP][VC_MP_HI]),
          static_cast<unsigned long long>(b.sent_out[XP][VC_AAPC]), DEPTH);
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
    b.drain(3000);
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

// SYNC_OFF: no gating (X+ passes three AAPC messages back to back while the
// other inputs are idle), but the bits are still set and the AND gate still
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
        CHECK(prev && cur && cur->head_out - prev->tail_out == TT,
              "AAPC message %zu from X+ left %lld cycles after the previous TAIL (spec: T_t, no gating)", i,
              prev && cur ? static_cast<long long>(cur->head_out - prev->tail_out) : -1ll);
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

// ---- random traffic ---------------------------------------------------------

void rand_hops(Rng &r, int p, int &dx, int &dy)
{
    auto h = [&](int lo, int hi) { return r.chance(0.3) ? 0 : r.range(lo, hi); };
    switch (p) {
    case XP: dx = h(0, 3); dy = h(-4, 4); break;
    case XM: dx = h(-3, 0); dy = h(-4, 4); break;
    case YP: dx = 0; dy = h(0, 3); break;
    case YM: dx = 0; dy = h(-3, 0); break;
    default: dx = h(-4, 4); dy = h(-4, 4); break;
    }
}

int rand_len(Rng &r)
{
    if (r.chance(0.15)) return 0;
    if (r.chance(0.1)) return r.range(6, 24);
    return r.range(1, 5);
}

void case_random(Bench &b, std::string &info, uint64_t seed, int sync, int64_t cycles)
{
    static const int pos[5][2] = {{7, 0}, {0, 7}, {3, 4}, {7, 7}, {0, 0}};
    const int *xy = pos[(seed + static_cast<uint64_t>(sync)) % 5];
    b.reset(xy[0], xy[1], sync, seed * 7919u + static_cast<uint64_t>(sync) * 104729u);
    Rng &r = b.rng;
    double gen_aapc[NP], gen_mp[NP];
    for (unsigned p = 0; p < NP; p++) {
        b.src_rate[p] = r.chance(0.3) ? 1.0 : 0.2 + 0.8 * r.range(0, 100) / 100.0;
        gen_aapc[p] = 0.02 + 0.3 * r.range(0, 100) / 100.0;
        gen_mp[p] = r.chance(0.15) ? 0.0 : 0.01 + 0.2 * r.range(0, 100) / 100.0;
    }
    if (sync == SYNC_OFF && r.chance(0.25))
        for (unsigned p = 0; p < NP; p++) gen_aapc[p] = 0;   // MP only
    static const int delays[4] = {0, 1, 3, 8};
    b.delay_hi = delays[r.range(0, 3)];
    const double withhold = 0.002, reserved = 0.1;
    b.sw_lo = 0;
    b.sw_hi = r.range(0, 8);
    if (sync != SYNC_SW) b.sw_noise = 0.02;
    auto gen = [&](bool more) {
        int target = 0;
        for (unsigned p = 0; p < NP; p++) target = std::max(target, b.aapc_count[p]);
        for (int p = 0; p < static_cast<int>(NP); p++)
            for (int v = 0; v < NUM_VC; v++) {
                if (!b.srcq[p][v].empty()) continue;
                bool go;
                if (v == VC_AAPC)
                    go = more ? r.chance(gen_aapc[p]) : (sync != SYNC_OFF && b.aapc_count[p] < target);
                else
                    go = more && r.chance(gen_mp[p]);
                if (!go) continue;
                int dx, dy;
                rand_hops(r, p, dx, dy);
                unsigned res = r.chance(reserved) ? static_cast<unsigned>(r.range(1, 31)) : 0u;
                b.add_msg(p, v, dx, dy, rand_len(r), res);
            }
    };
    for (int64_t i = 0; i < cycles; i++) {
        gen(true);
        for (unsigned o = 0; o < NP; o++)
            if (b.cycle >= b.withhold_until[o] && r.chance(withhold)) b.withhold_until[o] = b.cycle + r.range(5, 80);
        b.tick();
    }
    // top up the AAPC phases so the gate can fire for every input, and drain
    int64_t end = b.cycle + 50000;
    while (!b.drained()) {
        if (b.cycle >= end) b.failf("not drained after the traffic stopped%s", b.describe().c_str());
        gen(false);
        b.tick();
    }
    // SYNC_SW: the node program's last clear may still be pending
    for (int i = 0; i < 64 && sync == SYNC_SW && (b.c.nim == ALL || b.sw_pending >= 0); i++) b.tick();
    b.run(4);
    if (sync != SYNC_OFF) {
        CHECK(b.c.nim == 0, "drained with nim %02x", b.c.nim);
        CHECK(b.c.phase == static_cast<uint32_t>(b.aapc_count[0]), "phase %u after %d AAPC messages per input",
              b.c.phase, b.aapc_count[0]);
    }
    info = fmt("x=%d y=%d, %lld cycles, %llu messages, %llu flits out, %u phases, %llu gate-stall cycles, "
               "credit delay 1..%d", xy[0], xy[1], static_cast<long long>(b.cycle),
               static_cast<unsigned long long>(b.delivered), static_cast<unsigned long long>(b.flits_out),
               b.c.phase, static_cast<unsigned long long>(b.c.gate_stall_cycles), b.delay_hi + 1);
}

void usage()
{
    fprintf(stderr, "usage: router_tb [--seed S] [--seeds K] [--cycles C] [--perturb] [-v]\n");
    exit(2);
}

}  // namespace

int main(int argc, char **argv)
{
    uint64_t seed_first = 1, seed_count = 8;
    int64_t cycles = 20000;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto num = [&](const char *what) -> long long {
            if (i + 1 >= argc) usage();
            char *end = nullptr;
            long long v = strtoll(argv[++i], &end, 0);
            if (!end || *end || v < 0) { fprintf(stderr, "router_tb: bad %s '%s'\n", what, argv[i]); exit(2); }
            return v;
        };
        if (a == "--seed") { seed_first = static_cast<uint64_t>(num("seed")); seed_count = 1; }
        else if (a == "--seeds") seed_count = static_cast<uint64_t>(num("seed count"));
        else if (a == "--cycles") cycles = num("cycle count");
        else if (a == "--perturb") g_perturb = true;
        else if (a == "-v" || a == "--verbose") g_verbose = true;
        else usage();
    }
    auto t0 = std::chrono::steady_clock::now();
    Bench b;
    run_case(b, "single_route", case_single);
    run_case(b, "contention", case_contention);
    run_case(b, "backpressure", case_backpressure);
    run_case(b, "sync_hw", case_sync_hw);
    run_case(b, "sync_sw", case_sync_sw);
    run_case(b, "sync_off", case_sync_off);
    static const int modes[3] = {SYNC_HW, SYNC_SW, SYNC_OFF};
    for (uint64_t s = seed_first; s < seed_first + seed_count; s++)
        for (int mode : modes)
            run_case(b, fmt("random_%s_s%llu", sync_name[mode], static_cast<unsigned long long>(s)),
                     [&](Bench &bb, std::string &info) { case_random(bb, info, s, mode, cycles); });
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    b.top->final();
    printf("router_tb: %d passed, %d failed, %llu cycles compared, %.2f s\n", g_pass, g_fail,
           static_cast<unsigned long long>(g_cycles), secs);
    if (g_perturb) {
        // reaching here means the corrupted bit was never compared
        printf("router_tb: --perturb: %s\n", g_perturb_done ? "a corrupted output was not caught" : "no flit to corrupt");
        return 1;
    }
    return g_fail ? 1 : 0;
}
