#!/usr/bin/env bash
# make routing-study (issue 29, part 4): what the routing functions change.
# 8x8, T_t = 1, depth 4, Bernoulli, packets of PACKET flits: for every
# pattern, K and routing function, latency against offered load from 0.01
# (the zero-load point) to one step past the first unstable point, as make
# traffic-study climbs (scripts/lib/study.sh); saturation is the highest
# stable offered load below the first unstable point.
#   ROUTING_PATTERNS  uniform transpose bitcomp bitrev shuffle tornado neighbor hotspot
#                     (hotspot is hotspot:0:0.1: a tenth of the packets to node 0)
#   ROUTING_FUNCTIONS dim_order min_adapt valiant
#   ROUTING_VCS       K, 2..4 (2 4): min_adapt and valiant need 2 or more
#   PACKET            flits per packet, 3..4096 (16)
#   WINDOW, WARMUP    cycles (10000, 1000); SEED (1)
#   STUDY_OUT=DIR, SS=BIN   where the results go (build/results/routing_study), the binary
# Writes STUDY_OUT/routing_curves_8x8.csv (every point), routing_saturation_8x8.csv
# (one row a curve) and routing_8x8.png (one panel a pattern: a colour a
# function, a line style a K; unstable points marked in the band above the
# black line, where their latency, of the packets that arrived, is not
# drawn), each under a temporary name until complete.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib/check.sh
. "$here/lib/check.sh"
# shellcheck source=scripts/lib/out.sh
. "$here/lib/out.sh"
# shellcheck source=scripts/lib/study.sh
. "$here/lib/study.sh"

SS=${SS:-build/syncswitch}
check_words ROUTING_PATTERNS uniform transpose bitcomp bitrev shuffle tornado neighbor hotspot
check_words ROUTING_FUNCTIONS dim_order min_adapt valiant
check_ints ROUTING_VCS 2 4
check_int PACKET 3 4096
check_int WINDOW 100 100000000
check_int WARMUP 0 100000000
check_int SEED 1 4294967295
check_dir STUDY_OUT
check_exe SS
bin=$SS
pats=${ROUTING_PATTERNS:-uniform transpose bitcomp bitrev shuffle tornado neighbor hotspot}
rfs=${ROUTING_FUNCTIONS:-dim_order min_adapt valiant}
vcs=${ROUTING_VCS:-2 4}
pkt=${PACKET:-16}
win=${WINDOW:-10000}
warm=${WARMUP:-1000}
seed=${SEED:-1}
res=${STUDY_OUT:-build/results/routing_study}
"$here/deps.sh" plot
mkdir -p "$res"
out_clean "$res"
curves=$res/routing_curves_8x8.csv sat=$res/routing_saturation_8x8.csv png=$res/routing_8x8.png
rm -f "$curves" "$sat" "$png"

# point PATTERN K ROUTING PACKET RATE: one CSV row, the unstable flag last
point() {
  local j pat=$1
  [ "$pat" = hotspot ] && pat=hotspot:0:0.1
  j=$("$bin" traffic --pattern "$pat" --rate "$5" --n 8 --tt 1 --depth 4 --vcs "$2" \
        --routing-function "$3" --packet "$4" --seed "$seed" --warmup "$warm" --window "$win" --json)
  [ "$(f "$j" verified)" = true ] || { echo "routing_study.sh: $1 K $2 $3 rate $5 not verified: $j" >&2; exit 1; }
  echo "$1,$2,$3,$4,$5,$(f "$j" offered),$(f "$j" accepted),$(f "$j" ideal),$(f "$j" lat_mean),$(f "$j" lat_p99),$(f "$j" net_mean),$(f "$j" unstable)"
}

{
  echo "pattern,vcs,routing,packet,rate,offered,accepted,ideal,lat_mean,lat_p99,net_mean,unstable"
  for p in $pats; do for k in $vcs; do for rf in $rfs; do curve "$p" "$k" "$rf" "$pkt"; done; done; done |
    sort -t, -k1,1 -k2,2n -k3,3 -k5,5g
} >"$(out_part "$curves")"
out_done "$curves"
saturation "$curves" >"$(out_part "$sat")"
out_done "$sat"

echo "8x8, T_t = 1, depth 4, $pkt-flit packets, seed $seed, window $win: saturation = the highest stable offered load below the first unstable one (flits/node/cycle); ideal: dimension order's bound (none computed for the others)"
table "$sat" routing packet

# the plot: panels in rows of four; colours by function, dashes by K
np=$(echo "$pats" | wc -w)
read -r first _ <<<"$pats"   # the legend's panel (ROUTING_PATTERNS may start with a blank)
rows=$(((np + 3) / 4)) cols=$((np < 4 ? np : 4))
# 440 pixels a panel, and room for the title when there are fewer than 3
width=$((cols * 440 < 1000 ? 1000 : cols * 440))
band=$(latency_band "$curves")
declare -A color=([dim_order]=black [min_adapt]=forest-green [valiant]=dark-orange)
dash() { case $1 in 2) echo "dt 1 pt 7" ;; 3) echo "dt 3 pt 5" ;; *) echo "dt 2 pt 4" ;; esac; }
{
  echo "set terminal pngcairo size $width,$((rows * 400 + 110)) font ',10' noenhanced; set output '$(gq "$(out_part "$png")")'"
  echo "set datafile separator ','; set grid; set logscale y"
  echo "set multiplot title '8x8 torus, T_t = 1, depth 4, $pkt-flit packets, seed $seed: mean packet latency against offered load (x: unstable)'"
  echo "set xlabel 'offered load (flits/node/cycle)'"
  band_axis "$band" "$(latency_floor "$curves")"
  echo "unset key"
  keys=""
  n=0
  for p in $pats; do
    # panel n: column n mod cols, row n / cols, under the title, above the legend
    # (the margins for the tick labels in pixels: 92 left, 9 right)
    awk -v n="$n" -v c="$cols" -v r="$rows" -v W="$width" 'BEGIN { w = 0.98 / c; h = 0.80 / r; col = n % c; row = int(n / c)
      printf "set lmargin at screen %.3f; set rmargin at screen %.3f; set tmargin at screen %.3f; set bmargin at screen %.3f\n",
        0.01 + col * w + 92 / W, 0.01 + (col + 1) * w - 9 / W, 0.91 - row * h - 0.04, 0.91 - (row + 1) * h + 0.07 }'
    if [ $((n % cols)) = 0 ]; then echo "set ylabel 'latency (cycles)'"; else echo "set ylabel ''"; fi
    n=$((n + 1))
    xmax=$(awk -F, -v p="$p" 'NR > 1 && $1 == p && $6 > m { m = $6 } END { print m * 1.04 }' "$curves")
    echo "set xrange [0:$xmax]; set title '$p$([ "$p" = hotspot ] && echo ' (a tenth to node 0)')'"
    printf "plot "
    i=0
    for rf in $rfs; do for k in $vcs; do
      sel="strcol(1) eq '$p' && \$2 == $k && strcol(3) eq '$rf'"
      printf "'%s' using (%s && strcol(12) eq 'false' ? \$6 : 1/0):9 with linespoints lw 2 %s ps 0.7 lc rgb '%s', " \
        "$(gq "$curves")" "$sel" "$(dash "$k")" "${color[$rf]}"
      printf "'%s' using (%s && strcol(12) eq 'true' ? \$6 : 1/0):(%s) with points pt 2 ps 1.2 lw 2 lc rgb '%s', " \
        "$(gq "$curves")" "$sel" "$(awk -v b="$band" -v i="$i" 'BEGIN { printf "%.0f", b * 4 / 1.3 ^ i }')" "${color[$rf]}"
      [ "$p" = "$first" ] && keys="${keys}NaN with linespoints lw 2 $(dash "$k") ps 0.7 lc rgb '${color[$rf]}' title '$rf, K = $k', "
      i=$((i + 1))
    done; done
    echo "1/0 notitle"
  done
  echo "unset arrow; unset title; unset xlabel; unset ylabel; unset tics; unset border; unset grid; unset logscale"
  echo "set lmargin at screen 0.02; set rmargin at screen 0.98; set bmargin at screen 0.0; set tmargin at screen 0.06"
  echo "set xrange [0:1]; set yrange [0:1]; set key center center horizontal maxrows 1 box samplen 3 width 1"
  echo "plot ${keys}1/0 notitle"
  echo "unset multiplot"
} | gnuplot
out_done "$png"
echo "plot: $png"
echo "CSV: $res/"
