#!/usr/bin/env bash
# The periodicity census (model/census.h, `make census`): the census build
# runs the same simulation (the same JSON); it sees every stepped cycle
# and no skipped one; phased AAPC's streaming routers and nodes count as
# repeating, its HEADs and TAILs as not; a "so far" line each 65,536
# stepped cycles. Then planted faults in a copy of model/census.c (a
# census that never sees a repeat, one that counts a cycle twice) must
# fail those checks.
set -u
dir="${1:-build}"
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$here/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass() { echo "PASS census_$1"; }
fail() { echo "FAIL census_$1: $2"; }

cen="$dir/census/syncswitch"
if [ ! -x "$cen" ]; then
  if [ "${TEST_PREBUILT:-0}" = 1 ]; then
    fail built "no $cen: make test builds it first (mk/test.mk)"; exit 0
  fi
  make -s -C "$root" census BUILD="$(cd "$dir" && pwd)" >"$tmp/make.log" 2>&1 ||
    { fail built "make census: $(tail -1 "$tmp/make.log")"; exit 0; }
fi

# stats BIN ARGS: the census line of a run into $tmp/line, its JSON into
# $tmp/json, every census line into $tmp/all
stats() {
  local b=$1; shift
  "$b" run "$@" --json >"$tmp/json" 2>"$tmp/err"
  grep '^census' "$tmp/err" >"$tmp/all"
  grep '^census:' "$tmp/err" >"$tmp/line"
}
num() { sed -n "s/.*$1 \([0-9.]*\) %.*/\1/p" "$tmp/line"; }
stepped() { sed -n 's/^census: \([0-9]*\) stepped cycles.*/\1/p' "$tmp/line"; }

# check NAME BIN: the checks below, on census binary BIN
check() {
  local tag=$1 b=$2 bad=0
  stats "$b" --kernel phased --n 8 --words 96
  plain=$("$dir/syncswitch" run --kernel phased --n 8 --words 96 --json | strip_wall)
  if [ "$(strip_wall <"$tmp/json")" = "$plain" ] && [ -s "$tmp/line" ]; then pass "${tag}same_json"
  else fail "${tag}same_json" "$(json_diff "$(cat "$tmp/json")" "$plain") / $(cat "$tmp/line")"; bad=1; fi

  # --skip off: every cycle stepped and seen
  stats "$b" --kernel phased --n 8 --words 64 --skip off
  cyc=$(field cycles <"$tmp/json")
  if [ -n "$cyc" ] && [ "$(stepped)" = "$cyc" ]; then pass "${tag}every_cycle"
  else fail "${tag}every_cycle" "census saw $(stepped) of $cyc cycles"; bad=1; fi

  # the periodic skip's cycles are not seen: stepped = cycles less skipped
  stats "$b" --kernel phased --n 8 --words 256
  cyc=$(field cycles <"$tmp/json"); share=$(field skipped_share <"$tmp/json")
  if awk -v s="$(stepped)" -v c="$cyc" -v f="$share" \
       'BEGIN { d = s - c * (1 - f); exit !(f > 0.5 && s < c && d <= c * 0.00005 + 1 && d >= -c * 0.00005 - 1) }'
  then pass "${tag}skipped_unseen"
  else fail "${tag}skipped_unseen" "census saw $(stepped) of $cyc cycles, skipped share $share"; bad=1; fi

  # B = 1024, all stepped: the streams repeat (about 2 % of routers and
  # nodes to step), the edges do not (not 0); two so-far lines
  stats "$b" --kernel phased --n 8 --words 1024 --skip idle
  r=$(num "routers to step"); nd=$(num "nodes to step"); e=$(num "either")
  if awk -v r="$r" -v n="$nd" -v e="$e" \
       'BEGIN { exit !(r > 0 && r < 10 && n > 0 && n < 10 && e >= r && e >= n && e <= r + n) }'
  then pass "${tag}streams_repeat"
  else fail "${tag}streams_repeat" "$(cat "$tmp/line")"; bad=1; fi
  so=$(grep -c '^census (so far):' "$tmp/all")
  want=$(( $(stepped) / 65536 ))
  if [ "$so" = "$want" ] && [ "$want" -ge 1 ]; then pass "${tag}so_far"
  else fail "${tag}so_far" "$so so-far lines for $(stepped) stepped cycles (want $want)"; bad=1; fi
  return $bad
}
check "" "$cen"

# planted: model/census.c mutated, linked with the census build's other
# objects (their plain code, no link-time optimization: a second)
plant() {
  local name=$1 from=$2 to=$3
  sed "s#$from#$to#" "$root/model/census.c" >"$tmp/census.c"
  if cmp -s "$tmp/census.c" "$root/model/census.c"; then fail "planted_$name" "the plant found nothing to change"; return; fi
  ${CC:-cc} -std=c11 -O2 -DSS_CENSUS -I"$root/model" -c -o "$tmp/census.o" "$tmp/census.c" &&
    ${CC:-cc} -o "$tmp/cen" $(find "$dir/census/obj" -name '*.o' ! -name census.o) "$tmp/census.o" -lm -pthread \
      2>"$tmp/link.log" ||
    { fail "planted_$name" "could not build the plant: $(tail -1 "$tmp/link.log")"; return; }
  if check "planted_${name}_" "$tmp/cen" >"$tmp/plant.out"; then
    fail "planted_$name" "every check passed with the plant"
  else
    pass "planted_$name"
  fi
}
plant never_repeats 'yes |= tr->run\[P\] >= 2 \* P;' 'yes |= tr->run[P] >= 2 * P + 60000;'
plant counts_twice 'uint64_t t = c->stepped++;' 'uint64_t t = c->stepped++; c->stepped++;'
