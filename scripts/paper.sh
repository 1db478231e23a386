#!/usr/bin/env bash
# make paper: every figure and table of the five source papers that the
# model can express, regenerated: CSV and PNG (ours beside the paper's
# values) under build/results/paper/, and the fidelity table docs/fidelity.md.
#   scripts/paper.sh [--quick] [--only ID[,ID...]] [-j J] [--table] [--help]
# The full run also keeps every figure's plot in docs/paper/ and its CSV in
# docs/paper/csv/ (the table links the plots there). --quick runs each figure's small version (fewer sizes and nodes) and writes
# the table to build/results/paper/fidelity.md instead of docs/. --only runs
# the named figures (ids from 'paper/*.sh list'), also into build/. --table
# runs no figure: it rewrites the table from the rows and CSVs the last runs
# left in build/results/paper/ (after editing paper/notes, or after --only
# runs of the figures whose scripts changed) and checks its numbers.
# A run in which a figure failed rewrites nothing tracked (docs/fidelity.md,
# docs/paper/): its table goes to build/results/paper/fidelity.md.
# PAPER_DOCS=DIR (tests) puts the tracked files under DIR instead of docs/.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0 only="" only_given=0 jobs=2 table=0
usage() { echo "usage: scripts/paper.sh [--quick] [--only ID[,ID...]] [-j J] [--table] [--help]" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    --quick) quick=1 ;;
    --table) table=1 ;;
    --only) [ $# -ge 2 ] || usage; only=$2; only_given=1; shift ;;
    -j) [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]?$ ]] || { echo "paper.sh: -j needs 1..99" >&2; exit 2; }; jobs=$2; shift ;;
    *) echo "paper.sh: unknown option '$1' (allowed: --quick, --only ID[,ID...], -j J, --table, --help)" >&2; exit 2 ;;
  esac
  shift
done
# PAPER_OUT (tests set it) moves the results; SS names the binary (lib.sh)
. scripts/lib/check.sh
. scripts/lib/out.sh
check_dir PAPER_OUT
check_dir PAPER_DOCS
docs=${PAPER_DOCS:-docs}
# QUICK is the figures' own switch (paper/lib.sh); --quick sets it here, and
# a bad one in the environment would make every figure's list empty
check_bool QUICK
[ -x "${SS:-build/syncswitch}" ] || { echo "paper.sh: ${SS:-build/syncswitch} missing (make paper builds it)" >&2; exit 1; }
out=${PAPER_OUT:-build/results/paper}
export PAPER_OUT=$out
mkdir -p "$out"
# each figure runs in a folder of its own under this run's temporary one,
# and its files move into $out when it has succeeded: an interrupted run
# leaves no figure half made. Runs the figures share stay in $out.
out_clean "$out" "$docs" "$docs/paper" "$docs/paper/csv"
stage=$(out_part "$out/figures")
export PAPER_STAGE=$stage PAPER_CACHE=$out

# the papers in seed order of the project's core first
papers="hinrichs bokhari seidel vandegeijn chuang"
all=()
for p in $papers; do
  while read -r id; do [ -n "$id" ] && all+=("$p $id"); done < <(paper/$p.sh list)
done
todo=()
# --only "" (or ","): no figure named, not every figure
[ "$only_given" = 0 ] || [[ "${only//,/}" =~ [^[:space:]] ]] ||
  { echo "paper.sh: --only needs one or more figure ids (the ids: $(printf '%s ' "${all[@]#* }"))" >&2; exit 2; }
if [ "$only_given" = 1 ]; then
  for want in ${only//,/ }; do
    hit=""
    for e in "${all[@]}"; do [ "${e#* }" = "$want" ] && { todo+=("$e"); hit=1; }; done
    [ -n "$hit" ] || { echo "paper.sh: no figure '$want' (the ids: $(printf '%s ' "${all[@]#* }"))" >&2; exit 2; }
  done
else
  todo=("${all[@]}")
fi
[ ${#todo[@]} -gt 0 ] || { echo "paper.sh: no figures listed (paper/*.sh list failed)" >&2; exit 1; }

# run the figures, J at a time; each logs to ID.log and leaves ID.ok on success
t0=$SECONDS
if [ "$table" = 1 ]; then
  # the table alone, from the full run's rows: not with --quick or --only
  [ "$quick" = 0 ] && [ "$only_given" = 0 ] || { echo "paper.sh: --table takes no --quick or --only" >&2; exit 2; }
  for e in "${todo[@]}"; do
    [ -f "$out/${e#* }.ok" ] || { echo "paper.sh: --table: no run of ${e#* } in $out (run make paper first)" >&2; exit 1; }
    ! grep -q 'quick=1' "$out/${e#* }.ok" || { echo "paper.sh: --table: ${e#* } in $out is a --quick run" >&2; exit 1; }
  done
fi
[ "$table" = 1 ] || for e in "${todo[@]}"; do rm -f "$out/${e#* }".{ok,row,csv,png} "$out/${e#* }".*.png; done
[ "$table" = 1 ] || printf '%s\n' "${todo[@]}" | QUICK=$quick xargs -r -P "$jobs" -L 1 bash -c '
  t=$SECONDS d=$PAPER_STAGE/$1
  mkdir -p "$d"
  if PAPER_OUT=$d paper/$0.sh run "$1" >"$PAPER_OUT/$1.log" 2>&1; then
    find "$d" -mindepth 1 -maxdepth 1 -exec mv -f {} "$PAPER_OUT"/ \;
    echo "$((SECONDS - t)) quick=$QUICK" >"$PAPER_OUT/$1.ok"; echo "paper: $1 ($((SECONDS - t)) s)"
  else echo "paper: $1 FAILED, see $PAPER_OUT/$1.log:"; tail -3 "$PAPER_OUT/$1.log"; fi
  rm -rf "$d"' || true

failed=0
for e in "${todo[@]}"; do [ -f "$out/${e#* }.ok" ] || failed=$((failed + 1)); done

# the fidelity table: one section per paper, its rows in listing order, then
# the paper's notes (paper/notes/P.md, prose that explains with measurements)
# the tracked table (and CSVs) only from a full run in which every figure
# succeeded: a failed figure rewrites nothing tracked
full=0
if [ "$only_given" = 0 ] && [ "$quick" = 0 ] && { [ "$out" = build/results/paper ] || [ -n "${PAPER_DOCS:-}" ]; }; then full=1; fi
if [ "$full" = 1 ] && [ "$failed" -eq 0 ]; then md=$docs/fidelity.md; else md=$out/fidelity.md; fi
[ "$full" = 0 ] || [ "$failed" -eq 0 ] ||
  echo "paper: $failed figures failed: $docs/fidelity.md and $docs/paper/ left as they were; this run's table is $md" >&2
{
  echo "# Fidelity: the five papers' figures against the model"
  echo
  echo "Generated by \`make paper\` (\`scripts/paper.sh\`$([ "$quick" = 1 ] && echo " --quick")); do not edit by hand: the"
  echo "prose comes from \`paper/notes/*.md\`, the rows from \`paper/*.sh\`, the"
  echo "paper's values from \`paper/data/*.csv\` (each with the seed line it was"
  echo "read from). Each id links to its plot, kept in \`docs/paper/\` by the"
  echo "full run (ours as lines, the paper's values as large open markers, the"
  echo "paper's models and fits dashed, in the paper's units); \`docs/paper/csv/\`"
  echo "holds our numbers."
  echo
  echo "Machine presets (\`syncswitch presets\`): iwarp for seed 001 (iwarp-proto,"
  echo "its prototype, beside it where a row says so), ipsc860 for seeds 000, 002"
  echo "and 003, ap1000 for seed 004."
  echo
  cat paper/notes/calibration.md
  for p in $papers; do
    rows=""
    for e in "${todo[@]}"; do
      [ "${e%% *}" = "$p" ] || continue
      id=${e#* }
      if [ -f "$out/$id.row" ]; then rows="$rows$(cat "$out/$id.row")"$'\n'
      else rows="$rows| $id | | | not generated: the run failed | |"$'\n'; fi
    done
    [ -n "$rows" ] || continue
    echo
    echo "## $(paper/$p.sh title)"
    echo
    echo "| figure | paper | ours | ordering and crossovers agree? | why they differ |"
    echo "|---|---|---|---|---|"
    printf '%s' "$rows"
    if [ -f "paper/notes/$p.md" ]; then echo; cat "paper/notes/$p.md"; fi
  done
} >"$(out_part "$md")"
out_done "$md"
# every figure's plot is kept in docs/paper/ by the full run (the table
# and the README link them there: tests/paper/links.sh), and its CSV in
# docs/paper/csv/: the numbers docs/fidelity.md quotes are checked against
# them (tests/paper/prose.sh, part of make test)
if [ "$md" = "$docs/fidelity.md" ]; then
  mkdir -p "$docs/paper/csv"
  for e in "${todo[@]}"; do
    id=${e#* }
    [ -f "$out/$id.csv" ] && cp "$out/$id.csv" "$(out_part "$docs/paper/csv/$id.csv")" && out_done "$docs/paper/csv/$id.csv"
    # the plot, or its parts (ID.PART.png: a figure drawn in parts)
    for f in "$out/$id.png" "$out/$id".*.png; do
      [ -f "$f" ] && cp "$f" "$(out_part "$docs/paper/${f##*/}")" && out_done "$docs/paper/${f##*/}"
    done
  done
  echo "paper: $docs/paper/*.png: $(du -cb "$docs"/paper/*.png | tail -1 | cut -f1) bytes"
fi
echo "paper: ${#todo[@]} figures, $failed failed, $((SECONDS - t0)) s; $md, $out/"
# the numbers the table and notes quote against this run's CSVs
prose=0
if [ "$md" = docs/fidelity.md ]; then tests/paper/prose.sh >"$out/prose.log" || true
elif [ "$md" = "$docs/fidelity.md" ]; then
  tests/paper/prose.sh "$md" "$docs/paper/csv" >"$out/prose.log" || true
else
  # a quick or partial run: its rows only (the notes quote the full run)
  for e in "${todo[@]}"; do cat "$out/${e#* }.row" 2>/dev/null || true; done >"$out/rows.md"
  tests/paper/prose.sh "$out/rows.md" "$out" >"$out/prose.log" || true
fi
if grep -q '^FAIL' "$out/prose.log"; then
  prose=1; echo "paper: numbers in $md that its CSVs do not say ($out/prose.log):"; grep '^FAIL' "$out/prose.log" | head -5
fi
[ "$failed" -eq 0 ] && [ "$prose" -eq 0 ]
