// The Verilated fabric archive (make sc-fabric, n4_d4_t2) as a user links it:
// a 4x4 network on it moves a message (to a node without a deposit area:
// counted in RX_DROPPED) in the cycles the C routers take;
// a network of other values refuses it, naming both sets. PASS/FAIL lines.
#include <systemc>
#include <tlm_utils/simple_initiator_socket.h>
#include <cstdio>
#include <string>
#include <syncswitch/systemc.h>

using namespace sc_core;
namespace ss = syncswitch;

namespace {

struct sender : sc_module {
    tlm_utils::simple_initiator_socket<sender> socket{ "socket" };
    uint64_t done = 0;
    explicit sender(sc_module_name n) : sc_module(n)
    {
        SC_HAS_PROCESS(sender);
        SC_THREAD(run);
    }
    void wr(uint32_t a, uint32_t v)
    {
        tlm::tlm_generic_payload tx;
        sc_time d = SC_ZERO_TIME;
        tx.set_command(tlm::TLM_WRITE_COMMAND);
        tx.set_address(a);
        tx.set_data_ptr(reinterpret_cast<unsigned char *>(&v));
        tx.set_data_length(4);
        tx.set_streaming_width(4);
        socket->b_transport(tx, d);
    }
    void run()
    {
        wr(SS_NI_WAIT, SS_NI_WAIT_START);
        wr(SS_NI_CMD_HEAD, SS_NI_HEAD(2, 1, 1, 0));
        wr(SS_NI_CMD_ADDR, 0);
        wr(SS_NI_CMD_LEN, 100);
        wr(SS_NI_CMD_TAIL, 0);
        wr(SS_NI_WAIT, SS_NI_WAIT_OUT_IDLE);
    }
};

// One platform: clock, reset, a 4x4 network, a sender on node 0.
struct platform {
    sc_clock clk;
    sc_signal<bool> rst;
    ss::network net;
    sender cpu;
    static ss::config cfg(const ss::fabric_builder *fab)
    {
        ss::config c;
        c.n = 4;
        c.depth = 4;
        c.tt = 2;
        c.mem_words = 512;
        c.sync = ss::sync_mode::off;
        c.fabric = fab;
        return c;
    }
    platform(const std::string &n, const ss::fabric_builder *fab)
        : clk((n + "_clk").c_str(), sc_time(10, SC_NS)), rst((n + "_rst").c_str()),
          net(n.c_str(), cfg(fab)), cpu((n + "_cpu").c_str())
    {
        net.clk_i(clk);
        net.rst_ni(rst);
        cpu.socket.bind(net.ni(0).socket);
    }
    uint32_t rx_msgs(int node)
    {
        tlm::tlm_generic_payload tx;
        uint32_t v = 0;
        tx.set_command(tlm::TLM_READ_COMMAND);
        tx.set_address(SS_NI_RX_DROPPED);   // node 6 set no deposit area
        tx.set_data_ptr(reinterpret_cast<unsigned char *>(&v));
        tx.set_data_length(4);
        net.ni(node).socket.get_base_interface().transport_dbg(tx);
        return v;
    }
};

}  // namespace

int sc_main(int, char **)
{
    sc_report_handler::set_actions(SC_INFO, SC_DO_NOTHING);
    int failed = 0;
    std::string got = "no error";
    try {
        ss::config c;
        c.n = 8;
        c.fabric = &ss::verilated_fabric();
        ss::network bad("bad", c);
    } catch (const sc_report &r) {
        got = r.get_msg();
    }
    bool ok = got.find("built for n = 4, depth = 4, T_t = 2") != std::string::npos &&
              got.find("this network has n = 8") != std::string::npos;
    std::printf("%s sc_fabric_mismatch%s%s\n", ok ? "PASS" : "FAIL", ok ? "" : ": error ",
                ok ? "" : got.c_str());
    failed += !ok;
    platform c("c_net", nullptr), r("rtl_net", &ss::verilated_fabric());
    c.rst.write(false);
    r.rst.write(false);
    sc_start(25, SC_NS);
    c.rst.write(true);
    r.rst.write(true);
    uint64_t c_cycles = 0, rtl_cycles = 0;
    for (int k = 0; k < 2000 && !(c_cycles && rtl_cycles); k++) {
        sc_start(10, SC_NS);
        if (!c_cycles && c.rx_msgs(6)) c_cycles = c.net.cycle();
        if (!rtl_cycles && r.rx_msgs(6)) rtl_cycles = r.net.cycle();
    }
    uint32_t mc = c.rx_msgs(6), mr = r.rx_msgs(6);
    ok = c_cycles > 0 && c_cycles == rtl_cycles && mc == 1 && mr == 1;
    std::printf("%s sc_fabric_same_cycles%s%llu%s%llu\n", ok ? "PASS" : "FAIL",
                ok ? " " : ": C routers ", static_cast<unsigned long long>(c_cycles),
                ok ? " = " : " cycles, RTL ", static_cast<unsigned long long>(rtl_cycles));
    failed += !ok;
    return failed ? 1 : 0;
}
