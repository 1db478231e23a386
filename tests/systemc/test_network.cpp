// syncswitch::network misused, one case per process (`test_network CASE`),
// each printing one PASS/FAIL line: refused parameters, ni(i) out of range,
// a protocol error, a wrong source id, the watchdog under each policy, a
// reset in mid-run, an undeposited message, two networks in one VCD, debug
// transport and DMI refusals. Only the public header: what a user sees.
#include <systemc>
#include <tlm_utils/simple_initiator_socket.h>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <syncswitch/systemc.h>

using namespace sc_core;
namespace ss = syncswitch;

namespace {

std::vector<std::string> g_warnings, g_errors;

void capture(const sc_report &rep, const sc_actions &actions)
{
    if (rep.get_severity() == SC_WARNING) g_warnings.push_back(rep.get_msg());
    else if (rep.get_severity() == SC_ERROR) g_errors.push_back(rep.get_msg());
    if (actions & SC_THROW) throw rep;   // errors still throw, as by default
}

size_t count(const std::vector<std::string> &v, const std::string &what)
{
    size_t k = 0;
    for (const std::string &s : v) k += s.find(what) != std::string::npos;
    return k;
}

bool has(const std::vector<std::string> &v, const std::string &what) { return count(v, what) > 0; }

std::string all(const std::vector<std::string> &v)
{
    std::string r;
    for (const std::string &s : v) r += "[" + s + "] ";
    return r;
}

int result(const char *name, bool ok, const std::string &detail)
{
    std::printf("%s sc_net_%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ",
                ok ? "" : detail.c_str());
    return ok ? 0 : 1;
}

// A user's processor: a program on an initiator socket.
struct cpu : sc_module {
    tlm_utils::simple_initiator_socket<cpu> socket;
    std::function<void(cpu &)> prog;
    tlm::tlm_response_status last = tlm::TLM_OK_RESPONSE;

    cpu(sc_module_name n, std::function<void(cpu &)> p) : sc_module(n), socket("socket"), prog(p)
    {
        SC_HAS_PROCESS(cpu);
        SC_THREAD(run);
    }
    void run() { prog(*this); }
    tlm::tlm_response_status wr(uint32_t a, uint32_t v)
    {
        return access(tlm::TLM_WRITE_COMMAND, a, &v);
    }
    uint32_t rd(uint32_t a)
    {
        uint32_t v = 0;
        access(tlm::TLM_READ_COMMAND, a, &v);
        return v;
    }
    tlm::tlm_response_status access(tlm::tlm_command c, uint32_t a, uint32_t *v)
    {
        tlm::tlm_generic_payload tx;
        sc_time d = SC_ZERO_TIME;
        tx.set_command(c);
        tx.set_address(a);
        tx.set_data_ptr(reinterpret_cast<unsigned char *>(v));
        tx.set_data_length(4);
        tx.set_streaming_width(4);
        socket->b_transport(tx, d);
        return last = tx.get_response_status();
    }
    tlm::tlm_response_status wait_for(uint32_t kind, uint64_t arg)
    {
        wr(SS_NI_WAIT_ARG_LO, static_cast<uint32_t>(arg));
        wr(SS_NI_WAIT_ARG_HI, static_cast<uint32_t>(arg >> 32));
        return wr(SS_NI_WAIT, kind);
    }
    // one message of `words` words from local memory word 0, to (dx, dy)
    void send(int dx, int dy, uint32_t words)
    {
        wr(SS_NI_CMD_HEAD, SS_NI_HEAD(dx, dy, 1, rd(SS_NI_ID)));
        wr(SS_NI_CMD_ADDR, 0);
        wr(SS_NI_CMD_LEN, words);
        wr(SS_NI_CMD_TAIL, 0);
    }
};

// A clocked platform around one network.
struct platform {
    sc_clock clk;
    sc_signal<bool> rst_n;
    ss::network net;
    explicit platform(const ss::config &c, const std::string &name = "net")
        : clk((name + "_clk").c_str(), sc_time(10, SC_NS)), rst_n((name + "_rst_n").c_str()),
          net(name.c_str(), c)
    {
        net.clk_i(clk);
        net.rst_ni(rst_n);
    }
    void power_up()
    {
        rst_n.write(false);
        sc_start(25, SC_NS);
        rst_n.write(true);
    }
};

ss::config small(int n = 4)
{
    ss::config c;
    c.n = n;
    c.mem_words = 1024;
    c.sync = ss::sync_mode::off;
    return c;
}

int bad_param(const char *name, std::function<void(ss::config &)> set, const char *want)
{
    ss::config c = small();
    set(c);
    std::string got = "no error";
    try {
        platform p(c);
    } catch (const sc_report &r) {
        got = r.get_msg();
    }
    return result(name, got.find(want) != std::string::npos,
                  "error '" + got + "', want it to contain '" + want + "'");
}

int ni_range()
{
    platform p(small());
    std::string got = "no error";
    try {
        p.net.ni(16);
    } catch (const sc_report &r) {
        got = r.get_msg();
    }
    return result("ni_out_of_range", got.find("ni(16)") != std::string::npos &&
                                         got.find("0..15") != std::string::npos,
                  "error '" + got + "'");
}

// A TAIL with no HEAD: the router's protocol error, reported with node and
// cycle; the network stops, the rest of the platform runs on.
int tail_without_head()
{
    platform p(small());
    cpu c("cpu", [](cpu &me) {
        me.wr(SS_NI_WAIT, SS_NI_WAIT_START);
        me.wr(SS_NI_CMD_TAIL, 0);
    });
    c.socket.bind(p.net.ni(0).socket);
    p.power_up();
    sc_start(1, SC_US);
    uint64_t stopped_at = p.net.cycle();
    bool ok = p.net.get_status() == ss::status::protocol && has(g_warnings, "node 0, cycle") &&
              has(g_warnings, "protocol") && sc_time_stamp() >= sc_time(1, SC_US) &&
              stopped_at < 10 && g_errors.empty();
    return result("tail_without_head", ok,
                  "status " + std::to_string(static_cast<int>(p.net.get_status())) + ", cycle " +
                      std::to_string(stopped_at) + ", warnings " + all(g_warnings));
}

int wrong_source()
{
    platform p(small());
    tlm::tlm_response_status got = tlm::TLM_OK_RESPONSE;
    cpu c("cpu", [&got](cpu &me) {
        me.wr(SS_NI_WAIT, SS_NI_WAIT_START);
        got = me.wr(SS_NI_CMD_HEAD, SS_NI_HEAD(1, 0, 1, 3));   // node 0 says 3
    });
    c.socket.bind(p.net.ni(0).socket);
    p.power_up();
    sc_start(100, SC_NS);
    return result("wrong_source", got == tlm::TLM_GENERIC_ERROR_RESPONSE &&
                                      has(g_warnings, "source id is not this node's"),
                  "response " + std::to_string(got) + ", warnings " + all(g_warnings));
}

// A processor waits for a message that never comes; watchdog 100 cycles.
int watchdog(ss::policy pol, const char *name)
{
    ss::config cfg = small();
    cfg.watchdog = 100;
    cfg.on_watchdog = pol;
    platform p(cfg);
    tlm::tlm_response_status wait_rsp = tlm::TLM_INCOMPLETE_RESPONSE;
    cpu c("cpu", [&wait_rsp](cpu &me) {
        me.wr(SS_NI_WAIT, SS_NI_WAIT_START);
        wait_rsp = me.wait_for(SS_NI_WAIT_RX, 1);
    });
    c.socket.bind(p.net.ni(5).socket);
    p.power_up();
    try {
        sc_start(5, SC_US);   // 500 cycles
    } catch (const sc_report &) {
        // stop_simulation: SystemC's default actions throw the error out
    }
    bool ok;
    uint64_t cy = p.net.cycle();
    size_t reports = count(g_warnings, "no progress") + count(g_errors, "no progress");
    bool named = has(g_warnings, "no progress for 100 cycles") ||
                 has(g_errors, "no progress for 100 cycles");
    if (pol == ss::policy::report_and_continue)
        ok = p.net.get_status() == ss::status::ok && g_warnings.size() >= 4 && cy > 450 &&
             wait_rsp == tlm::TLM_INCOMPLETE_RESPONSE;
    else if (pol == ss::policy::stop_network)
        ok = p.net.get_status() == ss::status::stuck && reports == 1 && cy < 110 &&
             sc_time_stamp() >= sc_time(5, SC_US) && wait_rsp == tlm::TLM_GENERIC_ERROR_RESPONSE;
    else
        ok = p.net.get_status() == ss::status::stuck && reports == 1 && cy < 110 &&
             sc_time_stamp() < sc_time(2, SC_US);
    return result(name, ok && named,
                  "status " + std::to_string(static_cast<int>(p.net.get_status())) + ", cycle " +
                      std::to_string(cy) + ", time " + sc_time_stamp().to_string() +
                      ", WAIT response " + std::to_string(wait_rsp) + ", warnings " +
                      all(g_warnings) + "errors " + all(g_errors));
}

// The watchdog's poll rule (issue 33): one processor computes 300 cycles in
// one timed wait, another polls RX_MSGS_LO every 4 cycles for a message
// that never comes; watchdog 100 cycles. The computation is progress (no
// stop before cycle 300); the poll is not (stopped about 100 cycles after
// the computation ends, where every timed wait counted as progress before).
int watchdog_poll()
{
    ss::config cfg = small();
    cfg.watchdog = 100;
    cfg.on_watchdog = ss::policy::stop_network;
    platform p(cfg);
    uint64_t computed = 0;
    cpu poller("poller", [](cpu &me) {
        me.wr(SS_NI_WAIT, SS_NI_WAIT_START);
        while (me.rd(SS_NI_RX_MSGS_LO) == 0)
            if (me.wait_for(SS_NI_WAIT_UNTIL, me.rd(SS_NI_CYCLE_LO) + 4u) != tlm::TLM_OK_RESPONSE)
                return;
    });
    cpu worker("worker", [&computed](cpu &me) {
        me.wr(SS_NI_WAIT, SS_NI_WAIT_START);
        if (me.wait_for(SS_NI_WAIT_UNTIL, 300) == tlm::TLM_OK_RESPONSE)
            computed = me.rd(SS_NI_CYCLE_LO);
    });
    poller.socket.bind(p.net.ni(5).socket);
    worker.socket.bind(p.net.ni(9).socket);
    p.power_up();
    sc_start(10, SC_US);   // 1000 cycles
    uint64_t cy = p.net.cycle();
    bool ok = p.net.get_status() == ss::status::stuck && computed >= 300 && cy >= 400 && cy <= 420 &&
              count(g_warnings, "no progress for 100 cycles") == 1;
    return result("watchdog_poll", ok,
                  "status " + std::to_string(static_cast<int>(p.net.get_status())) + ", cycle " +
                      std::to_string(cy) + ", computed until " + std::to_string(computed) +
                      ", warnings " + all(g_warnings));
}

// The same traffic three times: from power-up; cut by a reset in mid-run;
// and again after that reset. The first and the last take the same cycles.
int reset_midrun()
{
    platform p(small());
    std::vector<uint64_t> done;        // the receiver's cycle at each finish
    std::vector<uint64_t> rx_after;    // RX_MSGS read right after the reset
    // each round: start, work, then sleep until a reset ends the wait
    cpu tx("tx", [](cpu &me) {
        for (;;) {
            me.wr(SS_NI_WAIT, SS_NI_WAIT_START);
            bool ok = true;
            for (int k = 0; k < 4 && ok; k++) {
                me.send(1, 1, 200);
                ok = me.wait_for(SS_NI_WAIT_OUT_IDLE, 0) == tlm::TLM_OK_RESPONSE;
            }
            if (ok) me.wait_for(SS_NI_WAIT_UNTIL, ~0ull);
        }
    });
    cpu rx("rx", [&done, &rx_after](cpu &me) {
        for (;;) {
            me.wr(SS_NI_WAIT, SS_NI_WAIT_START);
            rx_after.push_back(me.rd(SS_NI_RX_MSGS_LO) + me.rd(SS_NI_CYCLE_LO));
            me.wr(SS_NI_DEP_BASE1, 0);
            me.wr(SS_NI_DEP_STRIDE1, 200);
            if (me.wait_for(SS_NI_WAIT_RX, 4) == tlm::TLM_OK_RESPONSE) {
                done.push_back(me.rd(SS_NI_CYCLE_LO));
                me.wait_for(SS_NI_WAIT_UNTIL, ~0ull);
            }
        }
    });
    tx.socket.bind(p.net.ni(0).socket);
    rx.socket.bind(p.net.ni(5).socket);
    auto cycle_of_reset = [&p](sc_time run) {
        p.rst_n.write(false);
        sc_start(sc_time(20, SC_NS));   // two edges in reset
        p.rst_n.write(true);
        sc_start(run);
    };
    p.power_up();
    sc_start(20, SC_US);                 // round 1: runs to the end
    cycle_of_reset(sc_time(3, SC_US));   // round 2: cut after 300 cycles
    uint64_t cut_cycle = p.net.cycle();
    cycle_of_reset(sc_time(20, SC_US));  // round 3
    bool ok = done.size() == 2 && done[0] == done[1] && done[0] > 400 && cut_cycle < done[0] &&
              rx_after.size() == 3 && rx_after[1] == 0 && rx_after[2] == 0;
    std::string d;
    for (uint64_t c : done) d += std::to_string(c) + " ";
    std::string a;
    for (uint64_t c : rx_after) a += std::to_string(c) + " ";
    return result("reset_midrun", ok,
                  "finish cycles " + d + "(want two equal), cut at " + std::to_string(cut_cycle) +
                      ", RX_MSGS+CYCLE after each reset " + a + ", warnings " + all(g_warnings));
}

// A message to a node that set no deposit area: dropped, not received.
int dropped()
{
    platform p(small());
    uint32_t msgs = 99, from = 99, drop = 0, woke = 0;
    cpu tx("tx", [](cpu &me) {
        me.wr(SS_NI_WAIT, SS_NI_WAIT_START);
        me.send(1, 1, 16);
    });
    cpu rx("rx", [&](cpu &me) {
        me.wr(SS_NI_WAIT, SS_NI_WAIT_START);
        me.wait_for(SS_NI_WAIT_UNTIL, 200);
        msgs = me.rd(SS_NI_RX_MSGS_LO);
        from = me.rd(SS_NI_MSGS_FROM);
        drop = me.rd(SS_NI_RX_DROPPED);
        // a waiter for the message must not wake
        woke = me.wait_for(SS_NI_WAIT_RX, 1) == tlm::TLM_OK_RESPONSE;
    });
    tx.socket.bind(p.net.ni(0).socket);
    rx.socket.bind(p.net.ni(5).socket);
    p.power_up();
    sc_start(4, SC_US);
    return result("undeposited_dropped", msgs == 0 && from == 0 && drop == 1 && !woke,
                  "RX_MSGS " + std::to_string(msgs) + ", MSGS_FROM[0] " + std::to_string(from) +
                      ", RX_DROPPED " + std::to_string(drop) + ", waiter woke " +
                      std::to_string(woke));
}

int two_in_one_vcd()
{
    ss::config c = small(2);
    platform a(c, "net_a"), b(c, "net_b");
    sc_trace_file *tf = sc_create_vcd_trace_file("two_networks");
    a.net.trace(tf);
    b.net.trace(tf);
    a.power_up();
    b.rst_n.write(true);
    sc_start(100, SC_NS);
    sc_close_vcd_trace_file(tf);
    std::ifstream f("two_networks.vcd");
    std::stringstream ss_;
    ss_ << f.rdbuf();
    std::string v = ss_.str();
    std::remove("two_networks.vcd");
    bool ok = v.find("$scope module net_a $end") != std::string::npos &&
              v.find("$scope module net_b $end") != std::string::npos && g_warnings.empty();
    return result("two_networks_one_vcd", ok, "scopes net_a, net_b missing, or warnings " +
                                                  all(g_warnings));
}

// Debug transport on registers and DMI refusals, straight on the socket.
int dbg_and_dmi()
{
    platform p(small());
    struct probe : sc_module {
        tlm_utils::simple_initiator_socket<probe> socket{ "socket" };
        explicit probe(sc_module_name n) : sc_module(n) {}
    } pr("probe");
    pr.socket.bind(p.net.ni(6).socket);
    p.power_up();
    sc_start(20, SC_NS);
    tlm::tlm_generic_payload tx;
    uint32_t w[2] = { 0, 0 };
    auto dbg = [&](tlm::tlm_command c, uint32_t a, unsigned len) {
        tx.set_command(c);
        tx.set_address(a);
        tx.set_data_ptr(reinterpret_cast<unsigned char *>(w));
        tx.set_data_length(len);
        return pr.socket->transport_dbg(tx);
    };
    std::string why;
    if (dbg(tlm::TLM_READ_COMMAND, SS_NI_ID, 8) != 8 || w[0] != 6 || w[1] != (2u | 1u << 8 | 4u << 16))
        why += "ID/COORD debug read " + std::to_string(w[0]) + "," + std::to_string(w[1]) + "; ";
    w[0] = 0x40;
    if (dbg(tlm::TLM_WRITE_COMMAND, SS_NI_DEP_BASE0, 4) != 4 ||
        (w[0] = 0, dbg(tlm::TLM_READ_COMMAND, SS_NI_DEP_BASE0, 4)) != 4 || w[0] != 0x40)
        why += "DEP_BASE0 debug write/read; ";
    if (dbg(tlm::TLM_WRITE_COMMAND, SS_NI_CMD_TAIL, 4) != 0) why += "a debug write posted a TAIL; ";
    if (dbg(tlm::TLM_READ_COMMAND, SS_NI_CMDQ_COUNT, 4) != 4 || w[0] != 0) why += "CMDQ_COUNT; ";
    // no data pointer: nothing done, no crash (issue 30; was a segfault)
    for (uint32_t a : { static_cast<uint32_t>(SS_NI_ID), static_cast<uint32_t>(SS_NI_MEM) })
        for (tlm::tlm_command c : { tlm::TLM_READ_COMMAND, tlm::TLM_WRITE_COMMAND }) {
            tx.set_command(c);
            tx.set_address(a);
            tx.set_data_ptr(nullptr);
            tx.set_data_length(4);
            if (pr.socket->transport_dbg(tx) != 0) why += "a debug access with no data pointer; ";
        }
    tlm::tlm_dmi dmi;
    tx.set_address(SS_NI_PHASE);
    if (pr.socket->get_direct_mem_ptr(tx, dmi) || dmi.get_start_address() != 0 ||
        dmi.get_end_address() != SS_NI_MEM - 1)
        why += "DMI refusal on a register: range " + std::to_string(dmi.get_start_address()) +
               ".." + std::to_string(dmi.get_end_address()) + "; ";
    tx.set_address(SS_NI_MEM + 4 * 1024);
    if (pr.socket->get_direct_mem_ptr(tx, dmi) || dmi.get_start_address() != SS_NI_MEM + 4 * 1024)
        why += "DMI refusal beyond memory; ";
    tx.set_address(SS_NI_MEM + 8);
    if (!pr.socket->get_direct_mem_ptr(tx, dmi) || dmi.get_end_address() != SS_NI_MEM + 4 * 1024 - 1)
        why += "DMI grant on memory; ";
    return result("debug_transport_dmi", why.empty(), why);
}

}  // namespace

int sc_main(int argc, char **argv)
{
    sc_report_handler::set_handler(capture);
    sc_report_handler::set_actions(SC_INFO, SC_DO_NOTHING);
    std::string c = argc > 1 ? argv[1] : "";
    if (c == "depth32") return bad_param("depth_32", [](ss::config &k) { k.depth = 32; },
                                         "depth = 32 is out of range (allowed 1..16)");
    if (c == "depth0") return bad_param("depth_0", [](ss::config &k) { k.depth = 0; }, "depth = 0");
    if (c == "tt0") return bad_param("tt_0", [](ss::config &k) { k.tt = 0; }, "tt = 0");
    if (c == "n0") return bad_param("n_0", [](ss::config &k) { k.n = 0; }, "n = 0");
    if (c == "n1") return bad_param("n_1", [](ss::config &k) { k.n = 1; }, "n = 1");
    if (c == "ni16") return ni_range();
    if (c == "tail") return tail_without_head();
    if (c == "source") return wrong_source();
    if (c == "wd_continue") return watchdog(ss::policy::report_and_continue, "watchdog_continue");
    if (c == "wd_stop_network") return watchdog(ss::policy::stop_network, "watchdog_stop_network");
    if (c == "wd_sc_stop") return watchdog(ss::policy::stop_simulation, "watchdog_sc_stop");
    if (c == "wd_poll") return watchdog_poll();
    if (c == "reset") return reset_midrun();
    if (c == "dropped") return dropped();
    if (c == "vcd") return two_in_one_vcd();
    if (c == "dbg") return dbg_and_dmi();
    std::printf("FAIL sc_net_usage: unknown case '%s'\n", c.c_str());
    return 2;
}
