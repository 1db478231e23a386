#!/usr/bin/env bash
# tests/layout.sh fed one planted fault at a time (docs/verification.md,
# "Planted faults for every checker"): in a copy of the folders it reads,
# a node program that includes a model header (by its name, through a
# path, with <>, with blanks after the #) and a source that includes with
# a '../' path must each FAIL naming the file; the bridge
# (sw/lib/node_api_model.c) may include the model; the unchanged copy
# must PASS. Prints one PASS/FAIL line per plant.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
# shellcheck source=tests/lib.sh
. "$root/tests/lib.sh"
script_init layout_planted   # $tmp, pass, fail

fresh() {
  rm -rf "$tmp/t" && mkdir -p "$tmp/t" &&
    cp -r "$root/model" "$root/sw" "$root/testbench" "$root/tests" "$tmp/t/"
}
# expect NAME FILE LINE WANT: LINE appended to FILE (in the copy), then
# layout.sh's output must hold WANT (a FAIL naming the file, or a PASS)
expect() {
  fresh || { fail "$1" "cannot copy the tree"; return; }
  printf '%s\n' "$3" >>"$tmp/t/$2"
  got=$("$root/tests/layout.sh" "$tmp/t")
  case $got in
    *"$4"*) pass "$1" ;;
    *) fail "$1" "want '$4', got: $(echo "$got" | tr '\n' ' ')" ;;
  esac
}

fresh || { fail clean "cannot copy the tree"; exit 0; }
got=$("$root/tests/layout.sh" "$tmp/t")
[ "$(echo "$got" | grep -c '^PASS')" = 2 ] && pass clean || fail clean "$(echo "$got" | tr '\n' ' ')"
expect model_header sw/kernels/aapc/phased.c '#include "router.h"' \
  'FAIL layout_sw_sees_no_model: sw/kernels/aapc/phased.c:'
expect model_path sw/lib/msg.c '#include "model/node.h"' 'FAIL layout_sw_sees_no_model: sw/lib/msg.c:'
expect model_angle sw/lib/msg.h '#include <machine.h>' 'FAIL layout_sw_sees_no_model: sw/lib/msg.h:'
expect model_blanks sw/lib/barrier.c '  #  include "skip.h"' 'FAIL layout_sw_sees_no_model: sw/lib/barrier.c:'
expect bridge_allowed sw/lib/node_api_model.c '#include "router.h"' 'PASS layout_sw_sees_no_model'
expect parent_model model/skip.c '#include "../sw/lib/payload.h"' \
  'FAIL layout_no_parent_includes: model/skip.c:'
expect parent_test tests/unit/test_skip.c '#include "../../model/skip.h"' \
  'FAIL layout_no_parent_includes: tests/unit/test_skip.c:'
