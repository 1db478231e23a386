/* Runs on another backend's binary. The plain C binary holds only the C
 * model; each RTL configuration (top, n, depth, T_t) has its Verilated
 * binary under build/rtl/, the SystemC backend its binary build/sc/, and
 * each sc-rtl configuration (n, depth, T_t) one under build/sc-rtl/; make
 * builds them on demand. */
#ifndef SYNCSWITCH_CLI_BACKEND_EXEC_H
#define SYNCSWITCH_CLI_BACKEND_EXEC_H

#include "backend.h"

/* Can this binary not run backend `kind` (enum backend_kind) in the
 * configuration `want` itself? (sc and sc-rtl read only n, depth and T_t:
 * they have one top, no X-randomised build, the switch, and K = 1.) */
int backend_exec_needed(int kind, const rtl_build_t *want);
/* Build (with make, when missing or out of date) and exec the binary that
 * can, with the same argv. Returns only on failure, with EXIT_INTERNAL
 * after one line on stderr. */
int backend_exec(int kind, const rtl_build_t *want, char **argv);
/* Is prog an executable file in a folder of $PATH (a program a backend
 * runs, such as fst2vcd), so its absence is said before the run? */
int backend_tool_on_path(const char *prog);

#endif
