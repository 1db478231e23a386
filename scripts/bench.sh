#!/usr/bin/env bash
# make bench: simulation speed of the C model, the Verilated RTL and the
# SystemC backends in router-cycles per second (cycles x routers / wall
# seconds) on phased AAPC, printed and saved as CSV. A benchmark, not a test: the figures depend on
# the machine.
#   BENCH_RTL_N="8 16"  the tori of the RTL rows; BENCH_TORUS=1 builds the
#                       ss_torus.v top for its row
# The variables are checked before any work; the CSV is written under a
# temporary name and renamed when complete (scripts/lib/out.sh).
# To compare two builds of the C model on the first and last c rows
# (docs/scale.md, "Single-thread speed"): scripts/bench_pair.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib/check.sh
. "$here/lib/check.sh"
# shellcheck source=scripts/lib/out.sh
. "$here/lib/out.sh"
check_words BENCH_RTL_N 8 16 32 64
check_bool BENCH_TORUS
bin=build/syncswitch
res=build/results
mkdir -p "$res"
out_clean "$res"
csv="$res/bench_c_model.csv"
rm -f "$csv"
part=$(out_part "$csv")
echo "backend,kernel,n,words,cycles,routers,wall_s,router_cycles_per_s" >"$part"
line() { printf "%-9s %-8s %5s %6s %10s %8s %14s\n" "$@"; }
line backend kernel n words cycles wall_s "router-cyc/s"

# row LABEL REPS KERNEL N WORDS [run options...]: the fastest of REPS runs
row() {
  local label=$1 reps=$2 k=$3 n=$4 b=$5 j cyc w wall= rate i
  shift 5
  for ((i = 0; i < reps; i++)); do
    j=$("$bin" run --kernel "$k" --n "$n" --words "$b" "$@" --json)
    cyc=$(echo "$j" | sed 's/.*"cycles":\([0-9]*\).*/\1/')
    w=$(echo "$j" | sed 's/.*"wall_s":\([0-9.]*\).*/\1/')
    if [ -z "$wall" ] || awk -v a="$w" -v b="$wall" 'BEGIN { exit !(a < b) }'; then wall=$w; fi
  done
  rate=$(awk -v c="$cyc" -v n="$n" -v w="$wall" 'BEGIN { printf "%.0f", c * n * n / w }')
  echo "$label,$k,$n,$b,$cyc,$((n * n)),$wall,$rate" >>"$part"
  line "$label" "$k" "$n" "$b" "$cyc" "$wall" "$rate"
}

for spec in "phased 8 1024" "phased 16 256" "phased 32 16" "msgpass 8 256"; do
  row c 1 $spec
done
# The Verilated RTL, alone and in lockstep with the C model: the router
# array (the default top; built in under a minute per size) on 8x8 (B = 256)
# and 16x16 (B = 64), and the ss_torus.v top on 8x8 (B = 64) when it is built
# (make test builds it; BENCH_TORUS=1 builds it here, several minutes).
# Each RTL row is the best of three runs (the VM is noisy).
for rn in ${BENCH_RTL_N:-8 16}; do
  b=$([ "$rn" -le 8 ] && echo 256 || echo 64)
  row rtl 3 phased "$rn" "$b" --backend rtl --rtl-top routers
  row cosim 3 phased "$rn" "$b" --backend cosim --rtl-top routers
done
# SystemC: the C routers and the Verilated --sc routers inside SystemC,
# node programs on TLM processors (built on first use), beside c and rtl
# on the same run.
row c 3 phased 8 256
row sc 3 phased 8 256 --backend sc
row sc-rtl 3 phased 8 256 --backend sc-rtl
# Synthetic traffic on 32x32 (uniform, 5-flit packets): at 2% of the ideal
# load (0.002 flits/node/cycle) most routers and nodes are idle most cycles
# and the C model skips them; at saturation (about 0.045) every router
# works. Target: at least 5x the router-cycles/s.
trow() {
  local label=$1 rate=$2 j cyc wall= w rate_rc i
  for ((i = 0; i < 3; i++)); do
    j=$("$bin" traffic --pattern uniform --rate "$rate" --n 32 --warmup 1000 --window 20000 --json)
    cyc=$(echo "$j" | sed 's/.*"cycles":\([0-9]*\).*/\1/')
    w=$(echo "$j" | sed 's/.*"wall_s":\([0-9.]*\).*/\1/')
    if [ -z "$wall" ] || awk -v a="$w" -v b="$wall" 'BEGIN { exit !(a < b) }'; then wall=$w; fi
  done
  rate_rc=$(awk -v c="$cyc" -v w="$wall" 'BEGIN { printf "%.0f", c * 1024 / w }')
  echo "$label,traffic-uniform-$rate,32,5,$cyc,1024,$wall,$rate_rc" >>"$part"
  line "$label" "uniform" 32 "r=$rate" "$cyc" "$wall" "$rate_rc"
}
trow c-traffic 0.002
trow c-traffic 0.045
# The periodic skip (docs/microarchitecture.md, "The periodic skip"): the
# same runs with --skip idle and --skip periodic, one after the other.
# Goals: phased 16x16 B = 1024 at least 20x faster with periodic than idle;
# B = 4096 at most 1.5x B = 1024's wall with periodic (the cost follows the
# messages); msgpass 8x8 B = 256 no more than 3% slower. (Synthetic traffic
# runs step every cycle whatever --skip says: the sources inject at random.)
for spec in "phased 16 1024" "phased 16 4096" "msgpass 8 256"; do
  row c-idle 1 $spec --skip idle
  row c-periodic 1 $spec --skip periodic
done
if [ -x build/rtl/torus_n8_d4_t2/syncswitch ] || [ "${BENCH_TORUS:-0}" = 1 ]; then
  row rtl-torus 3 phased 8 64 --backend rtl --rtl-top torus
fi
out_done "$csv"
echo "CSV: $csv"
