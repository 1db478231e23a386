# Shared shell functions of the paper scripts (paper/<author>.sh), sourced
# by each. A paper script answers two commands:
#   paper/X.sh list      the ids of its figures and tables, one per line
#   paper/X.sh title     the paper, for the heading of its section
#   paper/X.sh run ID    regenerate one of them (QUICK=1: the small version)
#   paper/X.sh row ID    write its row of the fidelity page from the CSVs
#                        under $PAPER_OUT (runs nothing; scripts/paper.sh
#                        calls it once every figure has run)
# Running figure ID leaves, under $PAPER_OUT (build/results/paper):
#   ID.csv   our measurement, in the paper's units: series,x,y[,ymin,ymax]
#   ID.png   ours (lines) and the paper's values (paper/data/ID.csv, large
#            open markers) on the same axes
# and its row, ID.row (paper_row), every number of which is read off the
# CSVs or computed from them (paper/rules.sh) and tagged, or the paper's
# value and tagged so (tests/paper/prose.sh).
# The paper's values are data: paper/data/ID.csv has '#' comment lines (the
# seed file and the units) and rows series,x,y,line where line is the seed
# line the value was read from.
set -euo pipefail

ROOT=${ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
SS=${SS:-$ROOT/build/syncswitch}
PAPER_OUT=${PAPER_OUT:-$ROOT/build/results/paper}
PAPER_DATA=$ROOT/paper/data
QUICK=${QUICK:-0}
# shellcheck source=scripts/lib/check.sh
. "$ROOT/scripts/lib/check.sh"
# gq: a text (a title, a path) quoted for gnuplot
# shellcheck source=scripts/lib/out.sh
. "$ROOT/scripts/lib/out.sh"
check_bool QUICK
mkdir -p "$PAPER_OUT"
# the numbers a row computes from the CSVs (cell, calc, rule_*), shared with
# the prose check
# shellcheck source=paper/rules.sh
. "$ROOT/paper/rules.sh"

# die: stop the figure. A die inside a command substitution ($(ss_run ...))
# ends only that subshell, so it also leaves its line in $PAPER_FAILED,
# which paper_main reads when the figure returns: the figure fails (was: a
# simulator that failed gave a figure of zeros, and "success").
die() {
  echo "paper: $*" >&2
  [ -z "${PAPER_FAILED:-}" ] || echo "$*" >>"$PAPER_FAILED"
  exit 1
}

# ss_run ARGS...: one `syncswitch run ARGS --json`; its JSON on stdout. A run
# that fails, or whose data check fails, stops the figure.
ss_run() {
  local j
  j=$("$SS" run "$@" --json) || die "syncswitch run $* failed"
  ss_verified "$j" "$@"
  printf '%s\n' "$j"
}

# ss_verified JSON ARGS...: stop the figure unless the run's data checked
ss_verified() {
  case "$1" in *'"verified":true'*) ;; *) local j=$1; shift; die "syncswitch run $*: not verified: $j" ;; esac
}

# jf JSON KEY: one field of a flat JSON object
jf() { printf '%s\n' "$1" | tr -d '{}"' | tr ',' '\n' | awk -F: -v k="$2" '$1 == k { print $2; f = 1 } END { if (!f) exit 1 }' ||
         die "no field '$2' in $1"; }

# us CYCLES MHZ: cycles as microseconds
us() { awk -v c="$1" -v s="$2" 'BEGIN { printf "%.2f", c / s }'; }

# stats V...: "mean min max" of the values
stats() { printf '%s\n' "$@" | awk '{ s += $1; if (NR == 1 || $1 < lo) lo = $1; if (NR == 1 || $1 > hi) hi = $1 }
                                  END { printf "%.4g %.4g %.4g\n", s / NR, lo, hi }'; }

# csv_start ID HEADER: start ID.csv; csv_add ID FIELDS...: one row
csv_start() { echo "$2" >"$PAPER_OUT/$1.csv"; }
csv_add() { local id=$1; shift; (IFS=,; echo "$*") >>"$PAPER_OUT/$id.csv"; }

# ours_val ID SERIES X [K]: our value from ID.csv (column K: 3, the y, by
# default; 4 and 5 the min and max of an error-bar row), or empty
ours_val() { cell "$@"; }

# qv ID SERIES X [DECIMALS] [FACTOR] [COL]: our value from ID.csv (column
# COL, 3 by default) times FACTOR, to DECIMALS places (0), followed by the
# tag tests/paper/prose.sh checks it by: for the numbers a row quotes
qv() {
  local v
  v=$(ours_val "$1" "$2" "$3" "${6:-3}")
  [ -n "$v" ] || die "qv: no series '$2' at x $3 in $1.csv"
  printf '%s<!--csv %s;%s;%s;%s;%s-->' "$(awk -v v="$v" -v k="${5:-1}" -v d="${4:-0}" 'BEGIN { printf "%." d "f", v * k }')" \
    "$1" "$2" "$3" "${6:-3}" "${5:-1}"
}
# qr ID SERIES X [COL]: our value from ID.csv as the CSV holds it (not
# rounded), followed by its tag (tests/paper/prose.sh), or nothing when
# that row is missing: for the numbers a row quotes as they are
qr() {
  local v
  v=$(ours_val "$1" "$2" "$3" "${4:-3}")
  [ -n "$v" ] || return 0
  if [ "${4:-3}" = 3 ]; then printf '%s<!--csv %s;%s;%s-->' "$v" "$1" "$2" "$3"
  else printf '%s<!--csv %s;%s;%s;%s;1-->' "$v" "$1" "$2" "$3" "$4"; fi
}
# qc DECIMALS EXPR: calc EXPR (paper/rules.sh: arithmetic over CSV cells
# {ID;SERIES;X[;COL]}) to DECIMALS places, followed by its tag
qc() {
  local v
  v=$(calc "$2") || die "qc: cannot compute $2"
  printf '%s<!--calc %s-->' "$(awk -v v="$v" -v d="$1" 'BEGIN { printf "%." d "f", v }')" "$2"
}
# qrule DECIMALS NAME ARG...: what rule_NAME ARG... prints (paper/rules.sh),
# each number to DECIMALS places (- keeps them as printed), followed by its
# tag; a list space-separated, or "A and B", "A, B and C" with QSEP=and
qrule() {
  local d=$1 v t; shift
  v=$(rule "$@") || die "qrule: cannot compute $*"
  t=$(IFS=';'; echo "$*")
  printf '%s<!--rule %s-->' "$(awk -v d="$d" -v and="${QSEP:-}" '{ for (i = 1; i <= NF; i++) {
      printf "%s%s", (i == 1 ? "" : and == "" ? " " : i == NF ? " and " : ", "), ($i == "none" || d == "-") ? $i : sprintf("%." d "f", $i) } }' <<<"$v")" "$t"
}
# verdict HOLDS TEXT TEXT_IF_NOT [HOLDS TEXT TEXT_IF_NOT]...: a row's
# AGREE cell from the checks of the paper's statements on the CSVs (HOLDS
# 1 or 0, cond): yes when every one holds, no when none does, else partly;
# then what holds and, after "but", what does not
verdict() {
  local y=0 n=0 held="" failed=""
  while [ $# -ge 3 ]; do
    case $1 in
      1) y=$((y + 1)); held="$held${held:+; }$2" ;;
      0) n=$((n + 1)); failed="$failed${failed:+; }$3" ;;
      *) die "verdict: a check is 1 or 0, not '$1'" ;;
    esac
    shift 3
  done
  [ $# -eq 0 ] || die "verdict: checks come in threes"
  if [ $n = 0 ]; then echo "yes: $held"
  elif [ $y = 0 ]; then echo "no: $failed"
  else echo "partly: $held; but $failed"; fi
}
# paper_row ID TITLE PAPER OURS AGREE WHY: the figure's row of its fidelity page
# (AGREE: yes, partly, no, or n/a, then a few words). The id links to the
# plot's committed copy, docs/paper/ID.png (the full make paper refreshes
# it), relative to the paper's page docs/fidelity/PAPER.md. A figure drawn in parts (plot_xy
# png=ID.PART) sets ROW_PARTS="PART..." first: the id links to the first
# part, and each part is linked by its name after the title.
paper_row() {
  local id=$1 t=$2 p=$3 o=$4 a=$5 w=$6 link=$1 part
  if [ -n "${ROW_PARTS:-}" ]; then
    link="$id.${ROW_PARTS%% *}"
    t="$t (plots:"; for part in $ROW_PARTS; do t="$t [$part](../paper/$id.$part.png)"; done; t="$t)"
  fi
  printf '| [%s](../paper/%s.png) %s | %s | %s | %s | %s |\n' \
    "$id" "$link" "$t" "$p" "$o" "$a" "$w" | sed 's/\r//g' >"$PAPER_OUT/$id.row"
}

# gtitle TEXT K: line K of TEXT broken into lines of at most 60 characters
# at its " = " (our series drawn as one), as a gnuplot double-quoted
# string, or nothing past the last line (K = 0: every line, unquoted, one
# a line); so that a long legend entry stays inside the picture, as
# entries of its own
gtitle() {
  printf '%s\n' "$1" | awk -v k="$2" '{ n = split($0, a, / = /); m = 1; l[1] = a[1]
    for (i = 2; i <= n; i++) { if (length(l[m]) + 3 + length(a[i]) > 60) { l[m] = l[m] " ="; l[++m] = "  " a[i] } else l[m] = l[m] " = " a[i] }
    if (k == 0) { for (i = 1; i <= m; i++) print l[i]; exit }
    if (k > m) exit
    t = l[k]; gsub(/\\/, "\\\\", t); gsub(/"/, "\\\"", t); printf "\"%s\"", t }'
}

# The plot style (issue 31): every series its own colour and dash (and
# mark) pair, never one repeated in a plot; the legend outside the data
# (right of the frame, or below it when its titles are long); no text on
# the frame's inside: the paper's stated levels (hline, vline) are lines
# named in the legend; a margin inside the frame so that the paper's
# markers, as large as they are, stay inside it.
# PLOT_COLOURS: 10 colours (no gray: the stated levels are gray)
PLOT_COLOURS=(1f77b4 ff7f0e 2ca02c d62728 9467bd 8c564b e377c2 000000 bcbd22 17becf)
# our series' dashes and marks (filled), the paper models' dashes, the
# paper's marks (open), the stated levels' dashes
PLOT_OURS_DT=(1 4 5) PLOT_OURS_PT=(7 5 9 11 13 15) PLOT_MODEL_DT=(2 3 4 5 1)
PLOT_PAPER_PT=(6 4 8 10 12 14) PLOT_REF_DT=(3 "(12,6)" "(12,4,2,4)" "(2,6)")

# plot_xy ID TITLE XLABEL YLABEL [OPTION...]: ID.png from ID.csv (lines, one
# per series; error bars when the rows carry ymin,ymax) and paper/data/ID.csv
# (large open markers, one per series, coloured as our series of the same
# name). A series of ID.csv whose name contains "paper" is the paper's model
# or fit computed by the script: drawn dashed, not "(ours)", in the colour of
# the series named by what comes before " paper" (else by its first word),
# with a dash of its own. Our series that coincide (the same x, every y
# within 0.5%) are drawn once, named together. Options: logx, logy,
# key=below (the legend under the frame; it goes there anyway when its
# titles are long), series=REGEX (only the series whose names match, ours
# and the paper's: one part of a figure with too many series to read at
# once), png=NAME (draw NAME.png, ID.PART for a part; ID by default),
# yrange=LO:HI, hline=Y:LABEL and vline=X:LABEL (a gray
# line the paper states, named in the legend; repeatable), ylin=A:B (draw
# y - (A x + B), ours and the paper's values alike: the distance from a
# stated prediction, when the values themselves would lie on top of each
# other).
plot_xy() {
  local id=$1 title=$2 xl=$3 yl=$4; shift 4
  local set="" keybelow=0 o v l la="" lb="" refs="" nref=0 titles="" only="" png=$id
  for o in "$@"; do
    case "$o" in
      logx) set="$set set logscale x 2;" ;;
      logy) set="$set set logscale y;" ;;
      key=below) keybelow=1 ;;
      series=*) only=${o#series=} ;;
      png=*) png=${o#png=} ;;
      key=*) die "plot_xy: key=${o#key=}: the legend is outside the frame (right, or key=below)" ;;
      yrange=*) set="$set set yrange [${o#yrange=}];" ;;
      ylin=*) v=${o#ylin=}; la=${v%%:*}; lb=${v#*:} ;;
      hline=*|vline=*) v=${o#?line=}; l=${v#*:}; v=${v%%:*}
        local dt=${PLOT_REF_DT[$((nref % ${#PLOT_REF_DT[@]}))]}
        nref=$((nref + 1))
        if [ "${o%%=*}" = hline ]; then
          set="$set set arrow from graph 0, first $v to graph 1, first $v nohead dt $dt lw 2 lc rgb 'gray40';"
        else
          set="$set set arrow from first $v, graph 0 to first $v, graph 1 nohead dt $dt lw 2 lc rgb 'gray40';"
        fi
        # its name in the legend: a line of no points, in the same dash
        refs="$refs, NaN with lines dt $dt lw 2 lc rgb 'gray40' title '$(gq "$l")'"
        titles="$titles$l"$'\n' ;;
      *) die "plot_xy: unknown option $o" ;;
    esac
  done
  command -v gnuplot >/dev/null || die "no gnuplot (scripts/deps.sh plot): $id.png not drawn"
  local ours=$PAPER_OUT/$id.csv paper=$PAPER_DATA/$id.csv tmp
  tmp=$(mktemp -d)
  # one file per series (numbered, so any name is safe), names in order
  # ylin=A:B draws y - (A x + B), ours and the paper's alike
  awk -F, -v OFS=, -v d="$tmp" -v a="$la" -v b="$lb" -v only="$only" 'NR > 1 && $1 ~ only { if (!($1 in s)) { s[$1] = ++k; print $1 > (d "/ours") }
      if (a != "") for (f = 3; f <= NF && f <= 5; f++) $f -= a * $2 + b
      print > (d "/o_" s[$1]) }' "$ours"
  [ -f "$paper" ] && awk -F, -v OFS=, -v d="$tmp" -v a="$la" -v b="$lb" -v only="$only" '!/^#/ && ++r > 1 && $1 ~ only { if (!($1 in s)) { s[$1] = ++k; print $1 > (d "/paper") }
      if (a != "") $3 -= a * $2 + b
      print > (d "/p_" s[$1]) }' "$paper"
  # coinciding series: "same I J" for series J drawn as series I (I < J)
  awk -F, -v only="$only" 'NR > 1 && $1 ~ only { if (!($1 in s)) { s[$1] = ++k; md[k] = ($1 ~ /paper/) } y[s[$1], $2] = $3; xs[s[$1]] = xs[s[$1]] "|" $2 }
    END { for (j = 2; j <= k; j++) for (i = 1; i < j; i++) {
            if (md[i] || md[j] || (i in dup) || xs[i] != xs[j]) continue
            n = split(substr(xs[i], 2), x, "|"); eq = 1
            for (q = 1; q <= n && eq; q++) { a = y[i, x[q]]; b = y[j, x[q]]; m = (a < 0 ? -a : a) > (b < 0 ? -b : b) ? (a < 0 ? -a : a) : (b < 0 ? -b : b)
              if ((a - b > 0 ? a - b : b - a) > 0.005 * m) eq = 0 }
            if (eq) { dup[j] = i; print "same " i " " j; break } } }' "$ours" >"$tmp/same"
  declare -A names=() drop=() ci=()
  local a b
  while read -r _ a b; do drop[$b]=$a; done <"$tmp/same"
  i=0
  while read -r s; do i=$((i + 1)); names[$i]=$s; done <"$tmp/ours"
  for b in $(printf '%s\n' "${!drop[@]}" | sort -n); do a=${drop[$b]}; names[$a]="${names[$a]} = ${names[$b]}"; done
  local cmd="" c=0 i=0 s sep="" colour style k t rgb dt pt
  # used["colour dash"] / used["colour mark"]: the pairs drawn so far
  declare -A col=() used=()
  # pick COLOUR LIST...: the first of LIST not yet paired with COLOUR (else
  # the first), marked used; in $pick
  pick() { local cc=$1 e; shift; pick=$1
    for e in "$@"; do [ -n "${used["$cc $e"]:-}" ] || { pick=$e; break; }; done
    used["$cc $pick"]=1; }
  while read -r s; do
    i=$((i + 1))
    # a series drawn as an earlier one takes its colour and no line
    if [ -n "${drop[$i]:-}" ]; then col[$s]=${ci[${drop[$i]}]}; continue; fi
    case "$s" in
      # the model of series X is named "X paper ...": X's colour, a dash
      # of its own
      *paper*) k=${col[${s%% paper*}]:-${col[${s%% *}]:-$c}}
        [ "$k" -ge 1 ] || { c=$((c + 1)); k=$c; }
        col[$s]=$k; ci[$i]=$k
        rgb=${PLOT_COLOURS[$(((k - 1) % ${#PLOT_COLOURS[@]}))]}
        pick "$rgb" "${PLOT_MODEL_DT[@]}"; dt=$pick
        t=$s; style="with lines lc rgb '#$rgb' dt $dt lw 2" ;;
      *) c=$((c + 1)); col[$s]=$c; ci[$i]=$c
        rgb=${PLOT_COLOURS[$(((c - 1) % ${#PLOT_COLOURS[@]}))]}
        pick "$rgb" "${PLOT_OURS_DT[@]}"; dt=$pick
        pt=${PLOT_OURS_PT[$(((c - 1) / ${#PLOT_COLOURS[@]} % ${#PLOT_OURS_PT[@]}))]}
        t="${names[$i]} (ours)"; style="with linespoints lc rgb '#$rgb' dt $dt lw 1.5 pt $pt ps 0.8" ;;
    esac
    if [ "$(awk -F, 'NR == 1 { print NF }' "$tmp/o_$i")" -ge 5 ]; then
      [ "${style#with lines }" = "$style" ] || style="with yerrorlines ${style#with lines }"
      style=${style/with linespoints/with yerrorlines}
      case "$s" in *paper*) ;; *) t="${names[$i]} (ours, min..max)" ;; esac
      cmd="$cmd$sep'$(gq "$tmp/o_$i")' using 2:3:4:5 $style title $(gtitle "$t" 1)"
    else
      cmd="$cmd$sep'$(gq "$tmp/o_$i")' using 2:3 $style title $(gtitle "$t" 1)"
    fi
    # the title's further lines: entries of their own, with no sample
    k=2
    while l=$(gtitle "$t" $k) && [ -n "$l" ]; do
      cmd="$cmd, NaN with lines lc rgb '#ffffff' title $l"; k=$((k + 1))
    done
    titles="$titles$(gtitle "$t" 0)"$'\n'
    sep=", "
  done <"$tmp/ours"
  if [ -f "$tmp/paper" ]; then
    i=0
    while read -r s; do
      i=$((i + 1)); colour=${col[$s]:-$((++c))}
      rgb=${PLOT_COLOURS[$(((colour - 1) % ${#PLOT_COLOURS[@]}))]}
      pick "$rgb" "${PLOT_PAPER_PT[@]}"; pt=$pick
      cmd="$cmd$sep'$(gq "$tmp/p_$i")' using 2:3 with points lc rgb '#$rgb' pt $pt ps 2.2 lw 2 title '$(gq "$s") (paper)'"
      titles="$titles$s (paper)"$'\n'
      sep=", "
    done <"$tmp/paper"
  fi
  # the legend right of the frame, or below it when a title is long (a
  # long legend beside the frame squeezes the data)
  local key="outside right top vertical Left reverse samplen 4"
  [ "$(printf '%s' "$titles" | awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }')" -le 34 ] || keybelow=1
  [ "$keybelow" = 0 ] || key="below Left reverse samplen 4 height 1.5"
  gnuplot <<EOF
set terminal pngcairo size 1000,600 noenhanced font ',10'
set output '$(gq "$PAPER_OUT/$png.png")'
set datafile separator ','
set title '$(gq "$title")'
set xlabel '$(gq "$xl")'
set ylabel '$(gq "$yl")'
set key $key
set grid
set autoscale fix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06
$set
plot $cmd$refs
EOF
  rm -rf "$tmp"
}

# plot_bars ID TITLE YLABEL [logy] [panels]: ID.png as clustered bars, ours
# beside the paper, for a table whose x column is a label (ID.csv
# series,x,y joined to paper/data/ID.csv on series and x). panels: one panel
# a series, each on its own linear axis (its unit in the series' name), for
# a table whose series have different units; YLABEL is then unused.
plot_bars() {
  local id=$1 title=$2 yl=$3 set="" panels=0 o
  shift 3
  for o in "$@"; do
    case "$o" in
      logy) set="set logscale y;" ;;
      panels) panels=1 ;;
      *) die "plot_bars: unknown option $o" ;;
    esac
  done
  [ -n "$set" ] || set="set yrange [0:*];"
  command -v gnuplot >/dev/null || die "no gnuplot (scripts/deps.sh plot): $id.png not drawn"
  local tmp
  tmp=$(mktemp -d)
  awk -F, -v d="$tmp" 'FNR == 1 { f++ } f == 1 && FNR > 1 && !/^#/ { p[$1 "|" $2] = $3 }
           f == 2 && FNR > 1 { k = $1 "|" $2; if (!($1 in s)) { s[$1] = ++n; print $1 > (d "/names") }
             printf "\"%s %s\",%s,%s\n", $1, $2, $3, (k in p) ? p[k] : "NaN" > (d "/all")
             printf "\"%s\",%s,%s\n", $2, $3, (k in p) ? p[k] : "NaN" > (d "/s_" s[$1]) }' \
    <(grep -v '^#' "$PAPER_DATA/$id.csv" 2>/dev/null || echo "series,x,y,line") "$PAPER_OUT/$id.csv"
  # bars FILE: ours, and the paper's bars where it has values
  bars() { echo "plot '$(gq "$1")' using 2:xtic(1) title 'ours'$(grep -qv ',NaN$' "$1" && echo ", '' using 3 title 'paper'")"; }
  local body="" n s i=0 rows=1 cols w=1000 h=600
  if [ "$panels" = 1 ]; then
    # at most three panels a row, each wide enough for its labels; the
    # panel's title names its unit, so no y label beside it
    n=$(wc -l <"$tmp/names")
    cols=$((n < 3 ? n : 3)); rows=$(((n + 2) / 3))
    h=$((rows * 420 + 40))
    body="set multiplot layout $rows,$cols title '$(gq "$title")'; set yrange [0:*]; set key below horizontal;"
    while read -r s; do
      i=$((i + 1))
      body="$body set title '$(gq "$s")'; unset ylabel; $(bars "$tmp/s_$i");"
    done <"$tmp/names"
    body="$body unset multiplot"
  else
    body="set title '$(gq "$title")'; set ylabel '$(gq "$yl")'; set key outside right top; $set $(bars "$tmp/all")"
  fi
  gnuplot <<EOF
set terminal pngcairo size $w,$h noenhanced font ',10'
set output '$(gq "$PAPER_OUT/$id.png")'
set datafile separator ','
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.7 border -1
set xtics rotate by -30
set grid y
set offsets 0, 0, graph 0.08, 0
$body
EOF
  rm -rf "$tmp"
}

# paper_main "$@": the list/title/run dispatch; the script defines
# PAPER_TITLE, FIGS (ids) and a function fig_<id with - as _> for each
paper_main() {
  case "${1:-}" in
    list) [ ${#FIGS[@]} -eq 0 ] || printf '%s\n' "${FIGS[@]}" ;;
    title) echo "$PAPER_TITLE" ;;
    run | row)
      [ -n "${2:-}" ] || die "usage: $0 $1 ID"
      local f
      for f in "${FIGS[@]}"; do
        [ "$f" = "$2" ] || continue
        export PAPER_FAILED=$PAPER_OUT/$2.failed
        rm -f "$PAPER_FAILED"
        if [ "$1" = run ]; then "fig_${2//-/_}"
        else [ -f "$PAPER_OUT/$2.csv" ] || die "no $PAPER_OUT/$2.csv to write $2's row from"; "row_${2//-/_}"; fi
        if [ -s "$PAPER_FAILED" ]; then
          echo "paper: $2 failed: $(head -n 1 "$PAPER_FAILED")" >&2
          rm -f "$PAPER_FAILED"
          exit 1
        fi
        rm -f "$PAPER_FAILED"
        return
      done
      echo "paper: $0: no figure '$2' (allowed: ${FIGS[*]})" >&2; exit 2 ;;
    *) echo "usage: $0 list | title | run ID | row ID" >&2; exit 2 ;;
  esac
}
