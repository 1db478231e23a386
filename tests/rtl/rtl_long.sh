#!/usr/bin/env bash
# make test-long: co-simulation on 16x16 (B = 64) and on 8x8 with larger
# messages, for both AAPC kernels, and phased AAPC on 32x32 (about 5
# minutes); cycles must equal the C backend's; the routing functions'
# corners (tests/rtl/routing_corners.sh: a build each, about half an hour
# on first use). And tests/rtl/assert.sh
# --cli: a planted bug's assertion reported by the command line.
# Last line: "N passed, N failed".
set -u
dir="${1:-build}"
bin="$dir/syncswitch"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
long() {
  local name=$1 k=$2 n=$3 b=$4
  local c r rc
  c=$("$bin" run --kernel "$k" --n "$n" --words "$b" --json)
  r=$("$bin" run --kernel "$k" --n "$n" --words "$b" --backend cosim --json)
  rc=$?
  if [ $rc -eq 0 ] && [ "$(echo "$r" | field verified)" = true ] &&
     [ "$(echo "$r" | field cycles)" = "$(echo "$c" | field cycles)" ]; then
    echo "PASS long_$name"
  else
    echo "FAIL long_$name: exit $rc, cosim $(echo "$r" | field cycles) vs C $(echo "$c" | field cycles)"
  fi
}
{
  long phased_8x8_b256  phased 8 256
  long msgpass_8x8_b128 msgpass 8 128
  long phased_16x16_b64 phased 16 64
  long msgpass_16x16_b64 msgpass 16 64
  long phased_32x32_b16 phased 32 16
  # the routing functions at the corners (issue 29)
  "$(dirname "$0")/routing_corners.sh" "$dir"
  # the command line's one-line report of a failing RTL assertion
  "$(dirname "$0")/assert.sh" "$dir" --cli | grep '^\(PASS\|FAIL\) assert_cli'
} | tee "$out"
echo "$(grep -c '^PASS' "$out") passed, $(grep -c '^FAIL' "$out") failed"
! grep -q '^FAIL' "$out"
