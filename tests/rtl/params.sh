#!/usr/bin/env bash
# The RTL's own doors (issue 30, part 7): ss_router and ss_torus check
# their parameters at elaboration (rtl/ss_params_check.vh), with the ranges
# of the library's fields (field_tool list: n, depth, tt, vcs; SYNC_SWITCH
# is the --sync-switch option's 0..1). For each parameter, both bounds
# elaborate and the values just past them stop Icarus, Verilator (lint
# -Wall) and Yosys (hierarchy -check) with the module named for the rule,
# whose name carries the library's range. Before the check: N = 1 or 65,
# TT = 0 or 65, DEPTH = 17 and MP_VCS = 5 elaborated a wrong router, DEPTH
# = 0 crashed Verilator (V3Width internal error), MP_VCS = 0 failed with
# a replication error.
#   tests/rtl/params.sh [BUILD]   (BUILD/api/field_tool: make api-tests)
set -u
dir="${1:-build}"
root=$(cd "$(dirname "$0")/../.." && pwd)
tool="$dir/api/field_tool"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$root" || exit 1
pass() { echo "PASS rtl_params_$1"; }
fail() { echo "FAIL rtl_params_$1: $2"; }

if [ ! -x "$tool" ]; then
  fail library_ranges "no $tool (make api-tests): the library's ranges are unknown"
  exit 0
fi
# the library's range of a field of the params set: "LO HI"
range() { "$tool" list | awk -v f="$1" '$1 == "params" && $2 == f { print $4, $5 }'; }

ROUTER_SRC="rtl/ss_credit_counter.v rtl/ss_link_throttle.v rtl/ss_rr_pick.v rtl/ss_vc_buffer.v rtl/ss_sync_switch.v rtl/ss_router.v"

# elab TOOL TOP PARAM VALUE: the tool's exit status; its output in $tmp/out
elab() {
  local t=$1 top=$2 p=$3 v=$4
  case $t in
    icarus) iverilog -g2005 -Irtl -o "$tmp/a.out" -s "$top" -P"$top.$p=$v" rtl/*.v ;;
    verilator) verilator --lint-only -Wall -Irtl --top-module "$top" -G"$p=$v" rtl/*.v ;;
    yosys) yosys -q -p "read_verilog -Irtl $ROUTER_SRC; chparam -set $p $v $top; hierarchy -check -top $top" ;;
  esac >"$tmp/out" 2>&1
}

# refused TOOL TOP PARAM VALUE RULE: fails, names the rule, crashes nowhere
refused() {
  local name="$1_$2_$3_$4"
  elab "$1" "$2" "$3" "$4"
  local rc=$?
  if [ "$rc" -eq 0 ]; then fail "$name" "elaborated (want the check to stop it)"
  elif ! grep -q "$5" "$tmp/out"; then fail "$name" "exit $rc without $5: $(head -c 300 "$tmp/out")"
  elif grep -qi "internal error" "$tmp/out"; then fail "$name" "$(grep -i -m1 'internal error' "$tmp/out")"
  else pass "$name"; fi
}

# accepted TOOL TOP PARAM VALUE: elaborates (Verilator: lint -Wall clean)
accepted() {
  local name="$1_$2_$3_$4"
  if elab "$1" "$2" "$3" "$4"; then pass "$name"
  else fail "$name" "refused a value in range: $(head -c 300 "$tmp/out")"; fi
}

for pf in N:n DEPTH:depth TT:tt MP_VCS:vcs SYNC_SWITCH:; do
  p=${pf%%:*} f=${pf#*:}
  if [ -n "$f" ]; then
    r=$(range "$f")
    lo=${r% *} hi=${r#* }
    if [ -z "$r" ]; then fail "range_$p" "no field '$f' in field_tool list"; continue; fi
    rule="ss_param_${p}_outside_${lo}_to_${hi}"
  else
    lo=0 hi=1 rule="ss_param_${p}_not_0_or_1"
  fi
  accepted icarus ss_router "$p" "$lo"
  accepted icarus ss_router "$p" "$hi"
  accepted verilator ss_router "$p" "$lo"
  accepted verilator ss_router "$p" "$hi"
  for v in $((lo - 1)) $((hi + 1)); do
    refused icarus ss_router "$p" "$v" "$rule"
    refused icarus ss_torus "$p" "$v" "$rule"
    refused verilator ss_router "$p" "$v" "$rule"
  done
  refused verilator ss_torus "$p" $((hi + 1)) "$rule"
  # (yosys's chparam would read -1 as an option)
  refused yosys ss_router "$p" $((lo > 0 ? lo - 1 : hi + 1)) "$rule"
done

# every parameter of the core's targets is one a user can set: MP_VCS too
if grep -q '^  MP_VCS:' syncswitch.core && grep -A8 '^  lint: &lint' syncswitch.core | grep -q 'MP_VCS'; then
  pass core_mp_vcs
else fail core_mp_vcs "syncswitch.core does not expose MP_VCS to its lint target"; fi
