#!/usr/bin/env bash
# The test runner: C unit/property/end-to-end tests and CLI tests.
# Last line: "N passed, N failed" (", N skipped" when a check needs files
# the repository does not hold, such as the papers' texts).
set -u
dir="${1:-build}"
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp)
times=$(mktemp)
# Every part is bounded (issue 33): PART_TIMEOUT seconds (default 2400)
# for a whole script, on top of the bound of each of its cases (test_model:
# SS_TEST_TIMEOUT; golden.sh: GOLDEN_TIMEOUT; the scripts' runs:
# CASE_TIMEOUT, tests/lib.sh). A part that overruns is one FAIL line
# naming it and the last case it finished; the parts after it still run.
part_bound=${PART_TIMEOUT:-2400}
# The parts run in two lanes at once (TEST_LANES=2, the default; 1 runs
# them one after the other, in the same order, lane A then lane B): most
# parts are one process, and a 2-core machine then does twice the work in
# the same time. Each lane keeps its own lines ($lane_out); the parts that
# build a Verilated variant on demand share the tree's build lock
# (testbench/cli/backend_exec.c), so the lanes never build one folder at once.
lanes=${TEST_LANES:-2}
case $lanes in 1|2) ;; *) echo "tests/run.sh: TEST_LANES=$lanes is not 1 or 2" >&2; exit 2 ;; esac
out_a=$(mktemp); out_b=$(mktemp)
trap 'rm -f "$out" "$times" "$out_a" "$out_b"' EXIT
# part NAME CMD...: run one test script, keep its lines, note its time
part() {
  local name=$1 t0=$SECONDS n0 rc; shift
  n0=$(wc -l <"$lane_out")
  timeout -k 30 "$part_bound" "$@" | tee -a "$lane_out"
  rc=${PIPESTATUS[0]}
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    echo "FAIL ${name}_timeout: $name ran out of its $part_bound s (PART_TIMEOUT) after" \
      "'$(tail -n +$((n0 + 1)) "$lane_out" | grep -E '^(PASS|FAIL|SKIP) ' | tail -1 | cut -c1-120)'" | tee -a "$lane_out"
  fi
  echo "$name $((SECONDS - t0))" >>"$times"
  return "$rc"
}

# Lane A: the C model, the front ends, the golden data, the prebuilt RTL
# and SystemC binaries
lane_a() {
  lane_out=$out_a
  part test_model "$dir/test_model"
  st=$?
  [ "$st" -gt 1 ] && [ "$st" -ne 124 ] && [ "$st" -ne 137 ] &&
    echo "FAIL test_model_exit: test_model exited with status $st (crash?)" | tee -a "$lane_out"
  part cli/cli "$here/cli/cli.sh" "$dir"
  # experiment files (--config, BookSim-style keys) and their refusals
  part cli/config "$here/cli/config.sh" "$dir"
  # --threads: the same JSON on 1, 2 and 3 threads (issue 20, part 2)
  part cli/threads "$here/cli/threads.sh" "$dir"
  # --skip and --skip-verify (issue 28): the same JSON in every mode, refusals
  part cli/skip "$here/cli/skip.sh" "$dir"
  # the measurement's verdicts: no latency without packets, saturation
  part traffic/verdicts "$here/traffic/verdicts.sh" "$dir"
  # the measurement scripts: their variables checked, no half-written result
  part scripts/scripts "$here/scripts/scripts.sh" "$dir"
  # the figure scripts to the end on small sizes: every plot drawn, honest
  part scripts/figures "$here/scripts/figures.sh" "$dir"
  # the library: its error contract, its exported symbols, every field's
  # bounds refused by the command line with the library's own line
  if [ -x "$dir/api/test_api" ]; then
    part api/api "$dir/api/test_api"
    part api/symbols "$here/api/symbols.sh" "$dir"
    # ... and that check fed stand-in libraries with one planted fault each
    part api/symbols_planted "$here/api/symbols_planted.sh"
    part api/bounds "$here/api/bounds.sh" "$dir"
    # every key of the results' JSON in docs/api.md with its unit, and no other
    part api/result_keys "$here/api/result_keys.sh" "$dir"
    # make install into a temporary prefix, then a user's builds outside the tree
    part api/out_of_tree "$here/api/out_of_tree.sh" "$dir"
    # make install-lib alone (and beside install-mpi): its files, its
    # packages, a user's program on it, one manifest, nothing left after
    part api/install_parts "$here/api/install_parts.sh" "$dir"
  fi
  # every runner's per-case bound, on planted overruns (issue 33)
  part runner/bounds "$here/runner/bounds.sh" "$dir"
  # the whole-run comparators of tests/lib.sh (same_across, same_as_c) on
  # planted differences: each names the field (issue 32)
  part runner/compare "$here/runner/compare.sh"
  # the include layering, and every kernel's cycles against the golden data
  part layout "$here/layout.sh"
  part layout_planted "$here/layout_planted.sh"
  # the paper's values (paper/data/*.csv) against the seed lines they cite
  part paper/data "$here/paper/data.sh"
  # the numbers the fidelity pages (docs/fidelity.md, docs/fidelity/) and
  # paper/notes quote, against the CSVs of the make paper run that wrote them
  # (docs/paper/csv/), the paper's seed lines and the rules they name
  part paper/prose "$here/paper/prose.sh"
  # every number of those pages tagged or exempt (not a measurement)
  part paper/untagged "$here/paper/untagged.sh"
  # the numbers paper/notes quote from runs outside the CSVs, run again
  # (paper/notes/runs.txt; skipped without the build)
  part paper/runs "$here/paper/runs.sh" "$dir"
  # every image and CSV link of README.md, docs/ and paper/notes names a
  # tracked file (the plots make paper keeps in docs/paper/)
  part paper/links "$here/paper/links.sh"
  # make paper's driver on the quick version's smallest figure
  part paper/paper "$here/paper/paper.sh" "$dir"
  part golden "$here/golden.sh" "$dir"
  # the same numbers with every kernel's data in node memory (the default is
  # generated payload wherever a kernel takes it: docs/kernels/aapc.md)
  part golden/memory "$here/golden.sh" "$dir" --payload memory
  # the Python bindings: pip install of the tree, pytest against the CLI
  part python/python "$here/python/python.sh" "$dir"
  # RTL tests need the Verilated torus (make test builds it; make sanitize
  # runs the C tests only)
  [ "${RTL_TESTS:-0}" = 1 ] && part rtl/rtl "$here/rtl/rtl.sh" "$dir"
  # the SystemC backends, the NI's register interface, the example
  [ "${SC_TESTS:-0}" = 1 ] && part systemc/sc "$here/systemc/sc.sh" "$dir"
  # the FuseSoC core: its lint targets, its self-checking Icarus testbench
  [ "${RTL_TESTS:-0}" = 1 ] && part fusesoc/fusesoc "$here/fusesoc/fusesoc.sh" "$dir"
}

# Lane B: the MPI runs, the parts that co-simulate the other Verilated
# variants (mk/test.mk builds them before the lanes under make test; on
# demand otherwise), and the other RTL tools (the two lanes took 1351 s
# and 1039 s of a fresh clone's make test before the MPI parts, 140 s,
# moved here; 1086 s and 677 s once the variants were built before the
# lanes, before make lint, 291 s, moved here and FuseSoC, 90 s, to lane A)
lane_b() {
  lane_out=$out_b
  # syncswitch-mpi (issue 20, part 3): the golden numbers split over 2 ranks
  # (the AAPC kernels) and 4 (a few thousand cycles each: 4 ranks share 2
  # cores here), the same JSON and reports, ranks that die or differ
  if [ -x "$dir/syncswitch-mpi" ]; then
    part golden/mpi2 "$here/golden.sh" "$dir" --mpi 2 \
      --only '^(phased|msgpass|phased-sw|phased-gsync|two-stage|store-forward) '
    part golden/mpi4 "$here/golden.sh" "$dir" --mpi 4 \
      --only '^(phased 8 4|phased-sw 8 4|two-stage 4 4|msgpass 4 4)$'
    part mpi/mpi "$here/mpi/mpi.sh" "$dir"
  fi
  # the doors: output paths checked first, outputs renamed into place whole,
  # steps and cycles an option names inside the run
  part cli/doors "$here/cli/doors.sh" "$dir"
  # --ties (issue 21, part 2): plus by default, balanced repeats and splits
  # the n/2 hops; its cosim corners with RTL_TESTS=1
  part traffic/ties "$here/traffic/ties.sh" "$dir"
  # --vcs K (issue 21, part 1): K = 1 is the default, more VCs carry more,
  # the AAPC pool unchanged, bad K refused
  part traffic/vcs "$here/traffic/vcs.sh" "$dir"
  # --routing-function (issue 29): min_adapt and valiant past saturation with
  # the watchdog armed, every pattern; the AAPC routes kept; refusals
  part traffic/routing "$here/traffic/routing.sh" "$dir"
  # the flit, credit and HEAD layouts of model/flit.h against rtl/ss_defs.vh
  part rtl/widths "$here/rtl/widths.sh"
  part rtl/widths_planted "$here/rtl/widths_planted.sh"
  # make lint (Verilator -Wall on every module and the corners; its own
  # part, here, as it takes minutes: the lanes then take about as long)
  [ "${RTL_TESTS:-0}" = 1 ] && part rtl/lint "$here/rtl/lint.sh"
  # make lint's and make synth's checks (Verilator -Wall clean; no latch,
  # no combinational loop) on planted faults in a copy of rtl/
  [ "${RTL_TESTS:-0}" = 1 ] && part rtl/lint_planted "$here/rtl/lint_planted.sh"
  [ "${RTL_TESTS:-0}" = 1 ] && part rtl/synth_planted "$here/rtl/synth_planted.sh"
  # the waveform view: the flit filter against model/flit.h, the committed
  # view against its generator, and (RTL_TESTS=1, the torus build) against a
  # trace of 80 cycles and docs/waves.md's phase boundary
  part rtl/waves "$here/rtl/waves.sh" "$dir"
  # the RTL's parameter checks (issue 30, part 7): the library's ranges,
  # each bound and each value past it under Icarus, Verilator and Yosys
  [ "${RTL_TESTS:-0}" = 1 ] && part rtl/params "$here/rtl/params.sh" "$dir"
  # the RTL's assertions fire on planted bugs (one mutated router_tb build)
  [ "${RTL_TESTS:-0}" = 1 ] && part rtl/assert "$here/rtl/assert.sh" "$dir"
  # synthetic traffic co-simulated against the C backend
  [ "${RTL_TESTS:-0}" = 1 ] && part traffic/traffic "$here/traffic/traffic.sh" "$dir"
  # co-simulation at the parameter corners (depths 1/3/6, T_t 1/3, n 4/6)
  [ "${RTL_TESTS:-0}" = 1 ] && part rtl/corners "$here/rtl/corners.sh" "$dir"
  # the fuzz kernels (random mixed traffic) co-simulated at those corners
  [ "${RTL_TESTS:-0}" = 1 ] && part fuzz/fuzz "$here/fuzz/fuzz.sh" "$dir"
  # co-simulation on the X-randomised Verilator build (random initial values)
  [ "${RTL_TESTS:-0}" = 1 ] && part rtl/xrand "$here/rtl/xrand.sh" "$dir"
  # the RTL under Icarus Verilog: C-model recordings replayed cycle for cycle
  [ "${RTL_TESTS:-0}" = 1 ] && part icarus/icarus "$here/icarus/icarus.sh" "$dir"
  # the quick formal proofs (the router's parts) and the planted bugs they catch
  [ "${RTL_TESTS:-0}" = 1 ] && part formal/formal "$here/formal/formal.sh"
}

# a Verilated routers or SystemC model built during the lanes (on demand,
# under the tree's one build lock) held up every co-simulation of the
# other lane for its minute: under make test (TEST_PREBUILT=1, the
# variants built first) each one the lists missed is named
stamp=$(mktemp)
trap 'rm -f "$out" "$times" "$out_a" "$out_b" "$stamp"' EXIT
if [ "$lanes" = 2 ]; then
  lane_a & pa=$!
  lane_b & pb=$!
  wait "$pa" "$pb"
else
  lane_a
  lane_b
fi
cat "$out_a" "$out_b" >"$out"
if [ "${TEST_PREBUILT:-0}" = 1 ]; then
  late=$(find "$dir/rtl" "$dir/sc-rtl" -mindepth 2 -maxdepth 2 -name syncswitch -newer "$stamp" \
           2>/dev/null | sed "s|^$dir/||; s|/syncswitch\$||" | sort | paste -sd' ' -)
  if [ -z "$late" ]; then
    echo "PASS test_variants_prebuilt" | tee -a "$out"
  else
    echo "FAIL test_variants_prebuilt: built during the lanes, not before them: $late (add to mk/test.mk)" | tee -a "$out"
  fi
fi

# where the time went (seconds per part), then the count
echo "time: $(awk '{printf "%s%s %ss", sep, $1, $2; sep=", "}' "$times")"
passed=$(grep -c '^PASS ' "$out")
failed=$(grep -c '^FAIL ' "$out")
skipped=$(grep -c '^SKIP ' "$out")
# a check that needs files the repository does not hold says SKIP NAME: why
if [ "$skipped" -gt 0 ]; then
  echo "skipped: $(sed -n 's/^SKIP \([^:]*\):\(.*\)/\1:\2/p' "$out" | sed 's/^[^:]*: *//' | sort | uniq -c | sed 's/^ *//' | paste -sd';' -)"
  echo "$passed passed, $failed failed, $skipped skipped"
else
  echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
