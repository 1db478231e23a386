/* The SystemC backends of `syncswitch run`: sc (the C model's routers in
 * a syncswitch::network, node programs on ss_cpu processors through TLM to each
 * node's syncswitch::ni) and sc-rtl (the same with the Verilated --sc routers). The
 * binaries without SystemC link sc_stub.c and hand such runs to the
 * SystemC binary (backend_exec.c). */
#ifndef SYNCSWITCH_SC_BACKEND_H
#define SYNCSWITCH_SC_BACKEND_H
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#include "backend.h"
#include "machine.h"
#include "node_api.h"

/* Can this binary run backend `kind` (BACKEND_SC, BACKEND_SC_RTL) for a
 * torus of this n, depth and T_t? */
int sc_backend_has(int kind, int n, int depth, int tt);

/* Run prog on every node of m (made by machine_init; its counters hold the
 * outcome, as after machine_run) under SystemC, with be->trace as a VCD.
 * Once per process (SystemC elaborates once). Returns enum run_status;
 * RUN_PROTOCOL with m->protocol_error (and error_node -1) when SystemC
 * refused; RUN_OUTPUT when be->trace could not be written whole (one line
 * said on diag, nothing under its name). */
int sc_backend_run(machine_t *m, node_program prog, const void *shared, const backend_opts *be,
                   FILE *diag);

/* The hardware alone, one clock edge at a time (synthetic traffic, no node
 * programs): open builds the network on m and takes it out of reset (NULL
 * and *why on failure); step runs one rising edge and returns the flits
 * moved, or -1 with m->protocol_error set; close ends the simulation. */
void *sc_backend_open(machine_t *m, const backend_opts *be, const char **why);
int sc_backend_step(void *ctx);
void sc_backend_close(void *ctx);

#ifdef __cplusplus
}
#endif
#endif
