#!/usr/bin/env bash
# make waves: a short waveform of phased AAPC on the Verilated 8x8 torus, to
# look at in GTKWave with testbench/rtl/waves.gtkw (docs/waves.md).
#   build/results/waves/phased_8x8.fst   the trace (FST), cycles 0..400
#   build/results/waves/phased_8x8.gtkw  a copy of testbench/rtl/waves.gtkw (yours to change and save)
#   build/results/waves/flit_kind.txt    GTKWave translate filter: flit kind -> HEAD/BODY/TAIL
# Run from the repository root. WORDS and TO (last traced cycle) can be set
# in the environment; the save file's zoom is made for the defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/check.sh
check_int WORDS 1 1048576
check_int TO 1 1000000

scripts/deps.sh waves          # GTKWave: fst2vcd here, the viewer for you

bin=build/rtl/torus_n8_d4_t2/syncswitch
out=build/results/waves
fst=$out/phased_8x8.fst
gtkw=testbench/rtl/waves.gtkw
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

# Flit kind (bits 33:32 of a link register) as text and colour; waves.gtkw
# names this file by its path from the repository root.
cat >"$out/flit_kind.txt" <<'EOF'
0 ?gray30?-
1 ?green?HEAD
2 ?dodger blue?BODY
3 ?red?TAIL
EOF
cp "$gtkw" "$out/phased_8x8.gtkw"

# Every signal the save file shows must exist in the trace: GTKWave silently
# drops unknown names, so a renamed register would just vanish from the view.
have=$(mktemp) want=$(mktemp)
trap 'rm -f "$have" "$want"' EXIT
{ fst2vcd -f "$fst" 2>/dev/null || true; } | sed '/\$enddefinitions/q' |
  awk '$1 == "$scope" { s[++d] = $3 } $1 == "$upscope" { d-- }
       $1 == "$var" { p = s[1]; for (i = 2; i <= d; i++) p = p "." s[i]
                      print p "." $5 (substr($6, 1, 1) == "[" ? $6 : "") }' |
  sort -u >"$have"
grep -v '^\[' "$gtkw" | grep -o 'torus\.[^ ]*' | sort -u >"$want"
missing=$(comm -23 "$want" "$have")
if [ -n "$missing" ]; then
  echo "waves.sh: warning: $gtkw names signals that are not in the trace:" >&2
  echo "$missing" | sed 's/^/  /' >&2
fi

cat <<EOF

Trace: $fst (cycles 0..$to; 10 ps of trace time per clock cycle)
Open it from the repository root with
  gtkwave $fst $gtkw
or, to keep changes you save out of the repository,
  gtkwave $out/phased_8x8.gtkw
What the groups show and how to read a phase boundary: docs/waves.md
EOF
