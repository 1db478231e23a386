/* The binaries without SystemC: they run neither SystemC backend. */
#include "sc_backend.h"

int sc_backend_has(int kind, int n, int depth, int tt)
{
    (void)kind;
    (void)n;
    (void)depth;
    (void)tt;
    return 0;
}

int sc_backend_run(machine_t *m, node_program prog, const void *shared, const backend_opts *be,
                   FILE *diag)
{
    (void)prog;
    (void)shared;
    (void)be;
    (void)diag;
    m->protocol_error = "this binary has no SystemC backend";
    m->error_node = -1;
    return RUN_PROTOCOL;
}

void *sc_backend_open(machine_t *m, const backend_opts *be, const char **why)
{
    (void)m;
    (void)be;
    *why = "this binary has no SystemC backend";
    return NULL;
}

int sc_backend_step(void *ctx)
{
    (void)ctx;
    return -1;
}

void sc_backend_close(void *ctx) { (void)ctx; }
