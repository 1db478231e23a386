#!/usr/bin/env bash
# The RTL under a second simulator: Icarus Verilog replays runs recorded
# from the C model (`syncswitch run|traffic --record DIR`) through the plain
# Verilog testbenches of testbench/icarus/ and must match every output of
# every router every cycle. Proves the RTL leans neither on Verilator's
# semantics nor on --x-assign fast. Runs kept short: Icarus is slow.
#   tests/icarus/icarus.sh BUILD    one PASS/FAIL line per check
set -u
dir="${1:-build}"
bin="$dir/syncswitch"
root=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$dir/icarus"
mkdir -p "$dir/icarus"
work=$(cd "$dir/icarus" && pwd)
if ! command -v iverilog >/dev/null || ! command -v vvp >/dev/null; then
  echo "FAIL icarus_tools: iverilog/vvp not installed (scripts/deps.sh icarus)"
  exit 0
fi

# record NAME ARGS...: the C model's run into $work/NAME
record() {
  local name=$1; shift
  if "$bin" "$@" --record "$work/$name" --json >"$work/$name.json" 2>"$work/$name.err" &&
     grep -q '"verified":true' "$work/$name.json"; then
    echo "PASS icarus_record_$name"
  else
    echo "FAIL icarus_record_$name: $(head -c 300 "$work/$name.err")"
  fi
}

# build TB REC [NODE]: compile testbench TB (router|torus) for record REC,
# with the RTL assertions on (SS_ASSERT: a failing one $stops the replay),
# -Wall, warning-free; prints the vvp file's path
build() {
  local tb=$1 rec=$2 node=${3:-}
  local out="$work/$rec.$tb$node.vvp"
  local p=()
  [ -n "$node" ] && p=(-P "ss_router_replay_tb.NODE=$node")
  iverilog -g2005 -Wall -DSS_ASSERT -s "ss_${tb}_replay_tb" -I "$root/rtl" -I "$root/testbench/icarus" \
    -I "$work/$rec" "${p[@]}" -o "$out" "$root/testbench/icarus/ss_${tb}_replay_tb.v" \
    "$root"/rtl/*.v >"$out.log" 2>&1
  if [ $? -ne 0 ] || [ -s "$out.log" ]; then
    echo "FAIL icarus_build_${rec}_$tb$node: $(head -c 300 "$out.log")" >&2
    return 1
  fi
  echo "$out"
}

# replay NAME TB REC [NODE]: must print REPLAY OK with the record's cycles
replay() {
  local name=$1 tb=$2 rec=$3 node=${4:-}
  local vvp out rc cycles
  vvp=$(build "$tb" "$rec" "$node" 2>&1) || { echo "$vvp"; return; }
  out=$(cd "$work/$rec" && vvp -n "$vvp" 2>&1); rc=$?
  cycles=$(sed -n 's/^`define REC_CYCLES //p' "$work/$rec/params.vh")
  if [ $rc -eq 0 ] && echo "$out" | grep -qx "REPLAY OK cycles=$cycles"; then
    echo "PASS icarus_$name"
  else
    echo "FAIL icarus_$name: exit $rc: $(echo "$out" | grep -v '^VCD' | head -c 300)"
  fi
}

# broken NAME TB REC FILE LINE [NODE]: a copy of REC whose FILE has its last
# hex digit flipped at LINE (1-based) must fail at that cycle
broken() {
  local name=$1 tb=$2 rec=$3 file=$4 line=$5 node=${6:-}
  local bad="${rec}_bad_$name" vvp out rc
  rm -rf "${work:?}/$bad"
  cp -r "$work/$rec" "$work/$bad"
  awk -v l="$line" 'NR == l { d = substr($0, length($0), 1); $0 = substr($0, 1, length($0) - 1) \
      (d == "0" ? "1" : "0") } { print }' "$work/$rec/$file" >"$work/$bad/$file"
  vvp=$(build "$tb" "$bad" "$node" 2>&1) || { echo "$vvp"; return; }
  out=$(cd "$work/$bad" && vvp -n "$vvp" 2>&1); rc=$?
  if [ $rc -ne 0 ] && echo "$out" | grep -q "^REPLAY FAIL cycle=$line " &&
     ! echo "$out" | grep -q "REPLAY OK"; then
    echo "PASS icarus_detects_$name"
  else
    echo "FAIL icarus_detects_$name: a corrupted $file line $line gave exit $rc: $(echo "$out" | head -c 300)"
  fi
}

# contention: 4 rounds of messages, every other one all to node 5 (x 1, y 1)
awk 'BEGIN { for (k = 0; k < 4; k++) for (i = 0; i < 16; i++) {
       d = (k % 2 == 0) ? 5 : (i * 5 + k * 7 + 3) % 16
       if (d != i) print k * 12, i, d, 3 + (i * 3 + k) % 9 } }' >"$work/hotspot.trace"

record msgpass   run --kernel msgpass --n 4 --words 4 --msg-cycles 10 --call-cycles 2
record hotspot   traffic --trace-in "$work/hotspot.trace" --n 4
record phased    run --kernel phased --n 8 --words 2
record phased_sw run --kernel phased-sw --n 8 --words 2 --depth 2 --tt 3

replay torus_msgpass      torus  msgpass
replay torus_hotspot      torus  hotspot
replay router_msgpass_5   router msgpass 5
replay router_hotspot_5   router hotspot 5
replay router_phased_0    router phased 0
replay router_phased_27   router phased 27
replay router_phased_sw_9 router phased_sw 9
# the replay can fail: flit bits of router 0's X+ link (torus), router 0's
# phase counter (router)
broken torus_link   torus  msgpass link_flit_o.hex 40
broken router_phase router phased  phase_o.hex 700 0
