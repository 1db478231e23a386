#!/usr/bin/env bash
# The figures and tables of Seidel and Davis: global synchronization on the iPSC/860 (1992, seed 002).
# Machine: the ipsc860 preset (a = 0.36 us/byte as T_t = 36 at 25 MHz) with
# s = 44 us as the send cost (--msg-cycles 1100) and the receive's status read
# calibrated so that a null message costs b_s = 75 us (--call-cycles 695;
# Table I, lines 45-46); checked against the 1.55 ms the paper predicts for a
# 4K-byte forced shift (line 166). Kernels: gsync, sync0, rds (Sec. 3) and
# shift-forced, shift-long (Sec. 4), docs/kernels/barrier.md.
# The paper's hypercube of dimension d has 2^d nodes; the torus has n*n, so
# only even d (n = 2, 4, 8) is expressible: the d = 5 and d = 7 figures are
# drawn at the neighbouring even d, and say so.
source "$(dirname "$0")/lib.sh"
PAPER_TITLE="Seidel and Davis: global synchronization on the iPSC/860 (1992, seed 002)"
FIGS=(seidel-table1 seidel-sec3-cost seidel-sec3-precision seidel-fig4-1 seidel-fig4-2
      seidel-fig4-3 seidel-fig4-4 seidel-fig4-5 seidel-fig4-6 seidel-fig4-7 seidel-sec5
      seidel-table3)
MACH=(--preset ipsc860 --msg-cycles 1100 --call-cycles 695)
MHZ=25
# scripts/paper.sh runs each figure in a folder of its own: PAPER_CACHE
# keeps the cache where every figure finds it
CACHE=${PAPER_CACHE:-$PAPER_OUT}/seidel-cache
mkdir -p "$CACHE"

# sd_line ARGS...: the kernel's report line (its diagnostic stream) of
# `syncswitch run ARGS` on the machine above; the run must verify. Runs are
# cached under build/results/paper/seidel-cache (figures share them).
sd_line() {
  local key f j e lock
  # the binary's time and size in the key: a rebuilt model reruns everything
  key=$(printf '%s ' "$@" "${MACH[@]}" "$(stat -c %Y.%s "$SS")" | md5sum | cut -c1-16)
  f=$CACHE/$key
  # one run per key at a time: a figure that wants a run another is
  # making waits for it, then reads it
  exec {lock}>"$f.lock"
  flock "$lock"
  if [ ! -s "$f" ]; then
    e=$(mktemp "$CACHE/run.XXXXXX")
    j=$("$SS" run "$@" "${MACH[@]}" --json 2>"$e") || die "syncswitch run $* failed: $(tail -n 1 "$e")"
    ss_verified "$j" "$@"
    grep '^syncswitch: ' "$e" | tail -n 1 >"$e.line"
    mv "$e.line" "$f"  # atomic: figures running at once may share a run
    rm -f "$e"
  fi
  exec {lock}>&-
  cat "$f"
}
# field LINE NAME: the number after NAME in a report line
field() { printf '%s\n' "$1" | sed -nE "s|.*$2 ([0-9.]+).*|\\1|p" | head -1 | grep . || die "no '$2' in: $1"; }
# ov ID SERIES X: our value, or "n/a" when that series was not run (QUICK)
ov() { local v; v=$(ours_val "$@"); echo "${v:-n/a}"; }
# ovt ID SERIES X: the same, tagged for the prose check (qr), in a row's text
ovt() { local v; v=$(qr "$@"); echo "${v:-n/a}"; }
# trials LINE: the shift's trial count (successes S/T)
trials() { printf '%s\n' "$1" | sed -nE 's|.*successes [0-9]+/([0-9]+).*|\1|p' | grep . || die "no trials in: $1"; }
ms() { awk -v c="$1" -v s="$MHZ" 'BEGIN { printf "%.3f", c / s / 1000 }'; }

# the sides: d = 2, 4, 6 (QUICK: 2, 4)
sides() { if [ "$QUICK" = 1 ]; then echo "2 4"; else echo "2 4 8"; fi; }
dim() { awk -v n="$1" 'BEGIN { printf "%d", 2 * log(n) / log(2) + 0.5 }'; }
# message lengths (bytes) of the cost and success figures at side n
lengths() {
  if [ "$QUICK" = 1 ]; then [ "$1" = 2 ] && echo "4096 32768" || echo "4096"
  elif [ "$1" = 2 ]; then echo "4096 16384 32768"
  else echo "4096 32768"; fi
}
SERIES="forced-gsync forced-sync0 forced-rds forced-none long-gsync long-sync0 long-rds long-none forced-gsync-irq long-gsync-irq forced-gsync-irq-rx"
# the -irq series: the paper's system interrupts (Sec. 3.3: about 50 us,
# Fig. 3-9, about every 10 ms) as the kernels' --irq-period/--irq-cycles, at
# a seeded phase per node (paper/notes/seidel.md, "Interrupts"); -irq-rx
# adds --rx-serial, the receive port of Fig. 3-11(b) (one message at a time)
IRQ=(--irq-period 250000 --irq-cycles 1250)
# the series at side n: all eight up to 16 nodes; on 64 nodes (and in QUICK)
# the four that carry the comparison, to keep the run in its time budget
series() {
  if [ "$QUICK" = 1 ] || [ "$1" -ge 8 ]; then echo "forced-gsync forced-rds long-rds long-none forced-gsync-irq long-gsync-irq forced-gsync-irq-rx"
  else echo "$SERIES"; fi
}
# shift_run SERIES N BYTES: the report line of that shift
shift_run() {
  local p=${1%%-*} b=${1#*-} irq=()
  case $b in *-irq-rx) b=${b%-irq-rx}; irq=("${IRQ[@]}" --rx-serial) ;;
    *-irq) b=${b%-irq}; irq=("${IRQ[@]}") ;; esac
  sd_line --kernel "shift-$p" --n "$2" --words $(($3 / 4)) --barrier "$b" "${irq[@]}"
}

# ---- Table I: the constants, measured on the model -------------------------
fig_seidel_table1() {
  local id=seidel-table1 f1 f2 l1 l2 a bs bl
  # after RDS the shift is concurrent: time = a m + b (Table II, Figs. 2-5, 2-7)
  f1=$(field "$(shift_run forced-rds 2 4096)" "time mean")
  f2=$(field "$(shift_run forced-rds 2 32768)" "time mean")
  l1=$(field "$(shift_run long-rds 2 4096)" "time mean")
  l2=$(field "$(shift_run long-rds 2 32768)" "time mean")
  a=$(awk -v x="$f1" -v y="$f2" -v s=$MHZ 'BEGIN { printf "%.4f", (y - x) / (32768 - 4096) / s }')
  bs=$(awk -v x="$f1" -v a="$a" -v s=$MHZ 'BEGIN { printf "%.1f", x / s - a * 4096 }')
  bl=$(awk -v x="$l1" -v a="$a" -v s=$MHZ 'BEGIN { printf "%.1f", x / s - a * 4096 }')
  csv_start $id "series,x,y"
  csv_add $id "a us/byte" iPSC/860 "$a"
  csv_add $id "b_l us" iPSC/860 "$bl"
  csv_add $id "b_s us" iPSC/860 "$bs"
  csv_add $id "s us" iPSC/860 "$(us 1100 $MHZ)"
  plot_bars $id "Table I: communication constants, one panel a constant" "" panels
}
# near ID SERIES X PAPER: 1 if the value is within 2% of the paper's
near() { cond "{$1;$2;$3} >= 0.98 * $4 && {$1;$2;$3} <= 1.02 * $4"; }
row_seidel_table1() {
  local id=seidel-table1 p=iPSC/860
  paper_row $id "Table I: communication constants" \
    "a = 0.36<!--paper 002:43--> us/byte, b_l = 136<!--paper 002:44-->, b_s = 75<!--paper 002:45-->, s = 44<!--paper 002:46--> us" \
    "a = $(qr $id "a us/byte" $p) us/byte, b_l = $(qr $id "b_l us" $p), b_s = $(qr $id "b_s us" $p) us (fits of the 4K and 32K shifts after RDS, d = 2); s = $(qr $id "s us" $p) us is \`--msg-cycles 1100\`" \
    "$(verdict "$(( $(near $id "a us/byte" $p 0.36) * $(near $id "b_s us" $p 75) * $(near $id "s us" $p 44) ))" "a, b_s and s as the paper's (by construction)" "a, b_s or s not the paper's" \
       "$(cond "{$id;b_l us;$p} >= 0.8 * 136 && {$id;b_l us;$p} <= 1.25 * 136")" "b_l as the paper's" "b_l is $(qr $id "b_l us" $p), not 136<!--paper 002:44-->")" \
    "a is T_t = 36, b_s is calibrated (\`--call-cycles 695\`). Our long protocol is three null messages and the data (b_l ~ $(qc 0 "{$id;b_l us;$p} / {$id;b_s us;$p}") b_s); the iPSC's PROBE and REQUEST, handled by the node OS, cost less than user-level null messages"
}

# ---- Section 3: the barriers' cost and precision --------------------------
# bench_fig ID WHAT TITLE [MODEL]: the barrier kernels' WHAT (cost or
# precision), us, vs d; MODEL (precision): gsync's stated precision with a
# late node, d (b_s - s) = 31 d us (lines 112, 132: b_s 75, s 44), drawn
# beside ours as the paper's line
bench_fig() {
  local id=$1 what=$2 n k l v
  csv_start $id "series,x,y,ymin,ymax"
  for n in $(sides); do
    for k in gsync sync0 rds; do
      l=$(sd_line --kernel $k --n "$n" --words 0)
      v=$(field "$l" "$what mean")
      csv_add $id $k "$(dim "$n")" "$(us "$v" $MHZ)" "$(us "$v" $MHZ)" "$(us "$(field "$l" "$what mean [0-9.]+ max")" $MHZ)"
    done
  done
  [ -z "${4:-}" ] || for n in $(sides); do
    csv_add $id "gsync paper d (b_s - s) (lines 112 and 132)" "$(dim "$n")" "$(awk -v d="$(dim "$n")" 'BEGIN { printf "%.2f", d * (75 - 44) }')"
  done
  plot_xy $id "$3" "d (2^d nodes)" "us"
}
fig_seidel_sec3_cost() {
  bench_fig seidel-sec3-cost cost "Sec. 3: barrier cost, one latecomer (first entry to last exit; bars to the max)"
}
row_seidel_sec3_cost() {
  local id=seidel-sec3-cost
  # the paper's formulas (lines 114, 120, 130): sync0 and RDS above gsync,
  # RDS only slightly (by delta: within a quarter here)
  paper_row $id "Sec. 3.1-3.3 (Figs. 3-1..3-8): barrier cost" \
    "formulas, one node late by b_s <= delta <= d b_s: gsync 2<!--paper 002:114--> d b_s, sync0 (2<!--paper 002:120--> d + 1<!--paper 002:120-->) b_s, RDS 2<!--paper 002:130--> d b_s + delta (d = 4: $(qc 0 "2 * 4 * 75"), $(qc 0 "(2 * 4 + 1) * 75"), $(qc 0 "2 * 4 * 75") us + delta)" \
    "d = 4 (one node late by five sends): gsync $(qr $id gsync 4), sync0 $(qr $id sync0 4), RDS $(qr $id rds 4) us" \
    "$(verdict "$(cond "{$id;rds;4} > {$id;gsync;4}")" "RDS costs more than gsync" "RDS costs no more than gsync" \
       "$(cond "{$id;sync0;4} > {$id;gsync;4}")" "sync0 more than gsync" "sync0 no more than gsync" \
       "$(cond "{$id;rds;4} <= 1.25 * {$id;gsync;4}")" "RDS only slightly more ($(qc 0 "100 * ({$id;rds;4} / {$id;gsync;4} - 1)")% over gsync at d = 4)" "RDS $(qc 0 "100 * ({$id;rds;4} / {$id;gsync;4} - 1)")% over gsync at d = 4, not slightly more")" \
    "our delta is the barrier kernels' staggered entry (seeded jitter plus one latecomer), included in the cost; the partners of the butterfly are 2^k hops apart on the torus, not neighbours"
}
fig_seidel_sec3_precision() {
  bench_fig seidel-sec3-precision precision "Sec. 3: barrier precision (first exit to last exit; bars to the max)" model
}
row_seidel_sec3_precision() {
  local id=seidel-sec3-precision most=1 d
  for d in $(rows_of $id rds | awk '{ print $1 }'); do
    [ "$(cond "{$id;rds;$d} < {$id;gsync;$d}")" = 1 ] || most=0
    [ -z "$(cell $id sync0 "$d")" ] || [ "$(cond "{$id;rds;$d} < {$id;sync0;$d}")" = 1 ] || most=0
  done
  # the paper (lines 114, 120, 130): gsync and sync0 d (b_s - s), RDS 0
  paper_row $id "Sec. 3.1-3.3: barrier precision" \
    "gsync and sync0 d (b_s - s) = $(qc 0 "75 - 44") d us with a late node (d = 4: $(qc 0 "4 * (75 - 44)") us), RDS 0<!--paper 002:130-->" \
    "d = 4: gsync $(qr $id gsync 4), sync0 $(qr $id sync0 4), RDS $(qr $id rds 4) us" \
    "$(verdict "$most" "RDS is the most precise" "RDS not the most precise at every d" \
       "$(cond "{$id;gsync;4} >= 0.8 * 4 * 31 && {$id;gsync;4} <= 1.25 * 4 * 31")" "gsync at d (b_s - s)" "gsync is $(qc 0 "124 / {$id;gsync;4}")x tighter than d (b_s - s) at d = 4" \
       "$(cond "{$id;sync0;4} >= 0.8 * {$id;gsync;4} && {$id;sync0;4} <= 1.25 * {$id;gsync;4}")" "sync0 as precise as gsync" "sync0 is $(qc 1 "{$id;sync0;4} / {$id;gsync;4}")x looser than gsync")" \
    "gsync's precision is d token latencies ($(qv $id gsync 4 0 25) cycles at d = 4), whatever s and the receive cost: every receive pays its status read, even of a token already there (paper/notes/seidel.md); RDS misses zero at d = 6 by the link contention its timing model leaves out"
}

# ---- Section 4: shift cost (Figs. 4-1..4-4) and success (4-5..4-7) ---------
# shift_fig ID N KIND TITLE: per series, vs message length at side N, either
# KIND=cost, the time in ms (mean of the trials, bars from the fastest to the
# slowest trial), or KIND=success, the % of trials within 1 ms of the
# predicted minimum
shift_fig() {
  local id=$1 n=$2 kind=$3 m s l t lo hi
  if [ "$kind" = cost ]; then csv_start $id "series,x,y,ymin,ymax"; else csv_start $id "series,x,y"; fi
  for s in $(series "$n"); do
    for m in $(lengths "$n"); do
      l=$(shift_run "$s" "$n" "$m")
      if [ "$kind" = cost ]; then
        t=$(printf '%s\n' "$l" | sed -nE 's/.*times ([0-9 ]+);.*/\1/p' | tr ' ' '\n' | sort -n)
        lo=$(head -1 <<<"$t"); hi=$(tail -n 1 <<<"$t")
        csv_add $id "$s" "$m" "$(ms "$(field "$l" "time mean")")" "$(ms "$lo")" "$(ms "$hi")"
      else
        csv_add $id "$s" "$m" "$(awk -v a="$(field "$l" successes)" -v t="$(trials "$l")" 'BEGIN { printf "%.0f", 100 * a / t }')"
      fi
    done
  done
  if [ "$kind" = cost ]; then
    # drawn as the distance from the paper's prediction a m + b_s (0.36
    # us/byte, 75 us: Table I), which the paper's success criterion uses;
    # the times themselves differ by less than the lines' width
    plot_xy $id "$4 (the mean of the trials' slowest node)" "message length (bytes)" "shift time - (a m + b_s) (ms)" logx \
      ylin=0.00036:0.075 yrange=-0.05:1.3 hline=0:"the paper's prediction a m + b_s (line 166: 1.55 ms at 4K bytes)" hline=1:"1 ms above it: a failure (line 166); lines above the frame are off the scale"
  else
    plot_xy $id "$4" "message length (bytes)" "% successful (10 trials a point)" logx yrange=-5:110
  fi
}
cost_row() {
  local id=$1 n=$2 what=$3 m=4096
  # the paper: RDS + forced at a m + b_s (1.55 ms at 4K bytes, line 166);
  # gsync several ms more (here: more than a tenth above it)
  paper_row $id "$what" \
    "RDS + forced agrees with a m + b_s (at 4K bytes: 1.55<!--paper 002:166--> ms, line 166); gsync and sync0 cost several ms more at large m (interrupts); long: no algorithm reaches the minimum, RDS best" \
    "d = $(dim "$n"), at 4K bytes: forced after RDS $(qr $id forced-rds $m) ms, after gsync $(qr $id forced-gsync $m) ms; long after RDS $(qr $id long-rds $m) ms, long unsynchronized $(qr $id long-none $m) ms" \
    "$(verdict "$(cond "{$id;forced-rds;$m} >= 0.98 * 1.5496 && {$id;forced-rds;$m} <= 1.02 * 1.5496")" "RDS + forced is at the prediction" "RDS + forced is not at the prediction" \
       "$(cond "{$id;forced-gsync;$m} > 1.1 * {$id;forced-rds;$m}")" "gsync costs more" "gsync reaches the prediction too here (no interrupts in these series)")" \
    "the model has no OS flow control, and these series no interrupts, the paper's causes of the gsync/sync0 and long-protocol excess (paper/notes/seidel.md); unsynchronized long shifts serialize as in Fig. 2-6"
}
row_seidel_fig4_1() { cost_row seidel-fig4-1 2 "Fig. 4-1: shift cost, 4-node ring"; }
row_seidel_fig4_2() { cost_row seidel-fig4-2 4 "Fig. 4-2: shift cost, 32-node ring (ours: d = 4, 16 nodes)"; }
row_seidel_fig4_3() { cost_row seidel-fig4-3 "$(fig43_side)" "Fig. 4-3: shift cost, 128-node ring (ours: d = $(dim "$(fig43_side)"))"; }
fig43_side() { if [ "$QUICK" = 1 ]; then echo 4; else echo 8; fi; }
fig_seidel_fig4_1() {
  shift_fig seidel-fig4-1 2 cost "Fig. 4-1: shifts in a 4-node ring (d = 2)"
}
fig_seidel_fig4_2() {
  shift_fig seidel-fig4-2 4 cost "Fig. 4-2: a 32-node ring (d = 5) is not a square torus: ours 16 nodes (d = 4)"
}
fig_seidel_fig4_3() {
  local n
  n=$(fig43_side)
  shift_fig seidel-fig4-3 "$n" cost "Fig. 4-3: a 128-node ring (d = 7) is not a square torus: $((n * n)) nodes (d = $(dim "$n"))"
}
fig_seidel_fig4_4() {
  local id=seidel-fig4-4 n s l
  csv_start $id "series,x,y"
  for s in $SERIES; do
    for n in $(sides); do
      [[ " $(series "$n") " == *" $s "* ]] || continue
      l=$(shift_run "$s" "$n" 32768)
      csv_add $id "$s" "$(dim "$n")" "$(ms "$(field "$l" "time mean")")"
    done
  done
  plot_xy $id "Fig. 4-4: shifting 32K-byte messages (odd d not expressible)" "d (2^d nodes)" "ms"
}
# flat ID SERIES: 1 if SERIES varies by less than 5% over its x values
flat() { rows_of "$1" "$2" | awk 'NR == 1 || $2 + 0 < lo { lo = $2 + 0 } NR == 1 || $2 + 0 > hi { hi = $2 + 0 } END { print (hi <= 1.05 * lo) ? 1 : 0 }'; }
row_seidel_fig4_4() {
  local id=seidel-fig4-4
  # the paper: a consistent cost (flat in d) only with RDS and the forced protocol
  paper_row $id "Fig. 4-4: 32K-byte shift vs d" \
    "consistent cost only with RDS and the forced protocol" \
    "forced after RDS $(qr $id forced-rds 2) / $(qr $id forced-rds 4) ms at d = 2 / 4; long unsynchronized $(qr $id long-none 2) / $(qr $id long-none 4) ms" \
    "$(verdict "$(flat $id forced-rds)" "RDS + forced is flat in d" "RDS + forced is not flat in d" \
       "$((1 - $(flat $id forced-gsync)))" "gsync's cost varies with d" "gsync is flat in d here too")" \
    "no interrupts in these series (paper/notes/seidel.md); the ring's links are disjoint on the torus as on the hypercube, so d changes nothing once synchronized"
}
success_row() {
  local id=$1 what=$2 n=$3
  # the paper (line 193): RDS + forced over 99%; gsync falling with d
  # (about 90% at d = 2, under 5% at d = 7): here, below RDS
  paper_row $id "$what" \
    "50<!--paper 002:168--> trials a point; RDS + forced > 99%<!--paper 002:193--> (line 193); gsync forced about 90%<!--paper 002:193--> at d = 2, < 5%<!--paper 002:193--> at d = 7; long erratic, RDS above gsync and sync0" \
    "d = $(dim "$n"): $(ovt $id forced-rds 4096)% after RDS, $(ovt $id forced-gsync 4096)% after gsync (forced, 4K); with the paper's interrupts (50<!--paper 002:142--> us every 10<!--paper 002:148--> ms) $(ovt $id forced-gsync-irq 4096)% forced, $(ovt $id long-gsync-irq 4096)% long after gsync, $(ovt $id forced-gsync-irq-rx 4096)% forced with a one-message receive port; long unsynchronized $(ovt $id long-none 4096)%, forced unsynchronized $(ovt $id forced-none 4096) (%; n/a: not run at this d)" \
    "$(verdict "$(cond "{$id;forced-rds;4096} >= 99")" "RDS + forced $(ovt $id forced-rds 4096)%" "RDS + forced only $(ovt $id forced-rds 4096)%" \
       "$(cond "{$id;forced-gsync-irq;4096} < {$id;forced-rds;4096}")" "gsync below RDS with the interrupts" "gsync does not fall off, with the interrupts either")" \
    "the paper's interrupts are modelled (-irq series), and its one-message receive port (-irq-rx); that pair fails forced shifts only for interrupts longer than the paper's, because gsync here leaves neighbours closer than the iPSC's s apart; a late node alone leaves even the unsynchronized forced shift unharmed (paper/notes/seidel.md)"
}
row_seidel_fig4_5() { success_row seidel-fig4-5 "Fig. 4-5: success rate, 4-node ring" 2; }
row_seidel_fig4_6() { success_row seidel-fig4-6 "Fig. 4-6: success rate, 32-node ring (ours: d = 4)" 4; }
row_seidel_fig4_7() { success_row seidel-fig4-7 "Fig. 4-7: success rate, 128-node ring (ours: d = $(dim "$(fig43_side)"))" "$(fig43_side)"; }
fig_seidel_fig4_5() {
  shift_fig seidel-fig4-5 2 success "Fig. 4-5: successful concurrent shifts, 4-node ring (d = 2)"
}
fig_seidel_fig4_6() {
  shift_fig seidel-fig4-6 4 success "Fig. 4-6: success, a 32-node ring (d = 5): ours 16 nodes (d = 4)"
}
fig_seidel_fig4_7() {
  local n
  n=$(fig43_side)
  shift_fig seidel-fig4-7 "$n" success "Fig. 4-7: success, a 128-node ring (d = 7): ours $((n * n)) nodes (d = $(dim "$n"))"
}
# Sec. 5's summary: success of every trial at every length, per d
fig_seidel_sec5() {
  local id=seidel-sec5 n s m l ok tot
  csv_start $id "series,x,y"
  for s in $SERIES; do
    for n in $(sides); do
      [[ " $(series "$n") " == *" $s "* ]] || continue
      ok=0 tot=0
      for m in $(lengths "$n"); do
        l=$(shift_run "$s" "$n" "$m")
        ok=$((ok + $(field "$l" successes))); tot=$((tot + $(trials "$l")))
      done
      csv_add $id "$s" "d=$(dim "$n")" "$((100 * ok / tot))"
    done
  done
  plot_bars $id "Sec. 5: successful concurrent shifts over all lengths (%)" "%"
}
row_seidel_sec5() {
  local id=seidel-sec5 rds=1 d
  for d in $(rows_of $id forced-rds | awk '{ print $1 }'); do [ "$(cond "{$id;forced-rds;$d} >= 99")" = 1 ] || rds=0; done
  # the paper: RDS + forced over 99% at every d; gsync's success falling
  # with d (here: a tenth lower at d = 4 than at d = 2)
  paper_row $id "Sec. 5: success rates" \
    "RDS + forced > 99%<!--paper 002:193--> for all d; gsync (forced) about 90%<!--paper 002:193--> at d = 2, < 5%<!--paper 002:193--> at d = 7; sync0 in between" \
    "forced: gsync $(qr $id forced-gsync d=2)% / $(qr $id forced-gsync d=4)%, RDS $(qr $id forced-rds d=2)% / $(qr $id forced-rds d=4)% at d = 2 / 4; long unsynchronized $(qr $id long-none d=2)%" \
    "$(verdict "$rds" "RDS agrees" "RDS below 99%<!--paper 002:193--> at some d" \
       "$(cond "{$id;forced-gsync-irq;d=4} < 0.9 * {$id;forced-gsync-irq;d=2}")" "gsync falls off with d with the paper's interrupts" "gsync's fall-off with d is absent, also with the paper's interrupts (forced-gsync-irq $(qr $id forced-gsync-irq d=2)% / $(qr $id forced-gsync-irq d=4)% at d = 2 / 4) and with them on a one-message receive port (forced-gsync-irq-rx $(qr $id forced-gsync-irq-rx d=2)% / $(qr $id forced-gsync-irq-rx d=4)%)")" \
    "interrupts (Sec. 3.4) and the one-message receive port of Fig. 3-11(b) are modelled (-irq, -irq-rx), but 50-us interrupts do not break gsync here: it leaves neighbours closer than s apart; d = 7 is not a square torus (paper/notes/seidel.md)"
}

# ---- Table III: minimum message length for RDS before a long shift --------
fig_seidel_table3() {
  local id=seidel-table3 n l c sk a bl f1 f2 l1
  f1=$(field "$(shift_run forced-rds 2 4096)" "time mean")
  f2=$(field "$(shift_run forced-rds 2 32768)" "time mean")
  l1=$(field "$(shift_run long-rds 2 4096)" "time mean")
  a=$(awk -v x="$f1" -v y="$f2" 'BEGIN { printf "%.5f", (y - x) / (32768 - 4096) }')  # cycles/byte
  bl=$(awk -v x="$l1" -v a="$a" 'BEGIN { printf "%.1f", x - a * 4096 }')
  csv_start $id "series,x,y"
  for n in $(sides); do
    # the RDS cost without the entry skew: the paper's 2 d b_s
    l=$(sd_line --kernel rds --n "$n" --words 0)
    c=$(field "$l" "cost mean"); sk=$(field "$l" "entry skew mean")
    csv_add $id "min-bytes" "$(dim "$n")" "$(awk -v c="$c" -v k="$sk" -v b="$bl" -v a="$a" 'BEGIN { printf "%.0f", (c - k - b / 2) / a }')"
  done
  plot_bars $id "Table III: minimum length (bytes) for RDS before a long shift, (C_RDS - b_l/2)/a" "bytes"
}
row_seidel_table3() {
  local id=seidel-table3 grows below=1 d t=seidel-table1
  grows=$(rows_of $id min-bytes | awk 'NR > 1 && $2 + 0 <= p { r = 1 } { p = $2 + 0 } END { print r ? 0 : 1 }')
  # the paper's values at our d (line 183: d = 2..7)
  for d in $(rows_of $id min-bytes | awk '{ print $1 }'); do
    [ "$(cond "{$id;min-bytes;$d} < 0.8 * $(awk -v d="$d" 'BEGIN { split("645 1062 1478 1895 2312 2728", p, " "); print p[d - 1] }')")" = 1 ] || below=0
  done
  paper_row $id "Table III: minimum message length for RDS + long shift" \
    "(2<!--paper 002:178--> d b_s - b_l/2)/a: 645, 1062, 1478, 1895, 2312, 2728<!--paper 002:183--> bytes for d = 2..7" \
    "(measured RDS cost - b_l/2)/a with our b_l, a: $(qr $id min-bytes 2), $(qr $id min-bytes 4) bytes at d = 2, 4$([ -z "$(cell $id min-bytes 6)" ] || echo ", $(qr $id min-bytes 6) at d = 6"); odd d not expressible" \
    "$(verdict "$grows" "grows with d as in the paper" "does not grow with d" \
       "$((1 - below))" "near the paper's values" "below the paper's at every d ($(qr $id min-bytes 2) against 645<!--paper 002:183--> at d = 2)")" \
    "our b_l$([ ! -f "$PAPER_OUT/$t.csv" ] || echo " ($(qr $t "b_l us" iPSC/860) us)") is about three b_s, not 136<!--paper 002:44--> us, which lowers every row; our RDS cost net of the entry skew is below 2<!--paper 002:178--> d b_s, though with simultaneous entries it is 2<!--paper 002:178--> d b_s (paper/notes/seidel.md), so subtracting the whole skew takes off too much"
}

paper_main "$@"
