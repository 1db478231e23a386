/* Runs on another backend's binary. The plain C binary holds only the C
 * model; each RTL configuration (top, n, depth, T_t) has its Verilated
 * binary under build/rtl/, the SystemC backend its binary build/sc/, and
 * each sc-rtl configuration (n, depth, T_t) one under build/sc-rtl/; make
 * builds them on demand. */
#ifndef SYNCSWITCH_CLI_BACKEND_EXEC_H
#define SYNCSWITCH_CLI_BACKEND_EXEC_H

/* Can this binary not run backend `kind` (enum backend_kind) in this
 * configuration itself? top: enum rtl_top_kind; xu: the X-randomised RTL
 * build; sw: 0 for the routers built without the synchronizing switch (the
 * last three for rtl and cosim only). */
int backend_exec_needed(int kind, int top, int xu, int sw, int n, int depth, int tt);
/* Build (with make, when missing or out of date) and exec the binary that
 * can, with the same argv. Returns only on failure, with EXIT_INTERNAL
 * after one line on stderr. */
int backend_exec(int kind, int top, int xu, int sw, int n, int depth, int tt, char **argv);

#endif
