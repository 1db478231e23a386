# The saturation curves of make traffic-study and make routing-study (the
# scripts that source this define point KEY1 KEY2 KEY3 KEY4 RATE, which
# runs one point and prints its CSV row, the unstable flag last). A row is
# KEY1..KEY4 (pattern first), rate, offered, accepted, ideal, lat_mean,
# lat_p99, net_mean, unstable.

# one JSON field (scripts/lib/out.sh, which the scripts source first); a
# figure the run did not see (null) is an empty cell
f() { json_field "$1" "$2"; }

# the grid: coarse and fine steps per pattern (flits/node/cycle)
coarse() { case $1 in transpose) echo 0.025 ;; *) echo 0.05 ;; esac; }
fine() { case $1 in transpose) echo 0.005 ;; *) echo 0.01 ;; esac; }

# curve PATTERN KEY2 KEY3 KEY4: the points of one curve, in the order run
curve() {
  local c fn r row k u="" lo
  c=$(coarse "$1") fn=$(fine "$1")
  point "$1" "$2" "$3" "$4" 0.01
  for ((k = 1; ; k++)); do
    r=$(awk -v c="$c" -v k="$k" 'BEGIN { printf "%.3f", c * k }')
    awk -v r="$r" 'BEGIN { exit !(r <= 1) }' || break
    row=$(point "$1" "$2" "$3" "$4" "$r")
    echo "$row"
    [ "${row##*,}" = true ] && { u=$r; break; }
  done
  [ -n "$u" ] || return 0
  lo=$(awk -v u="$u" -v c="$c" 'BEGIN { print u - c }')
  for ((k = 1; ; k++)); do
    r=$(awk -v l="$lo" -v f="$fn" -v k="$k" 'BEGIN { printf "%.3f", l + f * k }')
    awk -v r="$r" -v u="$u" 'BEGIN { exit !(r < u - 1e-9) }' || break
    point "$1" "$2" "$3" "$4" "$r"
  done
  r=$(awk -v u="$u" -v c="$c" 'BEGIN { printf "%.3f", u + c }')
  awk -v r="$r" 'BEGIN { exit !(r <= 1) }' && point "$1" "$2" "$3" "$4" "$r"
  return 0
}

# saturation CSV of a curves CSV: per curve the zero-load latency (rate
# 0.01), the highest stable offered load below the first unstable point,
# its accepted load and latency, and the first unstable point (the key
# columns named as the curves CSV names them)
saturation() {
  awk -F, 'NR == 1 { hk = $1 "," $2 "," $3 "," $4 }
           NR > 1 { key = $1 "," $2 "," $3 "," $4
                    if (!(key in seen)) { seen[key] = 1; order[++n] = key; id[key] = $8 }
                    if ($5 == 0.01) z[key] = $9
                    if (u[key] != "") next
                    if ($12 == "true") { u[key] = $6; ua[key] = $7 } else { s[key] = $6; sa[key] = $7; sl[key] = $9 } }
           END { print hk ",ideal,zero_load_lat,saturation,sat_accepted,sat_lat,first_unstable,unstable_accepted"
                 for (i = 1; i <= n; i++) { k = order[i]
                   printf "%s,%s,%s,%s,%s,%s,%s,%s\n", k, id[k], z[k], s[k], sa[k], sl[k], u[k], ua[k] } }' "$1"
}

# table SATURATION_CSV [KEY3 KEY4]: the saturation CSV as a table (the
# third and fourth key columns named KEY3 and KEY4: ties and depth); a
# saturation the curve did not reach is '>' the highest stable load, as
# make traffic writes it
table() {
  printf "%-10s %3s %-9s %5s %6s %9s %10s %9s %9s %15s\n" pattern K "${2:-ties}" "${3:-depth}" ideal "zero-load" saturation accepted latency "first unstable"
  awk -F, 'function v(x, fmt) { return x == "" ? "-" : sprintf(fmt, x) }
           NR > 1 { printf "%-10s %3s %-9s %5s %6s %9s %10s %9s %9s %15s\n", $1, $2, $3, $4, v($5, "%.3f"),
                      v($6, "%.2f"), ($10 == "" && $7 != "" ? ">" : "") v($7, "%.4f"), v($8, "%.4f"), v($9, "%.1f"),
                      $10 == "" ? "not reached" : sprintf("%.4f (%.4f)", $10, $11) }' "$1"
}

# latency_band CURVES_CSV [LAT UNSTABLE]: the latency above which the plots
# mark unstable points: the first of 1000, 3000, 10000, ... above 1.5 times
# the highest stable latency (LAT and UNSTABLE: the columns of the latency
# and of the unstable flag, 9 and 12 by default)
latency_band() {
  awk -F, -v l="${2:-9}" -v u="${3:-12}" 'NR > 1 && $u == "false" && $l > m { m = $l }
           END { b = 1000; while (b < 1.5 * m) b *= (substr(b, 1, 1) == "1" ? 3 : 10 / 3); printf "%.0f", b }' "$1"
}

# latency_floor CURVES_CSV [LAT UNSTABLE]: the bottom of the latency axis:
# the highest of 1, 2, 5, 10, 20, 50, ... at or below the lowest stable
# latency (10 when there is none), so that no point lies below the axis
latency_floor() {
  awk -F, -v l="${2:-9}" -v u="${3:-12}" 'NR > 1 && $u == "false" && $l != "" && (m == "" || $l + 0 < m) { m = $l + 0 }
           END { if (m == "") { print 10; exit }
                 f = 1; while (f * 10 <= m) f *= 10
                 print (5 * f <= m ? 5 * f : 2 * f <= m ? 2 * f : f) }' "$1"
}

# band_axis BAND [FLOOR]: gnuplot's latency axis from FLOOR (10 by default;
# latency_floor) to the band: its ticks from FLOOR up to BAND, the band's
# "unstable" tick above it and the black line between
band_axis() {
  echo "set yrange [$(awk -v f="${2:-10}" 'BEGIN { printf "%.3g", f / 1.1 }'):$(($1 * 5))]"
  printf "set ytics ("
  for y in 1 2 5 10 20 50 100 200 500 1000 2000 5000 10000 20000 50000; do
    [ "$y" -ge "${2:-10}" ] && [ "$y" -lt "$1" ] && printf "'%s' %s, " "$y" "$y"
  done
  echo "'unstable' $(($1 * 2)))"
  echo "set arrow 1 from graph 0, first $1 to graph 1, first $1 nohead lc rgb 'black'"
}
