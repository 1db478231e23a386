#!/usr/bin/env bash
# Synthetic traffic on the RTL (make test): two patterns near saturation
# and the example trace co-simulated (every link, credit and sticky bit
# compared every cycle) and giving the C backend's numbers to the last
# digit; and coexistence runs (kernels with traffic underneath). Prints one
# PASS/FAIL line per test.
set -u
dir="${1:-build}"
bin="$dir/syncswitch"
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"

# 8x8 uniform saturates near 0.175 flits/node/cycle, transpose near 0.11
same_as_c traffic_cosim_uniform_near_sat "$bin" cosim traffic --pattern uniform --rate 0.16 --n 8 --warmup 1000 --window 3000
same_as_c traffic_cosim_transpose_near_sat "$bin" cosim traffic --pattern transpose --rate 0.1 --n 8 --packet 3-9 --warmup 1000 --window 3000
same_as_c traffic_cosim_hotspot_bursty "$bin" cosim traffic --pattern hotspot:9:0.1 --rate 0.05 --burst 4 --n 8 --warmup 1000 --window 2000
same_as_c traffic_cosim_example_trace "$bin" cosim traffic --trace-in "$root/traces/example.trace" --n 4

# Coexistence: phased AAPC under the hardware switch, and message passing
# sharing its own pool, with synthetic traffic underneath (and some of it
# measured)
MUST='"bg_packets":[1-9]' same_as_c traffic_coexist_phased_uniform "$bin" cosim run --kernel phased --n 8 --words 16 --background uniform:0.1
MUST='"bg_packets":[1-9]' same_as_c traffic_coexist_msgpass_transpose "$bin" cosim run --kernel msgpass --n 8 --words 4 --background transpose:0.05
