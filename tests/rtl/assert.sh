#!/usr/bin/env bash
# The RTL's assertions can fire (docs/assertions.md): one router_tb build of
# a mutated copy of rtl/ (build/rtl/router_tb/mutants/), each planted bug
# switched on by its own plusarg ($test$plusargs, so one Verilator build
# holds them all). With no plusarg the copy is the real router and every
# case must pass; with +mut_<name> the run must exit non-zero and print
# "RTL assertion <name> failed" (for a case; a planted bug may trip another
# assertion first in some cases). Needs Verilator (make test runs it).
# With --cli (make test-long: one more Verilator build, a few minutes) also
# the command line's report: a 4x4 rtl-bin of the copy with the credit_take
# bug always on must stop `syncswitch run` (exit 5) and `traffic` with one
# line naming the cycle, the router and the assertion.
#   tests/rtl/assert.sh [build-dir] [--cli]
set -u
dir="${1:-build}"
cli="${2:-}"
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
out="$dir/rtl/router_tb/mutants"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass() { echo "PASS assert_$1"; }
fail() { echo "FAIL assert_$1: $2"; }

# name | file | text | replacement (the bug, on only with +mut_<name>)
M='$test$plusargs'
mutants=(
  "fifo_count|ss_vc_buffer.v|count_q <= count_q + {{(CW-1){1'b0}}, do_push}|count_q <= (count_q == FULL \&\& $M(\"mut_fifo_count\")) + count_q + {{(CW-1){1'b0}}, do_push}"
  "fifo_pointers|ss_vc_buffer.v|if (do_pop)  rd_q <=|if (do_pop \&\& !$M(\"mut_fifo_pointers\")) rd_q <="
  "credit_range|ss_credit_counter.v|+ {{(CW-1){1'b0}}, give};|+ {{(CW-1){1'b0}}, give} + {{(CW-1){1'b0}}, give \&\& $M(\"mut_credit_range\")};"
  "credit_take|ss_router.v|assign ovc_ready[OV] = ovc_credit[OV] \&\& thr_ready[go];|assign ovc_ready[OV] = (ovc_credit[OV] \|\| $M(\"mut_credit_take\")) \&\& thr_ready[go];"
  "throttle_grant|ss_router.v|assign ovc_free[OV]  = ovc_ready[OV] \&\& !out_busy_q[OV];|assign ovc_free[OV]  = (ovc_ready[OV] \|\| (ovc_credit[OV] \&\& $M(\"mut_throttle_grant\"))) \&\& !out_busy_q[OV];"
  "grant_requester|ss_rr_pick.v|assign idx_o   = |assign idx_o   = $M(\"mut_grant_requester\") ? ptr_i : "
  "vc_owner|ss_router.v|out_busy_q[i] <= 1'b1;|out_busy_q[i] <= !$M(\"mut_vc_owner\");"
  "head_past_sticky|ss_router.v|wire           gated = (gv == \`SS_VC_AAPC) \&\& gate[gp];|wire           gated = (gv == \`SS_VC_AAPC) \&\& gate[gp] \&\& !$M(\"mut_head_past_sticky\");"
  "hw_clear_all|ss_sync_switch.v|wire all_done = (nim_q == ALL);|wire all_done = (nim_q == ALL) \|\| (mode_i == \`SS_SYNC_HW \&\& nim_q != {\`SS_NP{1'b0}} \&\& $M(\"mut_hw_clear_all\"));"
)

mkdir -p "$tmp/rtl" "$out/rtl"
cp rtl/*.v rtl/*.vh "$tmp/rtl/"
ok=1
for m in "${mutants[@]}"; do
  IFS='|' read -r name file from to <<<"$m"
  from=$(printf '%s' "$from" | sed 's/\\\([&|`]\)/\1/g')
  to=$(printf '%s' "$to" | sed 's/\\\([&|`]\)/\1/g')
  FROM="$from" TO="$to" perl -0pi -e 's/\Q$ENV{FROM}\E/$ENV{TO}/' "$tmp/rtl/$file"
  grep -qF "mut_$name" "$tmp/rtl/$file" || { fail "$name" "the mutation no longer applies to rtl/$file ('$from')"; ok=0; }
done
# copy only what changed, so that an unchanged copy is not rebuilt
for f in "$tmp"/rtl/*; do cmp -s "$f" "$out/rtl/${f##*/}" || cp "$f" "$out/rtl/"; done
if ! make -s router-tb BUILD="$dir" RTB_RTL="$out/rtl" RTB_DIR="$out" >"$tmp/build" 2>&1; then
  fail build "$(tail -5 "$tmp/build" | tr '\n' ' ')"; exit 0
fi
tb="$out/router_tb"
if "$tb" --seeds 1 --cycles 3000 >"$tmp/clean" 2>&1; then pass clean_copy
else fail clean_copy "the mutated copy fails with no mutation on: $(grep -m1 FAIL "$tmp/clean")"; fi
[ $ok = 1 ] || exit 0
for m in "${mutants[@]}"; do
  name=${m%%|*}
  "$tb" --seeds 1 --cycles 3000 "+mut_$name" >"$tmp/$name" 2>&1; rc=$?
  line=$(grep -m1 "RTL assertion" "$tmp/$name")
  if [ $rc -ne 0 ] && grep -q "RTL assertion $name failed" "$tmp/$name"; then pass "$name"
  else fail "$name" "exit $rc, first assertion: ${line:-none}"; fi
done
[ "$cli" = --cli ] || exit 0
# the command line: the copy with credit_take's bug always on, the others off
mkdir -p "$out/cli_rtl"
for f in "$out"/rtl/*; do
  sed 's/\$test\$plusargs("mut_credit_take")/1'"'"'b1/; s/\$test\$plusargs("[a-z_]*")/1'"'"'b0/g' "$f" >"$tmp/cli_${f##*/}"
  cmp -s "$tmp/cli_${f##*/}" "$out/cli_rtl/${f##*/}" || cp "$tmp/cli_${f##*/}" "$out/cli_rtl/${f##*/}"
done
if ! make -s rtl-bin BUILD="$dir" RTL_N=4 RTL_SRC="$(ls "$out"/cli_rtl/*.v | tr '\n' ' ')" \
     RTL_DIR="$out/cli_bin" >"$tmp/build_cli" 2>&1; then
  fail cli_build "$(tail -5 "$tmp/build_cli" | tr '\n' ' ')"; exit 0
fi
want='RTL assertion credit_take failed in router \([0-9],[0-9]\): a flit granted with no credit'
for cmd in "run --kernel msgpass --n 4 --words 8 --backend rtl" \
           "traffic --pattern uniform --rate 0.3 --n 4 --warmup 100 --window 200 --backend cosim"; do
  # shellcheck disable=SC2086
  "$out/cli_bin/syncswitch" $cmd >"$tmp/cli_out" 2>"$tmp/cli_err"; rc=$?
  name="cli_${cmd%% *}"
  if [ $rc -eq 5 ] && [ "$(wc -l <"$tmp/cli_err")" -eq 1 ] && grep -Eq "cycle [0-9]+" "$tmp/cli_err" &&
     grep -Eq "$want" "$tmp/cli_err"; then pass "$name"
  else fail "$name" "exit $rc, stderr: $(head -c 300 "$tmp/cli_err")"; fi
done
