#!/usr/bin/env bash
# make traffic: latency against offered load for the synthetic patterns
# (8x8 every pattern, 16x16 uniform and transpose), stepped to saturation;
# and phased AAPC with message-passing traffic underneath. Tables on
# stdout, CSV and gnuplot PNGs under build/results/traffic/.
#   QUICK=1 scripts/traffic.sh   fewer points, shorter windows
set -euo pipefail
bin=build/syncswitch
res=build/results/traffic
mkdir -p "$res"
win=${WINDOW:-10000}
steps=${STEPS:-16}
[ "${QUICK:-0}" = 1 ] && { win=3000; steps=8; }

# one JSON field
f() { echo "$1" | sed -n "s/.*\"$2\":\"\{0,1\}\([^,\"}]*\).*/\1/p"; }

# sweep N PATTERN: offered load from ideal/steps upwards until unstable
sweep() {
  local n=$1 p=$2 ideal rate j k
  j=$("$bin" traffic --pattern "$p" --rate 0 --n "$n" --window 100 --warmup 0 --json)
  ideal=$(f "$j" ideal)
  for ((k = 1; k <= steps + 4; k++)); do
    rate=$(awk -v i="$ideal" -v k="$k" -v s="$steps" 'BEGIN { printf "%.5f", i * k / s }')
    awk -v r="$rate" 'BEGIN { exit !(r <= 1) }' || break
    j=$("$bin" traffic --pattern "$p" --rate "$rate" --n "$n" --window "$win" --json)
    echo "$p,$n,$rate,$(f "$j" offered),$(f "$j" accepted),$(f "$j" ideal),$(f "$j" lat_mean),$(f "$j" lat_p50),$(f "$j" lat_p99),$(f "$j" net_mean),$(f "$j" unstable),$(f "$j" verified)"
    [ "$(f "$j" unstable)" = true ] && break
  done
}

header="pattern,n,rate,offered,accepted,ideal,lat_mean,lat_p50,lat_p99,net_mean,unstable,verified"
for n in 8 16; do
  pats="uniform transpose bitcomp bitrev shuffle tornado neighbor randperm hotspot:27:0.1"
  [ "$n" = 16 ] && pats="uniform transpose"
  [ "$n" = 16 ] && [ "${QUICK:-0}" = 1 ] && continue
  csv="$res/latency_${n}x${n}.csv"
  echo "$header" >"$csv"
  for p in $pats; do sweep "$n" "$p" >>"$csv"; done
  # saturation: the highest offered load still stable
  awk -F, 'NR > 1 && $11 == "false" { s[$1] = $4; l[$1] = $7; id[$1] = $6 }
           END { for (p in s) printf "%s,%s,%s,%s\n", p, s[p], l[p], id[p] }' "$csv" |
    sort >"$res/saturation_${n}x${n}.csv"
  echo
  echo "${n}x${n}: saturation (highest stable offered load, flits/node/cycle) and latency there"
  printf "%-16s %10s %10s %10s %12s\n" pattern saturation ideal "% ideal" "latency"
  awk -F, '{ printf "%-16s %10.4f %10.4f %9.1f%% %12.1f\n", $1, $2, $4, 100 * $2 / $4, $3 }' \
    "$res/saturation_${n}x${n}.csv"
done

# Coexistence: phased AAPC (hardware switch, AAPC pool) with uniform
# message-passing traffic underneath, against the same traffic alone
cx="$res/coexist_8x8.csv"
echo "bg_rate,phased_cycles,pct_eq1,bg_offered,bg_accepted,bg_lat_mean,bg_lat_p99,alone_lat_mean,alone_lat_p99,alone_unstable" >"$cx"
for r in 0 0.005 0.01 0.02 0.04 0.06 0.08 0.1 0.12 0.14 0.16; do
  j=$("$bin" run --kernel phased --n 8 --words 256 --background "uniform:$r" --json)
  a=$("$bin" traffic --pattern uniform --rate "$r" --n 8 --window "$win" --json)
  echo "$r,$(f "$j" cycles),$(f "$j" pct_eq1),$(f "$j" bg_offered),$(f "$j" bg_accepted),$(f "$j" bg_lat_mean),$(f "$j" bg_lat_p99),$(f "$a" lat_mean),$(f "$a" lat_p99),$(f "$a" unstable)" >>"$cx"
done
echo
echo "8x8 phased AAPC (B = 256 words) with uniform message-passing traffic underneath"
printf "%8s %10s %9s %12s %12s %14s\n" "bg load" "cycles" "% Eq. 1" "bg accepted" "bg latency" "alone latency"
awk -F, 'NR > 1 { printf "%8s %10s %8.1f%% %12s %12s %14s\n", $1, $2, $3, $5, $6, $8 }' "$cx"

if command -v gnuplot >/dev/null; then
  for n in 8 16; do
    [ -f "$res/latency_${n}x${n}.csv" ] || continue
    pats=$(awk -F, 'NR > 1 { print $1 }' "$res/latency_${n}x${n}.csv" | uniq | tr '\n' ' ')
    {
      echo "set terminal pngcairo size 1000,650; set output '$res/latency_${n}x${n}.png'"
      echo "set datafile separator ','; set key outside right; set grid"
      echo "set title '${n}x${n} torus, T_t = 2, depth 4: mean packet latency against offered load (o: saturation)'"
      echo "set xlabel 'offered load (flits/node/cycle)'; set ylabel 'mean latency (cycles)'"
      echo "set logscale y; set yrange [10:*]"
      printf "plot "
      colors=(dark-violet forest-green skyblue orange gold steelblue red black brown magenta)
      i=0
      for p in $pats; do
        printf "'%s' using (strcol(1) eq '%s' && strcol(11) eq 'false' ? \$4 : 1/0):7 with linespoints lw 2 lc rgb '%s' title '%s', " \
          "$res/latency_${n}x${n}.csv" "$p" "${colors[i]}" "$p"
        i=$((i + 1))
      done
      echo "'$res/saturation_${n}x${n}.csv' using 2:3 with points pt 6 ps 2.5 lc rgb 'black' title 'saturation'"
    } | gnuplot
  done
  {
    echo "set terminal pngcairo size 1100,450; set output '$res/coexist_8x8.png'"
    echo "set datafile separator ','; set grid; set multiplot layout 1,2"
    echo "set title 'phased AAPC (B = 256) under background traffic'"
    echo "set xlabel 'background load (flits/node/cycle, uniform)'; set ylabel '% of Eq. 1'; set yrange [0:100]"
    echo "plot '$cx' using 1:3 every ::1 with linespoints lw 2 title 'phased AAPC'"
    echo "set title 'background latency'; set ylabel 'mean latency (cycles)'; set logscale y; set yrange [10:*]"
    echo "plot '$cx' using 1:6 every ::1 with linespoints lw 2 title 'with AAPC running', '' using (strcol(10) eq 'false' ? \$1 : 1/0):8 every ::1 with linespoints lw 2 title 'alone'"
    echo "unset multiplot"
  } | gnuplot
  echo
  echo "plots: $res/latency_8x8.png $res/coexist_8x8.png$([ -f "$res/latency_16x16.png" ] && echo " $res/latency_16x16.png")"
fi
echo "CSV: $res/"
