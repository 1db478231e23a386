// ss_network: the n x n torus as a SystemC module. One rising edge of clk_i
// is one cycle of the machine: the nodes' DMA engines (model/node.c, behind
// each node's ss_ni) and the routers, either the C reference routers
// (model/router.c, stepped once per edge) or the Verilated RTL (verilator
// --sc: one SystemC module per router, wired by sc_signals as ss_torus.v
// wires them; ss_rtl_fabric.cpp), chosen when it is constructed. Each node
// has a network interface, ni(i), a TLM-2.0 target (ss_ni.h).
//
// Reset: hold rst_ni low for at least two rising edges. Processors start
// when it rises (SS_NI_WAIT_START); the first edge after that is cycle 1.
#ifndef SS_NETWORK_H
#define SS_NETWORK_H
#include <systemc>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

extern "C" {
#include "machine.h"
}

class ss_ni;

// Which routers a network is built on.
enum class ss_fabric_kind { c_model, rtl };

// The Verilated routers (ss_rtl_fabric.cpp); the network drives and reads
// each router's node-side ports through it.
class ss_fabric {
public:
    virtual ~ss_fabric() = default;
    // Router i's registered outputs towards its node: the eject flit and
    // the inject queue's credit (what the node reads at the rising edge).
    virtual flit_t eject(int i) const = 0;
    virtual credit_t inject_credit(int i) const = 0;
    // The node's registered outputs, taken by the router at the next edge.
    virtual void drive(int i, flit_t inject, credit_t eject_credit) = 0;
    virtual void sw_clear(int i, bool on) = 0;
    // After an edge: router i's status, and the flits on every link.
    virtual void status(int i, uint8_t *nim, uint32_t *phase, bool *error) const = 0;
    // (and, when links is not NULL, add one to links[i*5 + o] for each)
    virtual int flits_moving(uint64_t *links) const = 0;
    virtual void trace(sc_core::sc_trace_file *tf) const = 0;
    // After an edge: an RTL assertion's line (docs/assertions.md), or empty
    virtual std::string assert_failure() { return std::string(); }
};

// Builds the Verilated fabric for m, or returns nullptr and *why (this
// binary holds no Verilated routers, or routers of another n, depth, T_t).
ss_fabric *ss_make_rtl_fabric(const machine_t *m, sc_core::sc_in<bool> &clk,
                              sc_core::sc_in<bool> &rst_n, const char **why);

class ss_network : public sc_core::sc_module {
public:
    sc_core::sc_in<bool> clk_i;   // every register loads at its rising edge
    sc_core::sc_in<bool> rst_ni;  // synchronous reset, active low

    // A network of its own: p gives n, depth, T_t, the switch mode (p.sync)
    // and the software costs the NIs report; mem_words per node.
    ss_network(sc_core::sc_module_name name, const params_t &p, size_t mem_words,
               ss_fabric_kind fabric);
    // On a machine the caller made and keeps (the run driver reads its
    // counters afterwards).
    ss_network(sc_core::sc_module_name name, machine_t *m, ss_fabric_kind fabric);
    ~ss_network() override;

    int num_nodes() const { return m_->num_nodes; }
    ss_ni &ni(int i) { return *ni_[static_cast<size_t>(i)]; }
    machine_t *machine() { return m_; }
    uint64_t cycle() const { return m_->cycle; }
    bool out_of_reset() const { return running_; }
    // RUN_OK, or RUN_STUCK (watchdog; the simulation was stopped),
    // RUN_PROTOCOL (a router saw a protocol violation).
    int status() const { return status_; }
    // Flits moved at the last rising edge (nodes and routers).
    int moved() const { return moved_; }

    // Every NI's registers and every router's phase and NotInMessage bits.
    void trace(sc_core::sc_trace_file *tf) const;

    // From the NIs.
    void sw_forward(int node);
    void waiting(int delta) { waiting_ += delta; }
    const sc_core::sc_event &edge_done() const { return edge_done_; }

private:
    void build(ss_fabric_kind fabric);
    void on_rising_edge();    // the DMA engines and the routers
    void after_edge();        // status, wake-ups, watchdog
    void on_reset_release();

    std::unique_ptr<machine_t> own_;   // when the network made its machine
    machine_t *m_;
    std::unique_ptr<ss_fabric> fabric_;
    std::vector<std::unique_ptr<ss_ni>> ni_;
    sc_core::sc_event after_edge_ev_, edge_done_;
    int moved_ = 0;
    int progress_ = 1;     // the processors start at reset's end (cycle 0)
    int waiting_ = 0;      // processors blocked in an NI's WAIT
    bool running_ = false;
    int status_ = RUN_OK;
    char assert_msg_[512] = "";   // an RTL assertion's line (protocol_error)
};

#endif
