#!/usr/bin/env bash
# The proof that a user outside the tree can use the library: make install
# into a temporary prefix, then build and run, in a folder outside the
# tree with only pkg-config's flags, the C example on the API (shared and
# static), and make uninstall leaves the prefix empty. The SystemC and
# Python front ends add their own builds here (tests/systemc/, tests/python/).
set -u
dir="${1:-build}"
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"
if ! make -s -C "$root" install PREFIX="$prefix" BUILD="$dir" >"$tmp/install.log" 2>&1; then
  echo "FAIL oot_install: $(tail -3 "$tmp/install.log")"; exit 0
fi
echo "PASS oot_install"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
user="$tmp/user"   # the user's folder: a copy of the example, nothing else
mkdir -p "$user"
cp "$prefix/share/doc/syncswitch/examples/api_example.c" "$user/"
cd "$user" || exit 0
# shellcheck disable=SC2046
if cc -std=c11 -Wall -Wextra -Werror api_example.c $(pkg-config --cflags --libs syncswitch) \
     -Wl,-rpath,"$prefix/lib" -o api_shared 2>"$tmp/cc.log" && ./api_shared >"$tmp/run.log" 2>&1 &&
   grep -q "phased B=256 .*% of Eq. 1" "$tmp/run.log" && grep -q "^refused: depth = 32" "$tmp/run.log"; then
  echo "PASS oot_c_shared"
else echo "FAIL oot_c_shared: $(cat "$tmp/cc.log" "$tmp/run.log" | head -c 400)"; fi
# an argument is refused, not ignored (was: ran the fixed examples, exit 0)
./api_shared --n 8 >"$tmp/arg.log" 2>&1; rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l <"$tmp/arg.log")" -eq 1 ] && grep -q "takes no arguments (got '--n')" "$tmp/arg.log"
then echo "PASS oot_c_refuses_argument"
else echo "FAIL oot_c_refuses_argument: exit $rc: $(head -c 200 "$tmp/arg.log")"; fi
# shellcheck disable=SC2046
if cc -std=c11 api_example.c $(pkg-config --cflags syncswitch) "$prefix/lib/libsyncswitch.a" \
     $(pkg-config --libs-only-other --static syncswitch) -lm -o api_static 2>"$tmp/cc.log" &&
   ./api_static >"$tmp/run2.log" 2>&1 && cmp -s <(grep -v latency "$tmp/run.log") <(grep -v latency "$tmp/run2.log"); then
  echo "PASS oot_c_static"
else echo "FAIL oot_c_static: $(cat "$tmp/cc.log" "$tmp/run2.log" | head -c 400)"; fi
"$prefix/bin/syncswitch" run --kernel msgpass --n 4 --words 4 --json | grep -q '"verified":true' \
  && echo "PASS oot_cli" || echo "FAIL oot_cli: the installed command did not run"
timeout 300 mpirun --allow-run-as-root --oversubscribe -q -np 2 "$prefix/bin/syncswitch-mpi" \
  run --kernel msgpass --n 4 --words 4 --json </dev/null | grep -q '"verified":true' \
  && echo "PASS oot_cli_mpi" || echo "FAIL oot_cli_mpi: the installed syncswitch-mpi did not run on 2 ranks"
man -l "$prefix/share/man/man1/syncswitch.1" 2>/dev/null | grep -q -- "--depth" \
  || groff -man -Tascii "$prefix/share/man/man1/syncswitch.1" 2>/dev/null | grep -q -- "--depth" \
  || grep -q -- '--depth' "$prefix/share/man/man1/syncswitch.1"
[ $? -eq 0 ] && echo "PASS oot_manpage" || echo "FAIL oot_manpage: no --depth in the page"
# SystemC: the example's processors on the C routers and, with the fabric
# archive of (4, 4, 2) installed, on the Verilated routers; each checks its
# 64 words and prints the cycle it got them by: the two must agree
cp "$prefix/share/doc/syncswitch/examples/ss_example.cpp" "$user/"
sc_run() {  # sc_run NAME PKG [CXXFLAGS...]: build, run, print the cycle
  local name=$1 pkg=$2; shift 2
  # shellcheck disable=SC2046
  if ! (cd "$user" && g++ -std=c++17 -O1 -Wall -Wextra -Werror "$@" ss_example.cpp \
          $(pkg-config --cflags --libs "$pkg") -lpthread -Wl,-rpath,"$prefix/lib" -o "$name") \
        >"$tmp/$name.cc" 2>&1; then
    echo "FAIL oot_$name: $(head -c 400 "$tmp/$name.cc")"; return
  fi
  if (cd "$user" && timeout 120 "./$name") >"$tmp/$name.log" 2>&1 && grep -q "every word right" "$tmp/$name.log"; then
    echo "PASS oot_$name ($(grep -o 'by cycle [0-9]*' "$tmp/$name.log"))"
  else echo "FAIL oot_$name: $(head -c 400 "$tmp/$name.log")"; fi
}
sc_run systemc_c syncswitch-systemc
if pkg-config --exists syncswitch-fabric-n4-d4-t2; then
  sc_run systemc_rtl syncswitch-fabric-n4-d4-t2 -DSS_EXAMPLE_RTL
  c=$(grep -o 'by cycle [0-9]*' "$tmp/systemc_c.log" 2>/dev/null); r=$(grep -o 'by cycle [0-9]*' "$tmp/systemc_rtl.log" 2>/dev/null)
  [ -n "$c" ] && [ "$c" = "$r" ] && echo "PASS oot_systemc_same_cycle" || echo "FAIL oot_systemc_same_cycle: C '$c', RTL '$r'"
else echo "FAIL oot_systemc_rtl: no fabric n4_d4_t2 installed (make sc-fabric before make install)"; fi
# Python: pip install of the tree into the project's virtual environment
# (scripts/deps.sh venv), then the example sweep, run from the user's folder
# (so `import syncswitch` is the installed package), writes its plot
py="$root/build/venv/bin/python"
if "$root/scripts/deps.sh" venv >"$tmp/venv.log" 2>&1 && [ -x "$py" ]; then
  if "$root/scripts/lib/progress.sh" "out_of_tree: pip install of the tree" "$tmp/pip.log" -- \
       "$py" -m pip install -q --no-build-isolation "$root" &&
     (cd "$user" && "$py" "$prefix/share/doc/syncswitch/examples/sweep_eq1.py" --quick "$user/eq1.png") >"$tmp/py.log" 2>&1 &&
     [ -s "$user/eq1.png" ]; then
    echo "PASS oot_python (eq1.png, $(wc -c <"$user/eq1.png") bytes)"
  else echo "FAIL oot_python: $(tail -c 400 "$tmp/pip.log" "$tmp/py.log")"; fi
else echo "FAIL oot_python: no virtual environment: $(tail -1 "$tmp/venv.log")"; fi
# the installed RTL as a FuseSoC core: its router lint target
fs="$root/build/venv/bin/fusesoc"
if [ -x "$fs" ]; then
  if (cd "$user" && "$root/scripts/lib/progress.sh" "out_of_tree: fusesoc lint_router of the installed core" "$tmp/fs.log" -- \
        timeout 300 "$fs" --cores-root "$prefix/share/syncswitch" run --build-root "$tmp/fs" \
        --target=lint_router syncswitch:noc:ss_torus); then echo "PASS oot_fusesoc_lint"
  else echo "FAIL oot_fusesoc_lint: $(tail -3 "$tmp/fs.log")"; fi
else echo "FAIL oot_fusesoc_lint: no fusesoc in build/venv (scripts/deps.sh venv)"; fi
cd "$root" || exit 0
make -s uninstall PREFIX="$prefix" >/dev/null 2>&1
left=$(find "$prefix" -type f -o -type l | head -5)
[ -z "$left" ] && echo "PASS oot_uninstall" || echo "FAIL oot_uninstall: left $left"
