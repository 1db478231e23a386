// syncswitch/systemc.h: the n x n torus of the synchronizing switch as
// SystemC/TLM-2.0 components (libsyncswitch_systemc; docs/systemc.md).
//
//   syncswitch::config cfg;             // the default preset; change fields
//   cfg.n = 4;
//   syncswitch::network net("net", cfg);
//   net.clk_i(clk); net.rst_ni(rst_n);
//   cpu.socket.bind(net.ni(5).socket);  // TLM-2.0, registers in ni_regs.h
//
// Everything here is in namespace syncswitch; the model itself is behind a
// private implementation, so this header brings in no model name.
#ifndef SYNCSWITCH_SYSTEMC_H
#define SYNCSWITCH_SYSTEMC_H
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include "syncswitch.h"
#include "syncswitch/ni_regs.h"

// the library is built with hidden symbols; these are its interface
#pragma GCC visibility push(default)
namespace syncswitch {

// The router's synchronizing switch: off (a plain wormhole router), the
// hardware AND gate, or cleared by software (SS_NI_SW_FORWARD).
enum class sync_mode { off = 0, hw = 1, sw = 2 };

// What the network does when its watchdog fires or a router sees a
// protocol violation. Each reports once, naming the node, the cycle and
// the reason:
//   report_and_continue  SC_REPORT_WARNING. Watchdog: the network goes on
//                        (and reports again after another quiet period).
//                        Protocol error: the broken message cannot go on,
//                        so the network stops clocking; the rest of your
//                        platform runs.
//   stop_network         SC_REPORT_WARNING; the network stops clocking its
//                        state (status() says why), processors blocked in
//                        WAIT get TLM_GENERIC_ERROR_RESPONSE; the rest of
//                        your platform runs. The default.
//   stop_simulation      sc_stop(), then SC_REPORT_ERROR (which SystemC's
//                        default actions throw out of sc_start).
enum class policy { report_and_continue, stop_network, stop_simulation };

enum class status {
    ok,         // running (or not yet out of reset)
    stuck,      // the watchdog fired under stop_network / stop_simulation
    protocol    // a router saw a protocol violation (or an RTL assertion failed)
};

namespace detail {
class fabric;
struct fabric_request;
struct attach;
}  // namespace detail

// The Verilated routers of one (n, depth, T_t): defined by the archive
// libsyncswitch_fabric_n<N>_d<D>_t<T>.a (`make sc-fabric`), which provides
// syncswitch::verilated_fabric(). A network of other values refuses it
// with an error naming both sets.
class fabric_builder {
public:
    virtual ~fabric_builder() = default;
    virtual int n() const = 0;
    virtual int depth() const = 0;
    virtual int tt() const = 0;
    virtual detail::fabric *build(detail::fabric_request &req) const = 0;
};
const fabric_builder &verilated_fabric();   // in the fabric archive only

// The network's parameters. The constructor fills every machine field from
// the default preset (ss_params_new()); the network checks them all with
// the library's one check (ss_params_check) and refuses a bad value with
// SC_REPORT_ERROR quoting its line ("depth = 32 is out of range (allowed
// 1..16)").
struct config {
    config();
    int n;                   // torus side: n x n nodes
    int depth;               // flits per router input VC buffer
    int tt;                  // T_t: cycles per flit on a link
    double mhz;              // S, for the NI's registers only
    int call_cycles;         // software costs the NIs report
    int msg_cycles;
    int64_t watchdog;        // cycles without progress before policy on_watchdog
    uint32_t seed;
    double jitter;
    double mem_words_per_cycle;   // memory port limit (0: none)
    sync_mode sync = sync_mode::off;
    std::size_t mem_words = 65536;          // local memory per node, words
    policy on_error = policy::stop_network;
    policy on_watchdog = policy::stop_network;
    // A HEAD's source field must be the posting node's id (else refused
    // with a TLM error); false lets a processor use it as a tag.
    bool check_source = true;
    // nullptr: the C reference routers; &verilated_fabric(): the RTL.
    const fabric_builder *fabric = nullptr;
};

class network;

// One node's network interface: a TLM-2.0 target (registers and local
// memory, syncswitch/ni_regs.h). b_transport, DMI on the memory window,
// and transport_dbg on both registers and memory (no side effects).
class ni : public sc_core::sc_module {
public:
    // optional: a node without a processor of its own needs no binding
    tlm_utils::simple_target_socket_optional<ni> socket;

    ni(sc_core::sc_module_name name, network &net, int id);
    ~ni() override;
    // Added to each transaction's annotated delay (default zero: the
    // cycle counts equal the C model's).
    void set_access_delay(const sc_core::sc_time &t);
    int id() const;
    // This NI's registers into tf, named <this module's name>.<register>.
    void trace(sc_core::sc_trace_file *tf) const override;

    struct impl;
    impl &state() { return *impl_; }

private:
    void b_transport(tlm::tlm_generic_payload &tx, sc_core::sc_time &delay);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload &tx, tlm::tlm_dmi &dmi);
    unsigned int transport_dbg(tlm::tlm_generic_payload &tx);
    std::unique_ptr<impl> impl_;
};

// The torus. One rising edge of clk_i is one cycle of every router and
// every node's DMA engines.
//
// rst_ni is a synchronous reset, active low: at every rising edge where it
// is low, all state is cleared: routers, links, command queues and DMA
// engines, deposit registers, every counter (RX_MSGS, RX_DROPPED, tables)
// and the cycle counter; a processor blocked in WAIT is released with
// TLM_GENERIC_ERROR_RESPONSE; status() returns to ok. Local memory keeps
// its contents, as RAM does. Processors waiting for SS_NI_WAIT_START run
// when rst_ni rises; the first edge after that is cycle 1. Hold it low for
// at least two edges at power-up.
class network : public sc_core::sc_module {
public:
    sc_core::sc_in<bool> clk_i;
    sc_core::sc_in<bool> rst_ni;

    network(sc_core::sc_module_name name, const config &cfg);
    // the project's own run driver (a machine it keeps); not for users
    network(sc_core::sc_module_name name, const detail::attach &a);
    ~network() override;

    int num_nodes() const;
    // Node i's interface, 0 <= i < num_nodes(); otherwise SC_REPORT_ERROR
    // naming i and the range (and std::out_of_range if that returns).
    syncswitch::ni &ni(int i);
    uint64_t cycle() const;
    bool out_of_reset() const;
    status get_status() const;
    // The last report's text (watchdog or protocol error), "" if none.
    std::string reason() const;
    // Flits moved at the last rising edge.
    int moved() const;
    // Notified when the network stops clocking itself (policy stop_*).
    const sc_core::sc_event &stopped_event() const;

    // Every router's phase and NotInMessage bits, every NI's registers and
    // the cycle counter into tf, under this module's hierarchical name
    // (<name>.router_3.phase, <name>.ni_3.rx_msgs, <name>.cycle), so two
    // networks in one file do not collide. Call before sc_start.
    void trace(sc_core::sc_trace_file *tf) const override;

    struct impl;
    impl &state() { return *impl_; }

private:
    void on_rising_edge();
    void after_edge();
    void on_reset_release();
    void build();
    std::unique_ptr<impl> impl_;
};

}  // namespace syncswitch
#pragma GCC visibility pop

#endif
