#!/usr/bin/env bash
# The test runner: C unit/property/end-to-end tests and CLI tests.
# Last line: "N passed, N failed".
set -u
dir="${1:-build}"
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp)
trap 'rm -f "$out"' EXIT

"$dir/test_model" | tee -a "$out"
st=${PIPESTATUS[0]}
[ "$st" -gt 1 ] && echo "FAIL test_model_exit: test_model exited with status $st (crash?)" | tee -a "$out"
"$here/cli/cli.sh" "$dir" | tee -a "$out"
# the include layering, and every kernel's cycles against the golden data
"$here/layout.sh" | tee -a "$out"
# the flit, credit and HEAD layouts of model/flit.h against rtl/ss_defs.vh
"$here/rtl/widths.sh" | tee -a "$out"
"$here/golden.sh" "$dir" | tee -a "$out"
# RTL tests need the Verilated torus (make test builds it; make sanitize
# runs the C tests only)
[ "${RTL_TESTS:-0}" = 1 ] && "$here/rtl/rtl.sh" "$dir" | tee -a "$out"
# the RTL's assertions fire on planted bugs (one mutated router_tb build)
[ "${RTL_TESTS:-0}" = 1 ] && "$here/rtl/assert.sh" "$dir" | tee -a "$out"
# synthetic traffic co-simulated against the C backend
[ "${RTL_TESTS:-0}" = 1 ] && "$here/traffic/traffic.sh" "$dir" | tee -a "$out"
# co-simulation at the parameter corners (depths 1/3/6, T_t 1/3, n 4/6)
[ "${RTL_TESTS:-0}" = 1 ] && "$here/rtl/corners.sh" "$dir" | tee -a "$out"
# the fuzz kernels (random mixed traffic) co-simulated at those corners
[ "${RTL_TESTS:-0}" = 1 ] && "$here/fuzz/fuzz.sh" "$dir" | tee -a "$out"
# co-simulation on the X-randomised Verilator build (random initial values)
[ "${RTL_TESTS:-0}" = 1 ] && "$here/rtl/xrand.sh" "$dir" | tee -a "$out"
# the RTL under Icarus Verilog: C-model recordings replayed cycle for cycle
[ "${RTL_TESTS:-0}" = 1 ] && "$here/icarus/icarus.sh" "$dir" | tee -a "$out"
# the quick formal proofs (the router's parts) and the planted bugs they catch
[ "${RTL_TESTS:-0}" = 1 ] && "$here/formal/formal.sh" | tee -a "$out"
# the SystemC backends, the NI's register interface, the example
[ "${SC_TESTS:-0}" = 1 ] && "$here/systemc/sc.sh" "$dir" | tee -a "$out"

passed=$(grep -c '^PASS ' "$out")
failed=$(grep -c '^FAIL ' "$out")
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
