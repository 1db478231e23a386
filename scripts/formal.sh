#!/usr/bin/env bash
# make formal: the formal proofs of formal/ (docs/formal.md), with Yosys'
# own flow: yosys (read_verilog -formal, prep, write_smt2) and yosys-smtbmc
# with z3: a bounded model check (BMC) of DEPTH steps from reset, then, for
# the full proofs, k-induction. One "PASS formal_<name>" or
# "FAIL formal_<name>: why" line per proof, then a summary; exit 1 if any fails.
#   scripts/formal.sh            every proof
#   scripts/formal.sh --quick    the quick subset (leaf modules, small parameters)
#   scripts/formal.sh --mutants  planted bugs: each must make its proof fail
#                                (with --quick: those whose proof is quick)
#   scripts/formal.sh --only RE  the proofs whose name matches RE
# The property files are included at the end of a temporary copy of each
# RTL module (Yosys has no `bind` and no hierarchical references); rtl/ is
# never changed.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out_dir="${FORMAL_DIR:-build/formal}"
mode=all quick=0 only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick)   quick=1 ;;
    --mutants) mode=mutants ;;
    --only)    [ $# -ge 2 ] || { echo "formal.sh: --only needs a pattern" >&2; exit 2; }
               only="$2"; shift ;;
    *) echo "formal.sh: unknown argument '$1' (allowed: --quick, --mutants, --only RE)" >&2; exit 2 ;;
  esac
  shift
done
. scripts/lib/check.sh
check_int FORMAL_TIMEOUT 1 1000000
check_dir FORMAL_DIR
for t in yosys yosys-smtbmc z3; do
  command -v "$t" >/dev/null || { echo "formal.sh: $t not found (scripts/deps.sh formal installs it)" >&2; exit 2; }
done
tmo="${FORMAL_TIMEOUT:-600}"   # seconds per solver run
mkdir -p "$out_dir"

# The proofs: name | top | RTL modules | env file (or -) | parameters
# (name=value ...) | BMC steps | induction k (0: bounded only; abc: bounded,
# with ABC's bmc3 on an AIG, all registers zero at power-up before the
# reset: z3 does not get past step 0 of the whole router) | quick (q)
# (a "+" after a module: its property file is included. In the router the
# modules whose properties assume nothing of their inputs are left bare:
# their own proofs hold in any context.)
ROUTER_MODS="ss_router+ ss_vc_buffer ss_rr_pick ss_credit_counter+ ss_link_throttle+ ss_sync_switch ss_route_select ss_valiant_hop"
PROOFS=(
  "vc_buffer_d1|ss_vc_buffer|ss_vc_buffer+|-|DEPTH=1 N=4|8|8|q"
  "vc_buffer_d2|ss_vc_buffer|ss_vc_buffer+|-|DEPTH=2 N=4|10|10|q"
  "vc_buffer_d3|ss_vc_buffer|ss_vc_buffer+|-|DEPTH=3 N=4|12|12|q"
  "vc_buffer_d4|ss_vc_buffer|ss_vc_buffer+|-|DEPTH=4 N=4|14|14|q"
  "vc_buffer_d5|ss_vc_buffer|ss_vc_buffer+|-|DEPTH=5 N=4|16|16|"
  "credit_counter_d1|ss_credit_counter|ss_credit_counter+|-|DEPTH=1 VC=1|6|6|q"
  "credit_counter_d3|ss_credit_counter|ss_credit_counter+|-|DEPTH=3 VC=1|10|10|q"
  "credit_counter_d4|ss_credit_counter|ss_credit_counter+|-|DEPTH=4 VC=1|12|12|q"
  "credit_counter_d5|ss_credit_counter|ss_credit_counter+|-|DEPTH=5 VC=1|14|14|"
  "link_throttle_t1|ss_link_throttle|ss_link_throttle+|-|TT=1|6|6|q"
  "link_throttle_t2|ss_link_throttle|ss_link_throttle+|-|TT=2|8|8|q"
  "link_throttle_t3|ss_link_throttle|ss_link_throttle+|-|TT=3|10|10|q"
  "link_throttle_t5|ss_link_throttle|ss_link_throttle+|-|TT=5|14|14|"
  "rr_pick_w2|ss_rr_pick_env|ss_rr_pick+|ss_rr_pick_env.sv|W=2|5|3|q"
  "rr_pick_w3|ss_rr_pick_env|ss_rr_pick+|ss_rr_pick_env.sv|W=3|6|3|q"
  "rr_pick_w4|ss_rr_pick_env|ss_rr_pick+|ss_rr_pick_env.sv|W=4|7|3|"
  "rr_pick_w5|ss_rr_pick_env|ss_rr_pick+|ss_rr_pick_env.sv|W=5|8|3|"
  "sync_switch|ss_sync_switch|ss_sync_switch+|-|ENABLE=1|12|12|q"
  "sync_switch_off|ss_sync_switch|ss_sync_switch+|-|ENABLE=0|6|6|q"
  "router_d2_t2|ss_router_env|$ROUTER_MODS|ss_router_env.sv|N=3 DEPTH=2 TT=2|7|abc|"
  "router_d1_t1|ss_router_env|$ROUTER_MODS|ss_router_env.sv|N=3 DEPTH=1 TT=1|7|abc|"
  "router_d1_t1_k2|ss_router_env|$ROUTER_MODS|ss_router_env.sv|N=3 DEPTH=1 TT=1 MP_VCS=2|7|abc|"
)

# The planted bugs: name | proof that must fail | RTL file | sed expression
MUTANTS=(
  "fifo_wrap_pow2|vc_buffer_d3|ss_vc_buffer.v|s/(rd_q == LAST) ? {AW{1'b0}} : rd_q + 1'b1/rd_q + 1'b1/"
  "fifo_push_when_full|vc_buffer_d4|ss_vc_buffer.v|s/wire do_push = arrives \\&\\& room;/wire do_push = arrives;/"
  "rr_wrap_off_by_one|rr_pick_w3|ss_rr_pick.v|s/(sum >= W_C)/(sum > W_C)/"
  "rr_pick_highest|rr_pick_w3|ss_rr_pick.v|s/for (i = W - 1; i >= 0; i = i - 1)/for (i = 0; i < W; i = i + 1)/"
  "sync_and_ignores_local|sync_switch|ss_sync_switch.v|s/wire all_done = (nim_q == ALL);/wire all_done = (nim_q[3:0] == ALL[3:0]);/"
  "sync_tail_wins_sw_clear|sync_switch|ss_sync_switch.v|s/clear ? {\`SS_NP{1'b0}} : (nim_q | tails_i)/clear ? tails_i : (nim_q | tails_i)/"
  "credit_no_increment|credit_counter_d3|ss_credit_counter.v|s/ + {{(CW-1){1'b0}}, give}//"
  "router_gate_ignored|router_d2_t2|ss_router.v|s/(head_go \&\& is_head \&\& !gated)/(head_go \&\& is_head)/"
  "router_busy_not_freed|router_d2_t2|ss_router.v|/gnt_kind\[i \/ NV\] == \`SS_KIND_TAIL)/{n;s/<= 1'b0/<= out_busy_q[i]/}"
  "router_body_ignores_credit|router_d1_t1|ss_router.v|s/(ovc_ready\[tgt\] \&\& !is_head)/(thr_ready[tgt_port[PV]] \&\& !is_head)/"
  "throttle_short|link_throttle_t3|ss_link_throttle.v|s/RELOAD_I = TT - 1/RELOAD_I = TT - 2/"
)

# prepare <dir> <modules> [file sed]: the RTL copy with the property files
# included before each module's last endmodule
prepare() {
  local dir="$1" mods="$2" mfile="${3:-}" msed="${4:-}" m f
  rm -rf "$dir"; mkdir -p "$dir/src"
  cp rtl/*.vh formal/*.vh "$dir/src/"
  for m in $mods; do
    local props=0
    [ "${m%+}" != "$m" ] && { props=1; m="${m%+}"; }
    f="$dir/src/$m.v"
    cp "rtl/$m.v" "$f"
    if [ "$mfile" = "$m.v" ]; then
      sed -i "$msed" "$f"
      cmp -s "$f" "rtl/$m.v" && { echo "mutant sed changed nothing in $m.v"; return 1; }
    fi
    if [ "$props" = 1 ]; then
      cp "formal/${m}_props.svh" "$dir/src/"
      # before the last line that is "endmodule"
      local last
      last=$(grep -n '^endmodule' "$f" | tail -1 | cut -d: -f1)
      sed -i "${last}i \`include \"${m}_props.svh\"" "$f"
    fi
  done
}

# run_proof <name> <top> <mods> <env> <params> <bmc> <k> [mutant file sed]
# prints nothing; sets $why (empty: proven) and $secs
run_proof() {
  local name="$1" top="$2" mods="$3" env="$4" params="$5" bmc="$6" k="$7"
  local dir="$out_dir/$name${8:+_mut}" files="" m p chp="" t0
  t0=$(date +%s.%N)
  why=""
  if ! prepare "$dir" "$mods" "${8:-}" "${9:-}" >"$dir.prep.log" 2>&1; then
    why="preparing the sources: $(tail -1 "$dir.prep.log")"; secs=0; return
  fi
  for m in $mods; do files="$files src/${m%+}.v"; done
  [ "$env" != - ] && { cp "formal/$env" "$dir/src/"; files="$files src/$env"; }
  for p in $params; do chp="$chp chparam -set ${p%%=*} ${p#*=} $top;"; done
  local back="dffunmap; write_smt2 -wires model.smt2"
  [ "$k" = abc ] && back="flatten; chformal -assume -early; techmap; opt -fast; dffunmap; aigmap;
        opt_clean; setundef -zero; opt_clean; write_aiger -zinit -map model.aim model.aig"
  if ! (cd "$dir" && yosys -q -l yosys.log -p "read_verilog -formal -sv -Isrc -DSS_FTOP_$top $files; $chp
        prep -top $top; memory_map; opt -full; async2sync; $back" >/dev/null 2>&1); then
    why="yosys: $(grep -m1 -i error "$dir/yosys.log" || tail -1 "$dir/yosys.log")"
  elif [ "$k" = abc ]; then
    timeout "$tmo" yosys-abc -c "read_aiger $dir/model.aig; fold; bmc3 -F $bmc" >"$dir/bmc.log" 2>&1
    case "$?" in
      124) why="BMC to $bmc steps: timed out after $tmo s" ;;
      *) grep -q "No output asserted in $bmc frames" "$dir/bmc.log" ||
           why="BMC to $bmc steps: $(grep -m1 -iE 'asserted in frame|error' "$dir/bmc.log")" ;;
    esac
  elif ! timeout "$tmo" yosys-smtbmc -s z3 --presat -t "$bmc" "$dir/model.smt2" >"$dir/bmc.log" 2>&1 \
       || ! grep -q 'Status: PASSED' "$dir/bmc.log"; then
    why="BMC to $bmc steps: $(grep -m1 -E 'Assert failed|ERROR|Error' "$dir/bmc.log" || echo "no verdict (timed out after $tmo s?)")"
  elif [ "$k" != 0 ] && { ! timeout "$tmo" yosys-smtbmc -s z3 -i -t "$k" "$dir/model.smt2" >"$dir/ind.log" 2>&1 \
       || ! grep -q 'Status: PASSED' "$dir/ind.log"; }; then
    why="induction (k=$k): $(grep -m1 -E 'Assert failed|ERROR|Error' "$dir/ind.log" || echo "no verdict (timed out after $tmo s?)")"
  fi
  [ -z "$why" ] && [ -z "${8:-}" ] && rm -rf "$dir/src"
  secs=$(echo "$(date +%s.%N) - $t0" | bc)
}

pass=0 fail=0 t_all=$(date +%s)
result() {   # result <ok 0/1> <name> <why>
  if [ "$1" = 0 ]; then echo "PASS formal_$2"; pass=$((pass + 1))
  else echo "FAIL formal_$2: $3"; fail=$((fail + 1)); fi
}

if [ "$mode" = mutants ]; then
  for mu in "${MUTANTS[@]}"; do
    IFS='|' read -r mname proof mfile msed <<<"$mu"
    [ -n "$only" ] && ! [[ "mutant_$mname" =~ $only ]] && continue
    entry=$(printf '%s\n' "${PROOFS[@]}" | grep "^$proof|")
    IFS='|' read -r name top mods env params bmc k q <<<"$entry"
    [ "$quick" = 1 ] && [ "$q" != q ] && continue
    run_proof "$name" "$top" "$mods" "$env" "$params" "$bmc" "$k" "$mfile" "$msed"
    case "$why" in
      "") result 1 "mutant_$mname" "the proof $proof still passes with the bug planted" ;;
      preparing*|yosys*) result 1 "mutant_$mname" "$why" ;;
      *) result 0 "mutant_$mname" ;;
    esac
    printf '  %-28s caught by %s (%.1f s): %s\n' "$mname" "$proof" "$secs" "$why" >&2
  done
else
  for entry in "${PROOFS[@]}"; do
    IFS='|' read -r name top mods env params bmc k q <<<"$entry"
    [ "$quick" = 1 ] && [ "$q" != q ] && continue
    [ -n "$only" ] && ! [[ "$name" =~ $only ]] && continue
    run_proof "$name" "$top" "$mods" "$env" "$params" "$bmc" "$k"
    result "$([ -z "$why" ] && echo 0 || echo 1)" "$name" "$why"
    case "$k" in
      0)     kind="bounded: BMC $bmc" ;;
      abc)   kind="bounded: BMC $bmc (ABC bmc3)" ;;
      *)     kind="full: BMC $bmc + induction k=$k" ;;
    esac
    printf '  %-22s %-40s %-32s %6.1f s\n' "$name" "$params" "$kind" "$secs" >&2
  done
fi
echo "formal: $pass passed, $fail failed ($(( $(date +%s) - t_all )) s)"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
