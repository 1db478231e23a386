#!/usr/bin/env bash
# The numbers paper/notes quote from runs that no make paper CSV holds
# (a sweep the notes made, one configuration run to explain another),
# checked by running them again (issue 31, part 3). Such a number carries a
# tag after it, as the CSV numbers do (tests/paper/prose.sh):
#   1379648<!--run bk-pairwise-raster-->
# and paper/notes/runs.txt names the run and what to take from its JSON:
#   KEY|EXPR|ARGS     e.g.  bk-pairwise-raster|cycles|--preset ipsc860 ... --n 4
# EXPR is an awk expression over the fields of `syncswitch run ARGS --json`
# (cycles, agg_mbps, ts_cycles, pct_eq1, ...). The number must equal its
# value rounded to the number's own decimals, as in prose.sh.
#   tests/paper/runs.sh [BUILD]   one PASS/FAIL line per notes file, then
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
    timeout 120 "$ss" run $1 --json </dev/null >"$f.part" 2>/dev/null && mv "$f.part" "$f" || { rm -f "$f.part"; return 1; }
  fi
  echo "$f"
}

# value KEY: EXPR of KEY's run (runs cached by KEY's arguments), or
# "?why" when the key or the run is missing
value() {
  local line expr args f j
  line=$(grep -m1 "^$1|" "$table") || { echo "?no key $1 in paper/notes/runs.txt"; return; }
  expr=$(cut -d'|' -f2 <<<"$line"); args=$(cut -d'|' -f3- <<<"$line")
  f=$(fetch "$args") || { echo "?syncswitch run $args failed"; return; }
  j=$(cat "$f")
  grep -q '"verified":true' <<<"$j" || { echo "?syncswitch run $args: not verified"; return; }
  # the JSON's numeric fields as awk variables, then EXPR over them
  local vars=() k v
  while IFS=: read -r k v; do
    [[ $k =~ ^[a-z_][a-z0-9_]*$ && $v =~ ^-?[0-9.]+([eE][-+]?[0-9]+)?$ ]] && vars+=(-v "$k=$v")
  done < <(tr -d '{}"' <<<"$j" | tr ',' '\n')
  awk "${vars[@]}" "BEGIN { printf \"%.10g\\n\", $expr }" 2>/dev/null || echo "?cannot evaluate '$expr'"
}

# check MD: one "OK key" or "BAD key: why" line per run tag of MD
check() {
  local md=$1 n key got d int
  grep -noE '[0-9][0-9,]*(\.[0-9]+)?%?<!--run [^>]*-->' "$md" | while IFS= read -r hit; do
    n=${hit#*:}; n=${n%%<!--*}; n=${n%\%}; n=${n//,/}
    key=${hit##*<!--run }; key=${key%-->}; key=${key% }
    got=$(value "$key")
    case "$got" in \?*) echo "BAD $key: $md:${hit%%:*}: ${got#\?}"; continue ;; esac
    d=0; int=${n%.*}; [[ $n == *.* ]] && d=$((${#n} - ${#int} - 1))
    if awk -v a="$n" -v b="$got" -v d="$d" 'BEGIN { x = a - b; if (x < 0) x = -x; exit !(x <= 0.5 * 10 ^ -d + 1e-9 * (b < 0 ? -b : b)) }'
    then echo "OK $key"
    else echo "BAD $key: $md:${hit%%:*}: $n, the run says $(awk -v b="$got" -v d="$d" 'BEGIN { printf "%." d "f", b }')"; fi
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
grep -v '^#' "$table" | cut -d'|' -f3- | sort -u | xargs -P 2 -I{} bash -c 'fetch "$1" >/dev/null' _ {} || true
for md in "$root"/paper/notes/*.md; do report "notes_$(basename "$md" .md)" "$md"; done
report fidelity "$root/docs/fidelity.md"

# self-checks: a wrong number, an unknown key and a right one
k=$(grep -m1 -v '^#' "$table" | cut -d'|' -f1)
v=$(value "$k")
printf '%s<!--run %s-->\n' "$v" "$k" >"$tmp/ok.md"
printf '%s<!--run %s-->\n' "$(awk -v v="$v" 'BEGIN { print v + 1000 }')" "$k" >"$tmp/bad.md"
printf '5<!--run no-such-key-->\n' >"$tmp/nokey.md"
if [ "$(check "$tmp/ok.md")" = "OK $k" ] && check "$tmp/bad.md" | grep -q '^BAD' && check "$tmp/nokey.md" | grep -q '^BAD no-such-key'
then echo "PASS runs_selftest"
else echo "FAIL runs_selftest: a planted number ($v, +1000, an unknown key) was not judged right"; fi
