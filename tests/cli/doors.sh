#!/usr/bin/env bash
# No silent failure at the command line's doors (issue 19): every output
# path is checked before any work, every output is written under a
# temporary name and renamed when complete, a run that stops early leaves
# no output that looks complete, and an option naming a step or a cycle
# the run never reaches is refused. Each case says what it tries; each
# failed on the behaviour before this check existed (docs/verification.md).
# With RTL_TESTS=1 the cases that need the Verilated builds of make test
# (cosim, the torus top) run too. Prints one PASS/FAIL line per case.
set -u
dir="${1:-build}"
bin="$dir/syncswitch"
case "$bin" in /*) ;; *) bin="$PWD/$bin" ;; esac
lib="$(cd "$(dirname "$0")/.." && pwd)/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

pass() { echo "PASS doors_$1"; }
fail() { echo "FAIL doors_$1: $2"; }
# shellcheck source=tests/lib.sh
. "$lib"
# Under make sanitize, ASan's one-time coroutine notice is not ours.
strip_asan() { grep -v "ASan doesn't fully support makecontext/swapcontext" "$1" >"$1.f" || true; mv "$1.f" "$1"; }
# leftovers: any NAME.partial-PID or NAME.old-PID (or the FST writer's
# NAME.hier) under the folder
leftovers() { find "$tmp" -name '*.partial-*' -o -name '*.old-*' -o -name '*.hier' | head -3 | tr '\n' ' '; }

# refused NAME WANT ARGS...: exit 2, one line on stderr containing WANT,
# within 20 s (no simulation, no build started); $RUN_PATH, when set, is
# the PATH the binary runs with
refused() {
  local name=$1 want=$2; shift 2
  PATH="${RUN_PATH:-$PATH}" timeout 20 "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  strip_asan "$tmp/err"
  if [ "$rc" -ne 2 ]; then fail "$name" "exit $rc, want 2 ($*): $(head -c 200 "$tmp/err")"
  elif [ "$(wc -l <"$tmp/err")" -ne 1 ]; then fail "$name" "want one line: $(head -c 300 "$tmp/err")"
  elif ! grep -q -- "$want" "$tmp/err"; then fail "$name" "no '$want' in: $(cat "$tmp/err")"
  else pass "$name"; fi
}

T="traffic --pattern uniform --n 4 --window 500 --warmup 200"
# 1. output paths checked before the run (was: the run went to its end,
#    printed "cannot write" and exited 0)
refused links_proc "cannot write in the folder /proc" $T --rate 0.05 --links /proc/x.csv
refused links_folder "a folder, not a file" $T --rate 0.05 --links "$tmp"
refused links_no_folder "does not exist" $T --rate 0.05 --links "$tmp/nope/l.csv"
refused links_empty_name "needs a file name" $T --rate 0.05 --links ""
mkdir -p "$tmp/user"; echo notes >"$tmp/user/notes.txt"
refused record_foreign_folder "not a recording" run --kernel msgpass --n 4 --words 4 --record "$tmp/user"
refused record_no_parent "does not exist" run --kernel msgpass --n 4 --words 4 --record "$tmp/a/b/rec"
# --trace on an RTL backend of a size make test does not build: the path is
# refused before the minute-long Verilator build would start
refused trace_proc_before_build "cannot write in the folder /proc" \
  run --kernel msgpass --n 6 --words 4 --backend cosim --trace /proc/w.fst
# a last name the file system cannot take, or can take only without the
# write's temporary suffix (.partial-PID, up to 16 characters): refused
# before any work (was: --check passed it; a --trace run went to its end,
# then could not write, exit 5; a name 1..16 characters under the limit
# worked or not by the run's PID)
name_max=$(getconf NAME_MAX "$tmp")
long=$(printf "%$((name_max - 16 + 1))s" | tr ' ' a)   # one character too many
toolong=$(printf "%$((name_max + 1))s" | tr ' ' b)
refused links_name_too_long "the last name is $((name_max - 16 + 1)) characters" \
  $T --rate 0.05 --links "$tmp/$long"
refused record_name_too_long "the last name is" run --kernel msgpass --n 4 --words 4 --record "$tmp/$toolong"
refused trace_name_too_long_before_build "the last name is" \
  run --kernel msgpass --n 6 --words 4 --backend cosim --trace "$tmp/${toolong:4}.fst"
# the longest name allowed is written
fit=${long:1}
if "$bin" $T --rate 0.05 --links "$tmp/$fit" >/dev/null 2>"$tmp/err" && [ -s "$tmp/$fit" ] &&
   [ -z "$(leftovers)" ]; then pass links_longest_name_written
else fail links_longest_name_written "$(head -c 200 "$tmp/err")"; fi
rm -f "$tmp/$fit"

# stdout on a full device: the summary or JSON that was lost is an error
# (was: exit 0)
"$bin" run --kernel msgpass --n 4 --words 4 --json >/dev/full 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 5 ] && grep -q "writing the output failed" "$tmp/err"; then pass stdout_full
else fail stdout_full "exit $rc: $(head -c 200 "$tmp/err")"; fi
"$bin" schedule --n 8 >/dev/full 2>/dev/null
rc=$?
[ "$rc" -eq 5 ] && pass schedule_stdout_full || fail schedule_stdout_full "exit $rc, want 5"

# the SystemC backends keep the blocks in memory (no payload generator):
# their memory is checked as such before any build or run
refused sc_memory_checked "needs 128.1 GiB" run --kernel phased --n 64 --words 1024 --backend sc

# 2. the step --stall names is one the node reaches (was: accepted, and the
#    run went to its end as if no fault had been asked for)
refused stall_step_past_end "never reached" run --kernel msgpass --n 4 --words 4 --stall 3:99999
refused stall_phase_past_end "never reached" run --kernel phased --n 8 --words 4 --stall 3:64
refused stall_partner_past_end "never reached" run --kernel nn-msgpass --n 4 --words 4 --stall 3:4

# 3. a complete run puts its CSV in place, nothing else beside it
"$bin" $T --rate 0.05 --links "$tmp/l.csv" >/dev/null 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 0 ] && [ "$(wc -l <"$tmp/l.csv" 2>/dev/null)" = 81 ] && [ -z "$(leftovers)" ]; then
  pass links_complete
else fail links_complete "exit $rc, $(wc -l <"$tmp/l.csv" 2>&1) lines, leftovers: $(leftovers)"; fi

# 4. a run the watchdog stops writes no CSV (was: a CSV full of zeros)
rm -f "$tmp/w.csv"
"$bin" $T --rate 0.05 --watchdog 1 --links "$tmp/w.csv" >/dev/null 2>&1
rc=$?
if [ "$rc" -eq 3 ] && [ ! -e "$tmp/w.csv" ] && [ -z "$(leftovers)" ]; then pass links_watchdog_no_csv
else fail links_watchdog_no_csv "exit $rc, w.csv $( [ -e "$tmp/w.csv" ] && echo written || echo absent), leftovers: $(leftovers)"; fi

# 5. --record replaces a former recording whole; a run that does not
#    finish, or is interrupted, leaves the former one as it was (was: the
#    old params.vh beside new, truncated .hex files)
consistent() {   # the recording's .hex files all hold REC_CYCLES lines
  local d=$1 c
  c=$(sed -n 's/`define REC_CYCLES //p' "$d/params.vh" 2>/dev/null)
  [ -n "$c" ] || return 1
  for f in "$d"/*.hex; do [ "$(wc -l <"$f")" = "$c" ] || return 1; done
  echo "$c"
}
"$bin" run --kernel msgpass --n 4 --words 4 --record "$tmp/rec" >/dev/null 2>&1
c1=$(consistent "$tmp/rec")
"$bin" run --kernel msgpass --n 4 --words 16 --record "$tmp/rec" >/dev/null 2>&1
c2=$(consistent "$tmp/rec")
if [ -n "$c1" ] && [ -n "$c2" ] && [ "$c1" != "$c2" ] && [ -z "$(leftovers)" ]; then pass record_replaced_whole
else fail record_replaced_whole "cycles '$c1' then '$c2', leftovers: $(leftovers)"; fi
"$bin" run --kernel msgpass --n 4 --words 16 --stall 3:0 --watchdog 500 --record "$tmp/rec" >/dev/null 2>&1
rc=$?
c3=$(consistent "$tmp/rec")
if [ "$rc" -eq 3 ] && [ "$c3" = "$c2" ] && [ -z "$(leftovers)" ]; then pass record_stuck_keeps_former
else fail record_stuck_keeps_former "exit $rc, cycles '$c3' (former '$c2'), leftovers: $(leftovers)"; fi
# interrupted a second into a long recording: the former one stands whole;
# what the killed run left has a .partial name, never the folder's
timeout -s INT 1 "$bin" run --kernel msgpass --n 8 --words 4096 --record "$tmp/rec" >/dev/null 2>&1
rc=$?
c4=$(consistent "$tmp/rec")
if [ "$rc" -eq 124 ] && [ "$c4" = "$c2" ]; then pass record_interrupted_keeps_former
else fail record_interrupted_keeps_former "exit $rc, cycles '$c4' (former '$c2')"; fi
rm -rf "$tmp"/rec.partial-*

# 7. numbers JSON cannot hold (issue 30): a run of no cycles has no
#    bandwidth; its rates are null in the JSON, and the summary says why
#    (was: "eq3_mbps":-nan, or inf with --zero-prob 1: invalid JSON)
for case in "words0:--words 0" "zero_prob1:--words 8 --zero-prob 1"; do
  name=${case%%:*}
  # shellcheck disable=SC2086
  out=$("$bin" run --kernel msgpass-var --n 8 ${case#*:} --json 2>"$tmp/err")
  rc=$?
  if [ "$rc" -eq 0 ] && ! echo "$out" | grep -Eiq '[:,\[]-?(nan|inf)' &&
     echo "$out" | grep -q '"eq3_mbps":null' && echo "$out" | grep -q '"agg_mbps":null'; then
    pass "json_no_nan_$name"
  else fail "json_no_nan_$name" "exit $rc: $out $(head -c 200 "$tmp/err")"; fi
done
out=$("$bin" run --kernel msgpass-var --n 8 --words 0 2>&1)
if echo "$out" | grep -q "aggregate    none: the run took no cycles"; then pass summary_no_cycles
else fail summary_no_cycles "$out"; fi

# 8. files that are not files (issue 30): every file input refuses what is
#    not a regular file, by name, before reading (was: --config naming a
#    FIFO, or include = a FIFO, waited forever for a writer)
mkfifo "$tmp/fifo"
printf 'include = fifo\n' >"$tmp/inc_fifo.conf"
refused config_fifo "--config '$tmp/fifo': a FIFO, not a regular file" \
  run --config "$tmp/fifo" --kernel msgpass --n 4 --words 4
refused include_fifo "include '$tmp/fifo': a FIFO, not a regular file" \
  run --config "$tmp/inc_fifo.conf" --kernel msgpass --n 4 --words 4
refused config_folder "a directory, not a regular file" \
  run --config "$tmp/user" --kernel msgpass --n 4 --words 4
refused trace_in_fifo "trace $tmp/fifo: a FIFO, not a regular file" traffic --trace-in "$tmp/fifo" --n 4
refused config_device "a character device, not a regular file" \
  run --config /dev/null --kernel msgpass --n 4 --words 4

# 9. one output over another, an output over an input (issue 30): refused
#    before the run (was: exit 0, one CSV lost, or the trace overwritten)
printf '0 0 5 8\n10 3 12 4\n' >"$tmp/in.trace"
cp "$tmp/in.trace" "$tmp/in.trace.orig"
refused links_messages_same "links = '$tmp/same.csv' and messages = '$tmp/same.csv' name the same file" \
  $T --rate 0.05 --links "$tmp/same.csv" --messages "$tmp/same.csv"
refused links_messages_same_spelt "name the same file" \
  $T --rate 0.05 --links "$tmp/same.csv" --messages "$tmp/user/../same.csv"
refused messages_over_trace_in "messages = '$tmp/in.trace' is the trace being read" \
  traffic --trace-in "$tmp/in.trace" --n 4 --messages "$tmp/in.trace"
if cmp -s "$tmp/in.trace" "$tmp/in.trace.orig" && [ ! -e "$tmp/same.csv" ]; then pass inputs_untouched
else fail inputs_untouched "the trace changed or same.csv was written"; fi
printf 'n = 4\n' >"$tmp/exp.conf"
cp "$tmp/exp.conf" "$tmp/exp.conf.orig"
refused links_over_config "links = '$tmp/exp.conf' is the --config file" \
  $T --rate 0.05 --config "$tmp/exp.conf" --links "$tmp/exp.conf"
cmp -s "$tmp/exp.conf" "$tmp/exp.conf.orig" && pass config_untouched || fail config_untouched "changed"

# 10. words that mislead (issue 30): an unknown option is that wherever it
#     stands (was: "--bogus needs a value" as the last argument); an
#     integer past 64 bits is out of range (was: "needs an integer"); one
#     range of n from every subcommand (was: schedule said 1..64); NaN is
#     not a number wherever it is given
refused unknown_option_last "run: unknown option '--bogus'" run --kernel msgpass --n 4 --words 4 --bogus
refused unknown_option_traffic_last "traffic: unknown option '--bogus'" $T --rate 0.05 --bogus
refused seed_20_digits "seed = 18446744073709551621 is out of range (allowed 0..4294967295)" \
  run --kernel msgpass --n 4 --words 4 --seed 18446744073709551621
refused words_negative_20_digits "words = -99999999999999999999 is out of range (allowed 0..1048576)" \
  run --kernel msgpass --n 4 --words -99999999999999999999
refused trace_from_20_digits "--trace-from 99999999999999999999 is out of range" \
  run --kernel msgpass --n 4 --words 4 --trace-from 99999999999999999999
refused jitter_overflow "jitter = 1e999 is out of range (allowed 0..1)" \
  run --kernel msgpass --n 4 --words 4 --jitter 1e999
refused schedule_n0 "n = 0 is out of range (allowed 2..64)" schedule --n 0
refused schedule_n65 "n = 65 is out of range (allowed 2..64)" schedule --n 65
refused schedule_n_text "n needs an integer, got 'x'" schedule --n x
refused jitter_nan "jitter needs a number, got 'nan'" run --kernel msgpass --n 4 --words 4 --jitter nan
printf 'jitter = nan\n' >"$tmp/nan.conf"
refused jitter_nan_config "jitter needs a number, got 'nan'" run --config "$tmp/nan.conf" --kernel msgpass --n 4 --words 4

# 11. waveforms (issue 30): a window without a waveform, a waveform the
#     name's extension does not say (was: --trace-from ignored; FST bytes
#     written into x.txt), refused before any build
refused trace_from_without_trace "--trace-from and --trace-to need --trace FILE" \
  run --kernel msgpass --n 4 --words 4 --backend rtl --trace-from 5
refused trace_to_without_trace "--trace-from and --trace-to need --trace FILE" \
  run --kernel msgpass --n 4 --words 4 --backend cosim --trace-to 500
refused trace_txt_rtl "the rtl and cosim backends write FST or VCD" \
  run --kernel msgpass --n 4 --words 4 --backend rtl --trace "$tmp/x.txt"
[ ! -e "$tmp/x.txt" ] && pass trace_txt_not_written || fail trace_txt_not_written "x.txt written"
# a .vcd of the rtl backends is fst2vcd's conversion of their FST: without
# fst2vcd on PATH it is refused before any build or run (was: the run went
# to its end, printed that fst2vcd failed and exited 0)
mkdir -p "$tmp/nopath"
ln -s "$(command -v timeout)" "$tmp/nopath/timeout"
RUN_PATH="$tmp/nopath" refused vcd_without_fst2vcd "fst2vcd (GTKWave), which is not on PATH" \
  run --kernel msgpass --n 8 --words 4 --backend rtl --trace "$tmp/w.vcd"

# 12. --check: the run's own checks alone. A row that would run for hours
#     (64x64, B = 2^20) is judged in moments and runs nothing (exit 0,
#     nothing printed, no output made); a refused one gets the run's
#     line; an RTL backend of a size make test does not build is judged
#     without the minute-long build
timeout 10 "$bin" run --kernel phased --n 64 --words 1048576 --record "$tmp/ck" --check \
  >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 0 ] && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ] && [ ! -e "$tmp/ck" ] &&
   [ -z "$(leftovers)" ]; then pass check_runs_nothing
else fail check_runs_nothing "exit $rc: $(head -c 200 "$tmp/out" "$tmp/err")"; fi
refused check_memory "needs 18.0 GiB of node memory (limit 16 GiB)" \
  run --kernel two-stage --n 16 --words 4096 --check
refused check_output_path "does not exist" \
  run --kernel msgpass --n 4 --words 4 --record "$tmp/a/b/rec" --check
refused check_traffic_output_path "cannot write in the folder /proc" $T --rate 0.05 --links /proc/x.csv --check
timeout 10 "$bin" run --kernel msgpass --n 6 --words 4 --backend cosim --check >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ] && pass check_no_build ||
  fail check_no_build "exit $rc: $(head -c 200 "$tmp/err")"

# 6. the RTL backends (make test's builds): a perturbation cycle after the
#    run's end, a waveform window after it (was: exit 0, the self-test
#    tested nothing / an empty waveform); a waveform is put in place whole
if [ "${RTL_TESTS:-0}" = 1 ]; then
  "$bin" run --kernel msgpass --n 8 --words 4 --backend cosim --cosim-perturb 99999999 \
    >/dev/null 2>"$tmp/err"
  rc=$?
  if [ "$rc" -eq 2 ] && grep -q "tested nothing" "$tmp/err"; then pass cosim_perturb_past_end
  else fail cosim_perturb_past_end "exit $rc: $(head -c 300 "$tmp/err")"; fi
  "$bin" run --kernel msgpass --n 8 --words 4 --backend cosim --trace "$tmp/late.fst" \
    --trace-from 99999999 >/dev/null 2>"$tmp/err"
  rc=$?
  if [ "$rc" -eq 2 ] && grep -q "no cycle" "$tmp/err" && [ ! -e "$tmp/late.fst" ] && [ -z "$(leftovers)" ]; then
    pass trace_from_past_end
  else fail trace_from_past_end "exit $rc, file $( [ -e "$tmp/late.fst" ] && echo left || echo absent): $(head -c 300 "$tmp/err")"; fi
  "$bin" run --kernel msgpass --n 8 --words 4 --backend cosim --trace "$tmp/w.fst" --trace-to 200 \
    >/dev/null 2>"$tmp/err"
  rc=$?
  if [ "$rc" -eq 0 ] && [ -s "$tmp/w.fst" ] && [ -z "$(leftovers)" ]; then pass trace_in_place
  else fail trace_in_place "exit $rc, leftovers: $(leftovers): $(head -c 300 "$tmp/err")"; fi

  # 12. waveforms on a full disk (issue 30), simulated without root by a
  #     file size limit: `ulimit -f KB` makes every write past KB KiB fail
  #     with EFBIG (syncswitch ignores SIGXFSZ), as a full disk makes it
  #     fail with ENOSPC; the limit holds for the FST writer's temporary
  #     files in /tmp too. Exit 5, one line, nothing under the name, no
  #     NAME.partial-PID or .hier left. Was: FST dead of SIGBUS (exit 135,
  #     nothing said, .partial and .hier left), a cut VCD under its name
  #     with exit 0, and with a file size limit SIGXFSZ itself (exit 153).
  # wave_refused NAME KB WANT FILE ARGS...: that, for the run ARGS whose
  # waveform is FILE, with files limited to KB KiB (0: no limit)
  wave_refused() {
    local name=$1 kb=$2 want=$3 file=$4 rc; shift 4
    rm -f "$file"
    if [ "$kb" -gt 0 ]; then (ulimit -f "$kb"; exec "$bin" "$@") >/dev/null 2>"$tmp/err"
    else "$bin" "$@" >/dev/null 2>"$tmp/err"; fi
    rc=$?
    strip_asan "$tmp/err"
    strip_progress "$tmp/err"
    if [ "$rc" -eq 5 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q -- "$want" "$tmp/err" &&
       [ ! -e "$file" ] && [ -z "$(leftovers)" ]; then pass "$name"
    else fail "$name" "exit $rc, $file $( [ -e "$file" ] && echo written || echo absent), leftovers: $(leftovers): $(head -c 300 "$tmp/err")"; fi
  }
  W="run --kernel msgpass --n 8 --words 4 --backend rtl"
  # 64 KiB: the writer's mapped temporary files cannot grow (its SIGBUS)
  wave_refused wave_fst_sigbus 64 "the FST writer failed (SIGBUS" "$tmp/s.fst" \
    $W --trace "$tmp/s.fst" --trace-to 50
  # 2 MiB: the FST itself (about 4 MiB to cycle 5000) is cut short
  wave_refused wave_fst_cut 2048 "the FST writer's file is incomplete" "$tmp/c.fst" \
    $W --trace "$tmp/c.fst" --trace-to 5000
  # 2 MiB: the FST fits, fst2vcd's VCD (about 4 MiB to cycle 400) does not
  wave_refused wave_vcd_cut 2048 "writing it failed (File too large)" "$tmp/c.vcd" \
    $W --trace "$tmp/c.vcd" --trace-to 400
  # an fst2vcd that fails after half a VCD: its exit status is seen
  mkdir -p "$tmp/fake"
  printf '#!/bin/sh\necho "\$date"\nexit 1\n' >"$tmp/fake/fst2vcd"
  chmod +x "$tmp/fake/fst2vcd"
  PATH="$tmp/fake:$PATH" wave_refused wave_fst2vcd_fails 0 \
    "fst2vcd (GTKWave) failed converting the FST (exit 1)" "$tmp/f.vcd" \
    $W --trace "$tmp/f.vcd" --trace-to 50
  # and a VCD that is whole is put in place, converted through the copy
  "$bin" $W --trace "$tmp/g.vcd" --trace-to 50 >/dev/null 2>"$tmp/err"
  rc=$?
  if [ "$rc" -eq 0 ] && head -1 "$tmp/g.vcd" | grep -q '^\$date' && grep -q '^#50$' "$tmp/g.vcd" &&
     [ -z "$(leftovers)" ]; then pass wave_vcd_whole
  else fail wave_vcd_whole "exit $rc, leftovers: $(leftovers): $(head -c 300 "$tmp/err")"; fi
fi
