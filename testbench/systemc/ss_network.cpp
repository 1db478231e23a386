// ss_network: the machine's clock edge in SystemC. One process per rising
// edge steps every node's DMA engines and every router (in the C model's
// order: nodes, then routers, all reading last edge's registered wires),
// and one process after it publishes the routers' status, wakes the
// processors whose wait is over and keeps the watchdog. Two processes per
// cycle for the whole torus: the price of SystemC over the bare C model.
#include "ss_network.h"
#include <cstdio>
#include <string>
#include "ss_ni.h"

extern "C" {
#include "traffic.h"
}

using namespace sc_core;

ss_network::ss_network(sc_module_name name, const params_t &p, size_t mem_words,
                       ss_fabric_kind fabric)
    : sc_module(name), clk_i("clk_i"), rst_ni("rst_ni"), own_(new machine_t()), m_(own_.get())
{
    if (machine_init(m_, &p, mem_words)) {
        machine_free(m_);
        SC_REPORT_ERROR("ss_network", "out of memory for the machine");
        return;
    }
    build(fabric);
}

ss_network::ss_network(sc_module_name name, machine_t *m, ss_fabric_kind fabric)
    : sc_module(name), clk_i("clk_i"), rst_ni("rst_ni"), m_(m)
{
    build(fabric);
}

ss_network::~ss_network()
{
    ni_.clear();
    fabric_.reset();
    if (own_) machine_free(own_.get());
}

void ss_network::build(ss_fabric_kind fabric)
{
    if (fabric == ss_fabric_kind::rtl) {
        const char *why = "unknown";
        fabric_.reset(ss_make_rtl_fabric(m_, clk_i, rst_ni, &why));
        if (!fabric_) {
            SC_REPORT_ERROR("ss_network", (std::string("no RTL routers: ") + why).c_str());
            return;
        }
    }
    for (int i = 0; i < m_->num_nodes; i++)
        ni_.emplace_back(new ss_ni(("ni_" + std::to_string(i)).c_str(), *this, i));

    SC_HAS_PROCESS(ss_network);
    SC_METHOD(on_rising_edge);
    sensitive << clk_i.pos();
    dont_initialize();
    SC_METHOD(after_edge);
    sensitive << after_edge_ev_;
    dont_initialize();
    SC_METHOD(on_reset_release);
    sensitive << rst_ni.pos();
    dont_initialize();
}

void ss_network::sw_forward(int node)
{
    m_->node[node].sw_clear = 1;
    if (fabric_) fabric_->sw_clear(node, true);
}

void ss_network::on_reset_release()
{
    running_ = true;
    for (auto &ni : ni_) ni->after_edge();   // wakes the processors (cycle 0)
}

void ss_network::on_rising_edge()
{
    if (!rst_ni.read() || !running_ || status_ != RUN_OK) return;
    if (!fabric_) {
        // the C model: nodes and routers exactly as machine_run steps them
        moved_ = machine_step_hw(m_);
        if (moved_ < 0) status_ = RUN_PROTOCOL;
    } else {
        // the nodes here; the Verilated routers take the same edge in
        // their own processes and read what was driven before it
        moved_ = 0;
        if (m_->traffic) traffic_generate(m_->traffic, m_->cycle);
        for (int i = 0; i < m_->num_nodes; i++) {
            node_t *nd = &m_->node[i];
            flit_t inj;
            credit_t ejc;
            moved_ += node_dma_step(nd, fabric_->eject(i), fabric_->inject_credit(i), &inj, &ejc);
            fabric_->drive(i, inj, ejc);
            if (nd->sw_clear) {          // taken by the router at this edge
                nd->sw_clear = 0;
                fabric_->sw_clear(i, false);
            }
        }
        m_->cycle++;
    }
    after_edge_ev_.notify(SC_ZERO_TIME);
}

void ss_network::after_edge()
{
    if (status_ != RUN_OK) {
        sc_stop();
        return;
    }
    if (fabric_) {
        // the routers' registered outputs of this edge are visible now
        moved_ += fabric_->flits_moving(m_->link_flits);
        for (int i = 0; i < m_->num_nodes; i++) {
            bool error = false;
            fabric_->status(i, &m_->r[i].nim, &m_->r[i].phase, &error);
            if (error && status_ == RUN_OK) {
                status_ = RUN_PROTOCOL;
                m_->protocol_error = "RTL router raised error_o (protocol violation)";
                m_->error_node = i;
            }
        }
        std::string failed = fabric_->assert_failure();
        if (!failed.empty() && status_ == RUN_OK) {
            snprintf(assert_msg_, sizeof assert_msg_, "%s", failed.c_str());
            status_ = RUN_PROTOCOL;
            m_->protocol_error = assert_msg_;
            m_->error_node = -1;
        }
        if (status_ != RUN_OK) {
            sc_stop();
            return;
        }
    }
    // The watchdog as machine_run keeps it: progress is a flit moved at
    // this edge, or a processor woken (or computing) after the last one.
    if (moved_ || progress_) m_->last_progress = m_->cycle;
    else if (waiting_ && static_cast<int64_t>(m_->cycle - m_->last_progress) >= m_->p.watchdog) {
        status_ = RUN_STUCK;
        if (own_) {   // a user's network: say so (the run driver prints its own report)
            char msg[160];
            std::snprintf(msg, sizeof msg, "no progress for %lld cycles (cycle %llu): stopping",
                          static_cast<long long>(m_->p.watchdog),
                          static_cast<unsigned long long>(m_->cycle));
            SC_REPORT_WARNING("ss_network", msg);
        }
        sc_stop();
        return;
    }
    progress_ = 0;
    for (auto &ni : ni_) progress_ |= ni->after_edge();
    if (m_->tick && (m_->cycle & 0xffff) == 0) m_->tick(m_, m_->tick_arg);
    edge_done_.notify(SC_ZERO_TIME);
}

void ss_network::trace(sc_trace_file *tf) const
{
    for (int i = 0; i < m_->num_nodes; i++) {
        std::string r = "router_" + std::to_string(i);
        sc_trace(tf, m_->r[i].phase, r + ".phase");
        sc_trace(tf, m_->r[i].nim, r + ".nim", NUM_PORTS);
        ni_[static_cast<size_t>(i)]->trace(tf, "ni_" + std::to_string(i));
    }
    sc_trace(tf, m_->cycle, "cycle");
    if (fabric_) fabric_->trace(tf);
}
