#!/usr/bin/env bash
# --ties (issue 21, part 2): the default rule (plus) is today's, balanced
# repeats with the seed, loads the + and - links alike (uniform 8x8's ideal
# at T_t = 1 is 1.0, not 0.8), delivers every word of a kernel, and runs
# cycle for cycle on the RTL (the routers follow the HEAD's signed hops);
# a bad rule is refused. Prints one PASS/FAIL line per test.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"
bin="${1:-build}/syncswitch"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$(bounded "$bin" "$tmp")   # each run bounded: CASE_TIMEOUT (tests/lib.sh)
pass() { echo "PASS ties_$1"; }
fail() { echo "FAIL ties_$1: $2"; }

u8="traffic --pattern uniform --rate 0.3 --n 8 --tt 1 --warmup 500 --window 1500 --json"
# shellcheck disable=SC2086
{
  d=$("$bin" $u8 | strip_wall); p=$("$bin" $u8 --ties plus | strip_wall)
  b1=$("$bin" $u8 --ties balanced | strip_wall); b2=$("$bin" $u8 --ties balanced | strip_wall)
}

if [ -n "$d" ] && [ "$d" = "$p" ]; then pass default_is_plus; else fail default_is_plus "$d / $p"; fi
if [ -n "$b1" ] && [ "$b1" = "$b2" ]; then pass balanced_repeats; else fail balanced_repeats "$b1 / $b2"; fi

# the ideal under the real routes: 1/1.25 with the ties on +, 1/1.0 split
ip=$(echo "$p" | field ideal); ib=$(echo "$b1" | field ideal)
if [ "$ip" = 0.80000 ] && [ "$ib" = 1.00000 ]; then pass ideal_uniform_8x8
else fail ideal_uniform_8x8 "plus $ip (want 0.80000), balanced $ib (want 1.00000)"; fi

# at 0.3 the + links of plus are past saturation, balanced's are not
ap=$(echo "$p" | field accepted); ab=$(echo "$b1" | field accepted)
if awk -v a="$ap" -v b="$ab" 'BEGIN { exit !(b > a) }' && echo "$b1" | grep -q '"verified":true'
then pass balanced_carries_more; else fail balanced_carries_more "accepted plus $ap, balanced $ab"; fi

# message passing: the kernel's every word arrives
j=$("$bin" run --kernel msgpass --n 8 --words 8 --ties balanced --json 2>&1)
if echo "$j" | grep -q '"verified":true'; then pass msgpass_verified; else fail msgpass_verified "$j"; fi

# a bad rule: one line, exit 2
err=$("$bin" traffic --pattern uniform --rate 0.1 --n 4 --ties minus 2>&1 >/dev/null); rc=$?
if [ $rc -eq 2 ] && [ "$(echo "$err" | wc -l)" -eq 1 ] && echo "$err" | grep -q "plus, balanced"
then pass refuses_bad_rule; else fail refuses_bad_rule "exit $rc: $err"; fi

# co-simulated corners (the RTL routes a HEAD with dx = -n/2 as the C
# model does, datelines included): cheap ones, n = 4 and 8; with the other
# RTL tests (RTL_TESTS=1: each configuration's first build takes a minute)
[ "${RTL_TESTS:-0}" = 1 ] || exit 0
same_as_c ties_cosim_uniform_n8_tt1 "$bin" cosim traffic --pattern uniform --rate 0.3 --n 8 --tt 1 --ties balanced --warmup 500 --window 1500
same_as_c ties_cosim_uniform_n4_d1_tt1 "$bin" cosim traffic --pattern uniform --rate 0.3 --n 4 --depth 1 --tt 1 --ties balanced --warmup 500 --window 1500
same_as_c ties_cosim_msgpass_n8 "$bin" cosim run --kernel msgpass --n 8 --words 8 --ties balanced
