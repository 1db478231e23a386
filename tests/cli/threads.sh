#!/usr/bin/env bash
# --threads T (issue 20, part 2): the same JSON, field for field but for
# wall_s, on 1, 2 and 3 threads (8 rows on 3 threads: bands of 2, 3, 3)
# for phased, msgpass, a traffic run, a trace and a kernel under
# --background; and the refusals: more threads than rows, another backend.
# Prints one PASS/FAIL line per case.
set -u
bin="${1:-build}/syncswitch"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS threads_$1"; }
fail() { echo "FAIL threads_$1: $2"; }
here=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=tests/lib.sh
. "$here/lib.sh"
bin=$(bounded "$bin" "$tmp")   # each run bounded: CASE_TIMEOUT (tests/lib.sh)

# same NAME ARGS...: the JSON of ARGS on 1 thread, then on 2 and 3
same_ref() { "$bin" "$@" --threads 1; }
same_variant() { local t=$1; shift; "$bin" "$@" --threads "$t"; }
same() { local name=$1; shift; same_across "$name" "2 3" "$@"; }

printf '0 0 5 4\n0 3 12 9\n40 7 2 1\n5000 1 14 20\n5003 6 6 2\n90000 2 9 5\n' >"$tmp/trace.txt"
same phased run --kernel phased --n 8 --words 16
same msgpass run --kernel msgpass --n 8 --words 8
same msgpass_var run --kernel msgpass-var --n 8 --words 8 --size-variance 0.5 --seed 3
same background run --kernel msgpass --n 8 --words 4 --background uniform:0.02
same traffic traffic --pattern uniform --rate 0.1 --n 8 --warmup 500 --window 1000
same traffic_n5 traffic --pattern tornado --rate 0.05 --n 5 --warmup 300 --window 500
same trace traffic --trace-in "$tmp/trace.txt" --n 4

# refused: one line, exit 2, naming the field and the range
refused() {
  local name=$1 want=$2; shift 2
  "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  grep -v "ASan doesn't fully support" "$tmp/err" >"$tmp/err.f"; mv "$tmp/err.f" "$tmp/err"
  if [ "$rc" -ne 2 ]; then fail "$name" "exit $rc, want 2"
  elif [ "$(wc -l <"$tmp/err")" -ne 1 ]; then fail "$name" "want one line: $(cat "$tmp/err")"
  elif ! grep -q -- "$want" "$tmp/err"; then fail "$name" "no '$want' in: $(cat "$tmp/err")"
  else pass "$name"; fi
}
refused more_than_rows "threads = 9 is out of range (allowed 1..n = 8" \
  run --kernel msgpass --n 8 --words 4 --threads 9
refused zero "threads = 0 is out of range" run --kernel msgpass --n 8 --words 4 --threads 0
refused traffic_more_than_rows "threads = 5 is out of range" \
  traffic --pattern uniform --rate 0.1 --n 4 --threads 5
refused rtl "threads = 2 needs backend c (backend = rtl" \
  run --kernel msgpass --n 8 --words 4 --threads 2 --backend rtl
refused traffic_cosim "threads = 2 needs backend c (backend = cosim" \
  traffic --pattern uniform --rate 0.1 --n 8 --threads 2 --backend cosim
