#!/usr/bin/env bash
# scripts/lint.sh (make lint, and tests/rtl/lint.sh, a part of make test) fed one
# planted fault at a time (docs/verification.md, "Planted faults for every
# checker"): in a copy of rtl/, a latch, a signal nobody drives or reads, an
# operand narrower than its sum and a blocking assignment in a clocked block
# must each fail the module's lint (exit 1, "lint FAILED", Verilator's
# warning named); the unchanged copy must pass. LINT_ONLY: one small module
# each, a few seconds in all. Prints one PASS/FAIL line per plant.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"
script_init lint_planted   # $tmp, pass, fail
command -v verilator >/dev/null || { fail tools "verilator not installed (scripts/deps.sh rtl)"; exit 0; }

# name @@ file @@ sed expression @@ the warning that must be named
plants=$(cat <<'EOF2'
latch @@ ss_rr_pick.v @@ /^    off = {IW{1'b0}};$/d @@ %Warning-LATCH: rtl/ss_rr_pick.v
unused @@ ss_link_throttle.v @@ s/^endmodule/  wire plant_nobody;\n&/ @@ %Warning-UNUSED
width @@ ss_rr_pick.v @@ s/if (rotated\[i\]) off = i\[IW-1:0\];/if (rotated[i]) off = i;/ @@ %Warning-WIDTH
blocking @@ ss_link_throttle.v @@ s/count_q <= count_d;/count_q = count_d;/ @@ %Warning-BLKSEQ
EOF2
)

fresh() {
  rm -rf "$tmp/t" && mkdir -p "$tmp/t/scripts" && cp -r "$root/rtl" "$tmp/t/" &&
    cp -r "$root/scripts/lint.sh" "$root/scripts/lib" "$tmp/t/scripts/"
}

fresh || { fail clean "cannot copy the tree"; exit 0; }
out=$(LINT_ONLY="ss_rr_pick ss_link_throttle" "$tmp/t/scripts/lint.sh" 2>&1)
[ $? -eq 0 ] && [ "$(grep -c '^lint ok:' <<<"$out")" = 4 ] && pass clean \
  || fail clean "$(head -3 <<<"$out" | tr '\n' ' ')"
while IFS= read -r line; do
  [ -n "$line" ] || continue
  plant_row "$line"
  name=${row[0]} file=${row[1]} expr=${row[2]} want=${row[3]}
  fresh || { fail "$name" "cannot copy the tree"; continue; }
  plant "$tmp/t/rtl/$file" "$root/rtl/$file" "$expr" ||
    { fail "$name" "the plant no longer applies to rtl/$file"; continue; }
  out=$(LINT_ONLY=${file%.v} "$tmp/t/scripts/lint.sh" 2>&1)
  st=$?
  if [ $st -eq 1 ] && grep -q "^lint FAILED: --top-module ${file%.v}" <<<"$out" &&
     grep -qF -- "$want" <<<"$out"; then
    pass "$name"
  else
    fail "$name" "exit $st, want '$want': $(head -4 <<<"$out" | tr '\n' ' ')"
  fi
done <<<"$plants"
