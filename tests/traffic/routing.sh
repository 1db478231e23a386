#!/usr/bin/env bash
# --routing-function (issue 29): min_adapt and valiant deliver every packet
# with no deadlock past saturation (every pattern at about twice its
# saturation load, the watchdog armed at 2,000 cycles, both tie rules,
# K = 2..4, depth 1 and 4); they change the routes (transpose and tornado
# carry other loads than dimension order); the AAPC kernels keep their
# routes and deliver every word under adaptive background traffic; what
# cannot run is refused with one line; and (RTL_TESTS=1) the RTL agrees
# with the C model cycle for cycle under both functions. Prints one PASS/FAIL line per test.
set -u
# shellcheck source=tests/lib.sh
. "$(cd "$(dirname "$0")/../.." && pwd)/tests/lib.sh"
script_init routing "${1:-build}"

patterns="uniform transpose bitcomp bitrev shuffle tornado neighbor randperm hotspot:5:0.2"
for rf in min_adapt valiant; do
  for k in 2 3 4; do
    for depth in 1 4; do
      for ties in plus balanced; do
        [ "$k" = 3 ] && [ "$ties" = balanced ] && continue
        bad=""
        for pat in $patterns; do
          j=$("$bin" traffic --n 4 --tt 1 --pattern "$pat" --rate 0.9 --packet 3-12 --vcs "$k" \
              --depth "$depth" --ties "$ties" --routing-function "$rf" --warmup 300 --window 1500 \
              --watchdog 2000 --json 2>&1)
          if ! echo "$j" | grep -q '"errors":0,.*"verified":true' ||
             [ "$(echo "$j" | field accepted)" = 0.00000 ]; then
            bad="$bad $pat: $(echo "$j" | head -c 200)"
          fi
        done
        name="${rf}_k${k}_d${depth}_$ties"
        if [ -z "$bad" ]; then pass "past_saturation_$name"; else fail "past_saturation_$name" "$bad"; fi
      done
    done
  done
done

# the routes change what the network carries: transpose on 8x8 near
# saturation; and a run repeats with its seed
t="traffic --n 8 --tt 1 --pattern transpose --rate 0.35 --packet 16 --vcs 2 --warmup 1000 --window 3000 --json"
# shellcheck disable=SC2086
{
  d=$("$bin" $t | strip_wall); a=$("$bin" $t --routing-function min_adapt | strip_wall)
  a2=$("$bin" $t --routing-function min_adapt | strip_wall); v=$("$bin" $t --routing-function valiant | strip_wall)
}
ad=$(echo "$d" | field accepted); aa=$(echo "$a" | field accepted); av=$(echo "$v" | field accepted)
if [ -n "$a" ] && [ "$a" = "$a2" ]; then pass repeats; else fail repeats "$a / $a2"; fi
if awk -v d="$ad" -v a="$aa" 'BEGIN { exit !(a > d * 1.1) }'; then pass min_adapt_carries_more_transpose
else fail min_adapt_carries_more_transpose "accepted dim_order $ad, min_adapt $aa"; fi
if [ "$(echo "$v" | field routing_function)" = "\"valiant\"" ] && [ "$(echo "$v" | field ideal)" = null ] &&
   [ "$av" != "$ad" ]; then pass valiant_no_ideal
else fail valiant_no_ideal "$(echo "$v" | head -c 300)"; fi

# kernels: message passing delivers every word under each function; the
# phased AAPC keeps its schedule's routes (the same cycles) beside
# adaptive background traffic, and delivers every word
for rf in min_adapt valiant; do
  j=$("$bin" run --kernel msgpass --n 6 --words 32 --vcs 2 --routing-function "$rf" --json 2>&1)
  if echo "$j" | grep -q '"verified":true'; then pass "msgpass_$rf"; else fail "msgpass_$rf" "$j"; fi
  j=$("$bin" run --kernel fuzz --n 6 --words 16 --vcs 3 --routing-function "$rf" --json 2>&1)
  if echo "$j" | grep -q '"verified":true'; then pass "fuzz_$rf"; else fail "fuzz_$rf" "$j"; fi
  j=$("$bin" run --kernel phased --n 8 --words 32 --vcs 2 --routing-function "$rf" \
      --background uniform:0.2 --watchdog 5000 --json 2>&1)
  if echo "$j" | grep -q '"verified":true'; then pass "phased_background_$rf"; else fail "phased_background_$rf" "$j"; fi
done
p0=$("$bin" run --kernel phased --n 8 --words 32 --vcs 2 --json | field cycles)
p1=$("$bin" run --kernel phased --n 8 --words 32 --vcs 2 --routing-function min_adapt --json | field cycles)
if [ -n "$p0" ] && [ "$p0" = "$p1" ]; then pass phased_keeps_routes; else fail phased_keeps_routes "$p0 / $p1"; fi

# refusals: one line, exit 2
refuse() {
  local name=$1 want=$2; shift 2
  "$bin" "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  if [ "$rc" = 2 ] && [ "$(wc -l <"$tmp/err")" = 1 ] && grep -q "$want" "$tmp/err"; then pass "$name"
  else fail "$name" "exit $rc: $(head -c 300 "$tmp/err")"; fi
}
refuse refuse_min_adapt_k1 "routing_function = min_adapt needs vcs >= 2 (vcs = 1" \
  traffic --n 4 --pattern uniform --rate 0.1 --routing-function min_adapt
refuse refuse_valiant_k1 "routing_function = valiant needs vcs >= 2" \
  run --kernel msgpass --n 4 --words 4 --routing-function valiant
refuse refuse_unknown "routing_function 'min_adaptive' is unknown (allowed: dim_order, min_adapt, valiant)" \
  traffic --n 4 --pattern uniform --rate 0.1 --routing-function min_adaptive
# the SystemC backends' routers route in dimension order (the RTL has every
# function); vcs >= 2 is refused there first
refuse refuse_sc "needs backend" \
  run --kernel msgpass --n 4 --words 4 --vcs 2 --routing-function valiant --backend sc
refuse refuse_sc_rtl "needs backend c, rtl or cosim" \
  run --kernel msgpass --n 4 --words 4 --vcs 2 --routing-function min_adapt --backend sc-rtl

# the RTL has both functions (ss_router's ROUTING: a Verilated build per
# function and K, made on demand, about a minute each): co-simulated, every
# link compared every cycle (RTL_TESTS=1), near and past saturation, a
# kernel, and phased AAPC with the switch on under adaptive background
# traffic. The wide sweep of corners: tests/rtl/corners.sh (RTL_LONG=1).
[ "${RTL_TESTS:-0}" = 1 ] || exit 0
w="--warmup 300 --window 1000"
for rf in min_adapt valiant; do
  # shellcheck disable=SC2086
  {
    same_as_c "routing_cosim_${rf}_uniform_sat" "$bin" cosim traffic --pattern uniform --rate 0.3 --n 8 --vcs 2 --routing-function "$rf" $w
    same_as_c "routing_cosim_${rf}_tornado_past" "$bin" cosim traffic --pattern tornado --rate 0.6 --n 8 --vcs 2 --routing-function "$rf" --watchdog 5000 $w
  }
  same_as_c "routing_cosim_${rf}_msgpass" "$bin" cosim run --kernel msgpass --n 8 --words 16 --vcs 2 --routing-function "$rf"
  same_as_c "routing_cosim_${rf}_phased_background" "$bin" cosim run --kernel phased --n 8 --words 32 --vcs 2 --routing-function "$rf" --background uniform:0.2 --watchdog 5000
done
