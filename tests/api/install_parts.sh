#!/usr/bin/env bash
# A user of one part installs one part (issue 30): make install-lib puts
# the C library, its header, syncswitch.pc and the syncswitch command (with
# its manual page and the docs) into a temporary prefix and nothing of
# SystemC, MPI or the RTL; it builds with the C compiler alone (make -n:
# only scripts/deps.sh build, no g++, mpicc or Verilator) while
# install-mpi and install-systemc ask for their own packages. A small
# program outside the tree builds from pkg-config's flags alone and runs
# on the installed library (LD_LIBRARY_PATH, or the rpath of pkg-config's
# libdir). Installing a part again adds no manifest line; parts installed
# in either order under DESTDIR share one manifest; make uninstall leaves
# nothing.
#   tests/api/install_parts.sh [BUILD]    one PASS/FAIL line per check
set -u
dir="${1:-build}"
root=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib.sh
. "$root/tests/lib.sh"
script_init parts "$dir"   # $tmp, pass, fail
mk() { make -s --no-print-directory -C "$root" BUILD="$dir" "$@" >"$tmp/make.log" 2>&1; }
# files PREFIX: every file and link under PREFIX, sorted
files() { find "$1" \( -type f -o -type l \) 2>/dev/null | sort; }
manifest() { echo "$1/share/syncswitch/install_manifest.txt"; }
# empty NAME DEST: make uninstall left nothing under DEST
empty() {
  local left
  left=$( (files "$2"; find "$2" -depth -type d -path '*syncswitch*') | head -5 | tr '\n' ' ')
  [ -z "$left" ] && pass "$1" || fail "$1" "left: $left"
}

# what each part asks scripts/deps.sh for and builds, from make's plan of
# a fresh build folder (make -n -B: every step printed, none run)
plan() { make -n -B --no-print-directory -C "$root" BUILD="$tmp/plan" "$1" >"$tmp/plan.$1" 2>&1; }
for t in install-lib install-rtl install-mpi install-systemc install; do
  plan "$t" || fail "plan_$t" "make -n $t: $(tail -2 "$tmp/plan.$t")"
done
groups() { grep -o 'scripts/deps\.sh [a-z ]*' "$tmp/plan.$1" | cut -d' ' -f2- | tr ' ' '\n' | grep . | sort -u | paste -sd' '; }
for want in install-lib:build install-rtl: install-mpi:"build mpi" install-systemc:"build systemc"; do
  t=${want%%:*} g=${want#*:}
  got=$(groups "$t")
  [ "$got" = "$g" ] && pass "deps_$t" || fail "deps_$t" "scripts/deps.sh ${got:-(nothing)}, want ${g:-(nothing)}"
done
built=$(grep -m2 -E '^(mpicc|g\+\+|verilator)|libsyncswitch_systemc|No rule' "$tmp/plan.install-lib" | tr '\n' ' ')
[ -z "$built" ] && pass lib_builds_c_only || fail lib_builds_c_only "$built"
miss=""
for t in lib rtl mpi systemc; do grep -q "scripts/install\.sh $t " "$tmp/plan.install" || miss="$miss $t"; done
[ -z "$miss" ] && pass install_all || fail install_all "make install does not install the parts:$miss"
grep -q 'scripts/install\.sh lib ' "$tmp/plan.install-systemc" && pass systemc_needs_lib ||
  fail systemc_needs_lib "make install-systemc does not install the C library it includes"

# install-lib alone into PREFIX
prefix="$tmp/prefix"
if ! mk install-lib PREFIX="$prefix"; then
  fail lib_install "$(tail -3 "$tmp/make.log")"; exit 0
fi
pass lib_install
miss=""
for f in include/syncswitch.h lib/libsyncswitch.a lib/libsyncswitch.so lib/pkgconfig/syncswitch.pc \
         bin/syncswitch share/man/man1/syncswitch.1; do
  [ -e "$prefix/$f" ] || miss="$miss $f"
done
[ -z "$miss" ] && pass lib_files || fail lib_files "not installed:$miss"
# (the docs, every part's, are the same pages whatever is installed)
other=$(files "$prefix" | grep -v '/share/doc/syncswitch/.*\.md$' |
        grep -E 'systemc|fabric|syncswitch-mpi|/rtl/|\.core$|fusesoc|\.cpp$' | head -5 | tr '\n' ' ')
[ -z "$other" ] && pass lib_alone || fail lib_alone "installed beside the C library: $other"
m=$(manifest "$prefix")
if [ "$(files "$prefix")" = "$(sort "$m" 2>/dev/null)" ]; then pass lib_manifest
else fail lib_manifest "the manifest and the files differ: $(diff <(files "$prefix") <(sort "$m" 2>/dev/null) | head -3 | tr '\n' ' ')"; fi

# a user's program outside the tree: pkg-config's flags only
user="$tmp/user"
mkdir -p "$user"
cat >"$user/tiny.c" <<'C'
#include <stdio.h>
#include <syncswitch.h>
int main(void)
{
    ss_params *p = ss_params_new();
    ss_kernel_opts *k = ss_kernel_opts_new();
    ss_params_set_int(p, "n", 4);
    ss_kernel_opts_set(k, "kernel", "msgpass");
    ss_kernel_opts_set_int(k, "words", 4);
    ss_result *r = ss_run_kernel(p, k);
    int found = 0;
    double cycles = ss_result_get(r, "cycles", &found);
    printf("syncswitch %s: status %d, %.0f cycles\n", ss_version_string(), ss_result_status(r), found ? cycles : -1);
    int ok = ss_result_status(r) == SS_OK && found && cycles > 0 && ss_api_version() / 10000 == SS_API_VERSION / 10000;
    ss_result_free(r);
    ss_kernel_opts_free(k);
    ss_params_free(p);
    return ok ? 0 : 1;
}
C
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
# shellcheck disable=SC2046
if (cd "$user" && cc -std=c11 -Wall -Wextra -Werror tiny.c $(pkg-config --cflags --libs syncswitch) -o tiny) 2>"$tmp/cc.log"; then
  if (cd "$user" && ./tiny) >/dev/null 2>&1; then
    fail lib_user_ld_path "ran without LD_LIBRARY_PATH: not the installed library's program"
  elif (cd "$user" && LD_LIBRARY_PATH="$prefix/lib" ./tiny) >"$tmp/run.log" 2>&1 &&
       grep -q "status 0, [1-9][0-9]* cycles" "$tmp/run.log"; then
    pass lib_user_ld_path
  else fail lib_user_ld_path "$(head -c 300 "$tmp/run.log")"; fi
else fail lib_user_ld_path "$(head -c 300 "$tmp/cc.log")"; fi
# shellcheck disable=SC2046
if (cd "$user" && cc -std=c11 tiny.c $(pkg-config --cflags --libs syncswitch) \
      -Wl,-rpath,"$(pkg-config --variable=libdir syncswitch)" -o tiny_rpath && ./tiny_rpath) >"$tmp/run.log" 2>&1; then
  pass lib_user_rpath
else fail lib_user_rpath "$(head -c 300 "$tmp/run.log")"; fi
unset PKG_CONFIG_PATH

# installing the part again: the same manifest, no line twice
cp "$m" "$tmp/m1"
if mk install-lib PREFIX="$prefix" && cmp -s "$m" "$tmp/m1" && [ -z "$(sort "$m" | uniq -d)" ]; then pass lib_twice
else fail lib_twice "$(tail -2 "$tmp/make.log") duplicated: $(sort "$m" | uniq -d | head -3 | tr '\n' ' ')"; fi
mk uninstall PREFIX="$prefix" || fail lib_uninstall "$(tail -2 "$tmp/make.log")"
empty lib_uninstall "$prefix"

# two parts in either order under DESTDIR (the files under DESTDIR/PREFIX,
# the pkg-config file naming PREFIX): one manifest holds both
if [ -x "$dir/syncswitch-mpi" ]; then
  stage="$tmp/stage"
  inst="$stage/opt/ss"
  if mk install-mpi DESTDIR="$stage" PREFIX=/opt/ss && mk install-lib DESTDIR="$stage" PREFIX=/opt/ss &&
     mk install-mpi DESTDIR="$stage" PREFIX=/opt/ss; then
    m=$(manifest "$inst")
    if [ -x "$inst/bin/syncswitch-mpi" ] && [ -x "$inst/bin/syncswitch" ] &&
       grep -qx 'prefix=/opt/ss' "$inst/lib/pkgconfig/syncswitch.pc" &&
       [ "$(files "$stage")" = "$(sort "$m")" ] && [ -z "$(sort "$m" | uniq -d)" ]; then
      pass mpi_then_lib
    else fail mpi_then_lib "manifest vs files: $(diff <(files "$stage") <(sort "$m") | head -3 | tr '\n' ' ')"; fi
  else fail mpi_then_lib "$(tail -3 "$tmp/make.log")"; fi
  mk uninstall DESTDIR="$stage" PREFIX=/opt/ss || fail mpi_uninstall "$(tail -2 "$tmp/make.log")"
  empty mpi_uninstall "$stage"
else
  echo "SKIP parts_mpi_then_lib: no $dir/syncswitch-mpi (make $dir/syncswitch-mpi: Open MPI)"
fi
