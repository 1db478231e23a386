// ss_ni: one node's network interface as a TLM-2.0 target: the outbound
// command queue and DMA engine, the inbound deposit engine, the node's
// local memory, and the status of its router's synchronizing switch, as
// the memory-mapped registers of ss_ni_regs.h (docs/systemc.md). The DMA
// engines are the C model's (model/node.c); the network clocks them.
//
// Transactions complete in zero time by default (set_access_delay adds an
// annotated delay to each); the memory window also grants a direct memory
// interface. A write to SS_NI_WAIT blocks the initiator's thread until the
// condition holds after a clock edge, so a processor sleeps on an event
// instead of polling. A bad access (unmapped address, wrong width, byte
// enables, a write to a read-only register, a post to a full queue) gets a
// TLM error response and one SystemC warning naming the register.
#ifndef SS_NI_H
#define SS_NI_H
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

extern "C" {
#include "machine.h"
}

class ss_network;

class ss_ni : public sc_core::sc_module {
public:
    // optional: a node without a processor of its own needs no binding
    tlm_utils::simple_target_socket_optional<ss_ni> socket;

    ss_ni(sc_core::sc_module_name name, ss_network &net, int id);

    // Added to each transaction's annotated delay (default zero: the
    // cycle counts equal the C model's).
    void set_access_delay(const sc_core::sc_time &t) { access_delay_ = t; }

    // From the network, after each rising edge (and when reset ends): wake
    // the blocked initiator if its condition now holds. Returns 1 when it
    // woke one or one is sleeping through a computation (progress for the
    // watchdog).
    int after_edge();
    void trace(sc_core::sc_trace_file *tf, const std::string &prefix) const;
    int id() const { return id_; }

private:
    void b_transport(tlm::tlm_generic_payload &tx, sc_core::sc_time &delay);
    bool get_direct_mem_ptr(tlm::tlm_generic_payload &tx, tlm::tlm_dmi &dmi);
    unsigned int transport_dbg(tlm::tlm_generic_payload &tx);

    // One 32-bit register: false (and *err set) when the access is refused.
    bool reg_read(uint32_t addr, uint32_t *v, tlm::tlm_response_status *err);
    bool reg_write(uint32_t addr, uint32_t v, tlm::tlm_response_status *err);
    bool memory(tlm::tlm_generic_payload &tx);
    bool condition() const;
    void refuse(tlm::tlm_generic_payload &tx, tlm::tlm_response_status st, uint32_t addr,
                const char *what);
    void post(const dma_cmd_t &cmd);

    ss_network &net_;
    node_t *nd_;
    machine_t *m_;
    int id_;
    sc_core::sc_time access_delay_ = sc_core::SC_ZERO_TIME;
    uint32_t cmd_addr_ = 0;
    uint64_t wait_arg_ = 0;
    int wait_kind_ = -1;        // the condition a blocked initiator waits for
    sc_core::sc_event wake_;
};

#endif
