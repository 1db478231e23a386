#!/usr/bin/env bash
# --skip off|idle|periodic|auto and --skip-verify (issue 28): the same JSON
# but for wall_s, skip and skipped_share in every mode; the periodic skip
# really skips phased AAPC and passes its own verify mode; the refusals
# (a backend that clocks every cycle, a verify with nothing to verify, an
# unknown mode) are one line and exit 2.
set -u
dir="${1:-build}"
bin="$dir/syncswitch"
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/lib.sh
. "$here/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=$(bounded "$bin" "$tmp")   # each run bounded: CASE_TIMEOUT (tests/lib.sh)
pass() { echo "PASS skip_$1"; }
fail() { echo "FAIL skip_$1: $2"; }
plain() { strip_wall | sed 's/,"skip":"[a-z]*","skipped_share":[0-9.]*//'; }

for spec in "phased --n 8 --words 96" "phased-sw --n 8 --words 64" \
            "msgpass --n 8 --words 32" "two-stage --n 8 --words 64 --tt 1 --depth 2"; do
  name=$(echo "$spec" | tr ' ' '_' | tr -d '-')
  off=$("$bin" run --kernel $spec --skip off --json 2>&1)
  idle=$("$bin" run --kernel $spec --skip idle --json 2>&1)
  per=$("$bin" run --kernel $spec --skip periodic --skip-verify --json 2>&1)
  auto=$("$bin" run --kernel $spec --json 2>&1)
  if [ "$(echo "$off" | plain)" = "$(echo "$idle" | plain)" ] &&
     [ "$(echo "$off" | plain)" = "$(echo "$per" | plain)" ] &&
     [ "$(echo "$off" | plain)" = "$(echo "$auto" | plain)" ] &&
     [ "$(echo "$off" | field skip)" = '"off"' ] && [ "$(echo "$per" | field skip)" = '"periodic"' ] &&
     [ "$(echo "$auto" | field skip)" = '"periodic"' ] && [ "$(echo "$idle" | field skip)" = '"idle"' ]
  then pass "same_json_$name"; else fail "same_json_$name" "off: $off | periodic: $per"; fi
done

share=$("$bin" run --kernel phased --n 8 --words 256 --json | field skipped_share)
if awk -v s="$share" 'BEGIN { exit !(s > 0.8) }'; then pass phased_skips
else fail phased_skips "skipped_share $share (want > 0.8 at 8x8, B = 256)"; fi

# refusals: one line, exit 2
refuse() {
  local name=$1 want=$2 err rc
  shift 2
  err=$("$bin" "$@" 2>&1 >/dev/null); rc=$?
  if [ $rc -eq 2 ] && [ "$(echo "$err" | wc -l)" -eq 1 ] && echo "$err" | grep -q -- "$want"
  then pass "refuse_$name"; else fail "refuse_$name" "exit $rc: $err"; fi
}
refuse rtl "skip = periodic needs backend c" run --kernel phased --n 8 --words 4 --backend rtl --skip periodic
refuse sc "skip = periodic needs backend c" run --kernel phased --n 8 --words 4 --backend sc --skip periodic
refuse verify_idle "skip_verify = 1 needs skip = periodic" run --kernel phased --n 8 --words 4 --skip idle --skip-verify
refuse unknown "skip" run --kernel phased --n 8 --words 4 --skip sometimes
refuse traffic_rtl "skip = periodic needs backend c" traffic --pattern uniform --rate 0.1 --n 4 --backend cosim --skip periodic
