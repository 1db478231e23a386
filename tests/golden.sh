#!/usr/bin/env bash
# Golden-cycle regression: every case of tests/golden/cases.txt on the C
# backend must give exactly the cycles, payload bytes, messages, router phases and
# verification recorded in tests/golden/cycles.csv. The file changes only
# together with a documented behaviour change:
#   tests/golden.sh BUILD --record   rewrites cycles.csv from this build
# The same recorded numbers hold on every backend:
#   tests/golden.sh BUILD --backend B [--only REGEX]
# runs the cases (those matching REGEX) on backend B (sc, sc-rtl, ...).
# Both payload modes give the same numbers too (docs/kernels/aapc.md):
#   tests/golden.sh BUILD --payload memory|generated
# runs every case with --payload MODE (generated: the cases of kernels that
# take it; the others are refused and listed as SKIP). Without it each
# kernel runs in its default mode (generated wherever it takes it).
# And on threads (docs/scale.md, "Threads"):
#   tests/golden.sh BUILD --threads T
# runs every case with --threads T (T at most every case's n).
# And split over MPI ranks (docs/scale.md, "MPI"):
#   tests/golden.sh BUILD --mpi K [--only REGEX] [--threads T]
# runs the cases on `mpirun -np K BUILD/syncswitch-mpi` (oversubscribed);
# kernels that need every node in one process are refused and listed as SKIP.
# Prints one PASS/FAIL line per case. Each run is bounded: a case that
# takes more than GOLDEN_TIMEOUT seconds (default 600) is stopped and is
# one line, FAIL NAME: timed out (issue 33).
set -u
dir="${1:-build}"
bin="$dir/syncswitch"
here=$(cd "$(dirname "$0")" && pwd)
cases="$here/golden/cases.txt"
golden="$here/golden/cycles.csv"
record=0
backend=c
only=.
payload=
threads=
mpi=
shift
while [ $# -gt 0 ]; do
  case "$1" in
    --record) record=1; shift ;;
    --backend) backend=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --payload) payload=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --mpi) mpi=$2; shift 2 ;;
    *) echo "golden.sh: unknown argument '$1' (allowed: --record, --backend B, --only REGEX, --payload MODE, --threads T, --mpi K)" >&2; exit 2 ;;
  esac
done
if [ $record = 1 ] && { [ "$backend" != c ] || [ -n "$payload" ] || [ -n "$threads" ] || [ -n "$mpi" ]; }; then
  echo "golden.sh: --record records the C backend in each kernel's default payload mode, on one thread" >&2; exit 2
fi
case "$payload" in ''|memory|generated) ;; *) echo "golden.sh: --payload memory or generated" >&2; exit 2 ;; esac
prefix=golden
[ "$backend" = c ] || prefix="golden_$backend"
[ -z "$payload" ] || prefix="${prefix}_$payload"
[ -z "$threads" ] || prefix="${prefix}_threads$threads"
[ -z "$mpi" ] || prefix="${prefix}_mpi$mpi"
# the program each case runs: syncswitch, or syncswitch-mpi on K ranks,
# under timeout (a run or a rank that hangs must not hang the suite)
bound=${GOLDEN_TIMEOUT:-600}
runner=(timeout -k 10 "$bound" "$bin")
[ -z "$mpi" ] || runner=(timeout -k 10 "$bound" mpirun --allow-run-as-root --oversubscribe -q -np "$mpi"
                         "$dir/syncswitch-mpi")
popt=()
[ -z "$payload" ] || popt=(--payload "$payload")
[ -z "$threads" ] || popt+=(--threads "$threads")

# shellcheck source=tests/lib.sh
. "$here/lib.sh"

# row KERNEL N WORDS [OPTIONS...]: "cycles,bytes,messages,phase_min,phase_max,verified",
# or "timeout" when the run overran its bound
row() {
  local k=$1 n=$2 b=$3; shift 3
  local j rc
  j=$("${runner[@]}" run --kernel "$k" --n "$n" --words "$b" "$@" "${popt[@]}" --backend "$backend" --json 2>/dev/null </dev/null)
  rc=$?
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then echo timeout; return; fi
  echo "$(echo "$j" | field cycles),$(echo "$j" | field bytes),$(echo "$j" | field messages),$(echo "$j" | field phase_min),$(echo "$j" | field phase_max),$(echo "$j" | field verified)"
}

# Does kernel K run split over ranks? (refused at once if not)
takes_ranks() {
  ! "${runner[@]}" run --kernel "$1" --n 8 --words 0 --watchdog 1 2>&1 >/dev/null </dev/null |
    grep -q "needs every node in one process"
}

# Does the backend refuse this case outright (ss_backend_check: the SystemC
# node has no broadcast network, ...)? Its one line names the backend.
backend_refuses() {
  local k=$1 n=$2 b=$3; shift 3
  "${runner[@]}" run --kernel "$k" --n "$n" --words "$b" "$@" "${popt[@]}" --backend "$backend" \
    2>&1 >/dev/null </dev/null | grep -q "needs backend .*(backend = $backend"
}

# Does kernel K take --payload generated? (refused at once if not)
takes_payload() {
  ! timeout -k 10 "$bound" "$bin" run --kernel "$1" --n 8 --words 0 --payload generated --watchdog 1 2>&1 >/dev/null |
    grep -q "takes no --payload"
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
  # shellcheck disable=SC2086
  if [ "$got" = timeout ]; then
    echo "FAIL $name: timed out after $bound s (GOLDEN_TIMEOUT)"
  elif [ "$payload" = generated ] && [ "$got" = ",,,,," ] && ! takes_payload "${line%% *}"; then
    echo "SKIP $name: the kernel keeps its data in memory"
  elif [ -n "$mpi" ] && [ "$got" = ",,,,," ] && ! takes_ranks "${line%% *}"; then
    echo "SKIP $name: the kernel needs every node in one process"
  elif [ "$backend" != c ] && [ "$got" = ",,,,," ] && backend_refuses $line; then
    echo "PASS ${name}_refused (backend $backend cannot run it, and says so)"
  elif [ "$got" = "$want" ]; then echo "PASS $name"
  else echo "FAIL $name: got $got, recorded $want (cycles,bytes,messages,phase_min,phase_max,verified)"; fi
done <"$golden"
