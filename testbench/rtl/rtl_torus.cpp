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
        edge();
        edge();
        top_->rst_ni = 1;
    }

    // The waveform is written as FILE.partial-PID and renamed into place
    // here: an interrupted run leaves no FILE that looks complete.
    void finish() override
    {
        if (fst_) fst_->close();
        if (!vcd_path_.empty()) {
            // Verilator builds one trace format; fst2vcd (GTKWave) converts
            std::string fst = partial_ + ".fst";
            std::string cmd = "fst2vcd -f '" + fst + "' -o '" + partial_ + "' >/dev/null 2>&1";
            if (std::system(cmd.c_str()) != 0)
                fprintf(stderr, "syncswitch: fst2vcd (gtkwave) failed; the FST is at %s\n", fst.c_str());
            else
                std::remove(fst.c_str());
        }
        if (fst_ && std::rename(partial_.c_str(), final_.c_str()) != 0)
            fprintf(stderr, "syncswitch: cannot put the waveform in place as %s: %s\n",
                    final_.c_str(), std::strerror(errno));
        top_->final();
        write_coverage(ctx_.get());
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
        edge();
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
        partial_ = final_ + ".partial-" + std::to_string(static_cast<long>(getpid()));
        std::string path = partial_;
        if (path.size() > 4 && final_.compare(final_.size() - 4, 4, ".vcd") == 0) {
            vcd_path_ = final_;
            path += ".fst";
        }
        fst_.reset(new VerilatedFstC);
        top_->trace(fst_.get(), 99);
        fst_->open(path.c_str());
    }

    void dump()
    {
        uint64_t c = m_->cycle;
        if (fst_ && c >= opts_.trace_from && c <= opts_.trace_to) fst_->dump(time_);
    }

    // One rising edge; the time base is 10 units per cycle.
    void edge()
    {
        top_->clk_i = 0;
        top_->eval();
        time_ += 5;
        dump();
        top_->clk_i = 1;
        top_->eval();
        time_ += 5;
        dump();
    }

    std::unique_ptr<VerilatedContext> ctx_{new VerilatedContext};
    std::unique_ptr<Vss_torus> top_;
    std::unique_ptr<VerilatedFstC> fst_;
    std::string vcd_path_;   // .vcd asked for: FST converted at the end
    std::string final_;      // the waveform's name (--trace)
    std::string partial_;    // its name while written
    uint64_t time_ = 0;
};

}  // namespace

const int kTopKind = RTL_TOP_TORUS;

Top *make_top(machine_t *m, const backend_opts &o, const char **)
{
    return new TorusTop(m, o);
}

}  // namespace rtl
