// The Verilated routers as a SystemC netlist: one Vss_router_ports module
// (verilator --sc of rtl/ss_router_ports.v, ss_router with a port per
// direction) per node, each output port's sc_signal bound to the input of
// the neighbour in that direction, credits back the same way: the wiring
// of rtl/ss_torus.v. The network drives the local ports (the nodes'
// inject flit, eject credit and sw_clear) and reads them back.
//
// Built with the Verilated model of one (n, depth, T_t) (RTL_N, RTL_DEPTH,
// RTL_TT) into libsyncswitch_fabric_n<N>_d<D>_t<T>.a, whose one entry is
// syncswitch::verilated_fabric().
#include <memory>
#include <string>
#include <vector>
#include "Vss_router_ports.h"
#include "ss_internal.h"
#include "vl_assert.h"
#include "vl_bits.h"

#ifndef RTL_N
#error "RTL_N, RTL_DEPTH, RTL_TT must match the Verilated parameters"
#endif

using namespace sc_core;

namespace syncswitch {
namespace {

// One router's output wires (what it drives) and its own inputs that no
// other router drives.
struct router_wires {
    sc_signal<uint64_t> out_flit[NUM_PORTS];
    sc_signal<uint32_t> in_credit[NUM_PORTS];
    sc_signal<uint64_t> inject;       // node -> local input
    sc_signal<uint32_t> eject_credit; // node -> local output's credit
    // set by the node's processor (through its NI), cleared by the
    // network's clock process when the router has taken it
    sc_signal<bool, SC_MANY_WRITERS> sw_clear;
    sc_signal<uint32_t> x, y;
    sc_signal<uint32_t> nim, phase;
    sc_signal<bool> error;
};

class rtl_fabric : public detail::fabric {
public:
    rtl_fabric(const machine_t *m, sc_in<bool> &clk, sc_in<bool> &rst_n) : n_(m->num_nodes)
    {
        w_.reserve(static_cast<size_t>(n_));
        for (int i = 0; i < n_; i++) w_.emplace_back(new router_wires);
        mode_.write(static_cast<uint32_t>(m->p.sync));
        seed_.write(m->p.seed);   // (valiant's; these routers route in dimension order)
        for (int i = 0; i < n_; i++) {
            router_wires &w = *w_[i];
            w.x.write(static_cast<uint32_t>(m->node[i].x));
            w.y.write(static_cast<uint32_t>(m->node[i].y));
            auto *r = new Vss_router_ports(("router_" + std::to_string(i)).c_str());
            rt_.emplace_back(r);
            r->clk_i(clk);
            r->rst_ni(rst_n);
            r->x_i(w.x);
            r->y_i(w.y);
            r->sync_mode_i(mode_);
            r->seed_i(seed_);
            r->sw_clear_i(w.sw_clear);
            // input p comes from output p of the upstream router up[p]
            const int *up = &m->up[i * NUM_PORTS], *down = &m->down[i * NUM_PORTS];
            r->in_flit_xp_i(w_[up[PORT_XP]]->out_flit[PORT_XP]);
            r->in_flit_xm_i(w_[up[PORT_XM]]->out_flit[PORT_XM]);
            r->in_flit_yp_i(w_[up[PORT_YP]]->out_flit[PORT_YP]);
            r->in_flit_ym_i(w_[up[PORT_YM]]->out_flit[PORT_YM]);
            r->in_flit_l_i(w.inject);
            r->in_credit_xp_o(w.in_credit[PORT_XP]);
            r->in_credit_xm_o(w.in_credit[PORT_XM]);
            r->in_credit_yp_o(w.in_credit[PORT_YP]);
            r->in_credit_ym_o(w.in_credit[PORT_YM]);
            r->in_credit_l_o(w.in_credit[PORT_LOCAL]);
            r->out_flit_xp_o(w.out_flit[PORT_XP]);
            r->out_flit_xm_o(w.out_flit[PORT_XM]);
            r->out_flit_yp_o(w.out_flit[PORT_YP]);
            r->out_flit_ym_o(w.out_flit[PORT_YM]);
            r->out_flit_l_o(w.out_flit[PORT_LOCAL]);
            // output p's credits come back from input p of the downstream router
            r->out_credit_xp_i(w_[down[PORT_XP]]->in_credit[PORT_XP]);
            r->out_credit_xm_i(w_[down[PORT_XM]]->in_credit[PORT_XM]);
            r->out_credit_yp_i(w_[down[PORT_YP]]->in_credit[PORT_YP]);
            r->out_credit_ym_i(w_[down[PORT_YM]]->in_credit[PORT_YM]);
            r->out_credit_l_i(w.eject_credit);
            r->nim_o(w.nim);
            r->phase_o(w.phase);
            r->error_o(w.error);
        }
    }

    ~rtl_fabric() override
    {
        for (auto &r : rt_) r->final();
    }

    flit_t eject(int i) const override { return w_[i]->out_flit[PORT_LOCAL].read(); }
    credit_t inject_credit(int i) const override
    {
        return vlbits::credit_from_rtl(w_[i]->in_credit[PORT_LOCAL].read());
    }
    void drive(int i, flit_t inject, credit_t eject_credit) override
    {
        router_wires &w = *w_[i];
        uint64_t f = flit_valid(inject) ? inject : 0;
        uint32_t c = static_cast<uint32_t>(vlbits::credit_to_rtl(eject_credit));
        if (w.inject.read() != f) w.inject.write(f);
        if (w.eject_credit.read() != c) w.eject_credit.write(c);
    }
    void sw_clear(int i, bool on) override { w_[i]->sw_clear.write(on); }
    void status(int i, uint8_t *nim, uint32_t *phase, bool *error) const override
    {
        *nim = static_cast<uint8_t>(w_[i]->nim.read());
        *phase = w_[i]->phase.read();
        *error = w_[i]->error.read();
    }
    std::string assert_failure() override
    {
        return vl_assert_failed() ? vl_assert_line(-1, -1) : std::string();
    }
    int flits_moving(uint64_t *links) const override
    {
        int k = 0;
        for (int i = 0; i < n_; i++)
            for (int p = 0; p < NUM_PORTS; p++) {
                int v = flit_valid(w_[i]->out_flit[p].read());
                k += v;
                if (links) links[i * NUM_PORTS + p] += static_cast<uint64_t>(v);
            }
        return k;
    }
    void trace(sc_trace_file *tf, const std::string &prefix) const override
    {
        for (int i = 0; i < n_; i++) {
            std::string r = prefix + ".router_" + std::to_string(i);
            sc_trace(tf, w_[i]->inject, r + ".inject_flit");
            sc_trace(tf, w_[i]->out_flit[PORT_LOCAL], r + ".eject_flit");
        }
    }

private:
    int n_;
    sc_signal<uint32_t> mode_;
    sc_signal<uint32_t> seed_;
    std::vector<std::unique_ptr<router_wires>> w_;
    std::vector<std::unique_ptr<Vss_router_ports>> rt_;
};

// The builder of this archive's one configuration.
class verilated_builder : public fabric_builder {
public:
    int n() const override { return RTL_N; }
    int depth() const override { return RTL_DEPTH; }
    int tt() const override { return RTL_TT; }
    detail::fabric *build(detail::fabric_request &req) const override
    {
        return new rtl_fabric(req.m, req.clk, req.rst_n);
    }
};

}  // namespace

const fabric_builder &verilated_fabric()
{
    static const verilated_builder b;   // stateless: one per program is enough
    return b;
}

}  // namespace syncswitch
