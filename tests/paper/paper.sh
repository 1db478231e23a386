#!/usr/bin/env bash
# make paper's driver (scripts/paper.sh) on its smallest figure, and its
# refusals: the figure's CSV, plot and fidelity row appear; a failing run or
# unverified data fails the figure and the driver; bad options exit 2.
# PASS/FAIL lines.
set -u
dir=${1:-build}
cd "$(dirname "$0")/../.."
. tests/lib.sh
# the quick version's smallest case (a few runs of a few thousand cycles)
# (its paper's page: the id's first word)
id=${PAPER_TEST_ID:-hinrichs-table1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

expect() {  # expect NAME WANT_RC CMD...: exit status and one stderr line
  local name=$1 want=$2 rc; shift 2
  "$@" >"$tmp/o" 2>"$tmp/e"; rc=$?
  if [ $rc -ne "$want" ]; then echo "FAIL $name: exit $rc, want $want: $(head -c 300 "$tmp/e")"
  elif [ "$want" = 2 ] && [ "$(wc -l <"$tmp/e")" -ne 1 ]; then echo "FAIL $name: stderr not one line: $(cat "$tmp/e")"
  else echo "PASS $name"; fi
}

out=$tmp/ok
if PAPER_OUT=$out SS=$dir/syncswitch scripts/paper.sh --quick --only "$id" >"$tmp/log" 2>&1; then
  rows=$(($(wc -l <"$out/$id.csv") - 1))
  if [ "$rows" -lt 2 ]; then echo "FAIL paper_quick_figure: $id.csv has $rows rows"
  elif ! grep -q "^| \[$id\]" "$out/$id.row"; then echo "FAIL paper_quick_figure: no row: $(cat "$out/$id.row")"
  elif ! grep -qF "$(cat "$out/$id.row")" "$out/fidelity/${id%%-*}.md"; then echo "FAIL paper_quick_figure: the row is not in fidelity/${id%%-*}.md"
  elif ! grep -q "(fidelity/${id%%-*}.md): $id " "$out/fidelity.md"; then echo "FAIL paper_quick_figure: the index does not list it: $(grep fidelity/ "$out/fidelity.md")"
  elif command -v gnuplot >/dev/null && [ ! -s "$out/$id.png" ]; then echo "FAIL paper_quick_figure: no $id.png"
  elif ! grep -q "^PASS prose_rows_$id ([1-9]" "$out/prose.log" 2>/dev/null; then echo "FAIL paper_quick_figure: its row's tagged numbers not checked: $(cat "$out/prose.log" 2>&1 | head -3)"
  else echo "PASS paper_quick_figure ($id: $rows rows)"; fi
else
  echo "FAIL paper_quick_figure: $(tail -5 "$tmp/log")"
fi

# a binary that fails, and one whose data check fails: the figure fails,
# the driver says so and exits non-zero
printf '#!/bin/sh\nexit 1\n' >"$tmp/ss_fail"
printf '#!/bin/sh\necho "{\\"cycles\\":1,\\"verified\\":false}"\n' >"$tmp/ss_unver"
chmod +x "$tmp/ss_fail" "$tmp/ss_unver"
for bad in fail unver; do
  if PAPER_OUT=$tmp/$bad SS=$tmp/ss_$bad scripts/paper.sh --quick --only "$id" >"$tmp/log" 2>&1; then
    echo "FAIL paper_${bad}_run_fails: the driver passed"
  elif ! grep -q "$id FAILED" "$tmp/log" || ! grep -q "1 failed" "$tmp/log"; then
    echo "FAIL paper_${bad}_run_fails: $(tail -3 "$tmp/log")"
  else echo "PASS paper_${bad}_run_fails"; fi
done

# a simulator that fails: every figure that runs it fails, even those whose
# failing step was inside a command substitution (was: hinrichs-fig8 and
# bokhari-fig2 "succeeded" with CSVs of zeros)
if PAPER_OUT=$tmp/false SS=/bin/false scripts/paper.sh --quick --only hinrichs-fig8,bokhari-fig2 \
     >"$tmp/log" 2>&1; then echo "FAIL paper_false_figures_fail: the driver passed"
elif ! grep -q "2 figures, 2 failed" "$tmp/log" || [ -e "$tmp/false/hinrichs-fig8.ok" ]; then
  echo "FAIL paper_false_figures_fail: $(tail -3 "$tmp/log")"
else echo "PASS paper_false_figures_fail"; fi
# a full run that failed rewrites nothing tracked (was: docs/fidelity.md
# rewritten with "not generated" rows, all-zero CSVs into docs/paper/csv)
mkdir -p "$tmp/docs/paper/csv"
echo "the tracked table" >"$tmp/docs/fidelity.md"
echo "the tracked csv" >"$tmp/docs/paper/csv/hinrichs-fig8.csv"
if PAPER_OUT=$tmp/full PAPER_DOCS=$tmp/docs SS=/bin/false scripts/paper.sh >"$tmp/log" 2>&1; then
  echo "FAIL paper_failed_run_rewrites_nothing: the driver passed"
elif [ "$(cat "$tmp/docs/fidelity.md")" != "the tracked table" ] ||
     [ "$(cat "$tmp/docs/paper/csv/hinrichs-fig8.csv")" != "the tracked csv" ] ||
     [ "$(find "$tmp/docs" -type f | wc -l)" != 2 ] || ! grep -q "left as they were" "$tmp/log"; then
  echo "FAIL paper_failed_run_rewrites_nothing: $(find "$tmp/docs" -type f | head -3) $(tail -2 "$tmp/log")"
else echo "PASS paper_failed_run_rewrites_nothing"; fi
# (into a temporary folder on a failing simulator: were the refusal lost,
# the run would be every figure's, quick, and fail fast, touching nothing)
safe=(env PAPER_OUT="$tmp/only" PAPER_DOCS="$tmp/only-docs" SS=/bin/false scripts/paper.sh --quick)
expect paper_only_empty 2 "${safe[@]}" --only ""     # was: every figure
expect paper_only_commas 2 "${safe[@]}" --only ","
if scripts/paper.sh --help >"$tmp/o" 2>"$tmp/e" && grep -q "^  scripts/paper.sh \[--quick\]" "$tmp/o" &&
   [ ! -s "$tmp/e" ]; then echo "PASS paper_help"
else echo "FAIL paper_help: $(head -c 200 "$tmp/o") $(head -c 200 "$tmp/e")"; fi

expect paper_rejects_unknown_option 2 scripts/paper.sh --fast
expect paper_rejects_unknown_figure 2 env PAPER_OUT="$tmp/x" scripts/paper.sh --only nosuch-fig
expect paper_rejects_bad_jobs 2 scripts/paper.sh -j 0
expect paper_script_rejects_unknown_figure 2 paper/hinrichs.sh run nosuch-fig
expect paper_script_usage 2 paper/hinrichs.sh
expect paper_table_rejects_quick 2 scripts/paper.sh --table --quick
# --table with no full run's rows in the folder: refused, nothing written
if PAPER_OUT=$tmp/empty scripts/paper.sh --table >"$tmp/o" 2>"$tmp/e"; then echo "FAIL paper_table_needs_rows: passed"
elif ! grep -q 'no run of' "$tmp/e" || [ -e "$tmp/empty/fidelity.md" ]; then echo "FAIL paper_table_needs_rows: $(cat "$tmp/e")"
else echo "PASS paper_table_needs_rows"; fi
# --table-docs writes the pages from the committed CSVs and notes, running
# nothing: what it writes must be what is committed (a page edited by hand,
# or notes changed without the pages, fails), and must pass its checks
mkdir -p "$tmp/td/paper"
cp -r docs/paper/csv "$tmp/td/paper/"
if ! PAPER_OUT=$tmp/tdo PAPER_DOCS=$tmp/td SS=/bin/false scripts/paper.sh --table-docs >"$tmp/log" 2>&1; then
  echo "FAIL paper_table_docs: $(tail -3 "$tmp/log")"
else
  d=$( { echo fidelity.md; (cd docs && ls fidelity/*.md); (cd "$tmp/td" && ls fidelity/*.md); } | sort -u |
       while read -r f; do cmp -s "$tmp/td/$f" "docs/$f" || printf ' %s' "$f"; done)
  if [ -n "$d" ]; then echo "FAIL paper_table_docs: the committed pages differ from what scripts/paper.sh --table-docs writes from the committed CSVs and notes:$d"
  else echo "PASS paper_table_docs"; fi
fi

# a figure named twice is refused (was: two jobs on one figure at once,
# its CSV rows twice, "2 figures, 0 failed")
expect paper_only_repeated 2 "${safe[@]}" --only hinrichs-table1,hinrichs-table1
# without gnuplot: refused before any work (was: success, no PNG), and a
# figure run alone fails
mkdir -p "$tmp/nognu"
for f in /usr/bin/* /usr/local/bin/* /bin/*; do [ "${f##*/}" = gnuplot ] || ln -sf "$f" "$tmp/nognu/"; done
expect paper_no_gnuplot 2 env PATH="$tmp/nognu" PAPER_OUT="$tmp/nognu-out" scripts/paper.sh --quick --only seidel-table1
if [ -e "$tmp/nognu-out" ]; then echo "FAIL paper_no_gnuplot_writes_nothing: $(ls "$tmp/nognu-out")"
else echo "PASS paper_no_gnuplot_writes_nothing"; fi
if env PATH="$tmp/nognu" PAPER_OUT="$tmp/nognu-fig" paper/seidel.sh run seidel-table1 >/dev/null 2>"$tmp/e"; then
  echo "FAIL paper_figure_no_gnuplot: the figure passed without its plot"
elif ! grep -q "no gnuplot" "$tmp/e"; then echo "FAIL paper_figure_no_gnuplot: $(head -c 300 "$tmp/e")"
else echo "PASS paper_figure_no_gnuplot"; fi

# an output folder with a quote in its name: plotted (was: gnuplot failed
# on the path after the runs)
q="$tmp/pp'q"
if ! PAPER_OUT=$q SS=$dir/syncswitch scripts/paper.sh --quick --only seidel-table1,seidel-sec3-cost >"$tmp/log" 2>&1; then
  echo "FAIL paper_quote_in_folder: $(tail -3 "$tmp/log" | tr '\n' ' ')"
elif [ ! -s "$q/seidel-table1.png" ] || [ ! -s "$q/seidel-sec3-cost.png" ]; then echo "FAIL paper_quote_in_folder: $(ls "$q" | tr '\n' ' ')"
else echo "PASS paper_quote_in_folder"; fi

# TERM stops the figures still to run (was: xargs went on with them,
# leaving an empty .figures.PID.part): a stand-in simulator that fails
# each figure after 2 s, counting its calls; paper.sh killed in the first
t=$tmp/term
mkdir -p "$t"
printf '#!/bin/sh\necho x >>"%s/count"\nsleep 2\nexit 1\n' "$t" >"$t/ss"
chmod +x "$t/ss"
(PAPER_OUT="$t/out" PAPER_DOCS="$t/docs" SS="$t/ss" exec setsid scripts/paper.sh --quick \
   --only hinrichs-table1,hinrichs-fig8,bokhari-fig2 -j 1 >"$t/log" 2>&1 </dev/null) &
pid=$!
for _ in $(seq 100); do [ -s "$t/count" ] && break; sleep 0.1; done
sleep 0.5
kill -TERM "$pid"; wait "$pid"; rc=$?
n1=$(wc -l <"$t/count" 2>/dev/null); sleep 4; n2=$(wc -l <"$t/count" 2>/dev/null)
kill -KILL -- -"$pid" 2>/dev/null   # (what the bug left running)
if [ "$rc" = 0 ] || [ "$n1" != 1 ] || [ "$n2" != 1 ]; then
  echo "FAIL paper_term_stops_figures: exit $rc; the simulator ran ${n1:-0} times by the kill, ${n2:-0} after it"
elif [ -n "$(find "$t/out" -name '*.part' -o -name '*.ok' -o -name '*.png')" ]; then
  echo "FAIL paper_term_stops_figures: left: $(ls -A "$t/out" | tr '\n' ' ')"
else echo "PASS paper_term_stops_figures"; fi
