/* RTL runs from the plain C binary: each (top, n, depth, T_t) has its own
 * Verilated binary under build/rtl/, which make builds on demand. */
#ifndef SYNCSWITCH_CLI_RTL_EXEC_H
#define SYNCSWITCH_CLI_RTL_EXEC_H

/* Can this binary not run the RTL of this configuration itself (no
 * Verilated RTL linked in, or one for another configuration)? top: enum
 * rtl_top_kind. */
int rtl_exec_needed(int top, int n, int depth, int tt);
/* Build (with make, when missing or out of date) and exec the RTL binary
 * of the configuration with the same argv. Returns only on failure, with
 * EXIT_INTERNAL after one line on stderr. */
int rtl_exec(int top, int n, int depth, int tt, char **argv);

#endif
