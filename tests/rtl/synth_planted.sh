#!/usr/bin/env bash
# scripts/synth.sh's structural checks (make synth: no latch, no
# combinational loop) fed one planted fault at a time (docs/verification.md,
# "Planted faults for every checker"): in a copy of rtl/, a latch and a
# combinational loop in ss_sync_switch must each fail the sync_switch run
# (exit 1, the fault named: "latch inferred by proc" with its process, or
# "'check'/'scc' on the gate netlist"); the unchanged copy must pass.
# SYNTH_RUNS=sync_switch: one small Yosys run each, seconds. Prints one
# PASS/FAIL line per plant.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"
script_init synth_planted   # $tmp, pass, fail
command -v yosys >/dev/null || { fail tools "yosys not installed (scripts/deps.sh formal)"; exit 0; }

# name @@ sed expression on ss_sync_switch.v @@ the text the failure must hold
plants=$(cat <<'EOF2'
latch @@ s/^      wire \[`SS_PHASE_W-1:0\] phase_d = clear ? phase_q + 1'b1 : phase_q;/      reg [`SS_PHASE_W-1:0] phase_d;\n      always @(*) if (clear) phase_d = phase_q + 1'b1;/ @@ FAIL sync_switch: latch inferred by proc
loop @@ s/^      wire all_done = (nim_q == ALL); /      wire all_done = (nim_q == ALL) || (clear \&\& tails_i[0]); / @@ FAIL sync_switch: 'check'/'scc' on the gate netlist
EOF2
)

fresh() {
  rm -rf "$tmp/t" && mkdir -p "$tmp/t/scripts" && cp -r "$root/rtl" "$tmp/t/" &&
    cp -r "$root/scripts/synth.sh" "$root/scripts/lib" "$tmp/t/scripts/"
}
synth() { SYNTH_RUNS=sync_switch SYNTH_JOBS=1 "$tmp/t/scripts/synth.sh" 2>&1; }

fresh || { fail clean "cannot copy the tree"; exit 0; }
out=$(synth)
[ $? -eq 0 ] && grep -q "no latches, no combinational loops (check + scc) in: sync_switch" <<<"$out" \
  && [ ! -e "$tmp/t/build/results/synth.csv" ] && pass clean || fail clean "$(tail -3 <<<"$out" | tr '\n' ' ')"
while IFS= read -r line; do
  [ -n "$line" ] || continue
  plant_row "$line"
  name=${row[0]} expr=${row[1]} want=${row[2]}
  fresh || { fail "$name" "cannot copy the tree"; continue; }
  plant "$tmp/t/rtl/ss_sync_switch.v" "$root/rtl/ss_sync_switch.v" "$expr" ||
    { fail "$name" "the plant no longer applies to rtl/ss_sync_switch.v"; continue; }
  out=$(synth)
  st=$?
  if [ $st -eq 1 ] && grep -qF -- "synth.sh: $want" <<<"$out"; then
    pass "$name"
  else
    fail "$name" "exit $st, want '$want': $(grep -m3 'synth.sh' <<<"$out" | tr '\n' ' ')"
  fi
done <<<"$plants"
