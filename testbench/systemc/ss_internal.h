// The inside of syncswitch::network and syncswitch::ni (never installed):
// the model's machine behind the public classes' pimpl, the fabric
// interface of the Verilated routers, and the run driver's way in
// (detail::attach: a machine it keeps and reads afterwards).
#ifndef SS_INTERNAL_H
#define SS_INTERNAL_H
#include <memory>
#include <string>
#include <vector>
#include "syncswitch/systemc.h"

extern "C" {
#include "machine.h"
}

namespace syncswitch {
namespace detail {

// The Verilated routers (ss_rtl_fabric.cpp); the network drives and reads
// each router's node-side ports through it.
class fabric {
public:
    virtual ~fabric() = default;
    // Router i's registered outputs towards its node: the eject flit and
    // the inject queue's credit (what the node reads at the rising edge).
    virtual flit_t eject(int i) const = 0;
    virtual credit_t inject_credit(int i) const = 0;
    // The node's registered outputs, taken by the router at the next edge.
    virtual void drive(int i, flit_t inject, credit_t eject_credit) = 0;
    virtual void sw_clear(int i, bool on) = 0;
    // After an edge: router i's status, and the flits on every link
    // (and, when links is not NULL, add one to links[i*5 + o] for each).
    virtual void status(int i, uint8_t *nim, uint32_t *phase, bool *error) const = 0;
    virtual int flits_moving(uint64_t *links) const = 0;
    virtual void trace(sc_core::sc_trace_file *tf, const std::string &prefix) const = 0;
    // After an edge: an RTL assertion's line (docs/assertions.md), or empty
    virtual std::string assert_failure() { return std::string(); }
};

// What a fabric_builder gets: the machine it serves and the network's
// clock and reset (its routers are built as children of the network).
struct fabric_request {
    const machine_t *m;
    sc_core::sc_in<bool> &clk;
    sc_core::sc_in<bool> &rst_n;
};

// The run driver's network: on its machine, its policies, no reports of
// its own (the driver prints the watchdog's and the protocol error's).
struct attach {
    machine_t *m;
    bool want_rtl;                  // the Verilated routers, from fabric
    const fabric_builder *fabric;   // nullptr: this binary has none
    policy on_error, on_watchdog;
};

}  // namespace detail

struct network::impl {
    std::unique_ptr<machine_t> own;   // when the network made its machine
    machine_t *m = nullptr;
    std::unique_ptr<detail::fabric> fab;
    std::vector<std::unique_ptr<syncswitch::ni>> nis;
    sc_core::sc_event after_edge_ev, edge_done, stopped;
    policy on_error = policy::stop_network, on_watchdog = policy::stop_network;
    bool reports = true;          // false for the run driver
    bool check_source = true;
    bool want_rtl = false;
    const fabric_builder *fabric = nullptr;
    int moved = 0;
    int progress = 1;             // the processors start at reset's end (cycle 0)
    int waiting = 0;              // processors blocked in an NI's WAIT
    bool running = false;         // out of reset
    bool halted = false;          // stopped clocking (policy or protocol error)
    bool on_halt_wakes = true;    // release blocked WAITs (not under sc_stop)
    status st = status::ok;
    std::string reason;           // the last report's text
    std::string assert_msg;       // an RTL assertion's line (protocol_error)

    void sw_forward(int node);
    void reset_state();           // the synchronous reset: all but memory
    void halt(policy p, status s, const std::string &why);
};

struct ni::impl {
    impl(network &n, int i) : net(n), id(i) {}
    network &net;
    node_t *nd = nullptr;
    machine_t *m = nullptr;
    int id;
    sc_core::sc_time access_delay = sc_core::SC_ZERO_TIME;
    uint32_t cmd_addr = 0;
    uint64_t wait_arg = 0;
    int wait_kind = -1;           // the condition a blocked initiator waits for
    uint64_t acts_at_edge = 0;    // nd->acts at the last edge (the watchdog's poll rule)
    const char *released = nullptr;   // why a blocked WAIT ended early
    sc_core::sc_event wake;

    // After each rising edge (and when reset ends): wake the blocked
    // initiator if its condition now holds. Returns 1 when it woke one or
    // one sleeps through a computation (progress for the watchdog).
    int after_edge();
    void on_reset();              // registers cleared, a blocked WAIT released
    void on_halt();               // the network stopped: release a blocked WAIT
    bool condition() const;
};

}  // namespace syncswitch

#endif
