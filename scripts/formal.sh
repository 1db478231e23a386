#!/usr/bin/env bash
# make formal: the formal proofs of formal/ (docs/formal.md), with Yosys'
# own flow: yosys (read_verilog -formal, prep, write_smt2) and yosys-smtbmc
# with z3: a bounded model check (BMC) of DEPTH steps from reset, then, for
# the full proofs, k-induction. One "PASS formal_<name>" or
# "FAIL formal_<name>: why" line per proof, then a summary; exit 1 if any fails.
#   scripts/formal.sh            every proof
#   scripts/formal.sh --quick    the quick subset (the leaf modules' proofs)
#   scripts/formal.sh --mutants  planted bugs: each must make its proof fail
#   scripts/formal.sh --only RE  the proofs whose name matches RE
# The property files are included at the end of a temporary copy of each
# RTL module (Yosys has no `bind` and no hierarchical references); rtl/ is
# never changed.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out_dir="${FORMAL_DIR:-build/formal}"
mode=all only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick)   mode=quick ;;
    --mutants) mode=mutants ;;
    --only)    [ $# -ge 2 ] || { echo "formal.sh: --only needs a pattern" >&2; exit 2; }
               only="$2"; shift ;;
    *) echo "formal.sh: unknown argument '$1' (allowed: --quick, --mutants, --only RE)" >&2; exit 2 ;;
  esac
  shift
done
for t in yosys yosys-smtbmc z3; do
  command -v "$t" >/dev/null || { echo "formal.sh: $t not found (scripts/deps.sh formal installs it)" >&2; exit 2; }
done
tmo="${FORMAL_TIMEOUT:-600}"   # seconds per solver run
mkdir -p "$out_dir"

# The proofs: name | top | RTL modules | env file (or -) | parameters
# (name=value ...) | BMC steps | induction k (0: bounded only) | quick (q)
PROOFS=(
  "vc_buffer_d1|ss_vc_buffer|ss_vc_buffer|-|DEPTH=1 N=4|8|8|q"
  "vc_buffer_d2|ss_vc_buffer|ss_vc_buffer|-|DEPTH=2 N=4|10|10|q"
  "vc_buffer_d3|ss_vc_buffer|ss_vc_buffer|-|DEPTH=3 N=4|12|12|q"
  "vc_buffer_d4|ss_vc_buffer|ss_vc_buffer|-|DEPTH=4 N=4|14|14|q"
  "vc_buffer_d5|ss_vc_buffer|ss_vc_buffer|-|DEPTH=5 N=4|16|16|"
)

# The planted bugs: name | proof that must fail | RTL file | sed expression
MUTANTS=(
  "fifo_wrap_pow2|vc_buffer_d3|ss_vc_buffer.v|s/(rd_q == LAST) ? {AW{1'b0}} : rd_q + 1'b1/rd_q + 1'b1/"
)

# prepare <dir> <modules> [file sed]: the RTL copy with the property files
# included before each module's last endmodule
prepare() {
  local dir="$1" mods="$2" mfile="${3:-}" msed="${4:-}" m f
  rm -rf "$dir"; mkdir -p "$dir/src"
  cp rtl/*.vh formal/*.vh "$dir/src/"
  for m in $mods; do
    f="$dir/src/$m.v"
    cp "rtl/$m.v" "$f"
    if [ "$mfile" = "$m.v" ]; then
      sed -i "$msed" "$f"
      cmp -s "$f" "rtl/$m.v" && { echo "mutant sed changed nothing in $m.v"; return 1; }
    fi
    if [ -e "formal/${m}_props.svh" ]; then
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
  for m in $mods; do files="$files src/$m.v"; done
  [ "$env" != - ] && { cp "formal/$env" "$dir/src/"; files="$files src/$env"; }
  for p in $params; do chp="$chp chparam -set ${p%%=*} ${p#*=} $top;"; done
  if ! (cd "$dir" && yosys -q -l yosys.log -p "read_verilog -formal -sv -Isrc -DSS_FTOP_$top $files; $chp
        prep -top $top; memory_map; opt -full; async2sync; dffunmap; write_smt2 -wires model.smt2" \
        >/dev/null 2>&1); then
    why="yosys: $(grep -m1 -i error "$dir/yosys.log" || tail -1 "$dir/yosys.log")"
  elif ! timeout "$tmo" yosys-smtbmc -s z3 --presat -t "$bmc" "$dir/model.smt2" >"$dir/bmc.log" 2>&1 \
       || ! grep -q 'Status: PASSED' "$dir/bmc.log"; then
    why="BMC to $bmc steps: $(grep -m1 -E 'Assert failed|ERROR|Error' "$dir/bmc.log" | sed 's/^.*\] *//')"
  elif [ "$k" -gt 0 ] && { ! timeout "$tmo" yosys-smtbmc -s z3 -i -t "$k" "$dir/model.smt2" >"$dir/ind.log" 2>&1 \
       || ! grep -q 'Status: PASSED' "$dir/ind.log"; }; then
    why="induction (k=$k): $(grep -m1 -E 'Assert failed|ERROR|Error' "$dir/ind.log" | sed 's/^.*\] *//')"
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
    [ "$mode" = quick ] && [ "$q" != q ] && continue
    [ -n "$only" ] && ! [[ "$name" =~ $only ]] && continue
    run_proof "$name" "$top" "$mods" "$env" "$params" "$bmc" "$k"
    result "$([ -z "$why" ] && echo 0 || echo 1)" "$name" "$why"
    kind=$([ "$k" -gt 0 ] && echo "full: BMC $bmc + induction k=$k" || echo "bounded: BMC $bmc")
    printf '  %-22s %-40s %-32s %6.1f s\n' "$name" "$params" "$kind" "$secs" >&2
  done
fi
echo "formal: $pass passed, $fail failed ($(( $(date +%s) - t_all )) s)"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
