#!/usr/bin/env bash
# The figure-making scripts to the end on small sizes: every plot they
# promise drawn, labelled with the run it shows, and no point hidden or
# drawn where it was not measured. PASS/FAIL lines.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"
script_init figures "$(cd "${1:-build}" && pwd)"   # $bin, $tmp, pass, fail
# says NAME: the start of run NAME's stderr, on one line
says() { head -c 300 "$tmp/$1.e" | tr '\n' ' '; }

# a gnuplot that keeps each script it is given in $tmp/gp.N, then draws it
gp=$(command -v gnuplot) || gp=""
mkdir -p "$tmp/gpbin"
printf '#!/bin/sh\nn=$(ls "%s"/gp.* 2>/dev/null | wc -l)\ntee "%s/gp.$n" | exec "%s" "$@"\n' "$tmp" "$tmp" "$gp" >"$tmp/gpbin/gnuplot"
chmod +x "$tmp/gpbin/gnuplot"
# ybottom FILE: the bottom of the first latency axis a gnuplot script sets
ybottom() { sed -n 's/.*set yrange \[\([0-9.e+-]*\):.*/\1/p' "$1" | head -1; }

# study NAME OUT VAR=VALUE...: make traffic-study into OUT (transpose, K =
# 1, plus, no depth sweep, short windows, unless VAR=VALUE says otherwise);
# its stdout in $tmp/NAME.o, its stderr in $tmp/NAME.e, its exit in $rc
study() {
  local name=$1 out=$2; shift 2
  (cd "$tmp" && env STUDY_OUT="$out" SS="$bin" STUDY_PATTERNS=transpose STUDY_VCS=1 STUDY_TIES=plus \
     STUDY_DEPTHS=0 WINDOW=500 WARMUP=100 "$@" timeout 120 "$root/scripts/traffic_study.sh" \
     >"$tmp/$name.o" 2>"$tmp/$name.e" </dev/null)
  rc=$?
}

# make traffic-study without bitcomp among its patterns draws its plots
# (was: exit 1 after the table, nothing said, no PNG), the depth plot too
s=$tmp/study
study study_no_bitcomp "$s" STUDY_DEPTHS="2 4" DEPTH_VCS=1 WINDOW=300
if [ $rc -ne 0 ] || [ -s "$tmp/study_no_bitcomp.e" ]; then
  fail study_no_bitcomp "exit $rc: $(says study_no_bitcomp)"
elif [ ! -s "$s/study_8x8.png" ] || [ ! -s "$s/depth_8x8.png" ]; then fail study_no_bitcomp "plots missing: $(ls "$s")"
else pass study_no_bitcomp; fi

# REPLOT=1 labels the plot and the table with the run's seed and window,
# not this call's (was: "seed 99, window 12345" on a run at seed 1, 300)
study study_replot_labels "$s" REPLOT=1 SEED=99 WINDOW=12345 WARMUP=7
if [ $rc -ne 0 ]; then fail study_replot_labels "exit $rc: $(says study_replot_labels)"
elif ! grep -q '^8x8, T_t = 1, 5-flit packets, seed 1, window 300:' "$tmp/study_replot_labels.o"; then
  fail study_replot_labels "table: $(head -1 "$tmp/study_replot_labels.o")"
elif [ "$(cat "$s/run_8x8.csv" 2>/dev/null | tr '\n' ' ')" != "seed,window,warmup 1,300,100 " ]; then
  fail study_replot_labels "run_8x8.csv: $(cat "$s/run_8x8.csv" 2>&1)"
else pass study_replot_labels; fi
# a run that saved no seed and window is not plotted again under a guess
rm -f "$s/run_8x8.csv"
study study_replot_unlabelled "$s" REPLOT=1
if [ $rc -ne 2 ] || [ "$(wc -l <"$tmp/study_replot_unlabelled.e")" != 1 ] ||
   ! grep -q 'run_8x8.csv' "$tmp/study_replot_unlabelled.e"; then
  fail study_replot_unlabelled "exit $rc: $(says study_replot_unlabelled)"
else pass study_replot_unlabelled; fi

# make routing-study with 3-flit packets: the zero-load latency (7 cycles)
# is inside the plot (was: an axis from 10, the points below it not
# drawn), and a saturation not reached is '>' the highest stable load in
# the table, as make traffic writes it (was: the number alone)
r=$tmp/routing
rm -f "$tmp"/gp.*
(cd "$tmp" && PATH="$tmp/gpbin:$PATH" STUDY_OUT="$r" SS="$bin" ROUTING_PATTERNS=neighbor ROUTING_VCS=2 \
   ROUTING_FUNCTIONS=dim_order PACKET=3 WINDOW=300 WARMUP=100 timeout 120 "$root/scripts/routing_study.sh" \
   >"$tmp/routing.o" 2>"$tmp/routing.e" </dev/null)
rc=$?
low=$(awk -F, 'NR > 1 && $12 == "false" && (m == "" || $9 + 0 < m) { m = $9 + 0 } END { print m }' "$r/routing_curves_8x8.csv" 2>/dev/null)
if [ $rc -ne 0 ] || [ ! -s "$r/routing_8x8.png" ] || [ -z "$gp" ]; then fail routing_low_latency "exit $rc: $(says routing)"
elif ! awk -v b="$(ybottom "$tmp/gp.0")" -v l="$low" 'BEGIN { exit !(b != "" && b < l) }'; then
  fail routing_low_latency "the axis starts at '$(ybottom "$tmp/gp.0")', the lowest latency is $low"
else pass routing_low_latency; fi
if ! grep -qE '^neighbor +2 dim_order +3 +1\.000 +7\.00 +>0\.9[0-9]+ .* not reached$' "$tmp/routing.o"; then
  fail routing_not_reached "table: $(grep '^neighbor' "$tmp/routing.o")"
else pass routing_not_reached; fi

# traffic NAME OUT VAR=VALUE...: make traffic into OUT (QUICK=1) with the
# stand-in gnuplot; stdout, stderr, exit as study's
traffic() {
  local name=$1 out=$2; shift 2
  rm -f "$tmp"/gp.*
  (cd "$tmp" && env PATH="$tmp/gpbin:$PATH" TRAFFIC_OUT="$out" SS="$bin" QUICK=1 "$@" \
     timeout 120 "$root/scripts/traffic.sh" >"$tmp/$name.o" 2>"$tmp/$name.e" </dev/null)
  rc=$?
}
# plotted TEST RUN OUT: RUN ended well and drew both plots, gnuplot silent
plotted() {
  if [ $rc -ne 0 ] || [ -s "$tmp/$2.e" ]; then fail "$1" "exit $rc: $(says "$2")"; return 1
  elif [ ! -s "$3/latency_8x8.png" ] || [ ! -s "$3/coexist_8x8.png" ]; then fail "$1" "plots missing: $(ls "$3")"; return 1; fi
}

# no stable point (one step, straight to the unstable load): the latency
# panel says that nothing was measured (was: gnuplot's "x range is
# invalid" after every run, exit 1, no PNG)
t=$tmp/tr_nostable
traffic traffic_no_stable_point "$t" STEPS=1 TRAFFIC_PATTERNS=uniform COEXIST_RATES=0.01
if ! plotted traffic_no_stable_point traffic_no_stable_point "$t"; then :
elif ! grep -q "set label .*no latency measured" "$tmp/gp.0"; then fail traffic_no_stable_point "no label: $(grep plot "$tmp/gp.0")"
else pass traffic_no_stable_point; fi

# the coexistence runs at background 0 only (no packet, no latency): the
# same (was: the same crash), and an unstable point with no latency (the
# neighbor pattern at 0.62 with 4 steps) is marked in the band above the
# latencies, inside the x range (was: not drawn, the axis stopped at 0.55)
t=$tmp/tr_zero
traffic traffic_zero "$t" STEPS=4 TRAFFIC_PATTERNS=neighbor COEXIST_RATES=0
if ! plotted traffic_coexist_zero traffic_zero "$t"; then :
elif ! grep -q "set label .*no latency measured" "$tmp/gp.1"; then fail traffic_coexist_zero "no label: $(grep plot "$tmp/gp.1")"
else pass traffic_coexist_zero; fi
last=$(awk -F, '$1 == "neighbor" { r = $0 } END { print r }' "$t/latency_8x8.csv" 2>/dev/null)
xmax=$(sed -n 's/.*set xrange \[0:\([0-9.e+-]*\)\].*/\1/p' "$tmp/gp.0" 2>/dev/null | head -1)
if [ $rc -ne 0 ]; then fail traffic_unstable_unmeasured "exit $rc: $(says traffic_zero)"
elif [ "$(echo "$last" | cut -d, -f7,11)" != ",true" ]; then fail traffic_unstable_unmeasured "the last point is not unstable and unmeasured: $last"
elif ! awk -v x="$xmax" -v o="$(echo "$last" | cut -d, -f4)" 'BEGIN { exit !(x != "" && x > o) }'; then
  fail traffic_unstable_unmeasured "x range to '$xmax', the unstable point at $(echo "$last" | cut -d, -f4)"
elif ! grep -qE "strcol\(1\) eq 'neighbor' && strcol\(11\) eq 'true' \? \\\$4 : 1/0\):\([0-9]+\) with points" "$tmp/gp.0"; then
  fail traffic_unstable_unmeasured "no mark in the band: $(grep plot "$tmp/gp.0")"
else pass traffic_unstable_unmeasured; fi

# output folders with a quote in their names: every plot drawn (was:
# gnuplot failed on the path after all the runs, exit 1)
q="$tmp/bob's"
traffic quote_traffic "$q/traffic" STEPS=2 TRAFFIC_PATTERNS=uniform COEXIST_RATES=0.01
plotted quote_traffic quote_traffic "$q/traffic" && pass quote_traffic
study quote_study "$q/study" STUDY_DEPTHS="2 4" DEPTH_VCS=1 WINDOW=300
if [ $rc -ne 0 ] || [ ! -s "$q/study/study_8x8.png" ] || [ ! -s "$q/study/depth_8x8.png" ]; then
  fail quote_study "exit $rc: $(says quote_study)"
else pass quote_study; fi
(cd "$tmp" && STUDY_OUT="$q/routing" SS="$bin" ROUTING_PATTERNS=neighbor ROUTING_VCS=2 ROUTING_FUNCTIONS=dim_order \
   PACKET=3 WINDOW=300 WARMUP=100 timeout 120 "$root/scripts/routing_study.sh" >/dev/null 2>"$tmp/quote_routing.e" </dev/null)
rc=$?
if [ $rc -ne 0 ] || [ ! -s "$q/routing/routing_8x8.png" ]; then fail quote_routing "exit $rc: $(says quote_routing)"
else pass quote_routing; fi

# make coverage: a suite with a failed run writes no summary (was: an empty
# summary.md, or one of the runs that passed that read as the suite's); a
# stand-in coverage build whose one run fails
cb=$tmp/covbuild
mkdir -p "$cb/rtl/routers_n8_d4_t2_cov"
printf '#!/bin/sh\necho "{\\"verified\\":false}"; exit 1\n' >"$cb/rtl/routers_n8_d4_t2_cov/syncswitch"
chmod +x "$cb/rtl/routers_n8_d4_t2_cov/syncswitch"
echo "run --kernel phased --n 8 --words 4" >"$tmp/cov_runs.txt"
(cd "$root" && BUILD="$cb" COV_MAX_CYCLES=1 timeout 60 scripts/coverage.sh "$tmp/cov_runs.txt" \
   >/dev/null 2>"$tmp/coverage_failed.e" </dev/null)
rc=$?
if [ $rc -ne 1 ] || ! grep -q "1 of 1 runs failed.*no summary" "$tmp/coverage_failed.e"; then
  fail coverage_failed "exit $rc: $(says coverage_failed)"
elif ls "$cb/results/coverage" | grep -qE '^(summary\.md|merged\.dat|\.summary)'; then
  fail coverage_failed "left: $(ls -A "$cb/results/coverage" | tr '\n' ' ')"
else pass coverage_failed; fi
