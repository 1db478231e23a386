#!/usr/bin/env bash
# The fuzz kernels co-simulated (make test, RTL_TESTS=1): a handful of
# seeds of `fuzz` and `fuzz-sw` (docs/kernels/fuzz.md) at the (n, depth,
# T_t) points that tests/rtl/corners.sh already builds, so no Verilated
# build of its own. Each run mixes AAPC phases under the switch, message
# passing on both dateline VCs (msg_cycles low enough to contend), empty
# messages, premature software clears (fuzz-sw) and slow memory (--mem-bw),
# every link compared every cycle, and must give the C backend's JSON.
# Many more seeds and points: make fuzz (scripts/fuzz.sh). Prints one
# PASS/FAIL line per run (3 seeds x 8 points); about 10 s after the builds.
set -u
dir="${1:-build}"
bin="$dir/syncswitch"
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
# f NAME ARGS: three seeds of one point, each run named NAME_sSEED (seed 1 +
# 100 i + the point's number, so no two points share a seed)
seeds=3 point=0
f() {
  local name=$1 i; shift; point=$((point + 1))
  for ((i = 0; i < seeds; i++)); do
    local s=$((1 + 100 * i + point))
    same_as_c "fuzz_${name}_s$s" "$bin" cosim run "$@" --seed "$s"
  done
}

f n8_d4_t2         --kernel fuzz    --n 8 --words 16 --msg-cycles 10
f n8_d4_t2_sw      --kernel fuzz-sw --n 8 --words 16 --msg-cycles 10
f n8_d1_t2         --kernel fuzz    --n 8 --words 12 --depth 1 --msg-cycles 10
f n8_d3_t3_membw   --kernel fuzz-sw --n 8 --words 24 --depth 3 --tt 3 --mem-bw 0.6 --msg-cycles 10
f n8_d6_t1         --kernel fuzz    --n 8 --words 20 --depth 6 --tt 1 --call-cycles 2 --msg-cycles 10
f n4               --kernel fuzz-sw --n 4 --words 16 --msg-cycles 0 --mem-bw 0.5
f n6               --kernel fuzz    --n 6 --words 8  --mem-bw 1 --msg-cycles 10
f n6_sw_empty      --kernel fuzz-sw --n 6 --words 0  --msg-cycles 10
