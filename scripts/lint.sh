#!/usr/bin/env bash
# make lint: verilator --lint-only -Wall on every module and on the torus
# top, for the default parameters and for the corners (depth 1 and 16,
# T_t 1 and 64, the synchronizing switch left out, a 16x16 torus, K = 2..4,
# the routing functions), each
# without and with the simulation assertions (+define+SS_ASSERT; the 16x16
# torus without: its routers' assertion blocks are the 8x8 torus's). Zero
# warnings: any waiver must sit in the source with its reason. Then
# tests/rtl/widths.sh: rtl/ss_defs.vh against model/*.h.
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
  # the 16x16 torus is the slow one: its routers' assertions are the 8x8's
  [ "${LINT_PLAIN_ONLY:-0}" = 1 ] && defs=("")
  for def in "${defs[@]}"; do
    if out=$(verilator --lint-only -Wall -Irtl $def "$@" rtl/*.v 2>&1) && [ -z "$out" ]; then
      echo "lint ok: $* $def"
    else
      echo "lint FAILED: $* $def"; echo "$out"; fail=1
    fi
  done
}
if [ -n "${LINT_ONLY:-}" ]; then
  for m in $LINT_ONLY; do lint --top-module "$m"; done
  exit $fail
fi
for m in "${MODULES[@]}"; do
  lint --top-module "$m"
done
lint --top-module ss_router -GDEPTH=1 -GTT=1
lint --top-module ss_router -GDEPTH=16 -GTT=64
lint --top-module ss_router -GSYNC_SWITCH=0
# K message-passing VCs per class: 5, 7 and 9 VCs per port
for k in 2 3 4; do lint --top-module ss_router -GMP_VCS=$k; done
LINT_PLAIN_ONLY=1 lint --top-module ss_torus -GMP_VCS=3
lint --top-module ss_router -GMP_VCS=4 -GDEPTH=1 -GTT=1
# the routing functions (ROUTING 1 min_adapt, 2 valiant; they need K >= 2)
for r in 1 2; do
  for k in 2 3 4; do lint --top-module ss_router -GMP_VCS=$k -GROUTING=$r; done
  lint --top-module ss_router -GMP_VCS=2 -GROUTING=$r -GDEPTH=1 -GTT=1 -GN=6
  lint --top-module ss_route_select -GMP_VCS=2 -GROUTING=$r
done
lint --top-module ss_valiant_hop -GN=6
LINT_PLAIN_ONLY=1 lint --top-module ss_torus -GN=4 -GMP_VCS=2 -GROUTING=2
# the parameter given explicitly as FuseSoC passes it (-G, syncswitch.core)
lint --top-module ss_router -GN=8 -GDEPTH=4 -GTT=2 -GSYNC_SWITCH=1
LINT_PLAIN_ONLY=1 lint --top-module ss_torus -GN=16 -GDEPTH=2 -GTT=3
# the Verilog defines against the C headers (flit layout, counts, codes)
tests/rtl/widths.sh || fail=1
exit $fail
