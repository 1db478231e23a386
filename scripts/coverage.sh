#!/usr/bin/env bash
# make coverage: Verilator coverage (line, toggle, branch and the cover
# points of testbench/coverage/) of the Verilated router array (8x8, depth
# 4, T_t 2) over the co-simulation suite: the golden 8x8 cases of
# tests/golden/cycles.csv at the default depth and T_t, and the runs of a
# runs file. Every run is co-simulated (every link compared every cycle)
# and must pass. Writes build/results/coverage/: merged.dat, and through
# scripts/coverage_summary.sh points.csv, modules.csv and summary.md.
#   scripts/coverage.sh [RUNS_FILE]     default tests/coverage/runs.txt
#   COV_MAX_CYCLES=C scripts/coverage.sh   only the golden cases of at most
#                                          C recorded cycles (faster)
set -u
. "$(dirname "$0")/lib/check.sh"
check_dir BUILD
check_int COV_MAX_CYCLES 0 1000000000000
build=${BUILD:-build}
bin="$build/rtl/routers_n8_d4_t2_cov/syncswitch"
out="$build/results/coverage"
runs_file=${1:-tests/coverage/runs.txt}
max=${COV_MAX_CYCLES:-0}
[ -f "$runs_file" ] || { echo "coverage.sh: no runs file '$runs_file' (one syncswitch command line per line)" >&2; exit 2; }
[ -x "$bin" ] || { echo "coverage.sh: $bin is missing (make rtl-bin RTL_COV=1)" >&2; exit 2; }
start=$(date +%s)
rm -rf "$out"
mkdir -p "$out/dat"
out=$(cd "$out" && pwd)

# the runs: golden 8x8 cases at depth 4, T_t 2, then the runs file
{
  awk -F, -v max="$max" 'NR > 1 && $1 !~ /--depth|--tt/ {
      k = split($1, a, " ")
      if (a[2] != 8 || (max > 0 && $2 > max)) next
      line = "run --kernel " a[1] " --n 8 --words " a[3]
      for (i = 4; i <= k; i++) line = line " " a[i]
      print line }' tests/golden/cycles.csv
  grep -v '^[[:space:]]*#' "$runs_file" | grep -v '^[[:space:]]*$'
} >"$out/runs.txt"
total=$(wc -l <"$out/runs.txt")

# one run: co-simulated on the coverage build, its counts in dat/cov_PID.dat
one() {
  local line=$1 res
  # shellcheck disable=SC2086
  res=$(SYNCSWITCH_COV_DIR="$out/dat" "$bin" $line --backend cosim --json 2>&1)
  if [ $? -eq 0 ] && echo "$res" | grep -q '"verified":true'; then echo "PASS coverage_run: $line"
  else echo "FAIL coverage_run: $line: $(echo "$res" | head -c 300)"; fi
}
while read -r line; do
  one "$line" &
  while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n; done
done <"$out/runs.txt" >"$out/runs.log"
wait
failed=$(grep -c '^FAIL' "$out/runs.log")
dats=$(find "$out/dat" -name '*.dat' | wc -l)
secs=$(( $(date +%s) - start ))
# a summary of some of the runs would look like the whole suite's: none
# is written unless every run passed and wrote its counts
if [ "$failed" -ne 0 ] || [ "$dats" -ne "$total" ]; then
  echo "coverage.sh: $failed of $total runs failed, $dats wrote counts, in ${secs} s; no summary (the runs: $out/runs.log)" >&2
  grep '^FAIL' "$out/runs.log" | head -5 >&2
  exit 1
fi
verilator_coverage --write "$out/merged.dat" "$out"/dat/*.dat >/dev/null ||
  { echo "coverage.sh: verilator_coverage could not merge the counts of $out/dat; no summary" >&2; exit 1; }
scripts/coverage_summary.sh "$out" >"$out/.summary.md.part" && mv -f "$out/.summary.md.part" "$out/summary.md" ||
  { rm -f "$out/.summary.md.part"; echo "coverage.sh: the summary failed" >&2; exit 1; }
echo "coverage: $total runs, every one passed and wrote its counts, in ${secs} s; $out/summary.md"
