// One Verilated router (rtl/ss_router.v) per node, wired by the C machine's
// registered wires exactly as rtl/ss_torus.v wires the instances: input port p
// of router i hears output p of its upstream neighbour, output p's credits
// come back from the downstream one. Every instance runs the same compiled
// code, which is what makes this the fast RTL backend; the ss_torus.v top
// (rtl_torus.cpp) is the one to take waveforms from.
#include <memory>
#include <string>
#include <vector>
#include "Vss_router.h"
#include "verilated.h"
#include "rtl_common.h"
#include "vl_assert.h"
#include "vl_bits.h"

namespace rtl {
namespace {

constexpr unsigned FW = FLIT_BITS, CRW = CREDIT_BUS_BITS, NP = NUM_PORTS;

using vlbits::credit_from_rtl;
using vlbits::credit_to_rtl;
using vlbits::get_bits;
using vlbits::pack_fields;

class RoutersTop : public Top {
public:
    RoutersTop(machine_t *m, const backend_opts &o) : Top(m, o)
    {
        x_random(ctx_.get());
        for (int i = 0; i < m->num_nodes; i++) {
            std::string name = "router_" + std::to_string(i);
            Vss_router *r = new Vss_router(ctx_.get(), name.c_str());
            r_.emplace_back(r);
            r->x_i = static_cast<CData>(i % m->n);
            r->y_i = static_cast<CData>(i / m->n);
            r->sync_mode_i = static_cast<CData>(m->p.sync);
            r->seed_i = static_cast<IData>(m->p.seed);
            r->rst_ni = 0;
            edge(r);
            edge(r);
            r->rst_ni = 1;
        }
    }

    bool finish() override   // (no waveform: this top is never traced)
    {
        for (auto &r : r_) r->final();
        write_coverage(ctx_.get());
        return true;
    }

protected:
    void clock() override
    {
        for (int i = 0; i < m_->num_nodes; i++) {
            Vss_router *r = r_[i].get();
            router_in_t in;
            machine_router_in(m_, i, &in);
            uint64_t flits[NP];
            uint32_t cred = 0;
            for (unsigned p = 0; p < NP; p++) {
                flits[p] = flit_valid(in.link[p]) ? in.link[p] : 0;
                cred |= static_cast<uint32_t>(credit_to_rtl(in.credit[p])) << (p * CRW);
            }
            static_assert(NP * CRW <= 32, "the credit bus is one IData");
            pack_fields(r->in_flit_i, flits, NP, FW);
            r->out_credit_i = static_cast<IData>(cred);
            r->sw_clear_i = in.sw_clear;
            edge(r);
            if (vl_assert_failed()) fail_assert(i % m_->n, i / m_->n);
            RouterOut &o = out_[i];
            for (unsigned p = 0; p < NP; p++) {
                o.out.link[p] = get_bits(r->out_flit_o, p * FW, FW);
                o.out.credit[p] = credit_from_rtl(get_bits(r->in_credit_o, p * CRW, CRW));
            }
            o.nim = r->nim_o;
            o.phase = r->phase_o;
            o.error = r->error_o;
        }
    }

private:
    static void edge(Vss_router *r)
    {
        r->clk_i = 0;
        r->eval();
        r->clk_i = 1;
        r->eval();
    }

    std::unique_ptr<VerilatedContext> ctx_{new VerilatedContext};
    std::vector<std::unique_ptr<Vss_router>> r_;
};

}  // namespace

const int kTopKind = RTL_TOP_ROUTERS;

Top *make_top(machine_t *m, const backend_opts &o, const char **why)
{
    if (o.trace) {   // the command line sends --trace to the torus top
        *why = "waveforms come from the torus top (--rtl-top torus)";
        return nullptr;
    }
    return new RoutersTop(m, o);
}

}  // namespace rtl
