#!/usr/bin/env bash
# make traffic: latency against offered load for the synthetic patterns
# (8x8 every pattern, 16x16 uniform and transpose), stepped to saturation;
# and phased AAPC with message-passing traffic underneath. Each point is
# one of the experiment files of configs/traffic/ (docs/config.md) plus
# the flags of the sweep (rate, n, window), which override it. Tables on
# stdout, CSV and gnuplot PNGs under build/results/traffic/. Every point
# carries its verdict: an unstable one (docs/traffic.md, "Stable or
# saturated") says so in the CSV, the tables and the plots.
#   QUICK=1            fewer points, shorter windows, 8x8 only
#   WINDOW=C, STEPS=K  the window (default 10000 cycles; QUICK 3000) and
#                      the points up to the ideal (16; QUICK 8)
#   TRAFFIC_SIZES      the tori, "8 16" (QUICK: 8)
#   TRAFFIC_PATTERNS   the 8x8 patterns (default all)
#   COEXIST_RATES      the background loads of the coexistence runs
#   TRAFFIC_OUT=DIR, SS=BIN   where the results go, the binary
# Each variable is checked before any work. The run first removes the last
# run's results, then writes each file under a temporary name and renames
# it when complete: a run that stops early leaves no file that looks done.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib/check.sh
. "$here/lib/check.sh"
# shellcheck source=scripts/lib/out.sh
. "$here/lib/out.sh"

all_pats="uniform transpose bitcomp bitrev shuffle tornado neighbor randperm hotspot:27:0.1"
SS=${SS:-build/syncswitch}
check_bool QUICK
check_int WINDOW 100 100000000
check_int STEPS 1 1000
check_words TRAFFIC_SIZES 8 16
check_words TRAFFIC_PATTERNS $all_pats
check_reals COEXIST_RATES 0 1
check_dir TRAFFIC_OUT
check_exe SS
quick=${QUICK:-0}
bin=$SS
cfg="$here/../configs/traffic"   # PATTERN.conf (hotspot:... is hotspot.conf)
res=${TRAFFIC_OUT:-build/results/traffic}
win=${WINDOW:-$([ "$quick" = 1 ] && echo 3000 || echo 10000)}
steps=${STEPS:-$([ "$quick" = 1 ] && echo 8 || echo 16)}
sizes=${TRAFFIC_SIZES:-$([ "$quick" = 1 ] && echo 8 || echo "8 16")}
pats8=${TRAFFIC_PATTERNS:-$all_pats}
rates=${COEXIST_RATES:-0 0.005 0.01 0.02 0.04 0.06 0.08 0.1 0.12 0.14 0.16}

"$here/deps.sh" plot
mkdir -p "$res"
out_clean "$res"
rm -f "$res"/latency_*x*.csv "$res"/latency_*x*.png "$res"/saturation_*x*.csv \
  "$res"/coexist_8x8.csv "$res"/coexist_8x8.png

# f (one JSON field), and the plots' latency band and axis
# shellcheck source=scripts/lib/study.sh
. "$here/lib/study.sh"

# sweep N PATTERN: offered load from ideal/steps upwards until unstable
sweep() {
  local n=$1 p=$2 ideal rate j k conf="$cfg/${2%%:*}.conf"
  j=$("$bin" traffic --config "$conf" --rate 0 --n "$n" --window 100 --warmup 0 --json)
  ideal=$(f "$j" ideal)
  for ((k = 1; k <= steps + 4; k++)); do
    rate=$(awk -v i="$ideal" -v k="$k" -v s="$steps" 'BEGIN { printf "%.5f", i * k / s }')
    awk -v r="$rate" 'BEGIN { exit !(r <= 1) }' || break
    j=$("$bin" traffic --config "$conf" --rate "$rate" --n "$n" --window "$win" --json)
    echo "$p,$n,$rate,$(f "$j" offered),$(f "$j" accepted),$(f "$j" ideal),$(f "$j" lat_mean),$(f "$j" lat_p50),$(f "$j" lat_p99),$(f "$j" net_mean),$(f "$j" unstable),$(f "$j" verified)"
    [ "$(f "$j" unstable)" = true ] && break
  done
}

header="pattern,n,rate,offered,accepted,ideal,lat_mean,lat_p50,lat_p99,net_mean,unstable,verified"
for n in $sizes; do
  pats=$pats8
  [ "$n" = 16 ] && pats="uniform transpose"
  csv="$res/latency_${n}x${n}.csv" sat="$res/saturation_${n}x${n}.csv"
  part=$(out_part "$csv")
  { echo "$header"; for p in $pats; do sweep "$n" "$p"; done; } >"$part"
  out_done "$csv"
  # saturation lies between the highest stable point and the first unstable
  # one; without an unstable point the sweep never reached it (and without a
  # stable one it lies below the first point)
  awk -F, 'NR > 1 { if (!($1 in u)) { u[$1] = ""; order[++k] = $1 }
                    if ($11 == "false") { s[$1] = $4; l[$1] = $7 } else if (u[$1] == "") u[$1] = $4
                    id[$1] = $6 }
           END { print "pattern,saturation,lat_mean,ideal,first_unstable"
                 for (i = 1; i <= k; i++) { p = order[i]; printf "%s,%s,%s,%s,%s\n", p, s[p], l[p], id[p], u[p] } }' \
    "$csv" >"$(out_part "$sat")"
  out_done "$sat"
  echo
  echo "${n}x${n}: saturation (highest stable offered load, flits/node/cycle), the next point (unstable) and the latency at saturation"
  printf "%-16s %11s %16s %8s %8s %10s\n" pattern saturation "next: unstable" ideal "% ideal" latency
  awk -F, 'NR > 1 { sat = $2 == "" ? "below" : ($5 == "" ? ">" : "") sprintf("%.4f", $2)
                    nxt = $5 == "" ? "not reached" : sprintf("%.4f", $5)
                    pct = $2 == "" ? "-" : sprintf("%.1f%%", 100 * $2 / $4)
                    lat = $3 == "" ? "-" : sprintf("%.1f", $3)
                    printf "%-16s %11s %16s %8.4f %8s %10s\n", $1, sat, nxt, $4, pct, lat }' "$sat" | sort
done

# Coexistence: phased AAPC (hardware switch, AAPC pool) with uniform
# message-passing traffic underneath, against the same traffic alone
cx="$res/coexist_8x8.csv"
part=$(out_part "$cx")
{
  echo "bg_rate,phased_cycles,pct_eq1,bg_offered,bg_accepted,bg_lat_mean,bg_lat_p99,bg_unstable,alone_lat_mean,alone_lat_p99,alone_unstable"
  for r in $rates; do
    j=$("$bin" run --config "$cfg/coexist.conf" --background "uniform:$r" --json)
    a=$("$bin" traffic --config "$cfg/uniform.conf" --rate "$r" --window "$win" --json)
    echo "$r,$(f "$j" cycles),$(f "$j" pct_eq1),$(f "$j" bg_offered),$(f "$j" bg_accepted),$(f "$j" bg_lat_mean),$(f "$j" bg_lat_p99),$(f "$j" bg_unstable),$(f "$a" lat_mean),$(f "$a" lat_p99),$(f "$a" unstable)"
  done
} >"$part"
out_done "$cx"
echo
echo "8x8 phased AAPC (B = 256 words) with uniform message-passing traffic underneath"
echo "(-: no packet measured; UNSTABLE: the backlog grew, the latency is of the packets that arrived)"
printf "%8s %10s %9s %12s %20s %20s\n" "bg load" "cycles" "% Eq. 1" "bg accepted" "bg latency" "alone latency"
awk -F, 'function lat(v, u) { return (v == "" ? "-" : sprintf("%.1f", v)) (u == "true" ? " UNSTABLE" : "") }
         NR > 1 { printf "%8s %10s %8.1f%% %12s %20s %20s\n", $1, $2, $3, $5, lat($6, $8), lat($9, $11) }' "$cx"

# any CSV COND [P]: whether a row of CSV meets the awk condition COND (P in p)
any() { awk -F, -v p="${3:-}" "NR > 1 && ($2) { f = 1 } END { exit !f }" "$1"; }
# xrange CSV COL: gnuplot's x range, 0 to a little past the highest of COL
xrange() { awk -F, -v c="$2" 'NR > 1 && $c > m { m = $c } END { printf "set xrange [0:%g]\n", (m > 0 ? m * 1.04 : 0.01) }' "$1"; }

# The plots. An unstable point's latency is only of the packets that
# arrived (if any did), so it is not drawn at it: it is marked in the band
# above the black line (scripts/lib/study.sh), one row a series. A panel
# with no latency measured says so.
if command -v gnuplot >/dev/null; then
  colors=(dark-violet forest-green skyblue orange gold steelblue red black brown magenta)
  for n in $sizes; do
    csv="$res/latency_${n}x${n}.csv" png="$res/latency_${n}x${n}.png"
    pats=$(awk -F, 'NR > 1 { print $1 }' "$csv" | uniq | tr '\n' ' ')
    band=$(latency_band "$csv" 7 11)
    {
      echo "set terminal pngcairo size 1000,650; set output '$(gq "$(out_part "$png")")'"
      echo "set datafile separator ','; set key outside right; set grid"
      echo "set title '${n}x${n} torus, T_t = 2, depth 4: mean packet latency against offered load (o: saturation)'"
      echo "set xlabel 'offered load (flits/node/cycle)'; set ylabel 'mean latency (cycles)'"
      echo "set logscale y"
      xrange "$csv" 4
      band_axis "$band" "$(latency_floor "$csv" 7 11)"
      any "$csv" '$11 == "false" && $7 != ""' ||
        echo "set label 2 'no stable point: no latency measured' at graph 0.5, graph 0.4 center"
      printf "plot "
      i=0
      for p in $pats; do
        any "$csv" '$1 == p && $11 == "false" && $7 != ""' "$p" &&
          printf "'%s' using (strcol(1) eq '%s' && strcol(11) eq 'false' ? \$4 : 1/0):7 with linespoints lw 2 pt 7 ps 0.8 lc rgb '%s' notitle, " \
            "$(gq "$csv")" "$p" "${colors[i]}"
        any "$csv" '$1 == p && $11 == "true"' "$p" &&
          printf "'%s' using (strcol(1) eq '%s' && strcol(11) eq 'true' ? \$4 : 1/0):(%s) with points pt 2 ps 1.5 lw 2 lc rgb '%s' notitle, " \
            "$(gq "$csv")" "$p" "$(awk -v b="$band" -v i="$i" 'BEGIN { printf "%.0f", b * 4.5 / 1.18 ^ i }')" "${colors[i]}"
        printf "NaN with linespoints lw 2 pt 7 ps 0.8 lc rgb '%s' title '%s', " "${colors[i]}" "$p"
        i=$((i + 1))
      done
      printf "NaN with points pt 2 ps 1.5 lw 2 lc rgb 'black' title 'unstable (its colour: the pattern)', "
      any "$res/saturation_${n}x${n}.csv" '$5 != "" && $2 != ""' &&
        printf "'%s' using (strcol(5) ne '' && strcol(2) ne '' ? \$2 : 1/0):3 every ::1 with points pt 6 ps 2.5 lc rgb 'black' title 'saturation', " \
          "$(gq "$res/saturation_${n}x${n}.csv")"
      echo "1/0 notitle"
    } | gnuplot
    out_done "$png"
  done
  png="$res/coexist_8x8.png"
  # the background's latency with AAPC running (columns 6, 8) and alone (9, 11)
  band=$( (latency_band "$cx" 6 8; echo; latency_band "$cx" 9 11) | sort -n | tail -1)
  floor=$( (latency_floor "$cx" 6 8; latency_floor "$cx" 9 11) | sort -n | head -1)
  {
    echo "set terminal pngcairo size 1100,450; set output '$(gq "$(out_part "$png")")'"
    echo "set datafile separator ','; set grid; set multiplot layout 1,2"
    xrange "$cx" 1
    echo "set title 'phased AAPC (B = 256) under background traffic'"
    echo "set xlabel 'background load (flits/node/cycle, uniform)'; set ylabel '% of Eq. 1'; set yrange [0:100]"
    echo "plot '$(gq "$cx")' using 1:3 every ::1 with linespoints lw 2 title 'phased AAPC'"
    echo "set title 'background latency'; set ylabel 'mean latency (cycles)'; set logscale y; set key below"
    band_axis "$band" "$floor"
    any "$cx" '($8 == "false" && $6 != "") || ($11 == "false" && $9 != "")' ||
      echo "set label 2 'no latency measured' at graph 0.5, graph 0.35 center"
    printf "plot "
    any "$cx" '$8 == "false" && $6 != ""' && printf "'%s' using 1:(strcol(8) eq 'false' ? \$6 : 1/0) every ::1 with linespoints lw 2 pt 7 ps 0.8 lc rgb 'dark-violet' notitle, " "$(gq "$cx")"
    any "$cx" '$11 == "false" && $9 != ""' && printf "'%s' using 1:(strcol(11) eq 'false' ? \$9 : 1/0) every ::1 with linespoints lw 2 pt 5 ps 0.8 lc rgb 'forest-green' notitle, " "$(gq "$cx")"
    any "$cx" '$8 == "true"' && printf "'%s' using (strcol(8) eq 'true' ? \$1 : 1/0):(%s) every ::1 with points pt 2 ps 1.5 lw 2 lc rgb 'dark-violet' notitle, " "$(gq "$cx")" $((band * 3))
    any "$cx" '$11 == "true"' && printf "'%s' using (strcol(11) eq 'true' ? \$1 : 1/0):(%s) every ::1 with points pt 2 ps 1.5 lw 2 lc rgb 'forest-green' notitle, " "$(gq "$cx")" $((band * 3 / 2))
    echo "NaN with linespoints lw 2 pt 7 ps 0.8 lc rgb 'dark-violet' title 'with AAPC running', NaN with linespoints lw 2 pt 5 ps 0.8 lc rgb 'forest-green' title 'alone', NaN with points pt 2 ps 1.5 lw 2 lc rgb 'black' title 'unstable: the backlog grows'"
    echo "unset multiplot"
  } | gnuplot
  out_done "$png"
  echo
  echo "plots: $(for n in $sizes; do printf '%s ' "$res/latency_${n}x${n}.png"; done)$png"
fi
echo "CSV: $res/"
