#!/usr/bin/env bash
# run.sh's queue (its add, also, add_c and lane, taken from run.sh itself) on
# stand-in parts that sleep and print: over two lanes every part runs
# once, an entry's parts in order in one lane, a crash of test_model is a
# FAIL line; one lane runs the queue in its order. And on a planted fault,
# each lane counting the entries on its own: the parts run twice, and the
# check says so. No simulation; a few seconds.
# Prints one PASS/FAIL line per check.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass() { echo "PASS runner_queue_$1"; }
fail() { echo "FAIL runner_queue_$1: $2"; }

funcs=$tmp/funcs.sh
{ sed -n '/^part() {$/,/^}$/p' "$here/run.sh"
  sed -n '/^queue=()$/,/^rtl() /p' "$here/run.sh"
  sed -n '/^lane() {$/,/^}$/p' "$here/run.sh"; } >"$funcs"
for f in part add also crash add_c lane; do
  grep -q "^$f() " "$funcs" || { fail extract "no $f() in tests/run.sh"; exit 1; }
done
# the planted fault: each lane its own count (a file named for its lines)
sed 's/"\$next"/"$next.${lane_out##*.}"/g' "$funcs" >"$tmp/planted.sh"
cmp -s "$funcs" "$tmp/planted.sh" && { fail extract "the plant no longer applies to lane()"; exit 1; }

# run FUNCS LANES: the stand-in queue; each lane's lines in $tmp/lane.N,
# each part's name in $tmp/times in the order they finished
run() {
  ( part_bound=60 times=$tmp/times next=$tmp/next
    : >"$times"; : >"$next"; rm -f "$next".*
    # shellcheck disable=SC1090
    . "$1"
    for i in 1 2 3 4 5 6; do add "p$i" sh -c "sleep 0.$((7 - i)); echo 'PASS p$i (a b)'"; done
    also p7 sh -c "echo 'PASS p7'"
    also p8 sh -c "echo 'PASS p8'"
    add_c test_model sh -c "echo 'PASS tm'; kill -SEGV \$\$"
    add p9 sh -c "echo 'PASS p9'"
    if [ "$2" = 2 ]; then
      : >"$tmp/lane.1"; : >"$tmp/lane.2"
      lane "$tmp/lane.1" >/dev/null & lane "$tmp/lane.2" >/dev/null & wait
    else
      : >"$tmp/lane.1"; rm -f "$tmp/lane.2"; lane "$tmp/lane.1" >/dev/null
    fi )
}
all="p1 p2 p3 p4 p5 p6 p7 p8 test_model p9"
# once: every part finished once, none twice
once() {
  local got
  got=$(sort "$tmp/times" | awk '{print $1}' | paste -sd' ' -)
  [ "$got" = "$(echo "$all" | tr ' ' '\n' | sort | paste -sd' ' -)" ]
}

run "$funcs" 2
if once; then pass each_part_once
else fail each_part_once "$(awk '{print $1}' "$tmp/times" | paste -sd' ' -)"; fi
# p6, p7, p8: one entry, so one lane's lines, in that order, one after another
l=$(grep -l 'PASS p6' "$tmp"/lane.* 2>/dev/null)
if [ -n "$l" ] && grep -A2 'PASS p6' "$l" | paste -sd' ' - | grep -qx 'PASS p6 (a b) PASS p7 PASS p8'; then
  pass entry_in_one_lane
else fail entry_in_one_lane "$(cat "$tmp"/lane.* | paste -sd'|' -)"; fi
if [ -s "$tmp/lane.1" ] && [ -s "$tmp/lane.2" ]; then pass both_lanes_work
else fail both_lanes_work "a lane ran nothing: $(wc -l "$tmp"/lane.* | paste -sd' ' -)"; fi
if [ "$(grep -c '^FAIL test_model_exit: test_model exited with status 139 (crash?)$' "$tmp"/lane.*  | awk -F: '{s += $2} END {print s}')" = 1 ]; then
  pass test_model_crash
else fail test_model_crash "$(grep -h test_model "$tmp"/lane.* | paste -sd'|' -)"; fi

run "$funcs" 1
if once && [ "$(awk '{print $1}' "$tmp/times" | paste -sd' ' -)" = "$all" ]; then pass one_lane_in_order
else fail one_lane_in_order "$(awk '{print $1}' "$tmp/times" | paste -sd' ' -)"; fi

# the plant: the check above must see the parts run twice
run "$tmp/planted.sh" 2
if once; then fail planted_count_per_lane "each lane counting on its own passed the check"
elif [ "$(grep -c '^p1 ' "$tmp/times")" = 2 ]; then pass planted_count_per_lane
else fail planted_count_per_lane "not twice: $(awk '{print $1}' "$tmp/times" | paste -sd' ' -)"; fi
