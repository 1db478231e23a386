#!/usr/bin/env bash
# make lint's checks as one test of make test (its own part, so that the
# two test lanes share out its few minutes of Verilator runs): every module
# and the torus top at the default parameters and the corners, Verilator
# -Wall clean, and the Verilog defines against the C headers
# (scripts/lint.sh). Prints one PASS/FAIL line.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if "$root/scripts/lint.sh" >"$tmp/lint" 2>&1; then echo "PASS rtl_lint"
else echo "FAIL rtl_lint: $(grep -m3 -A3 FAILED "$tmp/lint" | tr '\n' ' ')"; fi
