#!/usr/bin/env bash
# The numbers docs/fidelity.md quotes from make paper's CSVs, checked
# against those CSVs (issue 22, part 4). A quoted number carries a tag right
# after it (after its % sign, if any), an HTML comment the rendered page
# does not show:
#   52%<!--csv hinrichs-fig9a;phased 128 B;0;3;0.0390625-->
# fields, split on ';' (a '|' would split a markdown table's cell): the
# figure id, the series, the x, the CSV column (3 = y, the default; 4 and 5
# the min and max of an error-bar row) and a factor the CSV value is
# multiplied by before the comparison (default 1). The number
# must equal the CSV value rounded to the number's own decimals ("801,000"
# reads as 801000). The paper scripts tag the numbers they compute into
# their rows, the notes (paper/notes/*.md) tag the numbers they quote.
#   tests/paper/prose.sh [MD CSVDIR]...
# Without arguments: docs/fidelity.md against docs/paper/csv/ (the CSVs the
# full make paper copies there with it) and paper/notes/*.md against the
# same. One PASS/FAIL line per file and figure, then self-checks showing a
# planted wrong number, series and column fail.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
nargs=$#

# check MD CSVDIR: one line "OK|BAD id: what" per tag of MD
check() {
  awk -v dir="$2" '
    function num(s) { gsub(/,/, "", s); sub(/%$/, "", s); return s }
    function decs(s,   p) { s = num(s); p = index(s, "."); return p ? length(s) - p : 0 }
    # val(id, series, x, col): the CSV value, or "" (missing)
    function val(id, s, x, k,   f, line, a, n, r) {
      f = dir "/" id ".csv"; r = ""
      if ((getline line < f) <= 0) { close(f); return "\001nofile" }
      while ((getline line < f) > 0) {
        n = split(line, a, ",")
        if (a[1] == s && a[2] == x) { r = (k <= n) ? a[k] : ""; break }
      }
      close(f); return r
    }
    {
      rest = $0; c = $0; all = gsub(/<!--csv /, "", c); seen = 0
      while (match(rest, /([0-9][0-9,]*(\.[0-9]+)?|\.[0-9]+)%?<!--csv [^>]*-->/)) {
        m = substr(rest, RSTART, RLENGTH); rest = substr(rest, RSTART + RLENGTH); seen++
        t = index(m, "<!--csv "); n = substr(m, 1, t - 1); tag = substr(m, t + 8)
        sub(/ *-->$/, "", tag)
        nf = split(tag, f, ";")
        id = f[1]; k = (nf >= 4 && f[4] != "") ? f[4] + 0 : 3; sc = (nf >= 5 && f[5] != "") ? f[5] + 0 : 1
        where = FILENAME ":" FNR ": " n " (" tag ")"
        if (nf < 3) { print "BAD " id ": " where ": a tag needs id;series;x"; continue }
        v = val(id, f[2], f[3], k)
        if (v == "\001nofile") { print "BAD " id ": " where ": no " dir "/" id ".csv"; continue }
        if (v == "" || v !~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/) { print "BAD " id ": " where ": no value for series \"" f[2] "\" x " f[3] " column " k; continue }
        want = v * sc; d = decs(n); tol = 0.5 * 10 ^ -d + 1e-9 * (want < 0 ? -want : want)
        diff = num(n) - want; if (diff < 0) diff = -diff
        if (diff > tol) printf "BAD %s: %s: the CSV says " ("%." d "f") "\n", id, where, want
        else print "OK " id
      }
      # a tag must follow its number (a value the script could not find
      # leaves the tag alone)
      if (all > seen) { t = $0; sub(/.*<!--csv /, "", t); sub(/;.*/, "", t); print "BAD " t ": " FILENAME ":" FNR ": " all - seen " tag(s) with no number before them" }
    }' "$1"
}

# report NAME MD CSVDIR: one PASS/FAIL line per figure id tagged in MD
report() {
  local name=$1 md=$2 dir=$3 lines
  [ -f "$md" ] || { echo "FAIL prose_$name: no $md"; return; }
  lines=$(check "$md" "$dir")
  if [ -z "$lines" ]; then
    # the full table must quote some; a partial run's rows may not
    if [ "$nargs" -eq 0 ]; then echo "FAIL prose_$name: no tagged number in $md"; else echo "PASS prose_$name (no tagged number)"; fi
    return
  fi
  awk -v nm="$name" '{ id = $2; sub(/:$/, "", id) } !(id in seen) { seen[id] = 1; ids[++n] = id }
    $1 == "OK" { ok[id]++ } $1 == "BAD" { c[id]++; if (!(id in why)) { w = $0; sub(/^BAD [^:]*: /, "", w); why[id] = w } }
    END { for (i = 1; i <= n; i++) { id = ids[i]
            if (c[id]) printf "FAIL prose_%s_%s: %d of %d numbers wrong, first: %s\n", nm, id, c[id], c[id] + ok[id], why[id]
            else printf "PASS prose_%s_%s (%d numbers)\n", nm, id, ok[id] } }' <<<"$lines"
}

if [ $# -gt 0 ]; then
  while [ $# -ge 2 ]; do report "$(basename "$1" .md)" "$1" "$2"; shift 2; done
else
  report fidelity "$root/docs/fidelity.md" "$root/docs/paper/csv"
  for f in "$root"/paper/notes/*.md; do
    grep -q '<!--csv ' "$f" && report "notes_$(basename "$f" .md)" "$f" "$root/docs/paper/csv"
  done
fi

# the check can fail: a made-up CSV and prose that must pass or fail (run
# without arguments only: make test's runner)
[ "$nargs" -eq 0 ] || exit 0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'series,x,y,ymin,ymax\nphased 128 B,0,2075,2000,2100\ncomm %%,msgpass,16.1\ng,x,0.36\n' >"$tmp/fig.csv"
good='starts at 81%<!--csv fig;phased 128 B;0;3;0.0390625--> of Eq. 1; 2,075<!--csv fig;phased 128 B;0--> MB/s, at least 2000<!--csv fig;phased 128 B;0;4-->; 16.1%<!--csv fig;comm %;msgpass-->\n'
expect() {  # expect NAME pass|fail TEXT
  printf '%b' "$3" >"$tmp/t.md"
  local bad
  bad=$(check "$tmp/t.md" "$tmp" | grep -c '^BAD')
  if { [ "$2" = pass ] && [ "$bad" = 0 ]; } || { [ "$2" = fail ] && [ "$bad" != 0 ]; }; then echo "PASS prose_$1"
  else echo "FAIL prose_$1: expected $2, got $bad wrong: $(check "$tmp/t.md" "$tmp" | grep '^BAD' | head -1)"; fi
}
expect selftest_good pass "$good"
expect selftest_wrong_number fail "${good/starts at 81%/starts at 90%}"
expect selftest_wrong_decimals fail "${good/16.1%/16.0%}"
expect selftest_wrong_series fail "${good/;phased 128 B;0;4/;msgpass 128 B;0;4}"
expect selftest_wrong_column fail "${good/2000<!--csv fig;phased 128 B;0;4/2000<!--csv fig;phased 128 B;0;5}"
expect selftest_no_csv fail "${good/csv fig;comm/csv nofig;comm}"
expect selftest_short_tag fail "${good/;msgpass-->/-->}"
expect selftest_no_number fail "${good/16.1%<!--/%<!--}"
expect selftest_leading_point pass "gamma .36<!--csv fig;g;x--> us\n"
expect selftest_leading_point_wrong fail "gamma .35<!--csv fig;g;x--> us\n"
# and on the real table: its first tagged number made wrong must fail
if [ -f "$root/docs/fidelity.md" ] && grep -q '<!--csv ' "$root/docs/fidelity.md"; then
  awk '!done && match($0, /[0-9][0-9,]*(\.[0-9]+)?%?<!--csv /) {
         $0 = substr($0, 1, RSTART - 1) "9" substr($0, RSTART); done = 1 } { print }' \
    "$root/docs/fidelity.md" >"$tmp/planted.md"
  n=$(check "$tmp/planted.md" "$root/docs/paper/csv" | grep -c '^BAD')
  m=$(check "$root/docs/fidelity.md" "$root/docs/paper/csv" | grep -c '^BAD')
  if [ "$n" -eq $((m + 1)) ]; then echo "PASS prose_selftest_planted_in_fidelity"
  else echo "FAIL prose_selftest_planted_in_fidelity: $n wrong with a planted number, $m without"; fi
fi
