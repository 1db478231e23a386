#!/usr/bin/env bash
# The figures and tables of van de Geijn: On global combine operations (1991, seed 003).
# Every run is 64 nodes (8x8, a 6-cube) under the ipsc860 preset, with
# gamma = .35 us per flop (seed line 168) = 8.75 cycles at 25 MHz, rounded to
# --flop-cycles 9 (.36 us). The cube is embedded with --mapping gray unless a
# series says raster: the iPSC/860 was a real hypercube, and gray puts every
# torus link on a cube edge. Times are in ms; n is in single-precision floats
# (4-byte words, so n floats = n words).
source "$(dirname "$0")/lib.sh"
PAPER_TITLE="van de Geijn: On global combine operations (1991, seed 003)"
FIGS=(vandegeijn-fig7 vandegeijn-fig8 vandegeijn-fig6 vandegeijn-thresholds vandegeijn-params)

MHZ=25
FLOP=9
D=6
if [ "$QUICK" = 1 ]; then NS="1 16 64 256"; else NS="1 4 16 32 64 128 256 512 1024 2048 4096"; fi
# the paper's model parameters in us: Fig. 7 (line 156) and Fig. 8 (line 188)
A7=525 A8=480 B7=2 G7=.35
# the model's lines are drawn with our machine's parameters, so that they and
# our runs differ only by what the model leaves out: the preset's alpha (the
# send, 136 us), beta (0.36 us/byte, 1.44 us a float) and gamma (9 cycles)
AO=136 BO=1.44 GO=.36

# ms KERNEL WORDS MAPPING [OPTIONS...]: one 64-node run under the preset, in ms
ms() {
  local k=$1 w=$2 m=$3 j; shift 3
  j=$(ss_run --kernel "$k" --n 8 --words "$w" --preset ipsc860 --flop-cycles "$FLOP" --mapping "$m" "$@")
  awk -v c="$(jf "$j" cycles)" -v s="$MHZ" 'BEGIN { printf "%.4g", c / s / 1000 }'
}

# model WHAT N D ALPHA BETA GAMMA: the paper's analytic time in ms
# (paper/rules.sh: rule_model)
model() { rule_model "$@"; }
# mq WHAT N ALPHA BETA GAMMA: the same at D, with its tag (for a row)
mq() { qrule - model "$1" "$2" "$D" "$3" "$4" "$5"; }
# crossq A B: "from n = X" (tagged), where series A of ID falls below
# series B, or "at no n"
crossq() {
  if [ "$(rule first_below "$1" "$2" "$3")" = none ]; then echo "at no n (n = ${NS%% *} to ${NS##* })"
  else echo "from n = $(qrule - first_below "$1" "$2" "$3")"; fi
}

# the versions of Sec. 3 and the hybrid: kernel and model name
KERNELS="V1:combine-bcast:v1 V2:combine-recursive:v2 V3:combine-halving:v3 hybrid:combine-hybrid:hybrid"

fig_vandegeijn_fig7() {
  local id=vandegeijn-fig7 e s k m n
  csv_start $id "series,x,y"
  for e in $KERNELS; do
    IFS=: read -r s k m <<<"$e"
    for n in $NS; do csv_add $id "$s" "$n" "$(ms "$k" "$n" gray)"; done
    for n in $NS; do csv_add $id "$s paper model at our alpha" "$n" "$(model "$m" "$n" $D $AO $BO $GO)"; done
  done
  # raster at the largest n only, for the row: one point, its own colour
  # and mark, in the CSV like every number the row quotes
  local top=${NS##* }
  csv_add $id "hybrid raster" "$top" "$(ms combine-hybrid "$top" raster)"
  plot_xy $id "Fig. 7: global sum, 64 nodes (gray); model at our alpha 136, beta 1.44, gamma .36 us" \
    "vector length n (floats)" "time (ms)" logx logy
}
# envelope ID H A B: 1 if series H is within 5% of the lower of A and B at
# every n
envelope_ok() {
  awk -F, -v h="$2" -v a="$3" -v b="$4" 'NR > 1 && $1 == h { y[$2] = $3 } NR > 1 && $1 == a { ya[$2] = $3 } NR > 1 && $1 == b { yb[$2] = $3 }
    END { for (x in y) { m = (ya[x] < yb[x]) ? ya[x] : yb[x]; if (y[x] > 1.05 * m) { print 0; exit } } print 1 }' "$PAPER_OUT/$1.csv"
}
# ordering ID V1 V2 V3 TOP: 1 if V1 is the slowest at every n (V1 "": no
# V1), V2 below V3 at n = 1 and V3 below V2 at TOP
ordering() {
  awk -F, -v s1="$2" -v s2="$3" -v s3="$4" -v top="$5" 'NR > 1 { y[$1, $2] = $3; if (s1 != "" && $1 == s1) xs[$2] = 1 }
    END { ok = (y[s2, 1] < y[s3, 1]) && (y[s3, top] < y[s2, top])
          for (x in xs) if (!(y[s1, x] >= y[s2, x] && y[s1, x] >= y[s3, x])) ok = 0
          print ok ? 1 : 0 }' "$PAPER_OUT/$1.csv"
}
row_vandegeijn_fig7() {
  local id=vandegeijn-fig7 top=${NS##* } mc oc
  mc=$(rule model_cross v2 v3 $D $A7 $B7 $G7 "$NS"); oc=$(rule first_below $id V3 V2)
  # the model's statements (line 156): V1 slowest, V2 best for short and
  # V3 for long vectors, the hybrid their lower envelope, the crossover at
  # the model's n
  paper_row $id "Fig. 7: predicted and observed time vs n on 64 nodes" \
    "model (alpha 525<!--paper 003:156-->, beta 2<!--paper 003:156-->, gamma .35<!--paper 003:156--> us; line 156): V3 below V2 from n = $(qrule - model_cross v2 v3 $D $A7 $B7 $G7 "$NS"), hybrid the lower envelope; at n = 1 V2/hybrid $(mq v2 1 $A7 $B7 $G7) ms, V1/V3 $(mq v1 1 $A7 $B7 $G7) ms; at n = $top hybrid $(mq hybrid "$top" $A7 $B7 $G7) ms. The observed (right) panel's values are not in the text" \
    "ipsc860 preset (alpha 136<!--paper 003:166--> us), gray: V3 below V2 $(crossq $id V3 V2); n = 1: V2 $(qr $id V2 1) ms, V3 $(qr $id V3 1) ms; n = $top: V1 $(qr $id V1 "$top"), V2 $(qr $id V2 "$top"), V3 $(qr $id V3 "$top"), hybrid $(qr $id hybrid "$top") ms (raster $(qv $id "hybrid raster" "$top" 2) ms)" \
    "$(verdict "$(ordering $id V1 V2 V3 "$top")" "same ordering (V1 slowest; V2 wins short and V3 long vectors)" "not the model's ordering" \
       "$(envelope_ok $id hybrid V2 V3)" "hybrid the lower envelope" "hybrid not the lower envelope" \
       "$([ "$mc" = "$oc" ] && echo 1 || echo 0)" "the crossover at the model's n" "the crossover at n = $(qrule - first_below $id V3 V2), the model's at n = $(qrule - model_cross v2 v3 $D $A7 $B7 $G7 "$NS")")" \
    "our alpha is the iPSC/860 send (136<!--paper 003:166--> us, line 166), the model's is 525<!--paper 003:156--> us, so short vectors take about a quarter of the model's time and the crossover moves down (the plotted model uses our alpha, beta, gamma: at n = 1 V2 $(qv $id V2 1 3) ms against its $(qv $id "V2 paper model at our alpha" 1 3), at n = $top hybrid $(qv $id hybrid "$top" 1) against $(qv $id "hybrid paper model at our alpha" "$top" 1)); on 64 nodes the gray hypercube shares torus links in most of its dimensions, raising beta$([ ! -f "$PAPER_OUT/vandegeijn-params.csv" ] || echo " from $(qr vandegeijn-params beta iPSC/860) to $(qr vandegeijn-params beta "64 nodes gray") us per float") (notes)"
}

fig_vandegeijn_fig8() {
  local id=vandegeijn-fig8 e s k m n a8=$((A8 * MHZ)) b8=$((B7 * MHZ))
  csv_start $id "series,x,y"
  for e in ${KERNELS#* }; do
    IFS=: read -r s k m <<<"$e"
    for n in $NS; do csv_add $id "$s" "$n" "$(ms "$k" "$n" gray --msg-cycles $a8 --tt $b8)"; done
    for n in $NS; do csv_add $id "$s paper model (line 188)" "$n" "$(model "$m" "$n" $D $A8 $B7 $G7)"; done
  done
  plot_xy $id "Fig. 8: 64 nodes, gray, alpha 480 us (--msg-cycles $a8), beta 2 us (--tt $b8), gamma .36 us vs the model" \
    "vector length n (floats)" "time (ms)" logx logy
  local top=${NS##* }
}
row_vandegeijn_fig8() {
  local id=vandegeijn-fig8 top=${NS##* } pm="paper model (line 188)" mc oc
  mc=$(rule first_below $id "V3 $pm" "V2 $pm"); oc=$(rule first_below $id V3 V2)
  # the paper: the model's ordering and crossover; a dramatic drop for V2
  # at n <= 25 (here: V2 at n = 16 below 0.8 of the model)
  paper_row $id "Fig. 8: observed time vs n, unpadded messages, alpha 480<!--paper 003:188--> us" \
    "alpha 480<!--paper 003:188-->, beta 2<!--paper 003:188-->, gamma .35<!--paper 003:188--> us (line 188); a dramatic drop for V2 at n <= 25<!--paper 003:190--> (line 190), presumably the short-message protocol (25<!--paper 003:190--> floats = $(qc 0 "25 * 4") bytes). Model: V3 below V2 $(crossq $id "V3 $pm" "V2 $pm"); n = $top: V2 $(qr $id "V2 $pm" "$top"), V3 $(qr $id "V3 $pm" "$top"), hybrid $(qr $id "hybrid $pm" "$top") ms" \
    "the same alpha/beta in cycles: V3 below V2 $(crossq $id V3 V2); n = 1: V2 $(qr $id V2 1) ms (model $(qr $id "V2 $pm" 1)); n = $top: V2 $(qr $id V2 "$top"), V3 $(qr $id V3 "$top"), hybrid $(qr $id hybrid "$top") ms" \
    "$(verdict "$(ordering $id "" V2 V3 "$top")" "same ordering (V2 wins short and V3 long vectors)" "not the model's ordering" \
       "$([ "$mc" = "$oc" ] && echo 1 || echo 0)" "V3 overtakes V2 where the model says" "V3 overtakes V2 at n = $(qrule - first_below $id V3 V2), the model at n = $(qrule - first_below $id "V3 $pm" "V2 $pm")" \
       "$(cond "{$id;V2;16} < 0.8 * {$id;V2 $pm;16}")" "a drop for V2 at n <= 25<!--paper 003:190-->" "no drop at n <= 25<!--paper 003:190-->")" \
    "one start-up per run: the kernels cannot give messages of <= 25<!--paper 003:190--> floats the iPSC/860's cheaper short protocol (notes); the gray embedding shares links in most of its dimensions, which costs Version 2 most since it sends the most (notes)"
}

fig_vandegeijn_fig6() {
  local id=vandegeijn-fig6 n m
  csv_start $id "series,x,y"
  for m in gray raster; do
    for n in $NS; do csv_add $id "hybrid to root $m" "$n" "$(ms combine-root "$n" $m)"; done
    for n in $NS; do csv_add $id "fan-in $m" "$n" "$(ms combine-root-tree "$n" $m)"; done
  done
  # the model's lines in the gray series' colours (named after them)
  for n in $NS; do csv_add $id "hybrid to root gray paper model at our alpha" "$n" "$(model hybrid "$n" $D $AO $BO $GO)"; done
  for n in $NS; do csv_add $id "fan-in gray paper model at our alpha" "$n" "$(model fanin "$n" $D $AO $BO $GO)"; done
  plot_xy $id "Fig. 6: combine-to-root, 64 nodes; model at our alpha 136, beta 1.44, gamma .36 us" \
    "vector length n (floats)" "time (ms)" logx logy
  local top=${NS##* }
}
# below_from ID A B: 1 if series A falls below B at some n and stays below
below_from() {
  awk -F, -v a="$2" -v b="$3" 'NR > 1 && $1 == a { ya[$2] = $3; xs[++k] = $2 } NR > 1 && $1 == b { yb[$2] = $3 }
    END { f = 0; for (i = 1; i <= k; i++) { x = xs[i]; if (ya[x] + 0 < yb[x] + 0) f = 1; else if (f) { print 0; exit } } print f }' "$PAPER_OUT/$1.csv"
}
row_vandegeijn_fig6() {
  local id=vandegeijn-fig6 top=${NS##* }
  # the paper (Sec. 5): the optimal hybrid below the fan-in for long vectors
  paper_row $id "Fig. 6: optimal hybrid combine-to-root (Sec. 5)" \
    "no measured numbers; model (line 156's parameters): fan-in $(mq fanin "$top" $A7 $B7 $G7) ms, hybrid $(mq hybrid "$top" $A7 $B7 $G7) ms at n = $top; at our alpha, beta, gamma: fan-in $(qv $id "fan-in gray paper model at our alpha" "$top" 1), hybrid $(qv $id "hybrid to root gray paper model at our alpha" "$top" 1) ms" \
    "n = $top: gray fan-in $(qr $id "fan-in gray" "$top"), hybrid $(qr $id "hybrid to root gray" "$top") ms; raster fan-in $(qr $id "fan-in raster" "$top"), hybrid $(qr $id "hybrid to root raster" "$top") ms; hybrid below fan-in $(crossq $id "hybrid to root gray" "fan-in gray") (gray), $(crossq $id "hybrid to root raster" "fan-in raster") (raster)" \
    "$(verdict "$(below_from $id "hybrid to root gray" "fan-in gray")" "the hybrid below the fan-in for long vectors with gray" "the hybrid not below the fan-in for long vectors with gray" \
       "$(below_from $id "hybrid to root raster" "fan-in raster")" "and with raster" "not for every long vector with raster")" \
    "raster puts the partners of two of the dimensions n/2 hops apart, so both halves of a split step share links (docs/kernels/hypercube.md)"
}

# The split thresholds of line 112 at each dimension: the paper's parameters
# and the preset's, and where splitting the top dimension starts to pay in
# our runs (the hybrid splits only dimension 6 for thr(6) <= n < thr(5)).
fig_vandegeijn_thresholds() {
  local id=vandegeijn-thresholds d n v2 hy first=none
  csv_start $id "series,x,y"
  for d in 6 5 4 3 2 1; do
    csv_add $id "rule paper Fig. 7 (alpha 525)" $d "$(model thr 0 $d $A7 $B7 $G7)"
    csv_add $id "rule alpha 136 beta 2 gamma .35" $d "$(model thr 0 $d 136 $B7 $G7)"
    csv_add $id "rule ipsc860 (3400 36 9 cycles)" $d "$(model thr 0 $d 3400 36 $FLOP)"
  done
  # the hybrid against Version 2 from just above thr(6) = 29.06: the first n
  # where the split pays is the measured crossover (an upper bound on it if
  # it already pays at 30)
  for n in 30 32 34; do
    v2=$(ms combine-recursive $n gray) hy=$(ms combine-hybrid $n gray)
    echo "thresholds: n = $n V2 $v2 ms hybrid $hy ms"
    if [ "$first" = none ] && awk -v a="$hy" -v b="$v2" 'BEGIN { exit !(a < b) }'; then first=$n; fi
  done
  [ "$first" = none ] || csv_add $id "measured split pays (gray)" 6 "$first"
  plot_xy $id "Line 112 split thresholds n < 2 alpha / ((d-1)(beta+gamma)+gamma) by dimension d" \
    "cube dimension d (the dimensions left in the recursion)" "threshold (floats)" logy
}
row_vandegeijn_thresholds() {
  local id=vandegeijn-thresholds r="rule ipsc860 (3400 36 9 cycles)" d ours
  ours=""; for d in 6 5 4 3 2 1; do ours="$ours${ours:+, }d = $d: $(qr $id "$r" $d)"; done
  paper_row $id "Sec. 4: the hybrid's split thresholds (line 112)" \
    "no threshold stated; the text's 25<!--paper 003:190--> floats (lines 170, 190) is where Fig. 8's short messages start. Line 112 with line 156's parameters: d = 6: $(qr $id "rule paper Fig. 7 (alpha 525)" 6), d = 2: $(qr $id "rule paper Fig. 7 (alpha 525)" 2); with alpha 136<!--paper 003:166--> us: d = 6: $(qr $id "rule alpha 136 beta 2 gamma .35" 6)" \
    "ipsc860: $ours floats; splitting d = 6 pays from n = $(qr $id "measured split pays (gray)" 6) (of n = 30, 32, 34) in the run" \
    "n/a: the text states no threshold; ours at d = 6 ($(qv $id "$r" 6 1) floats) is $([ "$(cond "{$id;$r;6} >= 0.8 * 25 && {$id;$r;6} <= 1.25 * 25")" = 1 ] && echo near || echo far from) the 25<!--paper 003:190--> where line 190 says the implementation switches" \
    "our alpha is the 136-us send, not the model's 525<!--paper 003:156--> us; see the notes for the split measured against Version 2"
}

fig_vandegeijn_params() {
  local id=vandegeijn-params x opts t1 t0 tf a b g j
  csv_start $id "series,x,y"
  for x in "iPSC/860" "Fig. 7 model" "Fig. 8 model"; do
    case "$x" in
      iPSC/860) opts="" ;;
      "Fig. 7"*) opts="--msg-cycles $((A7 * MHZ)) --tt $((B7 * MHZ))" ;;
      *) opts="--msg-cycles $((A8 * MHZ)) --tt $((B7 * MHZ))" ;;
    esac
    # shellcheck disable=SC2086
    {
      j=$(ss_run --kernel combine-recursive --n 2 --words 1 --preset ipsc860 --flop-cycles 0 $opts); t1=$(jf "$j" cycles)
      j=$(ss_run --kernel combine-recursive --n 2 --words 257 --preset ipsc860 --flop-cycles 0 $opts); t0=$(jf "$j" cycles)
      j=$(ss_run --kernel combine-recursive --n 2 --words 257 --preset ipsc860 --flop-cycles $FLOP $opts); tf=$(jf "$j" cycles)
    }
    # d = 2 steps; per step alpha + n (beta + gamma)
    b=$(awk -v a="$t0" -v c="$t1" -v s=$MHZ 'BEGIN { printf "%.3g", (a - c) / 2 / 256 / s }')
    g=$(awk -v a="$tf" -v c="$t0" -v s=$MHZ 'BEGIN { printf "%.3g", (a - c) / 2 / 257 / s }')
    a=$(awk -v c="$t1" -v b="$b" -v s=$MHZ 'BEGIN { printf "%.4g", c / 2 / s - b }')
    csv_add $id alpha "$x" "$a"
    csv_add $id beta "$x" "$b"
    csv_add $id gamma "$x" "$g"
  done
  # beta on 64 nodes: the 6-cube's shared links (gray embedding)
  t1=$(jf "$(ss_run --kernel combine-recursive --n 8 --words 1 --preset ipsc860 --mapping gray)" cycles)
  t0=$(jf "$(ss_run --kernel combine-recursive --n 8 --words 257 --preset ipsc860 --mapping gray)" cycles)
  csv_add $id beta "64 nodes gray" "$(awk -v a="$t0" -v c="$t1" -v s=$MHZ 'BEGIN { printf "%.3g", (a - c) / 6 / 256 / s }')"
  plot_bars $id "alpha (us), beta and gamma (us per float): paper vs simulator, measured" "" panels
}
row_vandegeijn_params() {
  local id=vandegeijn-params p=iPSC/860
  # alpha and gamma as set (within 2% and 5%); beta the paper's 2.0 (within a quarter)
  paper_row $id "Sec. 6: the iPSC/860's alpha, beta, gamma" \
    "alpha 136<!--paper 003:166--> us (line 166), 525<!--paper 003:156--> us in Fig. 7's model (line 156), 480<!--paper 003:188--> us in Fig. 8's (line 188); beta 2.0<!--paper 003:170--> us (lines 170, 176, 156, 188); gamma .35<!--paper 003:168--> us (lines 168, 156, 188)" \
    "measured per exchange step (on 4 nodes): ipsc860 alpha $(qr $id alpha $p), beta $(qr $id beta $p), gamma $(qr $id gamma $p) us; with Fig. 7's in cycles alpha $(qr $id alpha "Fig. 7 model"), beta $(qr $id beta "Fig. 7 model"); on 64 nodes (gray) beta $(qr $id beta "64 nodes gray") us" \
    "$(verdict "$(cond "{$id;alpha;$p} >= 0.98 * 136 && {$id;alpha;$p} <= 1.02 * 136 && {$id;gamma;$p} >= 0.95 * .36 && {$id;gamma;$p} <= 1.05 * .36")" "alpha and gamma as set" "alpha or gamma not as set" \
       "$(cond "{$id;beta;$p} >= 0.8 * 2 && {$id;beta;$p} <= 1.25 * 2")" "beta the paper's" "the preset's beta is seed 002's $(qr $id beta $p) us per float, not 2.0<!--paper 003:170-->")" \
    "the preset takes a = 0.36<!--paper 002:43--> us/byte from seed 002 (model/params.c); gamma $(qc 2 ".35 * 25") cycles rounds to \`--flop-cycles 9\` ($(qc 2 "9 / 25") us); alpha adds the call and wormhole latency (about $(qc 0 "{$id;alpha;$p} - 136") us)"
}

paper_main "$@"
