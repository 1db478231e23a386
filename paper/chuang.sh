#!/usr/bin/env bash
# The figures and tables of Chuang and Horie: Normal hypercube algorithm performance on the AP1000 (1992, seed 004).
# Every run uses the ap1000 preset (S = 25 MHz, T_t = 4, a 152-cycle send
# calibrated on line 182's 47.3 us global sum) and the AP1000's
# east-then-south routing (--routing unidir), except A_hh, whose phase table
# is bidirectional only. N = n x n must be square: 16, 64, 256, 1024 (the
# paper's 512 is not square).
source "$(dirname "$0")/lib.sh"
PAPER_TITLE="Chuang and Horie: Normal hypercube algorithm performance on the AP1000 (1992, seed 004)"
FIGS=(chuang-fig4 chuang-fig5 chuang-fig6 chuang-fig7 chuang-fig8)
MHZ=25
AP=(--preset ap1000 --routing unidir)
# Fig. 7's cost of one double multiply (with its loads and stores), in
# cycles. The text gives no flop rate; calibrated on Fig. 7's plateau: the
# blocked scan's large-M rate is N S / (2 F) (each node does 2m - 1 flops
# for m operands), and 512 S / (2 F) = 230 Mflops gives F = 27.8. Checked
# against line 170's 12.6 Mflops (64 nodes, M = 1000) in chuang-fig7.
FLOP=28

# sizes: torus sides (N = n^2)
sides() { if [ "$QUICK" = 1 ]; then echo "2 4 8 16"; else echo "2 4 8 16 32"; fi; }

# bq ID A B: the N values where series A is under series B (faster, for
# times), tagged, or none (paper/rules.sh: rule_below)
bq() { qrule - below "$@"; }
# allbelow ID A B: 1 if series A is under series B at every N both have
allbelow() { [ "$(rule below "$1" "$3" "$2")" = none ] && [ "$(rule below "$1" "$2" "$3")" != none ] && echo 1 || echo 0; }
# last_side: the largest torus side of this run
last_side() { sides | awk '{ print $NF }'; }

# cyc KERNEL N WORDS [ARGS...]: cycles of one ap1000 run
cyc() { local k=$1 n=$2 b=$3; shift 3; jf "$(ss_run "${AP[@]}" --kernel "$k" --n "$n" --words "$b" "$@")" cycles; }

# Fig. 4: the Sec. 3.1 kernels with 16-byte (4-word) messages
fig_chuang_fig4() {
  local id=chuang-fig4 n k N
  csv_start $id "series,x,y"
  for n in $(sides); do
    N=$((n * n))
    for k in butterfly crossover normal-torus; do csv_add $id "$k" $N "$(us "$(cyc $k $n 4)" $MHZ)"; done
    csv_add $id "butterfly bidir" $N "$(us "$(jf "$(ss_run --preset ap1000 --routing bidir --kernel butterfly --n $n --words 4)" cycles)" $MHZ)"
  done
  plot_xy $id "Chuang Fig. 4: the communication kernels, 16-byte messages (ap1000)" "processors N" "time (us)" logx logy
}
row_chuang_fig4() {
  local id=chuang-fig4 N1=$(( $(last_side) ** 2 )) at="" N
  for N in 64 $N1; do
    at="$at; N = $N: crossover $(qr $id crossover $N), butterfly $(qr $id butterfly $N) (bidir $(qr $id "butterfly bidir" $N)), normal torus $(qr $id normal-torus $N)"
  done
  # the paper (line 145): the crossover always best for short messages
  paper_row $id "Fig. 4: butterfly, crossover, normal torus vs N (16-byte messages)" \
    "crossover always best for short messages (no times in the text; user-level library, slower than Fig. 5)" \
    "us${at}" \
    "$(verdict "$(allbelow $id crossover butterfly)" "the crossover faster than the unidirectional butterfly at every N" "the crossover faster than the unidirectional butterfly only at N = $(bq $id crossover butterfly)" \
       "$(allbelow $id crossover normal-torus)" "the crossover faster than the normal torus at every N" "the crossover faster than the normal torus only at N = $(bq $id crossover normal-torus)") (the bidirectional butterfly is faster than it at N = $(bq $id "butterfly bidir" crossover))" \
    "with 4-flit messages start-up dominates: both hypercube kernels send log2 N messages, within a few percent at small N; see notes. Times use Fig. 5's system-level 152-cycle send (the user-level cost is not stated)"
}
# Fig. 5: global sum of one double; the tree with its one-step broadcast on
# the B-net runs as global-sum-tree-bnet (the model's broadcast bus)
fig_chuang_fig5() {
  local id=chuang-fig5 n N cx tr bn
  csv_start $id "series,x,y"
  for n in $(sides); do
    N=$((n * n))
    cx=$(cyc global-sum-crossover $n 2); tr=$(cyc global-sum-tree $n 2); bn=$(cyc global-sum-tree-bnet $n 2)
    csv_add $id crossover $N "$(us "$cx" $MHZ)"
    csv_add $id tree $N "$(us "$tr" $MHZ)"
    csv_add $id "tree + B-net" $N "$(us "$bn" $MHZ)"
  done
  plot_xy $id "Chuang Fig. 5: global sum of one double (ap1000)" "processors N" "time (us)" logx
}
row_chuang_fig5() {
  local id=chuang-fig5 at="" N bn="tree + B-net" upto=1 past
  for N in 64 256 $(( $(last_side) ** 2 )); do
    [ -n "$(ours_val $id crossover $N)" ] && [[ "$at" != *"N = $N:"* ]] &&
      at="$at; N = $N: crossover $(qr $id crossover $N), tree $(qr $id tree $N), tree + B-net $(qr $id "$bn" $N)"
  done
  # the paper (line 164): the crossover better than the tree up to N = 64,
  # the tree better beyond
  for N in $(rows_of $id crossover | awk '$1 <= 64 { print $1 }'); do [ "$(cond "{$id;crossover;$N} < {$id;tree;$N}")" = 1 ] || upto=0; done
  past=$(rule below $id tree crossover | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]/ && $i + 0 > 64) p = 1 } END { print p ? 1 : 0 }')
  paper_row $id "Fig. 5: global sum of one double, crossover vs tree + broadcast" \
    "crossover 47.3<!--paper 004:182--> us at N = 64; crossover better than the tree until N exceeds 64<!--paper 004:164-->" \
    "us${at}" \
    "$(verdict "$upto" "the crossover better than the tree up to N = 64" "the crossover not better than the tree up to N = 64" \
       "$past" "the tree with its torus broadcast faster beyond" "the tree with its torus broadcast is faster than the crossover at N = $(bq $id tree crossover)") (with its broadcast on the simulated B-net at N = $(bq $id "$bn" crossover))" \
    "crossover calibrated at N = 64. The torus broadcast is log2 N more sends; the B-net is a bus beside the torus (global-sum-tree-bnet: one broadcast at a time, a word every two cycles, $(qc 0 "4 * 25 / 2") MB/s, the machine's published figure, not the seed's); see notes"
}
# Fig. 6: time per phase of the crossover global sum
fig_chuang_fig6() {
  local id=chuang-fig6 n N d
  csv_start $id "series,x,y"
  for n in $(sides); do
    N=$((n * n)); d=$(awk -v N=$N 'BEGIN { printf "%d", log(N) / log(2) + 0.5 }')
    csv_add $id crossover $N "$(awk -v c="$(cyc global-sum-crossover $n 2)" -v d=$d -v s=$MHZ 'BEGIN { printf "%.2f", c / d / s }')"
    csv_add $id "tree reduce" $N "$(awk -v c="$(cyc global-sum-tree-reduce $n 2)" -v d=$d -v s=$MHZ 'BEGIN { printf "%.2f", c / d / s }')"
  done
  plot_xy $id "Chuang Fig. 6: time per phase t_total / log2 N (ap1000)" "processors N" "time per phase (us)" logx
}
row_chuang_fig6() {
  local id=chuang-fig6 last=$(( $(last_side) ** 2 )) rises
  rises=$(rows_of $id crossover | awk 'NR > 1 && $2 + 0 <= p { r = 1 } { p = $2 + 0 } END { print r ? 0 : 1 }')
  # the paper: the crossover's time per phase rises for large N (contention)
  paper_row $id "Fig. 6: crossover global sum, time per phase vs N" \
    "rises linearly for large N, from contention (no times; 47.3<!--paper 004:182--> us over the log2 N phases at N = 64: $(qc 1 "47.3 / 6") us)" \
    "crossover $(qr $id crossover 16) us per phase at N = 16, $(qr $id crossover 64) at N = 64, $(qr $id crossover $last) at N = $last; tree reduce $(qr $id "tree reduce" 16), $(qr $id "tree reduce" 64), $(qr $id "tree reduce" $last)" \
    "$(verdict "$rises" "rises with N" "does not rise with N at every step" \
       "$(cond "{$id;crossover;$last} / {$id;crossover;16} > {$id;tree reduce;$last} / {$id;tree reduce;16}")" "more for the crossover than for the tree's reduce" "no more for the crossover than for the tree's reduce")" \
    "the per-phase growth is message distance and link sharing of the crossover's long strides; see notes"
}
# Fig. 7: blocked scan of M doubles, Mflops = (M - 1) / time
fig_chuang_fig7() {
  local id=chuang-fig7 n N m c ms ns
  ms=$(fig7_ms); ns=$(fig7_ns)
  csv_start $id "series,x,y"
  for n in $ns; do
    N=$((n * n))
    [ $N -ge 16 ] || continue
    for m in $ms; do
      c=$(cyc scan-blocked $n $((2 * m)) --flop-cycles $FLOP)
      csv_add $id "N=$N" $((N * m)) "$(awk -v M=$((N * m)) -v c=$c -v s=$MHZ 'BEGIN { printf "%.2f", (M - 1) / (c / s) }')"
    done
  done
  plot_xy $id "Chuang Fig. 7: scan of doubles, $FLOP-cycle flops (ap1000)" "operands M" "Mflops" logx logy
}
fig7_ms() { if [ "$QUICK" = 1 ]; then echo "1 16 256"; else echo "1 4 16 64 256"; fi; }
fig7_ns() { if [ "$QUICK" = 1 ]; then echo "4 8 16"; else echo "2 4 8 16 32"; fi; }
row_chuang_fig7() {
  local id=chuang-fig7 m1 at="" N n rises=1
  m1=$(fig7_ms); m1=${m1##* }
  for n in $(fig7_ns); do
    N=$((n * n)); [ $N -ge 16 ] || continue
    at="$at; N = $N: $(qr $id N=$N $((N * m1)))"
    # rises at every step, and levels out: the last step gains less than the first
    [ "$(rows_of $id N=$N | awk '{ y[++n] = $2 + 0 } END { r = 1; for (i = 2; i <= n; i++) if (y[i] < y[i - 1]) r = 0
                                   if (n < 3 || y[n] / y[n - 1] >= y[2] / y[1]) r = 0; print r }')" = 1 ] || rises=0
  done
  # the paper: Mflops rise and level out with M; 12.6 on 64 processors
  # for M = 1000 (line 170; here at M = 1024, within a quarter)
  paper_row $id "Fig. 7: scan Mflops vs operands, 16<!--paper 004:174--> to 512<!--paper 004:174--> processors" \
    "about 230<!--paper 004:174--> Mflops peak with 512<!--paper 004:174--> processors; 12.6<!--paper 004:170--> Mflops on 64 processors for M = 1000 (line 170)" \
    "$(qr $id N=64 1024) Mflops on 64 processors for M = 1024; at $m1 operands per node${at}" \
    "$(verdict "$rises" "rises and levels out with M as the paper says" "does not rise and level out with M at every N" \
       "$(cond "{$id;N=64;1024} >= 0.8 * 12.6 && {$id;N=64;1024} <= 1.25 * 12.6")" "on 64 nodes at M = 1024 $(qc 0 "({$id;N=64;1024} / 12.6 - 1) * 100")% against 12.6<!--paper 004:170-->" "on 64 nodes at M = 1024 $(qc 0 "({$id;N=64;1024} / 12.6 - 1) * 100")% against 12.6<!--paper 004:170-->")" \
    "the flop cost (\`--flop-cycles $FLOP\` a double) is calibrated on the 230<!--paper 004:174--> Mflops plateau (512<!--paper 004:174--> S / 2F), checked on line 170's 12.6<!--paper 004:170-->; N = 512 is not square: N = 256 and 1024 bracket it"
}
# Fig. 8: AAPC of one double (2 words) per pair. Beside the calibrated
# 152-cycle send, A_bp and A_nt with a 1000-cycle send (N <= 256): the
# ordering of the two turns on the start-up cost (paper/notes/chuang.md).
USER_SEND=1000
fig_chuang_fig8() {
  local id=chuang-fig8 n N
  csv_start $id "series,x,y"
  for n in $(sides); do
    N=$((n * n))
    [ $N -ge 16 ] || continue
    csv_add $id A_bp $N "$(us "$(cyc aapc-bucket $n 2)" $MHZ)"
    csv_add $id A_nt $N "$(us "$(cyc aapc-nt $n 2)" $MHZ)"
    if [ $N -le 256 ]; then
      csv_add $id "A_bp ($USER_SEND-cycle send)" $N "$(us "$(cyc aapc-bucket $n 2 --msg-cycles $USER_SEND)" $MHZ)"
      csv_add $id "A_nt ($USER_SEND-cycle send)" $N "$(us "$(cyc aapc-nt $n 2 --msg-cycles $USER_SEND)" $MHZ)"
    fi
    if [ $((n % 8)) = 0 ]; then
      csv_add $id "A_hh (bidir)" $N "$(us "$(jf "$(ss_run --preset ap1000 --routing bidir --kernel aapc-hh --n $n --words 2)" cycles)" $MHZ)"
      [ $N -le 256 ] && csv_add $id "A_hh bidir ($USER_SEND-cycle send)" $N \
        "$(us "$(jf "$(ss_run --preset ap1000 --routing bidir --kernel aapc-hh --n $n --words 2 --msg-cycles $USER_SEND)" cycles)" $MHZ)"
    fi
  done
  plot_xy $id "Chuang Fig. 8: AAPC of one double (ap1000)" "processors N" "time (us)" logx logy
}
row_chuang_fig8() {
  local id=chuang-fig8 at="" N n U="($USER_SEND-cycle send)" lt128
  for n in $(sides); do
    N=$((n * n)); [ $N -ge 16 ] || continue
    at="$at; N = $N: $(qr $id A_bp $N) / $(qr $id A_nt $N) / $(qr $id "A_hh (bidir)" $N)"
  done
  at=${at//\/ ;/\/ -;}; at=${at% / }
  lt128=$(rows_of $id A_bp | awk '$1 < 128 { l = l (l == "" ? "" : " ") $1 } END { print (l == "" ? "none" : l) }')
  # the paper (line 186): A_bp and A_nt always faster than A_hh; A_bp
  # faster than A_nt for N < 128 (and only there)
  paper_row $id "Fig. 8: A_hh, A_bp, A_nt, one double" \
    "A_bp and A_nt always faster than A_hh; A_bp faster than A_nt for N < 128<!--paper 004:186--> (no times stated)" \
    "us, A_bp / A_nt / A_hh${at}" \
    "$(verdict "$(allbelow $id A_bp "A_hh (bidir)")" "A_bp faster than A_hh at every N" "A_bp faster than A_hh only at N = $(bq $id A_bp "A_hh (bidir)")" \
       "$(allbelow $id A_nt "A_hh (bidir)")" "A_nt faster than A_hh at every N" "A_nt faster than A_hh only at N = $(bq $id A_nt "A_hh (bidir)")" \
       "$([ "$(rule below $id A_bp A_nt)" = "$lt128" ] && echo 1 || echo 0)" "A_bp faster than A_nt below N = 128<!--paper 004:186--> with the 152-cycle send" "A_bp faster than A_nt at N = $(bq $id A_bp A_nt) with the 152-cycle send") (with a $USER_SEND-cycle send: A_bp faster than A_nt at N = $(bq $id "A_bp $U" "A_nt $U"), A_bp and A_nt faster than A_hh at N = $(bq $id "A_bp $U" "A_hh bidir $U") and $(bq $id "A_nt $U" "A_hh bidir $U"))" \
    "A_bp's N/2-block messages share the crossover's links, A_nt's are one hop: with a cheap send A_nt's row and column start-ups cost less than A_bp's contention; A_hh runs bidirectional (no unidirectional table); see notes"
}

paper_main "$@"
