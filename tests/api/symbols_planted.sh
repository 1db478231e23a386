#!/usr/bin/env bash
# tests/api/symbols.sh fed one planted fault at a time (docs/verification.md,
# "Planted faults for every checker"): stand-in libraries built here from
# one empty function per function the header declares must pass; one with
# a global symbol outside ss_ (in the .so, in the .a), one missing a
# declared function, and a header copy with a macro outside SS_/SYNCSWITCH_
# must each FAIL naming the symbol or macro. The same for the SystemC
# library: a stand-in whose one class is syncswitch::'s (its vtable and type
# information strong, as clang++ makes them) passes; one with a global
# variable or a class outside syncswitch:: fails naming it. A few seconds,
# no project build.
# Prints one PASS/FAIL line per plant.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"
script_init symbols_planted   # $tmp, pass, fail

declared=$(sed -n 's/^SS_API [^(]*[ *]\(ss_[a-z0-9_]*\)(.*/\1/p' "$root/include/syncswitch.h" | sort -u)
[ -n "$declared" ] || { fail declared "no function found in include/syncswitch.h"; exit 0; }
# stand-in libraries in $tmp/NAME/lib: every declared function but those in
# $2 (a regex, or '^$'), and the C text $3 added
libs() {
  local d="$tmp/$1/lib"
  mkdir -p "$d" &&
    { echo "$declared" | grep -Ev "$2" | sed 's/.*/void &(void) {}/'; printf '%s\n' "$3"; } >"$d/s.c" &&
    cc -fPIC -c -o "$d/s.o" "$d/s.c" && cc -shared -o "$d/libsyncswitch.so" "$d/s.o" &&
    ar rcs "$d/libsyncswitch.a" "$d/s.o"
}
# expect NAME BUILD INCLUDE LINE...: each LINE a prefix of a line of the output
expect() {
  local name=$1 build=$2 inc=$3; shift 3
  local got
  got=$("$here/symbols.sh" "$build" "$inc" 2>&1)
  for want in "$@"; do
    if ! grep -qF -- "$want" <<<"$got"; then
      fail "$name" "want '$want', got: $(grep -E '^(PASS|FAIL) api_(symbols_(so|a|declared|systemc)|header)' <<<"$got" | tr '\n' ' ')"
      return
    fi
  done
  pass "$name"
}

inc="$root/include"
libs clean '^$' '' && expect clean "$tmp/clean" "$inc" "PASS api_symbols_so" "PASS api_symbols_a" \
  "PASS api_symbols_declared" "PASS api_header_macros" || fail clean "no build"
libs extra '^$' 'int helper_table[4]; void helper(void) {}' &&
  expect extra_global "$tmp/extra" "$inc" "FAIL api_symbols_so: not ss_: helper helper_table" \
    "FAIL api_symbols_a: not ss_: helper helper_table" "PASS api_symbols_declared" ||
  fail extra_global "no build"
libs missing '^ss_output_check$' '' &&
  expect missing "$tmp/missing" "$inc" "PASS api_symbols_so" \
    "FAIL api_symbols_declared: missing ss_output_check" || fail missing "no build"
mkdir -p "$tmp/inc" && sed 's/^#define SS_API_VERSION_PATCH 0$/&\n#define API_LEVEL 3/' \
  "$inc/syncswitch.h" >"$tmp/inc/syncswitch.h"
if cmp -s "$tmp/inc/syncswitch.h" "$inc/syncswitch.h"; then
  fail header_macro "the plant no longer applies to include/syncswitch.h"
else
  expect header_macro "$tmp/clean" "$tmp/inc" "FAIL api_header_macros: API_LEVEL"
fi
# stand-in libsyncswitch_systemc in $tmp/NAME/lib from the C++ text $2,
# beside a clean libsyncswitch; compiled with the Makefile's C++ compiler
# (make test passes its CXX; c++ when run alone)
sclib() {
  local d="$tmp/$1/lib" cxx="${CXX:-c++}"
  libs "$1" '^$' '' && printf '%s\n' "$2" >"$d/sc.cpp" &&
    "$cxx" -fPIC -c -o "$d/sc.o" "$d/sc.cpp" && "$cxx" -shared -o "$d/libsyncswitch_systemc.so" "$d/sc.o" &&
    ar rcs "$d/libsyncswitch_systemc.a" "$d/sc.o"
}
cls='namespace syncswitch { struct ni { virtual ~ni(); int id() const; };
ni::~ni() {} int ni::id() const { return 0; } }'
sclib clean "$cls" && expect sc_clean "$tmp/clean" "$inc" "PASS api_symbols_systemc_so" \
  "PASS api_symbols_systemc_a" || fail sc_clean "no build"
sclib sc_global "$cls
int helper_count;" && expect sc_extra_global "$tmp/sc_global" "$inc" \
  "FAIL api_symbols_systemc_so: outside syncswitch:: helper_count" \
  "FAIL api_symbols_systemc_a: outside syncswitch:: helper_count" || fail sc_extra_global "no build"
sclib sc_class "$cls
namespace other { struct x { virtual ~x(); }; x::~x() {} }" && expect sc_extra_class "$tmp/sc_class" "$inc" \
  "FAIL api_symbols_systemc_so: outside syncswitch:: other::x" || fail sc_extra_class "no build"
