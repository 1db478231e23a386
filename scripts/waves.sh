#!/usr/bin/env bash
# make waves: a short waveform of phased AAPC on the Verilated 8x8 torus, to
# look at in GTKWave (docs/waves.md).
#   build/results/waves/phased_8x8.fst   the trace (FST), cycles 0..TO, one time unit a cycle
#   build/results/waves/phased_8x8.gtkw  the view: testbench/rtl/waves.gtkw's
#                                        routers, or those ROUTERS names
# ROUTERS="X,Y ..." (default "0,0 1,0 0,1 3,3"): the routers the view shows,
# the first one open; WORDS (16) the message size; TO (400) the last traced
# cycle. The view's zoom and markers are made for the defaults.
# Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/check.sh
. scripts/lib/waves.sh
check_int WORDS 1 1048576
check_int TO 1 1000000
check_each ROUTERS '^[0-7],[0-7]$' "X,Y routers with 0 <= X, Y < 8, spaces between"
routers=${ROUTERS:-0,0 1,0 0,1 3,3}

scripts/deps.sh waves          # GTKWave: fst2vcd here, the viewer for you

bin=build/rtl/torus_n8_d4_t2/syncswitch
out=build/results/waves
fst=$out/phased_8x8.fst
view=$out/phased_8x8.gtkw
words=${WORDS:-16}
to=${TO:-400}                  # about 7 phases of 48 cycles at B = 16, T_t = 2

if [ ! -x "$bin" ]; then
  echo "waves.sh: $bin is missing; building it (make rtl-bin RTL_TOP=torus, a few minutes)" >&2
  make rtl-bin RTL_TOP=torus RTL_N=8 RTL_DEPTH=4 RTL_TT=2
fi

mkdir -p "$out"
rm -f "$fst"
"$bin" run --kernel phased --n 8 --words "$words" --backend rtl \
  --trace "$fst" --trace-from 0 --trace-to "$to"
[ -s "$fst" ] || { echo "waves.sh: no trace written to $fst" >&2; exit 1; }

# the view, with the translate filter's absolute path: it opens from anywhere;
# written whole or not at all (a failed or stopped run leaves no view)
. scripts/lib/out.sh
out_clean "$out"
rm -f "$view"
# shellcheck disable=SC2086
scripts/waves_view.sh --dump "$PWD/$fst" --root "$PWD" $routers >"$(out_part "$view")"
out_done "$view"

# Every signal the view shows must exist in the trace: GTKWave silently
# drops unknown names, so a renamed register would just vanish from the view.
missing=$(comm -23 <(view_signals "$view") <(trace_signals "$fst"))
if [ -n "$missing" ]; then
  echo "waves.sh: warning: $view names signals that are not in the trace:" >&2
  echo "$missing" | sed 's/^/  /' >&2
fi

cat <<EOF2

Trace: $fst (cycles 0..$to; one time unit a cycle: GTKWave's "ns" are cycles)
Open it with
  gtkwave $view
(routers: $routers; another set: make waves ROUTERS="2,3 5,1")
What the groups show and how to read a phase boundary: docs/waves.md
EOF2
