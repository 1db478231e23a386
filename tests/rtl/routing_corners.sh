#!/usr/bin/env bash
# Co-simulation of the routing functions (issue 29) at the corners: min_adapt
# and valiant at K = 2..4, depth 1, 2 and 4, T_t 1..3, 8x8 and 6x6 (not a
# power of two: valiant's mod-N arithmetic), synthetic traffic near and
# past saturation on uniform, transpose, tornado and hotspot, message
# passing, and phased AAPC with adaptive background traffic (the
# synchronizing switch on). Every link compared every cycle; each run must
# give the C backend's numbers. Each (n, depth, T_t, K, function) is its own
# Verilated build (about a minute, on first use): this is the wide sweep of
# make test-long (tests/rtl/rtl_long.sh); tests/traffic/routing.sh runs a
# few of them under RTL_TESTS=1. Prints one PASS/FAIL line per run.
set -u
dir="${1:-build}"
bin="$dir/syncswitch"
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
corner() { local name=$1; shift; same_as_c "routing_corner_$name" "$bin" cosim "$@"; }
tr() { echo traffic --warmup 300 --window 1000 --watchdog 5000 "$@"; }

# shellcheck disable=SC2046
for rf in min_adapt valiant; do
  r="--routing-function $rf"
  corner "${rf}_k2_d1_t1_uniform"    $(tr --pattern uniform --rate 0.25 --n 8 --vcs 2 --depth 1 --tt 1 $r)
  corner "${rf}_k2_d1_t1_transpose"  $(tr --pattern transpose --rate 0.5 --n 8 --vcs 2 --depth 1 --tt 1 --packet 3-12 $r)
  corner "${rf}_k3_d2_t3_tornado"    $(tr --pattern tornado --rate 0.2 --n 8 --vcs 3 --depth 2 --tt 3 $r)
  corner "${rf}_k3_d2_t3_msgpass"    run --kernel msgpass --n 8 --words 16 --vcs 3 --depth 2 --tt 3 $r
  corner "${rf}_k4_d4_t1_hotspot"    $(tr --pattern hotspot:5:0.2 --rate 0.4 --n 8 --vcs 4 --depth 4 --tt 1 $r)
  corner "${rf}_k4_d4_t1_uniform"    $(tr --pattern uniform --rate 0.6 --n 8 --vcs 4 --depth 4 --tt 1 --ties balanced $r)
  corner "${rf}_k2_n6_d2_t2_uniform" $(tr --pattern uniform --rate 0.3 --n 6 --vcs 2 --depth 2 --tt 2 $r)
  corner "${rf}_k2_n6_d2_t2_tornado" $(tr --pattern tornado --rate 0.5 --n 6 --vcs 2 --depth 2 --tt 2 $r)
  corner "${rf}_k2_n6_d2_t2_msgpass" run --kernel msgpass --n 6 --words 32 --vcs 2 --depth 2 --tt 2 $r
  corner "${rf}_k2_d4_t2_phased_bg"  run --kernel phased --n 8 --words 32 --vcs 2 --background uniform:0.2 --watchdog 5000 $r
  corner "${rf}_k3_d2_t3_phased_bg"  run --kernel phased --n 8 --words 16 --vcs 3 --depth 2 --tt 3 --background uniform:0.2 --watchdog 5000 $r
done
