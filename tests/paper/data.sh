#!/usr/bin/env bash
# The paper's values (paper/data/*.csv, every file there) against the seed
# texts they were read from, part of make test. A file must have:
#   - a comment line '# seed: FILE' naming a file of the seeds folder
#     ($SEEDS, default ../shared/seeds beside the clone), which must exist;
#   - the header series,x,y,line as its first line that is not a comment;
#   - rows of four fields, whose line is a line of that seed file on which
#     the number y appears as typed: not inside a longer number, though the
#     text may write it with a thousands separator (1083 matches 1,083).
# Prints one PASS/FAIL line per file, then self-checks that a wrong line
# number, a missing seed file and a bad header each fail.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
SEEDS=${SEEDS:-$root/../shared/seeds}

# check FILE: nothing if FILE is right, else one line saying what is wrong
check() {
  local f=$1 seed
  seed=$(sed -n 's/^#[[:space:]]*seed:[[:space:]]*\([^[:space:]]*\).*/\1/p' "$f" | head -1)
  [ -n "$seed" ] || { echo "no '# seed: FILE' comment line"; return; }
  [ -f "$SEEDS/$seed" ] || { echo "seed file $seed not in $SEEDS"; return; }
  awk -F, -v seedfile="$SEEDS/$seed" "$(cat "$root/tests/paper/tags.awk")"'
    BEGIN { while ((getline t < seedfile) > 0) { sub(/\r$/, "", t); txt[++n] = t } }
    { sub(/\r$/, "") }
    /^#/ { next }
    !hdr { hdr = 1; if ($0 != "series,x,y,line") { print "header is \"" $0 "\", not series,x,y,line"; bad = 1; exit } next }
    /^[[:space:]]*$/ { next }
    NF != 4 { print "file line " FNR " has " NF " fields, not 4: " $0; bad = 1; exit }
    $4 !~ /^[1-9][0-9]*$/ || $4 + 0 > n { print "file line " FNR ": line " $4 " is not a line of the seed (1.." n ")"; bad = 1; exit }
    $3 == "" { print "file line " FNR ": empty y"; bad = 1; exit }
    !at(txt[$4], $3) && !at(plain(txt[$4]), $3) { print "file line " FNR ": " $3 " is not on seed line " $4; bad = 1; exit }
    { rows++ }
    END { if (!bad && !hdr) print "no header line"; else if (!bad && !rows) print "no rows" }' "$f"
}

shopt -s nullglob
files=("$root"/paper/data/*.csv)
# The seed texts are not in the repository: without them each file is
# reported skipped, with the reason (the runner counts SKIP lines); the
# self-checks below need no seed and always run.
if [ ! -d "$SEEDS" ]; then
  for f in "${files[@]}"; do echo "SKIP paper_data_${f##*/}: no seed texts in $SEEDS"; done
  files=()
fi
for f in "${files[@]}"; do
  why=$(check "$f")
  name=paper_data_${f##*/}
  if [ -z "$why" ]; then echo "PASS $name"; else echo "FAIL $name: $why"; fi
done

# the check can fail: a made-up seed and files that must pass or fail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'a line\nalpha = 136 us, beta 2.0 and 1,083 cycles\n' >"$tmp/900-test.txt"
good='# seed: 900-test.txt\nseries,x,y,line\nalpha,a,136,2\nbeta,b,2.0,2\nc,c,1083,2\n'
expect() {  # expect NAME pass|fail CONTENT
  printf "$3" >"$tmp/t.csv"
  local why
  why=$(SEEDS=$tmp check "$tmp/t.csv")
  [ -n "${DEBUG:-}" ] && echo "  $1: ${why:-ok}" >&2
  if { [ "$2" = pass ] && [ -z "$why" ]; } || { [ "$2" = fail ] && [ -n "$why" ]; }; then echo "PASS paper_data_$1"
  else echo "FAIL paper_data_$1: expected $2, got '${why:-pass}'"; fi
}
SEEDS=$tmp
expect selftest_good pass "$good"
expect selftest_wrong_line fail "${good/136,2/136,1}"
expect selftest_line_past_end fail "${good/136,2/136,3}"
expect selftest_inside_number fail "${good/136,2/13,2}"
expect selftest_other_decimal fail "${good/2.0,2/2,2}"
expect selftest_no_seed_file fail "${good/900-test/901-none}"
expect selftest_no_seed_comment fail "${good/\# seed: 900-test.txt\\n/}"
expect selftest_bad_header fail "${good/series,x,y,line/series,x,y}"
