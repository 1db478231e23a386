// The per-cycle protocol shared by the Verilated tops, the lockstep
// comparator, and the C entry points of backend.h.
#include "rtl_common.h"
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <string>
#include "vl_assert.h"
#include "vl_bits.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

#ifndef RTL_N
#error "RTL_N, RTL_DEPTH, RTL_TT (and RTL_VCS) must match the Verilated parameters"
#endif
#ifndef RTL_VCS
#define RTL_VCS 1        // K, ss_router's MP_VCS (make RTL_VCS=K)
#endif
#ifndef RTL_ROUTING
#define RTL_ROUTING 0    // ss_router's ROUTING (make RTL_ROUTING=dim_order|min_adapt|valiant)
#endif
#ifndef RTL_X_UNIQUE
#define RTL_X_UNIQUE 0   // 1: built with --x-initial unique --x-assign unique
#endif
#ifndef RTL_SYNC
#define RTL_SYNC 1   // the routers' SYNC_SWITCH
#endif

namespace rtl {

Top::Top(machine_t *m, const backend_opts &o) : m_(m), opts_(o), out_(m->num_nodes) {}

void Top::write_coverage(VerilatedContext *c)
{
#if VM_COVERAGE
    const char *dir = std::getenv("SYNCSWITCH_COV_DIR");
    std::string path = dir ? std::string(dir) + "/cov_" + std::to_string(getpid()) + ".dat"
                           : std::string("coverage.dat");
    c->coveragep()->write(path.c_str());
#else
    (void)c;
#endif
}

// What the plusargs +verilator+rand+reset+2 +verilator+seed+S do; the
// models' constructors draw the initial values through the thread's context.
void Top::x_random(VerilatedContext *c) const
{
    if (opts_.x_seed < 0) return;
    c->randReset(2);
    c->randSeed(static_cast<int>(opts_.x_seed));
    Verilated::threadContextp(c);
}

// First difference between the C routers' next outputs and the RTL's.
bool Top::compare()
{
    const machine_t *m = m_;
    for (int i = 0; i < m->num_nodes; i++) {
        int x = i % m->n, y = i / m->n;
        const RouterOut &r = out_[i];
        unsigned long long cyc = (unsigned long long)m->cycle + 1;
        for (int p = 0; p < NUM_PORTS; p++) {
            flit_t cf = m->out_d[i].link[p], rf = r.out.link[p];
            if (!flit_valid(cf)) cf = 0;
            if (cf != rf) {
                uint64_t cv, rv;
                const char *sig = vlbits::flit_diff(cf, rf, &cv, &rv);
                snprintf(msg_, sizeof msg_,
                         "cosim mismatch at cycle %llu: router (%d,%d) output %s link %s: "
                         "C %s %llx, RTL %s %llx",
                         cyc, x, y, port_name[p], sig, vlbits::flit_name(cf),
                         (unsigned long long)cv, vlbits::flit_name(rf),
                         (unsigned long long)rv);
                return false;
            }
            credit_t cc = m->out_d[i].credit[p], rc = r.out.credit[p];
            if (cc != rc) {
                snprintf(msg_, sizeof msg_,
                         "cosim mismatch at cycle %llu: router (%d,%d) input %s credit return: "
                         "C valid %d vc %d, RTL valid %d vc %d",
                         cyc, x, y, port_name[p], (cc & CREDIT_VALID) != 0, cc & FLIT_VC_MASK,
                         (rc & CREDIT_VALID) != 0, rc & FLIT_VC_MASK);
                return false;
            }
        }
        // a router built without the switch has no bits and no phase; the
        // C router's (SYNC_OFF: observers only, they gate nothing) are not
        // compared
        if (!RTL_SYNC) continue;
        uint8_t cn = m->r[i].nim, rn = r.nim;
        if (cn != rn) {
            int b = 0;
            while (!(((cn ^ rn) >> b) & 1)) b++;
            snprintf(msg_, sizeof msg_,
                     "cosim mismatch at cycle %llu: router (%d,%d) input %s sync switch "
                     "NotInMessage bit: C %d, RTL %d (bits C %02x, RTL %02x)",
                     cyc, x, y, b < NUM_PORTS ? port_name[b] : "?", (cn >> b) & 1,
                     (rn >> b) & 1, cn, rn);
            return false;
        }
        if (r.phase != m->r[i].phase) {
            snprintf(msg_, sizeof msg_,
                     "cosim mismatch at cycle %llu: router (%d,%d) sync switch phase: "
                     "C %u, RTL %u", cyc, x, y, m->r[i].phase, r.phase);
            return false;
        }
    }
    return true;
}

// Self-test of the comparator (--cosim-perturb C, --cosim-perturb-signal):
// at or after cycle C, once, corrupt one signal of router 0 of each class
// the comparator compares, in the C model's next outputs or registers; the
// report must name it. A class the build does not compare (the sync
// switch's without it) stays pending: run.c says the run tested nothing.
void Top::perturb()
{
    machine_t *m = m_;
    if (opts_.perturb_cycle < 0 || (int64_t)m->cycle < opts_.perturb_cycle) return;
    router_out_t *o = &m->out_d[0];
    switch (opts_.perturb_signal) {
    case PERTURB_CREDIT: {   // the first credit it returns is lost
        int p = 0;
        while (p < NUM_PORTS && !(o->credit[p] & CREDIT_VALID)) p++;
        if (p == NUM_PORTS) return;
        o->credit[p] = 0;
        break;
    }
    case PERTURB_NIM:   // input X+'s NotInMessage bit flipped
        if (!RTL_SYNC) return;
        m->r[0].nim ^= 1u << PORT_XP;
        break;
    case PERTURB_PHASE:   // the phase counter's low bit flipped
        if (!RTL_SYNC) return;
        m->r[0].phase ^= 1u;
        break;
    default:   // the first flit it sends on X+: a valid flit whose kind
               // field is 0, which no sender makes
        if (!flit_valid(o->link[PORT_XP])) return;
        o->link[PORT_XP] &= ~((flit_t)FLIT_KIND_MASK << FLIT_KIND_LSB);
        break;
    }
    opts_.perturb_cycle = -1;
}

void Top::fail_assert(int x, int y)
{
    if (asserted_) return;   // the first one
    snprintf(msg_, sizeof msg_, "%s", vl_assert_line(x, y).c_str());
    asserted_ = true;
}

int Top::step()
{
    machine_t *m = m_;
    // The RTL first: it reads the wires and the nodes' sw_clear, which the C
    // routers below consume (they write only out_d).
    clock();
    if (asserted_) {   // run.c names the cycle
        m->protocol_error = msg_;
        m->error_node = -1;
        return -1;
    }
    int moved = 0;
    if (opts_.kind == BACKEND_COSIM) {
        moved = machine_routers_step_c(m);   // clears the nodes' sw_clear
        if (moved < 0) return -1;
        perturb();
    } else {
        for (int i = 0; i < m->num_nodes; i++) m->node[i].sw_clear = 0;
    }
    for (int i = 0; i < m->num_nodes; i++)
        if (out_[i].error) {
            m->protocol_error = "RTL router raised error_o (protocol violation)";
            m->error_node = i;
            return -1;
        }
    if (opts_.kind == BACKEND_COSIM) {
        if (!compare()) {
            m->protocol_error = msg_;
            m->mismatch = 1;
            return -1;
        }
        return moved;
    }
    // RTL alone: its outputs become the machine's wires
    for (int i = 0; i < m->num_nodes; i++) {
        m->out_d[i] = out_[i].out;
        m->r[i].nim = out_[i].nim;
        m->r[i].phase = out_[i].phase;
        for (int p = 0; p < NUM_PORTS; p++) moved += flit_valid(out_[i].out.link[p]) ? 1 : 0;
    }
    return moved;
}

static int step_hook(machine_t *, void *ctx) { return static_cast<Top *>(ctx)->step(); }

}  // namespace rtl

extern "C" int rtl_backend_available(void) { return 1; }

extern "C" void rtl_backend_config(rtl_build_t *b)
{
    b->top = rtl::kTopKind;
    b->n = RTL_N;
    b->depth = RTL_DEPTH;
    b->tt = RTL_TT;
    b->vcs = RTL_VCS;
    b->routing = RTL_ROUTING;
    b->xu = RTL_X_UNIQUE;
    b->sync_switch = RTL_SYNC;
}

extern "C" void *rtl_backend_attach(machine_t *m, const backend_opts *o, const char **why)
{
    if (m->n != RTL_N || m->p.depth != RTL_DEPTH || m->p.tt != RTL_TT || m->p.vcs != RTL_VCS ||
        m->p.routing != RTL_ROUTING) {
        *why = "the Verilated RTL was built for another n, depth, T_t, VC count or routing function";
        return nullptr;
    }
    rtl::Top *t = rtl::make_top(m, *o, why);
    if (!t) return nullptr;
    m->routers_step = rtl::step_hook;
    m->routers_ctx = t;
    return t;
}

extern "C" int rtl_backend_perturb_pending(const void *ctx)
{
    return ctx && static_cast<const rtl::Top *>(ctx)->perturb_pending();
}

extern "C" int rtl_backend_detach(void *ctx)
{
    auto *t = static_cast<rtl::Top *>(ctx);
    if (!t) return 0;
    bool ok = t->finish();
    t->machine()->routers_step = nullptr;
    t->machine()->routers_ctx = nullptr;
    delete t;
    return ok ? 0 : -1;
}
