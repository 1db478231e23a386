#!/usr/bin/env bash
# make traffic-study (issue 21, part 5): 8x8, T_t = 1, 5-flit packets,
# Bernoulli. Two sweeps:
#  * curves: uniform, transpose and bitcomp at depth 4, for every K (--vcs)
#    and both tie rules (--ties): latency against offered load, to the knee;
#  * depth: uniform's saturation against the buffer depth, for the K of
#    DEPTH_VCS and both tie rules (the credit loop, docs/traffic_study.md).
# Each curve starts at 0.01 (the zero-load point), climbs by a coarse step
# until the first unstable point (docs/traffic.md, "Stable or saturated"),
# then fills the last coarse interval with a fine step and goes one coarse
# step past the first unstable point. Saturation is the highest stable
# offered load below the first unstable point.
#   STUDY_PATTERNS  the curves' patterns (uniform transpose bitcomp)
#   STUDY_VCS       the curves' K (1 2 4)
#   STUDY_TIES      the tie rules, both sweeps (plus balanced)
#   STUDY_DEPTHS    the depth sweep's depths (1 2 3 4 5 6 7 8; 0 skips it)
#   DEPTH_VCS       the depth sweep's K (1 2)
#   WINDOW, WARMUP  cycles (10000, 1000); SEED (1)
#   STUDY_OUT=DIR, SS=BIN   where the results go, the binary
#   REPLOT=1        no runs: the tables and the plot again from the CSVs
#                   of the last complete run in STUDY_OUT, labelled with
#                   that run's seed, window and warm-up (run_8x8.csv; SEED,
#                   WINDOW and WARMUP are not used)
# Writes STUDY_OUT/curves_8x8.csv (every point), saturation_8x8.csv (one row
# a curve), run_8x8.csv (the seed, window and warm-up the points ran with), depth_points_8x8.csv and depth_8x8.csv (the same for the depth
# sweep), study_8x8.png (the curves) and depth_8x8.png (saturation against
# depth), with gnuplot. Each variable is checked before any work; each file
# is written under a temporary name and renamed when complete, after the
# last run's files are removed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib/check.sh
. "$here/lib/check.sh"
# shellcheck source=scripts/lib/out.sh
. "$here/lib/out.sh"

SS=${SS:-build/syncswitch}
check_words STUDY_PATTERNS uniform transpose bitcomp
check_ints STUDY_VCS 1 4
check_words STUDY_TIES plus balanced
check_ints STUDY_DEPTHS 0 16
check_ints DEPTH_VCS 1 4
check_int WINDOW 100 100000000
check_int WARMUP 0 100000000
check_int SEED 1 4294967295
check_dir STUDY_OUT
check_exe SS
check_bool REPLOT
bin=$SS
pats=${STUDY_PATTERNS:-uniform transpose bitcomp}
vcs=${STUDY_VCS:-1 2 4}
ties=${STUDY_TIES:-plus balanced}
depths=${STUDY_DEPTHS:-1 2 3 4 5 6 7 8}
dvcs=${DEPTH_VCS:-1 2}
win=${WINDOW:-10000}
warm=${WARMUP:-1000}
seed=${SEED:-1}
res=${STUDY_OUT:-build/results/traffic_study}

replot=${REPLOT:-0}
run=$res/run_8x8.csv
if [ "$replot" = 1 ] && { [ ! -f "$res/saturation_8x8.csv" ] || [ ! -f "$run" ]; }; then
  echo "traffic_study.sh: REPLOT = 1 needs the CSVs of a complete run in $res (saturation_8x8.csv, run_8x8.csv)" >&2; exit 2
fi
"$here/deps.sh" plot
mkdir -p "$res"
out_clean "$res"
[ "$replot" = 1 ] || rm -f "$res"/curves_8x8.csv "$res"/saturation_8x8.csv "$res"/depth_8x8.csv "$res"/depth_points_8x8.csv \
  "$res"/study_8x8.png "$res"/depth_8x8.png "$run"
# the labels of a replot are the run's, not this call's
[ "$replot" = 0 ] || IFS=, read -r seed win warm < <(sed -n 2p "$run")

# shellcheck source=scripts/lib/study.sh
. "$here/lib/study.sh"

# point PATTERN K TIES DEPTH RATE: one CSV row; its unstable flag is the last field
point() {
  local j
  j=$("$bin" traffic --pattern "$1" --rate "$5" --n 8 --tt 1 --depth "$4" --vcs "$2" --ties "$3" \
        --seed "$seed" --warmup "$warm" --window "$win" --json)
  [ "$(f "$j" verified)" = true ] || { echo "traffic_study.sh: $1 K $2 $3 depth $4 rate $5 not verified: $j" >&2; exit 1; }
  echo "$1,$2,$3,$4,$5,$(f "$j" offered),$(f "$j" accepted),$(f "$j" ideal),$(f "$j" lat_mean),$(f "$j" lat_p99),$(f "$j" net_mean),$(f "$j" unstable)"
}

header="pattern,vcs,ties,depth,rate,offered,accepted,ideal,lat_mean,lat_p99,net_mean,unstable"
# sorted: by pattern, K, tie rule, depth and rate
sorted() { sort -t, -k1,1 -k2,2n -k3,3r -k4,4n -k5,5g; }

curves=$res/curves_8x8.csv sat=$res/saturation_8x8.csv
depth=$res/depth_8x8.csv dpoints=$res/depth_points_8x8.csv
if [ "$replot" = 0 ]; then
  part=$(out_part "$curves")
  {
    echo "$header"
    for p in $pats; do for k in $vcs; do for t in $ties; do curve "$p" "$k" "$t" 4; done; done; done | sorted
  } >"$part"
  out_done "$curves"
  saturation "$curves" >"$(out_part "$sat")"
  printf 'seed,window,warmup\n%s,%s,%s\n' "$seed" "$win" "$warm" >"$(out_part "$run")"
  out_done "$sat" "$run"

  if [ "$depths" != 0 ]; then
    {
      echo "$header"
      for k in $dvcs; do for t in $ties; do for d in $depths; do
        [ "$d" = 0 ] || curve uniform "$k" "$t" "$d"
      done; done; done | sorted
    } >"$(out_part "$dpoints")"
    saturation "$(out_part "$dpoints")" >"$(out_part "$depth")"
    out_done "$dpoints" "$depth"
  fi
fi

echo "8x8, T_t = 1, 5-flit packets, seed $seed, window $win: saturation = the highest stable offered load below the first unstable one (flits/node/cycle)"
table "$sat"
if [ -f "$depth" ] && [ "$depths" != 0 ]; then echo; echo "uniform against depth"; table "$depth"; fi

# The plot: one panel a pattern, a colour a K, a line style a tie rule; the
# ideal of each rule a grey vertical line. An unstable point's latency is
# only of the packets that arrived, so it is not drawn at it: it is marked
# (x plus, + balanced) in the band above the black line, one row a curve.
if command -v gnuplot >/dev/null; then
  png=$res/study_8x8.png
  pp=$(for p in uniform transpose bitcomp; do if grep -q "^$p," "$sat"; then printf '%s ' "$p"; fi; done)
  np=$(echo "$pp" | wc -w)
  # 520 pixels a panel, and room for the title when there is one panel
  width=$((np * 520 < 900 ? 900 : np * 520))
  colors=(black dark-violet forest-green steelblue orange)   # by K
  kk=$(awk -F, 'NR > 1 && !s[$2]++ { printf "%s ", $2 }' "$sat")
  tt=$(awk -F, 'NR > 1 && !s[$3]++ { printf "%s ", $3 }' "$sat")
  style() { [ "$1" = plus ] && echo "dt 1 pt 7" || echo "dt 2 pt 4"; }
  mark() { [ "$1" = plus ] && echo 2 || echo 1; }
  band=$(latency_band "$curves")
  {
    echo "set terminal pngcairo size $width,640 font ',11'; set output '$(gq "$(out_part "$png")")'"
    echo "set datafile separator ','; set grid; set logscale y"
    echo "set multiplot title '8x8 torus, T_t = 1, depth 4, 5-flit packets, seed $seed: mean packet latency against offered load'"
    echo "set xlabel 'offered load (flits/node/cycle)'; set ylabel 'mean packet latency (cycles)'"
    band_axis "$band" "$(latency_floor "$curves")"
    echo "unset key; set bmargin at screen 0.17; set tmargin at screen 0.89"
    n=0 keys=""
    for p in $pp; do
      # the panels side by side; below them, a strip for the legend
      # (the margins for the tick labels in pixels: 94 left, 23 right)
      awk -v n="$n" -v np="$np" -v W="$width" 'BEGIN { w = 0.99 / np; printf "set lmargin at screen %.3f; set rmargin at screen %.3f\n", 0.01 + n * w + 94 / W, 0.01 + (n + 1) * w - 23 / W }'
      n=$((n + 1))
      echo "unset arrow 2; unset arrow 3"
      xmax=0 ideals="" a=1   # arrow 1: the unstable band's line
      for t in $tt; do
        id=$(awk -F, -v p="$p" -v t="$t" '$1 == p && $3 == t { printf "%.3f", $5; exit }' "$sat")
        a=$((a + 1))
        echo "set arrow $a from $id, graph 0 to $id, graph 1 nohead lw 2 lc rgb 'gray50' $(style "$t" | cut -d' ' -f1,2)"
        xmax=$(awk -v a="$xmax" -v b="$id" 'BEGIN { print (b > a ? b : a) }')
        xmax=$(awk -F, -v p="$p" -v m="$xmax" '$1 == p && $6 > m { m = $6 } END { print m }' "$curves")
        ideals="$ideals${ideals:+, }$t $id"
      done
      echo "set xrange [0:$(awk -v m="$xmax" 'BEGIN { print m * 1.04 }')]"
      echo "set title '$p (ideal: $ideals)'"
      printf "plot "
      i=0 keys=""
      for k in $kk; do for t in $tt; do
        sel="strcol(1) eq '$p' && \$2 == $k && strcol(3) eq '$t'"
        printf "'%s' using (%s && strcol(12) eq 'false' ? \$6 : 1/0):9 with linespoints lw 2 %s ps 0.8 lc rgb '%s', " \
          "$(gq "$curves")" "$sel" "$(style "$t")" "${colors[k]}"
        printf "'%s' using (%s && strcol(12) eq 'true' ? \$6 : 1/0):(%s) with points pt %s ps 1.3 lw 2 lc rgb '%s', " \
          "$(gq "$curves")" "$sel" "$(awk -v b="$band" -v i="$i" 'BEGIN { printf "%.0f", b * 4 / 1.3 ^ i }')" "$(mark "$t")" "${colors[k]}"
        keys="${keys}NaN with linespoints lw 2 $(style "$t") ps 0.8 lc rgb '${colors[k]}' title 'K = $k, $t', "
        i=$((i + 1))
      done; done
      echo "1/0 notitle"
    done
    for t in $tt; do
      keys="${keys}NaN with lines lw 2 lc rgb 'gray50' $(style "$t" | cut -d' ' -f1,2) title 'ideal, $t', "
      keys="${keys}NaN with points pt $(mark "$t") ps 1.3 lw 2 lc rgb 'black' title 'unstable, $t', "
    done
    # the legend: a plot of nothing across the strip
    echo "unset arrow; unset title; unset xlabel; unset ylabel; unset tics; unset border; unset grid; unset logscale"
    echo "set lmargin at screen 0.02; set rmargin at screen 0.98; set bmargin at screen 0.01; set tmargin at screen 0.1"
    echo "set xrange [0:1]; set yrange [0:1]; set key center center horizontal maxrows 2 box samplen 3 width 2"
    echo "plot ${keys}1/0 notitle"
    echo "unset multiplot"
  } | gnuplot
  out_done "$png"
  echo "plot: $png"
  # saturation against depth, beside what the credit loop alone predicts
  # for one VC: each K = 1 curve's depth-4 value times min(1, depth / 4)
  dpng=$res/depth_8x8.png
  if [ -f "$depth" ] && [ "$(awk -F, 'NR > 1' "$depth" | wc -l)" -gt 1 ]; then
    {
      echo "set terminal pngcairo size 760,520 font ',11'; set output '$(gq "$(out_part "$dpng")")'"
      echo "set datafile separator ','; set grid; set key bottom right box opaque samplen 3"
      echo "set title '8x8 uniform, T_t = 1, 5-flit packets, seed $seed: saturation against buffer depth'"
      echo "set xlabel 'buffer depth D (flits per VC)'; set ylabel 'saturation (offered flits/node/cycle)'"
      echo "set xrange [0.5:$(awk -F, 'NR > 1 && $4 > m { m = $4 } END { print m + 0.5 }' "$depth")]; set yrange [0:*]; set xtics 1"
      printf "plot "
      dk=$(awk -F, 'NR > 1 && !s[$2]++ { printf "%s ", $2 }' "$depth")
      dtt=$(awk -F, 'NR > 1 && !s[$3]++ { printf "%s ", $3 }' "$depth")
      for k in $dk; do
        for t in $dtt; do
          sel="\$2 == $k && strcol(3) eq '$t'"
          d4=$(awk -F, -v k="$k" -v t="$t" '$2 == k && $3 == t && $4 == 4 { print $7 }' "$depth")
          printf "'%s' using (%s ? \$4 : 1/0):7 with linespoints lw 2 %s lc rgb '%s' title 'K = %s, %s', " \
            "$(gq "$depth")" "$sel" "$(style "$t")" "${colors[k]}" "$k" "$t"
          [ -n "$d4" ] && [ "$k" = 1 ] && printf "'%s' using (%s ? \$4 : 1/0):(%s * (\$4 < 4 ? \$4 / 4. : 1)) with lines lw 1 dt 3 lc rgb '%s' notitle, " \
            "$(gq "$depth")" "$sel" "$d4" "${colors[k]}"
        done
      done
      echo "NaN with lines lw 1 dt 3 lc rgb 'black' title 'credit loop: depth 4 x min(1, D/4)'"
    } | gnuplot
    out_done "$dpng"
    echo "plot: $dpng"
  fi
fi
echo "CSV: $res/"
