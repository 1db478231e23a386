#!/usr/bin/env bash
# Experiment files (--config, docs/config.md): a file gives what the same
# flags give, a flag overrides the file, includes work, and every refusal
# is exit 2 with one line on stderr before any simulation. Prints one
# PASS/FAIL line per case.
set -u
dir="${1:-build}"
bin="$dir/syncswitch"
case "$bin" in /*) ;; *) bin="$PWD/$bin" ;; esac
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"
bin=$(bounded "$bin" "$tmp")   # each run bounded: CASE_TIMEOUT (tests/lib.sh)

pass() { echo "PASS config_$1"; }
fail() { echo "FAIL config_$1: $2"; }

# same NAME "FLAGS" ARGS...: `traffic ARGS --json` prints what `traffic FLAGS
# --json` does (wall time aside)
same() {
  local name=$1 flags=$2 a b; shift 2
  # shellcheck disable=SC2086
  a=$("$bin" traffic $flags --json 2>&1 | strip_wall)
  b=$("$bin" traffic "$@" --json 2>&1 | strip_wall)
  if [ -n "$a" ] && [ "$a" = "$b" ] && echo "$a" | grep -q '"verified":true'; then pass "$name"
  else fail "$name" "flags: $a; file: $b"; fi
}

# refused NAME WANT ARGS...: exit 2, one line on stderr containing WANT
refused() {
  local name=$1 want=$2; shift 2
  timeout 20 "$bin" "$@" >out 2>err
  local rc=$?
  if [ "$rc" -ne 2 ]; then fail "$name" "exit $rc, want 2 ($*): $(head -c 200 err)"
  elif [ "$(wc -l <err)" -ne 1 ]; then fail "$name" "want one line: $(head -c 300 err)"
  elif ! grep -q -- "$want" err; then fail "$name" "no '$want' in: $(cat err)"
  else pass "$name"; fi
}
# file_refused NAME FILE TEXT WANT: `traffic --config FILE` holding TEXT
file_refused() {
  printf '%b' "$3" >"$2"
  refused "$1" "$4" traffic --config "$2"
}

F="--n 4 --pattern transpose --rate 0.1 --packet 5 --depth 3 --seed 7 --window 500 --warmup 200"
cat >base.conf <<'CONF'
# the shared part
n = 4
window = 500
warmup = 200
seed = 7
CONF
mkdir sub
cat >sub/exp.conf <<'CONF'
include = ../base.conf   # relative to this file
pattern = transpose
rate = 0.1   # flits/node/cycle
packet = 5

depth = 3
CONF
same file_is_flags "$F" --config sub/exp.conf
same flag_overrides_file "$F --tt 3" --tt 3 --config sub/exp.conf
same flag_after_overrides "$F --rate 0.05" --config sub/exp.conf --rate 0.05
# n = 6 after the include line as before it: the includer wins
printf 'n = 6\ninclude = sub/exp.conf\n' >over.conf
same includer_overrides_base "${F/--n 4/--n 6}" --config over.conf
cat >booksim.cfg <<'CONF'
// BookSim-style
topology = torus;
k = 4;
n = 2;
vc_buf_size = 3;
traffic = transpose;
injection_rate = 0.1;
injection_rate_uses_flits = 1;
packet_size = 5;
seed = 7;
sim_type = latency;
CONF
same booksim_is_flags "$F" --config booksim.cfg --window 500 --warmup 200
a=$("$bin" run --kernel msgpass --n 4 --words 8 --json | strip_wall)
printf 'kernel = msgpass\nn = 4\nwords = 8\njson = 1\n' >run.conf
b=$("$bin" run --config run.conf | strip_wall)
if [ -n "$a" ] && [ "$a" = "$b" ]; then pass run_file_is_flags; else fail run_file_is_flags "$a / $b"; fi
# saved with a UTF-8 byte order mark (some editors do): the same run (was:
# "unknown key '<the mark>kernel'"); CRLF line ends too
printf '\357\273\277kernel = msgpass\r\nn = 4\r\nwords = 8\r\njson = 1\r\n' >bom.conf
b=$("$bin" run --config bom.conf 2>&1 | strip_wall)
if [ -n "$a" ] && [ "$a" = "$b" ]; then pass bom_crlf_file_is_flags; else fail bom_crlf_file_is_flags "$b"; fi

file_refused unknown_key unknown.conf 'n = 4\nfoo = 1\n' "unknown.conf:2: unknown key 'foo'"
for k in router speculative sw_allocator vc_allocator credit_delay \
  st_final_delay internal_speedup sample_period stopping_thres; do
  printf 'topology = torus\nk = 4\n%s = 1\n' "$k" >"bs_$k.cfg"
  refused "booksim_$k" "bs_$k.cfg:3: $k: " traffic --config "bs_$k.cfg"
done
# the keys that map with a translation: what has no equivalent is refused
for kv in "num_vcs = 3" "num_vcs = 10" "num_vcs = 0" "num_vcs = x" "routing_function = ugal_torus" \
  "routing_function = min_adapt"; do
  k=${kv%% *}
  printf 'topology = torus\nk = 4\n%s\n' "$kv" >"bs_$k.cfg"
  refused "booksim_${k}_$(printf %s "${kv#* = }" | tr -c 'a-z0-9_' _)" "bs_$k.cfg:3: $kv: " traffic --config "bs_$k.cfg"
done
refused booksim_num_vcs_why "num_vcs = 2K (2, 4, 6 or 8) is K" traffic --config bs_num_vcs.cfg
# num_vcs = 2K is vcs = K; BookSim's torus routing functions by their names
for rf in dim_order min_adapt valiant; do
  printf 'topology = torus\nk = 4\nnum_vcs = 4\nrouting_function = %s_torus\ntraffic = uniform\ninjection_rate = 0.1\ninjection_rate_uses_flits = 1\nvc_buf_size = 2\n' "$rf" >"bs_rf_$rf.cfg"
  same "booksim_routing_$rf" "--n 4 --vcs 2 --routing-function $rf --pattern uniform --rate 0.1 --depth 2 --window 500 --warmup 200" \
    --config "bs_rf_$rf.cfg" --window 500 --warmup 200
done
file_refused booksim_mesh mesh.cfg 'topology = mesh\n' "mesh.cfg:1: topology: "
file_refused booksim_dimension dim.cfg 'topology = torus\nk = 4\nn = 3\n' "dim.cfg:3: n: "
file_refused booksim_rate_in_packets pkts.cfg 'k = 4\ninjection_rate = 0.1\ntraffic = uniform\n' "pkts.cfg:2: injection_rate: "
refused missing_file "nope.conf': cannot be read" traffic --config nope.conf
file_refused missing_include inc_missing.conf 'include = gone.conf\n' "inc_missing.conf:1: include 'gone.conf': cannot be read"
file_refused malformed_line malformed.conf 'n = 4\nrate 0.1\n' "malformed.conf:2: 'rate 0.1' is not 'key = value'"
file_refused no_value novalue.conf 'n =\n' "novalue.conf:1: n has no value"
file_refused duplicate_key dup.conf 'n = 4\nrate = 0.1\nn = 8\n' "dup.conf:3: n is set again (line 1"
printf 'include = b.conf\n' >a.conf
printf 'include = a.conf\n' >b.conf
refused include_cycle "include 'a.conf': is a cycle" traffic --config a.conf
file_refused include_self self.conf 'include = self.conf\n' "is a cycle"
file_refused other_command kern.conf 'kernel = phased\n' "kern.conf:1: kernel is not an option of traffic"
file_refused value_by_library range.conf 'n = 4\npattern = uniform\nrate = 2\n' "rate = 2 is out of range"
file_refused switch_value switch.conf 'json = yes\n' "switch.conf:1: json is a switch"

if "$bin" --help | grep -q -- '--config FILE'; then pass help; else fail help "no --config in --help"; fi
# the configs make traffic runs: each reads and names its pattern
for f in "$root"/configs/traffic/*.conf; do
  name=$(basename "$f" .conf)
  [ "$name" = base ] || [ "$name" = coexist ] && continue
  j=$("$bin" traffic --config "$f" --rate 0 --window 100 --warmup 0 --json 2>&1)
  if echo "$j" | grep -q "\"pattern\":\"$name"; then pass "shipped_$name"; else fail "shipped_$name" "$j"; fi
done

# ---- --messages: one CSV row per message (issue 21, part 4) -------------
cat >small.trace <<'TRACE'
# a small hand-written trace on 4x4: cycle source destination words
0 0 5 4
0 3 0 10
2 5 10 1
10 15 0 20
10 0 15 2
500 6 6 3
TRACE
a=$("$bin" traffic --trace-in small.trace --n 4 --json | strip_wall)
b=$("$bin" traffic --trace-in small.trace --n 4 --messages m.csv --json | strip_wall)
if [ -n "$a" ] && [ "$a" = "$b" ]; then pass messages_same_json; else fail messages_same_json "$a / $b"; fi
# every row against its trace line: the same source, destination and words,
# created at the trace's cycle, arrival >= injection >= creation, the
# latencies the differences
bad=$(grep -v '^#' small.trace | awk 'NR == FNR { c[NR] = $1; s[NR] = $2; d[NR] = $3; w[NR] = $4; n = NR; next }
  FNR == 1 { if ($0 != "message,source,destination,words,flits,created,injected,arrived,latency,network_latency") print "header " $0; next }
  { k = FNR - 1
    if ($1 != k || $2 != s[k] || $3 != d[k] || $4 != w[k] || $5 != w[k] + 2 || $6 != c[k]) print "row " k ": " $0
    if (!($8 >= $7 && $7 >= $6) || $9 != $8 - $6 || $10 != $8 - $7) print "cycles " k ": " $0 }
  END { if (FNR - 1 != n) print FNR - 1 " rows for " n " messages" }' - FS=, m.csv)
if [ -f m.csv ] && [ -z "$bad" ]; then pass messages_trace_rows; else fail messages_trace_rows "${bad:-no file}"; fi
if [ "$(awk -F, 'NR > 1 { s += $9 } END { printf "%.2f", s / (NR - 1) }' m.csv)" = "$(echo "$a" | field lat_mean)" ]
then pass messages_mean_is_lat_mean; else fail messages_mean_is_lat_mean "$(cat m.csv) / $a"; fi
# synthetic traffic: the packets created in the window, every one arrived
j=$("$bin" traffic --n 4 --pattern uniform --rate 0.1 --window 300 --warmup 100 --messages s.csv --json)
rows=$(($(wc -l <s.csv) - 1))
if [ "$rows" = "$(echo "$j" | field packets)" ] && ! awk -F, 'NR > 1 && ($8 == "" || $8 < $7 || $7 < $6)' s.csv | grep -q .
then pass messages_synthetic_window; else fail messages_synthetic_window "$rows rows: $j"; fi
printf 'n = 4\ntrace-in = small.trace\nmessages = c.csv\n' >msg.conf
"$bin" traffic --config msg.conf >/dev/null 2>&1
if cmp -s c.csv m.csv; then pass messages_from_config; else fail messages_from_config "c.csv differs or is missing"; fi
refused messages_proc "messages = '/proc/m.csv': cannot write in the folder /proc" \
  traffic --trace-in small.trace --n 4 --messages /proc/m.csv
refused messages_folder "a folder, not a file" traffic --trace-in small.trace --n 4 --messages "$tmp"
refused messages_no_folder "does not exist" traffic --trace-in small.trace --n 4 --messages nope/m.csv
refused messages_not_run "--messages is not an option of run" run --kernel msgpass --n 4 --words 4 --messages x.csv
left=$(find . -name '*.partial-*' | head -3)
if [ -z "$left" ]; then pass messages_no_partial; else fail messages_no_partial "$left"; fi
