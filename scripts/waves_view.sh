#!/usr/bin/env bash
# A GTKWave save file for a trace of the ss_torus top (docs/waves.md), on
# stdout: a "phase wave" group (phase_o and nim_o of every router named),
# then one group per router named, its links named by router and direction.
#   scripts/waves_view.sh [--n N] [--depth D] [--dump FST] [--root DIR] X,Y...
# X,Y: the routers to show, the first one open, the others closed (double-
# click a group's name in GTKWave to open it). --n and --depth are those of
# the traced build (8 and 4, make waves's); --dump names the trace the view
# opens; --root DIR prefixes the translate filter's path (default: none, the
# path from the repository root, where GTKWave must then be started).
# testbench/rtl/waves.gtkw is this script's output for make waves's default
# view (tests/rtl/waves.sh checks it):
#   scripts/waves_view.sh --dump build/results/waves/phased_8x8.fst 0,0 1,0 0,1 3,3
set -euo pipefail
n=8 depth=4 dump="" root=""
usage() { echo "usage: scripts/waves_view.sh [--n N] [--depth D] [--dump FST] [--root DIR] X,Y..." >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --n) [ $# -ge 2 ] || usage; n=$2; shift 2 ;;
    --depth) [ $# -ge 2 ] || usage; depth=$2; shift 2 ;;
    --dump) [ $# -ge 2 ] || usage; dump=$2; shift 2 ;;
    --root) [ $# -ge 2 ] || usage; root=${2%/}/; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) usage ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || usage
[[ $n =~ ^[0-9]+$ ]] && [ "$n" -ge 2 ] && [ "$n" -le 64 ] || { echo "waves_view.sh: --n $n: not 2..64" >&2; exit 2; }
[[ $depth =~ ^[0-9]+$ ]] && [ "$depth" -ge 1 ] && [ "$depth" -le 16 ] || { echo "waves_view.sh: --depth $depth: not 1..16" >&2; exit 2; }
for r in "$@"; do
  [[ $r =~ ^([0-9]+),([0-9]+)$ ]] && [ "${BASH_REMATCH[1]}" -lt "$n" ] && [ "${BASH_REMATCH[2]}" -lt "$n" ] ||
    { echo "waves_view.sh: router '$r': not X,Y with 0 <= X, Y < $n" >&2; exit 2; }
done
# the FIFO count's width: enough bits for 0..DEPTH
cw=1; while [ $((1 << cw)) -le "$depth" ]; do cw=$((cw + 1)); done
filter=${root}testbench/rtl/flit_filter
names=("X+" "X-" "Y+" "Y-" "eject")
inames=("X+" "X-" "Y+" "Y-" "inject")

# the router's path, its name r(x,y), and that of the router feeding input p
rp() { echo "torus.ss_torus.g_row[$2].g_col[$1].u_router"; }
feeder() { # X Y P: the router whose output P feeds input P of (X,Y)
  local x=$1 y=$2
  case $3 in
    0) x=$(((x + n - 1) % n)) ;; 1) x=$(((x + 1) % n)) ;;
    2) y=$(((y + n - 1) % n)) ;; 3) y=$(((y + 1) % n)) ;;
  esac
  echo "$x $y"
}
row() { printf '@%s\n+{%s} %s\n' "$1" "$2" "$3"; }
link() { printf '@4022\n^>1 %s\n+{%s} %s.out_flit_q[%d][38:0]\n' "$filter" "$1" "$2" "$3"; }

cat <<EOF
[*] GTKWave save file for a trace of the syncswitch torus top (rtl/ss_torus.v),
[*] made by scripts/waves_view.sh $* (docs/waves.md).
[*] Time: one unit a cycle (GTKWave prints it as ns): time t is cycle t.
[*] Links: "r(x,y) X+" is router (x,y)'s output X+, which feeds input X+ of
[*] (x+1,y); its flits decoded by $filter (HEAD: dx, dy, src, pool).
[*] Bit order of nim_o, tails and held: [4:0] = LOCAL Y- Y+ X- X+ (input ports).
EOF
[ -z "$dump" ] || echo "[dumpfile] \"$dump\""
# the default view: router (0,0)'s first phase boundary in make waves's
# trace (docs/waves.md): markers at the last phase-0 TAIL's grant (A, cycle
# 66), the AND gate (primary, 67) and the first phase-1 HEAD on a link (B,
# 69); about 45 cycles on screen from cycle 56 (a cycle ~22 pixels wide)
cat <<EOF
[timestart] 56
[size] 1600 1000
[pos] -1 -1
*-3.321928 67 66 69 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1
[sst_width] 1
[signals_width] 500
[sst_expanded] 0
[sst_vpaned_height] 300
@800200
-phase wave: phase_o and nim_o of each router
EOF
for r in "$@"; do printf '[color] 3\n'; row 24 "r($r) phase_o" "$(rp ${r/,/ }).phase_o[31:0]"; done
for r in "$@"; do row 28 "r($r) nim_o" "$(rp ${r/,/ }).nim_o[4:0]"; done
printf '@1000200\n-phase wave: phase_o and nim_o of each router\n'
first=1
for r in "$@"; do
  x=${r%,*} y=${r#*,} p=$(rp "${r%,*}" "${r#*,}") name="r($r)   node $((y * n + x))"
  if [ $first = 1 ]; then printf '@800200\n-%s\n' "$name"; else printf '@c00200\n-%s\n' "$name"; fi
  printf '[color] 3\n'; row 24 "phase_o" "$p.phase_o[31:0]"
  row 28 "nim_o  [L Y- Y+ X- X+]" "$p.nim_o[4:0]"
  printf '[color] 2\n'; row 28 "tails  [L Y- Y+ X- X+]" "$p.tails[4:0]"
  printf '[color] 1\n'; row 28 "AND gate (clear)" "$p.u_sync.g_sync.clear"
  printf '@28\n#{held   [L Y- Y+ X- X+]} %s.held_q[12] %s.held_q[9] %s.held_q[6] %s.held_q[3] %s.held_q[0]\n' "$p" "$p" "$p" "$p" "$p"
  for o in 0 1 2 3 4; do link "r($r) ${names[$o]}" "$p" $o; done
  for i in 0 1 2 3; do
    read -r fx fy <<<"$(feeder "$x" "$y" $i)"
    link "in ${inames[$i]} = r($fx,$fy) ${names[$i]}" "$(rp "$fx" "$fy")" $i
  done
  for i in 0 1 2 3 4; do row 24 "in ${inames[$i]} count (VC 0)" "$p.g_in[$i].g_vc[0].u_buf.count_q[$((cw - 1)):0]"; done
  printf '@c00200\n-out_flit_q (hex)\n'
  for o in 0 1 2 3 4; do row 22 "out_flit_q[$o] ${names[$o]}" "$p.out_flit_q[$o][38:0]"; done
  printf '@1401200\n-out_flit_q (hex)\n'
  if [ $first = 1 ]; then printf '@1000200\n-%s\n' "$name"; else printf '@1401200\n-%s\n' "$name"; fi
  first=0
done
printf '[pattern_trace] 1\n[pattern_trace] 0\n'
