#!/usr/bin/env bash
# make synth: Yosys generic-gate synthesis of one router with and without the
# synchronizing switch (cells, flip-flop bits, area in gate equivalents), the
# cost of the switch, the router's area per K (MP_VCS = 1..4) and per routing
# function (ROUTING, K = 2 and 4), and structural checks: no latch and no combinational
# loop in ss_router (both builds), ss_sync_switch and a 4x4 ss_torus.
#
#   scripts/synth.sh              (run from anywhere; works in the repo root)
#   SYNTH_N=8 SYNTH_DEPTH=4 SYNTH_TT=2 SYNTH_JOBS=2 scripts/synth.sh
#   SYNTH_RUNS="sync_switch torus_n4" scripts/synth.sh   (those runs' checks
#   only: no table, no CSV; tests/rtl/synth_planted.sh plants faults so)
#
# Writes build/synth/<run>.{ys,log,stat,check,scc,latches} and
# build/results/synth.csv (config,cells,ff_bits,area). Exit status non-zero
# if any run fails, infers a latch or finds a logic loop. docs/synthesis.md
# explains the runs and the area unit.
set -euo pipefail
cd "$(dirname "$0")/.."

. scripts/lib/check.sh
check_int SYNTH_N 2 64
check_int SYNTH_DEPTH 1 16
check_int SYNTH_TT 1 64
check_int SYNTH_TORUS_N 2 16
check_int SYNTH_JOBS 1 64
N=${SYNTH_N:-8}
DEPTH=${SYNTH_DEPTH:-4}
TT=${SYNTH_TT:-2}
TORUS_N=${SYNTH_TORUS_N:-4}
JOBS=${SYNTH_JOBS:-$(nproc 2>/dev/null || echo 2)}
OUT=build/synth
CSV=build/results/synth.csv
RUNS=(router_ss1 router_ss0 router_ss1_nophase torus_n$TORUS_N sync_switch sync_switch_nophase
      router_k2 router_k3 router_k4 router_k2_min_adapt router_k4_min_adapt router_k2_valiant
      router_k4_valiant)
check_words SYNTH_RUNS "${RUNS[@]}"
[ -z "${SYNTH_RUNS:-}" ] || read -r -a RUNS <<<"$SYNTH_RUNS"

command -v yosys >/dev/null 2>&1 || {
  echo "synth.sh: yosys not found (run 'scripts/deps.sh synth' or 'make synth')" >&2; exit 1; }
mkdir -p "$OUT" "$(dirname "$CSV")"
rm -f "$OUT"/*.rc

SRC=$(ls rtl/*.v | tr '\n' ' ')
LATCH_TYPES='t:$dlatch t:$adlatch t:$dlatchsr t:$sr t:$_DLATCH_* t:$_DLATCHSR_* t:$_SR_*'

# ---- the yosys scripts --------------------------------------------------
# Flat runs: elaborate with the parameters, flatten, optionally turn an output
# port into an internal wire (its cone is then dead logic and is removed),
# then the rest of Yosys' generic 'synth' (coarse opt, memory_map, techmap,
# abc -fast). -nordff: the FIFO read address stays one register; without it
# memory_dff copies each FIFO's rd_q into a second register for the read port
# (30 extra flip-flops in the router that the RTL does not have).
# The same checks end every run: latch cells, check, scc, statistics.
checks_ys() {  # name
  echo "tee -q -o $OUT/$1.latches select -list $LATCH_TYPES"
  echo "tee -q -o $OUT/$1.check check"
  echo "tee -q -o $OUT/$1.scc scc"
  echo "tee -q -o $OUT/$1.stat stat -width"
  echo "check -assert"
}

flat_ys() {  # name top "chparam args" [port to unobserve]
  local name=$1 top=$2 params=$3 drop=${4:-}
  {
    echo "read_verilog -Irtl $SRC"
    echo "chparam $params $top"
    echo "hierarchy -check -top $top"
    echo "rename -top $top"
    echo "proc"
    echo "flatten"
    [ -n "$drop" ] && echo "delete -output $top/$drop"
    echo "synth -top $top -flatten -nordff -run coarse:"
    checks_ys "$name"
  } >"$OUT/$name.ys"
}

# The torus: each distinct router is synthesized once (hierarchical synth),
# then the gate netlist is flattened so that check/scc see every path
# between the routers.
torus_ys() {
  local name=$1
  {
    echo "read_verilog -Irtl $SRC"
    echo "chparam -set N $TORUS_N -set DEPTH $DEPTH -set TT $TT -set SYNC_SWITCH 1 ss_torus"
    echo "synth -top ss_torus -nordff"
    echo "flatten"
    echo "hierarchy -top ss_torus"
    echo "opt_clean"
    checks_ys "$name"
  } >"$OUT/$name.ys"
}

P="-set N $N -set DEPTH $DEPTH -set TT $TT"
flat_ys router_ss1          ss_router "$P -set SYNC_SWITCH 1"
flat_ys router_ss0          ss_router "$P -set SYNC_SWITCH 0"
flat_ys router_ss1_nophase  ss_router "$P -set SYNC_SWITCH 1" phase_o
torus_ys "torus_n$TORUS_N"
flat_ys sync_switch         ss_sync_switch "-set ENABLE 1"
flat_ys sync_switch_nophase ss_sync_switch "-set ENABLE 1" phase_o
# K message-passing VCs per dateline class (MP_VCS; router_ss1 is K = 1)
for k in 2 3 4; do flat_ys router_k$k ss_router "$P -set SYNC_SWITCH 1 -set MP_VCS $k"; done
# the routing functions (ROUTING 1 min_adapt, 2 valiant; router_kK is dim_order)
for k in 2 4; do
  flat_ys router_k${k}_min_adapt ss_router "$P -set SYNC_SWITCH 1 -set MP_VCS $k -set ROUTING 1"
  flat_ys router_k${k}_valiant   ss_router "$P -set SYNC_SWITCH 1 -set MP_VCS $k -set ROUTING 2"
done

# ---- run them, JOBS at a time --------------------------------------------
run() {
  local name=$1 t0=$SECONDS rc=0
  yosys -q -l "$OUT/$name.log" -s "$OUT/$name.ys" >/dev/null 2>&1 || rc=$?
  echo "$rc $((SECONDS - t0))" >"$OUT/$name.rc"
}
echo "synth.sh: yosys $(yosys -V | awk '{print $2}'), router N=$N DEPTH=$DEPTH TT=$TT, torus N=$TORUS_N, $JOBS jobs; logs in $OUT/"
for r in "${RUNS[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n || true; done
  run "$r" &
done
wait

# ---- checks ---------------------------------------------------------------
fail=0
for r in "${RUNS[@]}"; do
  read -r rc secs <"$OUT/$r.rc"
  log=$OUT/$r.log
  # latches, as proc infers them (names the process: file:line) and as cells
  if grep -q '^Latch inferred' "$log"; then
    echo "synth.sh: FAIL $r: latch inferred by proc:" >&2
    grep '^Latch inferred' "$log" | sed 's/^/    /' >&2; fail=1
  fi
  if [ -s "$OUT/$r.latches" ] && grep -q . "$OUT/$r.latches"; then
    echo "synth.sh: FAIL $r: latch cells in the netlist ($OUT/$r.latches):" >&2
    awk 'NF && NR <= 20 { print "    " $0 }' "$OUT/$r.latches" >&2; fail=1
  fi
  # combinational loops: scc and 'check' on the flat gate netlist decide;
  # the RTL cells and signals on the loop come from the coarse 'check' that
  # synth runs before techmap/abc (the gate cells have no source names)
  loops=0
  if [ -f "$OUT/$r.scc" ] && ! grep -q '^Found 0 SCCs\.' "$OUT/$r.scc"; then loops=1; fi
  if [ -f "$OUT/$r.check" ] && ! grep -q 'Found and reported 0 problems' "$OUT/$r.check"; then loops=1; fi
  if [ $loops -eq 1 ]; then
    echo "synth.sh: FAIL $r: 'check'/'scc' on the gate netlist:" \
         "$(grep -h -E '^Found [0-9]+ SCCs\.|^Found and reported' "$OUT/$r.scc" "$OUT/$r.check" | tr '\n' ' ')" >&2
    grep -h '^Warning' "$OUT/$r.check" | sort | uniq -c | awk '{ $1 = $1 "x"; print "    " $0 }' >&2 || true
    awk '/Executing CHECK pass/ { n++ } n == 1' "$log" >"$OUT/$r.rtlcheck"
    src=$(grep -o -E 'rtl/[A-Za-z0-9_]+\.v:[1-9][0-9]*' "$OUT/$r.rtlcheck" | sort -t: -k1,1 -k2,2n -u | tr '\n' ' ' || true)
    sig=$(grep -E '^ +wire ' "$OUT/$r.rtlcheck" | awk '{ print $2 }' | grep -v '^\$' | sed 's/^\\//' | sort -u | tr '\n' ' ' || true)
    echo "    RTL source lines on the loop (coarse check, $OUT/$r.rtlcheck): ${src:-none found (loop created in mapping?)}" >&2
    [ -z "$sig" ] || echo "    named signals on the loop: $sig" >&2
    fail=1
  fi
  if [ "$rc" -ne 0 ]; then
    echo "synth.sh: FAIL $r: yosys exit status $rc; last lines of $log:" >&2
    grep -E 'ERROR' "$log" | sed 's/^/    /' >&2 || true
    tail -n 5 "$log" | sed 's/^/    /' >&2; fail=1
  fi
  # warnings other than the expected ones (arrays of registers written in a
  # for loop are split into registers: harmless) are shown, not fatal
  other=$(grep '^Warning: ' "$log" | grep -v 'Replacing memory .* with list of registers' | sort -u || true)
  [ -z "$other" ] || { echo "synth.sh: note: $r: yosys warnings:"; echo "$other" | sed 's/^/    /'; }
done
[ $fail -eq 0 ] || { echo "synth.sh: FAILED (see above)" >&2; exit 1; }
if [ -n "${SYNTH_RUNS:-}" ]; then
  echo "synth.sh: no latches, no combinational loops (check + scc) in: ${RUNS[*]} (SYNTH_RUNS: no table, no CSV)"
  exit 0
fi

# ---- cells, flip-flop bits, area -------------------------------------------
# Area in gate equivalents (GE, 1 GE = one 2-input NAND), one weight per
# Yosys generic cell; the ratios are those of typical X1 standard cells
# (INV 0.67, NAND2/NOR2 1, AND2/OR2 1.33, XOR2 2, MUX2 2.33, DFF 5.67).
# A flip-flop with a synchronous reset/set adds the AND/OR in front of D
# (+1.33), with an enable the feedback MUX2 (+2.33), with an asynchronous
# reset/set the bigger cell (+1 per async control). Every FF cell counts its
# bits: fine cells ($_DFF_P_, $_SDFFE_PN0P_, ...) one bit, coarse ones ($dff,
# $sdffe, ...; not expected after synth) their width. An unknown cell type
# stops the script, so that the estimate never skips cells silently.
measure() {  # stat file -> "cells ff_bits area_ge"
  awk '
    BEGIN {
      w["$_NOT_"]=0.67; w["$_BUF_"]=0.67
      w["$_NAND_"]=1;   w["$_NOR_"]=1
      w["$_AND_"]=1.33; w["$_OR_"]=1.33; w["$_ANDNOT_"]=1.33; w["$_ORNOT_"]=1.33
      w["$_XOR_"]=2;    w["$_XNOR_"]=2
      w["$_MUX_"]=2.33; w["$_NMUX_"]=2.33
      w["$_AOI3_"]=1.33; w["$_OAI3_"]=1.33; w["$_AOI4_"]=1.67; w["$_OAI4_"]=1.67
      DFF=5.67; SYNC=1.33; EN=2.33; ASYNC=1
    }
    /^=== / { mods++ }
    /Number of cells:/ { cells += $4; incells = 1; next }
    incells && NF == 0 { incells = 0; next }
    incells && NF == 2 {
      t = $1; n = $2; bits = 1; base = t
      if (match(t, /_[0-9]+$/) && t !~ /^\$_/) { bits = substr(t, RSTART + 1); base = substr(t, 1, RSTART - 1) }
      if (base ~ /^\$_(FF|DFF|DFFE|SDFF|SDFFE|SDFFCE|DFFSR|DFFSRE|ALDFF|ALDFFE)_/ ||
          base ~ /^\$(ff|dff|dffe|sdff|sdffe|sdffce|adff|adffe|aldff|aldffe|dffsr|dffsre)$/) {
        g = DFF
        if (base ~ /^\$_?[sS][dD][fF][fF]/) g += SYNC
        if (base ~ /^\$_(DFFE|SDFFE|SDFFCE|DFFSRE|ALDFFE)_/ || base ~ /^\$(dffe|sdffe|sdffce|adffe|aldffe|dffsre)$/) g += EN
        if (base ~ /^\$_DFF_[NP][NP][01]_$/ || base ~ /^\$_DFFE_[NP][NP][01][NP]_$/ || base ~ /^\$adff/) g += ASYNC
        if (base ~ /^\$_?(DFFSR|dffsr|ALDFF|aldff)/) g += 2 * ASYNC
        ff += n * bits; area += n * bits * g
      } else if (t in w) {
        area += n * w[t]
      } else {
        printf "synth.sh: no area weight for cell type %s (%s cells)\n", t, n > "/dev/stderr"; bad = 1
      }
    }
    END {
      if (mods != 1) { print "synth.sh: expected one flat module in " FILENAME > "/dev/stderr"; exit 3 }
      if (bad) exit 3
      printf "%d %d %.1f\n", cells, ff, area
    }' "$1"
}

declare -A C F A
for r in "${RUNS[@]}"; do
  read -r C[$r] F[$r] A[$r] < <(measure "$OUT/$r.stat") || { echo "synth.sh: cannot measure $r" >&2; exit 1; }
  [ -n "${C[$r]}" ] || { echo "synth.sh: cannot measure $r" >&2; exit 1; }
done
sub()  { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a - b }'; }
pct()  { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", 100 * a / b }'; }

d_c=$((C[router_ss1] - C[router_ss0]));         d_f=$((F[router_ss1] - F[router_ss0]))
d_a=$(sub "${A[router_ss1]}" "${A[router_ss0]}")
n_c=$((C[router_ss1_nophase] - C[router_ss0])); n_f=$((F[router_ss1_nophase] - F[router_ss0]))
n_a=$(sub "${A[router_ss1_nophase]}" "${A[router_ss0]}")

{
  echo "config,cells,ff_bits,area"
  echo "router_sync_switch,${C[router_ss1]},${F[router_ss1]},${A[router_ss1]}"
  echo "router_no_sync_switch,${C[router_ss0]},${F[router_ss0]},${A[router_ss0]}"
  echo "sync_switch_cost,$d_c,$d_f,$d_a"
  echo "router_sync_switch_no_phase_counter,${C[router_ss1_nophase]},${F[router_ss1_nophase]},${A[router_ss1_nophase]}"
  echo "sync_switch_cost_no_phase_counter,$n_c,$n_f,$n_a"
  echo "sync_switch_module,${C[sync_switch]},${F[sync_switch]},${A[sync_switch]}"
  echo "sync_switch_module_no_phase_counter,${C[sync_switch_nophase]},${F[sync_switch_nophase]},${A[sync_switch_nophase]}"
  echo "torus_${TORUS_N}x${TORUS_N},${C[torus_n$TORUS_N]},${F[torus_n$TORUS_N]},${A[torus_n$TORUS_N]}"
  echo "router_sync_switch_k1,${C[router_ss1]},${F[router_ss1]},${A[router_ss1]}"
  for k in 2 3 4; do echo "router_sync_switch_k$k,${C[router_k$k]},${F[router_k$k]},${A[router_k$k]}"; done
} >"$CSV"

row() { printf '%-44s %8s %8s %10s %s\n' "$@"; }
echo
echo "Router N=$N DEPTH=$DEPTH TT=$TT, Yosys generic cells after synth -flatten (abc -fast); area in GE (NAND2 = 1)"
row "configuration" cells ff_bits area_GE ""
row "router, SYNC_SWITCH=1"                 "${C[router_ss1]}" "${F[router_ss1]}" "${A[router_ss1]}" ""
row "router, SYNC_SWITCH=0"                 "${C[router_ss0]}" "${F[router_ss0]}" "${A[router_ss0]}" ""
row "  sync switch (difference)"            "$d_c" "$d_f" "$d_a" \
    "($(pct $d_c "${C[router_ss1]}")% of cells, $(pct $d_a "${A[router_ss1]}")% of area)"
row "router, SYNC_SWITCH=1, phase_o unused" "${C[router_ss1_nophase]}" "${F[router_ss1_nophase]}" "${A[router_ss1_nophase]}" ""
row "  sync switch without phase counter"   "$n_c" "$n_f" "$n_a" \
    "($(pct $n_c "${C[router_ss1]}")% of cells, $(pct $n_a "${A[router_ss1]}")% of area)"
row "ss_sync_switch module alone"              "${C[sync_switch]}" "${F[sync_switch]}" "${A[sync_switch]}" ""
row "ss_sync_switch alone, phase_o unused"     "${C[sync_switch_nophase]}" "${F[sync_switch_nophase]}" "${A[sync_switch_nophase]}" ""
row "torus ${TORUS_N}x${TORUS_N} (check run, not cross-optimized)" "${C[torus_n$TORUS_N]}" "${F[torus_n$TORUS_N]}" "${A[torus_n$TORUS_N]}" ""
for k in 2 3 4; do
  row "router, SYNC_SWITCH=1, MP_VCS=$k ($((1 + 2 * k)) VCs a port)" "${C[router_k$k]}" "${F[router_k$k]}" "${A[router_k$k]}" \
      "(x$(awk -v a="${A[router_k$k]}" -v b="${A[router_ss1]}" 'BEGIN { printf "%.2f", a / b }') the K = 1 area)"
done
echo
share=$(pct $d_c "${C[router_ss1]}")
if awk -v s="$share" 'BEGIN { exit !(s < 5) }'; then verdict="met"; else verdict="NOT met"; fi
echo "sync switch share of the router's cells: $share% (target < 5%: $verdict)"
echo "no latches, no combinational loops (check + scc) in: ${RUNS[*]}"
times=""; for r in "${RUNS[@]}"; do read -r _ s <"$OUT/$r.rc"; times+=" $r=${s}s"; done
echo "yosys run times:$times"
echo "wrote $CSV"
