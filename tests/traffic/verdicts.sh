#!/usr/bin/env bash
# The measurement's verdicts on the C backend (docs/traffic.md): a run that
# saw no packet shows no latency (null in the JSON, "no packets measured"
# in the summary) and does not call its warm-up steady; a point past
# saturation, whose backlog grows, is unstable, and one below it is not.
# Prints one PASS/FAIL line per test.
set -u
dir="${1:-build}"
bin="$dir/syncswitch"
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$(bounded "$bin" "$tmp")   # each run bounded: CASE_TIMEOUT (tests/lib.sh)

pass() { echo "PASS verdict_$1"; }
fail() { echo "FAIL verdict_$1: $2"; }

# no_latency NAME ARGS...: the JSON's latency keys are all null, and the
# summary has no latency figure
no_latency() {
  local name=$1 j s k; shift
  j=$("$bin" "$@" --json 2>&1)
  s=$("$bin" "$@" 2>&1)
  for k in lat_mean lat_p50 lat_p99 lat_max net_mean net_p50 net_p99 net_max; do
    [ "$(echo "$j" | field "$k")" = null ] || { fail "$name" "$k is $(echo "$j" | field "$k"), want null: $j"; return; }
  done
  if ! echo "$s" | grep -q "no packets measured"; then fail "$name" "summary has no 'no packets measured': $s"
  elif echo "$s" | grep -q "latency.*mean"; then fail "$name" "summary shows a latency: $s"
  else pass "$name"; fi
}

# rate 0: nothing offered; a window too short for the low rate's next packet
no_latency no_packets_rate0 traffic --pattern uniform --rate 0 --n 8 --warmup 0 --window 100
no_latency no_packets_short_window traffic --pattern uniform --rate 0.0001 --n 8 --window 100

# the warm-up of a run in which nothing arrived is not "steady"
j=$("$bin" traffic --pattern uniform --rate 0 --n 4 --window 100 --json)
s=$("$bin" traffic --pattern uniform --rate 0 --n 4 --window 100)
if [ "$(echo "$j" | field steady)" != null ]; then fail warmup_not_judged "steady is $(echo "$j" | field steady), want null: $j"
elif echo "$s" | grep -q "(steady)"; then fail warmup_not_judged "summary says steady: $(echo "$s" | grep warm-up)"
else pass warmup_not_judged; fi

# the background of run: no packet created while the kernel ran
j=$("$bin" run --kernel msgpass --n 4 --words 1 --background uniform:0 --json)
s=$("$bin" run --kernel msgpass --n 4 --words 1 --background uniform:0)
if [ "$(echo "$j" | field bg_lat_mean)" != null ] || [ "$(echo "$j" | field bg_net_mean)" != null ]; then
  fail background_no_packets "bg latency not null: $j"
elif ! echo "$s" | grep "background" | grep -q "no packets measured"; then
  fail background_no_packets "summary: $(echo "$s" | grep background)"
else pass background_no_packets; fi

# verdict NAME WANT ARGS...: the JSON's "unstable" (or bg_unstable, for run)
# is WANT; an unstable run's summary says UNSTABLE
verdict() {
  local name=$1 want=$2 key=unstable j got; shift 2
  [ "$1" = run ] && key=bg_unstable
  j=$("$bin" "$@" --json)
  got=$(echo "$j" | field "$key")
  if [ "$got" != "$want" ]; then
    fail "$name" "$key $got, want $want (offered $(echo "$j" | field "${key%unstable}offered"), accepted $(echo "$j" | field "${key%unstable}accepted"))"
  elif [ "$want" = true ] && ! "$bin" "$@" | grep -q UNSTABLE; then fail "$name" "summary says nothing"
  else pass "$name"; fi
}

# 8x8 saturates near 0.178 (uniform) and 0.125 (transpose): just past it
# the queues grow by 3-6 standard deviations in a window, accepted below
# offered (the old 5%-of-packets allowance called both stable)
verdict past_saturation_uniform true traffic --pattern uniform --rate 0.185 --seed 2 --n 8 --window 10000
verdict past_saturation_transpose true traffic --pattern transpose --rate 0.13 --seed 1 --n 8 --window 10000
verdict below_saturation_uniform false traffic --pattern uniform --rate 0.15 --n 8 --window 10000
verdict below_saturation_bursty false traffic --pattern uniform --rate 0.1 --burst 8 --n 8 --window 10000
# the background of run under phased AAPC saturates near 0.106
verdict background_past_saturation true run --kernel phased --n 8 --words 64 --background uniform:0.14
verdict background_below_saturation false run --kernel phased --n 8 --words 64 --background uniform:0.05
