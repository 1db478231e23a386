#!/usr/bin/env bash
# The waveform view of docs/waves.md (issue 31, part 6):
#  1. waves_filter_*: testbench/rtl/flit_filter, GTKWave's translate filter
#     process, decodes flits as model/flit.h packs them: a C program built on
#     flit.h (flit_make, head_make, head_dx, ...) prints flit words and the
#     text each must decode to (corners of dx, dy, src, every VC and kind,
#     idle, two that no router sends, a 0x-prefixed and a short value).
#  2. waves_view_committed: testbench/rtl/waves.gtkw is scripts/waves_view.sh's
#     default view (a hand edit, or a generator change not re-run, fails).
#  3. waves_view_refuses: a router outside the torus, a bad --n.
#  4. with the torus build (build/rtl/torus_n8_d4_t2, RTL_TESTS=1) and
#     fst2vcd: a trace of cycles 0..80; every signal the committed view and
#     a view of routers (7,7) and (2,5) show is in it; its time is the cycle
#     (1 ns a cycle, one sample a cycle from 0); and docs/waves.md's phase
#     boundary of router (0,0) (its markers 66, 67, 69) is where the doc says.
#     Without the build: the signals' names against rtl/*.v's declarations.
#   tests/rtl/waves.sh [BUILD]
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
case "$build" in /*) ;; *) build=$root/$build ;; esac
cd "$root" || exit 1
. scripts/lib/waves.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }

# ---- 1. the filter against model/flit.h ---------------------------------
cat >"$tmp/words.c" <<'C'
#include <stdio.h>
#include "flit.h"

static void line(flit_t f, const char *want) { printf("%010llx|%s\n", (unsigned long long)f, want); }
static void head(unsigned vc, int dx, int dy, unsigned pool, unsigned src, unsigned cls)
{
    uint32_t w = head_with_class(head_make(dx, dy, pool, src), cls);
    char t[128];
    snprintf(t, sizeof t, "?green?HEAD vc%u dx=%+d dy=%+d src=%u %s%s", vc, head_dx(w), head_dy(w),
             head_src(w), head_pool(w) == POOL_MP ? "mp" : "aapc", head_class(w) ? " syn" : "");
    line(flit_make(FLIT_HEAD, vc, w), t);
}
int main(void)
{
    char t[128];
    head(VC_AAPC, 3, -2, POOL_AAPC, 27, 0);
    head(VC_AAPC, 0, 0, POOL_AAPC, 0, 0);
    head(VC_MP_HI, -64, 63, POOL_MP, HEAD_MAX_NODES - 1, 0);
    head(VC_MP_LO, 63, -64, POOL_MP, 4000, 1);
    head(NUM_VC - 1, -1, 1, POOL_AAPC, 63, 1);
    for (unsigned vc = 0; vc < NUM_VC; vc++) {
        snprintf(t, sizeof t, "?dodger blue?BODY vc%u 0x%08x", vc, 0xdeadbeefu ^ vc);
        line(flit_make(FLIT_BODY, vc, 0xdeadbeefu ^ vc), t);
        snprintf(t, sizeof t, "?red?TAIL vc%u n=%u", vc, 16u * vc);
        line(flit_make(FLIT_TAIL, vc, 16u * vc), t);
    }
    line(0, "?gray30?-");
    line(flit_make(FLIT_HEAD, 0, 5) & ~FLIT_VALID_BIT, "?orange?BAD valid=0 vc0 kind=1 0x00000005");
    line(flit_make(0, 2, 7), "?orange?BAD valid=1 vc2 kind=0 0x00000007");
    /* reserved HEAD bits, which no router sends but a filter must not hide */
    line(flit_make(FLIT_HEAD, 0, head_make(1, 0, POOL_AAPC, 9) | 0x50000000u),
         "?green?HEAD vc0 dx=+1 dy=+0 src=9 aapc rsv=5");
    return 0;
}
C
if ! cc -std=c11 -Wall -Werror -Imodel -o "$tmp/words" "$tmp/words.c" 2>"$tmp/err"; then
  fail waves_filter_decodes "the word list does not build: $(head -c 300 "$tmp/err")"
else
  "$tmp/words" >"$tmp/cases"
  { cut -d'|' -f1 "$tmp/cases"; echo 0x4300000010; echo 0; } >"$tmp/in"
  { cut -d'|' -f2 "$tmp/cases"; echo "?red?TAIL vc0 n=16"; echo "?gray30?-"; } >"$tmp/want"
  testbench/rtl/flit_filter <"$tmp/in" >"$tmp/got" 2>"$tmp/err"
  bad=$(paste -d'|' "$tmp/in" "$tmp/want" "$tmp/got" | awk -F'|' '$2 != $3 { print $1 ": want \"" $2 "\", got \"" $3 "\""; exit }')
  if [ "$(wc -l <"$tmp/got")" -ne "$(wc -l <"$tmp/in")" ]; then
    fail waves_filter_decodes "$(wc -l <"$tmp/in") values in, $(wc -l <"$tmp/got") lines out: $(head -c 200 "$tmp/err")"
  elif [ -n "$bad" ]; then fail waves_filter_decodes "$bad"
  else pass "waves_filter_decodes ($(wc -l <"$tmp/in") words)"; fi
  # one line out for each line in, at once: GTKWave waits for each answer
  out=$( (echo 4300000010; sleep 1; echo 0) | timeout 0.5 testbench/rtl/flit_filter | head -1)
  # and a last value with no newline after it is answered too
  last=$(printf 4300000010 | testbench/rtl/flit_filter)
  if [ "$out" != "?red?TAIL vc0 n=16" ]; then fail waves_filter_answers_each_line "no answer within 0.5 s to the first value (got '$out')"
  elif [ "$last" != "?red?TAIL vc0 n=16" ]; then fail waves_filter_answers_each_line "a last value without a newline: got '$last'"
  else pass waves_filter_answers_each_line; fi
fi

# ---- 2. and 3. the view generator ---------------------------------------
default="--dump build/results/waves/phased_8x8.fst 0,0 1,0 0,1 3,3"
# shellcheck disable=SC2086
if ! scripts/waves_view.sh $default >"$tmp/default.gtkw" 2>"$tmp/err"; then
  fail waves_view_committed "scripts/waves_view.sh $default failed: $(head -c 200 "$tmp/err")"
elif ! diff -q testbench/rtl/waves.gtkw "$tmp/default.gtkw" >/dev/null; then
  fail waves_view_committed "testbench/rtl/waves.gtkw is not scripts/waves_view.sh $default: $(diff testbench/rtl/waves.gtkw "$tmp/default.gtkw" | head -3 | tr '\n' ' ')"
else pass waves_view_committed; fi
refused=""
for a in "8,0" "0,-1" "1;2" "--n 1 0,0" "--n 4 4,0"; do
  # shellcheck disable=SC2086
  scripts/waves_view.sh $a >/dev/null 2>&1; rc=$?
  [ $rc -eq 2 ] || refused="$refused '$a' (exit $rc)"
done
if [ -z "$refused" ]; then pass waves_view_refuses; else fail waves_view_refuses "accepted:$refused"; fi
scripts/waves_view.sh 7,7 2,5 >"$tmp/other.gtkw"

# ---- 4. against a trace, or the RTL's declarations ----------------------
bin=$build/rtl/torus_n8_d4_t2/syncswitch
if [ "${RTL_TESTS:-0}" = 1 ] && [ -x "$bin" ] && command -v fst2vcd >/dev/null; then
  if ! "$bin" run --kernel phased --n 8 --words 16 --backend rtl --trace "$tmp/w.fst" --trace-to 80 \
       >/dev/null 2>"$tmp/err"; then
    fail waves_trace "exit $?: $(head -c 300 "$tmp/err")"
  else
    trace_signals "$tmp/w.fst" >"$tmp/have"
    for v in committed other; do
      f=testbench/rtl/waves.gtkw; [ $v = other ] && f=$tmp/other.gtkw
      miss=$(comm -23 <(view_signals "$f") "$tmp/have" | head -3 | tr '\n' ' ')
      if [ -z "$miss" ] && [ -n "$(view_signals "$f")" ]; then pass "waves_view_signals_$v ($(view_signals "$f" | wc -l) signals in the trace)"
      else fail "waves_view_signals_$v" "not in the trace: ${miss:-no signal named}"; fi
    done
    fst2vcd -f "$tmp/w.fst" 2>/dev/null >"$tmp/w.vcd"
    ts=$(awk '/\$timescale/ { t = 1 } t && $1 ~ /[0-9]/ { printf "%s", $0 } /\$end/ && t { exit }' "$tmp/w.vcd" | tr -d ' \t')
    times=$(grep -E '^#[0-9]+$' "$tmp/w.vcd" | tr -d '#' | awk '$1 != NR - 1 { bad = NR; exit } END { print bad ? "gap at sample " bad : NR }')
    if [ "$ts" = 1ns ] && [ "$times" = 81 ]; then pass "waves_time_is_cycle (1ns, samples 0..80)"
    else fail waves_time_is_cycle "timescale '$ts', samples: $times (want 1ns, 81 samples 0..80)"; fi
    # docs/waves.md, "Reading a phase boundary": router (0,0)'s last phase-0
    # TAIL granted (tails = 01000) at 66, the AND gate fires at 67, phase_o
    # is 1 from 68 on, and the first phase-1 HEAD is on its Y- link at 69
    awk -v p="torus.ss_torus.g_row[0].g_col[0].u_router" '
      $1 == "$scope" { s[++d] = $3 } $1 == "$upscope" { d-- }
      $1 == "$var" { q = s[1]; for (i = 2; i <= d; i++) q = q "." s[i]; q = q "." $5
        if (q == p ".phase_o") id["phase"] = $4; if (q == p ".tails") id["tails"] = $4
        if (q == p ".u_sync.g_sync.clear") id["clear"] = $4
        if (q == p ".out_flit_q[3]") id["ym"] = $4 }
      /^#/ { t = substr($0, 2) + 0; next }
      { for (k in id) { c = id[k]
          if (substr($0, 1, 1) == "b" && $2 == c) { v = substr($1, 2); print t, k, v }
          else if (substr($0, 1, 1) != "b" && substr($0, 2) == c) print t, k, substr($0, 1, 1) } }' \
      "$tmp/w.vcd" >"$tmp/changes"
    # (a 39-bit link value: bit 38 first, so kind is characters 6 and 7)
    got=$(awk '$2 == "tails" && $3 == "01000" && !a { printf "tails01000@%s ", $1; a = 1 }
               $2 == "clear" && $3 == 1 && !b { printf "clear@%s ", $1; b = 1 }
               $2 == "phase" && $3 + 0 == 1 && !c { printf "phase1@%s ", $1; c = 1 }
               $2 == "ym" && c && length($3) == 39 && substr($3, 1, 1) == 1 && substr($3, 6, 2) == "01" && !e { printf "headY-@%s", $1; e = 1 }' "$tmp/changes")
    want="tails01000@66 clear@67 phase1@68 headY-@69"
    if [ "$got" = "$want" ]; then pass waves_doc_phase_boundary
    else fail waves_doc_phase_boundary "want $want (docs/waves.md), trace: ${got:-none}"; fi
  fi
else
  # no trace: each signal's own name must be declared in the RTL
  miss=""
  for s in $(cat testbench/rtl/waves.gtkw "$tmp/other.gtkw" | view_signals /dev/stdin |
             sed -E 's/(\[[0-9:]+\])+$//; s/.*\.//' | sort -u); do
    grep -qE "(reg|wire|output wire|output reg)[^;]*\<$s\>" rtl/*.v || miss="$miss $s"
  done
  if [ -z "$miss" ]; then pass "waves_view_signals_declared (no torus build or fst2vcd: names against rtl/*.v)"
  else fail waves_view_signals_declared "not declared in rtl/*.v:$miss"; fi
fi
