#!/usr/bin/env bash
# make bench: simulation speed of the C model and the Verilated RTL in router-cycles per second
# (cycles x routers / wall seconds) on phased AAPC, printed and saved as CSV.
# A benchmark, not a test: the figures depend on the machine.
set -euo pipefail
bin=build/syncswitch
res=build/results
mkdir -p "$res"
csv="$res/bench_c_model.csv"
echo "backend,kernel,n,words,cycles,routers,wall_s,router_cycles_per_s" >"$csv"
printf "%-9s %-8s %5s %6s %10s %8s %14s\n" backend kernel n words cycles wall_s "router-cyc/s"
for spec in "phased 8 1024" "phased 16 256" "phased 32 16" "msgpass 8 256"; do
  set -- $spec
  j=$("$bin" run --kernel "$1" --n "$2" --words "$3" --json)
  cyc=$(echo "$j" | sed 's/.*"cycles":\([0-9]*\).*/\1/')
  wall=$(echo "$j" | sed 's/.*"wall_s":\([0-9.]*\).*/\1/')
  rate=$(awk -v c="$cyc" -v n="$2" -v w="$wall" 'BEGIN { printf "%.0f", c * n * n / w }')
  echo "c,$1,$2,$3,$cyc,$(($2 * $2)),$wall,$rate" >>"$csv"
  printf "%-9s %-8s %5s %6s %10s %8s %14s\n" c "$1" "$2" "$3" "$cyc" "$wall" "$rate"
done
# The Verilated RTL, alone and in lockstep with the C model: the router
# array (the default top; built in under a minute per size) on 8x8 (B = 256)
# and 16x16 (B = 64), and the torus.v top on 8x8 (B = 64) when it is built
# (make test builds it; BENCH_TORUS=1 builds it here, several minutes).
# Each RTL row is the best of three runs.
rtl_row() {  # label top n words backend: the best of 3 runs (the VM is noisy)
  local label=$1 top=$2 rn=$3 b=$4 be=$5 j cyc wall w rate k
  wall=
  for k in 1 2 3; do
    j=$("$bin" run --kernel phased --n "$rn" --words "$b" --backend "$be" --rtl-top "$top" --json)
    cyc=$(echo "$j" | sed 's/.*"cycles":\([0-9]*\).*/\1/')
    w=$(echo "$j" | sed 's/.*"wall_s":\([0-9.]*\).*/\1/')
    if [ -z "$wall" ] || awk -v a="$w" -v b="$wall" 'BEGIN { exit !(a < b) }'; then wall=$w; fi
  done
  rate=$(awk -v c="$cyc" -v n="$rn" -v w="$wall" 'BEGIN { printf "%.0f", c * n * n / w }')
  echo "$label,phased,$rn,$b,$cyc,$((rn * rn)),$wall,$rate" >>"$csv"
  printf "%-9s %-8s %5s %6s %10s %8s %14s\n" "$label" phased "$rn" "$b" "$cyc" "$wall" "$rate"
}
for rn in ${BENCH_RTL_N:-8 16}; do
  b=$([ "$rn" -le 8 ] && echo 256 || echo 64)
  rtl_row rtl routers "$rn" "$b" rtl
  rtl_row cosim routers "$rn" "$b" cosim
done
if [ -x build/rtl/torus_n8_d4_t2/syncswitch ] || [ "${BENCH_TORUS:-0}" = 1 ]; then
  rtl_row rtl-torus torus 8 64 rtl
fi
echo "CSV: $csv"
