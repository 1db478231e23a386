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
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$(bounded "$bin" "$tmp")   # each run bounded: CASE_TIMEOUT (tests/lib.sh)
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

# the SystemC backends' routers have K = 1: K > 1 is refused, by the
# library's ss_backend_check, before any build
for be in sc sc-rtl; do
  err=$("$bin" traffic --pattern uniform --rate 0.1 --n 4 --vcs 2 --backend "$be" 2>&1 >/dev/null); rc=$?
  if [ $rc -eq 2 ] && [ "$err" = "syncswitch: vcs = 2 needs backend c, rtl or cosim (backend = $be: its routers have 1 message-passing VC per dateline class)" ]
  then pass "refuses_k2_on_$be"; else fail "refuses_k2_on_$be" "exit $rc: $err"; fi
done

# the RTL has K too (ss_router's MP_VCS; one Verilated build per K, made on
# demand, about a minute each): the corners co-simulated, every link compared
# every cycle (RTL_TESTS=1)
[ "${RTL_TESTS:-0}" = 1 ] || exit 0
same_as_c vcs_cosim_k1_uniform_n8 "$bin" cosim traffic --pattern uniform --rate 0.28 --n 8 --vcs 1 --warmup 500 --window 1500
# K = 2, depth 4, T_t 2: near and past saturation, every route, the switch on
# under message-passing traffic (phased AAPC with background traffic; the
# software switch), and both tie rules
same_as_c vcs_cosim_k2_uniform_sat "$bin" cosim traffic --pattern uniform --rate 0.22 --n 8 --vcs 2 --warmup 500 --window 1500
same_as_c vcs_cosim_k2_bitcomp "$bin" cosim traffic --pattern bitcomp --rate 0.3 --n 8 --vcs 2 --warmup 500 --window 1500
same_as_c vcs_cosim_k2_transpose_balanced "$bin" cosim traffic --pattern transpose --rate 0.2 --n 8 --vcs 2 --ties balanced --warmup 500 --window 1500
same_as_c vcs_cosim_k2_msgpass "$bin" cosim run --kernel msgpass --n 8 --words 16 --vcs 2
same_as_c vcs_cosim_k2_phased_background "$bin" cosim run --kernel phased --n 8 --words 32 --vcs 2 --background uniform:0.05
same_as_c vcs_cosim_k2_phased_sw "$bin" cosim run --kernel phased-sw --n 8 --words 16 --vcs 2
# K = 3, depth 2, T_t 1: short buffers, a full-rate link, past saturation
same_as_c vcs_cosim_k3_d2_t1_uniform "$bin" cosim traffic --pattern uniform --rate 0.4 --n 8 --vcs 3 --depth 2 --tt 1 --warmup 500 --window 1500
same_as_c vcs_cosim_k3_d2_t1_nn_msgpass "$bin" cosim run --kernel nn-msgpass --n 8 --words 8 --vcs 3 --depth 2 --tt 1
# (K = 4, 9 VCs a port: the router testbench's point 3_1_4, RTB_POINTS)
