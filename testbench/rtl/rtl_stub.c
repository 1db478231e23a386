/* The C-only build: no Verilated torus in this binary. */
#include <stddef.h>
#include "backend.h"

int rtl_backend_available(void) { return 0; }

void rtl_backend_config(rtl_build_t *b)
{
    *b = (rtl_build_t){ 0 };
}

void *rtl_backend_attach(machine_t *m, const backend_opts *o, const char **why)
{
    (void)m;
    (void)o;
    *why = "this binary has no RTL backend";
    return NULL;
}

int rtl_backend_detach(void *ctx) { (void)ctx; return 0; }

int rtl_backend_perturb_pending(const void *ctx)
{
    (void)ctx;
    return 0;
}
