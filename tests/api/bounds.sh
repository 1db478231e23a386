#!/usr/bin/env bash
# Every numeric field's bounds, from the library's own table (field_tool
# list): just outside each end, the command line refuses with exactly the
# library check's line ("syncswitch: " before it), exit 2; just inside, the
# check passes. Fields without a command-line flag are checked in the
# library only. Python and SystemC make the same comparison in their tests.
set -u
dir="${1:-build}"
bin="$dir/syncswitch"
tool="$dir/api/field_tool"
[ -x "$tool" ] || { echo "FAIL api_bounds: $tool not built"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# shellcheck source=tests/lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/lib.sh"
bin=$(bounded "$bin" "$tmp")   # each run bounded: CASE_TIMEOUT (tests/lib.sh)

# the command line of a set, with the field's flag
cli_for() {
  case "$1" in
    params)  echo "run --kernel cx-linear --n 4 --words 4" ;;
    kernel)  if [ "$2" = dist ]; then echo "run --kernel p2p --n 4 --words 4"
             elif [ "$2" = senders ]; then echo "run --kernel p2p-contend --n 4 --words 4"
             else echo "run --kernel cx-linear --n 4 --words 4"; fi ;;
    traffic) echo "traffic --pattern uniform --rate 0.1 --n 4 --window 100 --warmup 0" ;;
  esac
}

# outside and inside values of a field: integers one past each end; reals
# a little past (the ranges' ends are round numbers)
values() {
  local type=$1 lo=$2 hi=$3
  awk -v t="$type" -v lo="$lo" -v hi="$hi" 'BEGIN {
    if (t == "int") { printf "out %.0f\nout %.0f\nin %.0f\nin %.0f\n", lo - 1, hi + 1, lo, hi }
    else { d = (hi - lo) / 1000; if (d > 1) d = 1
           printf "out %.10g\nout %.10g\nin %.10g\nin %.10g\n", lo - d, hi + d, lo, hi } }'
}

bad=""; n=0; cli_n=0
while read -r set name type lo hi; do
  [ "$type" = text ] && continue
  flag="--${name//_/-}"
  base=$(cli_for "$set" "$name")
  has_flag=1
  "$bin" --help | grep -Eq "^  $flag [A-Z]" || has_flag=0   # an option with a value
  while read -r where v; do
    lib=$("$tool" check "$set" "$name" "$v")
    n=$((n + 1))
    if [ "$where" = in ]; then
      case "$lib" in ok|*"kernel "*|*"n = "*|*"memory"*) ;;   # inside the range: no range refusal
        *"$name = "*) bad="$bad [$set.$name=$v inside refused: $lib]" ;; esac
      continue
    fi
    case "$lib" in "$name = $v is out of range"*|"$name = "*"out of range"*) ;;
      *) bad="$bad [$set.$name=$v: library says '$lib']"; continue ;; esac
    [ "$has_flag" = 1 ] || continue
    [ "$name" = n ] && base=${base/--n 4/}
    # shellcheck disable=SC2086
    "$bin" $base "$flag" "$v" >"$tmp/out" 2>"$tmp/err"; rc=$?
    cli_n=$((cli_n + 1))
    if [ $rc -ne 2 ] || [ "$(cat "$tmp/err")" != "syncswitch: $lib" ]; then
      bad="$bad [$flag $v: exit $rc, '$(head -c 200 "$tmp/err")' vs library '$lib']"
    fi
    base=$(cli_for "$set" "$name")
  done < <(values "$type" "$lo" "$hi")
done < <("$tool" list)
if [ "$n" -lt 40 ]; then echo "FAIL api_bounds: only $n values tried"
elif [ -n "$bad" ]; then echo "FAIL api_bounds:$bad"
else echo "PASS api_bounds ($n values, $cli_n through the command line, same line each)"; fi
