// Use it in your SystemC model: a 4x4 syncswitch::network, and your own
// processors on two nodes that drive their network interfaces through
// TLM-2.0 sockets only (the register map is syncswitch/ni_regs.h,
// docs/systemc.md). Node 0 sends a 64-word message to node 5; node 5 waits
// for it and checks every word. Built by `make sc-example` as you would:
//   g++ -std=c++17 ss_example.cpp $(pkg-config --cflags --libs syncswitch-systemc)
// With -DSS_EXAMPLE_RTL and the fabric archive of (4, 4, 2) linked in,
//   g++ -std=c++17 -DSS_EXAMPLE_RTL ss_example.cpp
//       $(pkg-config --cflags --libs syncswitch-fabric-n4-d4-t2)
// the same processors run on the Verilated routers (the same cycle).
// Exit 0 when every word arrived right.
#include <systemc>
#include <tlm_utils/simple_initiator_socket.h>
#include <cstdio>
#include <syncswitch/systemc.h>

using namespace sc_core;

static const uint32_t kWords = 64, kBuf = 1024;   // message; receive area

static uint32_t pattern(uint32_t i) { return 0xC0DE0000u + i * 7u; }

// Your processor: plain TLM-2.0 reads and writes.
struct processor : sc_module {
    tlm_utils::simple_initiator_socket<processor> socket;
    int errors = 0;
    bool done = false;

    processor(sc_module_name name, bool sender) : sc_module(name), socket("socket")
    {
        SC_HAS_PROCESS(processor);
        if (sender) {
            SC_THREAD(send);
        } else {
            SC_THREAD(receive);
        }
    }

    void access(tlm::tlm_command cmd, uint32_t addr, uint32_t *data, unsigned words)
    {
        tlm::tlm_generic_payload tx;
        sc_time delay = SC_ZERO_TIME;
        tx.set_command(cmd);
        tx.set_address(addr);
        tx.set_data_ptr(reinterpret_cast<unsigned char *>(data));
        tx.set_data_length(4 * words);
        tx.set_streaming_width(4 * words);
        socket->b_transport(tx, delay);   // WAIT blocks here until it holds
        if (tx.is_response_error()) SC_REPORT_ERROR("processor", tx.get_response_string().c_str());
        wait(delay);
    }
    uint32_t rd(uint32_t a) { uint32_t v; access(tlm::TLM_READ_COMMAND, a, &v, 1); return v; }
    void wr(uint32_t a, uint32_t v) { access(tlm::TLM_WRITE_COMMAND, a, &v, 1); }

    // Node 0: put the message in local memory, then HEAD, DMA, TAIL.
    void send()
    {
        wr(SS_NI_WAIT, SS_NI_WAIT_START);                  // out of reset
        uint32_t msg[kWords];
        for (uint32_t i = 0; i < kWords; i++) msg[i] = pattern(i);
        access(tlm::TLM_WRITE_COMMAND, SS_NI_MEM, msg, kWords);   // a burst into memory
        // to node 5 = (1, 1): one hop in x, one in y; message-passing pool
        wr(SS_NI_CMD_HEAD, SS_NI_HEAD(1, 1, 1, rd(SS_NI_ID)));
        wr(SS_NI_CMD_ADDR, 0);
        wr(SS_NI_CMD_LEN, kWords);                          // the DMA block
        wr(SS_NI_CMD_TAIL, 0);
        wr(SS_NI_WAIT, SS_NI_WAIT_OUT_IDLE);                // the DMA engine is done
    }

    // Node 5: a message of pool 1 from node s lands at kBuf + s * kWords.
    void receive()
    {
        wr(SS_NI_WAIT, SS_NI_WAIT_START);
        wr(SS_NI_DEP_BASE1, kBuf);
        wr(SS_NI_DEP_STRIDE1, kWords);
        wr(SS_NI_WAIT_ARG_LO, 1);
        wr(SS_NI_WAIT_ARG_HI, 0);
        wr(SS_NI_WAIT, SS_NI_WAIT_RX);                      // sleeps until one message is in
        uint32_t got[kWords];
        access(tlm::TLM_READ_COMMAND, SS_NI_MEM + 4 * kBuf, got, kWords);
        for (uint32_t i = 0; i < kWords; i++)
            if (got[i] != pattern(i)) errors++;
        uint32_t words = rd(SS_NI_WORDS_FROM + 4 * 0);
        if (words != kWords) errors++;
        std::printf("node 5 received %u words from node 0 by cycle %u: %s\n", words,
                    rd(SS_NI_CYCLE_LO), errors ? "WRONG" : "every word right");
        done = true;
        sc_stop();
    }
};

int sc_main(int argc, char **argv)
{
    if (argc > 1) {   // a fixed example: an option would be silently ignored
        std::fprintf(stderr, "ss_example: takes no arguments (got '%s'): it runs one fixed 4x4 "
                             "example; edit cfg in ss_example.cpp for yours\n", argv[1]);
        return 2;
    }
    syncswitch::config cfg;  // the default preset: iWarp's T_t, buffer depth, costs
    cfg.n = 4;
    cfg.sync = syncswitch::sync_mode::off;   // no AAPC phases here
    cfg.mem_words = 2048;    // per node
    sc_clock clk("clk", sc_time(10, SC_NS));
    sc_signal<bool> rst_n("rst_n");
#ifdef SS_EXAMPLE_RTL
    cfg.fabric = &syncswitch::verilated_fabric();   // the Verilated routers
#endif
    syncswitch::network net("net", cfg);     // the C routers (cfg.fabric: the RTL)
    net.clk_i(clk);
    net.rst_ni(rst_n);
    processor sender("sender", true), receiver("receiver", false);
    sender.socket.bind(net.ni(0).socket);
    receiver.socket.bind(net.ni(5).socket);
    rst_n.write(false);
    sc_start(25, SC_NS);     // reset for the edges at 0, 10 and 20 ns
    rst_n.write(true);
    sc_start(1, SC_MS);      // until the receiver stops it
    if (!receiver.done) std::printf("node 5 received nothing within 1 ms\n");
    return receiver.done && !receiver.errors ? 0 : 1;
}
