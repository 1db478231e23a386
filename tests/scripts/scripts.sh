#!/usr/bin/env bash
# The measurement scripts' doors (scripts/lib/check.sh, scripts/lib/out.sh):
# a bad variable gets one line naming it and exit 2 before any work; a run
# interrupted by Ctrl-C leaves no result that looks complete; a small
# make traffic marks its unstable points and shows no figure it did not
# see. PASS/FAIL lines.
set -u
dir=$(cd "${1:-build}" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS scripts_$1"; }
fail() { echo "FAIL scripts_$1: $2"; }

# bad_var NAME VAR=VALUE SCRIPT [ARGS]: exit 2, one stderr line naming VAR,
# nothing on stdout, nothing written (the run's folder is not made)
bad_var() {
  local name=$1 set=$2 rc; shift 2
  (cd "$tmp" && env TRAFFIC_OUT="$tmp/none" PAPER_OUT="$tmp/none" SS="$dir/syncswitch" "$set" \
     timeout 20 "$@" >"$tmp/o" 2>"$tmp/e" </dev/null)
  rc=$?
  if [ $rc -ne 2 ]; then fail "$name" "exit $rc, want 2: $(head -c 200 "$tmp/e")"
  elif [ "$(wc -l <"$tmp/e")" -ne 1 ] || ! grep -q "${set%%=*} = " "$tmp/e"; then
    fail "$name" "want one line naming ${set%%=*}: $(head -c 300 "$tmp/e")"
  elif [ -s "$tmp/o" ] || [ -e "$tmp/none" ] || [ -e "$tmp/build" ]; then fail "$name" "it worked or wrote"
  else pass "$name"; fi
  rm -rf "$tmp/none" "$tmp/build"
}
# bad_usage NAME SCRIPT [ARGS]: arguments missing: exit 2, one stderr line
# with the usage, nothing on stdout
bad_usage() {
  local name=$1 rc; shift
  (cd "$tmp" && timeout 20 "$@" >"$tmp/o" 2>"$tmp/e" </dev/null)
  rc=$?
  if [ $rc -ne 2 ] || [ "$(wc -l <"$tmp/e")" -ne 1 ] || ! grep -q "^usage: " "$tmp/e" || [ -s "$tmp/o" ]; then
    fail "$name" "exit $rc, want 2 and a usage line: $(head -c 200 "$tmp/e")"
  else pass "$name"; fi
}
bad_var traffic_window WINDOW=ten "$root/scripts/traffic.sh"
bad_var traffic_steps STEPS=0 "$root/scripts/traffic.sh"
bad_var traffic_quick QUICK=yes "$root/scripts/traffic.sh"
bad_var traffic_patterns TRAFFIC_PATTERNS=uniform,transpose "$root/scripts/traffic.sh"
bad_var sweep_n N=12 "$root/scripts/sweep.sh"
bad_var sweep_sizes "SIZES=16 big" "$root/scripts/sweep.sh"
# one torus, not a list (was: the first table's runs failed, exit 1)
bad_var sweep_n_list "N=8 8" "$root/scripts/sweep.sh"
# every kernel and size judged by the library before any run (was: the
# first table and plot written, then exit 1 at the kernel)
bad_var sweep_kernel_size "KERNELS2=phased gsync" "$root/scripts/sweep.sh"
bad_var sweep_kernel_size_fft "KERNELS2=fft2d" env SIZES2=64 "$root/scripts/sweep.sh"
# a size too large for the torus (the library's memory) is named, not N
bad_var sweep_sizes2_memory SIZES2=1024 env N=16 "$root/scripts/sweep.sh"
# a simulator that fails is named before any work (was: exit 1, nothing said)
bad_var sweep_sim_fails SS=/bin/false "$root/scripts/sweep.sh"
bad_var bench_torus BENCH_TORUS=yes "$root/scripts/bench.sh"
bad_var fuzz_time FUZZ_TIME=0 "$root/scripts/fuzz.sh" "$dir"
bad_var fuzz_points FUZZ_POINTS=8:4 "$root/scripts/fuzz.sh" "$dir"
bad_var paper_out PAPER_OUT=/dev/null "$root/scripts/paper.sh" --quick
bad_var paper_quick QUICK=2 "$root/scripts/paper.sh"
bad_var synth_jobs SYNTH_JOBS=0 "$root/scripts/synth.sh"
bad_var synth_runs "SYNTH_RUNS=sync_switch router" "$root/scripts/synth.sh"
bad_var lint_only LINT_ONLY=ss_nope "$root/scripts/lint.sh"
bad_var scale_rows SCALE_ROWS=phased:12:4 "$root/scripts/scale_table.sh"
bad_var scale_rows_form "SCALE_ROWS=fft2d:8:4" "$root/scripts/scale_table.sh"
bad_var scale_threads SCALE_THREADS=0 "$root/scripts/scale_table.sh"
bad_var scale_skip SCALE_SKIP=sometimes "$root/scripts/scale_table.sh"
# a row the library refuses (here its memory) is named before the first
# row runs (was: the rows before it ran, then the script failed on it)
bad_var scale_rows_memory "SCALE_ROWS=phased:8:4 two-stage:16:4096" "$root/scripts/scale_table.sh"
# a binary that cannot judge the rows is named, not the row
bad_var scale_ss_fails SS=/bin/false "$root/scripts/scale_table.sh"
# one that answers nothing is not a simulator (was: rows of empty cells, exit 0)
bad_var scale_ss_silent SS=/bin/true "$root/scripts/scale_table.sh"
bad_var sweep_sim_silent SS=/bin/true "$root/scripts/sweep.sh"
bad_var scale_rows_threads "SCALE_ROWS=msgpass:8:4 msgpass:4:4" env SCALE_THREADS=8 "$root/scripts/scale_table.sh"
bad_var study_vcs "STUDY_VCS=1 5" "$root/scripts/traffic_study.sh"
bad_var study_ties STUDY_TIES=even "$root/scripts/traffic_study.sh"
bad_var study_patterns STUDY_PATTERNS=tornado "$root/scripts/traffic_study.sh"
bad_var study_depths STUDY_DEPTHS=17 "$root/scripts/traffic_study.sh"
bad_var study_window WINDOW=10k "$root/scripts/traffic_study.sh"
bad_var study_replot REPLOT=yes "$root/scripts/traffic_study.sh"
# REPLOT=1 with no complete run to plot again: the same refusal
bad_var study_replot_nothing REPLOT=1 "$root/scripts/traffic_study.sh"
bad_var routing_vcs ROUTING_VCS=1 "$root/scripts/routing_study.sh"
bad_var routing_patterns ROUTING_PATTERNS=zigzag "$root/scripts/routing_study.sh"
bad_var routing_functions ROUTING_FUNCTIONS=ugal "$root/scripts/routing_study.sh"
bad_var routing_packet PACKET=2 "$root/scripts/routing_study.sh"
# bench_pair.sh BEFORE AFTER [REPS] (arguments: bad_var's VAR= only names
# what the refusal must say); was: unbound variable, or a table of -nan
bad_usage bench_pair_usage "$root/scripts/bench_pair.sh" "$dir/syncswitch"
bad_var bench_pair_reps REPS=abc "$root/scripts/bench_pair.sh" "$dir/syncswitch" "$dir/syncswitch" abc
bad_var bench_pair_reps_0 REPS=0 "$root/scripts/bench_pair.sh" "$dir/syncswitch" "$dir/syncswitch" 0
bad_var bench_pair_silent BEFORE=/bin/true "$root/scripts/bench_pair.sh" /bin/true "$dir/syncswitch" 1
bad_var bench_pair_missing AFTER=/nope "$root/scripts/bench_pair.sh" "$dir/syncswitch" /nope 1
# manpage.sh BIN VERSION: was unbound variable, and with /bin/true a page
# with an empty SYNOPSIS and OPTIONS, exit 0
bad_usage manpage_usage "$root/scripts/manpage.sh" "$dir/syncswitch"
bad_var manpage_silent BIN=/bin/true "$root/scripts/manpage.sh" /bin/true 1.0
# install.sh: a bogus part refused before DEST is made (was: after mkdir
# -p DEST), --uninstall without DEST (was: unbound variable)
bad_var install_part PART=bogus "$root/scripts/install.sh" bogus "$tmp/none" /usr/local "$dir" 1.0.0 1
bad_usage install_uninstall_usage "$root/scripts/install.sh" --uninstall
# a list of blanks alone is refused: the checks looped over no word and
# ${VAR:-default} kept the blanks (was: a header-only CSV renamed into
# place, or a run that failed in gnuplot after its CSVs)
bad_var sweep_sizes_blank "SIZES= " "$root/scripts/sweep.sh"
bad_var sweep_kernels2_blank "KERNELS2=  " "$root/scripts/sweep.sh"
bad_var scale_rows_blank "SCALE_ROWS= " "$root/scripts/scale_table.sh"
bad_var traffic_patterns_blank "TRAFFIC_PATTERNS= " "$root/scripts/traffic.sh"
bad_var traffic_rates_blank "COEXIST_RATES=$(printf '\t')" "$root/scripts/traffic.sh"
bad_var routing_patterns_blank "ROUTING_PATTERNS= " "$root/scripts/routing_study.sh"
bad_var waves_routers_blank "ROUTERS= " "$root/scripts/waves.sh"
bad_var waves_routers "ROUTERS=0,0 8,1" "$root/scripts/waves.sh"
# a list's words are checked as written, never expanded as the names of
# the files where the script was started (was: SIZES='1*' beside a file
# named 16 passed the check, and the script's loop ran size 16)
touch "$tmp/16" "$tmp/phased:8:4"
bad_var sweep_sizes_glob "SIZES=1*" "$root/scripts/sweep.sh"
bad_var scale_rows_glob "SCALE_ROWS=phased:8:*" "$root/scripts/scale_table.sh"
rm -f "$tmp/16" "$tmp/phased:8:4"

# make bench-scale's table on two small rows: every field seen
(cd "$tmp" && SS="$dir/syncswitch" SCALE_ROWS="phased:8:4 msgpass:4:4" \
   timeout 120 "$root/scripts/scale_table.sh" >"$tmp/o" 2>"$tmp/e" </dev/null)
rc=$?
csv="$tmp/build/results/scale_table.csv"
if [ $rc -ne 0 ] || [ ! -f "$csv" ]; then fail scale_table "exit $rc: $(head -c 200 "$tmp/e")"
elif [ "$(grep -c '^phased,8,4,1,periodic,1936,[0-9.]*,[0-9.]*,[0-9.]*,[0-9.]*,[0-9.]*$' "$csv")" != 1 ] ||
     [ "$(grep -c '^msgpass,4,4,1,periodic,6447,[0-9.]*,[0-9.]*,[0-9.]*,[0-9.]*,[0-9.]*$' "$csv")" != 1 ]; then
  fail scale_table "rows: $(tail -2 "$csv" | tr '\n' ' ')"
else pass scale_table; fi
rm -rf "$tmp/build"

# a run whose JSON lacks a field: a failure naming the run and the field,
# no CSV and no temporary (was: the whole JSON in the cells, exit 0)
printf '#!/bin/sh\ncase "$*" in *--json) echo "{\\"wall_s\\":0.1}" ;; *) exec "%s" "$@" ;; esac\n' \
  "$dir/syncswitch" >"$tmp/ss_nofield"
chmod +x "$tmp/ss_nofield"
(cd "$tmp" && SS="$tmp/ss_nofield" SCALE_ROWS="phased:8:4" timeout 60 "$root/scripts/scale_table.sh" \
   >/dev/null 2>"$tmp/e" </dev/null)
rc=$?
if [ $rc -eq 0 ] || ! grep -q "run --kernel phased --n 8 --words 4 gave no skip" "$tmp/e"; then
  fail scale_table_field_missing "exit $rc: $(head -c 300 "$tmp/e")"
elif [ -n "$(find "$tmp/build" -type f)" ]; then fail scale_table_field_missing "left: $(find "$tmp/build" -type f)"
else pass scale_table_field_missing; fi
rm -rf "$tmp/build"

# A stand-in for the binary that runs the real one, until its Nth run of
# command $KILL_CMD: there it presses Ctrl-C (SIGINT to its process group,
# the script and its children, as a terminal does) mid-way. The checks
# before any work (run --check) are not counted: they run first.
cat >"$tmp/ss" <<EOF
#!/bin/sh
case "\$*" in *--check) exec "$dir/syncswitch" "\$@" ;; esac
n=\$(cat "$tmp/count" 2>/dev/null || echo 0); n=\$((n + 1)); echo \$n >"$tmp/count"
if [ "\$1" = "\$KILL_CMD" ] && [ \$n -ge "\$KILL_AT" ]; then kill -INT 0; sleep 5; fi
exec "$dir/syncswitch" "\$@"
EOF
chmod +x "$tmp/ss"

# interrupted NAME KILL_CMD KILL_AT DIR SCRIPT: runs SCRIPT (in DIR, in a
# process group of its own) until the stand-in's Ctrl-C; prints what DIR
# holds then
interrupted() {
  local name=$1 cmd=$2 at=$3 d=$4; shift 4
  rm -f "$tmp/count"
  (cd "$d" && KILL_CMD=$cmd KILL_AT=$at SS="$tmp/ss" timeout 60 setsid "$@" >/dev/null 2>&1 </dev/null)
  find "$d" -type f | sed "s|^$d/||" | sort | tr '\n' ' '
}

# make traffic stopped mid-way through the 8x8 sweep: no latency CSV with a
# cut-off sweep, no temporary left, and the last run's files gone
t=$tmp/traffic
mkdir -p "$t/out"
echo stale >"$t/out/coexist_8x8.csv"
echo stale >"$t/out/latency_16x16.csv"
left=$(TRAFFIC_OUT="$t/out" WINDOW=1000 STEPS=8 TRAFFIC_SIZES=8 TRAFFIC_PATTERNS="uniform transpose" \
       COEXIST_RATES=0 interrupted traffic_interrupted traffic 4 "$t" "$root/scripts/traffic.sh")
if [ "$(cat "$tmp/count" 2>/dev/null)" != 4 ]; then fail traffic_interrupted "the stand-in ran $(cat "$tmp/count" 2>/dev/null) times, want 4"
elif [ -n "$left" ]; then fail traffic_interrupted "left: $left"
else pass traffic_interrupted; fi

# make traffic-study stopped mid-way through its first curve: the last
# run's files gone, no CSV of a cut-off sweep, no temporary
t=$tmp/studyint
mkdir -p "$t/out"
echo stale >"$t/out/curves_8x8.csv"
echo stale >"$t/out/study_8x8.png"
left=$(STUDY_OUT="$t/out" STUDY_PATTERNS=bitcomp STUDY_VCS=1 STUDY_TIES=plus STUDY_DEPTHS=0 WINDOW=500 \
       interrupted study_interrupted traffic 3 "$t" "$root/scripts/traffic_study.sh")
if [ "$(cat "$tmp/count" 2>/dev/null)" != 3 ]; then fail study_interrupted "the stand-in ran $(cat "$tmp/count" 2>/dev/null) times, want 3"
elif [ -n "$left" ]; then fail study_interrupted "left: $left"
else pass study_interrupted; fi

# make run stopped in its phased sweep (its third call: the kernel list,
# then B = 16 and 32): no aapc CSV, no temporary
s=$tmp/sweep
mkdir -p "$s"
left=$(N=8 SIZES="16 32 64" SIZES2=16 KERNELS2=phased interrupted sweep_interrupted run 3 "$s" "$root/scripts/sweep.sh")
if [ "$(cat "$tmp/count" 2>/dev/null)" != 3 ]; then fail sweep_interrupted "the stand-in ran $(cat "$tmp/count" 2>/dev/null) times, want 3"
elif [ -n "$left" ]; then fail sweep_interrupted "left: $left"
else pass sweep_interrupted; fi

# a simulator that answers list but fails its runs, --check too: named
# before any run, as one that cannot judge them
printf '#!/bin/sh\n[ "$1" = list ] && exec "%s" list\nexit 3\n' "$dir/syncswitch" >"$tmp/ss_nojudge"
chmod +x "$tmp/ss_nojudge"
bad_var sweep_sim_cannot_judge SS="$tmp/ss_nojudge" "$root/scripts/sweep.sh"
# one that passes list and --check but fails its runs: the script stops
# with the failed run on stderr (was: a silent exit 1) and writes no CSV
printf '#!/bin/sh\ncase "$*" in list | *--check) exec "%s" "$@" ;; esac\nexit 3\n' "$dir/syncswitch" >"$tmp/ss_runfail"
chmod +x "$tmp/ss_runfail"
mkdir -p "$tmp/swf"
(cd "$tmp/swf" && SS="$tmp/ss_runfail" N=8 SIZES=16 SIZES2=16 KERNELS2=phased timeout 60 \
   "$root/scripts/sweep.sh" >/dev/null 2>"$tmp/e" </dev/null)
rc=$?
if [ $rc -eq 0 ] || ! grep -q "run --kernel phased --n 8 --words 16 failed (exit 3)" "$tmp/e"; then
  fail sweep_run_fails_says_why "exit $rc: $(head -c 300 "$tmp/e")"
elif [ -n "$(find "$tmp/swf" -name '*.csv')" ]; then fail sweep_run_fails_says_why "a CSV was written"
else pass sweep_run_fails_says_why; fi

# bench_pair.sh with a binary whose runs give no cycles: a failure naming
# it, no table (was: 0.000 and -nan, exit 0); scale_table's stand-in
timeout 60 "$root/scripts/bench_pair.sh" "$dir/syncswitch" "$tmp/ss_nofield" 1 >"$tmp/o" 2>"$tmp/e" </dev/null
rc=$?
if [ $rc -eq 0 ] || ! grep -q "ss_nofield run --kernel phased --n 8 --words 1024 gave no cycles" "$tmp/e"; then
  fail bench_pair_field_missing "exit $rc: $(head -c 300 "$tmp/e")"
elif [ -s "$tmp/o" ]; then fail bench_pair_field_missing "a table: $(head -c 200 "$tmp/o")"
else pass bench_pair_field_missing; fi

# install.sh's lib part from a stand-in build (empty libraries, the real
# binary for the manual page): a PREFIX with sed's & and | lands in
# syncswitch.pc as it is (was: prefix=/opt/R@PREFIX@D, or sed failing)
mkdir -p "$tmp/ib/lib"
touch "$tmp/ib/lib/libsyncswitch.a" "$tmp/ib/lib/libsyncswitch.so.1.1.0"
ln -s "$dir/syncswitch" "$tmp/ib/syncswitch"
timeout 60 "$root/scripts/install.sh" lib "$tmp/idest" '/opt/R&D|x\1' "$tmp/ib" 1.1.0 1 >/dev/null 2>"$tmp/e"
rc=$?
if [ $rc -ne 0 ]; then fail install_prefix_as_is "exit $rc: $(head -c 200 "$tmp/e")"
elif [ "$(head -1 "$tmp/idest/lib/pkgconfig/syncswitch.pc")" != 'prefix=/opt/R&D|x\1' ]; then
  fail install_prefix_as_is "$(head -1 "$tmp/idest/lib/pkgconfig/syncswitch.pc")"
else pass install_prefix_as_is; fi
rm -rf "$tmp/idest" "$tmp/ib"
# the SystemC and fabric .pc files (Makefile, make install-systemc) come
# from the same filler: a PREFIX's '&', '|', '\' and blanks kept as they are
# (was: sed, which read '&' as the matched text and '|' as its delimiter)
p='/opt/R&D|x\1 y'
got=$("$root/scripts/pc/fill.sh" "$root/scripts/pc/syncswitch-systemc.pc.in" "INCLUDEDIR=$p/include" \
      "LIBDIR=$p/lib" VERSION=9.9.9 2>&1 | sed -n 's/^\(includedir\|libdir\|Version\)[=:] *//p' | paste -sd ';')
[ "$got" = "$p/include;$p/lib;9.9.9" ] && pass pc_fill_as_is || fail pc_fill_as_is "$got"
"$root/scripts/pc/fill.sh" "$root/scripts/pc/syncswitch.pc.in" PREFIX >/dev/null 2>"$tmp/e"
[ $? -eq 2 ] && grep -q "'PREFIX' is not NAME=VALUE" "$tmp/e" && pass pc_fill_usage || fail pc_fill_usage "$(cat "$tmp/e")"

# a small make traffic to the end: uniform to saturation (0.3 is far past
# it), the background at 0 (nothing measured) and 0.14 (past its 0.106)
t=$tmp/small
(cd "$tmp" && TRAFFIC_OUT="$t" SS="$dir/syncswitch" WINDOW=1000 STEPS=4 TRAFFIC_SIZES=8 \
   TRAFFIC_PATTERNS=uniform COEXIST_RATES="0 0.14" timeout 120 "$root/scripts/traffic.sh" >"$tmp/log" 2>&1)
rc=$?
if [ $rc -ne 0 ] || [ ! -f "$t/coexist_8x8.csv" ]; then
  fail traffic_small "exit $rc: $(tail -3 "$tmp/log")"
else
  cx=$t/coexist_8x8.csv
  col=$(head -1 "$cx" | tr ',' '\n' | grep -n '^bg_unstable$' | cut -d: -f1)
  if [ -z "$col" ]; then fail traffic_coexist_bg_unstable "no bg_unstable column: $(head -1 "$cx")"
  elif [ "$(awk -F, -v c="$col" '$1 == "0.14" { print $c }' "$cx")" != true ]; then
    fail traffic_coexist_bg_unstable "0.14 not unstable: $(grep '^0.14' "$cx")"
  elif ! grep -E '^ +0\.14 ' "$tmp/log" | grep -q UNSTABLE; then
    fail traffic_coexist_bg_unstable "the table does not say: $(grep -E '^ +0\.14 ' "$tmp/log")"
  else pass traffic_coexist_bg_unstable; fi
  # background 0: no packet, so no latency in the CSV or the table
  if [ "$(awk -F, '$1 == "0" { print $6 $7 }' "$cx")" != "" ]; then fail traffic_no_figure_unseen "CSV: $(grep '^0,' "$cx")"
  elif [ "$(grep -E '^ +0 ' "$tmp/log" | awk '{ print $(NF - 1), $NF }')" != "- -" ]; then
    fail traffic_no_figure_unseen "table: $(grep -E '^ +0 ' "$tmp/log")"
  else pass traffic_no_figure_unseen; fi
  # the saturation table: the stable point and the unstable one after it
  if ! grep -qE '^uniform +0\.[0-9]+ +0\.[0-9]+ ' "$tmp/log"; then fail traffic_saturation_verdict "$(grep '^uniform' "$tmp/log")"
  else pass traffic_saturation_verdict; fi
  if command -v gnuplot >/dev/null && { [ ! -s "$t/coexist_8x8.png" ] || [ ! -s "$t/latency_8x8.png" ]; }; then
    fail traffic_small_plots "missing: $(ls "$t")"
  elif [ -n "$(find "$t" -name '*.part')" ]; then fail traffic_small_plots "a temporary is left: $(ls -A "$t")"
  else pass traffic_small_plots; fi
fi

# a small make traffic-study to the end: bitcomp, K = 1, plus, no depth
# sweep, short windows: one row a curve, its zero-load point, a stable
# point and the first unstable one, and no temporary left
t=$tmp/study
(cd "$tmp" && STUDY_OUT="$t" SS="$dir/syncswitch" STUDY_PATTERNS=bitcomp STUDY_VCS=1 STUDY_TIES=plus \
   STUDY_DEPTHS=0 WINDOW=500 timeout 120 "$root/scripts/traffic_study.sh" >"$tmp/log" 2>&1)
rc=$?
if [ $rc -ne 0 ] || [ ! -f "$t/saturation_8x8.csv" ]; then fail study_small "exit $rc: $(tail -3 "$tmp/log")"
elif ! grep -qE '^bitcomp,1,plus,4,0\.50*,[0-9.]+,[0-9.]+,0\.[0-9]+,[0-9.]+,0\.[0-9]+,[0-9.]+$' "$t/saturation_8x8.csv"; then
  fail study_small "saturation row: $(tail -1 "$t/saturation_8x8.csv")"
elif [ "$(grep -c ',true$' "$t/curves_8x8.csv")" -lt 1 ] || [ -e "$t/depth_8x8.csv" ]; then
  fail study_small "curves: $(tr '\n' ' ' <"$t/curves_8x8.csv")"
elif [ -n "$(find "$t" -name '*.part')" ]; then fail study_small "a temporary is left: $(ls -A "$t")"
else pass study_small; fi

# a small make routing-study to the end: tornado, K = 2, the three
# functions: one saturation row each (dim_order with its ideal, the others
# with none), the plot, and no temporary left
t=$tmp/routing
(cd "$tmp" && STUDY_OUT="$t" SS="$dir/syncswitch" ROUTING_PATTERNS=tornado ROUTING_VCS=2 PACKET=8 \
   WINDOW=500 WARMUP=200 timeout 300 "$root/scripts/routing_study.sh" >"$tmp/log" 2>&1)
rc=$?
if [ $rc -ne 0 ] || [ ! -f "$t/routing_saturation_8x8.csv" ]; then fail routing_small "exit $rc: $(tail -3 "$tmp/log")"
elif ! grep -qE '^tornado,2,dim_order,8,0\.3[0-9]*,[0-9.]+,0\.[0-9]+,' "$t/routing_saturation_8x8.csv" ||
     ! grep -qE '^tornado,2,min_adapt,8,,[0-9.]+,0\.[0-9]+,' "$t/routing_saturation_8x8.csv" ||
     ! grep -qE '^tornado,2,valiant,8,,[0-9.]+,0\.[0-9]+,' "$t/routing_saturation_8x8.csv"; then
  fail routing_small "saturation rows: $(tr '\n' ' ' <"$t/routing_saturation_8x8.csv")"
elif [ ! -s "$t/routing_8x8.png" ] || [ -n "$(find "$t" -name '*.part')" ]; then
  fail routing_small "plot or temporaries: $(ls -A "$t")"
else pass routing_small; fi

# the routing plot's legend with ROUTING_PATTERNS starting with a blank
# (was: no panel matched the first word, '', and the legend was empty),
# through a stand-in gnuplot that keeps its script
mkdir -p "$tmp/gp"
cat >"$tmp/gp/gnuplot" <<EOF
#!/bin/sh
cat >"$tmp/gp.in"
: >"\$(sed -n "s/.*set output '\([^']*\)'.*/\1/p" "$tmp/gp.in")"
EOF
chmod +x "$tmp/gp/gnuplot"
(cd "$tmp" && PATH="$tmp/gp:$PATH" STUDY_OUT="$tmp/rl" SS="$dir/syncswitch" ROUTING_PATTERNS=" neighbor" \
   ROUTING_VCS=2 ROUTING_FUNCTIONS=dim_order PACKET=3 WINDOW=100 WARMUP=0 \
   timeout 60 "$root/scripts/routing_study.sh" >"$tmp/log" 2>&1)
rc=$?
if [ $rc -ne 0 ]; then fail routing_legend_blank "exit $rc: $(tail -3 "$tmp/log")"
elif ! grep -q "^plot NaN .*title 'dim_order, K = 2'" "$tmp/gp.in"; then
  fail routing_legend_blank "no legend: $(grep '^plot' "$tmp/gp.in" | tail -1)"
else pass routing_legend_blank; fi

# no silence over 30 seconds (issue 30, part 9): a long step says what it
# does every PROGRESS_EVERY seconds, and every long step goes through it:
# the Verilated builds (make waves, --backend rtl and sc-rtl), the
# FuseSoC lint and the package installs (was: minutes with nothing said)
PROGRESS_EVERY=1 timeout 20 "$root/scripts/lib/progress.sh" "sleeping" "$tmp/p.log" -- \
  bash -c 'echo begun; sleep 3.5; exit 7' 2>"$tmp/e"
rc=$?
if [ $rc -eq 7 ] && [ "$(grep -c '^sleeping: [0-9]* s, begun$' "$tmp/e")" -ge 3 ] &&
   [ "$(cat "$tmp/p.log")" = begun ]; then pass progress_lines
else fail progress_lines "exit $rc (want the command's 7): $(head -c 300 "$tmp/e")"; fi
PROGRESS_EVERY=0 "$root/scripts/lib/progress.sh" x "$tmp/p.log" -- true 2>"$tmp/e"
rc=$?
[ $rc -eq 2 ] && grep -q "PROGRESS_EVERY" "$tmp/e" && pass progress_every_checked ||
  fail progress_every_checked "exit $rc: $(head -c 200 "$tmp/e")"
# each Verilator build (verilator ... --build), every fusesoc run (make
# fusesoc's, the tests' in tests/fusesoc and tests/api), every pip install
# (deps.sh's and the tests'), apt-get and the making of the virtual
# environment run under it (progress.sh, or deps.sh's quietly, on the line
# or one of the three before: a command spans lines)
under() {  # under WORD REGEX FILE...: FILE:LINE of each line matching REGEX without WORD
  awk -v word="$1" -v re="$2" 'FNR == 1 { l1 = l2 = l3 = "" }
    $0 ~ re && (l3 l2 l1 $0) !~ word { f = FILENAME; sub(/.*\//, "", f); print f ":" FNR }
    { l3 = l2; l2 = l1; l1 = $0 }' "${@:3}"
}
silent=$({ under 'progress\.sh' '^[^#]*(verilator .*--build|fusesoc"? .* run )' "$root/Makefile" "$root"/mk/*.mk
           under 'progress\.sh' '^[^#]*((fusesoc|[$]fs)"? .* run |pip"? install )' "$root"/tests/{fusesoc,api,python}/*.sh
           under quietly '^[^#]*(apt-get (update|install)|pip install|-m venv)' "$root/scripts/deps.sh"; })
if [ -z "$silent" ]; then pass long_steps_say_progress
else fail long_steps_say_progress "silent long steps at: $(echo "$silent" | tr '\n' ' ')"; fi

# deps.sh waits for a package lock another installer holds (issue 30,
# part 8; was: apt-get failed at once). Run with a PATH whose apt-get is a
# stand-in that records its arguments, and no gnuplot, so `deps.sh plot`
# wants it: both apt-get calls must carry the lock timeout.
mkdir -p "$tmp/fakebin"
for t in bash env id dirname mktemp tail rm cat sleep find grep cut wc kill timeout; do
  ln -sf "$(command -v "$t")" "$tmp/fakebin/$t"
done
printf '#!/bin/sh\necho "$*" >>"%s"\n' "$tmp/apt.args" >"$tmp/fakebin/apt-get"
printf '#!/bin/sh\nexec "$@"\n' >"$tmp/fakebin/sudo"   # (not root: deps.sh calls sudo apt-get)
chmod +x "$tmp/fakebin/apt-get" "$tmp/fakebin/sudo"
PATH="$tmp/fakebin" timeout 60 "$root/scripts/deps.sh" plot >/dev/null 2>"$tmp/e"
rc=$?
if [ $rc -eq 0 ] && [ "$(grep -c -- '-o DPkg::Lock::Timeout=[1-9]' "$tmp/apt.args")" = 2 ] &&
   grep -q 'install .*gnuplot-nox' "$tmp/apt.args"; then pass deps_wait_for_lock
else fail deps_wait_for_lock "exit $rc, apt-get got: $(tr '\n' ';' <"$tmp/apt.args" 2>/dev/null) $(head -c 200 "$tmp/e")"; fi
