#!/usr/bin/env bash
# Every number the fidelity pages (docs/fidelity.md, docs/fidelity/*.md) and
# paper/notes/*.md show is checked (issue 31, part 3): it carries a tag
# (tests/paper/prose.sh: csv, calc, rule, run, or paper for the paper's own
# value), or it is no measurement, by one of these rules and no other:
#   not shown: inside `code` or a fenced code block (commands and their
#     options), an HTML comment, or a link's target;
#   a name: digits joined to a letter, _ or ^ (fig7, T_t, 2^d, iPSC/860,
#     seidel-fig4-1), a coefficient written against a Greek symbol of a
#     formula (2β), or inside a link's text ([32B](...));
#   a size written NxN (8x8, 512x512);
#   a reference: the numbers after Fig., Figs., Table, Eq., Sec., Section,
#     line(s), footnote, seed(s), issue, part, Version, step, Appendix (and their lists:
#     "lines 155-172", "Figs. 12 and 13");
#   a year: four digits 19xx or 20xx after "(" or "et al. ";
#   an input: the value(s) after NAME = for the parameters the runs are
#     given, NAME one of n N B K d D V P C M m k T_t S ("n = 8", "d = 2, 4",
#     "C = 120 / 600", "d=6");
#   where a value is read, or the machine it is read on: "at N UNIT" or
#     "on N UNIT" with UNIT bytes, B, KB, K bytes, words, floats, nodes,
#     processors, operands or MHz ("at 4096 bytes", "on 64 nodes"); a
#     measured size is never written so ("best from 64 bytes on" is tagged);
#   a setting: N-UNIT as an adjective, UNIT cycle, byte, word, float,
#     node, flit, block, hop, bit, KB, us ("400-cycle library sends", "a
#     1000-byte message"), unless "~" or "about" comes before it or it is
#     the paper's crossover ("the 1500-byte crossover" is tagged).
# And every verdict of a note's table (paper/notes/*.md: hand-written; the
# fidelity pages' rows are computed by paper/lib.sh's verdict) carries a
# holds tag (prose.sh): a cell that starts with yes, no or partly (bold or
# not; "**no independent check**" is a phrase, no verdict), and a bold
# **yes**, **no**, **partly**, **holds** or **fails** anywhere in a cell.
#   tests/paper/untagged.sh [-v] [MD...]   one PASS/FAIL line per file (-v:
#                                          every untagged number), then
#                                          self-checks
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
verbose=0
[ "${1:-}" = -v ] && { verbose=1; shift; }

# list MD [VERDICTS]: "FILE:LINE: N<tab>context" per untagged number (and,
# with VERDICTS 1, per untagged verdict of a table); "TAGLESS ..." for a
# tag with no number (or verdict word) before it
list() {
  awk -v verdicts="${2:-0}" "$(cat "$root/tests/paper/tags.awk")"'
    BEGIN { NUM = "([0-9][0-9,]*(\\.[0-9]+)?|\\.[0-9]+)"
            UNIT = "(bytes?|B|KB|K bytes|words?|floats?|nodes?|processors|operands)([^A-Za-z]|$)"
            NAMES = "(n|N|B|K|d|D|V|P|C|M|m|k|T_t|S)"
            ADJ = "^-(cycle|byte|word|float|node|flit|block|hop|bit|KB|us|µs)([^A-Za-z]|$)"
            REFS = "(Figs?\\.|Figures?|Tables?|Eqs?\\.|Secs?\\.|Sections?|[Ll]ines?|[Ff]ootnotes?|seeds?|issues?|parts?|Versions?|steps?|Appendix)" }
    /^[ ]*```/ { code = !code; next }
    code { next }
    /^\|[-:| ]+\|$/ { next }
    {
      s = tags_parse($0)
      for (i = 1; i <= T_N; i++) if (T_COUNT[i] == 0) print "TAGLESS " FILENAME ":" FNR ": <!--" T_KIND[i] " " T_BODY[i] "-->"
      # the verdicts of a table (tags_parse overwrote the tagged ones)
      if (verdicts && s ~ /^\|/) {
        nc = split(s, cell, "|"); w = verdict_words()
        for (j = 2; j < nc; j++) {
          c = cell[j]; sub(/^ +/, "", c)
          if (match(c, "^" w "([^A-Za-z*?]|$)")) print FILENAME ":" FNR ": verdict " substr(c, 1, RLENGTH) "\twith no holds tag: " substr(c, 1, 60)
          while (match(c, "\\*\\*" w "\\*\\*")) { print FILENAME ":" FNR ": verdict " substr(c, RSTART, RLENGTH) "\twith no holds tag: " substr(c, 1, 60); c = substr(c, RSTART + RLENGTH) }
        }
      }
      # code, link texts (names) and targets (not shown), overwritten
      while (match(s, /`[^`]*`/)) s = substr(s, 1, RSTART - 1) fill("\003", RLENGTH) substr(s, RSTART + RLENGTH)
      while (match(s, /\[[^]]*\]\([^)]*\)/)) s = substr(s, 1, RSTART - 1) fill("#", RLENGTH) substr(s, RSTART + RLENGTH)
      pos = 0
      while (match(substr(s, pos + 1), NUM)) {
        st = pos + RSTART; m = substr(s, st, RLENGTH); sub(/,+$/, "", m)
        # "3-1..3-8": the 3 after the two points
        if (m ~ /^\./ && st > 1 && substr(s, st - 1, 1) ~ /[0-9.]/) { m = substr(m, 2); st++ }
        pre = substr(s, 1, st - 1); post = substr(s, st + length(m)); pos = st + length(m) - 1
        why = ""
        if (pre ~ /[A-Za-z_^]$/ || pre ~ /[A-Za-z][0-9]*[-\/]$/ || post ~ /^[_^]/ || (post ~ /^[A-Za-z]/ && post !~ /^(x|×)[0-9]/) || post ~ /^(α|β|γ|δ)/) why = "name"
        else if (pre ~ /[0-9](x|×)$/ || post ~ /^(x|×)[0-9]/) why = "size"
        else if (pre ~ ("(^|[^A-Za-z])" REFS " (" NUM "[a-z]?(\\([a-z]\\))?(, | and | or |-|–|\\.\\.| to |, and ))*$")) why = "reference"
        else if (m ~ /^(19|20)[0-9][0-9]$/ && pre ~ /(\(|et al\. )$/) why = "year"
        else if (pre ~ ("(^|[^A-Za-z_])" NAMES " ?= ?(" NUM "( ?[-/,] ?| and | or | to |\\.\\.))*$")) why = "input"
        else if (pre ~ /(^|[^A-Za-z])(at|on) $/ && post ~ ("^ (" UNIT "|MHz)")) why = "where"
        else if (post ~ ADJ && post !~ /^-byte crossover/ && !approx_before(pre)) why = "setting"
        if (why == "") print FILENAME ":" FNR ":" st ": " m "\t" substr(pre, length(pre) - 50) "[" m "]" substr(post, 1, 30)
        else if (ENVIRON["UNTAGGED_EXEMPT"] != "") print "EXEMPT " why " " FILENAME ":" FNR ": " m "\t" substr(pre, length(pre) - 30) "[" m "]" substr(post, 1, 20) > "/dev/stderr"
      }
    }' "$1"
}

# report NAME MD: PASS, or FAIL with the count and the first
report() {
  local lines n
  lines=$(list "$2" "$3")
  n=$(grep -c . <<<"$lines")
  [ -n "$lines" ] || n=0
  if [ "$n" -eq 0 ]; then echo "PASS untagged_$1"
  else echo "FAIL untagged_$1: $n numbers (or verdicts) neither tagged nor exempt, first: $(head -1 <<<"$lines" | tr '\t' ' ' | cut -c1-160)"; fi
  [ "$verbose" = 0 ] || printf '%s\n' "$lines" | grep .
}

# notes MD: 1 if MD is a note (a directory notes/ holds it), whose
# tables' verdicts are checked
notes() { [[ $1 == */notes/* ]] && echo 1; }

if [ $# -gt 0 ]; then
  # pages to check (scripts/paper.sh): a name that is no file is a caller's
  # mistake, never a silent pass over nothing
  for f in "$@"; do
    [ -f "$f" ] || { echo "tests/paper/untagged.sh: '$f' is not a file" >&2; exit 2; }
  done
  for f in "$@"; do report "$(basename "$f" .md)" "$f" "$(notes "$f")"; done
  exit 0
fi
for f in "$root"/docs/fidelity.md "$root"/docs/fidelity/*.md "$root"/paper/notes/*.md; do
  [ -f "$f" ] || continue
  case $f in */notes/*) n=notes_$(basename "$f" .md) ;; */fidelity/*) n=fidelity_$(basename "$f" .md) ;; *) n=fidelity ;; esac
  report "$n" "$f" "$(notes "$f")"
done

# the check can fail: prose with one untagged number must, exempt prose
# must not
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
expect() {  # expect NAME COUNT TEXT: TEXT has COUNT untagged numbers
  printf '%b' "$3" >"$tmp/t.md"
  local got
  got=$(list "$tmp/t.md" 1 | grep -c .)
  if [ "$got" = "$2" ]; then echo "PASS untagged_$1"
  else echo "FAIL untagged_$1: $got untagged, want $2: $(list "$tmp/t.md" 1 | head -1)"; fi
}
expect selftest_tagged 0 'phased 2541<!--csv hinrichs-fig7;phased;4096--> MB/s, 6.65<!--calc 2-->x, 512 2048<!--rule over;a-->\n'
expect selftest_exempt 0 '## Fig. 7 (1994, seed 001)\nSec. 4.4, lines 155-172, Figs. 12 and 13; `--words 1024`; [32B](paper/x.32B.png) 8x8, fig7, T_t, n = 8, d = 2, 4 and 6, at 4096 bytes\n```\nsyncswitch run --n 8\n```\n'
expect selftest_untagged 1 'phased 2541 MB/s at 4096 bytes\n'
expect selftest_measured_size 1 'phased best from 64 bytes on\n'
expect selftest_list_not_all 2 'for the bases 512 2048<!--calc 2048-->, and 7\n'
expect selftest_tagless 1 'phased <!--csv a;b;c--> MB/s\n'
expect selftest_output_name 1 'T_s = 54 cycles\n'
expect selftest_verdict_tagged 0 '| a | yes<!--holds 1 == 1-->, roughly | **no**<!--holds 1 == 2-->: half | b, **fails**<!--holds 1 == 2--> | **no independent check** | not yet |\n'
expect selftest_verdict_untagged 5 '| a | yes | **no**: half | b, **fails** (c), **fails** | partly: d |\nyes, outside a table\n'
