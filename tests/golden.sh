#!/usr/bin/env bash
# Golden-cycle regression: every case of tests/golden/cases.txt on the C
# backend must give exactly the cycles, payload bytes, messages, router phases and
# verification recorded in tests/golden/cycles.csv. The file changes only
# together with a documented behaviour change:
#   tests/golden.sh BUILD --record   rewrites cycles.csv from this build
# The same recorded numbers hold on every backend:
#   tests/golden.sh BUILD --backend B [--only REGEX]
# runs the cases (those matching REGEX) on backend B (sc, sc-rtl, ...).
# Prints one PASS/FAIL line per case.
set -u
dir="${1:-build}"
bin="$dir/syncswitch"
here=$(cd "$(dirname "$0")" && pwd)
cases="$here/golden/cases.txt"
golden="$here/golden/cycles.csv"
record=0
backend=c
only=.
shift
while [ $# -gt 0 ]; do
  case "$1" in
    --record) record=1; shift ;;
    --backend) backend=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    *) echo "golden.sh: unknown argument '$1' (allowed: --record, --backend B, --only REGEX)" >&2; exit 2 ;;
  esac
done
if [ $record = 1 ] && [ "$backend" != c ]; then
  echo "golden.sh: --record records the C backend (the reference)" >&2; exit 2
fi
prefix=golden
[ "$backend" = c ] || prefix="golden_$backend"

# shellcheck source=tests/lib.sh
. "$here/lib.sh"

# row KERNEL N WORDS [OPTIONS...]: "cycles,bytes,messages,phase_min,phase_max,verified"
row() {
  local k=$1 n=$2 b=$3; shift 3
  local j
  j=$("$bin" run --kernel "$k" --n "$n" --words "$b" "$@" --backend "$backend" --json 2>/dev/null)
  echo "$(echo "$j" | field cycles),$(echo "$j" | field bytes),$(echo "$j" | field messages),$(echo "$j" | field phase_min),$(echo "$j" | field phase_max),$(echo "$j" | field verified)"
}

if [ $record = 1 ]; then
  { echo "case,cycles,bytes,messages,phase_min,phase_max,verified"
    grep -v '^#' "$cases" | grep -v '^ *$' | while read -r line; do
      # shellcheck disable=SC2086
      echo "$line,$(row $line)"
    done; } >"$golden.new" && mv "$golden.new" "$golden"
  echo "recorded $(($(wc -l <"$golden") - 1)) cases in $golden"
  exit 0
fi

if [ ! -f "$golden" ]; then echo "FAIL golden_file: $golden missing"; exit 1; fi
ncases=$(grep -v '^#' "$cases" | grep -vc '^ *$')
ngold=$(($(wc -l <"$golden") - 1))
[ "$backend" != c ] || [ "$ncases" = "$ngold" ] || echo "FAIL golden_case_count: $ncases cases, $ngold recorded (run tests/golden.sh BUILD --record after a documented change)"
while IFS=, read -r line want; do
  [ "$line" = case ] && continue
  echo "$line" | grep -Eq -- "$only" || continue
  # shellcheck disable=SC2086
  got=$(row $line)
  name="${prefix}_$(echo "$line" | sed 's/ --/ /g' | tr -s ' ' '_')"
  if [ "$got" = "$want" ]; then echo "PASS $name"
  else echo "FAIL $name: got $got, recorded $want (cycles,bytes,messages,phase_min,phase_max,verified)"; fi
done <"$golden"
