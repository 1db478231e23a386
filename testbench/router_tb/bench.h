// The single-router testbench (docs/router_tb.md): the Verilated
// rtl/ss_router.v (Vss_router, N = 8, DEPTH and TT from `make router-tb
// RTB_DEPTH=D RTB_TT=T`, 2 and 2 by default) against the C reference
// router_step() (model/router.c), in lockstep. This header is the bench: the DUT wrapper (Bench), how it
// drives both sides, compares them and scores the traffic against the
// spec. directed.cpp and random.cpp hold the cases, main.cpp runs them.
//
// Every cycle the same inputs (a flit per input port, a credit per output
// port, sw_clear) go to both, the RTL is clocked once, and every output is
// compared: out_flit per port, in_credit per port, nim, phase (and error_o
// must stay 0). The first mismatch prints cycle, port, signal, C value and
// RTL value and exits 1.
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
#ifndef SYNCSWITCH_ROUTER_TB_BENCH_H
#define SYNCSWITCH_ROUTER_TB_BENCH_H
#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <string>
#include <vector>
#include "Vss_router.h"
#include "verilated.h"
#include "router.h"
#include "vl_bits.h"

namespace router_tb {

// the Verilated parameters (-GN -GDEPTH -GTT), given by the Makefile
#if !defined(TB_N) || !defined(TB_DEPTH) || !defined(TB_TT)
#error "TB_N, TB_DEPTH, TB_TT must match the Verilated -GN -GDEPTH -GTT"
#endif
constexpr int N = TB_N, DEPTH = TB_DEPTH, TT = TB_TT;
// Cycles between the flits of a message streaming through an idle router,
// on an output with throttle t (T_t, or 1 for the eject): a credit comes
// back 2 cycles after its flit left (the neighbour returns it the next
// cycle, the counter loads it at that edge), on the input side as on the
// output side, so DEPTH credits sustain one flit every t cycles only when
// DEPTH * t >= 2; otherwise (DEPTH = 1, t = 1) the credit loop paces it.
constexpr int stream_period(int t) { return DEPTH * t >= 2 ? t : 2; }
constexpr unsigned FW = FLIT_BITS, CRW = CREDIT_BUS_BITS, NP = NUM_PORTS, PHW = ROUTER_PHASE_BITS;
constexpr int ALL = (1 << NUM_PORTS) - 1;
// K, the message-passing VCs per dateline class of the router under test
// (-GMP_VCS, make router-tb RTB_VCS=K; 1 when not given), and its VCs per port
#ifndef TB_VCS
#define TB_VCS 1
#endif
constexpr int K = TB_VCS;
// the routing function of the router under test (-GROUTING, make router-tb
// RTB_ROUTING=0|1|2: dim_order, min_adapt, valiant; valiant's seed is each
// case's)
#ifndef TB_ROUTING
#define TB_ROUTING 0
#endif
constexpr int ROUTING = TB_ROUTING;
constexpr int NV = VCS_IN_USE(K);
enum { XP = PORT_XP, XM = PORT_XM, YP = PORT_YP, YM = PORT_YM, LOC = PORT_LOCAL };
extern const char *const sync_name[3];

using vlbits::credit_to_rtl;
using vlbits::flit_diff;
using vlbits::get_bits;
using vlbits::kind_name;
using vlbits::flit_name;
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
extern bool g_perturb, g_perturb_done, g_verbose;
extern uint64_t g_cycles;       // cycles compared, all cases
extern int g_pass, g_fail;

// ---- one message of the scoreboard ----------------------------------------
struct Msg {
    bool live = false;
    unsigned id = 0;            // = the HEAD's src field
    int in_port = 0, in_vc = 0, pool = 0, dx = 0, dy = 0;
    unsigned cls = 0;           // the HEAD's class bit (kept on the way)
    uint32_t head = 0;          // the HEAD word as sent
    int phase = -1;             // AAPC: k-th AAPC message on its input
    std::vector<uint32_t> body;
    int exp_port = 0, exp_vc = 0, exp_dx = 0, exp_dy = 0;  // from the spec
    bool exp_any_of_class = false;  // exp_vc is the class's first VC, and
                                    // any of the class's K VCs may be taken
    int out_vc = -1;                // the VC its HEAD left on
    int64_t head_in = -1, head_out = -1, tail_out = -1;
    size_t got = 0;
    bool started = false;
};

struct Pend { int64_t at; int vc; };

// The spec's route (docs/microarchitecture.md, Sections 3 and 5), written
// independently of router_route() so the scoreboard checks both sides.
void spec_route(Msg &m, int x, int y);

struct Fail {};   // thrown to end a case (the message is in Bench::why)

// The DUT wrapper: the Verilated router, the C router, and the harness
// that plays their neighbours.
struct Bench {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vss_router> top;
    router_t c{};
    std::string name, why;
    int x = 7, y = 0, sync = SYNC_OFF;
    int64_t cycle = 0;
    Rng rng;

    // upstream sources, per input port
    std::deque<flit_t> srcq[NP][NV];
    int src_cred[NP][NV];
    double src_rate[NP];
    int64_t src_hold_until[NP];
    uint64_t src_sent[NP][NV];
    int aapc_count[NP];         // AAPC messages generated per input (= next phase)

    // downstream sinks, per output port
    std::vector<Pend> pend[NP];
    int outstanding[NP][NV];
    int delay_lo = 0, delay_hi = 0;   // extra credit delay (beyond 1 cycle)
    int64_t withhold_until[NP];
    int sink_cur[NP][NV];   // message id being received, or -1
    uint64_t sent_out[NP][NV];
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

    Bench();

    // End the case with a message (throws Fail).
    [[noreturn]] void failf(const char *fmt, ...);

    // One rising edge of the RTL.
    void clock()
    {
        top->clk_i = 0;
        top->eval();
        top->clk_i = 1;
        top->eval();
    }

    // Reset both sides and the harness; the router sits at (x, y).
    void reset(int x_, int y_, int sync_, uint64_t seed);

    // Queue a message at input p, VC v (AAPC pool on VC 0, MP on VC 1/2).
    // Returns its id.
    // bits: bit 0 the HEAD's class bit, the rest its reserved bits (the
    // router must keep the class and clear the reserved ones)
    unsigned add_msg(int p, int v, int dx, int dy, int nbody, unsigned bits = 0);

    bool sources_empty() const
    {
        for (unsigned p = 0; p < NP; p++)
            for (int v = 0; v < NV; v++)
                if (!srcq[p][v].empty()) return false;
        return true;
    }
    bool drained() const { return live == 0 && sources_empty(); }

    // Describe what the C router holds (for "not drained" failures).
    std::string describe();

    // ---- one cycle ------------------------------------------------------
    void tick();

    // Report a C/RTL difference and exit 1.
    [[noreturn]] void mismatch(unsigned port, const char *sig, uint64_t cv, uint64_t rv, const char *extra = "");

    // Every output of the RTL against the C router's (mismatch: exit 1).
    void compare(const router_out_t &out);

    // The neighbours take the (agreed) outputs; scoreboard and spec checks.
    void consume(const router_in_t &in, const router_out_t &out, uint32_t phase_q);

    // Run until every message is delivered (then `extra` idle cycles).
    void drain(int64_t limit, int extra = 4);

    // Run n cycles.
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

// printf into a std::string
std::string fmt(const char *f, ...);

// A failed check ends the case (Bench b in scope).
#define CHECK(cond, ...) do { if (!(cond)) b.failf(__VA_ARGS__); } while (0)

// The cases: directed.cpp
void case_single(Bench &b, std::string &info);
void case_contention(Bench &b, std::string &info);
void case_backpressure(Bench &b, std::string &info);
void case_sync_hw(Bench &b, std::string &info);
void case_sync_sw(Bench &b, std::string &info);
void case_sync_off(Bench &b, std::string &info);
void case_bad_vc(Bench &b, std::string &info);
// random.cpp
void case_random(Bench &b, std::string &info, uint64_t seed, int sync, int64_t cycles);

}  // namespace router_tb
#endif
