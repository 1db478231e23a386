// The Verilated torus as a router backend of the C machine, and the
// lockstep comparator. Kept thin: the nodes, node programs and measurement
// are the C model's; this file only moves bits between the C wires and the
// RTL ports, clocks the RTL, and (cosim) compares every link, credit and
// synchronizing-switch register with the C routers every cycle.
#include <cstdio>
#include <cstring>
#include <memory>
#include "Vtorus.h"
#include "verilated.h"
#include <cstdlib>
#include <string>
#include "verilated_fst_c.h"
#include "backend.h"
#include "vl_bits.h"

#ifndef RTL_N
#error "RTL_N, RTL_DEPTH, RTL_TT must match the Verilated torus parameters"
#endif

namespace {

constexpr unsigned FW = 37, CRW = 3, NP = NUM_PORTS, PHW = 32;

using vlbits::credit_from_rtl;
using vlbits::credit_to_rtl;
using vlbits::get_bits;
using vlbits::put_bits;

struct Rtl {
    machine_t *m = nullptr;
    backend_opts opts{};
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vtorus> top;
    std::unique_ptr<VerilatedFstC> fst;
    std::string vcd_path;   // .vcd asked for: FST converted at the end
    uint64_t time = 0;
    char msg[512] = "";
};

void dump(Rtl &r)
{
    uint64_t c = r.m->cycle;
    if (c < r.opts.trace_from || c > r.opts.trace_to) return;
    if (r.fst) r.fst->dump(r.time);
}

// One rising edge; the time base is 10 units per cycle.
void clock(Rtl &r)
{
    r.top->clk_i = 0;
    r.top->eval();
    r.time += 5;
    dump(r);
    r.top->clk_i = 1;
    r.top->eval();
    r.time += 5;
    dump(r);
}

const char *const kind_name[4] = {"none", "HEAD", "BODY", "TAIL"};

// First difference between the C routers' next outputs and the RTL's.
bool compare(Rtl &r)
{
    machine_t *m = r.m;
    Vtorus *t = r.top.get();
    for (int i = 0; i < m->num_nodes; i++) {
        int x = i % m->n, y = i / m->n;
        for (unsigned p = 0; p < NP; p++) {
            flit_t cf = m->out_d[i].link[p];
            uint64_t rf = get_bits(t->link_flit_o, (i * NP + p) * FW, FW);
            if (!flit_valid(cf)) cf = 0;
            if (cf != rf) {
                const char *sig = "word";
                uint64_t cv = flit_word(cf), rv = rf & 0xffffffffu;
                if (flit_valid(cf) != ((rf >> 36) & 1)) { sig = "valid"; cv = flit_valid(cf); rv = (rf >> 36) & 1; }
                else if (flit_vc(cf) != ((rf >> 34) & 3)) { sig = "vc"; cv = flit_vc(cf); rv = (rf >> 34) & 3; }
                else if (flit_kind(cf) != ((rf >> 32) & 3)) { sig = "kind"; cv = flit_kind(cf); rv = (rf >> 32) & 3; }
                snprintf(r.msg, sizeof r.msg,
                         "cosim mismatch at cycle %llu: router (%d,%d) output %s link %s: "
                         "C %s %llx, RTL %s %llx",
                         (unsigned long long)m->cycle + 1, x, y, port_name[p], sig,
                         kind_name[flit_kind(cf)], (unsigned long long)cv,
                         kind_name[(rf >> 32) & 3], (unsigned long long)rv);
                return false;
            }
            uint64_t cc = credit_to_rtl(m->out_d[i].credit[p]);
            uint64_t rc = get_bits(t->link_credit_o, (i * NP + p) * CRW, CRW);
            if (cc != rc) {
                snprintf(r.msg, sizeof r.msg,
                         "cosim mismatch at cycle %llu: router (%d,%d) input %s credit return: "
                         "C valid %d vc %d, RTL valid %d vc %d",
                         (unsigned long long)m->cycle + 1, x, y, port_name[p],
                         int(cc >> 2), int(cc & 3), int(rc >> 2), int(rc & 3));
                return false;
            }
        }
        uint64_t nim = get_bits(t->nim_o, i * NP, NP);
        uint64_t ph = get_bits(t->phase_o, i * PHW, PHW);
        if (nim != m->r[i].nim || ph != m->r[i].phase) {
            snprintf(r.msg, sizeof r.msg,
                     "cosim mismatch at cycle %llu: router (%d,%d) sync switch: "
                     "C nim %02x phase %u, RTL nim %02llx phase %llu",
                     (unsigned long long)m->cycle + 1, x, y, m->r[i].nim, m->r[i].phase,
                     (unsigned long long)nim, (unsigned long long)ph);
            return false;
        }
    }
    return true;
}

int step(machine_t *m, void *vctx)
{
    Rtl &r = *static_cast<Rtl *>(vctx);
    Vtorus *t = r.top.get();
    for (int i = 0; i < m->num_nodes; i++) {
        put_bits(t->inj_flit_i, i * FW, FW, flit_valid(m->inj_q[i]) ? m->inj_q[i] : 0);
        put_bits(t->ej_credit_i, i * CRW, CRW, credit_to_rtl(m->ejc_q[i]));
        put_bits(t->sw_clear_i, i, 1, m->node[i].sw_clear);
    }
    int moved = 0;
    if (r.opts.kind == BACKEND_COSIM) {
        moved = machine_routers_step_c(m);   // clears the nodes' sw_clear
        if (moved < 0) return -1;
        // self-test of the comparator: corrupt the first flit router 0
        // sends on X+ at or after the chosen cycle
        if (r.opts.perturb_cycle >= 0 && (int64_t)m->cycle >= r.opts.perturb_cycle &&
            flit_valid(m->out_d[0].link[PORT_XP])) {
            m->out_d[0].link[PORT_XP] ^= 1;
            r.opts.perturb_cycle = -1;
        }
    } else {
        for (int i = 0; i < m->num_nodes; i++) m->node[i].sw_clear = 0;
    }
    clock(r);
    for (int i = 0; i < m->num_nodes; i++)
        if (get_bits(t->error_o, i, 1)) {
            m->protocol_error = "RTL router raised error_o (protocol violation)";
            m->error_node = i;
            return -1;
        }
    if (r.opts.kind == BACKEND_COSIM) {
        if (!compare(r)) {
            m->protocol_error = r.msg;
            m->mismatch = 1;
            return -1;
        }
        return moved;
    }
    // RTL alone: its outputs become the machine's wires
    for (int i = 0; i < m->num_nodes; i++) {
        for (unsigned p = 0; p < NP; p++) {
            uint64_t f = get_bits(t->link_flit_o, (i * NP + p) * FW, FW);
            m->out_d[i].link[p] = f;
            m->out_d[i].credit[p] = credit_from_rtl(get_bits(t->link_credit_o, (i * NP + p) * CRW, CRW));
            moved += (f >> 36) & 1;
        }
        m->r[i].nim = static_cast<uint8_t>(get_bits(t->nim_o, i * NP, NP));
        m->r[i].phase = static_cast<uint32_t>(get_bits(t->phase_o, i * PHW, PHW));
    }
    return moved;
}

}  // namespace

extern "C" int rtl_backend_available(void) { return 1; }

extern "C" void rtl_backend_config(int *n, int *depth, int *tt)
{
    *n = RTL_N;
    *depth = RTL_DEPTH;
    *tt = RTL_TT;
}

extern "C" void *rtl_backend_attach(machine_t *m, const backend_opts *o, const char **why)
{
    if (m->n != RTL_N || m->p.depth != RTL_DEPTH || m->p.tt != RTL_TT) {
        *why = "the Verilated torus was built for another n, depth or T_t";
        return nullptr;
    }
    auto *r = new Rtl;
    r->m = m;
    r->opts = *o;
    r->ctx.reset(new VerilatedContext);
    r->top.reset(new Vtorus(r->ctx.get(), "torus"));
    if (o->trace) {
        r->ctx->traceEverOn(true);
        std::string path = o->trace;
        if (path.size() > 4 && path.compare(path.size() - 4, 4, ".vcd") == 0) {
            r->vcd_path = path;
            path += ".tmp.fst";
        }
        r->fst.reset(new VerilatedFstC);
        r->top->trace(r->fst.get(), 99);
        r->fst->open(path.c_str());
    }
    Vtorus *t = r->top.get();
    t->sync_mode_i = static_cast<CData>(m->p.sync);
    t->rst_ni = 0;
    clock(*r);
    clock(*r);
    t->rst_ni = 1;
    m->routers_step = step;
    m->routers_ctx = r;
    return r;
}

extern "C" void rtl_backend_detach(void *vctx)
{
    auto *r = static_cast<Rtl *>(vctx);
    if (!r) return;
    if (r->fst) r->fst->close();
    if (!r->vcd_path.empty()) {
        // Verilator builds one trace format; fst2vcd (GTKWave) converts
        std::string fst = r->vcd_path + ".tmp.fst";
        std::string cmd = "fst2vcd -f '" + fst + "' -o '" + r->vcd_path + "' >/dev/null 2>&1";
        if (std::system(cmd.c_str()) != 0)
            fprintf(stderr, "syncswitch: fst2vcd (gtkwave) failed; the FST is at %s\n", fst.c_str());
        else
            std::remove(fst.c_str());
    }
    r->top->final();
    r->m->routers_step = nullptr;
    r->m->routers_ctx = nullptr;
    delete r;
}
