#!/usr/bin/env bash
# The numbers the fidelity pages (docs/fidelity.md, docs/fidelity/*.md) and
# paper/notes/*.md state, checked (issues 22 and 31). A number carries a tag
# right after it (after its % sign, if any), an HTML comment the rendered
# page does not show, whose fields are split on ';' (a '|' would split a
# markdown table's cell):
#   52%<!--csv hinrichs-fig9a;phased 128 B;0;3;0.0390625-->
#       a value of make paper's CSVs: the figure id, the series, the x, the
#       CSV column (3 = y, the default; 4 and 5 the min and max of an
#       error-bar row) and a factor the value is multiplied by (default 1)
#   6.65<!--calc {bokhari-fig4;k=8;1000} / {bokhari-fig4;k=1;1000}-->
#       arithmetic over CSV cells {ID;SERIES;X[;COL]} and numbers (a ratio,
#       a difference, a share; or the paper's numbers combined)
#   320<!--rule from;hinrichs-fig7;phased (iwarp-proto);^phased-->
#       what paper/rules.sh's rule_from prints for those arguments over the
#       CSVs (a crossover, the sizes where one series is below another, the
#       paper's model); a rule's number may be a list ("512 2048", "256 and
#       320") or the word none. A list takes every number before the tag
#       joined by ' ', ', ' or ' and' ("at d = 6, 32<!--rule...-->" reads
#       "6 32" and fails): write "at d = 6, to 32" to end it
#   2.9<!--paper 001:315-->  or  about 10<!--paper 000:117;10.3-->
#       the paper's value: the number (or the VALUE after ';', which the
#       number must round) stands on that line of the seed text (SEEDS,
#       default ../shared/seeds beside the clone; skipped without it)
#   1379648<!--run bk-pairwise-raster-->
#       a run outside the CSVs, checked by tests/paper/runs.sh
#   **no**<!--holds 0.9 * 2.9 < {hinrichs-table1;Factor MP/AAPC;FEM}-->
#       a verdict (issue 31, part 3): the word before the tag (yes, no,
#       partly, holds, hold, fails, fail; bold or not) must be what EXPR
#       says over the data. EXPR is paper/rules.sh's cond: calc's cells and
#       numbers (the paper's, as written beside), compared (< <= == !=;
#       no '>', which would end the tag: write a < b) and joined (&& ||),
#       with {rule NAME;ARG...} for a rule's one number and {run KEY} for
#       the number the page tags <!--run KEY--> (runs.sh checks that one).
#       yes, holds and hold need EXPR true, no, fails and fail false;
#       partly takes two, HELD but FAILED: the first true, the second
#       false. The tolerance stands in EXPR: the notes take a value within
#       10% of the paper's (0.9 * 2.3 < X && X < 1.1 * 2.3) as agreeing,
#       within a factor 1.25 (0.8 * 485 < X && X < 1.25 * 485) "roughly".
#       tests/paper/untagged.sh lists the notes' verdicts with no tag.
# A number must equal its value rounded to its own decimals ("801,000"
# reads as 801000); one written after "~" or "about" (tests/paper/tags.awk:
# approx_before) to its last non-zero digit ("~2600": 2550 to 2650). The
# paper scripts tag the numbers they write into the rows (paper/lib.sh: qv,
# qr, qc, qrule), the notes tag the numbers they quote; tests/paper/
# untagged.sh lists the numbers that carry no tag and are not exempt.
#   tests/paper/prose.sh [MD CSVDIR]...
# Without arguments: the fidelity pages against docs/paper/csv/ (the CSVs
# the full make paper copies there with them) and paper/notes/*.md against
# the same. One PASS/FAIL line per file and figure (or rule, calc, seed),
# then self-checks showing planted wrong numbers fail.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
nargs=$#
SEEDS=${SEEDS:-$root/../shared/seeds}

# check MD CSVDIR: one line "OK|BAD|SKIP id: what" per tag of MD
check() {
  awk -v dir="$2" -v rules="$root/paper/rules.sh" -v seeds="$SEEDS" "$(cat "$root/tests/paper/tags.awk")"'
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
    function sq(s,   n, a, i, r) { n = split(s, a, "\047"); r = a[1]; for (i = 2; i <= n; i++) r = r "\047\"\047\"\047" a[i]; return "\047" r "\047" }
    # run(args): the output of paper/rules.sh DIR ARGS (its error after "?")
    function run(args,   cmd, l, out) {
      cmd = sq(rules) " " sq(dir) " " args " 2>&1"; out = ""
      while ((cmd | getline l) > 0) out = out (out == "" ? "" : " ") l
      if (close(cmd) != 0) out = "?" out
      return out
    }
    # seedline(seed, line): that line of the seed text whose file name
    # starts with SEED, or "\001why"
    function seedline(seed, ln,   cmd, f, t, i) {
      if (!(seed in sfile)) {
        sfile[seed] = ""; cmd = "ls " sq(seeds) " 2>/dev/null"
        while ((cmd | getline f) > 0) if (index(f, seed "-") == 1) sfile[seed] = seeds "/" f
        close(cmd)
      }
      if (sfile[seed] == "") return "\001no seed " seed " in " seeds
      i = 0; t = "\001no line " ln " in " sfile[seed]
      while ((getline f < sfile[seed]) > 0) if (++i == ln) { t = f; break }
      close(sfile[seed]); return t
    }
    # same(list, want, approx): do the numbers of list agree with those of want?
    function same(list, want, approx,   n, m, a, b, i) {
      n = split(list, a, " "); m = split(want, b, " ")
      if (list == "none" || want == "none") return list == want
      if (n != m) return 0
      for (i = 1; i <= n; i++) if (b[i] !~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/ || !agrees(a[i], b[i], approx)) return 0
      return 1
    }
    # rounded(list, want): want written as the list writes its numbers
    function rounded(list, want,   n, a, b, i, r) {
      n = split(list, a, " "); split(want, b, " ")
      if (want !~ /^[-0-9. eE+]+$/) return want
      for (i = 1; i <= n; i++) r = r (i > 1 ? " " : "") ((i in b) ? shown(a[i], b[i]) : "?")
      return r
    }
    # runs_in(expr): expr with each {run KEY} replaced by the number the
    # page writes before <!--run KEY--> (runs.sh checks it), or "\001why"
    function runs_in(e,   out, k) {
      out = ""
      while (match(e, /\{run [^}]*\}/)) {
        k = substr(e, RSTART + 5, RLENGTH - 6)
        if (!(k in runv)) return "\001no number tagged run " k " on the page"
        out = out substr(e, 1, RSTART - 1) "(" runv[k] ")"; e = substr(e, RSTART + RLENGTH)
      }
      return out e
    }
    # holds(word, expr): "" if the data say word, else why not
    function holds(word, e,   np, p, c, j, said, got) {
      e = runs_in(e); if (substr(e, 1, 1) == "\001") return substr(e, 2)
      np = split(e, p, / but /)
      if ((word == "partly") != (np == 2) || np > 2) return "partly takes two conditions (HELD but FAILED), the other words one"
      for (j = 1; j <= np; j++) { c[j] = run("cond " sq(p[j])); if (c[j] !~ /^[01]$/) return "cond: " substr(c[j], 2); c[j] += 0 }
      said = (word ~ /^(yes|holds?)$/) ? "yes" : (word ~ /^(no|fails?)$/) ? "no" : word
      got = (np == 1) ? (c[1] ? "yes" : "no") : (c[1] && !c[2]) ? "partly" : (c[1] ? "yes (both hold)" : c[2] ? "the other way round" : "no (neither holds)")
      return got == said ? "" : "the data say " got
    }
    # the first pass: the numbers of the run tags ({run KEY} of a holds tag)
    NR == FNR { tags_parse($0); for (i = 1; i <= T_N; i++) if (T_KIND[i] == "run" && T_COUNT[i] == 1) runv[T_BODY[i]] = num(T_LIST[i]); next }
    {
      tags_parse($0)
      for (i = 1; i <= T_N; i++) {
        kind = T_KIND[i]; body = T_BODY[i]; list = T_LIST[i]; ax = approx_before(T_PRE[i])
        neg = (T_PRE[i] ~ /(^|[ (:])(-|−)$/) ? "-" : ""
        if (neg != "") list = neg list
        where = FILENAME ":" FNR ": " list " (" kind " " body ")"
        nf = split(body, f, ";")
        id = (kind == "csv") ? f[1] : (kind == "rule") ? "rule_" f[1] : (kind == "paper") ? "paper_" substr(f[1], 1, index(f[1] ":", ":") - 1) : kind
        if (T_COUNT[i] == 0) { print "BAD " id ": " where ": a tag with no " (kind == "holds" ? "verdict word" : "number") " before it"; continue }
        if (kind == "run") continue
        if (kind == "holds") { why = holds(list, body); print (why == "" ? "OK " id : "BAD " id ": " where ": " why); continue }
        if (kind == "csv") {
          k = (nf >= 4 && f[4] != "") ? f[4] + 0 : 3; sc = (nf >= 5 && f[5] != "") ? f[5] + 0 : 1
          if (nf < 3) { print "BAD " id ": " where ": a tag needs id;series;x"; continue }
          if (T_COUNT[i] != 1) { print "BAD " id ": " where ": a csv tag follows one number"; continue }
          v = val(id, f[2], f[3], k)
          if (v == "\001nofile") { print "BAD " id ": " where ": no " dir "/" id ".csv"; continue }
          if (v == "" || v !~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/) { print "BAD " id ": " where ": no value for series \"" f[2] "\" x " f[3] " column " k; continue }
          want = sprintf("%.10g", v * sc)
        } else if (kind == "calc") {
          want = run("calc " sq(body))
        } else if (kind == "rule") {
          args = ""; for (j = 1; j <= nf; j++) args = args " " sq(f[j])
          want = run("rule" args)
        } else if (kind == "paper") {
          if (f[1] !~ /^[0-9]+:[1-9][0-9]*$/) { print "BAD " id ": " where ": a paper tag is SEED:LINE[;VALUE]"; continue }
          split(f[1], sl, ":"); t = seedline(sl[1], sl[2])
          if (substr(t, 1, 1) == "\001") { print "SKIP " id ": " substr(t, 2); continue }
          if (nf >= 2) { if (!at(t, f[2]) && !at(plain(t), f[2])) { print "BAD " id ": " where ": " f[2] " is not on line " sl[2]; continue }
                         if (!same(list, f[2], ax)) { print "BAD " id ": " where ": does not round " f[2]; continue } }
          else { n = split(list, a, " "); bad = ""
                 for (j = 1; j <= n; j++) { y = num(a[j]); if (!at(t, y) && !at(plain(t), y)) bad = bad " " a[j] }
                 if (bad != "") { print "BAD " id ": " where ":" bad " not on line " sl[2]; continue } }
          print "OK " id; continue
        } else { print "BAD " kind ": " where ": no tag kind " kind; continue }
        if (substr(want, 1, 1) == "?") { print "BAD " id ": " where ": " substr(want, 2); continue }
        if (!same(list, want, ax)) print "BAD " id ": " where ": the data say " rounded(list, want)
        else print "OK " id
      }
    }' "$1" "$1"
}

# report NAME MD CSVDIR: one PASS/FAIL line per figure id tagged in MD
report() {
  local name=$1 md=$2 dir=$3 lines
  [ -f "$md" ] || { echo "FAIL prose_$name: no $md"; return; }
  lines=$(check "$md" "$dir")
  if [ -z "$lines" ]; then
    # the full pages must quote some; a partial run's rows may not
    if [ "$nargs" -eq 0 ]; then echo "FAIL prose_$name: no tagged number in $md"; else echo "PASS prose_$name (no tagged number)"; fi
    return
  fi
  awk -v nm="$name" '{ id = $2; sub(/:$/, "", id) } !(id in seen) { seen[id] = 1; ids[++n] = id }
    $1 == "OK" { ok[id]++ } $1 == "SKIP" { sk[id]++; if (!(id in skw)) { w = $0; sub(/^SKIP [^:]*: /, "", w); skw[id] = w } }
    $1 == "BAD" { c[id]++; if (!(id in why)) { w = $0; sub(/^BAD [^:]*: /, "", w); why[id] = w } }
    END { for (i = 1; i <= n; i++) { id = ids[i]
            if (c[id]) printf "FAIL prose_%s_%s: %d of %d %s wrong, first: %s\n", nm, id, c[id], c[id] + ok[id] + sk[id], what(id), why[id]
            else if (sk[id]) printf "SKIP prose_%s_%s: %d numbers not checked: %s\n", nm, id, sk[id], skw[id]
            else printf "PASS prose_%s_%s (%d %s)\n", nm, id, ok[id], what(id) } }
    function what(id) { return id == "holds" ? "verdicts" : "numbers" }' <<<"$lines"
}

# pages: the fidelity pages and the notes
pages() { ls "$root"/docs/fidelity.md "$root"/docs/fidelity/*.md "$root"/paper/notes/*.md 2>/dev/null; }

if [ $# -gt 0 ]; then
  # pairs MD CSVDIR (scripts/paper.sh): anything else is a caller's mistake,
  # never a silent pass over nothing
  if [ $(($# % 2)) -ne 0 ]; then
    echo "tests/paper/prose.sh: arguments come in pairs MD CSVDIR (got $#); without arguments it checks every page" >&2
    exit 2
  fi
  for ((i = 1; i <= $#; i += 2)); do
    j=$((i + 1))
    [ -f "${!i}" ] || { echo "tests/paper/prose.sh: '${!i}' is not a file" >&2; exit 2; }
    [ -d "${!j}" ] || { echo "tests/paper/prose.sh: '${!j}' is not a folder" >&2; exit 2; }
  done
  while [ $# -ge 2 ]; do report "$(basename "$1" .md)" "$1" "$2"; shift 2; done
else
  for f in $(pages); do
    case $f in */notes/*) n=notes_$(basename "$f" .md) ;; */fidelity/*) n=fidelity_$(basename "$f" .md) ;; *) n=fidelity ;; esac
    grep -q '<!--[a-z]* ' "$f" && report "$n" "$f" "$root/docs/paper/csv"
  done
fi

# the check can fail: a made-up CSV, seed and prose that must pass or fail
# (run without arguments only: make test's runner)
[ "$nargs" -eq 0 ] || exit 0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'series,x,y,ymin,ymax\nphased 128 B,0,2075,2000,2100\ncomm %%,msgpass,16.1\ng,x,0.36\nk=1,8,100\nk=1,16,300\nk=2,8,200\nk=2,16,250\np 8 B,0,1\nm 8 B,0,2\np 32 B,0,5\nm 32 B,0,3\np 512 B,0,9\nm 512 B,0,4\n' >"$tmp/fig.csv"
printf 'a line\nthe factor is 2.9 and 1,083 cycles, 10.3 us a hop\n' >"$tmp/900-test.txt"
good='starts at 81%<!--csv fig;phased 128 B;0;3;0.0390625--> of Eq. 1; 2,075<!--csv fig;phased 128 B;0--> MB/s, at least 2000<!--csv fig;phased 128 B;0;4-->; 16.1%<!--csv fig;comm %;msgpass-->\n'
expect() {  # expect NAME pass|fail TEXT
  printf '%b' "$3" >"$tmp/t.md"
  local bad
  bad=$(SEEDS=$tmp check "$tmp/t.md" "$tmp" | grep -c '^BAD')
  if { [ "$2" = pass ] && [ "$bad" = 0 ]; } || { [ "$2" = fail ] && [ "$bad" != 0 ]; }; then echo "PASS prose_$1"
  else echo "FAIL prose_$1: expected $2, got $bad wrong: $(SEEDS=$tmp check "$tmp/t.md" "$tmp" | grep '^BAD' | head -1)"; fi
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
expect selftest_calc pass "1.33<!--calc {fig;k=1;16} / ({fig;k=2;16} - 25)-->, 3<!--calc {fig;k=1;16} / {fig;k=1;8}-->x\n"
expect selftest_calc_wrong fail "1.34<!--calc {fig;k=1;16} / ({fig;k=2;16} - 25)-->\n"
expect selftest_calc_no_cell fail "1<!--calc {fig;k=3;16} / 2-->\n"
expect selftest_calc_not_arithmetic fail "1<!--calc system(1)-->\n"
expect selftest_approx pass "~2600<!--calc 2575-->, about 10<!--calc 10.3-->, 54<!--calc 54.4-->\n"
expect selftest_approx_wrong fail "~2600<!--calc 2540-->\n"
expect selftest_not_approx fail "2600<!--calc 2575-->\n"
expect selftest_rule pass "k=2 below k=1 at 16<!--rule below;fig;k=2;k=1-->, k=1 below k=2 at 8<!--rule below;fig;k=1;k=2-->\n"
expect selftest_rule_list pass "p above m for 32 512<!--rule over;fig;p % B;m % B;0-->, for 32 and 512<!--rule over;fig;p % B;m % B;0-->\n"
expect selftest_rule_list_long fail "p above m for 8 32 512<!--rule over;fig;p % B;m % B;0-->\n"
expect selftest_rule_wrong fail "k=2 below k=1 at 8<!--rule below;fig;k=2;k=1-->\n"
expect selftest_rule_list_short fail "k=2 below k=1 at 8 and 16<!--rule below;fig;k=2;k=1-->\n"
expect selftest_rule_none pass "k=1 below k=3 at none<!--rule below;fig;k=1;k=3-->\n"
expect selftest_rule_none_wrong fail "m above p for none<!--rule over;fig;m % B;p % B;0-->\n"
expect selftest_rule_unknown fail "3<!--rule nosuch;fig-->\n"
expect selftest_paper pass "2.9<!--paper 900:2-->, 1083<!--paper 900:2--> and 1,083<!--paper 900:2-->; about 10<!--paper 900:2;10.3-->\n"
expect selftest_paper_wrong_line fail "2.9<!--paper 900:1-->\n"
expect selftest_paper_not_there fail "2.3<!--paper 900:2-->\n"
expect selftest_paper_value_wrong fail "12<!--paper 900:2;10.3-->\n"
expect selftest_paper_bad_tag fail "2.9<!--paper 900-->\n"
v='| a | yes<!--holds {fig;k=1;8} < {fig;k=2;8}--> | **no**<!--holds {fig;k=1;16} < {fig;k=2;16}--> | partly<!--holds {fig;k=1;8} < {fig;k=2;8} but {fig;k=1;16} < {fig;k=2;16}--> | fails<!--holds {rule nbelow;fig;k=2;k=1} == 0--> | 1,234<!--run r--> cycles, hold<!--holds {run r} == 1234--> |\n'
expect selftest_holds pass "$v"
expect selftest_holds_yes_wrong fail "${v/yes<!--/no<!--}"
expect selftest_holds_no_wrong fail "${v/\*\*no\*\*/**yes**}"
expect selftest_holds_partly_wrong fail "${v/but \{fig;k=1;16\}/but \{fig;k=1;8\}}"
expect selftest_holds_partly_one fail "| partly<!--holds 1 == 1--> |\n"
expect selftest_holds_yes_two fail "| yes<!--holds 1 == 1 but 1 == 2--> |\n"
expect selftest_holds_run_wrong fail "${v/== 1234/== 1235}"
expect selftest_holds_no_run fail "| yes<!--holds {run nosuch} == 1--> |\n"
expect selftest_holds_no_word fail "| maybe<!--holds 1 == 1--> |\n"
expect selftest_holds_not_a_comparison fail "| yes<!--holds system(1)--> |\n"
# and on the real pages: the first tagged number of the index made wrong
# must fail
if [ -f "$root/docs/fidelity.md" ] && grep -q '<!--csv ' "$root/docs/fidelity.md"; then
  awk '!done && match($0, /[0-9][0-9,]*(\.[0-9]+)?%?<!--csv /) {
         $0 = substr($0, 1, RSTART - 1) "9" substr($0, RSTART); done = 1 } { print }' \
    "$root/docs/fidelity.md" >"$tmp/planted.md"
  n=$(check "$tmp/planted.md" "$root/docs/paper/csv" | grep -c '^BAD')
  m=$(check "$root/docs/fidelity.md" "$root/docs/paper/csv" | grep -c '^BAD')
  if [ "$n" -eq $((m + 1)) ]; then echo "PASS prose_selftest_planted_in_fidelity"
  else echo "FAIL prose_selftest_planted_in_fidelity: $n wrong with a planted number, $m without"; fi
fi
