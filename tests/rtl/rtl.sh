#!/usr/bin/env bash
# RTL tests (part of `make test`): the single-router testbench, and
# lockstep co-simulation of kernels on the 8x8 torus (the router array, and
# the ss_torus.v top for two kernels): every cycle, every
# link, credit and sync-switch register of the RTL equals the C model's,
# and the cycle count equals the C backend's. Also the comparator's own
# tests: a deliberately corrupted C flit, credit, sticky bit or phase must
# stop the run with exit 4, named.
# Prints one PASS/FAIL line per test.
set -u
dir="${1:-build}"
bin="$dir/syncswitch"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
root=$(cd "$(dirname "$0")/../.." && pwd)

pass() { echo "PASS rtl_$1"; }
fail() { echo "FAIL rtl_$1: $2"; }

# the single-router testbench: every case at the default point (DEPTH 2,
# T_t 2), and at the other (DEPTH, T_t, K) points of make test (RTB_POINTS,
# D_T, D_T_K or D_T_K_R each) the directed cases and two short random seeds, their test names
# prefixed with the point
tb="$dir/rtl/router_tb/d2_t2/router_tb"
if [ -x "$tb" ]; then
  "$tb" 2>&1 | grep -E '^(PASS|FAIL) '
  [ "${PIPESTATUS[0]}" -eq 0 ] || echo "FAIL rtl_router_tb_exit: router_tb exited non-zero"
else
  fail router_tb "not built ($tb)"
fi
for pt in ${RTB_POINTS:-1_1 3_3 6_1}; do
  # D_T, D_T_K: K message-passing VCs per class (its folder ends _kK), or
  # D_T_K_R: routing function R (1 min_adapt, 2 valiant; the folder ends _rR)
  IFS=_ read -r d t k r <<<"$pt"
  k=${k:-1} r=${r:-0} suf=""
  [ "$k" = 1 ] || suf="_k$k"
  [ "$r" = 0 ] || suf="${suf}_r$r"
  tb="$dir/rtl/router_tb/d${d}_t${t}${suf}/router_tb"
  if [ -x "$tb" ]; then
    "$tb" --seeds 2 --cycles 5000 2>&1 | grep -E '^(PASS|FAIL) ' | sed "s/ router_tb_/ router_tb_d${d}_t${t}${suf}_/"
    [ "${PIPESTATUS[0]}" -eq 0 ] || echo "FAIL rtl_router_tb_d${d}_t${t}${suf}_exit: router_tb exited non-zero"
  else
    fail "router_tb_d${d}_t${t}${suf}" "not built ($tb: make router-tb RTB_DEPTH=$d RTB_TT=$t RTB_VCS=$k)"
  fi
done

# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

# cosim NAME KERNEL WORDS [extra run options...]; $top picks the RTL top,
# $n the torus side
top=routers
n=8
cosim() {
  local name=$1 k=$2 b=$3; shift 3
  local c r rc
  c=$("$bin" run --kernel "$k" --n "$n" --words "$b" "$@" --json 2>"$tmp/err_c")
  r=$("$bin" run --kernel "$k" --n "$n" --words "$b" "$@" --backend cosim --rtl-top "$top" --json 2>"$tmp/err")
  rc=$?
  if [ $rc -ne 0 ]; then fail "cosim_$name" "exit $rc: $(head -c 400 "$tmp/err")"
  elif [ "$(echo "$r" | field verified)" != true ]; then fail "cosim_$name" "not verified"
  elif [ "$(echo "$r" | field cycles)" != "$(echo "$c" | field cycles)" ]; then
    fail "cosim_$name" "cycles: cosim $(echo "$r" | field cycles), C $(echo "$c" | field cycles)"
  else pass "cosim_$name"; fi
}

cosim phased_b16            phased 16
cosim phased_b64            phased 64
cosim phased_b32            phased 32
cosim msgpass_b8            msgpass 8
cosim phased_sw_b16         phased-sw 16
cosim nn_aapc_b8            nn-aapc 8
cosim nn_msgpass_b8         nn-msgpass 8
cosim hcube_msgpass_b8      hcube-msgpass 8
cosim store_forward_b4      store-forward 4
cosim butterfly_b16         butterfly 16
cosim crossover_unidir_b16  crossover 16 --routing unidir
cosim scan_b16              scan 16
cosim cx_standard_b4        cx-standard 4
cosim aapc_bucket_b1        aapc-bucket 1
cosim combine_hybrid_b16    combine-hybrid 16
cosim phased_var_zero_b16   phased-var 16 --zero-prob 0.5
# iwarp-proto (issue 22): the hardware-switch kernels on the software
# switch (sync 2), with its block set-up
cosim proto_phased_b16      phased 16 --preset iwarp-proto
cosim proto_nn_aapc_b16     nn-aapc 16 --preset iwarp-proto
cosim proto_fem_aapc_b8     fem-aapc 8 --preset iwarp-proto

# RTL alone gives the C model's cycles too
c=$("$bin" run --kernel phased --n 8 --words 16 --json | field cycles)
r=$("$bin" run --kernel phased --n 8 --words 16 --backend rtl --json 2>"$tmp/err" | field cycles)
[ -n "$r" ] && [ "$r" = "$c" ] && pass rtl_backend_cycles || fail rtl_backend_cycles "rtl '$r' vs c '$c': $(head -c 300 "$tmp/err")"

# the comparator must catch a difference in each class of signal it
# compares (--cosim-perturb-signal), and name the cycle, the router, the
# port and the signal: exit 4 and exactly this one line
perturbed() {  # perturbed SIGNAL LINE_REGEX
  "$bin" run --kernel phased --n 8 --words 16 --backend cosim --cosim-perturb 200 \
    --cosim-perturb-signal "$1" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  strip_progress "$tmp/err"   # a wait for another test's build: no part of the report
  if [ $rc -ne 4 ]; then fail "comparator_catches_$1" "exit $rc, want 4: $(head -c 300 "$tmp/err")"
  elif ! grep -qx "syncswitch: cosim mismatch at cycle 201: router (0,0) $2" "$tmp/err" ||
       [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
    fail "comparator_catches_$1" "report: $(head -c 300 "$tmp/err")"
  else pass "comparator_catches_$1"; fi
}
perturbed flit   'output X+ link kind: C malformed (valid, kind 0) 0, RTL [HBT][EOA][ADI][DYL] [0-9a-f]*'
perturbed credit 'input X+ credit return: C valid 0 vc 0, RTL valid 1 vc 0'
perturbed nim    'input X+ sync switch NotInMessage bit: C 1, RTL 0 (bits C 01, RTL 00)'
perturbed phase  'sync switch phase: C 2, RTL 3'

# every kernel of `syncswitch list` at a small size (about 30 s)
"$root/tests/rtl/cosim_all.sh" "$dir" | grep -E '^(PASS|FAIL) '

# 16x16, both AAPC kernels (the issue's target size)
n=16
cosim phased_16x16_b64      phased 64
cosim msgpass_16x16_b16     msgpass 16
n=8

# the ss_torus.v top (one Verilated torus, its wiring included) agrees too, and
# writes a waveform
top=torus
cosim torus_phased_b16      phased 16
cosim torus_msgpass_b8      msgpass 8
"$bin" run --kernel phased --n 8 --words 8 --backend rtl --trace "$tmp/w.fst" --trace-to 50 \
  >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -ne 0 ]; then fail torus_trace "exit $rc: $(head -c 300 "$tmp/err")"
elif [ ! -s "$tmp/w.fst" ]; then fail torus_trace "no FST written"
else pass torus_trace; fi
