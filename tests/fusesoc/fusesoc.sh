#!/usr/bin/env bash
# The FuseSoC core (syncswitch.core, docs/fusesoc.md) through the fusesoc of
# the project's virtual environment (scripts/deps.sh venv: PyPI): its lint
# targets pass Verilator -Wall with the parameters as FuseSoC passes them,
# its sim target's self-checking Icarus testbench passes on four points
# (the defaults, a corner, min_adapt and valiant at K = 2), and
# two planted faults fail: a lint warning in a copy of the RTL, and a wrong
# expected word in the testbench (PLANT=1).
#   tests/fusesoc/fusesoc.sh BUILD    one PASS/FAIL line per check
# FUSESOC=path overrides the fusesoc binary (default: the repository's
# build/venv/bin/fusesoc). Every run has a time limit: a FAIL, not a hang.
set -u
dir="${1:-build}"
root=$(cd "$(dirname "$0")/../.." && pwd)
fusesoc="${FUSESOC:-$root/build/venv/bin/fusesoc}"
vlnv=syncswitch:noc:ss_torus
mkdir -p "$dir/fusesoc"
work=$(cd "$dir/fusesoc" && pwd)
# the work area holds exported copies and the planted core: keep it out of
# the scan of the repository's cores
touch "$work/FUSESOC_IGNORE"

if ! [ -x "$fusesoc" ]; then
  echo "FAIL fusesoc_tool: no fusesoc at $fusesoc (scripts/deps.sh venv)"
  exit 0
fi
missing=""
for t in verilator iverilog vvp; do command -v "$t" >/dev/null || missing="$missing $t"; done
if [ -n "$missing" ]; then
  echo "FAIL fusesoc_tools: not installed:$missing (scripts/deps.sh rtl icarus)"
  exit 0
fi
# an empty configuration: only the cores roots given here, none of the
# user's libraries or fusesoc.conf
conf="$work/fusesoc.conf"
: >"$conf"
# the tree's build/ holds copies of the core (make mutants' tree): fusesoc
# must not see two of them under the cores root
[ -d "$root/build" ] && touch "$root/build/FUSESOC_IGNORE"

# fs NAME CORES_ROOT TARGET ARGS...: one fusesoc run into $work/NAME, its
# output in $work/NAME.log, what it does said on stderr every 20 s while it
# runs (scripts/lib/progress.sh: no silence over 30 s); returns fusesoc's
# status (124: timed out)
fs() {
  local name=$1 cores=$2 target=$3; shift 3
  rm -rf "${work:?}/$name"
  "$root/scripts/lib/progress.sh" "tests/fusesoc: fusesoc $target ($name)" "$work/$name.log" -- \
    timeout 300 "$fusesoc" --config "$conf" --monochrome --cores-root "$cores" run --work-root "$work/$name" \
    --target="$target" "$vlnv" "$@" </dev/null
}
# tail of a log, for a FAIL line
why() { grep -v '^\(INFO\|WARNING: This backend\)' "$work/$1.log" | tail -5 | tr '\n' ' ' | head -c 400; }

# lint NAME TARGET ARGS...: must pass, with every -G the run asked for
lint() {
  local name=$1 target=$2; shift 2
  local a g vc
  fs "$name" "$root" "$target" "$@"; local rc=$?
  vc=$(cat "$work/$name"/*.vc 2>/dev/null)
  if [ $rc -ne 0 ]; then echo "FAIL fusesoc_$name: exit $rc: $(why "$name")"; return; fi
  if ! grep -qx 'VERILATOR_OPTIONS := -Wall' "$work/$name/config.mk" ||
     ! grep -qx '    mode: lint-only' "$work/$name"/*.eda.yml; then
    echo "FAIL fusesoc_$name: verilator not set up as --lint-only -Wall"; return
  fi
  for a in "$@"; do
    g="-G${a#--}"
    if ! printf '%s\n' "$vc" | grep -qx -- "$g"; then
      echo "FAIL fusesoc_$name: $g not passed to verilator"; return
    fi
  done
  echo "PASS fusesoc_$name"
}

# sim NAME MUST ARGS...: the sim target must pass and print the line MUST
sim() {
  local name=$1 must=$2; shift 2
  fs "$name" "$root" sim "$@"; local rc=$?
  if [ $rc -eq 0 ] && grep -q "^ss_torus_tb PASS $must" "$work/$name.log"; then
    echo "PASS fusesoc_$name"
  else
    echo "FAIL fusesoc_$name: exit $rc: $(why "$name")"
  fi
}

# the torus top at the RTL's defaults (8x8, the slow one: in the background,
# its line printed at the end), one router at a corner
lint lint lint >"$work/lint.out" &
lint_pid=$!
lint lint_router lint_router --N=4 --DEPTH=1 --TT=1 --SYNC_SWITCH=0
lint lint_ports lint_router_ports --DEPTH=16 --TT=64 --SYNC_SWITCH=1
lint lint_router_valiant lint_router --MP_VCS=3 --ROUTING=2
# the self-checking testbench: 4x4 by default, and an odd torus at a corner
sim sim "n=4 depth=4 tt=2 sync_switch=1 k=1 routing=0: 32 messages of 3 words"
sim sim_corner "n=3 depth=1 tt=3 sync_switch=0 k=1 routing=0: 36 messages of 5 words" \
  --N=3 --DEPTH=1 --TT=3 --SYNC_SWITCH=0 --MSGS=4 --WORDS=5
# the other routing functions through the core's ROUTING (K = 2)
sim sim_min_adapt "n=4 depth=2 tt=1 sync_switch=1 k=2 routing=1: 64 messages of 5 words" \
  --DEPTH=2 --TT=1 --MP_VCS=2 --ROUTING=1 --MSGS=4 --WORDS=5
sim sim_valiant "n=4 depth=4 tt=2 sync_switch=1 k=2 routing=2: 64 messages of 5 words" \
  --MP_VCS=2 --ROUTING=2 --MSGS=4 --WORDS=5

# planted: the testbench expecting one wrong word must fail, on that word
fs sim_plant "$root" sim --PLANT=1; rc=$?
if [ $rc -ne 0 ] && [ $rc -ne 124 ] && grep -q '^ss_torus_tb FAIL' "$work/sim_plant.log" &&
   grep -q 'BODY word' "$work/sim_plant.log"; then
  echo "PASS fusesoc_sim_planted_fails"
else
  echo "FAIL fusesoc_sim_planted_fails: exit $rc, the planted wrong word went unnoticed: $(why sim_plant)"
fi

# planted: a copy of the core whose router has an undriven, unused signal
# must fail lint (not named *unused*: Verilator waives those)
copy="$work/planted"
rm -rf "$copy"
mkdir -p "$copy"
cp -r "$root/syncswitch.core" "$root/rtl" "$copy/"
mkdir -p "$copy/testbench/fusesoc"
cp "$root/testbench/fusesoc/ss_torus_tb.v" "$copy/testbench/fusesoc/"
sed -i 's/^endmodule/  wire planted_wire;\nendmodule/' "$copy/rtl/ss_router.v"
fs lint_plant "$copy" lint_router; rc=$?
if [ $rc -ne 0 ] && [ $rc -ne 124 ] && grep -q 'Warning-UNUSED.*planted_wire' "$work/lint_plant.log"; then
  echo "PASS fusesoc_lint_planted_fails"
else
  echo "FAIL fusesoc_lint_planted_fails: exit $rc, the planted warning went unnoticed: $(why lint_plant)"
fi
# (no second core of this name left in the work area)
rm -rf "$copy"
wait "$lint_pid"
cat "$work/lint.out"
exit 0
