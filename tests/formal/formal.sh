#!/usr/bin/env bash
# The quick subset of the formal proofs (scripts/formal.sh --quick: the
# leaf modules at small parameters, BMC + k-induction) and the planted
# bugs those proofs must catch (--mutants --quick). One PASS/FAIL line per
# proof and per mutant. In make test (tests/run.sh); make formal runs it all.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
"$here/../../scripts/deps.sh" formal || { echo "FAIL formal_deps: scripts/deps.sh formal failed"; exit 1; }
st=0
export FORMAL_DIR="${FORMAL_DIR:-build/formal-quick}"   # not make formal's folder
"$here/../../scripts/formal.sh" --quick 2>/dev/null | grep -E '^(PASS|FAIL) ' || st=1
"$here/../../scripts/formal.sh" --quick --mutants 2>/dev/null | grep -E '^(PASS|FAIL) ' || st=1
exit $st
