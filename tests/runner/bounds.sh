#!/usr/bin/env bash
# Every runner of make test bounds each case (issue 33): a case that
# overruns is one FAIL line naming it, never a silent hang. Planted
# overruns, each with a bound far below the case's time:
#   test_model   SS_TEST_TIMEOUT: the case in a child, SIGALRM, named
#   golden.sh    GOLDEN_TIMEOUT: the run under timeout, the case named
#   the scripts  CASE_TIMEOUT: bounded (tests/lib.sh), exit 124 and a line
#   run.sh       PART_TIMEOUT: a part that overruns, named with its last case
# Prints one PASS/FAIL line per check.
set -u
dir="${1:-build}"
here=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=tests/lib.sh
. "$here/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass() { echo "PASS runner_$1"; }
fail() { echo "FAIL runner_$1: $2"; }

# test_model: test_threads_same_machines takes tens of seconds; at 1 s it
# is one FAIL line, and the run goes on to the next case it selects
t0=$SECONDS
SS_TEST_TIMEOUT=1 "$dir/test_model" test_threads_same_machines >"$tmp/out" 2>&1
rc=$?
want="FAIL test_threads_same_machines: timed out after 1 s (SS_TEST_TIMEOUT)"
if [ $rc -eq 1 ] && [ "$(cat "$tmp/out")" = "$want" ] && [ $((SECONDS - t0)) -lt 30 ]; then
  pass test_model_case_bound
else fail test_model_case_bound "exit $rc after $((SECONDS - t0)) s: $(head -c 300 "$tmp/out")"; fi
SS_TEST_TIMEOUT=1 "$dir/test_model" test_watchdog_ >"$tmp/out" 2>&1
rc=$?
if [ $rc -eq 0 ] && [ "$(grep -c '^PASS test_watchdog_' "$tmp/out")" -ge 3 ]; then pass test_model_in_bound
else fail test_model_in_bound "exit $rc: $(head -c 300 "$tmp/out")"; fi

# golden.sh: its longest case at 0.05 s; the case before it passes
GOLDEN_TIMEOUT=0.05 "$here/golden.sh" "$dir" --only '^(rds 4 0|phased-gsync 8 4 --barrier rds)$' \
  >"$tmp/out" 2>&1
if grep -qx 'FAIL golden_phased-gsync_8_4_barrier_rds: timed out after 0.05 s (GOLDEN_TIMEOUT)' "$tmp/out" &&
   grep -qx 'PASS golden_rds_4_0' "$tmp/out" && [ "$(wc -l <"$tmp/out")" -eq 2 ]; then
  pass golden_case_bound
else fail golden_case_bound "$(head -c 300 "$tmp/out")"; fi

# the scripts' runs: exit 124 and one line on stderr naming the bound
b=$(bounded "$dir/syncswitch" "$tmp")
# (a run of seconds: msgpass 16x16 stepping every router every cycle)
CASE_TIMEOUT=0.2 "$b" run --kernel msgpass --n 16 --words 16 --skip off >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -eq 124 ] && [ "$(cat "$tmp/err")" = "syncswitch: timed out after 0.2 s (CASE_TIMEOUT)" ]; then
  pass script_case_bound
else fail script_case_bound "exit $rc: $(head -c 300 "$tmp/err")"; fi
"$b" run --kernel phased --n 8 --words 4 --json >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && grep -q '"cycles":1936,' "$tmp/out"; then pass script_in_bound
else fail script_in_bound "exit $rc: $(head -c 300 "$tmp/err")"; fi

# run.sh's parts: a part that hangs after one case, at PART_TIMEOUT 1
printf '#!/bin/sh\necho "PASS fake_first"\nsleep 60\necho "PASS fake_never"\n' >"$tmp/hang.sh"
chmod +x "$tmp/hang.sh"
lane_out="$tmp/run.out"; out=$lane_out; : >"$out"
part_bound=1
eval "$(sed -n '/^part() {$/,/^}$/p' "$here/run.sh")"
times="$tmp/times"
t0=$SECONDS
part fake/hang "$tmp/hang.sh" >/dev/null
rc=$?
if [ $rc -eq 124 ] && [ $((SECONDS - t0)) -lt 20 ] &&
   grep -qx "FAIL fake/hang_timeout: fake/hang ran out of its 1 s (PART_TIMEOUT) after 'PASS fake_first'" "$out" &&
   ! grep -q fake_never "$out"; then
  pass part_bound
else fail part_bound "exit $rc after $((SECONDS - t0)) s: $(tr '\n' '|' <"$out" | head -c 300)"; fi
