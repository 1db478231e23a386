#!/usr/bin/env bash
# Install what the project needs from Debian's packages, only when missing.
# Idempotent; safe to call from every Makefile target.
#   scripts/deps.sh build   C toolchain (gcc, make, pkg-config): the C library,
#                           the command, make install-lib
#   scripts/deps.sh bench   /usr/bin/time (make bench-scale's peak memory)
#   scripts/deps.sh plot    gnuplot for the PNG/SVG plots
#   scripts/deps.sh rtl     Verilator, g++ and clang++ (the Makefile's C++
#                           compiler where installed: it compiles Verilator's
#                           C++ faster), zlib (FST waveforms) and ccache
#                           (the Verilated builds' shared files compiled once)
#   scripts/deps.sh synth   Yosys
#   scripts/deps.sh formal  Yosys (yosys-smtbmc) and the z3 SMT solver
#   scripts/deps.sh waves   GTKWave (fst2vcd, the viewer)
#   scripts/deps.sh cxx     g++ and clang++ (the Makefile's C++ compiler)
#   scripts/deps.sh systemc SystemC 2.3 with TLM-2.0 (libsystemc-dev), g++, clang++
#   scripts/deps.sh icarus  Icarus Verilog (iverilog, vvp): the replay testbenches
#   scripts/deps.sh mpi     Open MPI (mpicc, mpirun): build/syncswitch-mpi
#   scripts/deps.sh venv    the project's Python virtual environment, build/venv
#                           (PyPI: fusesoc, pytest, matplotlib, setuptools,
#                           wheel; Debian's
#                           python3-venv when the interpreter lacks venv)
#   scripts/deps.sh all     every group above but waves and venv
set -euo pipefail

want=()
venv=no
need() { command -v "$1" >/dev/null 2>&1 || want+=("$2"); }

# one function per group; "all" is every group but waves and venv
g_build()   { need gcc gcc; need make make; need pkg-config pkg-config; }
g_bench()   { [ -x /usr/bin/time ] || want+=(time); }   # scale_table.sh's peak memory
g_plot()    { need gnuplot gnuplot-nox; }
g_synth()   { need yosys yosys; }
g_formal()  { need yosys yosys; need yosys-smtbmc yosys; need z3 z3; }
g_waves()   { need gtkwave gtkwave; }
g_icarus()  { need iverilog iverilog; }
g_mpi()     { need gcc gcc; need mpicc libopenmpi-dev; need mpirun openmpi-bin; }
g_cxx()     { need g++ g++; need clang++ clang; }   # the Makefile's CXX: clang++, else g++
g_systemc() { g_cxx; [ -e /usr/include/systemc.h ] && [ -e /usr/include/tlm.h ] || want+=(libsystemc-dev); }
g_rtl()     { need verilator verilator; g_cxx; need ccache ccache
              [ -e /usr/include/zlib.h ] || want+=(zlib1g-dev); }
g_all()     { local g; for g in build bench plot rtl systemc icarus synth formal mpi; do "g_$g"; done; }
g_venv()    { need python3 python3
              python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || want+=(python3-venv python3-pip)
              venv=yes; }

for group in "${@:-build}"; do
  if declare -F "g_$group" >/dev/null; then "g_$group"
  else
    echo "deps.sh: unknown group '$group' (allowed: $(declare -F | sed -n 's/^declare -f g_//p' | paste -sd, - | sed 's/,/, /g'))" >&2
    exit 2
  fi
done
# (want may name a package twice: apt-get installs it once)

# The virtual environment (after the Debian packages it may need): the
# PyPI packages go in build/venv, never into the system's Python.
make_venv() {
  local root dir missing=()
  root=$(cd "$(dirname "$0")/.." && pwd)
  dir="${SS_VENV:-$root/build/venv}"
  [ -x "$dir/bin/python" ] || quietly "deps.sh: making the virtual environment $dir" python3 -m venv "$dir" ||
    { echo "deps.sh: cannot make the virtual environment $dir" >&2; exit 1; }
  "$dir/bin/python" -c 'import pytest' >/dev/null 2>&1 || missing+=(pytest)
  "$dir/bin/python" -c 'import matplotlib' >/dev/null 2>&1 || missing+=(matplotlib)
  [ -x "$dir/bin/fusesoc" ] || missing+=(fusesoc)
  # setuptools and wheel: `pip install --no-build-isolation .` (docs/python.md)
  "$dir/bin/python" -c 'import setuptools, wheel' >/dev/null 2>&1 || missing+=(setuptools wheel)
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "deps.sh: installing ${missing[*]} into $dir" >&2
  quietly "deps.sh: pip installing ${missing[*]}" "$dir/bin/python" -m pip install "${missing[@]}" \
    || { echo "deps.sh: pip could not install ${missing[*]} into $dir" >&2; exit 1; }
}

# quietly WHAT CMD...: CMD's output in a log, and a line on stderr every
# 20 s saying how long and its last line (no silence over 30 s: issue 30);
# the log's last lines on stderr when CMD fails.
quietly() {
  local what=$1 log rc; shift
  log=$(mktemp)
  "$(dirname "$0")/lib/progress.sh" "$what" "$log" -- "$@"
  rc=$?
  [ $rc -ne 0 ] && tail -5 "$log" >&2
  rm -f "$log"
  return $rc
}

if [ ${#want[@]} -eq 0 ]; then
  [ "$venv" = yes ] && make_venv
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "deps.sh: need root or sudo to install: ${want[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "deps.sh: installing ${want[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# another installer holding the package lock is waited for (up to 10
# minutes, said by apt in the progress lines), not a failure
lock=(-o DPkg::Lock::Timeout=600)
quietly "deps.sh: apt-get update" $sudo apt-get "${lock[@]}" update || true
quietly "deps.sh: apt-get installing ${want[*]}" \
  $sudo apt-get "${lock[@]}" install -y --no-install-recommends "${want[@]}" || exit 1
[ "$venv" = yes ] && make_venv
exit 0
