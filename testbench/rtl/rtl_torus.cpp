// The ss_torus.v top as a router backend: one Verilated model of the whole
// n x n torus (wiring included), which is what waveforms are taken from.
// Slower than the router array (rtl_routers.cpp): Verilator emits separate
// code for each of the n^2 router instances.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <cstring>
#include <string>
#include <unistd.h>
#include "Vss_torus.h"
#include "verilated.h"
#include "verilated_fst_c.h"
#include "rtl_common.h"
#include "rtl_wave.h"
#include "vl_assert.h"
#include "vl_bits.h"

namespace rtl {
namespace {

constexpr unsigned FW = FLIT_BITS, CRW = CREDIT_BUS_BITS, NP = NUM_PORTS, PHW = ROUTER_PHASE_BITS;

using vlbits::credit_from_rtl;
using vlbits::credit_to_rtl;
using vlbits::get_bits;
using vlbits::put_bits;

class TorusTop : public Top {
public:
    TorusTop(machine_t *m, const backend_opts &o) : Top(m, o)
    {
        x_random(ctx_.get());
        top_.reset(new Vss_torus(ctx_.get(), "torus"));
        if (o.trace) open_trace(o.trace);
        top_->sync_mode_i = static_cast<CData>(m->p.sync);
        top_->seed_i = static_cast<IData>(m->p.seed);
        top_->rst_ni = 0;
        edge(false);
        edge(false);
        top_->rst_ni = 1;
    }

    // The waveform is written as FILE.partial-PID (a .vcd: fst2vcd's copy
    // of FILE.partial-PID.fst) and renamed into place here once it is
    // whole: a failed or interrupted run leaves no FILE that looks complete.
    bool finish() override
    {
        bool ok = true;
        if (fst_) {
            fst_->close();
            bus_guard_off();
            std::string why = fst_whole(fst_path_);
            if (why.empty() && !vcd_path_.empty())
                why = fst_to_vcd(fst_path_, final_);
            else if (why.empty() && std::rename(fst_path_.c_str(), final_.c_str()) != 0)
                why = "cannot put it in place (" + std::string(std::strerror(errno)) + ")";
            if (!vcd_path_.empty() || !why.empty()) std::remove(fst_path_.c_str());
            std::remove((fst_path_ + ".hier").c_str());   // the writer's, if it left it
            if (!why.empty()) {
                fprintf(m_->diag ? m_->diag : stderr,
                        "syncswitch: --trace '%s': %s; no waveform written\n", final_.c_str(),
                        why.c_str());
                ok = false;
            }
        }
        top_->final();
        write_coverage(ctx_.get());
        return ok;
    }

protected:
    void clock() override
    {
        Vss_torus *t = top_.get();
        for (int i = 0; i < m_->num_nodes; i++) {
            put_bits(t->inj_flit_i, i * FW, FW, flit_valid(m_->inj_q[i]) ? m_->inj_q[i] : 0);
            put_bits(t->ej_credit_i, i * CRW, CRW, credit_to_rtl(m_->ejc_q[i]));
            put_bits(t->sw_clear_i, i, 1, m_->node[i].sw_clear);
        }
        edge(true);
        if (vl_assert_failed()) fail_assert(-1, -1);
        for (int i = 0; i < m_->num_nodes; i++) {
            RouterOut &r = out_[i];
            for (unsigned p = 0; p < NP; p++) {
                r.out.link[p] = get_bits(t->link_flit_o, (i * NP + p) * FW, FW);
                r.out.credit[p] = credit_from_rtl(get_bits(t->link_credit_o, (i * NP + p) * CRW, CRW));
            }
            r.nim = static_cast<uint8_t>(get_bits(t->nim_o, i * NP, NP));
            r.phase = static_cast<uint32_t>(get_bits(t->phase_o, i * PHW, PHW));
            r.error = get_bits(t->error_o, i, 1) != 0;
        }
    }

private:
    void open_trace(const char *file)
    {
        ctx_->traceEverOn(true);
        final_ = file;
        fst_path_ = final_ + ".partial-" + std::to_string(static_cast<long>(getpid()));
        if (final_.size() > 4 && final_.compare(final_.size() - 4, 4, ".vcd") == 0) {
            vcd_path_ = final_;
            fst_path_ += ".fst";
        }
        // the FST writer maps temporary files (in /tmp) that a full disk
        // cannot grow: the kernel's SIGBUS becomes this line and exit 5
        bus_guard_on("syncswitch: --trace '" + final_ + "': the FST writer failed (SIGBUS: a "
                     "file it maps could not grow: a full disk, the waveform's or /tmp's, or a "
                     "file size limit); no waveform written",
                     { fst_path_, fst_path_ + ".hier" });
        fst_.reset(new VerilatedFstC);
        // one time unit a cycle (docs/waves.md, "Time base"): FST has no
        // unit "cycle", so the trace says ns; time t is cycle t
        fst_->set_time_unit("1ns");
        fst_->set_time_resolution("1ns");
        top_->trace(fst_.get(), 99);
        fst_->open(fst_path_.c_str());
    }

    // One rising edge. The waveform's time is the cycle number: one
    // sample a cycle, taken before the edge that ends cycle c, at time c,
    // when the registers hold the values cycle c starts from and the
    // combinational signals (the inputs of cycle c applied) are cycle c's.
    // The two reset cycles are not sampled. (clk_i reads 0 in every sample.)
    void edge(bool sample)
    {
        top_->clk_i = 0;
        top_->eval();
        uint64_t c = m_->cycle;
        if (sample && fst_ && c >= opts_.trace_from && c <= opts_.trace_to) fst_->dump(c);
        top_->clk_i = 1;
        top_->eval();
    }

    std::unique_ptr<VerilatedContext> ctx_{new VerilatedContext};
    std::unique_ptr<Vss_torus> top_;
    std::unique_ptr<VerilatedFstC> fst_;
    std::string vcd_path_;   // .vcd asked for: FST converted at the end
    std::string final_;      // the waveform's name (--trace)
    std::string fst_path_;   // the FST while written: FILE.partial-PID[.fst]
};

}  // namespace

const int kTopKind = RTL_TOP_TORUS;

Top *make_top(machine_t *m, const backend_opts &o, const char **)
{
    return new TorusTop(m, o);
}

}  // namespace rtl
