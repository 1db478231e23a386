#!/usr/bin/env bash
# The numbers the fidelity pages and paper/notes quote from runs that no
# make paper CSV holds (a sweep the notes made, one configuration run to
# explain another), checked by running them again (issue 31, part 3). Such a
# number carries a tag after it, as the CSV numbers do (tests/paper/prose.sh):
#   1379648<!--run bk-pairwise-raster-->
# and paper/notes/runs.txt names the run and what to take from it:
#   KEY|EXPR|ARGS     e.g.  bk-pairwise-raster|cycles|--preset ipsc860 ... --n 4
# (EXPR may name other keys' values, {KEY}; ARGS "-" runs nothing: a
# ratio of two runs is KEY|{A} / {B}|-)
# EXPR is an awk expression over the fields of `syncswitch run ARGS --json`
# (cycles, agg_mbps, ts_cycles, pct_eq1, ...) and the numbers of the
# kernel's report line (its "syncswitch: KERNEL: ..." line on stderr), each
# named by the words before it: "cost mean 32405 max 33857" gives cost_mean
# and cost_max, "successes 10/10" successes and successes_of, "entry skew
# mean 13630" entry_skew_mean (the first of a name counts). The number must
# equal its value rounded to its own decimals, as in prose.sh (after "~" or
# "about": to its last non-zero digit).
#   tests/paper/runs.sh [BUILD]   one PASS/FAIL line per page, then
#                                 self-checks; SKIP without BUILD/syncswitch
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-build}
case "$build" in /*) ;; *) build=$root/$build ;; esac
ss=$build/syncswitch
table=$root/paper/notes/runs.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$ss" ]; then echo "SKIP paper_runs: no $ss (make)"; exit 0; fi

# fetch ARGS: the file that holds `syncswitch run ARGS --json` (run once)
fetch() {
  local f
  f=$tmp/run_$(printf '%s' "$1" | cksum | cut -d' ' -f1)
  if [ ! -s "$f" ]; then
    # shellcheck disable=SC2086
    timeout 120 "$ss" run $1 --json </dev/null >"$f.part" 2>"$f.err" && mv "$f.part" "$f" || { rm -f "$f.part"; return 1; }
  fi
  echo "$f"
}

# value KEY: EXPR of KEY's run (runs cached by KEY's arguments), or
# "?why" when the key or the run is missing
value() {
  local line expr args f j ref v
  line=$(grep -m1 "^$1|" "$table") || { echo "?no key $1 in paper/notes/runs.txt"; return; }
  expr=$(cut -d'|' -f2 <<<"$line"); args=$(cut -d'|' -f3- <<<"$line")
  # {KEY}: another key's value (a ratio of two runs, say)
  while [[ $expr =~ \{([A-Za-z0-9_.-]+)\} ]]; do
    ref=${BASH_REMATCH[1]}
    [ "${depth:-0}" -lt 8 ] || { echo "?keys refer to each other in a loop at $1"; return; }
    v=$(depth=$((${depth:-0} + 1)) value "$ref")
    case $v in \?*) echo "$v"; return ;; esac
    expr=${expr//\{$ref\}/($v)}
  done
  if [ "$args" = - ]; then awk "BEGIN { printf \"%.10g\\n\", ($expr) }" 2>/dev/null || echo "?cannot evaluate '$expr'"; return; fi
  f=$(fetch "$args") || { echo "?syncswitch run $args failed"; return; }
  j=$(cat "$f")
  grep -q '"verified":true' <<<"$j" || { echo "?syncswitch run $args: not verified"; return; }
  # the JSON's numeric fields and the report line's named numbers as awk
  # variables, then EXPR over them
  local vars=() k v
  while IFS=: read -r k v; do
    [[ $k =~ ^[a-z_][a-z0-9_]*$ && $v =~ ^-?[0-9.]+([eE][-+]?[0-9]+)?$ ]] && vars+=(-v "$k=$v")
  done < <(tr -d '{}"' <<<"$j" | tr ',' '\n'; report_fields <"$f.err")
  awk "${vars[@]}" "BEGIN { printf \"%.10g\\n\", ($expr) }" 2>/dev/null || echo "?cannot evaluate '$expr'"
}

# report_fields: "name:value" for each named number of the report lines
# ("syncswitch: KERNEL...: ...") on stdin, the first of each name
report_fields() {
  awk '/^syncswitch: / { s = $0; sub(/^syncswitch: [^:]*:/, "", s); w = ""; prev = ""; after = 0
    while (s != "") {
      if (match(s, /^[a-z_]+/)) { w = w (w == "" ? "" : "_") substr(s, 1, RLENGTH) }
      else if (match(s, /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?(\/[0-9]+)?/)) {
        v = substr(s, 1, RLENGTH); name = w
        # "max 172" after "precision mean 172.0": precision_max
        if (after && w != "" && w !~ /_/ && prev ~ /_/) { name = prev; sub(/_[^_]*$/, "", name); name = name "_" w }
        if (name != "" && !(name in seen) && name !~ /^(BEGIN|END|break|close|continue|cos|delete|do|else|exit|exp|for|function|getline|gsub|if|in|index|int|length|log|match|next|print|printf|rand|return|sin|split|sprintf|sqrt|srand|sub|substr|system|tolower|toupper|while)$/) {
          seen[name] = 1; if (index(v, "/")) { print name ":" substr(v, 1, index(v, "/") - 1); print name "_of:" substr(v, index(v, "/") + 1) } else print name ":" v }
        if (name != "") prev = name
        w = ""; after = 1
      } else if (match(s, /^ +/)) { }
      else { RLENGTH = 1; w = ""; after = 0 }
      s = substr(s, RLENGTH + 1)
    } }'
}

# check MD: one "OK key" or "BAD key: why" line per run tag of MD
check() {
  local md=$1 ln n key ax got
  awk "$(cat "$root/tests/paper/tags.awk")"'{ tags_parse($0); for (i = 1; i <= T_N; i++) if (T_KIND[i] == "run" && T_COUNT[i] == 1)
      printf "%d\t%s\t%s\t%d\n", FNR, T_LIST[i], T_BODY[i], approx_before(T_PRE[i]) }' "$md" |
  while IFS=$'\t' read -r ln n key ax; do
    got=$(value "$key")
    case "$got" in \?*) echo "BAD $key: $md:$ln: ${got#\?}"; continue ;; esac
    if awk -v a="$n" -v b="$got" -v x="$ax" "$(cat "$root/tests/paper/tags.awk")"'BEGIN { exit !agrees(a, b, x) }'
    then echo "OK $key"
    else echo "BAD $key: $md:$ln: $n, the run says $(awk -v a="$n" -v b="$got" "$(cat "$root/tests/paper/tags.awk")"'BEGIN { print shown(a, b) }')"; fi
  done
}

report() {
  local name=$1 md=$2 lines bad
  lines=$(check "$md")
  [ -n "$lines" ] || return 0
  bad=$(grep -c '^BAD' <<<"$lines")
  if [ "$bad" -eq 0 ]; then echo "PASS runs_$name ($(wc -l <<<"$lines") numbers)"
  else echo "FAIL runs_$name: $bad of $(wc -l <<<"$lines") numbers wrong, first: $(grep -m1 '^BAD' <<<"$lines" | cut -c5-)"; fi
}

# every run of the table first, two at a time
export -f fetch; export ss tmp
grep -v '^#' "$table" | cut -d'|' -f3- | grep -vx -- - | sort -u | xargs -P 2 -I{} bash -c 'fetch "$1" >/dev/null' _ {} || true
for md in "$root"/paper/notes/*.md; do report "notes_$(basename "$md" .md)" "$md"; done
for md in "$root"/docs/fidelity.md "$root"/docs/fidelity/*.md; do
  [ -f "$md" ] || continue
  case $md in */fidelity/*) report "fidelity_$(basename "$md" .md)" "$md" ;; *) report fidelity "$md" ;; esac
done

# self-checks: a wrong number, an unknown key and a right one
k=$(grep -m1 -v '^#' "$table" | cut -d'|' -f1)
v=$(value "$k")
printf '%s<!--run %s-->\n' "$v" "$k" >"$tmp/ok.md"
printf '%s<!--run %s-->\n' "$(awk -v v="$v" 'BEGIN { print v + 1000 }')" "$k" >"$tmp/bad.md"
printf '5<!--run no-such-key-->\n' >"$tmp/nokey.md"
if [ "$(check "$tmp/ok.md")" = "OK $k" ] && check "$tmp/bad.md" | grep -q '^BAD' && check "$tmp/nokey.md" | grep -q '^BAD no-such-key'
then echo "PASS runs_selftest"
else echo "FAIL runs_selftest: a planted number ($v, +1000, an unknown key) was not judged right"; fi
# a number from the report line: the fft's communication cycles, and off by one
printf 'selftest-report|communication|--preset iwarp --kernel fft2d --n 8 --words 128 --transpose msgpass\n' >"$tmp/table"
v=$(table=$tmp/table value selftest-report)
printf '%s<!--run selftest-report-->\n' "$v" >"$tmp/ok.md"
printf '%s<!--run selftest-report-->\n' "$((v + 1))" >"$tmp/bad.md"
if [[ $v =~ ^[0-9]+$ ]] && [ "$(table=$tmp/table check "$tmp/ok.md")" = "OK selftest-report" ] && table=$tmp/table check "$tmp/bad.md" | grep -q '^BAD'
then echo "PASS runs_selftest_report_line"
else echo "FAIL runs_selftest_report_line: the report line's communication cycles ($v) not read, or one more not refused"; fi
