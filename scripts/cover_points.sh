#!/usr/bin/env bash
# The cover properties of testbench/coverage/ss_router_cover.sv, one line
# and one name per point (Verilator counts a generate loop's points as one):
#   cover_credit_zero_o<O>_v<V>       output VC (O, V) has no credit left
#   cover_head_blocked_i<P>_v<V>      the HEAD at input VC (P, V) waits for
#                                     an output VC another message owns
#   cover_clear_tail_hw / _off / _sw  the sticky bits clear in the cycle an
#                                     AAPC TAIL leaves (the AND gate in mode
#                                     hw / off, the node in mode sw)
#   cover_route_i<P>_o<O>_v<V>_d<C>   a HEAD from input P granted output VC
#                                     (O, V), crossing the dateline (C = 1) or not
# Ports 0..4: X+ X- Y+ Y- local; VCs 0..2: AAPC, MP low, MP high.
#   scripts/cover_points.sh > FILE.svh
set -eu
pt() { echo "  $1: cover property (@(posedge clk_i) rst_ni && $2);"; }
for o in 0 1 2 3 4; do for v in 0 1 2; do
  pt "cover_credit_zero_o${o}_v${v}" "!ovc_credit[$((o * 3 + v))]"; done; done
for p in 0 1 2 3 4; do for v in 0 1 2; do
  pt "cover_head_blocked_i${p}_v${v}" "blocked[$((p * 3 + v))]"; done; done
pt cover_clear_tail_hw "clear_tail && mode_q == \`SS_SYNC_HW"
pt cover_clear_tail_off "clear_tail && mode_q == \`SS_SYNC_OFF"
pt cover_clear_tail_sw "clear_tail && mode_q == \`SS_SYNC_SW"
for p in 0 1 2 3 4; do for o in 0 1 2 3 4; do for v in 0 1 2; do for c in 0 1; do
  pt "cover_route_i${p}_o${o}_v${v}_d${c}" \
     "head_gnt[$p] && req_port[$p] == $o && req_ovc[$p] == $v && crosses[$o] == 1'b$c"
done; done; done; done
