#!/usr/bin/env bash
# tests/rtl/widths.sh fed one planted drift at a time (docs/verification.md,
# "Planted faults for every checker"): a copy of rtl/ss_defs.vh with one
# macro changed must FAIL naming that macro and what each side says; the
# unchanged copy must PASS. No build, no simulation: a second.
# Prints one PASS/FAIL line per plant.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"
script_init widths_planted   # $tmp, pass, fail

# name @@ sed expression on ss_defs.vh @@ text the FAIL line must hold
plants=$(cat <<'EOF'
range_moved @@ s/^`define SS_FLIT_VC    37:34/`define SS_FLIT_VC    37:33/ @@ SS_FLIT_VC: Verilog 37:33, C 37:34
macro_missing @@ /^`define SS_CRED_VALID /d @@ SS_CRED_VALID: Verilog (none), C 4
macro_extra @@ s/^`define SS_NP         5 /`define SS_NP_EXTRA   7\n&/ @@ SS_NP_EXTRA: Verilog 7, C (none)
code_changed @@ s/^`define SS_KIND_TAIL  2'd3/`define SS_KIND_TAIL  2'd2/ @@ SS_KIND_TAIL: Verilog 2, C 3
literal_narrow @@ s/^`define SS_PORT_LOCAL 3'd4/`define SS_PORT_LOCAL 4'd4/ @@ SS_PORT_LOCAL: a 4-bit literal, its field has 3 bits
count_changed @@ s/^`define SS_NP         5 /`define SS_NP         6 / @@ SS_NP: Verilog 6, C 5
EOF
)

out=$("$here/widths.sh" "$root/rtl/ss_defs.vh")
[ "$out" = "PASS rtl_widths" ] && pass clean || fail clean "the unchanged header: $out"
while IFS= read -r line; do
  [ -n "$line" ] || continue
  plant_row "$line"
  name=${row[0]} expr=${row[1]} want=${row[2]}
  cp "$root/rtl/ss_defs.vh" "$tmp/ss_defs.vh"
  plant "$tmp/ss_defs.vh" "$root/rtl/ss_defs.vh" "$expr" ||
    { fail "$name" "the plant no longer applies to rtl/ss_defs.vh"; continue; }
  got=$("$here/widths.sh" "$tmp/ss_defs.vh")
  st=$?
  case $got in
    "FAIL rtl_widths:"*"$want"*) [ $st -ne 0 ] && pass "$name" || fail "$name" "exit 0 with: $got" ;;
    *) fail "$name" "want '$want', got: $got" ;;
  esac
done <<<"$plants"
