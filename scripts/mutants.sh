#!/usr/bin/env bash
# The mutation study (docs/verification.md): plant one small, plausible bug
# at a time in the RTL, the C router or the C node, run the checks of
# `make test` and `make formal` cheapest first, and record the first check
# that catches it (a FAIL line or a failing exit). A mutant no check catches
# is a hole in the verification: the script exits 1.
#
#   scripts/mutants.sh [--all-checks] [NAME...]   (make mutants)
#
# NAME: run only these mutants (default: all). --all-checks: run every
# check on every mutant instead of stopping at the first that catches it
# (slow: each RTL mutant rebuilds every Verilated configuration).
# Works in a copy of the tree under build/mutants/ (the build directory is
# copied once so that only what a mutant touches is rebuilt); writes
# build/results/mutants/mutants.csv and prints one line per mutant.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2

# name @@ file @@ exact text @@ replacement @@ what the bug is
# The text must occur exactly once in the file (checked), so a mutant that
# no longer applies is an error, not a silent pass.
MUTANTS=$(cat <<'EOF'
rtl_fifo_wrap @@ rtl/ss_vc_buffer.v @@ if (do_pop)  rd_q <= (rd_q == LAST) ? {AW{1'b0}} : rd_q + 1'b1; @@ if (do_pop)  rd_q <= rd_q + 1'b1; @@ FIFO read pointer wraps at 2^AW: wrong only for depths that are not powers of two
rtl_fifo_room @@ rtl/ss_vc_buffer.v @@ wire room    = (count_q - {{(CW-1){1'b0}}, do_pop}) != FULL; @@ wire room    = count_q != FULL; @@ a full buffer refuses a flit even when its front leaves the same cycle
rtl_rr_in_stuck @@ rtl/ss_router.v @@ else if (granted[i]) rr_in_q[i] <= rr_in_d[i]; @@ else if (granted[i] && req_vc[i] != 0) rr_in_q[i] <= rr_in_d[i]; @@ an input's VC round robin does not move past VC 0 (unfair VC choice)
rtl_ovc_release_body @@ rtl/ss_router.v @@ else if (ovc_take[i] && gnt_kind[i / NV] == `SS_KIND_TAIL) @@ else if (ovc_take[i] && gnt_kind[i / NV] != `SS_KIND_HEAD) @@ an output VC is released at the first BODY, not the TAIL (two messages interleave)
rtl_and_no_local @@ rtl/ss_sync_switch.v @@ wire all_done = (nim_q == ALL); @@ wire all_done = (nim_q[3:0] == ALL[3:0]); @@ the AND gate ignores the local (injection) queue's sticky bit
rtl_sw_clear_keeps_tail @@ rtl/ss_sync_switch.v @@ nim_d   = clear ? {`SS_NP{1'b0}} : (nim_q | tails_i); @@ nim_d   = clear ? tails_i : (nim_q | tails_i); @@ a TAIL in the same cycle as a clear sets its bit again (the clear should win)
rtl_vc_alloc_highest @@ rtl/ss_router.v @@ for (k = K - 1; k >= 0; k = k - 1) @@ for (k = 0; k < K; k = k + 1) @@ a HEAD takes the highest free VC of its class, not the lowest (K > 1)
rtl_gate_wrong_vc @@ rtl/ss_router.v @@ wire           gated = (gv == `SS_VC_AAPC) && gate[gp]; @@ wire           gated = (gv == `SS_VC_AAPC) && gate[gp] && (gp != 4); @@ a set sticky bit does not hold back the local queue's next HEAD
rtl_credit_lost @@ rtl/ss_credit_counter.v @@ wire [CW-1:0] count_d = count_q - {{(CW-1){1'b0}}, take_i} + {{(CW-1){1'b0}}, give}; @@ wire [CW-1:0] count_d = take_i ? count_q - 1'b1 : count_q + {{(CW-1){1'b0}}, give}; @@ a credit that returns in the cycle a flit is sent is lost
rtl_dateline_keep @@ rtl/ss_route_compute.vh @@ else if (crosses)                         vc = `SS_VC_MP_HI; @@ else if (crosses && in_port != port)     vc = `SS_VC_MP_HI; @@ a message already in the ring does not move to the high VC at the dateline (deadlock-prone)
rtl_throttle_short @@ rtl/ss_link_throttle.v @@ wire [TW-1:0] count_d = grant_i  ? RELOAD : @@ wire [TW-1:0] count_d = (grant_i && count_q == {TW{1'b0}} && RELOAD > 1) ? RELOAD - 1'b1 : grant_i ? RELOAD : @@ the link throttle reloads one short when T_t > 2
rtl_torus_credit_swap @@ rtl/ss_torus.v @@ rt_in_credit[(YM1*NP + YM)*CRW +: CRW],           // Y- feeds (x, y-1) @@ rt_in_credit[(YP1*NP + YM)*CRW +: CRW],           // Y- feeds (x, y-1) @@ the torus wires a router's Y- credit return from the wrong neighbour
rtl_route_hop_sign @@ rtl/ss_route_compute.vh @@ port = `SS_PORT_YM;  dy = dy + `SS_HOP_ONE; @@ port = `SS_PORT_YM;  dy = dy - `SS_HOP_ONE; @@ the route function counts a Y- hop the wrong way (the HEAD never arrives)
sw_check_skips_last @@ sw/kernels/aapc_blocks.c @@ for (uint32_t i = 0; i < len; i++) { @@ for (uint32_t i = 0; i + 1 < len; i++) { @@ the AAPC kernels' word check skips the last word of every block
c_rr_out_stuck @@ model/router.c @@ r->rr_out[o] = next_port[p]; @@ r->rr_out[o] = (uint8_t)p; @@ the C router's output round robin stays on the winner
c_dateline_x_only @@ model/router.c @@ case PORT_YP: return r->y == r->n - 1; @@ case PORT_YP: return 0; @@ the C router's Y+ ring has no dateline
c_sw_clear_loses @@ model/router.c @@ *nim_d = (uint8_t)(fire ? 0u : (r->nim | tails)); @@ *nim_d = (uint8_t)(fire ? tails : (r->nim | tails)); @@ in the C router a TAIL in the clear's cycle survives the clear
node_mem_tie @@ model/node.c @@ if (nd->mem_rr) in_ok = 0; @@ if (!nd->mem_rr) in_ok = 0; @@ the memory-port tie goes to the outbound engine first
node_mem_cap @@ model/node.c @@ if (nd->mem_credit > MEM_CAP) nd->mem_credit = MEM_CAP; @@ if (nd->mem_credit > 4 * MEM_UNIT) nd->mem_credit = 4 * MEM_UNIT; @@ the memory budget bursts four words after idling, not two
node_inj_rr @@ model/node.c @@ int go = t && (!k || nd->inj_rr); @@ int go = t && (!k || !nd->inj_rr); @@ the inject port favours the traffic source first
node_tail_len @@ model/node.c @@ if (!rx->active || w != rx->count) nd->rx_bad++; @@ if (!rx->active) nd->rx_bad++; @@ the inbound engine does not check a TAIL's word count
EOF
)

# Checks, cheapest first: name, the files it can see a bug in (rtl: only
# mutants under rtl/; any), and the command (run in the copy; it fails or
# prints a FAIL line when it catches the mutant). All are in make test but
# the last, make formal's full proofs.
CHECKS=(
  "unit:any:make -s build/test_model >/dev/null && build/test_model"
  "golden:any:make -s build/syncswitch >/dev/null && tests/golden.sh build"
  "formal-quick:rtl:tests/formal/formal.sh"
  "router_tb:any:make -s router-tb >/dev/null && build/rtl/router_tb/d2_t2/router_tb"
  "vcs:any:make -s build/syncswitch router-tb RTB_VCS=2 >/dev/null && build/rtl/router_tb/d2_t2_k2/router_tb && RTL_TESTS=1 tests/traffic/vcs.sh build"
  "rtl:any:make -s build/syncswitch rtl-bin router-tb >/dev/null && make -s rtl-bin RTL_TOP=torus >/dev/null && tests/rtl/rtl.sh build"
  "fuzz:any:make -s build/syncswitch >/dev/null && tests/fuzz/fuzz.sh build"
  "traffic:any:make -s build/syncswitch >/dev/null && tests/traffic/traffic.sh build"
  "corners:any:make -s build/syncswitch >/dev/null && tests/rtl/corners.sh build"
  "icarus:any:make -s build/syncswitch >/dev/null && tests/icarus/icarus.sh build"
  "xrand:any:make -s build/syncswitch >/dev/null && tests/rtl/xrand.sh build"
  "formal:rtl:scripts/formal.sh"
)

all_checks=0
only=()
for a in "$@"; do
  case "$a" in
    --all-checks) all_checks=1 ;;
    -*) echo "mutants.sh: unknown option '$a' (allowed: --all-checks, mutant names)" >&2; exit 2 ;;
    *) only+=("$a") ;;
  esac
done
names=$(echo "$MUTANTS" | sed 's/ @@ .*//')
for o in "${only[@]}"; do
  echo "$names" | grep -qx "$o" || { echo "mutants.sh: no mutant '$o' (allowed: $(echo $names))" >&2; exit 2; }
done

work="$root/build/mutants/tree"
res="$root/build/results/mutants"
mkdir -p "$res" "$(dirname "$work")"
# a clean copy of the tree: the sources as committed plus local changes,
# and the current build (so unchanged objects are not rebuilt)
rm -rf "$work"
mkdir -p "$work"
git ls-files -z | xargs -0 cp --parents -t "$work"
[ -d build ] && { mkdir -p "$work/build"; find build -mindepth 1 -maxdepth 1 ! -name mutants ! -name results -exec cp -a -t "$work/build" {} +; }

# apply FILE FROM TO: replace the one occurrence, fail if not exactly one
apply() {
  FROM="$2" TO="$3" perl -0pi -e 'BEGIN { $f = $ENV{FROM}; $t = $ENV{TO} }
    $n = () = /\Q$f\E/g; die "found $n times\n" if $n != 1; s/\Q$f\E/$t/;' "$work/$1"
}

csv="$res/mutants.csv"
# a run of some mutants replaces their rows and keeps the others'
if [ ${#only[@]} -gt 0 ] && [ -s "$csv" ]; then
  keep=$(tail -n +2 "$csv" | awk -F, -v names="${only[*]}" \
    'BEGIN { n = split(names, a, " "); for (i = 1; i <= n; i++) skip[a[i]] = 1 } !($1 in skip)')
else
  keep=""
fi
echo "mutant,file,caught_by,seconds,what" >"$csv"
[ -n "$keep" ] && echo "$keep" >>"$csv"
missed=0
while IFS= read -r line; do
  [ -z "$line" ] && continue
  name=${line%% @@ *}; rest=${line#* @@ }
  file=${rest%% @@ *}; rest=${rest#* @@ }
  from=${rest%% @@ *}; rest=${rest#* @@ }
  to=${rest%% @@ *}; what=${rest#* @@ }
  if [ ${#only[@]} -gt 0 ] && ! printf '%s\n' "${only[@]}" | grep -qx "$name"; then continue; fi
  cp -p "$root/$file" "$work/$file"
  if ! err=$(apply "$file" "$from" "$to" 2>&1); then
    echo "mutants.sh: mutant $name does not apply to $file: $err" >&2; exit 1
  fi
  start=$(date +%s)
  caught=""
  for c in "${CHECKS[@]}"; do
    cname=${c%%:*}; rest_c=${c#*:}; scope=${rest_c%%:*}; cmd=${rest_c#*:}
    [ "$scope" = rtl ] && [ "${file#rtl/}" = "$file" ] && continue
    out=$(cd "$work" && bash -c "$cmd" 2>&1); st=$?
    if [ $st -ne 0 ] || echo "$out" | grep -q '^FAIL '; then
      first=$(echo "$out" | grep -m1 '^FAIL ' | cut -c1-160)
      caught="${caught:+$caught;}$cname"
      echo "  $name: caught by $cname${first:+ ($first)}"
      [ $all_checks = 1 ] || break
    fi
  done
  secs=$(( $(date +%s) - start ))
  # restore the original, newer than any object built from the mutant
  cp "$root/$file" "$work/$file"; touch "$work/$file"
  if [ -z "$caught" ]; then
    missed=$((missed + 1)); echo "MISSED $name ($file): $what"; caught=none
  else
    echo "CAUGHT $name ($file) by ${caught%%;*} in ${secs} s"
  fi
  echo "$name,$file,$caught,$secs,\"$what\"" >>"$csv"
done <<<"$MUTANTS"
echo "mutants: $(($(wc -l <"$csv") - 1)) in $csv, $missed of this run missed"
[ $missed -eq 0 ]
