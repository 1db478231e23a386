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
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v yosys >/dev/null || { echo "FAIL synth_planted: yosys not installed (scripts/deps.sh formal)"; exit 0; }

# name @@ sed expression on ss_sync_switch.v @@ the text the failure must hold
plants=$(cat <<'EOF2'
latch @@ s/^      wire \[`SS_PHASE_W-1:0\] phase_d = clear ? phase_q + 1'b1 : phase_q;/      reg [`SS_PHASE_W-1:0] phase_d;\n      always @(*) if (clear) phase_d = phase_q + 1'b1;/ @@ FAIL sync_switch: latch inferred by proc
loop @@ s/^      wire all_done = (nim_q == ALL); /      wire all_done = (nim_q == ALL) || (clear \&\& tails_i[0]); / @@ FAIL sync_switch: 'check'\/'scc' on the gate netlist
EOF2
)

fresh() {
  rm -rf "$tmp/t" && mkdir -p "$tmp/t/scripts" && cp -r "$root/rtl" "$tmp/t/" &&
    cp -r "$root/scripts/synth.sh" "$root/scripts/lib" "$tmp/t/scripts/"
}
synth() { SYNTH_RUNS=sync_switch SYNTH_JOBS=1 "$tmp/t/scripts/synth.sh" 2>&1; }

fresh || { echo "FAIL synth_planted_clean: cannot copy the tree"; exit 0; }
out=$(synth)
[ $? -eq 0 ] && grep -q "no latches, no combinational loops (check + scc) in: sync_switch" <<<"$out" \
  && [ ! -e "$tmp/t/build/results/synth.csv" ] && echo "PASS synth_planted_clean" \
  || echo "FAIL synth_planted_clean: $(tail -3 <<<"$out" | tr '\n' ' ')"
while IFS= read -r line; do
  [ -n "$line" ] || continue
  name=${line%% @@ *}; rest=${line#* @@ }
  expr=${rest%% @@ *}; want=${rest#* @@ }
  want=${want//\\\//\/}
  fresh || { echo "FAIL synth_planted_$name: cannot copy the tree"; continue; }
  sed -i -e "$expr" "$tmp/t/rtl/ss_sync_switch.v"
  if cmp -s "$tmp/t/rtl/ss_sync_switch.v" "$root/rtl/ss_sync_switch.v"; then
    echo "FAIL synth_planted_$name: the plant no longer applies to rtl/ss_sync_switch.v"
    continue
  fi
  out=$(synth)
  st=$?
  if [ $st -eq 1 ] && grep -qF -- "synth.sh: $want" <<<"$out"; then
    echo "PASS synth_planted_$name"
  else
    echo "FAIL synth_planted_$name: exit $st, want '$want': $(grep -m3 'synth.sh' <<<"$out" | tr '\n' ' ')"
  fi
done <<<"$plants"
