/* Router backends of a run: the C model, the Verilated RTL, or both in
 * lockstep (co-simulation); and the SystemC backends (sc_backend.h). The RTL backends live in rtl_common.cpp with
 * rtl_routers.cpp or rtl_torus.cpp, built per configuration under
 * build/rtl/; the plain C binary links rtl_stub.c instead and hands RTL
 * runs to the right RTL binary. */
#ifndef SYNCSWITCH_BACKEND_H
#define SYNCSWITCH_BACKEND_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#include "machine.h"

enum backend_kind { BACKEND_C = 0, BACKEND_RTL = 1, BACKEND_COSIM = 2, BACKEND_SC = 3,
                    BACKEND_SC_RTL = 4 };

/* Which Verilated top an RTL binary holds: one router model per node, wired
 * by the harness as ss_torus.v wires them (fast), or the ss_torus.v top itself
 * (traceable). */
enum rtl_top_kind { RTL_TOP_ROUTERS = 0, RTL_TOP_TORUS = 1 };

/* What the cosim self-test corrupts in the C model (--cosim-perturb-signal):
 * one of each class of signal the comparator compares. */
enum perturb_signal { PERTURB_FLIT = 0, PERTURB_CREDIT = 1, PERTURB_NIM = 2, PERTURB_PHASE = 3 };

typedef struct {
    int kind;                 /* enum backend_kind */
    const char *trace;        /* waveform file (.fst, or .vcd; SystemC: .vcd), or NULL */
    uint64_t trace_from;      /* first cycle dumped */
    uint64_t trace_to;        /* last cycle dumped */
    int64_t perturb_cycle;    /* cosim self-test: corrupt one signal of the
                                 C model's router 0 at this cycle (-1: no) */
    int perturb_signal;       /* which (enum perturb_signal; 0: its X+ link) */
    const struct traffic_cfg_s *background; /* synthetic traffic underneath the
                                 kernel (run --background), or NULL */
    int64_t x_seed;           /* X-randomised RTL build: reset every register
                                 to a random value from this seed (-1: none) */
    const char *record;       /* C backend: record the routers' ports into this
                                 folder for replay (testbench/run/record.h), or NULL */
} backend_opts;

/* Does this binary contain Verilated RTL, and for which sizes? */
int rtl_backend_available(void);
/* One Verilated build: what make's RTL_* variables chose. */
typedef struct {
    int top;          /* enum rtl_top_kind (RTL_TOP) */
    int n, depth, tt; /* RTL_N, RTL_DEPTH, RTL_TT */
    int vcs;          /* RTL_VCS: K message-passing VCs per dateline class */
    int routing;      /* RTL_ROUTING: the routing function (enum routing_function
                         of params.h: ss_router's ROUTING) */
    int xu;           /* 1: the X-randomised build (make RTL_X=unique:
                         --x-initial unique --x-assign unique), 0: --x-* fast */
    int sync_switch;  /* RTL_SYNC: its routers have the synchronizing switch */
} rtl_build_t;
/* The build this binary holds (all 0 without RTL). */
void rtl_backend_config(rtl_build_t *b);
/* Hook the RTL into m (sets m->routers_step). NULL and *why on failure. */
void *rtl_backend_attach(machine_t *m, const backend_opts *o, const char **why);
/* Unhook it and close its outputs: 0, or -1 when its waveform could not be
 * written whole (one line said on m->diag, nothing under the name). */
int rtl_backend_detach(void *ctx);
/* The --cosim-perturb cycle is still ahead: the run ended before it could
 * corrupt a flit (the self-test tested nothing). */
int rtl_backend_perturb_pending(const void *ctx);

#ifdef __cplusplus
}
#endif
#endif
