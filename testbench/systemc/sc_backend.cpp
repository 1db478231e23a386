// The SystemC backends of `syncswitch run`: a clock, a reset, a syncswitch::network
// on the run's machine, and one ss_cpu per node running the kernel's node
// program through TLM to its syncswitch::ni.
#include "sc_backend.h"
#include <systemc>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>
#include <unistd.h>
#include "ss_cpu.h"
#include "ss_internal.h"
#include "sc_wave.h"

using namespace sc_core;
using syncswitch::network;

namespace {

// SystemC's reports as one line on stderr ("syncswitch: /syncswitch/ni: ..."), and
// errors thrown to sc_backend_run rather than aborting.
void one_line(const sc_report &rep, const sc_actions &actions)
{
    if (actions & SC_DISPLAY)
        std::fprintf(stderr, "syncswitch: %s: %s\n", rep.get_msg_type(), rep.get_msg());
    sc_report_handler::default_handler(rep, actions & ~(SC_DISPLAY | SC_LOG));
}

// The run's reports: one line each, errors thrown to us, SystemC's own
// notes (deprecations, "stopped by user") left out.
void setup_reports()
{
    sc_report_handler::set_handler(one_line);
    sc_report_handler::set_actions(SC_FATAL, SC_DISPLAY | SC_THROW);
    sc_report_handler::set_actions(SC_ID_IEEE_1666_DEPRECATION_, SC_DO_NOTHING);
    sc_report_handler::set_actions(SC_INFO, SC_DO_NOTHING);
}

// "SystemC: " + a SystemC message, which may span lines, as one line with
// single spaces, in a buffer that outlives the call.
const char *one_line_text(const char *what)
{
    static char buf[512];
    size_t k = std::snprintf(buf, sizeof buf, "SystemC:");
    for (const char *s = what; *s && k + 2 < sizeof buf; s++) {
        bool space = *s == ' ' || *s == '\n' || *s == '\t';
        if (space && buf[k - 1] == ' ') continue;
        buf[k++] = space ? ' ' : *s;
    }
    buf[k] = 0;
    if (k && buf[k - 1] == ' ') buf[k - 1] = 0;
    return buf;
}

#ifdef SS_HAVE_RTL
constexpr bool kHaveRtl = true;
const syncswitch::fabric_builder *rtl_builder() { return &syncswitch::verilated_fabric(); }
#else
const syncswitch::fabric_builder *rtl_builder() { return nullptr; }
constexpr bool kHaveRtl = false;
#define RTL_N 0
#define RTL_DEPTH 0
#define RTL_TT 0
#endif

// The run's network: on the driver's machine, stopping the simulation on
// the watchdog and on a protocol error, reporting nothing itself (the
// driver prints the stuck report and the error), as machine_run does.
syncswitch::detail::attach run_network(machine_t *m, const backend_opts *be)
{
    return { m, be->kind == BACKEND_SC_RTL, rtl_builder(), syncswitch::policy::stop_simulation,
             syncswitch::policy::stop_simulation };
}

int net_status(const network &net)
{
    switch (net.get_status()) {
    case syncswitch::status::stuck: return RUN_STUCK;
    case syncswitch::status::protocol: return RUN_PROTOCOL;
    default: return RUN_OK;
    }
}

}  // namespace

extern "C" int sc_backend_has(int kind, int n, int depth, int tt)
{
    if (kind == BACKEND_SC) return 1;
    return kind == BACKEND_SC_RTL && kHaveRtl && n == RTL_N && depth == RTL_DEPTH && tt == RTL_TT;
}

extern "C" int sc_backend_run(machine_t *m, node_program prog, const void *shared,
                              const backend_opts *be, FILE *diag)
{
    static bool used = false;
    auto refused = [m](const char *what) {
        m->protocol_error = one_line_text(what);
        m->error_node = -1;
        return RUN_PROTOCOL;
    };
    (void)diag;
    if (used) return refused("one simulation per process");
    used = true;
    setup_reports();
    int st = RUN_OK;
    // the waveform: SystemC writes into the sink, which checks every write
    sc_trace_file *tf = nullptr;
    std::unique_ptr<syncswitch::detail::vcd_sink> sink;
    try {
        sc_clock clk("clk", sc_time(10, SC_NS));   // rising edges at 0, 10, 20 ns ...
        sc_signal<bool> rst_n("rst_n");
        network net("network", run_network(m, be));
        net.clk_i(clk);
        net.rst_ni(rst_n);
        std::vector<const uint32_t *> peers;
        for (int i = 0; i < m->num_nodes; i++) peers.push_back(m->node[i].mem);
        int running = m->num_nodes;
        std::vector<std::unique_ptr<ss_cpu>> cpus;
        for (int i = 0; i < m->num_nodes; i++) {
            node_t *nd = &m->node[i];
            auto done = [m, nd, &running]() {
                nd->finished = 1;
                nd->finish_cycle = m->cycle;
                if (--running == 0) sc_stop();
            };
            cpus.emplace_back(new ss_cpu(("cpu_" + std::to_string(i)).c_str(), prog, shared,
                                         diag, &peers, done));
            cpus.back()->socket.bind(net.ni(i).socket);
        }
        // written as FILE.partial-PID, renamed into place when closed and
        // whole: a failed or interrupted run leaves no FILE that looks complete
        if (be->trace) {
            sink.reset(new syncswitch::detail::vcd_sink(be->trace));
            if (!sink->error().empty()) {
                fprintf(diag, "syncswitch: --trace '%s': %s\n", be->trace, sink->error().c_str());
                return RUN_OUTPUT;
            }
            tf = sc_create_vcd_trace_file(sink->systemc_name().c_str());
            tf->set_time_unit(1, SC_NS);
            net.trace(tf);
        }
        rst_n.write(false);
        sc_start(25, SC_NS);     // three edges in reset
        rst_n.write(true);       // the processors start at 25 ns, cycle 0
        if (running) sc_start();
        bool wave_lost = false;
        if (tf) {
            sc_close_vcd_trace_file(tf);
            tf = nullptr;
            std::string why = sink->commit();
            if (!why.empty()) {
                fprintf(diag, "syncswitch: --trace '%s': %s; no waveform written\n", be->trace,
                        why.c_str());
                wave_lost = true;
            }
        }
        for (int i = 0; i < m->num_nodes; i++) m->node[i].errors = cpus[i]->errors();
        st = net_status(net);
        if (st == RUN_OK && running) st = RUN_STUCK;   // no event left (cannot happen: the clock runs)
        if (st == RUN_OK && wave_lost) st = RUN_OUTPUT;
    } catch (const sc_report &r) {
        st = refused(r.get_msg());
    } catch (const std::exception &e) {
        st = refused(e.what());
    }
    // after a throw: SystemC's end of the pipe is closed before the sink,
    // which removes its file, waits for the copy to end
    if (tf) sc_close_vcd_trace_file(tf);
    return st;
}

namespace {

// The hardware of a traffic run: clock, reset and the network, no
// processors; stepped by sc_start one clock period at a time.
struct hw_run {
    sc_clock clk{"clk", sc_time(10, SC_NS)};
    sc_signal<bool> rst_n{"rst_n"};
    network net;
    machine_t *m;
    hw_run(machine_t *mm, const backend_opts *be) : net("network", run_network(mm, be)), m(mm)
    {
        net.clk_i(clk);
        net.rst_ni(rst_n);
    }
};

}  // namespace

extern "C" void *sc_backend_open(machine_t *m, const backend_opts *be, const char **why)
{
    setup_reports();
    try {
        auto *h = new hw_run(m, be);
        h->rst_n.write(false);
        sc_start(25, SC_NS);   // three edges in reset; cycle 0 at 25 ns
        h->rst_n.write(true);
        sc_start(SC_ZERO_TIME);
        return h;
    } catch (const sc_report &r) {
        *why = one_line_text(r.get_msg());
        return nullptr;
    }
}

extern "C" int sc_backend_step(void *ctx)
{
    auto *h = static_cast<hw_run *>(ctx);
    try {
        sc_start(10, SC_NS);   // the next rising edge and its after-edge process
    } catch (const sc_report &r) {
        h->m->protocol_error = one_line_text(r.get_msg());
        return -1;
    }
    if (net_status(h->net) != RUN_OK) return -1;
    return h->net.moved();
}

extern "C" void sc_backend_close(void *ctx) { delete static_cast<hw_run *>(ctx); }
