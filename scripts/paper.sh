#!/usr/bin/env bash
# make paper: every figure and table of the five source papers that the
# model can express, regenerated: CSV and PNG (ours beside the paper's
# values) under build/results/paper/, and the fidelity pages: the index
# docs/fidelity.md (presets, calibrations, a line a paper) and a page a
# paper, docs/fidelity/PAPER.md (its rows, then its notes).
#   scripts/paper.sh [--quick] [--only ID[,ID...]] [-j J] [--table | --table-docs] [--help]
# The full run also keeps every figure's plot in docs/paper/ and its CSV in
# docs/paper/csv/ (the pages link the plots there). --quick runs each
# figure's small version (fewer sizes and nodes) and writes the pages under
# build/results/paper/ instead of docs/. --only runs the named figures (ids
# from 'paper/*.sh list'), also into build/. Every row is written after the
# runs, from the CSVs (paper/X.sh row ID: a row may read another figure's
# CSV). --table runs no figure: it writes the rows again from the CSVs the
# last full run left in build/results/paper/ (after editing paper/notes or a
# row's text), rewrites the pages and checks their numbers. --table-docs
# does the same from the committed CSVs, docs/paper/csv/ (no run needed),
# and leaves docs/paper/ as it is.
# A run in which a figure failed rewrites nothing tracked (docs/fidelity*,
# docs/paper/): its pages go to build/results/paper/. An id named twice,
# or no gnuplot on PATH (but for --table and --table-docs), is refused
# before any work; a TERM or Ctrl-C stops every figure still running.
# PAPER_DOCS=DIR (tests) puts the tracked files under DIR instead of docs/.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0 only="" only_given=0 jobs=2 table=0 table_docs=0
usage() { echo "usage: scripts/paper.sh [--quick] [--only ID[,ID...]] [-j J] [--table | --table-docs] [--help]" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    --quick) quick=1 ;;
    --table) table=1 ;;
    --table-docs) table=1; table_docs=1 ;;
    --only) [ $# -ge 2 ] || usage; only=$2; only_given=1; shift ;;
    -j) [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]?$ ]] || { echo "paper.sh: -j needs 1..99" >&2; exit 2; }; jobs=$2; shift ;;
    *) echo "paper.sh: unknown option '$1' (allowed: --quick, --only ID[,ID...], -j J, --table, --table-docs, --help)" >&2; exit 2 ;;
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
# the figures draw their plots with gnuplot: without it a figure fails
# (paper/lib.sh), so say it before any work (--table draws nothing)
[ "$table" = 1 ] || command -v gnuplot >/dev/null ||
  { echo "paper.sh: no gnuplot on PATH: the figures' plots need it (scripts/deps.sh plot installs it)" >&2; exit 2; }
[ "$table" = 1 ] || [ -x "${SS:-build/syncswitch}" ] || { echo "paper.sh: ${SS:-build/syncswitch} missing (make paper builds it)" >&2; exit 1; }
out=${PAPER_OUT:-build/results/paper}
export PAPER_OUT=$out
mkdir -p "$out"
# each figure runs in a folder of its own under this run's temporary one,
# and its files move into $out when it has succeeded: an interrupted run
# leaves no figure half made. Runs the figures share stay in $out.
out_clean "$out" "$out/fidelity" "$docs" "$docs/fidelity" "$docs/paper" "$docs/paper/csv"
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
    # a figure named twice would run twice at once, into one folder
    for e in "${todo[@]}"; do [ "${e#* }" != "$want" ] ||
      { echo "paper.sh: --only names '$want' twice" >&2; exit 2; }; done
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
  [ "$table_docs" = 0 ] || for e in "${todo[@]}"; do
    [ -f "$docs/paper/csv/${e#* }.csv" ] || { echo "paper.sh: --table-docs: no $docs/paper/csv/${e#* }.csv" >&2; exit 1; }
  done
  [ "$table_docs" = 1 ] || for e in "${todo[@]}"; do
    [ -f "$out/${e#* }.ok" ] || { echo "paper.sh: --table: no run of ${e#* } in $out (run make paper first)" >&2; exit 1; }
    ! grep -q 'quick=1' "$out/${e#* }.ok" || { echo "paper.sh: --table: ${e#* } in $out is a --quick run" >&2; exit 1; }
  done
fi
[ "$table" = 1 ] || for e in "${todo[@]}"; do rm -f "$out/${e#* }".{ok,row,csv,png} "$out/${e#* }".*.png; done
# in a process group of their own (set -m), so that a TERM or Ctrl-C of
# this script stops them all (was: xargs went on with the figures), and
# the EXIT trap then removes the temporaries they leave
figures() { printf '%s\n' "${todo[@]}" | QUICK=$quick xargs -r -P "$jobs" -L 1 bash -c '
  t=$SECONDS d=$PAPER_STAGE/$1
  mkdir -p "$d"
  if PAPER_OUT=$d paper/$0.sh run "$1" >"$PAPER_OUT/$1.log" 2>&1; then
    find "$d" -mindepth 1 -maxdepth 1 -exec mv -f {} "$PAPER_OUT"/ \;
    echo "$((SECONDS - t)) quick=$QUICK" >"$PAPER_OUT/$1.ok"; echo "paper: $1 ($((SECONDS - t)) s)"
  else echo "paper: $1 FAILED, see $PAPER_OUT/$1.log:"; tail -3 "$PAPER_OUT/$1.log"; fi
  rm -rf "$d"' || true; }
if [ "$table" = 0 ]; then
  stop() { [ -z "${figs:-}" ] || { kill -TERM -- -"$figs" 2>/dev/null; wait "$figs" || true; }; exit "$1"; }
  trap 'stop 143' TERM
  trap 'stop 130' INT
  set -m; figures & figs=$!; set +m
  wait "$figs" || true
  trap - TERM INT
fi

# the rows, from the CSVs of every figure (this run's, or the committed
# ones for --table-docs): a figure whose row cannot be written has failed
rows=$out
if [ "$table_docs" = 1 ]; then
  rows=$(out_part "$out/rows-docs"); mkdir -p "$rows"; cp "$docs"/paper/csv/*.csv "$rows"/
fi
failed=0
for e in "${todo[@]}"; do
  id=${e#* }
  if [ "$table_docs" = 0 ] && [ ! -f "$out/$id.ok" ]; then failed=$((failed + 1)); continue; fi
  if ! PAPER_OUT=$rows QUICK=$quick paper/${e%% *}.sh row "$id" >"$rows/$id.rowlog" 2>&1; then
    echo "paper: $id: its row failed, see $rows/$id.rowlog:"; tail -2 "$rows/$id.rowlog"; rm -f "$rows/$id.row" "$out/$id.ok"; failed=$((failed + 1))
  fi
done

# the pages: the index (presets, calibrations, a line a paper with its
# figures and their verdicts) and a page a paper (its rows in listing
# order, then its notes: paper/notes/P.md, prose that explains with
# measurements); the tracked pages (and CSVs) only from a full run in which
# every figure succeeded: a failed figure rewrites nothing tracked
full=0
if [ "$only_given" = 0 ] && [ "$quick" = 0 ] && { [ "$out" = build/results/paper ] || [ -n "${PAPER_DOCS:-}" ]; }; then full=1; fi
if [ "$full" = 1 ] && [ "$failed" -eq 0 ]; then pages=$docs; else pages=$out; fi
md=$pages/fidelity.md
[ "$full" = 0 ] || [ "$failed" -eq 0 ] ||
  echo "paper: $failed figures failed: $docs/fidelity.md, $docs/fidelity/ and $docs/paper/ left as they were; this run's pages are $md and $pages/fidelity/" >&2
mkdir -p "$pages/fidelity"
gen="Generated by \`make paper\` (\`scripts/paper.sh\`$([ "$quick" = 0 ] || echo " --quick")); do not edit by hand"
index=""
for p in $papers; do
  rowsp=""
  for e in "${todo[@]}"; do
    [ "${e%% *}" = "$p" ] || continue
    id=${e#* }
    if [ -f "$rows/$id.row" ]; then rowsp="$rowsp$(cat "$rows/$id.row")"$'\n'
    else rowsp="$rowsp| $id | | | not generated: the run failed | |"$'\n'; fi
  done
  [ -n "$rowsp" ] || continue
  title=$(paper/$p.sh title)
  # the index's line: each figure with the first word of its verdict
  index="$index- [$title](fidelity/$p.md): $(printf '%s' "$rowsp" | awk -F' [|] ' '{ id = $1; sub(/^[|] \[/, "", id); sub(/\].*/, "", id); if ($1 ~ /[(]iwarp-proto[)]/) id = id " (iwarp-proto)"
    v = $4; sub(/:.*/, "", v); printf "%s%s %s", (NR > 1 ? ", " : ""), id, v }')"$'\n'
  {
    echo "# Fidelity: $title"
    echo
    echo "$gen: the prose comes from \`paper/notes/$p.md\`, the rows from \`paper/$p.sh\`, the"
    echo "paper's values from \`paper/data/*.csv\`; the index, the presets and the"
    echo "calibrations are in [docs/fidelity.md](../fidelity.md). Each id links to its plot in"
    echo "\`docs/paper/\`; \`docs/paper/csv/\` holds our numbers. Every number is read off"
    echo "those CSVs or computed from them, or is the paper's and says so (its tag,"
    echo "an HTML comment after it: tests/paper/prose.sh)."
    echo
    echo "| figure | paper | ours | ordering and crossovers agree? | why they differ |"
    echo "|---|---|---|---|---|"
    printf '%s' "$rowsp"
    if [ -f "paper/notes/$p.md" ]; then echo; cat "paper/notes/$p.md"; fi
  } >"$(out_part "$pages/fidelity/$p.md")"
  out_done "$pages/fidelity/$p.md"
done
{
  echo "# Fidelity: the five papers' figures against the model"
  echo
  echo "$gen: the"
  echo "prose comes from \`paper/notes/*.md\`, the rows from \`paper/*.sh\`, the"
  echo "paper's values from \`paper/data/*.csv\` (each with the seed line it was"
  echo "read from). A page a paper, below, holds its figures' rows and notes. Each"
  echo "id there links to its plot, kept in \`docs/paper/\` by the full run (ours"
  echo "as lines, the paper's values as large open markers, the paper's models and"
  echo "fits dashed, in the paper's units); \`docs/paper/csv/\` holds our numbers."
  echo
  echo "Machine presets (\`syncswitch presets\`): iwarp for seed 001 (iwarp-proto,"
  echo "its prototype, beside it where a row says so), ap1000 for seed 004,"
  echo "ipsc860 for seeds 000, 002 and 003."
  echo
  echo "## The papers"
  echo
  echo "Each figure with the first word of its verdict (yes, partly, no, n/a):"
  echo
  printf '%s' "$index"
  echo
  cat paper/notes/calibration.md
} >"$(out_part "$md")"
out_done "$md"
[ "$table_docs" = 0 ] || rm -rf "$rows"
# every figure's plot is kept in docs/paper/ by the full run (the table
# and the README link them there: tests/paper/links.sh), and its CSV in
# docs/paper/csv/: the numbers docs/fidelity.md quotes are checked against
# them (tests/paper/prose.sh, part of make test)
if [ "$md" = "$docs/fidelity.md" ] && [ "$table_docs" = 0 ]; then
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
echo "paper: ${#todo[@]} figures, $failed failed, $((SECONDS - t0)) s; $md and $pages/fidelity/, $out/"
# the numbers the pages and notes quote against this run's CSVs, and the
# numbers that carry no tag
prose=0
if [ "$md" = docs/fidelity.md ]; then
  { tests/paper/prose.sh; tests/paper/untagged.sh; } >"$out/prose.log" || true
elif [ "$md" = "$docs/fidelity.md" ]; then
  args=(); for f in "$md" "$docs"/fidelity/*.md; do args+=("$f" "$docs/paper/csv"); done
  { tests/paper/prose.sh "${args[@]}"; tests/paper/untagged.sh "$md" "$docs"/fidelity/*.md; } >"$out/prose.log" || true
else
  # a quick or partial run: its rows only (the notes quote the full run)
  for e in "${todo[@]}"; do cat "$rows/${e#* }.row" 2>/dev/null || true; done >"$out/rows.md"
  { tests/paper/prose.sh "$out/rows.md" "$out"; tests/paper/untagged.sh "$out/rows.md"; } >"$out/prose.log" || true
fi
if grep -q '^FAIL' "$out/prose.log"; then
  prose=1; echo "paper: numbers in $md or its pages that the CSVs do not say, or with no tag ($out/prose.log):"; grep '^FAIL' "$out/prose.log" | head -5
fi
[ "$failed" -eq 0 ] && [ "$prose" -eq 0 ]
