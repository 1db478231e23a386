#!/usr/bin/env bash
# The whole-run comparators of tests/lib.sh (issue 32), on planted faults:
# the JSON lines that same_across (threads, MPI ranks against one process)
# and same_as_c (a backend against C) compare are made here, equal or with
# one field changed, and each comparator must fail naming that field, or
# pass where only what strip_wall and strip_backend leave out differs. No
# simulation runs: a stand-in binary prints the lines.
# Prints one PASS/FAIL line per check.
set -u
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
pass() { echo "PASS lib_$1"; }
fail() { echo "FAIL lib_$1: $2"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# a run's --json line (phased 8x8 B = 4 on backend c)
ref='{"kernel":"phased","backend":"c","n":8,"words":4,"tt":2,"mhz":20,"depth":4,"vcs":1,"call_cycles":10,"msg_cycles":400,"cycles":1936,"bytes":65536,"agg_mbps":677.025,"eq1_mbps":2560.000,"eq3_mbps":677.025,"ts_cycles":22.250,"pct_eq1":26.446,"messages":4096,"phase_min":64,"phase_max":64,"verified":true,"skip":"periodic","skipped_share":0.0015,"wall_s":0.038}'
echo "$ref" >"$tmp/ref.json"
# the same run elsewhere: another wall time, skip and share (not compared)
other=${ref/\"skip\":\"periodic\",\"skipped_share\":0.0015/\"skip\":\"idle\",\"skipped_share\":0.5}
other=${other/\"wall_s\":0.038/\"wall_s\":12.5}

# expect NAME WANT GOT: a comparator printed exactly WANT
expect() { if [ "$3" = "$2" ]; then pass "$1"; else fail "$1" "got '$3', want '$2'"; fi; }

# across VARIANT_JSON...: same_across's line, one variant (1, 2, ...) a
# JSON line; the reference is $ref
across() {
  local i=0 vs=""
  for j in "$@"; do i=$((i + 1)); echo "$j" >"$tmp/v$i.json"; vs="$vs $i"; done
  (
    pass() { echo "PASS $1"; }
    fail() { echo "FAIL $1: $2"; }
    same_ref() { cat "$tmp/ref.json"; }
    same_variant() { cat "$tmp/v$1.json"; echo "variant $1's stderr" >&2; }
    same_across t "$vs" run --kernel phased
  )
}
expect across_equal "PASS t" "$(across "$ref" "$other")"
expect across_first "FAIL t: 2: field kernel: \"phased\" vs \"msgpass\" (reference vs 2)" \
  "$(across "$ref" "${other/\"phased\"/\"msgpass\"}")"
expect across_middle "FAIL t: 1: field cycles: 1936 vs 1937 (reference vs 1)" \
  "$(across "${ref/1936/1937}" "$ref")"
# the last field compared: strip_wall must leave it in
expect across_last "FAIL t: 1: field verified: true vs false (reference vs 1)" \
  "$(across "${other/\"verified\":true/\"verified\":false}")"
expect across_missing "FAIL t: 1: field phase_max: 64 vs (none) (reference vs 1)" \
  "$(across "${ref/,\"phase_max\":64/}")"
expect across_no_json "FAIL t: 2: no JSON: variant 2's stderr" "$(across "$ref" "")"

# same_as_c: a stand-in for syncswitch. Without --backend it prints the
# reference; with --backend B the line of B (its name, another wall time
# and skip) with the sed expression $PLANT applied, and exits $RC.
cat >"$tmp/bin" <<'STAND_IN'
#!/bin/sh
be=; prev=
for a do [ "$prev" = --backend ] && be=$a; prev=$a; done
[ -z "$be" ] && exec cat "$REF"
sed "s/\"backend\":\"c\"/\"backend\":\"$be\"/; s/\"wall_s\":[0-9.]*/\"wall_s\":9.5/;
     s/\"skip\":\"periodic\"/\"skip\":\"off\"/; ${PLANT:-}" "$REF"
echo "the $be run's stderr" >&2
exit "${RC:-0}"
STAND_IN
chmod +x "$tmp/bin"
vs_c() { REF="$tmp/ref.json" same_as_c t "$tmp/bin" cosim run --kernel phased; }
expect as_c_equal "PASS t" "$(vs_c)"
expect as_c_first "FAIL t: field kernel: \"phased\" vs \"msgpass\" (c vs cosim)" \
  "$(PLANT='s/"phased"/"msgpass"/' vs_c)"
expect as_c_middle "FAIL t: field messages: 4096 vs 4095 (c vs cosim)" \
  "$(PLANT='s/"messages":4096/"messages":4095/' vs_c)"
expect as_c_last "FAIL t: field verified: true vs false (c vs cosim)" \
  "$(PLANT='s/"verified":true/"verified":false/' vs_c)"
expect as_c_exit "FAIL t: exit 4: the cosim run's stderr" "$(RC=4 vs_c)"
expect as_c_must "FAIL t: no \"cycles\":99 in $(echo "$ref" | strip_backend)" \
  "$(MUST='"cycles":99' vs_c)"
sed 's/"verified":true/"verified":false/' "$tmp/ref.json" >"$tmp/unverified.json"
expect as_c_unverified "FAIL t: not verified: $(strip_backend <"$tmp/unverified.json")" \
  "$(REF="$tmp/unverified.json" same_as_c t "$tmp/bin" cosim run)"
