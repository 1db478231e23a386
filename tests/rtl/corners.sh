#!/usr/bin/env bash
# Co-simulation at the parameter corners (make test): buffer depths 1, 3
# and 6 (not powers of two: the FIFO pointers wrap differently), T_t 1 and
# 3, a 4x4 and a 6x6 torus (not a multiple of 8), the node options that
# change its timing (--mem-bw, --seed, --size-variance). Each corner runs
# kernels and synthetic traffic near saturation (contention, credits
# running out, datelines), every link compared every cycle, and must give
# the C backend's numbers; and the router built without the synchronizing
# switch (--sync-switch 0). Each (n, depth, T_t, switch) is its own
# Verilated build (about 20 s, on first use). Prints one PASS/FAIL line per run.
set -u
dir="${1:-build}"
bin="$dir/syncswitch"
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
corner() { local name=$1; shift; same_as_c "corner_$name" "$bin" cosim "$@"; }

tr() { echo traffic --warmup 1000 --window 2000 "$@"; }
# shellcheck disable=SC2046
{
corner d1_t2_msgpass        run --kernel msgpass --n 8 --words 8 --depth 1
corner d1_t2_phased_sw      run --kernel phased-sw --n 8 --words 8 --depth 1
corner d1_t2_uniform        $(tr --pattern uniform --rate 0.12 --n 8 --depth 1)
corner d3_t3_msgpass_var    run --kernel msgpass-var --n 8 --words 16 --depth 3 --tt 3 --size-variance 0.9 --seed 11
corner d3_t3_phased_membw   run --kernel phased --n 8 --words 32 --depth 3 --tt 3 --mem-bw 0.6
corner d3_t3_tornado        $(tr --pattern tornado --rate 0.05 --n 8 --depth 3 --tt 3 --packet 3-12)
corner d6_t1_phased         run --kernel phased --n 8 --words 16 --depth 6 --tt 1
corner d6_t1_hcube          run --kernel hcube-msgpass --n 8 --words 8 --depth 6 --tt 1
corner d6_t1_uniform        $(tr --pattern uniform --rate 0.3 --n 8 --depth 6 --tt 1 --packet 3-20)
corner n4_msgpass_seed      run --kernel msgpass-var --n 4 --words 8 --seed 5 --size-variance 0.5
corner n4_bitcomp           $(tr --pattern bitcomp --rate 0.2 --n 4)
corner n6_msgpass           run --kernel msgpass --n 6 --words 8
corner n6_hotspot           $(tr --pattern hotspot:20:0.15 --rate 0.08 --n 6 --burst 3)
# the router built without the synchronizing switch (SYNC_SWITCH = 0, its
# own build): message passing and traffic, which run with the switch off
corner s0_msgpass           run --kernel msgpass --n 8 --words 8 --sync-switch 0
corner s0_hcube_msgpass     run --kernel hcube-msgpass --n 8 --words 8 --sync-switch 0
corner s0_uniform           $(tr --pattern uniform --rate 0.25 --n 8 --packet 3-12 --sync-switch 0)
}
