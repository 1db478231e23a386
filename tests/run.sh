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
# them one after the other, in the queue's order): most parts are one
# process, and a 2-core machine then does twice the work in the same time.
# Each lane takes the next entry of one queue when it has finished one, so
# the lanes end close together whatever the machine (with the lanes fixed,
# one ended 80 s after the other in a fresh clone's make test). Each lane
# keeps its own lines ($lane_out); the parts that build a Verilated variant
# on demand share the tree's build lock (testbench/cli/backend_exec.c), so
# the lanes never build one folder at once.
lanes=${TEST_LANES:-2}
case $lanes in 1|2) ;; *) echo "tests/run.sh: TEST_LANES=$lanes is not 1 or 2" >&2; exit 2 ;; esac
out_a=$(mktemp); out_b=$(mktemp); next=$(mktemp)
trap 'rm -f "$out" "$times" "$out_a" "$out_b" "$next"' EXIT
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

# The queue: one entry per line of add (a part), add_c (a C test binary,
# below) and also (one more part after the entry's last, in the same
# lane: parts that share files or would crowd the machine together),
# longest entry first by the runner's time: line of a fresh clone's make
# test (the longest-first order keeps the lanes' last parts short).
queue=()
add()  { queue+=("part $(printf '%q ' "$@")"); }
also() { queue[-1]+="; part $(printf '%q ' "$@")"; }
# add_c NAME BINARY...: a C test binary: its FAIL lines say what failed, a
# crash says nothing, so its exit status past 1 (its failed checks) is one
crash() {
  [ "$2" -gt 1 ] && [ "$2" -ne 124 ] && [ "$2" -ne 137 ] &&
    echo "FAIL $1_exit: $1 exited with status $2 (crash?)" | tee -a "$lane_out"
  return 0
}
add_c() { add "$@"; queue[-1]+="; crash $(printf '%q' "$1") \$?"; }
rtl() { [ "${RTL_TESTS:-0}" = 1 ]; }

# lockstep co-simulation of the kernels on the 8x8 torus (both tops), the
# router testbench at every point, the comparator's own tests
rtl && add rtl/rtl "$here/rtl/rtl.sh" "$dir"
# the quick formal proofs (the router's parts) and the planted bugs they catch
rtl && add formal/formal "$here/formal/formal.sh"
# make lint (Verilator -Wall on every module and the corners), then make
# lint's and make synth's checks (Verilator -Wall clean; no latch, no
# combinational loop) on planted faults in a copy of rtl/
if rtl; then
  add rtl/lint "$here/rtl/lint.sh"
  also rtl/lint_planted "$here/rtl/lint_planted.sh"
  also rtl/synth_planted "$here/rtl/synth_planted.sh"
fi
# the C model's unit, property and end-to-end tests
add_c test_model "$dir/test_model"
# the numbers paper/notes quote from runs outside the CSVs, run again
# (paper/notes/runs.txt; skipped without the build)
add paper/runs "$here/paper/runs.sh" "$dir"
# --threads: the same JSON on 1, 2 and 3 threads (issue 20, part 2)
add cli/threads "$here/cli/threads.sh" "$dir"
# syncswitch-mpi (issue 20, part 3): the golden numbers split over 2 ranks
# (the AAPC kernels) and 4 (a few thousand cycles each: 4 ranks share 2
# cores here), the same JSON and reports, ranks that die or differ; one
# lane, one mpirun at a time
if [ -x "$dir/syncswitch-mpi" ]; then
  add golden/mpi2 "$here/golden.sh" "$dir" --mpi 2 \
    --only '^(phased|msgpass|phased-sw|phased-gsync|two-stage|store-forward) '
  also golden/mpi4 "$here/golden.sh" "$dir" --mpi 4 \
    --only '^(phased 8 4|phased-sw 8 4|two-stage 4 4|msgpass 4 4)$'
  also mpi/mpi "$here/mpi/mpi.sh" "$dir"
fi
# the Python bindings (pip install of the tree, pytest against the CLI),
# then the FuseSoC core (its lint targets, its self-checking Icarus
# testbench), which reads the tree pip builds in
add python/python "$here/python/python.sh" "$dir"
rtl && also fusesoc/fusesoc "$here/fusesoc/fusesoc.sh" "$dir"
# --routing-function (issue 29): min_adapt and valiant past saturation with
# the watchdog armed, every pattern; the AAPC routes kept; refusals
add traffic/routing "$here/traffic/routing.sh" "$dir"
# the doors: output paths checked first, outputs renamed into place whole,
# steps and cycles an option names inside the run
add cli/doors "$here/cli/doors.sh" "$dir"
# the periodicity census (make census): the same runs, every stepped
# cycle seen, streams counted as repeating; planted census faults fail
add cli/census "$here/cli/census.sh" "$dir"
# the SystemC backends, the NI's register interface, the example
[ "${SC_TESTS:-0}" = 1 ] && add systemc/sc "$here/systemc/sc.sh" "$dir"
# make paper's driver on the quick version's smallest figure
add paper/paper "$here/paper/paper.sh" "$dir"
# the library: its error contract, its exported symbols (and that check
# fed stand-in libraries with one planted fault each), every field's
# bounds refused by the command line with the library's own line, every
# key of the results' JSON in docs/api.md with its unit and no other; make
# install into a temporary prefix and a user's builds outside the tree;
# make install-lib alone (and beside install-mpi): its files, its
# packages, a user's program on it, one manifest, nothing left after (one
# lane: the installs make in the tree)
if [ -x "$dir/api/test_api" ]; then
  add api/api "$dir/api/test_api"
  also api/symbols "$here/api/symbols.sh" "$dir"
  also api/symbols_planted "$here/api/symbols_planted.sh"
  also api/bounds "$here/api/bounds.sh" "$dir"
  also api/result_keys "$here/api/result_keys.sh" "$dir"
  also api/out_of_tree "$here/api/out_of_tree.sh" "$dir"
  also api/install_parts "$here/api/install_parts.sh" "$dir"
fi
# the RTL under Icarus Verilog: C-model recordings replayed cycle for cycle
rtl && add icarus/icarus "$here/icarus/icarus.sh" "$dir"
# the measurement scripts: their variables checked, no half-written result
add scripts/scripts "$here/scripts/scripts.sh" "$dir"
# --vcs K (issue 21, part 1): K = 1 is the default, more VCs carry more,
# the AAPC pool unchanged, bad K refused
add traffic/vcs "$here/traffic/vcs.sh" "$dir"
# the RTL's parameter checks (issue 30, part 7): the library's ranges,
# each bound and each value past it under Icarus, Verilator and Yosys
rtl && add rtl/params "$here/rtl/params.sh" "$dir"
# co-simulation at the parameter corners (depths 1/3/6, T_t 1/3, n 4/6)
rtl && add rtl/corners "$here/rtl/corners.sh" "$dir"
# the figure scripts to the end on small sizes: every plot drawn, honest
add scripts/figures "$here/scripts/figures.sh" "$dir"
# every kernel's cycles against the golden data, then the same numbers
# with every kernel's data in node memory (the default is generated
# payload wherever a kernel takes it: docs/kernels/aapc.md)
add golden "$here/golden.sh" "$dir"
add golden/memory "$here/golden.sh" "$dir" --payload memory
# co-simulation on the X-randomised Verilator build (random initial values)
rtl && add rtl/xrand "$here/rtl/xrand.sh" "$dir"
# the fuzz kernels (random mixed traffic) co-simulated at the corners
rtl && add fuzz/fuzz "$here/fuzz/fuzz.sh" "$dir"
# the numbers the fidelity pages (docs/fidelity.md, docs/fidelity/) and
# paper/notes quote, against the CSVs of the make paper run that wrote them
# (docs/paper/csv/), the paper's seed lines and the rules they name
add paper/prose "$here/paper/prose.sh"
add cli/cli "$here/cli/cli.sh" "$dir"
# the RTL's assertions fire on planted bugs (one mutated router_tb build)
rtl && add rtl/assert "$here/rtl/assert.sh" "$dir"
# synthetic traffic co-simulated against the C backend
rtl && add traffic/traffic "$here/traffic/traffic.sh" "$dir"
# the waveform view: the flit filter against model/flit.h, the committed
# view against its generator, and (RTL_TESTS=1, the torus build) against a
# trace of 80 cycles and docs/waves.md's phase boundary
add rtl/waves "$here/rtl/waves.sh" "$dir"
# --ties (issue 21, part 2): plus by default, balanced repeats and splits
# the n/2 hops; its cosim corners with RTL_TESTS=1
add traffic/ties "$here/traffic/ties.sh" "$dir"
# --skip and --skip-verify (issue 28): the same JSON in every mode, refusals
add cli/skip "$here/cli/skip.sh" "$dir"
# every runner's per-case bound, on planted overruns (issue 33), the
# whole-run comparators of tests/lib.sh (same_across, same_as_c) on
# planted differences: each names the field (issue 32), and this queue
# on stand-in parts
add runner/bounds "$here/runner/bounds.sh" "$dir"
also runner/compare "$here/runner/compare.sh"
also runner/queue "$here/runner/queue.sh"
# experiment files (--config, BookSim-style keys) and their refusals
add cli/config "$here/cli/config.sh" "$dir"
# the measurement's verdicts: no latency without packets, saturation
add traffic/verdicts "$here/traffic/verdicts.sh" "$dir"
# every image and CSV link of README.md, docs/ and paper/notes names a
# tracked file (the plots make paper keeps in docs/paper/)
add paper/links "$here/paper/links.sh"
# the include layering (and on a planted fault); the paper's values
# (paper/data/*.csv) against the seed lines they cite; every number of
# the fidelity pages tagged or exempt (not a measurement)
add layout "$here/layout.sh"
also layout_planted "$here/layout_planted.sh"
add paper/data "$here/paper/data.sh"
add paper/untagged "$here/paper/untagged.sh"
# the flit, credit and HEAD layouts of model/flit.h against rtl/ss_defs.vh
add rtl/widths "$here/rtl/widths.sh"
also rtl/widths_planted "$here/rtl/widths_planted.sh"

# lane OUT: run the queue's next entry until none is left (the entry's
# number taken under a lock: each entry runs once, in one lane)
lane() {
  local i
  lane_out=$1
  while i=$(flock "$next" sh -c 'i=$(cat "$1"); echo $((${i:-0} + 1)) >"$1"; echo "${i:-0}"' _ "$next") &&
        [ "$i" -lt "${#queue[@]}" ]; do
    eval "${queue[i]}"
  done
}

# a Verilated routers or SystemC model built during the lanes (on demand,
# under the tree's one build lock) held up every co-simulation of the
# other lane for its minute: under make test (TEST_PREBUILT=1, the
# variants built first) each one the lists missed is named
stamp=$(mktemp)
trap 'rm -f "$out" "$times" "$out_a" "$out_b" "$next" "$stamp"' EXIT
if [ "$lanes" = 2 ]; then
  lane "$out_a" & pa=$!
  lane "$out_b" & pb=$!
  wait "$pa" "$pb"
else
  lane "$out_a"
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
