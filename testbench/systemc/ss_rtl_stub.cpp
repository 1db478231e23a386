// The SystemC binary without Verilated routers (backend sc): the RTL
// fabric is in the per-configuration sc-rtl binaries (ss_rtl_fabric.cpp).
#include "ss_network.h"

ss_fabric *ss_make_rtl_fabric(const machine_t *, sc_core::sc_in<bool> &, sc_core::sc_in<bool> &,
                              const char **why)
{
    *why = "this binary holds no Verilated routers (the sc-rtl backend has its own)";
    return nullptr;
}
