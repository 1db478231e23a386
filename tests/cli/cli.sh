#!/usr/bin/env bash
# Command-line tests of build/syncswitch: output formats, bad input (one
# line on stderr, exit 2), the watchdog (exit 3), determinism.
# Prints one PASS/FAIL line per test.
set -u
bin="${1:-build}/syncswitch"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=tests/lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/lib.sh"
bin=$(bounded "$bin" "$tmp")   # each run bounded: CASE_TIMEOUT (tests/lib.sh)

pass() { echo "PASS cli_$1"; }
# Under `make sanitize`, ASan prints a one-time notice about swapcontext
# (node programs are coroutines); it is the sanitizer's, not ours.
strip_asan() { grep -v "ASan doesn't fully support makecontext/swapcontext" "$1" >"$1.f" || true; mv "$1.f" "$1"; }
fail() { echo "FAIL cli_$1: $2"; }

# expect_usage NAME ARGS...: exit 2, exactly one line on stderr, nothing on stdout
# says NAME WANT ARGS...: the same, and the line holds WANT
says() {
  local name=$1 want=$2; shift 2
  "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  strip_asan "$tmp/err"
  local lines; lines=$(wc -l <"$tmp/err")
  if [ "$rc" -ne 2 ]; then fail "$name" "exit $rc, want 2 ($*)"
  elif [ "$lines" -ne 1 ]; then fail "$name" "$lines lines on stderr, want 1: $(head -c 300 "$tmp/err")"
  elif [ -s "$tmp/out" ]; then fail "$name" "stdout not empty"
  elif ! grep -qF -- "$want" "$tmp/err"; then fail "$name" "no '$want' in: $(head -c 300 "$tmp/err")"
  else pass "$name"; fi
}
expect_usage() { local name=$1; shift; says "$name" "" "$@"; }

expect_usage bad_n_not_mult8   run --kernel phased --n 12 --words 16
expect_usage bad_n_too_big     run --kernel msgpass --n 65 --words 16
expect_usage bad_n_text        run --kernel msgpass --n eight --words 16
expect_usage bad_words_negative run --kernel phased --n 8 --words -5
expect_usage bad_words_absurd  run --kernel phased --n 8 --words 99999999999
expect_usage bad_words_memory  run --kernel phased --n 64 --words 65536 --payload memory
expect_usage bad_kernel        run --kernel nosuch --n 8 --words 16
expect_usage bad_flag          run --kernel phased --n 8 --words 16 --frobnicate 3
expect_usage missing_value     run --kernel phased --n 8 --words
expect_usage missing_kernel    run --n 8 --words 16
expect_usage bad_tt            run --kernel phased --n 8 --words 16 --tt 0
expect_usage bad_depth         run --kernel phased --n 8 --words 16 --depth 17
# --record DIR (the Icarus replay): the C backend only, a folder it can write
expect_usage record_not_c      run --kernel msgpass --n 4 --words 4 --backend cosim --record "$tmp/rec"
expect_usage record_bad_dir    run --kernel msgpass --n 4 --words 4 --record /nonexistent/syncswitch/rec
touch "$tmp/a_file"
expect_usage record_file_dir   traffic --pattern uniform --rate 0.1 --n 4 --record "$tmp/a_file"
expect_usage bad_mhz           run --kernel phased --n 8 --words 16 --mhz -1
# --jitter F: a fraction 0..1 of each software cost, of run only
expect_usage bad_jitter_big    run --kernel cx-linear --n 4 --words 4 --jitter 1.5
expect_usage bad_jitter_neg    run --kernel cx-linear --n 4 --words 4 --jitter -0.1
expect_usage bad_jitter_nan    run --kernel cx-linear --n 4 --words 4 --jitter nan
expect_usage bad_jitter_text   run --kernel cx-linear --n 4 --words 4 --jitter some
expect_usage jitter_traffic    traffic --pattern uniform --rate 0.1 --n 4 --jitter 0.1
# --irq-period and --irq-cycles: both or neither, cycles below the period,
# only the barrier and shift kernels
expect_usage irq_period_alone  run --kernel shift-forced --n 4 --words 4 --irq-period 1000
expect_usage irq_cycles_alone  run --kernel shift-forced --n 4 --words 4 --irq-cycles 10
expect_usage irq_cycles_big    run --kernel shift-forced --n 4 --words 4 --irq-period 1000 --irq-cycles 1000
expect_usage irq_period_zero   run --kernel gsync --n 4 --words 0 --irq-period 0 --irq-cycles 10
expect_usage irq_not_taken     run --kernel cx-linear --n 4 --words 4 --irq-period 1000 --irq-cycles 10
# --rx-serial: the barrier and shift kernels only, not with traffic or a memory limit
expect_usage rx_serial_not_taken run --kernel cx-linear --n 4 --words 4 --rx-serial
expect_usage rx_serial_bg      run --kernel shift-forced --n 4 --words 4 --rx-serial --background uniform:0.01
expect_usage rx_serial_mem_bw  run --kernel shift-forced --n 4 --words 4 --rx-serial --mem-bw 0.5
expect_usage rx_serial_sc      run --kernel shift-forced --n 4 --words 4 --rx-serial --backend sc
expect_usage bnet_sc           run --kernel global-sum-tree-bnet --n 4 --words 2 --backend sc
# --dist and --senders: the p2p kernels' own, each refusing the other's
expect_usage dist_not_p2p      run --kernel cx-linear --n 4 --words 4 --dist 2
expect_usage senders_not_aapc  run --kernel phased --n 8 --words 4 --senders 2
expect_usage p2p_senders       run --kernel p2p --n 8 --words 4 --senders 2
expect_usage contend_dist      run --kernel p2p-contend --n 8 --words 4 --dist 2
expect_usage p2p_dist_zero     run --kernel p2p --n 8 --words 4 --dist 0
expect_usage p2p_dist_far      run --kernel p2p --n 8 --words 4 --dist 9
expect_usage contend_too_many  run --kernel p2p-contend --n 8 --words 4 --senders 5
expect_usage bad_preset        run --kernel phased --n 8 --words 16 --preset paragon
expect_usage bad_command       frobnicate
expect_usage schedule_bad_n    schedule --n 10
expect_usage bad_rtl_top       run --kernel phased --n 8 --words 16 --backend rtl --rtl-top mesh
expect_usage rtl_top_c_backend run --kernel phased --n 8 --words 16 --rtl-top torus
expect_usage trace_on_routers  run --kernel phased --n 8 --words 16 --backend rtl --rtl-top routers --trace t.fst
# the SystemC backends: checked before the SystemC binary is run
expect_usage sc_trace_not_vcd  run --kernel phased --n 8 --words 16 --backend sc --trace t.fst
expect_usage sc_trace_window   run --kernel phased --n 8 --words 16 --backend sc-rtl --trace t.vcd --trace-from 5
expect_usage sc_rtl_top        run --kernel phased --n 8 --words 16 --backend sc --rtl-top torus
expect_usage trace_on_c        run --kernel phased --n 8 --words 16 --trace t.vcd
expect_usage unknown_backend   run --kernel phased --n 8 --words 16 --backend systemc
# the shift kernels (barrier family): an even ring side, a payload, a known barrier
expect_usage shift_odd_n       run --kernel shift-forced --n 5 --words 16
expect_usage shift_words_0     run --kernel shift-long --n 4 --words 0
expect_usage shift_bad_barrier run --kernel shift-long --n 4 --words 16 --barrier butterfly
expect_usage shift_mapping     run --kernel shift-forced --n 4 --words 16 --mapping gray
expect_usage shift_stall       run --kernel shift-forced --n 4 --words 16 --stall 1:0
# traffic: bad patterns, rates, packets, traces; another command's options
expect_usage tr_unknown_pattern traffic --pattern zigzag --rate 0.1
expect_usage tr_rate_high      traffic --pattern uniform --rate 1.5
expect_usage tr_rate_missing   traffic --pattern uniform
expect_usage tr_hotspot_out    traffic --pattern hotspot:64:0.2 --rate 0.1 --n 8
expect_usage tr_hotspot_frac   traffic --pattern hotspot:3:1.5 --rate 0.1
expect_usage tr_packet_small   traffic --pattern uniform --rate 0.1 --packet 2
expect_usage tr_packet_order   traffic --pattern uniform --rate 0.1 --packet 9-4
expect_usage tr_packet_junk    traffic --pattern uniform --rate 0.1 --packet 4x
expect_usage tr_bitrev_n6      traffic --pattern bitrev --rate 0.1 --n 6
expect_usage tr_kernel_option  traffic --pattern uniform --rate 0.1 --words 4
expect_usage tr_run_option     run --kernel phased --n 8 --words 16 --rate 0.1
expect_usage tr_cosim_perturb  traffic --pattern uniform --rate 0.1 --cosim-perturb 5
# the comparator's self-test: a signal without a cycle, an unknown signal,
# the sync switch's signals on the RTL built without it
expect_usage perturb_signal_alone run --kernel phased --n 8 --words 16 --cosim-perturb-signal credit
expect_usage perturb_signal_bad run --kernel phased --n 8 --words 16 --backend cosim --cosim-perturb 5 \
  --cosim-perturb-signal wire
expect_usage perturb_signal_no_switch run --kernel msgpass --n 8 --words 16 --backend cosim \
  --sync-switch 0 --cosim-perturb 5 --cosim-perturb-signal nim
expect_usage tr_trace_and_pat  traffic --trace-in traces/example.trace --pattern uniform --n 4
expect_usage tr_trace_missing  traffic --trace-in "$tmp/none.trace"
printf '0 1 2 4\n5 1 99 4\n' >"$tmp/dst.trace"
expect_usage tr_trace_dst      traffic --trace-in "$tmp/dst.trace" --n 4
printf '# ok\n10 1 2 4\n5 1 2 4\n' >"$tmp/back.trace"
expect_usage tr_trace_backward traffic --trace-in "$tmp/back.trace" --n 4
printf '10 1 two 4\n' >"$tmp/junk.trace"
expect_usage tr_trace_junk     traffic --trace-in "$tmp/junk.trace" --n 4
printf '10 1 2 0\n' >"$tmp/zero.trace"
expect_usage tr_trace_zero     traffic --trace-in "$tmp/zero.trace" --n 4
expect_usage bg_no_rate         run --kernel phased --n 8 --words 16 --background uniform
expect_usage bg_bad_rate        run --kernel phased --n 8 --words 16 --background uniform:2
expect_usage bg_bad_pattern     run --kernel phased --n 8 --words 16 --background zigzag:0.1
expect_usage bg_hotspot_out     run --kernel phased --n 8 --words 16 --background hotspot:99:0.5:0.1
expect_usage bg_sc              run --kernel phased --n 8 --words 16 --background uniform:0.1 --backend sc
# what is not a trace: a directory, binary data, a cycle past the bound
mkdir -p "$tmp/a_dir"
expect_usage tr_trace_dir      traffic --trace-in "$tmp/a_dir" --n 4
printf '0 1 2 4\n\000\001\002binary\n' >"$tmp/bin.trace"
expect_usage tr_trace_binary   traffic --trace-in "$tmp/bin.trace" --n 4
printf '0 1 2 4\n18446744073709551615 1 2 4\n' >"$tmp/huge.trace"
expect_usage tr_trace_huge     traffic --trace-in "$tmp/huge.trace" --n 4
printf '99999999999999999999 1 2 4\n' >"$tmp/wide.trace"
for c in dir:"a directory" bin:"binary data" huge:"cycle 18446744073709551615 is out of range" \
         dst:"dst.trace:2: destination 99 is outside" \
         wide:"wide.trace:1: the cycle 99999999999999999999 is out of range (above 18446744073709551615)"; do
  f=${c%%:*}; want=${c#*:}
  [ "$f" = dir ] && arg="$tmp/a_dir" || arg="$tmp/$f.trace"
  "$bin" traffic --trace-in "$arg" --n 4 2>"$tmp/err" >/dev/null
  grep -q "$want" "$tmp/err" && pass "tr_trace_says_$f" || fail "tr_trace_says_$f" "$(head -c 200 "$tmp/err")"
done
# a quiet stretch of 10^9 cycles is skipped in one step, not stepped through
printf '0 1 2 4\n1000000000 2 1 4\n' >"$tmp/gap.trace"
out=$(timeout 20 "$bin" traffic --trace-in "$tmp/gap.trace" --n 16 --json 2>&1)
echo "$out" | grep -q '"delivered":2,.*"verified":true' && pass tr_trace_gap_fast \
  || fail tr_trace_gap_fast "$(echo "$out" | head -c 200)"
# a trace saved with a UTF-8 byte order mark runs as the same trace without
# it (was: "the cycle is not a non-negative integer ('<the mark>0')")
printf '0 1 2 4\n7 2 1 4\n' >"$tmp/plain.trace"
printf '\357\273\2770 1 2 4\n7 2 1 4\n' >"$tmp/bom.trace"
a=$("$bin" traffic --trace-in "$tmp/plain.trace" --n 4 --json 2>&1 | strip_wall | sed 's/"trace_file":"[^"]*"//')
b=$("$bin" traffic --trace-in "$tmp/bom.trace" --n 4 --json 2>&1 | strip_wall | sed 's/"trace_file":"[^"]*"//')
if [ -n "$a" ] && [ "$a" = "$b" ] && echo "$a" | grep -q '"delivered":2,'; then pass tr_trace_bom
else fail tr_trace_bom "$(echo "$b" | head -c 200)"; fi
# the line named: file and line number
"$bin" traffic --trace-in "$tmp/back.trace" --n 4 2>"$tmp/err" >/dev/null
if grep -q "back.trace:3: cycle 5 goes backwards" "$tmp/err"; then pass tr_trace_line_named
else fail tr_trace_line_named "$(head -c 200 "$tmp/err")"; fi

# schedule CSV: header, n^4 - (self messages are included) rows for n = 8
"$bin" schedule --n 8 >"$tmp/s.csv" 2>"$tmp/err"
hdr=$(head -1 "$tmp/s.csv"); rows=$(($(wc -l <"$tmp/s.csv") - 1))
if [ "$hdr" != "phase,src_x,src_y,dst_x,dst_y,dx,dy" ]; then fail schedule_csv "header '$hdr'"
elif [ "$rows" -ne 4096 ]; then fail schedule_csv "$rows rows, want 4096"
else
  # every ordered pair exactly once, and the hops land on the destination
  bad=$(awk -F, 'NR>1 { k=$2","$3","$4","$5; if (seen[k]++) d++;
                         if ((($2+$6)%8+8)%8!=$4 || (($3+$7)%8+8)%8!=$5) w++ }
                 END { print d+0, w+0 }' "$tmp/s.csv")
  [ "$bad" = "0 0" ] && pass schedule_csv || fail schedule_csv "duplicates/wrong hops: $bad"
fi

# JSON run: the keys the issue promises, verified true
"$bin" run --kernel phased --n 8 --words 16 --json >"$tmp/j" 2>"$tmp/err"
rc=$?
strip_asan "$tmp/err"
missing=""
for k in kernel n words tt mhz cycles bytes agg_mbps eq1_mbps eq3_mbps ts_cycles pct_eq1 verified; do
  grep -q "\"$k\":" "$tmp/j" || missing="$missing $k"
done
if [ $rc -ne 0 ]; then fail json_keys "exit $rc"
elif [ -n "$missing" ]; then fail json_keys "missing:$missing"
elif ! grep -q '"verified":true' "$tmp/j"; then fail json_keys "not verified"
elif [ "$(wc -l <"$tmp/j")" -ne 1 ]; then fail json_keys "not one line"
elif [ -s "$tmp/err" ]; then fail json_keys "stderr not empty when not a terminal"
else pass json_keys; fi

# Eq. 1 for 8x8 at 20 MHz, T_t = 2 is 2560 MB/s
grep -q '"eq1_mbps":2560.000' "$tmp/j" && pass eq1_value || fail eq1_value "$(cat "$tmp/j")"

# T_s and Eq. 3 are an AAPC's: a kernel with its own byte count has none
# (was: p2p's T_s -25.1 cycles and Eq. 3 at 4.7 times Eq. 1); an AAPC has both
"$bin" run --kernel p2p --n 8 --words 16 --json >"$tmp/p2p" 2>/dev/null
grep -q '"eq3_mbps":null,"ts_cycles":null,"pct_eq1":[0-9]' "$tmp/p2p" && grep -q '"verified":true' "$tmp/p2p" \
  && grep -q '"ts_cycles":[0-9]' "$tmp/j" && grep -q '"eq3_mbps":[0-9]' "$tmp/j" \
  && pass ts_aapc_only || fail ts_aapc_only "p2p: $(cut -c1-300 "$tmp/p2p")"

# same command, same cycles
c1=$("$bin" run --kernel msgpass --n 4 --words 32 --json | sed 's/.*"cycles":\([0-9]*\).*/\1/')
c2=$("$bin" run --kernel msgpass --n 4 --words 32 --json | sed 's/.*"cycles":\([0-9]*\).*/\1/')
[ -n "$c1" ] && [ "$c1" = "$c2" ] && pass deterministic || fail deterministic "$c1 vs $c2"

# watchdog: a node that omits one phase's message stops the network
"$bin" run --kernel phased --n 8 --words 16 --watchdog 2000 --stall 9:5 >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc -ne 3 ]; then fail watchdog "exit $rc, want 3"
elif ! grep -q "sticky NotInMessage" "$tmp/err"; then fail watchdog "report does not name the sticky bit: $(head -3 "$tmp/err")"
elif ! grep -q "router (1,1)" "$tmp/err"; then fail watchdog "report does not name router (1,1)"
else pass watchdog; fi

# the summary speaks of Eq. 1 and T_s only where they apply: full AAPC
# (Eq. 1) in phases (T_s); a sparse pattern gets neither
"$bin" run --kernel phased --n 8 --words 8 >"$tmp/s1" && "$bin" run --kernel butterfly --n 8 --words 8 >"$tmp/s2"
if ! grep -q "of Eq. 1" "$tmp/s1" || ! grep -q "T_s = " "$tmp/s1"; then fail summary_eq "phased: $(tr '\n' ' ' <"$tmp/s1")"
elif grep -q "Eq. 1\|T_s" "$tmp/s2"; then fail summary_eq "butterfly: $(tr '\n' ' ' <"$tmp/s2")"
else pass summary_eq; fi

# list names both kernels
"$bin" list >"$tmp/l" && grep -q '^phased ' "$tmp/l" && grep -q '^msgpass ' "$tmp/l" \
  && pass list || fail list "$(cat "$tmp/l")"

"$bin" --help >"$tmp/h" 2>&1 && grep -q "syncswitch run" "$tmp/h" && pass help || fail help "no usage text"
# a command's --help is the help, not an unknown option (issue 30)
"$bin" run --kernel phased --help >"$tmp/h" 2>"$tmp/he" && grep -q "syncswitch run" "$tmp/h" && [ ! -s "$tmp/he" ] &&
  pass run_help || fail run_help "$(head -c 200 "$tmp/he")"

# presets: a name and description line, then the options the preset sets;
# iwarp's are the values of params_iwarp
"$bin" presets >"$tmp/p" 2>"$tmp/err"
rc=$?
want="--tt 2 --mhz 20 --depth 4 --call-cycles 10 --msg-cycles 400 --dma-cycles 0 --watchdog 200000 --seed 1 --jitter 0 --mem-bw 0 --threads 1 --ties plus --skip auto --vcs 1 --routing-function dim_order"
if [ $rc -ne 0 ]; then fail presets "exit $rc"
elif ! grep -q '^iwarp  .*iWarp' "$tmp/p"; then fail presets "no iwarp line: $(head -2 "$tmp/p")"
elif [ "$(grep -A1 '^iwarp ' "$tmp/p" | tail -1 | sed 's/^ *//')" != "$want" ]; then
  fail presets "iwarp values: $(grep -A1 '^iwarp ' "$tmp/p" | tail -1)"
else pass presets; fi
preset_names=$(grep -v '^ ' "$tmp/p" | awk '{ print $1 }' | paste -sd, - | sed 's/,/, /g')

# --help lists every option of the option table (options.c), every one of
# them is accepted by the parser, and every option --help lists is
"$bin" --help >"$tmp/h" 2>&1
src="$(cd "$(dirname "$0")/../.." && pwd)/testbench/cli/options_table.c"
opts=$(grep -o 'OPT("--[a-z-]*"' "$src" | sed 's/OPT("\(.*\)"/\1/')
helped=$(sed -n 's/^  \(--[a-z-]*\).*/\1/p' "$tmp/h")
bad=""
for o in $opts $helped; do
  grep -q "^  $o\( \|$\)" "$tmp/h" || bad="$bad $o(not in --help)"
  "$bin" run "$o" 1 >/dev/null 2>"$tmp/e"
  grep -q "unknown option '$o'" "$tmp/e" && bad="$bad $o(rejected)"
done
for o in $helped; do
  echo "$opts" | grep -qx -- "$o" || bad="$bad $o(not in the table)"
done
if [ "$(echo "$opts" | wc -w)" -lt 25 ]; then fail help_options "only $(echo "$opts" | wc -w) options found in $src"
elif [ -n "$bad" ]; then fail help_options "$bad"
else pass help_options; fi

# an enumerated option's error names the allowed values, and --help lists
# the same names (one line each under the option)
bad=""
for o in backend rtl-top routing preset payload; do
  "$bin" run --kernel phased --n 8 --words 16 --$o nosuch >/dev/null 2>"$tmp/e"
  # the CLI's own choices say "--backend ... (try ...)"; the library's fields
  # and presets are named as the library names them ("routing 'nosuch' ...")
  allowed=$(sed -n "s/^syncswitch: \(--\)*$o 'nosuch' is unknown (allowed: \([^)]*\)).*/\2/p" "$tmp/e")
  [ -n "$allowed" ] || { bad="$bad --$o: $(cat "$tmp/e")"; continue; }
  for name in $(echo "$allowed" | tr -d ,); do
    grep -Eq "^ {22}$name(  |$)" "$tmp/h" || bad="$bad --$o $name(not in --help)"
  done
done
[ -z "$bad" ] && pass enum_allowed || fail enum_allowed "$bad"

# --preset nosuch: one line, exit 2, naming every preset of 'presets'
expect_usage bad_preset_nosuch run --kernel phased --n 8 --words 16 --preset nosuch
grep -qxF -- "syncswitch: preset 'nosuch' is unknown (allowed: $preset_names)" "$tmp/err" \
  && pass bad_preset_names || fail bad_preset_names "$(cat "$tmp/err") (presets: $preset_names)"

# --preset applies first wherever it stands: the options override it
j() { "$bin" run --kernel phased --n 8 --words 16 "$@" --json 2>/dev/null | sed -n "s/.*\"tt\":\([0-9]*\),\"mhz\":\([0-9.e+]*\),.*\"cycles\":\([0-9]*\),.*/\1 \2 \3/p"; }
a=$(j --tt 3 --mhz 33 --preset iwarp); b=$(j --preset iwarp --tt 3 --mhz 33); c=$(j --tt 3 --mhz 33); d=$(j --preset iwarp)
if [ -z "$a" ] || [ "$a" != "$b" ] || [ "$a" != "$c" ]; then fail preset_order "after: '$a', before: '$b', none: '$c'"
elif [ "${a%% *}" != 3 ] || [ "$(echo "$a" | cut -d' ' -f2)" != 33 ]; then fail preset_order "tt/mhz not kept: $a"
elif [ "${d%% *}" != 2 ] || [ "$(echo "$d" | cut -d' ' -f3)" = "$(echo "$a" | cut -d' ' -f3)" ]; then fail preset_order "iwarp alone: $d"
else pass preset_order; fi
grep -q -- "--tt 3 --preset iwarp" "$tmp/h" && pass preset_order_help || fail preset_order_help "--help does not state the rule"

# iwarp-proto (issue 22): iwarp's values but the block set-up that
# docs/kernels/aapc.md and model/params.c give (--dma-cycles 450); its switch
# is software (sync 2), so the hardware-switch kernel phased runs as
# phased-sw: with no set-up its cycles are iwarp's phased-sw; with it, the
# calibration run (the gray hypercube subset at 1 KB) takes 15,864 cycles
want_proto=$(echo "$want" | sed 's/--dma-cycles 0/--dma-cycles 450/')
got_proto=$(grep -A1 '^iwarp-proto ' "$tmp/p" | tail -1 | sed 's/^ *//')
[ "$got_proto" = "$want_proto" ] && pass preset_iwarp_proto || fail preset_iwarp_proto "values: '$got_proto'"
cy() { "$bin" run --n 8 --words "$@" --json 2>/dev/null | sed -n 's/.*"cycles":\([0-9]*\),.*"verified":\(true\|false\).*/\1 \2/p'; }
a=$(cy 16 --kernel phased --preset iwarp-proto --dma-cycles 0); b=$(cy 16 --kernel phased-sw --preset iwarp)
c=$(cy 256 --kernel hcube-aapc --mapping gray --preset iwarp-proto); d=$(cy 16 --kernel phased --preset iwarp)
if [ -z "$a" ] || [ "$a" != "$b" ] || [ "$a" = "$d" ]; then fail proto_sw_switch "iwarp-proto phased '$a', iwarp phased-sw '$b', phased '$d'"
elif [ "$c" != "15864 true" ]; then fail proto_calibration "hcube-aapc gray --words 256: '$c', want '15864 true'"
else pass proto_sw_switch; fi
# the subsets run on its software switch too, and message passing pays no set-up
a=$(cy 64 --kernel nn-aapc --preset iwarp-proto); b=$(cy 64 --kernel nn-aapc --preset iwarp)
c=$(cy 64 --kernel nn-msgpass --preset iwarp-proto); d=$(cy 64 --kernel nn-msgpass --preset iwarp)
if [ -z "$a" ] || [ "${a#* }" != true ] || [ "${a%% *}" -le "${b%% *}" ] || [ "$c" != "$d" ]; then
  fail proto_subsets "nn-aapc proto '$a' iwarp '$b'; nn-msgpass proto '$c' iwarp '$d'"
else pass proto_subsets; fi
# --dma-cycles: the library's range, one line naming field, value and range
for v in -1 1000001; do
  expect_usage "dma_cycles_range_$v" run --kernel phased --n 8 --words 16 --dma-cycles "$v"
  grep -qxF "syncswitch: dma_cycles = $v is out of range (allowed 0..1000000)" "$tmp/err" \
    && pass "dma_cycles_line_$v" || fail "dma_cycles_line_$v" "$(cat "$tmp/err")"
done
# the SystemC backends read neither the set-up cost nor the software switch
expect_usage proto_sc run --kernel phased --n 8 --words 16 --preset iwarp-proto --backend sc
grep -qF "dma_cycles = 450 needs backend c, rtl or cosim" "$tmp/err" && pass proto_sc_line || fail proto_sc_line "$(cat "$tmp/err")"
expect_usage proto_sc_sync run --kernel phased --n 8 --words 16 --preset iwarp-proto --dma-cycles 0 --backend sc
grep -qF "sync = 2 needs backend c, rtl or cosim" "$tmp/err" && pass proto_sc_sync_line || fail proto_sc_sync_line "$(cat "$tmp/err")"

# --payload (issue 20): the names, the kernels that take generated, the
# SystemC backends (no payload generator), the memory refusal naming it
expect_usage payload_not_taken   run --kernel fft2d --n 8 --words 8 --payload generated
expect_usage payload_sc          run --kernel phased --n 8 --words 4 --backend sc --payload generated
expect_usage payload_memory_big  run --kernel msgpass --n 64 --words 2048 --payload memory
grep -q "or --payload generated" "$tmp/err" && pass payload_memory_says \
  || fail payload_memory_says "$(cat "$tmp/err")"
"$bin" run --kernel phased --n 8 --words 4 --payload memory >/dev/null 2>&1 \
  && "$bin" run --kernel fft2d --n 4 --words 8 --transpose msgpass --payload memory >/dev/null 2>&1 \
  && pass payload_memory_any || fail payload_memory_any "--payload memory refused"
a=$("$bin" run --kernel msgpass-var --n 4 --words 8 --size-variance 0.5 --json 2>/dev/null | sed 's/.*"cycles":\([0-9]*\).*/\1/')
b=$("$bin" run --kernel msgpass-var --n 4 --words 8 --size-variance 0.5 --payload memory --json 2>/dev/null | sed 's/.*"cycles":\([0-9]*\).*/\1/')
[ -n "$a" ] && [ "$a" = "$b" ] && pass payload_same_cycles || fail payload_same_cycles "generated $a, memory $b"

# The patterns kernels refuse the options they do not use (exit 2, one line)
expect_usage pat_nn_mapping      run --kernel nn-aapc --n 8 --words 16 --mapping gray
expect_usage pat_fem_routing     run --kernel fem-msgpass --n 8 --words 16 --routing unidir
expect_usage pat_var_mapping     run --kernel phased-var --n 8 --words 16 --mapping raster
expect_usage pat_fft_routing     run --kernel fft2d --n 8 --words 8 --routing unidir
expect_usage pat_hcube_aapc_unidir run --kernel hcube-aapc --n 8 --words 16 --routing unidir
expect_usage pat_hcube_bad_map   run --kernel hcube-msgpass --n 8 --words 16 --mapping snake
expect_usage send_empty_phased   run --kernel phased --n 8 --words 16 --send-empty
expect_usage send_empty_phvar    run --kernel phased-var --n 8 --words 16 --zero-prob 0.5 --send-empty
"$bin" run --kernel hcube-aapc --n 8 --words 16 --routing unidir >/dev/null 2>"$tmp/e"
grep -q "^syncswitch: kernel hcube-aapc: takes no --routing unidir" "$tmp/e" \
  && pass pat_hcube_aapc_unidir_says || fail pat_hcube_aapc_unidir_says "$(cat "$tmp/e")"

# Every kernel refuses the kernel options its table entry does not declare
# (kernel_check, sw/kernels/kernel_opts.c), naming the kernels that take it
expect_usage kopt_phased_mapping   run --kernel phased --n 8 --words 16 --mapping gray
expect_usage kopt_nt_mapping       run --kernel normal-torus --n 8 --words 4 --mapping gray
expect_usage kopt_butterfly_flops  run --kernel butterfly --n 8 --words 4 --flop-cycles 3
expect_usage kopt_butterfly_stall  run --kernel butterfly --n 8 --words 4 --stall 1:0
expect_usage kopt_gsync_barrier    run --kernel gsync --n 8 --words 0 --barrier rds
"$bin" run --kernel msgpass --n 8 --words 16 --routing unidir >/dev/null 2>"$tmp/e"
grep -qx "syncswitch: kernel msgpass: takes no --routing unidir (the +x-then-+y routes of hcube-msgpass, butterfly, crossover, normal-torus and [0-9]* more)" "$tmp/e" \
  && pass kopt_msgpass_routing_says || fail kopt_msgpass_routing_says "$(cat "$tmp/e")"

# Doors no test reached before (a coverage run of these tests): each is
# refused before any build or run, in one line that names it
says door_trace_reversed "--trace-from is after --trace-to" \
  run --kernel phased --n 8 --words 4 --backend rtl --trace "$tmp/w.vcd" --trace-from 100 --trace-to 50
says door_stall_text "stall = 'abc' needs NODE:STEP" run --kernel shift-long --n 8 --words 4 --stall abc
says door_stall_outside "node 99 is outside the 8x8 torus" run --kernel shift-long --n 8 --words 4 --stall 99:1
says door_rtl_x_seed_on_c "--rtl-x-seed needs --backend rtl or cosim" \
  run --kernel phased --n 8 --words 4 --rtl-x-seed 1
# list and presets take no argument (were: ignored, exit 0)
says door_list_argument "list: unexpected argument 'extra'" list extra
says door_presets_argument "presets: unexpected argument '--n'" presets --n 4
# --version: the header's version, one line
want="syncswitch $(sed -n 's/^#define SS_API_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\).*/\2/p' \
  "$(dirname "$0")/../../include/syncswitch.h" | paste -sd.)"
got=$("$bin" --version 2>&1); rc=$?
if [ $rc -eq 0 ] && [ "$got" = "$want" ]; then pass version; else fail version "exit $rc: '$got', want '$want'"; fi
says door_version_argument "--version: unexpected argument 'x'" --version x

# cycles and messages of one run
cm() { "$bin" run "$@" --json 2>/dev/null | sed -n 's/.*"cycles":\([0-9]*\),.*"messages":\([0-9]*\),.*"verified":true.*/\1 \2/p'; }
# --mapping is honoured: the Gray labelling puts hypercube partners nearer
r=$(cm --kernel hcube-msgpass --n 8 --words 16); g=$(cm --kernel hcube-msgpass --n 8 --words 16 --mapping gray)
if [ -z "$r" ] || [ -z "$g" ] || [ "${g%% *}" -ge "${r%% *}" ]; then fail hcube_gray_faster "raster '$r', gray '$g'"
else pass hcube_gray_faster; fi
u=$(cm --kernel hcube-msgpass --n 8 --words 16 --mapping gray --routing unidir)
[ -n "$u" ] && pass hcube_msgpass_unidir || fail hcube_msgpass_unidir "not verified"
u=$(cm --kernel normal-torus --n 4 --words 4 --routing unidir)
[ -n "$u" ] && pass normal_torus_unidir || fail normal_torus_unidir "not verified"
# msgpass-var sends only the non-empty blocks unless --send-empty
a=$(cm --kernel msgpass-var --n 8 --words 16 --zero-prob 0.5); b=$(cm --kernel msgpass-var --n 8 --words 16 --zero-prob 0.5 --send-empty)
if [ -z "$a" ] || [ -z "$b" ] || [ "${b#* }" != 4096 ] || [ "${a#* }" -ge 2500 ] || [ "${a#* }" -le 1500 ] ||
   [ "${a%% *}" -ge "${b%% *}" ]; then fail msgpass_var_send_empty "default '$a', --send-empty '$b' (cycles messages)"
else pass msgpass_var_send_empty; fi
