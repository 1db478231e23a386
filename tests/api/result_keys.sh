#!/usr/bin/env bash
# Every key the results can hold (the JSON of api/json.c: ss_result_json,
# ss_result_get, `syncswitch run|traffic --json`) is in docs/api.md with its
# unit and meaning, and docs/api.md lists no key the JSON does not have:
# a kernel run's keys (with --background: its bg_ keys too) against the
# table under "### Keys of a kernel run", a traffic run's (synthetic and a
# trace) against "### Keys of a traffic run". Every key api/json.c spells
# must turn up in one of these runs (none hides on a path they miss). A
# planted copy of the page, one row gone and one made up, must fail by name.
#   tests/api/result_keys.sh [BUILD]    one PASS/FAIL line per check
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib.sh
. "$root/tests/lib.sh"
script_init api_keys "${1:-build}"
doc="$root/docs/api.md"

# keys of the --json lines on stdin, one a line, sorted
json_keys() { grep -o '"[a-z_0-9]*":' | tr -d '":' | sort -u; }
# doc_keys FILE HEADING: every `key` in the first cell of the table rows
# under HEADING (up to the next heading), sorted
doc_keys() {
  awk -v h="$2" '/^#/ { on = ($0 == h); next }
    on && /^\| *`/ { split($0, c, "|"); s = c[2]
      while (match(s, /`[a-z_0-9]+`/)) { print substr(s, RSTART + 1, RLENGTH - 2); s = substr(s, RSTART + RLENGTH) } }' "$1" |
    sort -u
}
# differ CODE_KEYS DOC_KEYS: nothing when the two lists agree, else what
# each lacks
differ() {
  local missing extra
  missing=$(comm -23 <(echo "$1") <(echo "$2") | paste -sd' ')
  extra=$(comm -13 <(echo "$1") <(echo "$2") | paste -sd' ')
  [ -n "$missing$extra" ] &&
    echo "in the JSON, not in docs/api.md: ${missing:-none}; in docs/api.md, not in the JSON: ${extra:-none}"
}

kernel=$({ "$bin" run --kernel phased --n 8 --words 4 --json
           "$bin" run --kernel msgpass --n 4 --words 4 --background uniform:0.02 --json; } 2>"$tmp/e" | json_keys)
printf '0 0 5 8\n3 1 2 4\n' >"$tmp/t.trace"
traffic=$({ "$bin" traffic --pattern uniform --rate 0.05 --n 4 --window 1000 --json
            "$bin" traffic --trace-in "$tmp/t.trace" --n 4 --json; } 2>>"$tmp/e" | json_keys)
if ! grep -qx bg_drain <<<"$kernel" || ! grep -qx frac_ideal <<<"$traffic"; then
  fail runs "the runs gave no JSON to read keys from: $(head -c 300 "$tmp/e")"
  exit 0
fi

# every key api/json.c writes, as a literal (\"name\":) or in its latency
# names (written bare and with the bg_ prefix), is in one of the runs
code=$({ grep -o '\\"[a-z_0-9]*\\":' "$root/api/json.c" | tr -d '\\":'
         sed -n '/const name\[\] *=/,/};/p' "$root/api/json.c" | grep -o '"[a-z_0-9]*"' | tr -d '"'; } | sort -u)
unseen=$(comm -23 <(echo "$code") <(sort -u <(echo "$kernel") <(echo "$traffic")) | paste -sd' ')
if [ -z "$code" ]; then fail code_keys "no key found in api/json.c"
elif [ -n "$unseen" ]; then fail code_keys "api/json.c writes keys no run of this test showed: $unseen"
else pass code_keys; fi

for set in kernel traffic; do
  why=$(differ "${!set}" "$(doc_keys "$doc" "### Keys of a $set run")")
  [ -z "$why" ] && pass "documented_$set" || fail "documented_$set" "$why"
done

# the check can fail: a copy of the page without the kernel table's first
# row (the key kernel) and with a made-up key in the traffic table
awk '/^### Keys of a kernel run/ { k = 1 } k && /^\| `kernel`/ { k = 0; next }
     /^### Keys of a traffic run/ { t = 1 } t && /^\|---/ { print; print "| `made_up` | cycles | planted |"; t = 0; next }
     { print }' "$doc" >"$tmp/planted.md"
a=$(differ "$kernel" "$(doc_keys "$tmp/planted.md" "### Keys of a kernel run")")
b=$(differ "$traffic" "$(doc_keys "$tmp/planted.md" "### Keys of a traffic run")")
if [[ "$a" == *"not in docs/api.md: kernel;"* && "$b" == *"not in the JSON: made_up" ]]; then pass planted_fails
else fail planted_fails "the planted page passed: kernel '$a', traffic '$b'"; fi
