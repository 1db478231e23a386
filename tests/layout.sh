#!/usr/bin/env bash
# Layering checks (docs/layout.md), part of make test:
#   - node programs and their libraries (everything under sw/ but
#     sw/lib/node_api_model.{c,h}, the node API's bridge) include no model/
#     header;
#   - no source includes with a '../' path: include paths come from the
#     Makefile.
# The Makefile also compiles sw/ without model/ on the include path, so a
# model header there fails the build too; this check names the file.
# Prints one PASS/FAIL line per check.
#   tests/layout.sh [ROOT]   (ROOT: the tree to check, default this one;
#                            tests/layout_planted.sh plants faults in copies)
set -u
root=$(cd "${1:-$(dirname "$0")/..}" && pwd)
cd "$root" || exit 1

model_hdrs=$(cd model && ls *.h | paste -sd '|' -)
bad=$(grep -rnE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[\"<](.*/)?($model_hdrs)[\">]" sw \
        --include='*.c' --include='*.h' | grep -v '^sw/lib/node_api_model\.[ch]:')
if [ -z "$bad" ]; then echo "PASS layout_sw_sees_no_model"
else echo "FAIL layout_sw_sees_no_model: $(echo "$bad" | head -3 | tr '\n' ' ')"; fi

bad=$(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"\.\./' model sw testbench tests \
        --include='*.c' --include='*.h' --include='*.cpp' --include='*.vh')
if [ -z "$bad" ]; then echo "PASS layout_no_parent_includes"
else echo "FAIL layout_no_parent_includes: $(echo "$bad" | head -3 | tr '\n' ' ')"; fi
