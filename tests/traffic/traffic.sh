#!/usr/bin/env bash
# Synthetic traffic on the RTL (make test): two patterns near saturation
# and the example trace co-simulated (every link, credit and sticky bit
# compared every cycle) and giving the C backend's numbers to the last
# digit. Prints one PASS/FAIL line per test.
set -u
dir="${1:-build}"
bin="$dir/syncswitch"
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# same NAME ARGS...: cosim exits 0 and its JSON equals c's (backend and
# wall time aside)
same() {
  local name=$1; shift
  local c s rc
  c=$("$bin" traffic "$@" --json 2>"$tmp/c.err")
  s=$("$bin" traffic "$@" --backend cosim --json 2>"$tmp/s.err"); rc=$?
  c=$(echo "$c" | sed 's/"backend":"[a-z-]*",//; s/,"wall_s":[0-9.]*//')
  s=$(echo "$s" | sed 's/"backend":"[a-z-]*",//; s/,"wall_s":[0-9.]*//')
  if [ $rc -ne 0 ]; then echo "FAIL traffic_cosim_$name: exit $rc: $(head -c 300 "$tmp/s.err")"
  elif [ -z "$c" ] || [ "$c" != "$s" ]; then echo "FAIL traffic_cosim_$name: c $c, cosim $s"
  elif ! echo "$s" | grep -q '"verified":true'; then echo "FAIL traffic_cosim_$name: not verified: $s"
  else echo "PASS traffic_cosim_$name"; fi
}

# 8x8 uniform saturates near 0.175 flits/node/cycle, transpose near 0.11
same uniform_near_sat   --pattern uniform --rate 0.16 --n 8 --warmup 1000 --window 3000
same transpose_near_sat --pattern transpose --rate 0.1 --n 8 --packet 3-9 --warmup 1000 --window 3000
same hotspot_bursty     --pattern hotspot:9:0.1 --rate 0.05 --burst 4 --n 8 --warmup 1000 --window 2000
same example_trace      --trace-in "$root/traces/example.trace" --n 4

# Coexistence: phased AAPC under the hardware switch, and message passing
# sharing its own pool, with synthetic traffic underneath, co-simulated
coexist() {
  local name=$1; shift
  local c s rc
  c=$("$bin" run "$@" --json 2>"$tmp/c.err")
  s=$("$bin" run "$@" --backend cosim --json 2>"$tmp/s.err"); rc=$?
  c=$(echo "$c" | sed 's/"backend":"[a-z-]*",//; s/,"wall_s":[0-9.]*//')
  s=$(echo "$s" | sed 's/"backend":"[a-z-]*",//; s/,"wall_s":[0-9.]*//')
  if [ $rc -ne 0 ]; then echo "FAIL traffic_coexist_$name: exit $rc: $(head -c 300 "$tmp/s.err")"
  elif [ -z "$c" ] || [ "$c" != "$s" ]; then echo "FAIL traffic_coexist_$name: c $c, cosim $s"
  elif ! echo "$s" | grep -q '"verified":true.*"bg_packets":[1-9]'; then echo "FAIL traffic_coexist_$name: $s"
  else echo "PASS traffic_coexist_$name"; fi
}
coexist phased_uniform  --kernel phased --n 8 --words 16 --background uniform:0.1
coexist msgpass_transpose --kernel msgpass --n 8 --words 4 --background transpose:0.05
