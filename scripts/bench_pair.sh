#!/usr/bin/env bash
# scripts/bench_pair.sh BEFORE AFTER [REPS]: the C model's speed before and
# after a change, as docs/scale.md ("Single-thread speed") measures it: make
# bench's 8x8 phased (B = 1024) and msgpass (B = 256) rows, the two
# syncswitch binaries run in turn REPS times (default 9) so that both see
# the same load, the best wall_s of each; the cycles must not move. On a
# shared machine run it at a high priority (nice -n -20, as root).
# Each argument is checked before any run (scripts/lib/check.sh: REPS
# 1..1000, each binary a simulator that answers); a run whose JSON lacks
# cycles or wall_s stops it, naming the binary (no -nan in the table).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib/check.sh
. "$here/lib/check.sh"
# shellcheck source=scripts/lib/out.sh
. "$here/lib/out.sh"
[ $# -ge 2 ] && [ $# -le 3 ] && [ -n "$1" ] && [ -n "$2" ] ||
  { echo "usage: scripts/bench_pair.sh BEFORE AFTER [REPS]" >&2; exit 2; }
BEFORE=$1 AFTER=$2 REPS=${3:-}
check_sim BEFORE
check_sim AFTER
check_int REPS 1 1000
before=$BEFORE after=$AFTER reps=${REPS:-9}
declare -A best cyc
for ((i = 0; i < reps; i++)); do
  for spec in "phased 8 1024" "msgpass 8 256"; do
    read -r k n b <<<"$spec"
    for who in before after; do
      bin=$before
      [ "$who" = after ] && bin=$after
      j=$("$bin" run --kernel "$k" --n "$n" --words "$b" --json)
      c=$(out_field "$j" cycles "$bin run --kernel $k --n $n --words $b")
      w=$(out_field "$j" wall_s "$bin run --kernel $k --n $n --words $b")
      cyc[$k $who]=$c
      if [ -z "${best[$k $who]:-}" ] || awk -v a="$w" -v b="${best[$k $who]}" 'BEGIN { exit !(a < b) }'; then
        best[$k $who]=$w
      fi
    done
  done
done
status=0
printf "%-8s %5s %8s %9s %10s %9s %10s %8s\n" kernel n cycles before_s "rc/s" after_s "rc/s" speed-up
for spec in "phased 8" "msgpass 8"; do
  read -r k n <<<"$spec"
  if [ "${cyc[$k before]}" != "${cyc[$k after]}" ]; then
    echo "$k: cycles moved: ${cyc[$k before]} before, ${cyc[$k after]} after" >&2
    status=1
  fi
  awk -v k="$k" -v n="$n" -v c="${cyc[$k after]}" -v b="${best[$k before]}" -v a="${best[$k after]}" \
    'BEGIN { printf "%-8s %5s %8s %9.3f %10.0f %9.3f %10.0f %7.2fx\n", k, n "x" n, c, b, c * n * n / b, a, c * n * n / a, b / a }'
done
exit $status
