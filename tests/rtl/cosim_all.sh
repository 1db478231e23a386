#!/usr/bin/env bash
# Co-simulate every kernel on the 8x8 torus at a small size and compare the
# cycle count with the C backend (about 30 s on the router-array top; part of
# make test through tests/rtl/rtl.sh). Last line: "N passed, N failed".
set -u
bin="${1:-build}/syncswitch"
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
p=0; f=0
for k in $("$bin" list | awk '{print $1}'); do
  case $k in
    gsync|sync0|rds) b=0 ;;
    shift-*) b=4 ;;
    fft2d) b=8 ;;
    aapc-bucket|aapc-hh|cx-*) b=2 ;;
    phased-gsync|msgpass|msgpass-var|two-stage|store-forward|fem-*) b=4 ;;
    *) b=16 ;;
  esac
  c=$("$bin" run --kernel "$k" --n 8 --words "$b" --json 2>/dev/null | field cycles)
  r=$("$bin" run --kernel "$k" --n 8 --words "$b" --backend cosim --json 2>/dev/null)
  if [ $? -eq 0 ] && [ "$(echo "$r" | field verified)" = true ] && [ "$(echo "$r" | field cycles)" = "$c" ]; then
    echo "PASS cosim_all_$k (B=$b, $c cycles)"; p=$((p + 1))
  else
    echo "FAIL cosim_all_$k: C $c cycles, cosim $(echo "$r" | field cycles)"; f=$((f + 1))
  fi
done
echo "$p passed, $f failed"
[ "$f" -eq 0 ]
