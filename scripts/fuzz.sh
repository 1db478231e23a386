#!/usr/bin/env bash
# make fuzz: co-simulation fuzzing. Runs the fuzz kernels (docs/kernels/fuzz.md)
# on --backend cosim (every link of the Verilated RTL compared with the C
# model every cycle, every word checked) for FUZZ_TIME seconds, each run a
# fresh kernel seed at a random parameter point: (n, depth, T_t) from
# FUZZ_POINTS, kernel fuzz or fuzz-sw, words, message-passing and call
# costs, memory bandwidth. Stops at the first divergence or failure with
# one line holding the exact command that replays it, and ends with a
# summary. Exit 0: no divergence; 1: a divergence or failure; 2: bad input.
#
#   FUZZ_TIME=S     seconds of fuzzing (default 600); the Verilated builds
#                   of the points, made first, do not count
#   FUZZ_POINTS=L   space-separated n:depth:tt points (default: the six that
#                   make test builds); a new one is built on first use
#   FUZZ_SEED=S     first kernel seed, and the seed of the parameter draws
#                   (default: from the clock); the same FUZZ_SEED and
#                   FUZZ_POINTS draw the same runs
set -u
dir="${1:-build}"
bin="$dir/syncswitch"
# shellcheck source=scripts/lib/check.sh
. "$(dirname "$0")/lib/check.sh"
check_int FUZZ_TIME 1 1000000
check_int FUZZ_SEED 0 4000000000
time_s="${FUZZ_TIME:-600}"
points="${FUZZ_POINTS:-8:4:2 8:1:2 8:3:3 8:6:1 4:4:2 6:4:2}"
seed0="${FUZZ_SEED:-$(( $(date +%s) % 1000000 ))}"

bad() { echo "fuzz: $*" >&2; exit 2; }
read -r -a pts <<<"$points"
[ ${#pts[@]} -ge 1 ] || check_fail FUZZ_POINTS "n:depth:tt points, spaces between (e.g. '8:4:2 4:2:1')"
for p in "${pts[@]}"; do
  # n even 4..32: the fuzz kernels' tori
  [[ "$p" =~ ^([0-9]+):([0-9]+):([0-9]+)$ ]] &&
    n=${BASH_REMATCH[1]} d=${BASH_REMATCH[2]} t=${BASH_REMATCH[3]} &&
    is_int "$n" 4 32 && [ $((10#$n % 2)) -eq 0 ] && is_int "$d" 1 16 && is_int "$t" 1 64 ||
    check_fail FUZZ_POINTS "n:depth:tt points, spaces between, n even 4..32, depth 1..16, tt 1..64; '$p' is not one"
done
[ -x "$bin" ] || bad "no $bin (run make first)"

err="$dir/fuzz_run.err"
runs=0
# fail RC ARGS...: report the run of ARGS that exited RC (one line), the
# command that replays it, and stop
fail() {
  local rc=$1 what; shift
  case $rc in
    4) what="co-simulation divergence" ;;
    1) what="verification failed" ;;
    3) what="watchdog (hang)" ;;
    *) what="exit $rc" ;;
  esac
  echo "fuzz: FAIL after $runs runs: $what: $(grep -m1 . "$err" | head -c 300)"
  echo "fuzz: replay: $bin $*"
  exit 1
}

# Build each point's Verilated binary now (the tool makes it on demand) with
# a first, empty-message run, so the clock below counts fuzzing only.
t0=$(date +%s)
for p in "${pts[@]}"; do
  IFS=: read -r n d t <<<"$p"
  args=(run --kernel fuzz --n "$n" --depth "$d" --tt "$t" --words 0 --seed "$seed0" --backend cosim)
  "$bin" "${args[@]}" >/dev/null 2>"$err" || fail $? "${args[@]}"
  runs=$((runs + 1))
done
echo "fuzz: ${#pts[@]} points ready in $(( $(date +%s) - t0 )) s; fuzzing for $time_s s from seed $seed0"

RANDOM=$((seed0 % 32768))
membw=(0 0 0 0.5 0.75 1 1.5)
runs=0 sw=0 seed=$seed0
start=$(date +%s)
declare -A used
while [ $(( $(date +%s) - start )) -lt "$time_s" ]; do
  IFS=: read -r n d t <<<"${pts[RANDOM % ${#pts[@]}]}"
  k=fuzz; [ $((RANDOM % 2)) -eq 1 ] && { k=fuzz-sw; sw=$((sw + 1)); }
  words=$((RANDOM % 33))
  msg=$((RANDOM % 41)); [ $((RANDOM % 8)) -eq 0 ] && msg=400
  call=$((RANDOM % 11))
  mem=${membw[RANDOM % ${#membw[@]}]}
  args=(run --kernel "$k" --n "$n" --depth "$d" --tt "$t" --words "$words" --seed "$seed"
        --msg-cycles "$msg" --call-cycles "$call" --mem-bw "$mem" --backend cosim)
  out=$("$bin" "${args[@]}" --json 2>"$err"); rc=$?
  runs=$((runs + 1))
  used["$n:$d:$t"]=1
  [ $rc -eq 0 ] && ! grep -q '"verified":true' <<<"$out" && rc=1
  [ $rc -ne 0 ] && fail $rc "${args[@]}"
  seed=$((seed + 1))
done
echo "fuzz: $runs runs ($((runs - sw)) fuzz, $sw fuzz-sw), seeds $seed0..$((seed - 1)), ${#used[@]} points, $(( $(date +%s) - start )) s: no divergence"
rm -f "$err"
