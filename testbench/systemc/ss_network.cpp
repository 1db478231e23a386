// syncswitch::network: the machine's clock edge in SystemC. One process per
// rising edge steps every node's DMA engines and every router (in the C
// model's order: nodes, then routers, all reading last edge's registered
// wires), and one process after it publishes the routers' status, wakes
// the processors whose wait is over and keeps the watchdog. Two processes
// per cycle for the whole torus: the price of SystemC over the bare C model.
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include "ss_internal.h"

extern "C" {
#include "api_internal.h"
#include "traffic.h"
}

using namespace sc_core;

namespace syncswitch {

namespace {

const char kMsgType[] = "/syncswitch/network";

// The config's machine fields by their names in the public C API.
struct int_field { const char *name; int64_t value; };

}  // namespace

config::config()
{
    ss_params *p = ss_params_new();
    params_t d{};
    if (p) {
        ss_params_to_model(p, &d);
        ss_params_free(p);
    }
    n = d.n;
    sync = static_cast<sync_mode>(d.sync);
    depth = d.depth;
    tt = d.tt;
    mhz = d.mhz;
    call_cycles = d.call_cycles;
    msg_cycles = d.msg_cycles;
    watchdog = d.watchdog;
    seed = d.seed;
    jitter = d.jitter;
    mem_words_per_cycle = d.mem_words_per_cycle;
}

network::network(sc_module_name name, const config &cfg)
    : sc_module(name), clk_i("clk_i"), rst_ni("rst_ni"), impl_(new impl)
{
    impl &s = *impl_;
    s.on_error = cfg.on_error;
    s.on_watchdog = cfg.on_watchdog;
    s.check_source = cfg.check_source;
    // the library's one check of the machine's values: its line, verbatim
    ss_params *sp = ss_params_new();
    if (!sp) {
        SC_REPORT_ERROR(kMsgType, "out of memory for the parameters");
        return;
    }
    const int_field ints[] = {
        { "n", cfg.n }, { "depth", cfg.depth }, { "tt", cfg.tt },
        { "call_cycles", cfg.call_cycles }, { "msg_cycles", cfg.msg_cycles },
        { "watchdog", cfg.watchdog }, { "seed", cfg.seed },
        { "sync", static_cast<int>(cfg.sync) },
    };
    const char *why = nullptr;
    for (const int_field &f : ints)
        if (!why && ss_params_set_int(sp, f.name, f.value) != SS_OK) why = ss_params_error(sp);
    if (!why && ss_params_set_real(sp, "mhz", cfg.mhz) != SS_OK) why = ss_params_error(sp);
    if (!why && ss_params_set_real(sp, "jitter", cfg.jitter) != SS_OK) why = ss_params_error(sp);
    if (!why && ss_params_set_real(sp, "mem_bw", cfg.mem_words_per_cycle) != SS_OK)
        why = ss_params_error(sp);
    if (!why) why = ss_params_check(sp);
    if (!why) why = ss_backend_check(cfg.fabric ? "sc-rtl" : "sc", sp, nullptr);
    std::string refusal = why ? why : "";
    params_t p{};
    if (!why) ss_params_to_model(sp, &p);
    ss_params_free(sp);
    if (!refusal.empty()) {
        SC_REPORT_ERROR(kMsgType, (std::string(this->name()) + ": " + refusal).c_str());
        return;   // (when the error does not throw) a network of no nodes
    }
    s.own.reset(new machine_t());
    if (machine_init(s.own.get(), &p, cfg.mem_words)) {
        machine_free(s.own.get());
        s.own.reset();
        SC_REPORT_ERROR(kMsgType, "out of memory for the machine");
        return;
    }
    s.m = s.own.get();
    if (cfg.fabric) s.fabric = cfg.fabric;
    build();
}

network::network(sc_module_name name, const detail::attach &a)
    : sc_module(name), clk_i("clk_i"), rst_ni("rst_ni"), impl_(new impl)
{
    impl &s = *impl_;
    s.m = a.m;
    s.on_error = a.on_error;
    s.on_watchdog = a.on_watchdog;
    s.reports = false;
    s.check_source = false;   // the kernels use the source field as a tag
    s.fabric = a.want_rtl ? a.fabric : nullptr;
    s.want_rtl = a.want_rtl;
    build();
}

network::~network()
{
    impl &s = *impl_;
    s.nis.clear();
    s.fab.reset();
    if (s.own) machine_free(s.own.get());
}

void network::build()
{
    impl &s = *impl_;
    if (s.want_rtl || s.fabric) {
        const machine_t *m = s.m;
        if (!s.fabric) {
            SC_REPORT_ERROR(kMsgType, "no RTL routers: this binary holds no Verilated fabric");
            return;
        }
        if (s.fabric->n() != m->n || s.fabric->depth() != m->p.depth || s.fabric->tt() != m->p.tt) {
            char msg[256];
            std::snprintf(msg, sizeof msg,
                          "%s: the Verilated fabric was built for n = %d, depth = %d, T_t = %d; "
                          "this network has n = %d, depth = %d, T_t = %d (make sc-fabric "
                          "FABRIC_N=%d FABRIC_DEPTH=%d FABRIC_TT=%d)",
                          name(), s.fabric->n(), s.fabric->depth(), s.fabric->tt(), m->n,
                          m->p.depth, m->p.tt, m->n, m->p.depth, m->p.tt);
            SC_REPORT_ERROR(kMsgType, msg);
            return;
        }
        detail::fabric_request req{ m, clk_i, rst_ni };
        s.fab.reset(s.fabric->build(req));
    }
    for (int i = 0; i < s.m->num_nodes; i++)
        s.nis.emplace_back(new syncswitch::ni(("ni_" + std::to_string(i)).c_str(), *this, i));

    SC_HAS_PROCESS(network);
    SC_METHOD(on_rising_edge);
    sensitive << clk_i.pos();
    dont_initialize();
    SC_METHOD(after_edge);
    sensitive << s.after_edge_ev;
    dont_initialize();
    SC_METHOD(on_reset_release);
    sensitive << rst_ni.pos();
    dont_initialize();
}

int network::num_nodes() const { return impl_->m ? impl_->m->num_nodes : 0; }

ni &network::ni(int i)
{
    if (i < 0 || i >= num_nodes()) {
        char msg[160];
        std::snprintf(msg, sizeof msg, "%s: ni(%d): no such node (allowed 0..%d)", name(), i,
                      num_nodes() - 1);
        SC_REPORT_ERROR(kMsgType, msg);
        throw std::out_of_range(msg);   // when the report did not throw
    }
    return *impl_->nis[static_cast<size_t>(i)];
}

uint64_t network::cycle() const { return impl_->m ? impl_->m->cycle : 0; }
bool network::out_of_reset() const { return impl_->running; }
status network::get_status() const { return impl_->st; }
std::string network::reason() const { return impl_->reason; }
int network::moved() const { return impl_->moved; }
const sc_event &network::stopped_event() const { return impl_->stopped; }

void network::impl::sw_forward(int node)
{
    m->node[node].sw_clear = 1;
    if (fab) fab->sw_clear(node, true);
}

// Everything a reset clears, in place: the run driver's machine keeps its
// hooks (traffic, counters it reads, diag) and every node its memory.
void network::impl::reset_state()
{
    const params_t &p = m->p;
    size_t N = static_cast<size_t>(m->num_nodes);
    for (size_t i = 0; i < N; i++) {
        node_t *nd = &m->node[i];
        router_init(&m->r[i], &p, nd->x, nd->y);
        node_t keep = *nd;
        std::memset(nd, 0, sizeof *nd);
        nd->id = keep.id;
        nd->x = keep.x;
        nd->y = keep.y;
        nd->m = keep.m;
        nd->mem = keep.mem;
        nd->mem_words = keep.mem_words;
        nd->rx_msgs_from = keep.rx_msgs_from;
        nd->rx_words_from = keep.rx_words_from;
        nd->tr = keep.tr;
        nd->co = keep.co;
        nd->mem_rate = keep.mem_rate;
        nd->program_flits = keep.program_flits;   // the machine's counter (model/node.h)
        nd->payload = keep.payload;
        nd->payload_seed = keep.payload_seed;
        for (int v = 0; v < NUM_VC; v++) nd->inj_credits[v] = static_cast<uint8_t>(p.depth);
        std::memset(nd->rx_msgs_from, 0, N * sizeof *nd->rx_msgs_from);
        std::memset(nd->rx_words_from, 0, N * sizeof *nd->rx_words_from);
        if (fab) {
            fab->drive(static_cast<int>(i), 0, 0);
            fab->sw_clear(static_cast<int>(i), false);
        }
    }
    std::memset(m->out_q, 0, N * sizeof *m->out_q);
    std::memset(m->out_d, 0, N * sizeof *m->out_d);
    std::memset(m->inj_q, 0, N * sizeof *m->inj_q);
    std::memset(m->inj_d, 0, N * sizeof *m->inj_d);
    std::memset(m->ejc_q, 0, N * sizeof *m->ejc_q);
    std::memset(m->ejc_d, 0, N * sizeof *m->ejc_d);
    std::memset(m->arrive_q, 0, N * sizeof *m->arrive_q);
    std::memset(m->arrive_d, 0, N * sizeof *m->arrive_d);
    if (m->link_flits) std::memset(m->link_flits, 0, N * NUM_PORTS * sizeof *m->link_flits);
    m->cycle = 0;
    m->last_progress = 0;
    m->program_flits = 0;
    m->protocol_error = nullptr;
    m->error_node = 0;
    moved = 0;
    progress = 1;
    running = false;
    halted = false;
    st = status::ok;
    reason.clear();
    assert_msg.clear();
    for (auto &n : nis) n->state().on_reset();
}

// The watchdog or a protocol error: report per the policy, and stop this
// network's clock unless it may go on.
void network::impl::halt(policy p, status s, const std::string &why)
{
    reason = why;
    bool go_on = p == policy::report_and_continue && s == status::stuck;
    if (!go_on) {
        on_halt_wakes = p != policy::stop_simulation;
        st = s;
        halted = true;
        stopped.notify(SC_ZERO_TIME);
        for (auto &n : nis) n->state().on_halt();
    }
    if (p == policy::stop_simulation) {
        sc_stop();
        if (reports) SC_REPORT_ERROR(kMsgType, why.c_str());
    } else if (reports) {
        SC_REPORT_WARNING(kMsgType, why.c_str());
    }
}

void network::on_reset_release()
{
    impl &s = *impl_;
    if (!s.m) return;
    s.running = true;
    for (auto &n : s.nis) n->state().after_edge();   // wakes the processors (cycle 0)
}

void network::on_rising_edge()
{
    impl &s = *impl_;
    machine_t *m = s.m;
    if (!m) return;
    if (!rst_ni.read()) {
        s.reset_state();
        return;
    }
    if (!s.running || s.halted) return;
    if (!s.fab) {
        // the C model: nodes and routers exactly as machine_run steps them
        s.moved = machine_step_hw(m);
        if (s.moved < 0) s.st = status::protocol;
    } else {
        // the nodes here; the Verilated routers take the same edge in
        // their own processes and read what was driven before it
        s.moved = 0;
        if (m->traffic) traffic_generate(m->traffic, m->cycle);
        for (int i = 0; i < m->num_nodes; i++) {
            node_t *nd = &m->node[i];
            flit_t inj;
            credit_t ejc;
            s.moved += node_dma_step(nd, s.fab->eject(i), s.fab->inject_credit(i), &inj, &ejc);
            s.fab->drive(i, inj, ejc);
            if (nd->sw_clear) {          // taken by the router at this edge
                nd->sw_clear = 0;
                s.fab->sw_clear(i, false);
            }
        }
        m->cycle++;
    }
    s.after_edge_ev.notify(SC_ZERO_TIME);
}

void network::after_edge()
{
    impl &s = *impl_;
    machine_t *m = s.m;
    if (s.halted || !s.running) return;
    if (s.fab && s.st == status::ok) {
        // the routers' registered outputs of this edge are visible now
        s.moved += s.fab->flits_moving(m->link_flits);
        for (int i = 0; i < m->num_nodes; i++) {
            bool error = false;
            s.fab->status(i, &m->r[i].nim, &m->r[i].phase, &error);
            if (error && s.st == status::ok) {
                s.st = status::protocol;
                m->protocol_error = "RTL router raised error_o (protocol violation)";
                m->error_node = i;
            }
        }
        std::string failed = s.fab->assert_failure();
        if (!failed.empty() && s.st == status::ok) {
            s.assert_msg = failed;
            s.st = status::protocol;
            m->protocol_error = s.assert_msg.c_str();
            m->error_node = -1;
        }
    }
    if (s.st == status::protocol) {
        char msg[512];
        if (m->error_node >= 0)
            std::snprintf(msg, sizeof msg, "%s: node %d, cycle %llu: %s", name(), m->error_node,
                          static_cast<unsigned long long>(m->cycle), m->protocol_error);
        else
            std::snprintf(msg, sizeof msg, "%s: cycle %llu: %s", name(),
                          static_cast<unsigned long long>(m->cycle), m->protocol_error);
        s.halt(s.on_error, status::protocol, msg);
        return;
    }
    // The watchdog as machine_run keeps it: progress is a flit moved at
    // this edge, or a processor woken (or computing) after the last one.
    if (s.moved || s.progress) {
        m->last_progress = m->cycle;
    } else if (s.waiting && static_cast<int64_t>(m->cycle - m->last_progress) >= m->p.watchdog) {
        char msg[256];
        std::snprintf(msg, sizeof msg,
                      "%s: cycle %llu: no progress for %lld cycles while %d processor(s) wait",
                      name(), static_cast<unsigned long long>(m->cycle),
                      static_cast<long long>(m->p.watchdog), s.waiting);
        m->last_progress = m->cycle;   // report_and_continue: the next period
        s.halt(s.on_watchdog, status::stuck, msg);
        if (s.halted) return;
    }
    s.progress = 0;
    for (auto &n : s.nis) s.progress |= n->state().after_edge();
    if (m->tick && (m->cycle & 0xffff) == 0) m->tick(m, m->tick_arg);
    s.edge_done.notify(SC_ZERO_TIME);
}

void network::trace(sc_trace_file *tf) const
{
    const impl &s = *impl_;
    if (!s.m) return;
    std::string me = name();
    for (int i = 0; i < s.m->num_nodes; i++) {
        std::string r = me + ".router_" + std::to_string(i);
        sc_trace(tf, s.m->r[i].phase, r + ".phase");
        sc_trace(tf, s.m->r[i].nim, r + ".nim", NUM_PORTS);
        s.nis[static_cast<size_t>(i)]->trace(tf);
    }
    sc_trace(tf, s.m->cycle, me + ".cycle");
    if (s.fab) s.fab->trace(tf, me);
}

}  // namespace syncswitch
