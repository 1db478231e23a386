#!/usr/bin/env bash
# docs/scale.md's results table: phased and msgpass AAPC at large tori on
# the C model, one run per row: % of Eq. 1, T_s, cycles, wall time and
# peak memory (maximum resident set, /usr/bin/time). A benchmark, not a
# test: wall time and memory are this machine's. Hours at 64x64.
#   SCALE_ROWS="phased:16:256 msgpass:64:4"  KERNEL:N:B rows (default below)
#   SCALE_THREADS=T                          --threads for every row (1)
#   SCALE_SKIP=MODE                          --skip for every row (auto: periodic)
#   SS=BIN                                   the binary (build/syncswitch)
# Writes build/results/scale_table.csv (temporary name, renamed when complete).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib/check.sh
. "$here/lib/check.sh"
# shellcheck source=scripts/lib/out.sh
. "$here/lib/out.sh"
check_int SCALE_THREADS 1 64
# (the default build must exist: say how to make it)
[ -n "${SS:-}" ] || [ -x build/syncswitch ] || { echo "scale_table.sh: no build/syncswitch (make first, or set SS)" >&2; exit 2; }
SS=${SS:-build/syncswitch}
check_sim SS
check_word SCALE_SKIP auto off idle periodic
rows=${SCALE_ROWS:-phased:16:256 msgpass:16:256 phased:32:64 msgpass:32:64 msgpass:64:16 phased:64:4}
threads=${SCALE_THREADS:-1}
check_each SCALE_ROWS '^(phased|phased-sw|two-stage|msgpass):[0-9]+:[0-9]+$' \
  "KERNEL:N:B rows, KERNEL phased, phased-sw, two-stage or msgpass, spaces between"
[ -x /usr/bin/time ] || { echo "scale_table.sh: needs /usr/bin/time (Debian package time)" >&2; exit 2; }
bin=$SS
# every row judged by the library (its ranges, the phased sizes, the
# memory a row needs) before the first long run starts: the run's own
# checks, run alone (--check)
for r in $rows; do
  IFS=: read -r k n b <<<"$r"
  check_run SCALE_ROWS "$r" --kernel "$k" --n "$n" --words "$b" --threads "$threads" --skip "${SCALE_SKIP:-auto}"
done
res=build/results
mkdir -p "$res"
out_clean "$res"
csv="$res/scale_table.csv"
part=$(out_part "$csv")
echo "kernel,n,words,threads,skip,cycles,pct_eq1,ts_cycles,skipped_share,wall_s,peak_mib" >"$part"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; _out_rm' EXIT
for r in $rows; do
  IFS=: read -r k n b <<<"$r"
  /usr/bin/time -f '%M' -o "$tmp/mem" "$bin" run --kernel "$k" --n "$n" --words "$b" \
    --threads "$threads" --skip "${SCALE_SKIP:-auto}" --json >"$tmp/json"
  j=$(cat "$tmp/json")
  mib=$(awk -v k="$(tail -1 "$tmp/mem")" 'BEGIN { printf "%.1f", k / 1024 }')
  line="$k,$n,$b,$threads"
  for x in skip cycles pct_eq1 ts_cycles skipped_share wall_s; do
    v=$(out_field "$j" "$x" "$bin run --kernel $k --n $n --words $b")   # (missing: stop, no CSV)
    line="$line,$v"
  done
  line="$line,$mib"
  echo "$line" >>"$part"
  echo "$line"
done
out_done "$csv"
