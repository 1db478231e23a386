// The RTL's assertions (rtl/*.v, `ifdef SS_ASSERT, docs/assertions.md) as a
// harness sees them. Every Verilated build force-includes this header
// (-include) in each of its C++ files, so that Verilator's printf
// (VL_PRINTF, which $display uses) and its $stop (vl_stop: VL_USER_STOP)
// come to vl_assert.cpp: an "SS_ASSERT <name>: ..." line is kept, not
// printed, and $stop marks the model failed. The harness asks after each
// clock edge (vl_assert_failed) and ends the run with one line naming the
// cycle, the router and the assertion (vl_assert_line).
#ifndef SYNCSWITCH_VL_ASSERT_H
#define SYNCSWITCH_VL_ASSERT_H
#ifdef __cplusplus
#include <string>

int vl_assert_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

// Did an assertion fire (a $stop) since the last vl_assert_line?
bool vl_assert_failed();

// The failure as one line, "RTL assertion <name> failed in router (x,y):
// <detail>", and the failure cleared. x < 0: the router is read from the
// instance path when it names one (the ss_torus top's g_row[y].g_col[x]).
std::string vl_assert_line(int x, int y);

#define VL_PRINTF vl_assert_printf
#define VL_USER_STOP
#endif
#endif
