#!/usr/bin/env bash
# The RTL's own doors (issue 30, part 7): ss_router and ss_torus check
# their parameters at elaboration (rtl/ss_params_check.vh), with the ranges
# of the library's fields (field_tool list: n, depth, tt, vcs; SYNC_SWITCH
# is the --sync-switch option's 0..1; ROUTING is the index of a name of
# routing_function, field_tool choices). For each parameter, both bounds
# elaborate and the values just past them stop Icarus, Verilator (lint
# -Wall) and Yosys (hierarchy -check) with the module named for the rule,
# whose name carries the library's range. Before the check: N = 1 or 65,
# TT = 0 or 65, DEPTH = 17 and MP_VCS = 5 elaborated a wrong router, DEPTH
# = 0 crashed Verilator (V3Width internal error), MP_VCS = 0 failed with
# a replication error; ROUTING = 3 elaborated (dimension order at K = 1,
# a router of no routing function at K = 2).
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
# the three elaborators, named once when one is missing (make test installs
# them: scripts/deps.sh rtl icarus synth), not a line per case
missing=""
for t in iverilog verilator yosys; do command -v "$t" >/dev/null || missing="$missing $t"; done
if [ -n "$missing" ]; then
  fail tools "not installed:$missing (scripts/deps.sh rtl icarus synth)"
  exit 0
fi
# the library's range of a field of the params set: "LO HI"; of a field of
# names, the range of their indexes
range() {
  local n
  "$tool" list | awk -v f="$1" '$1 == "params" && $2 == f && $3 != "text" { print $4, $5 }'
  n=$("$tool" choices params "$1" 2>/dev/null | wc -l)
  [ "$n" -gt 0 ] && echo "0 $((n - 1))"
}

# the RTL numbers the routing functions as the library names them, in order
i=0 bad=""
for name in $("$tool" choices params routing_function); do
  u=$(echo "$name" | tr a-z A-Z)
  grep -Eq "^\`define SS_ROUTING_$u +$i( |$)" rtl/ss_defs.vh || bad="$bad $name=$i"
  i=$((i + 1))
done
if [ "$i" -gt 0 ] && [ -z "$bad" ]; then pass routing_names
else fail routing_names "rtl/ss_defs.vh has no \`define SS_ROUTING_NAME INDEX for:${bad:- (no names)}"; fi

ROUTER_SRC="rtl/ss_credit_counter.v rtl/ss_link_throttle.v rtl/ss_rr_pick.v rtl/ss_vc_buffer.v rtl/ss_sync_switch.v"
ROUTER_SRC="$ROUTER_SRC rtl/ss_valiant_hop.v rtl/ss_route_select.v rtl/ss_router.v"

# elab TOOL TOP PARAM VALUE [P=V...]: the tool's exit status (P=V: more
# parameters set); its output in $tmp/out
elab() {
  local t=$1 top=$2 p=$3 v=$4 a more=()
  shift 4
  for a in "$@"; do
    case $t in
      icarus) more+=(-P"$top.$a") ;;
      verilator) more+=(-G"$a") ;;
      yosys) more+=("chparam -set ${a%%=*} ${a#*=} $top;") ;;
    esac
  done
  case $t in
    icarus) iverilog -g2005 -Irtl -o "$tmp/a.out" -s "$top" -P"$top.$p=$v" "${more[@]}" rtl/*.v ;;
    verilator) verilator --lint-only -Wall -Irtl --top-module "$top" -G"$p=$v" "${more[@]}" rtl/*.v ;;
    yosys) yosys -q -p "read_verilog -Irtl $ROUTER_SRC; chparam -set $p $v $top; ${more[*]} hierarchy -check -top $top" ;;
  esac >"$tmp/out" 2>&1
}
# the case's name: TOOL_TOP_PARAM_VALUE[_P_V...]
case_name() { local IFS=_; echo "$*" | tr = _; }

# refused TOOL TOP PARAM VALUE RULE [P=V...]: fails, names the rule,
# crashes nowhere
refused() {
  local rule=$5 name
  name=$(case_name "$1" "$2" "$3" "$4" "${@:6}")
  elab "$1" "$2" "$3" "$4" "${@:6}"
  local rc=$?
  if [ "$rc" -eq 0 ]; then fail "$name" "elaborated (want the check to stop it)"
  elif ! grep -q "$rule" "$tmp/out"; then fail "$name" "exit $rc without $rule: $(head -c 300 "$tmp/out")"
  elif grep -qi "internal error" "$tmp/out"; then fail "$name" "$(grep -i -m1 'internal error' "$tmp/out")"
  else pass "$name"; fi
}

# accepted TOOL TOP PARAM VALUE [P=V...]: elaborates (Verilator: lint -Wall
# clean)
accepted() {
  local name
  name=$(case_name "$@")
  if elab "$@"; then pass "$name"
  else fail "$name" "refused a value in range: $(head -c 300 "$tmp/out")"; fi
}

for pf in N:n DEPTH:depth TT:tt MP_VCS:vcs SYNC_SWITCH: ROUTING:routing_function; do
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
# ROUTING builds its function only with K >= 2: the functions at K = 2,
# and the values past them there too
for v in 1 2; do
  accepted icarus ss_router ROUTING "$v" MP_VCS=2
  accepted verilator ss_router ROUTING "$v" MP_VCS=2
done
r=$(range routing_function)
lo=${r% *} hi=${r#* } rule="ss_param_ROUTING_outside_${lo}_to_${hi}"
refused verilator ss_router ROUTING $((hi + 1)) "$rule" MP_VCS=2
refused icarus ss_router ROUTING $((hi + 1)) "$rule" MP_VCS=2
refused icarus ss_torus ROUTING $((lo - 1)) "$rule" MP_VCS=2
refused yosys ss_router ROUTING $((hi + 1)) "$rule" MP_VCS=2

# every parameter of the core's targets is one a user can set: MP_VCS too
if grep -q '^  MP_VCS:' syncswitch.core && grep -A8 '^  lint: &lint' syncswitch.core | grep -q 'MP_VCS'; then
  pass core_mp_vcs
else fail core_mp_vcs "syncswitch.core does not expose MP_VCS to its lint target"; fi
