#!/usr/bin/env bash
# The main job (make run): phased AAPC over the hardware synchronizing
# switch and message-passing AAPC on an 8x8 torus with the iwarp preset,
# message sizes 16..4096 words; a table on stdout, CSV and a plot under
# build/results/.
#   N=8|16|32|64   the torus (default 8; from 16 on, the second table's
#                  default B = 1024 does not fit some kernels: set SIZES2)
#   SIZES, SIZES2  the message sizes in words of the two tables
#   KERNELS2       the kernels of the second table (names of syncswitch list)
#   SS=BIN         the binary (default build/syncswitch)
# Each variable is checked before any work; each file is written under a
# temporary name and renamed when complete (scripts/lib/out.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib/check.sh
. "$here/lib/check.sh"
# shellcheck source=scripts/lib/out.sh
. "$here/lib/out.sh"
SS=${SS:-build/syncswitch}
check_sim SS
# the hypercube kernels of the second table need n*n a power of two
check_word N 8 16 32 64
check_ints SIZES 1 1048576
check_ints SIZES2 1 1048576
# shellcheck disable=SC2046
check_words KERNELS2 $("$SS" list | awk '{ print $1 }')
bin=$SS
res=build/results
# run ARGS...: one `syncswitch run ARGS --json`; a run that fails says so on
# stderr and stops the script (its output is not written)
run() {
  "$bin" run "$@" --json || { echo "sweep.sh: $bin run $* failed (exit $?)" >&2; return 1; }
}
n=${N:-8}
sizes=${SIZES:-"16 32 64 128 256 512 1024 2048 4096"}
sizes2=${SIZES2:-"64 256 1024"}
kernels2=${KERNELS2:-"phased phased-sw phased-gsync msgpass two-stage store-forward aapc-hh aapc-bucket cx-pairwise cx-standard"}
# every run judged by the library before the first (check_run: a kernel
# or size that cannot run is refused here, not after the first table). A
# refusal names the size (so N=16's default SIZES2 of 1024, too large
# there, is named, not N), or the kernel when KERNELS2 is set
for k in phased msgpass; do for b in $sizes; do check_run SIZES "$b" --kernel "$k" --n "$n" --words "$b"; done; done
for k in $kernels2; do for b in $sizes2; do
  var=SIZES2 word=$b
  [ -z "${KERNELS2:-}" ] || var=KERNELS2 word=$k
  check_run "$var" "$word" --kernel "$k" --n "$n" --words "$b"
done; done
csv="$res/aapc_${n}x${n}.csv"
csv2="$res/aapc_kernels_${n}x${n}.csv"
png="$res/aapc_${n}x${n}.png"

"$here/deps.sh" plot
mkdir -p "$res"
out_clean "$res"
rm -f "$csv" "$csv2" "$png"

part=$(out_part "$csv")
echo "kernel,n,words,tt,mhz,cycles,bytes,agg_mbps,pct_eq1,eq1_mbps,ts_cycles,eq3_mbps,verified" >"$part"
for k in phased msgpass; do
  for b in $sizes; do
    j=$(run --kernel "$k" --n "$n" --words "$b")
    echo "$j" | awk -v k="$k" '
      { gsub(/[{}"]/, ""); n = split($0, kv, ",");
        for (i = 1; i <= n; i++) { split(kv[i], p, ":"); v[p[1]] = p[2] }
        printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", v["kernel"], v["n"], v["words"],
          v["tt"], v["mhz"], v["cycles"], v["bytes"], v["agg_mbps"], v["pct_eq1"],
          v["eq1_mbps"], v["ts_cycles"], v["eq3_mbps"], v["verified"] }' >>"$part"
  done
done
out_done "$csv"

# Eq. 3 predicts phased AAPC from one start-up figure: take T_s from the
# largest phased run and see how well it predicts every other size.
ts=$(awk -F, '$1=="phased" { t = $11 } END { print t }' "$csv")
echo
echo "AAPC on a ${n}x${n} torus, iwarp preset (S = 20 MHz, T_t = 2): Eq. 1 = $(awk -F, 'NR==2 {print $10}' "$csv") MB/s"
echo "Eq. 3 column: 32nBS/(T_s + T_t B) with T_s = $ts cycles measured at the largest phased size"
echo
awk -F, -v ts="$ts" 'NR > 1 {
    key = $3; words[key] = 1
    if ($1 == "phased") { pc[key] = $6; pb[key] = $8; pp[key] = $9; pts[key] = $11; pv[key] = $13
                          pe[key] = 32 * $2 * $3 * $5 / (ts + $4 * $3) }
    else { mc[key] = $6; mb[key] = $8; mp[key] = $9; mv[key] = $13 }
    order[NR] = key }
  END {
    printf "%6s | %9s %9s %7s %7s %9s | %9s %9s %7s | %s\n", "words", "cycles", "MB/s", "%Eq1",
           "T_s", "Eq3 MB/s", "cycles", "MB/s", "%Eq1", "winner"
    printf "%6s | %-45s | %-27s |\n", "", "phased (hardware sync switch)", "msgpass (e-cube, 400-cycle send)"
    for (i = 2; i <= NR; i++) { k = order[i]; if (done[k]++) continue
      printf "%6d | %9d %9.1f %6.1f%% %7.1f %9.1f | %9d %9.1f %6.1f%% | %s%s\n", k, pc[k], pb[k], pp[k],
             pts[k], pe[k], mc[k], mb[k], mp[k], (pb[k] >= mb[k]) ? "phased" : "msgpass",
             (pv[k] == "true" && mv[k] == "true") ? "" : "  NOT VERIFIED" }
  }' "$csv"
echo
echo "CSV: $csv"

if command -v gnuplot >/dev/null 2>&1; then
  gnuplot <<GP
set datafile separator ","
set terminal pngcairo size 900,560 noenhanced
set output "$(out_part "$png")"
set title "AAPC on a ${n}x${n} torus (iwarp preset): aggregate bandwidth vs message size"
set logscale x 2
set xlabel "message size B (words)"
set ylabel "aggregate bandwidth (MB/s)"
set key right bottom
set grid
eq1 = $(awk -F, 'NR==2 {print $10}' "$csv")
eq3(b) = 32 * $n * b * 20 / ($ts + 2 * b)
plot eq1 title "Eq. 1 physical limit" with lines dt 2 lw 2, \
     eq3(x) title "Eq. 3, T_s = $ts cycles" with lines dt 3 lw 2, \
     "< grep '^phased' $csv" using 3:8 title "phased, hardware sync switch" with linespoints lw 2 pt 7, \
     "< grep '^msgpass' $csv" using 3:8 title "message passing (e-cube)" with linespoints lw 2 pt 5
GP
  out_done "$png"
  echo "plot: $png"
fi

# The other AAPC kernels of the source papers, same network and preset.
part=$(out_part "$csv2")
echo "kernel,n,words,cycles,agg_mbps,pct_eq1,verified" >"$part"
for k in $kernels2; do
  for b in $sizes2; do
    run --kernel "$k" --n "$n" --words "$b" | awk -v k="$k" '
      { gsub(/[{}"]/, ""); m = split($0, kv, ",");
        for (i = 1; i <= m; i++) { split(kv[i], p, ":"); v[p[1]] = p[2] }
        printf "%s,%s,%s,%s,%s,%s,%s\n", k, v["n"], v["words"], v["cycles"], v["agg_mbps"],
               v["pct_eq1"], v["verified"] }' >>"$part"
  done
done
out_done "$csv2"
echo
echo "Other AAPC kernels on the ${n}x${n} torus: aggregate MB/s (% of Eq. 1)"
awk -F, -v sizes="$sizes2" 'BEGIN { ns = split(sizes, S, " ");
    printf "%-14s", "kernel"; for (i = 1; i <= ns; i++) printf " | %18s", "B = " S[i]; printf "\n" }
  NR > 1 { if (!($1 in seen)) { seen[$1] = 1; order[++nk] = $1 }
           cell[$1, $3] = sprintf("%8.1f (%5.1f%%)%s", $5, $6, $7 == "true" ? "" : "!") }
  END { for (j = 1; j <= nk; j++) { printf "%-14s", order[j]
          for (i = 1; i <= ns; i++) printf " | %18s", cell[order[j], S[i]]; printf "\n" } }' "$csv2"
echo "CSV: $csv2   (! = data not verified)"
