#!/usr/bin/env bash
# The Python bindings (docs/python.md): `pip install` of this tree into the
# project's venv (build/venv, scripts/deps.sh venv), then the pytest suite
# against the CLI in DIR. One PASS/FAIL line per test for tests/run.sh.
# Usage: tests/python/python.sh [DIR]   (DIR: the build folder, default build)
set -u
dir=$(cd "${1:-build}" && pwd)
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/build/venv"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

fail() { echo "FAIL python_$1: $2"; exit 0; }
"$root/scripts/deps.sh" venv >"$log" 2>&1 || fail venv "$(tail -1 "$log")"
# setuptools' bdist_wheel needs the wheel package when setuptools is older
# than 70.1; without both in the venv pip fetches them (PyPI) for the build
iso=--no-build-isolation
"$venv/bin/python" -c 'import setuptools, wheel' 2>/dev/null || iso=
"$root/scripts/lib/progress.sh" "tests/python: pip install of the tree into build/venv" "$log" -- \
  "$venv/bin/pip" install -q $iso "$root" || fail install "$(grep -m1 -i error "$log")"

# from outside the tree, so `import syncswitch` is the installed package
cd "$(mktemp -d)" || fail tmp "no temporary folder"
COLUMNS=300 SYNCSWITCH_CLI="$dir/syncswitch" "$venv/bin/python" -m pytest -q -rA \
  -p no:cacheprovider "$root/tests/python" >"$log" 2>&1
st=$?
rmdir "$PWD" 2>/dev/null
# "PASSED path::name" -> "PASS python_name"; FAILED/ERROR -> "FAIL python_name: why"
sed -n -E 's/^PASSED [^:]*::test_([^ ]*).*/PASS python_\1/p
           s/^(FAILED|ERROR) [^:]*::test_([^ ]*)( - (.*))?$/FAIL python_\2: \4/p' "$log"
grep -qE '^(PASSED|FAILED|ERROR) ' "$log" ||
  fail pytest "pytest exited $st with no results: $(tail -1 "$log")"
exit 0
