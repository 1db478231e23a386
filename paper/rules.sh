#!/usr/bin/env bash
# The numbers a row of the fidelity pages (docs/fidelity/) or a note
# (paper/notes/) states without reading them off one CSV cell: a ratio or a
# difference of cells (calc), a crossover, the sizes at which one series is
# below another, the paper's own model at its stated parameters (rule_*).
# Sourced by paper/lib.sh, whose row writers print them with their tags
# (qc, qrule), and by tests/paper/prose.sh, which computes every tagged
# number again from the CSVs it names:
#   1.23<!--calc {ID;SERIES;X} / {ID;SERIES;X}-->  what calc prints
#   64<!--rule from;ID;SERIES;EXCL-->              what rule_from prints
# A rule's number may be a list ("512 2048", "256 and 320") or the word
# none, tagged after its last element. Every function here reads only
# $PAPER_OUT/ID.csv (a run's CSVs, or docs/paper/csv for the committed
# pages) and its arguments: none runs the model. A function prints its
# value(s), or says why not on stderr and returns 1.

# cell ID SERIES X [COL]: the CSV value (column COL: 3, the y, by default;
# 4 and 5 the min and max of an error-bar row), or nothing
cell() { awk -F, -v s="$2" -v x="$3" -v k="${4:-3}" 'NR > 1 && $1 == s && $2 == x { print $k; exit }' "$PAPER_OUT/$1.csv"; }

# cells_in EXPR: EXPR with each cell {ID;SERIES;X[;COL]} replaced by its
# value in parentheses, and each {rule NAME;ARG...} by the one number
# rule_NAME ARG... prints
cells_in() {
  local e=$1 out="" ref v f
  while [[ $e == *"{"* ]]; do
    out+=${e%%\{*}; e=${e#*\{}
    [[ $e == *"}"* ]] || { echo "calc: no } in '$1'" >&2; return 1; }
    ref=${e%%\}*}; e=${e#*\}}
    IFS=';' read -r -a f <<<"$ref"
    if [[ $ref == "rule "* ]]; then
      f[0]=${f[0]#rule }
      v=$(rule "${f[@]}") || return 1
      [[ $v =~ ^-?[0-9.]+([eE][-+]?[0-9]+)?$ ]] || { echo "calc: {$ref} is '$v', not one number" >&2; return 1; }
      out+="($v)"; continue
    fi
    [ ${#f[@]} -ge 3 ] || { echo "calc: {$ref} needs ID;SERIES;X" >&2; return 1; }
    [ -f "$PAPER_OUT/${f[0]}.csv" ] || { echo "calc: no $PAPER_OUT/${f[0]}.csv" >&2; return 1; }
    v=$(cell "${f[0]}" "${f[1]}" "${f[2]}" "${f[3]:-3}")
    [[ $v =~ ^-?[0-9.]+([eE][-+]?[0-9]+)?$ ]] || { echo "calc: no value for {$ref}" >&2; return 1; }
    out+="($v)"
  done
  echo "$out$e"
}
# calc EXPR: EXPR's value, EXPR arithmetic (+ - * / and parentheses) over
# numbers and cells {ID;SERIES;X[;COL]}
calc() {
  local out
  out=$(cells_in "$1") || return 1
  [[ $out =~ ^[-+*/().0-9\ ]*$ ]] || { echo "calc: not arithmetic: '$1'" >&2; return 1; }
  awk "BEGIN { printf \"%.10g\\n\", $out }"
}
# cond EXPR: 1 if EXPR holds, else 0; EXPR as calc's with comparisons
# (< <= > >= == !=) and && || between them, for a row's verdicts
cond() {
  local out
  out=$(cells_in "$1") || return 1
  [[ $out =~ ^[-+*/().0-9\ \<\>=\!\&\|]*$ ]] || { echo "cond: not a comparison: '$1'" >&2; return 1; }
  awk "BEGIN { print (($out) ? 1 : 0) }"
}

# rule NAME ARG...: rule_NAME ARG..., refusing a name that is no rule
rule() {
  [[ $1 =~ ^[a-z_0-9]+$ ]] && declare -F "rule_$1" >/dev/null || { echo "rule: no rule '$1'" >&2; return 1; }
  local n=$1; shift
  "rule_$n" "$@"
}

# rows ID A: "x y" of series A, in the CSV's order
rows_of() { awk -F, -v a="$2" 'NR > 1 && $1 == a { print $2, $3 }' "$PAPER_OUT/$1.csv"; }

# rule_from ID A [EXCL...]: the smallest x from which series A stays above
# every other series (but those matching one of the regexes EXCL), over the
# sizes A has; none
rule_from() {
  local id=$1 a=$2; shift 2
  awk -F, -v a="$a" -v ex="$(printf '%s\034' "$@")" 'BEGIN { ne = split(ex, e, "\034") - 1 }
    function out(s,   i) { for (i = 1; i <= ne; i++) if (s ~ e[i]) return 1; return 0 }
    NR > 1 { if ($1 == a) { v[$2] = $3; xs[$2] = 1 }
             else if (!out($1)) { if (!($2 in o) || $3 > o[$2]) o[$2] = $3 } }
    END { n = 0; for (x in xs) l[++n] = x + 0
          for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (l[j] < l[i]) { t = l[i]; l[i] = l[j]; l[j] = t }
          r = "none"; for (i = n; i >= 1; i--) { if (v[l[i]] > o[l[i]]) r = l[i]; else break }
          print r }' "$PAPER_OUT/$id.csv"
}
# rule_from_between ID A [EXCL...]: rule_from's x and the size of A run
# just below it: "BELOW FROM" (the crossover lies between them), or none
rule_from_between() {
  local f
  f=$(rule_from "$@")
  [ "$f" != none ] || { echo none; return; }
  rows_of "$1" "$2" | awk -v f="$f" '$1 + 0 < f + 0 && (b == "" || $1 + 0 > b + 0) { b = $1 } END { print (b == "" ? "none" : b " " f) }'
}
# rule_first_at_least ID A Y: the smallest x at which series A reaches Y; none
rule_first_at_least() {
  rows_of "$1" "$2" | awk -v y="$3" '$2 + 0 >= y + 0 && (m == "" || $1 + 0 < m + 0) { m = $1 } END { print (m == "" ? "none" : m) }'
}
# rule_below ID A B: the x values at which series A is below series B, in
# increasing order; none
rule_below() {
  awk -F, -v a="$2" -v b="$3" 'NR > 1 && $1 == a { ya[$2] = $3 } NR > 1 && $1 == b { yb[$2] = $3 }
    END { for (x in ya) if (x in yb && ya[x] + 0 < yb[x] + 0) print x }' "$PAPER_OUT/$1.csv" |
    sort -g | awk '{ l = l (NR > 1 ? " " : "") $1 } END { print (l == "" ? "none" : l) }'
}
# rule_nbelow ID A B: how many x at which series A is below series B
rule_nbelow() { rule_below "$@" | awk '{ print ($1 == "none" ? 0 : NF) }'; }
# rule_last_below ID A B: the largest x at which series A is below B; none
rule_last_below() { rule_below "$@" | awk '{ print $NF }'; }
# rule_first_below ID A B: the first x, in A's order in the CSV, at which
# series A is below series B; none
rule_first_below() {
  awk -F, -v a="$2" -v b="$3" 'NR > 1 && $1 == a { ya[$2] = $3; xs[++k] = $2 } NR > 1 && $1 == b { yb[$2] = $3 }
    END { for (i = 1; i <= k; i++) if ((xs[i] in yb) && ya[xs[i]] + 0 < yb[xs[i]] + 0) { print xs[i]; exit } print "none" }' \
    "$PAPER_OUT/$1.csv"
}
# rule_over ID PA PB X: the bases at which series PA is above PB at x X,
# where PA and PB name a series with % for its base ("phased-proto % B");
# the bases are those of PA's series, in increasing order; none
rule_over() {
  awk -F, -v pa="$2" -v pb="$3" -v x="$4" '
    function base(p, s,   i, pre, post) { i = index(p, "%"); pre = substr(p, 1, i - 1); post = substr(p, i + 1)
      if (substr(s, 1, length(pre)) != pre || substr(s, length(s) - length(post) + 1) != post) return ""
      s = substr(s, length(pre) + 1, length(s) - length(pre) - length(post)); return s ~ /^[0-9.]+$/ ? s : "" }
    NR > 1 && $2 == x { if ((k = base(pa, $1)) != "") ya[k] = $3; if ((k = base(pb, $1)) != "") yb[k] = $3 }
    END { for (k in ya) if ((k in yb) && ya[k] + 0 > yb[k] + 0) print k }' "$PAPER_OUT/$1.csv" |
    sort -g | awk '{ l = l (NR > 1 ? " " : "") $1 } END { print (l == "" ? "none" : l) }'
}

# rule_max_gain ID A B: the largest gain of series A over series B at one
# x, in % (100 (A / B - 1); negative when A is never above B)
rule_max_gain() {
  awk -F, -v a="$2" -v b="$3" 'NR > 1 && $1 == b { d[$2] = $3 } NR > 1 && $1 == a { v[$2] = $3 }
    END { g = ""; for (x in v) if (d[x] > 0 && (g == "" || 100 * (v[x] / d[x] - 1) > g)) g = 100 * (v[x] / d[x] - 1)
          if (g == "") { print "rule_max_gain: no x with both series" > "/dev/stderr"; exit 1 } printf "%.10g\n", g }' "$PAPER_OUT/$1.csv"
}

# rule_model WHAT N D ALPHA BETA GAMMA: van de Geijn's analytic time in ms
# (seed 003; alpha, beta, gamma in us, beta and gamma per float) of WHAT:
# v1 (fan-in, then broadcast), v2 (exchange whole vectors), v3 (halve, then
# collect), hybrid (Sec. 4's optimal split rule, line 112; Fig. 6's
# combine-to-root has the same steps and times), fanin (Version 1's fan-in
# alone), thr (line 112's threshold at dimension D, in floats)
rule_model() {
  awk -v w="$1" -v n="$2" -v d="$3" -v a="$4" -v b="$5" -v g="$6" '
    function thr(k) { return (k - 1) * (b + g) + g > 0 ? 2 * a / ((k - 1) * (b + g) + g) : -1 }
    # a split step: send half, combine it, and later collect the other half
    function hyb(m, k,   t) {
      if (k == 0) return 0
      t = thr(k)
      if (t < 0 || m < t) return a + m * (b + g) + hyb(m, k - 1)
      return 2 * a + m / 2 * (2 * b + g) + hyb(m / 2, k - 1)
    }
    BEGIN {
      if (w == "v1") t = 2 * d * a + d * n * (2 * b + g)
      else if (w == "v2" || w == "fanin") t = d * (a + n * (b + g))
      else if (w == "v3") t = 2 * d * a + (1 - 2 ^ -d) * n * (2 * b + g)
      else if (w == "hybrid") t = hyb(n, d)
      else if (w == "thr") { printf "%.1f\n", thr(d); exit }
      else { print "rule_model: no model " w > "/dev/stderr"; exit 1 }
      printf "%.4g\n", t / 1000
    }'
}
# rule_model_cross A B D ALPHA BETA GAMMA NS: the first n of the list NS at
# which the model's version B is below its version A; none
rule_model_cross() {
  local n
  for n in $7; do
    awk -v a="$(rule_model "$1" "$n" "$3" "$4" "$5" "$6")" -v b="$(rule_model "$2" "$n" "$3" "$4" "$5" "$6")" 'BEGIN { exit !(b < a) }' &&
      { echo "$n"; return; }
  done
  echo none
}

# run as a program (tests/paper/prose.sh): paper/rules.sh DIR calc EXPR,
# paper/rules.sh DIR cond EXPR, or paper/rules.sh DIR rule NAME ARG...,
# over the CSVs in DIR
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  PAPER_OUT=$1; shift
  case "${1:-}" in
    calc | cond | rule) "$@" ;;
    *) echo "usage: paper/rules.sh DIR calc EXPR | cond EXPR | rule NAME ARG..." >&2; exit 2 ;;
  esac
fi
