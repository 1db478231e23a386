#!/usr/bin/env bash
# make lint: verilator --lint-only -Wall on every module and on the torus
# top, for the default parameters and for the corners (depth 1 and 16,
# T_t 1 and 64, the synchronizing switch left out, a 16x16 router and a
# 6x6 torus, K = 2..4, the routing functions), each module without and
# with the simulation assertions (+define+SS_ASSERT). A torus is linted
# without them and its router alone with them at the torus's parameters
# (lint_torus): ss_torus.v holds no assertion code, and a torus lint
# elaborates every router (8x8: 25 s). Zero warnings: any waiver must sit in
# the source with its reason. Then tests/rtl/widths.sh: rtl/ss_defs.vh
# against model/*.h.
#   LINT_ONLY="ss_rr_pick ss_vc_buffer" scripts/lint.sh   (those modules alone, at their
#   default parameters: tests/rtl/lint_planted.sh plants faults so)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/check.sh
MODULES=(ss_vc_buffer ss_rr_pick ss_link_throttle ss_credit_counter ss_sync_switch ss_router ss_router_ports
         ss_torus ss_route_select ss_valiant_hop)
check_words LINT_ONLY "${MODULES[@]}"
fail=0
lint() {
  local def defs=("" +define+SS_ASSERT)
  # (lint_torus: a torus plain, its routers linted with their assertions alone)
  [ "${LINT_PLAIN_ONLY:-0}" = 1 ] && defs=("")
  for def in "${defs[@]}"; do
    if out=$(verilator --lint-only -Wall -Irtl $def "$@" rtl/*.v 2>&1) && [ -z "$out" ]; then
      echo "lint ok: $* $def"
    else
      echo "lint FAILED: $* $def"; echo "$out"; fail=1
    fi
  done
}
# a torus top at these parameters, and its router alone with its
# assertions at the same ones
lint_torus() {
  LINT_PLAIN_ONLY=1 lint --top-module ss_torus "$@"
  lint --top-module ss_router "$@"
}
if [ -n "${LINT_ONLY:-}" ]; then
  for m in $LINT_ONLY; do lint --top-module "$m"; done
  exit $fail
fi
for m in "${MODULES[@]}"; do
  if [ "$m" = ss_torus ]; then lint_torus; else lint --top-module "$m"; fi
done
lint --top-module ss_router -GDEPTH=1 -GTT=1
lint --top-module ss_router -GDEPTH=16 -GTT=64
lint --top-module ss_router -GSYNC_SWITCH=0
# K message-passing VCs per class: 5, 7 and 9 VCs per port
for k in 2 3 4; do lint --top-module ss_router -GMP_VCS=$k; done
# (K = 3's torus wiring is the same at n = 4 as at 8, in a quarter of the time)
lint_torus -GN=4 -GMP_VCS=3
lint --top-module ss_router -GMP_VCS=4 -GDEPTH=1 -GTT=1
# the routing functions (ROUTING 1 min_adapt, 2 valiant; they need K >= 2)
for r in 1 2; do
  for k in 2 3 4; do lint --top-module ss_router -GMP_VCS=$k -GROUTING=$r; done
  lint --top-module ss_router -GMP_VCS=2 -GROUTING=$r -GDEPTH=1 -GTT=1 -GN=6
  lint --top-module ss_route_select -GMP_VCS=2 -GROUTING=$r
done
lint --top-module ss_valiant_hop -GN=6
lint_torus -GN=4 -GMP_VCS=2 -GROUTING=2
# the parameter given explicitly as FuseSoC passes it (-G, syncswitch.core)
lint --top-module ss_router -GN=8 -GDEPTH=4 -GTT=2 -GSYNC_SWITCH=1
# the 16x16 router (make test's largest co-simulated torus) at depth 2,
# T_t 3; a torus of a side that is no power of two (its wrap-around
# wiring, the same code at every N) at the same depth and T_t: 6x6 in
# 13 s where the 16x16 torus took 100 s
lint --top-module ss_router -GN=16 -GDEPTH=2 -GTT=3
lint_torus -GN=6 -GDEPTH=2 -GTT=3
# the Verilog defines against the C headers (flit layout, counts, codes)
tests/rtl/widths.sh || fail=1
exit $fail
