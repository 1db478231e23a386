// ss_cpu: a processor that runs a node program (node_api.h) as an
// SC_THREAD. Its node API is the second implementation of the primitives
// of node_api_impl.h: every one a TLM-2.0 transaction on the socket, bound
// to the node's syncswitch::ni (syncswitch/ni_regs.h), the memory through the NI's direct
// memory interface. Waiting calls block in the NI's WAIT register, which
// sleeps on an event until the condition holds: no polling.
#ifndef SS_CPU_H
#define SS_CPU_H
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <cstdio>
#include <functional>
#include <vector>

extern "C" {
#include "node_api_impl.h"
}

class ss_cpu : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<ss_cpu> socket;

    // prog(ctx, shared) once the network is out of reset; diag takes the
    // program's reports; peers[i] is node i's memory (api_peer_mem, a
    // measurement, never a channel); done() runs when prog returns.
    ss_cpu(sc_core::sc_module_name name, node_program prog, const void *shared, FILE *diag,
           const std::vector<const uint32_t *> *peers, std::function<void()> done);

    bool finished() const { return finished_; }
    uint64_t errors() const { return ctx_.errors; }

    // The primitives (node_api_impl.h), as register accesses.
    uint32_t read(uint32_t addr);
    void write(uint32_t addr, uint32_t value);
    const std::vector<const uint32_t *> &peers() const { return *peers_; }

private:
    void run();
    void transport(tlm::tlm_command cmd, uint32_t addr, uint32_t *data);

    node_program prog_;
    const void *shared_;
    const std::vector<const uint32_t *> *peers_;
    std::function<void()> done_;
    node_ctx ctx_{};
    bool finished_ = false;
    uint32_t no_memory_ = 0;
    tlm::tlm_generic_payload tx_;
};

#endif
