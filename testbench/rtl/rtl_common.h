// What both Verilated tops share: the per-cycle protocol of a router
// backend (drive, clock, compare or publish) and the lockstep comparator.
// A top (rtl_routers.cpp: one Verilated router per node, wired here as
// ss_torus.v wires them; rtl_torus.cpp: the ss_torus.v top, traceable) only moves
// bits between the C wires and its ports.
#ifndef SYNCSWITCH_RTL_COMMON_H
#define SYNCSWITCH_RTL_COMMON_H
#include <cstdint>
#include <vector>
#include "backend.h"

class VerilatedContext;

namespace rtl {

// One router's registered outputs as the RTL computed them for next cycle.
struct RouterOut {
    router_out_t out;
    uint8_t nim;
    uint32_t phase;
    bool error;
};

class Top {
public:
    Top(machine_t *m, const backend_opts &o);
    virtual ~Top() = default;
    // One machine cycle; the routers_step hook of the machine.
    int step();
    // Flush and close what the top opened (trace files): false when one
    // could not be written whole (said on the machine's diag).
    virtual bool finish() { return true; }
    // The coverage build: write c's counts to $SYNCSWITCH_COV_DIR/cov_PID.dat
    // (else coverage.dat); nothing otherwise.
    static void write_coverage(VerilatedContext *c);
    machine_t *machine() const { return m_; }
    // --cosim-perturb named a cycle and no signal has been corrupted yet
    bool perturb_pending() const { return opts_.perturb_cycle >= 0; }

protected:
    // Drive this cycle's inputs (the C wires m->out_q, inj_q, ejc_q and the
    // nodes' sw_clear), one rising edge, and fill out_[i] for every router.
    virtual void clock() = 0;

    // With --rtl-x-seed (the X-randomised build): every register's initial
    // value and every X the RTL assigns random from that seed. Call before
    // constructing the models in c.
    void x_random(VerilatedContext *c) const;
    // An RTL assertion fired in router (x, y) (x < 0: its instance path
    // says which): step() ends the run with that line.
    void fail_assert(int x, int y);

    machine_t *m_;
    backend_opts opts_;
    std::vector<RouterOut> out_;

private:
    bool compare();
    void perturb();
    char msg_[512] = "";
    bool asserted_ = false;
};

// Defined by the top linked in: its enum rtl_top_kind, and a constructor
// for m (already checked against RTL_N, RTL_DEPTH, RTL_TT), or nullptr and
// *why.
extern const int kTopKind;
Top *make_top(machine_t *m, const backend_opts &o, const char **why);

}  // namespace rtl
#endif
