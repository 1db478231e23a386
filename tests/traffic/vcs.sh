#!/usr/bin/env bash
# --vcs K (issue 21, part 1): K message-passing VCs per dateline class.
# K = 1 is the router of every recorded number (tests/golden.sh holds its
# cycles); an explicit --vcs 1 is the default, cycle for cycle; K = 2 and 4
# carry more uniform traffic at saturation than K = 1 and deliver every
# word; the AAPC pool does not see K (phased AAPC, which uses only it, runs
# the same cycles at every K); msgpass verifies at K = 2, 3, 4; vcs 0 and
# 5 are refused with the library's line. Prints one PASS/FAIL line per test.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"
bin="${1:-build}/syncswitch"
pass() { echo "PASS vcs_$1"; }
fail() { echo "FAIL vcs_$1: $2"; }

# uniform 8x8 at T_t 1, rate 0.35: past K = 1's saturation (about 0.29)
u8="traffic --pattern uniform --rate 0.35 --n 8 --tt 1 --warmup 1000 --window 2000 --json"
# shellcheck disable=SC2086
{
  d=$("$bin" $u8 | strip_wall); k1=$("$bin" $u8 --vcs 1 | strip_wall)
  k2=$("$bin" $u8 --vcs 2 | strip_wall); k4=$("$bin" $u8 --vcs 4 | strip_wall)
}
if [ -n "$d" ] && [ "$d" = "$k1" ]; then pass default_is_1; else fail default_is_1 "$d / $k1"; fi

a1=$(echo "$k1" | field accepted); a2=$(echo "$k2" | field accepted); a4=$(echo "$k4" | field accepted)
if awk -v a="$a1" -v b="$a2" -v c="$a4" 'BEGIN { exit !(b > a + 0.02 && c >= b - 0.005) }' &&
   echo "$k2" | grep -q '"verified":true' && echo "$k4" | grep -q '"verified":true'
then pass more_vcs_carry_more; else fail more_vcs_carry_more "accepted K=1 $a1, K=2 $a2, K=4 $a4"; fi

if echo "$k1" | grep -q '"unstable":true' && echo "$k2" | grep -q '"unstable":false'
then pass k2_stable_where_k1_saturates; else fail k2_stable_where_k1_saturates "K=1 $k1 / K=2 $k2"; fi

# the AAPC pool is unchanged: phased AAPC (the AAPC VC only) in the same cycles
p1=$("$bin" run --kernel phased --n 8 --words 64 --json | strip_wall)
p3=$("$bin" run --kernel phased --n 8 --words 64 --vcs 3 --json | strip_wall)
c1=$(echo "$p1" | field cycles); c3=$(echo "$p3" | field cycles)
if [ -n "$c1" ] && [ "$c1" = "$c3" ] && echo "$p3" | grep -q '"verified":true'
then pass phased_same_cycles; else fail phased_same_cycles "K=1 $c1, K=3 $c3"; fi

# message passing (the MP pool, every route, datelines) at every K
for k in 2 3 4; do
  j=$("$bin" run --kernel msgpass --n 8 --words 16 --vcs "$k" --json 2>&1)
  if echo "$j" | grep -q '"verified":true'; then pass "msgpass_k$k"; else fail "msgpass_k$k" "$j"; fi
done

# out of range: the library's line, exit 2
for k in 0 5; do
  err=$("$bin" traffic --pattern uniform --rate 0.1 --n 4 --vcs "$k" 2>&1 >/dev/null); rc=$?
  if [ $rc -eq 2 ] && [ "$err" = "syncswitch: vcs = $k is out of range (allowed 1..4)" ]
  then pass "refuses_$k"; else fail "refuses_$k" "exit $rc: $err"; fi
done

# the other backends have K = 1 only: K > 1 is refused before any build
for be in rtl cosim sc sc-rtl; do
  err=$("$bin" traffic --pattern uniform --rate 0.1 --n 4 --vcs 2 --backend "$be" 2>&1 >/dev/null); rc=$?
  if [ $rc -eq 2 ] && [ "$(echo "$err" | wc -l)" -eq 1 ] && echo "$err" | grep -q "vcs 2 needs --backend c"
  then pass "refuses_k2_on_$be"; else fail "refuses_k2_on_$be" "exit $rc: $err"; fi
done

# K = 1 co-simulated with the 4-bit VC field (RTL_TESTS=1: a build takes a minute)
[ "${RTL_TESTS:-0}" = 1 ] || exit 0
same_as_c vcs_cosim_k1_uniform_n8 "$bin" cosim traffic --pattern uniform --rate 0.28 --n 8 --vcs 1 --warmup 500 --window 1500
