#!/usr/bin/env bash
# The library exports the API and nothing else: every defined global symbol
# of libsyncswitch.so and libsyncswitch.a starts with ss_, every function
# the header declares is exported, and the public header defines no macro
# without the SS_ / SYNCSWITCH_ prefix.
#   tests/api/symbols.sh [BUILD [INCLUDE]]   (INCLUDE: the folder of the
#   header, default include/; tests/api/symbols_planted.sh plants faults)
set -u
dir="${1:-build}"
here=$(cd "$(dirname "$0")/../.." && pwd)
inc=${2:-$here/include}
so="$dir/lib/libsyncswitch.so"; a="$dir/lib/libsyncswitch.a"
for f in "$so" "$a"; do [ -f "$f" ] || { echo "FAIL api_symbols: $f not built"; exit 0; }; done
exported=$(nm -D --defined-only "$so" | awk '{print $3}' | sort)
bad=$(echo "$exported" | grep -v '^ss_' | tr '\n' ' ')
[ -z "$bad" ] && echo "PASS api_symbols_so ($(echo "$exported" | wc -l) exported, all ss_)" \
  || echo "FAIL api_symbols_so: not ss_: $bad"
bad=$(nm -g --defined-only "$a" | awk 'NF == 3 {print $3}' | grep -v '^ss_' | tr '\n' ' ')
[ -z "$bad" ] && echo "PASS api_symbols_a" || echo "FAIL api_symbols_a: not ss_: $bad"
# each SS_API function of the header is in the library
declared=$(sed -n 's/^SS_API [^(]*[ *]\(ss_[a-z0-9_]*\)(.*/\1/p' "$inc/syncswitch.h" | sort -u)
missing=$(comm -23 <(echo "$declared") <(echo "$exported") | tr '\n' ' ')
[ -n "$declared" ] && [ -z "$missing" ] && echo "PASS api_symbols_declared ($(echo "$declared" | wc -l) functions)" \
  || echo "FAIL api_symbols_declared: missing $missing"
# macros beyond those of the standard headers it includes
std() { printf '#include <stddef.h>\n#include <stdint.h>\n%s\n' "$1" | cc -E -dM -I"$inc" -x c - | sort; }
macros=$(comm -23 <(std '#include <syncswitch.h>') <(std '') | awk '{print $2}' | sed 's/(.*//' \
         | grep -Ev '^(SS_|SYNCSWITCH_)' | tr '\n' ' ')
[ -z "$macros" ] && echo "PASS api_header_macros" || echo "FAIL api_header_macros: $macros"
# libsyncswitch_systemc: its strong global symbols are the syncswitch::
# classes' (their members, and the vtables and type information clang++
# emits strong beside them; the weak and unique ones are SystemC's and the
# standard library's inline templates, shared with the user's objects by
# design); the model and even the C API stay inside it
for f in "$dir/lib/libsyncswitch_systemc.so" "$dir/lib/libsyncswitch_systemc.a"; do
  [ -f "$f" ] || { echo "FAIL api_symbols_systemc: $f not built"; continue; }
  case "$f" in *.so) syms=$(nm -D --defined-only "$f") ;; *) syms=$(nm -g --defined-only "$f") ;; esac
  strong=$(echo "$syms" | awk 'NF == 3 && $2 !~ /[WVu]/ {print $3}')
  bad=$(echo "$strong" | c++filt | grep -Ev '^((non-virtual |virtual )?thunk to |vtable for |typeinfo (name )?for )?syncswitch::' | head -5 | tr '\n' ' ')
  [ -n "$strong" ] && [ -z "$bad" ] && echo "PASS api_symbols_systemc_${f##*.} ($(echo "$strong" | wc -l) strong, all syncswitch::)" \
    || echo "FAIL api_symbols_systemc_${f##*.}: outside syncswitch:: $bad"
done
