#!/usr/bin/env bash
# The figures and tables of Bokhari: Complete exchange on the iPSC-860 (1991, seed 000).
# Every run uses the ipsc860 preset with this paper's own constants: its
# FORCED fit (seed line 121, t = 95 + 0.394m + 10.3d us) gives the send's
# start-up, --msg-cycles 2375 (95 us at S = 25 MHz, where the preset has
# seed 002's b_l = 136 us), and the wire time, --tt 39 (0.39 us per byte, the
# nearest whole cycle to 0.394; the preset has seed 002's 0.36).
source "$(dirname "$0")/lib.sh"
PAPER_TITLE="Bokhari: Complete exchange on the iPSC-860 (1991, seed 000)"
FIGS=(bokhari-fig2 bokhari-fig4 bokhari-fig10 bokhari-fig11 bokhari-fig12 bokhari-fig13)

MHZ=25
BK=(--preset ipsc860 --msg-cycles 2375 --tt 39)
JITTER=0.25   # Figs. 12-13: software costs uniform in c(1 +- 0.25)

# cyc ARGS...: the cycles of one verified run under BK
cyc() { jf "$(ss_run "${BK[@]}" "$@")" cycles; }
# t_us ARGS...: the same in microseconds
t_us() { us "$(cyc "$@")" "$MHZ"; }
# words BYTES: a block of BYTES bytes in 4-byte words (rounded up)
words() { echo $((($1 + 3) / 4)); }
# ratio A B: A / B to two places
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# grid ID PREFIX "VALUES" "BYTES" ARGS...: series PREFIX=v for each value v,
# one row per message length, each a run of ARGS plus "<option> v --words"
# (the option is ARGS' last word)
grid() {
  local id=$1 pre=$2 vs=$3 ms=$4 v m; shift 4
  for v in $vs; do
    for m in $ms; do csv_add "$id" "$pre=$v" "$m" "$(t_us "$@" "$v" --words "$(words "$m")")"; done
  done
}

# ---- Fig. 2: time against length and distance, one message -----------------
fig_bokhari_fig2() {
  local id=bokhari-fig2 d m ds ms
  if [ "$QUICK" = 1 ]; then ds="1 4 7"; ms="0 400"; else ds="1 2 3 4 5 6 7"; ms="0 100 200 300 400"; fi
  csv_start $id "series,x,y"
  grid $id d "$ds" "$ms" --kernel p2p --n 8 --dist
  # the paper's fitted line (line 121), evaluated by this script for the two
  # ends: a formula, not values the text states
  for d in 1 7; do
    for m in $ms; do csv_add $id "d=$d paper fit (line 121)" "$m" "$(awk -v m="$m" -v d="$d" 'BEGIN { printf "%.1f", 95 + 0.394 * m + 10.3 * d }')"; done
  done
  plot_xy $id "Fig. 2: one message, time vs length for distances 1..7 (ipsc860, 95 us send)" \
    "message length (bytes)" "time (us)"
}
# linear ID SERIES: 1 if no point of SERIES lies farther than 1% of its
# largest value from the line between its first and last points
linear() {
  rows_of "$1" "$2" | awk '{ x[++n] = $1; y[n] = $2; if ($2 + 0 > m) m = $2 + 0 }
    END { for (k = 2; k < n; k++) { d = y[k] - (y[1] + (y[n] - y[1]) * (x[k] - x[1]) / (x[n] - x[1])); if (d < 0) d = -d; if (d > m / 100) { print 0; exit } } print 1 }'
}
row_bokhari_fig2() {
  local id=bokhari-fig2 d ok=1
  for d in 1 7; do [ "$(linear $id d=$d)" = 1 ] || ok=0; done
  # the paper: lines linear in length, parallel, 10.3 us a link apart
  paper_row $id "Fig. 2: one message, m = 0-400 bytes, d = 1-7 links" \
    "at 0 bytes: about 95<!--paper 000:117--> us at d = 1, 155<!--paper 000:117--> us at d = 7 (about 10<!--paper 000:121;10.3--> us per link); FORCED fit t = 95<!--paper 000:121--> + 0.394<!--paper 000:121-->m + 10.3<!--paper 000:121-->d; UNFORCED jumps above 100<!--paper 000:121--> bytes" \
    "at 0 bytes: $(qr $id d=1 0) us at d = 1, $(qr $id d=7 0) us at d = 7; at 400 bytes: $(qr $id d=1 400) us at d = 1, $(qr $id d=7 400) us at d = 7" \
    "$(verdict "$ok" "linear in length, parallel with the paper's slope" "not linear in length" \
       "$(cond "({$id;d=7;0} - {$id;d=1;0}) / 6 >= 0.8 * 10.3")" "about the paper's cost a hop" "the lines almost coincide ($(qc 2 "({$id;d=7;0} - {$id;d=1;0}) / 6") us per hop, not 10.3<!--paper 000:121-->)")" \
    "the slope is ours by construction (\`--tt 39\` is the fit's 0.394<!--paper 000:121--> us/byte), so no check; a wormhole hop is $(qc 0 "({$id;d=7;0} - {$id;d=1;0}) * 25 / 6") cycles (from d = 1 to d = 7: $(qc 2 "{$id;d=7;0} - {$id;d=1;0}") us), the iPSC's circuit set-up cost ~10<!--paper 000:121;10.3--> us per link; one message protocol, so no UNFORCED family (notes)"
}

# ---- Fig. 4: K messages over one link ---------------------------------------
fig_bokhari_fig4() {
  local id=bokhari-fig4 ks ms
  if [ "$QUICK" = 1 ]; then ks="1 2 4 8"; ms="0 1000"; else ks="1 2 3 4 5 6 7 8"; ms="0 200 400 600 800 1000"; fi
  csv_start $id "series,x,y"
  grid $id k "$ks" "$ms" --kernel p2p-contend --n 16 --senders
  plot_xy $id "Fig. 4: k messages sharing one link (16x16, x first then y)" \
    "message length (bytes)" "time (us)"
}
row_bokhari_fig4() {
  local id=bokhari-fig4 big
  big=$(rows_of $id k=1 | awk '{ m = $1 } END { print m }')
  # the paper: time linear in the messages sharing the link; eight take
  # more than seven times one
  paper_row $id "Fig. 4: contention, k = 1-8 messages sharing one edge, m = 0-1000 bytes" \
    "eight contending 1000<!--paper 000:144-->-byte messages take more than seven times one message" \
    "at $big bytes: $(qv $id k=1 "$big" 2) us alone, $(qv $id k=8 "$big" 2) us for eight ($(qc 2 "{$id;k=8;$big} / {$id;k=1;$big}")x); at 0 bytes: $(qr $id k=8 0) us for eight" \
    "$(verdict "$(awk -F, -v x="$big" 'NR > 1 && $2 == x { k = $1; sub(/^k=/, "", k); print k, $3 }' "$PAPER_OUT/$id.csv" | sort -n | awk '{ x[++n] = $1; y[n] = $2 }
         END { for (k = 2; k < n; k++) { d = y[k] - (y[1] + (y[n] - y[1]) * (x[k] - x[1]) / (x[n] - x[1])); if (d < 0) d = -d; if (d > y[n] / 100) { print 0; exit } } print 1 }')" \
         "time grows linearly with the number of messages on the link, about one wire time each" "time not linear in the number of messages" \
       "$(cond "{$id;k=8;$big} > 7 * {$id;k=1;$big}")" "eight take more than seven times one" "eight take $(qc 2 "{$id;k=8;$big} / {$id;k=1;$big}")x one, not more than seven times")" \
    "our single message carries a start-up (\`--msg-cycles 2375\`) that the eight overlap, so the ratio stays below seven (notes)"
}

# ---- Figs. 10 and 11: the algorithms against block size ---------------------
# cx_sizes LIMIT: block sizes 2^0 .. 2^LIMIT bytes (every other one with QUICK)
cx_sizes() { local e step=1; [ "$QUICK" = 1 ] && step=2; for ((e = 0; e <= $1; e += step)); do echo $((1 << e)); done; }

# cx_fig ID N LIMIT: rows "ALG d=D" for the direct algorithms up to 2^LIMIT
# bytes and the standard exchange and pairwise_U up to 2^7 (as the paper).
# pairwise_F is cx-pairwise-f, the paper's: a global synchronization, then
# zero-byte pairwise synchronizations before each block (Sec. 5)
cx_fig() {
  local id=$1 n=$2 lim=$3 d b w prev_w=0 alg k y
  d=$(awk -v n="$n" 'BEGIN { printf "%d", log(n * n) / log(2) + 0.5 }')
  declare -A memo=()
  for b in $(cx_sizes "$lim"); do
    w=$(words "$b")
    for alg in linear:cx-linear stable:cx-stable pairwise_F:cx-pairwise-f standard:cx-standard pairwise_U:cx-pairwise-unsync; do
      k=${alg#*:}
      case $k in cx-standard | cx-pairwise-unsync) [ "$b" -le 128 ] || continue ;; esac
      # 1, 2 and 4 bytes are all one word: run once
      [ -n "${memo[$k.$w]:-}" ] || memo[$k.$w]=$(t_us --kernel "$k" --n "$n" --words "$w")
      csv_add "$id" "${alg%%:*} d=$d" "$b" "${memo[$k.$w]}"
    done
  done
}

# cx_summary ID D BIG: the times at BIG bytes and the largest block for
# which the standard exchange beats linear, for dimension D, as text
cx_summary() {
  local id=$1 d=$2 big=$3
  echo "d=$d at $big bytes: linear $(qr "$id" "linear d=$d" "$big"), stable $(qr "$id" "stable d=$d" "$big"), pairwise_F $(qr "$id" "pairwise_F d=$d" "$big") us; standard beats linear up to $(qrule 0 last_below "$id" "standard d=$d" "linear d=$d") bytes; pairwise_F/pairwise_U $(uf_ratio "$id" "$d" 1) at 1 byte, $(uf_ratio "$id" "$d" 64) at 64 bytes"
}

# uf_ratio ID D BYTES: pairwise_F's time over pairwise_U's (Sec. 6.4: about 2
# below 100 bytes), or "n/a" where a run is missing (QUICK sizes)
uf_ratio() {
  local f u
  f=$(ours_val "$1" "pairwise_F d=$2" "$3"); u=$(ours_val "$1" "pairwise_U d=$2" "$3")
  if [ -n "$f" ] && [ -n "$u" ]; then qc 2 "{$1;pairwise_F d=$2;$3} / {$1;pairwise_U d=$2;$3}"
  else echo n/a; fi
}

fig_bokhari_fig10() {
  local id=bokhari-fig10 lim
  # d = 6 only (n = 8): 5 and 7 are no square torus. 2^10 bytes is where a
  # run of 64 nodes starts to cost seconds (2^12: 26 s a run).
  lim=$(cx_lim10)
  csv_start $id "series,x,y"
  cx_fig $id 8 $lim
  plot_xy $id "Fig. 10: complete exchange, d = 6 (8x8 torus, raster mapping)" \
    "block size (bytes)" "time (us)" logx logy
}
cx_lim10() { if [ "$QUICK" = 1 ]; then echo 6; else echo 10; fi; }
cx_lim11() { if [ "$QUICK" = 1 ]; then echo 8; else echo 12; fi; }
# cx_verdict ID D...: the paper's statements at each dimension D: the
# standard exchange best at the smallest block, pairwise_F at the largest,
# stable below linear at the largest
cx_verdict() {
  local id=$1 d a=() best big small; shift
  for d in "$@"; do
    small=$(rows_of "$id" "standard d=$d" | awk 'NR == 1 { print $1 }')
    big=$(rows_of "$id" "linear d=$d" | awk '{ m = $1 } END { print m }')
    best=$(awk -F, -v x="$small" -v d=" d=$d" 'NR > 1 && $2 == x && substr($1, length($1) - length(d) + 1) == d && (v == "" || $3 + 0 < v) { v = $3 + 0; s = $1 } END { sub(/ d=.*/, "", s); print s }' "$PAPER_OUT/$id.csv")
    a+=("$([ "$best" = standard ] && echo 1 || echo 0)" "standard best at $small byte (d = $d)" "$best, not standard, best at $small byte (d = $d)")
    best=$(awk -F, -v x="$big" -v d=" d=$d" 'NR > 1 && $2 == x && substr($1, length($1) - length(d) + 1) == d && (v == "" || $3 + 0 < v) { v = $3 + 0; s = $1 } END { sub(/ d=.*/, "", s); print s }' "$PAPER_OUT/$id.csv")
    a+=("$([ "$best" = pairwise_F ] && echo 1 || echo 0)" "pairwise_F best at $big bytes (d = $d)" "$best, not pairwise_F, best at $big bytes (d = $d)")
    a+=("$(cond "{$id;stable d=$d;$big} < {$id;linear d=$d;$big}")" "stable below linear at $big bytes (d = $d)" "stable not below linear at $big bytes (d = $d)")
  done
  verdict "${a[@]}"
}
row_bokhari_fig10() {
  local id=bokhari-fig10
  paper_row $id "Fig. 10: the six implementations, d = 5, 6, 7, 2^0-2^12 bytes (max of 100<!--paper 000:502--> runs)" \
    "standard_U best for small blocks, pairwise_F for large (asymptotically optimal); stable beats linear (max times) for d = 5-7; UNFORCED jump near 100<!--paper 000:478--> bytes" \
    "$(cx_summary $id 6 $((1 << $(cx_lim10))))" \
    "$(cx_verdict $id 6)" \
    "only d = 6 maps to a square torus; XOR partners are not contention-free on a torus; one message protocol, so no jump (notes)"
}

fig_bokhari_fig11() {
  local id=bokhari-fig11 lim
  lim=$(cx_lim11)
  csv_start $id "series,x,y"
  cx_fig $id 2 $lim
  cx_fig $id 4 $lim
  plot_xy $id "Fig. 11: complete exchange, d = 2 (2x2) and d = 4 (4x4)" \
    "block size (bytes)" "time (us)" logx logy
}
row_bokhari_fig11() {
  local id=bokhari-fig11 big
  big=$((1 << $(cx_lim11)))
  paper_row $id "Fig. 11: the six implementations, d = 1-4, 2^0-2^12 bytes" \
    "d = 1: pairwise_U small, linear large; from d = 2 pairwise_F optimal for large blocks; from d = 3 standard_U best for the smallest" \
    "$(cx_summary $id 2 $big); $(cx_summary $id 4 $big)" \
    "$(cx_verdict $id 2 4)" \
    "odd d (d = 1, 3) is no square torus; XOR partners share torus links (notes)"
}

# ---- Figs. 12 and 13: envelopes over jittered runs --------------------------
# envelope ID N SERIES:KERNEL... -- BYTES...: R runs per point at --jitter,
# seeds 1..R; rows series,x,mean,min,max
envelope() {
  local id=$1 n=$2; shift 2
  local algs=() b r k vals
  while [ "$1" != -- ]; do algs+=("$1"); shift; done
  shift
  local R=8; [ "$QUICK" = 1 ] && R=3
  for b in "$@"; do
    for a in "${algs[@]}"; do
      k=${a#*:}; vals=()
      for ((r = 1; r <= R; r++)); do vals+=("$(t_us --kernel "$k" --n "$n" --words "$(words "$b")" --jitter $JITTER --seed $r)"); done
      # lib.sh's stats keeps 4 digits; these times have 5
      read -r mean lo hi <<<"$(printf '%s\n' "${vals[@]}" | awk '{ s += $1; if (NR == 1 || $1 < lo) lo = $1; if (NR == 1 || $1 > hi) hi = $1 }
                                                      END { printf "%.1f %.1f %.1f", s / NR, lo, hi }')"
      csv_add "$id" "${a%%:*}" "$b" "$mean" "$lo" "$hi"
    done
  done
}

# lt A B: is A < B
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }
# width ID SERIES X: max - min
width() { awk -v a="$(ours_val "$1" "$2" "$3" 5)" -v b="$(ours_val "$1" "$2" "$3" 4)" 'BEGIN { printf "%.0f", a - b }'; }

# env_cmp ID X: Fig. 12's claims checked at X bytes
env_cmp() {
  local id=$1 x=$2 ok=0 t=""
  if lt "$(ours_val $id stable "$x" 3)" "$(ours_val $id linear "$x" 3)" && lt "$(ours_val $id stable "$x" 5)" "$(ours_val $id linear "$x" 5)"; then
    t="stable below linear in mean and max"; ok=$((ok + 1))
  else t="stable not below linear in mean and max"; fi
  if lt "$(width $id pairwise_F "$x")" "$(width $id linear "$x")"; then t="$t; pairwise_F's envelope narrower than linear's"; ok=$((ok + 1))
  else t="$t; pairwise_F's envelope not narrower than linear's"; fi
  if lt "$(width $id linear "$x")" "$(width $id stable "$x")"; then t="$t; linear's spread below stable's (paper: above)"
  else t="$t; linear's spread above stable's"; ok=$((ok + 1)); fi
  case $ok in 3) echo "yes: $t" ;; 0) echo "no: $t" ;; *) echo "partly: $t" ;; esac
}

# sync_cmp ID X: Fig. 13's claims checked at 0 and X bytes
sync_cmp() {
  local id=$1 x=$2 ok=0 t
  local w0=$(width $id unsynchronized 0) wx=$(width $id unsynchronized "$x") p0=$(width $id pairwise_F 0) px=$(width $id pairwise_F "$x")
  if lt "$(ours_val $id unsynchronized "$x" 4)" "$(ours_val $id pairwise_F "$x" 4)" && lt "$(ours_val $id unsynchronized 0 4)" "$(ours_val $id pairwise_F 0 4)"; then
    t="unsynchronized minimum below pairwise_F's"; ok=$((ok + 1))
  else t="unsynchronized minimum not always below pairwise_F's"; fi
  if lt "$px" "$wx"; then t="$t; its spread grows from $(wtag $id unsynchronized 0) to $(wtag $id unsynchronized "$x") us, pairwise_F's from $(wtag $id pairwise_F 0) to $(wtag $id pairwise_F "$x")"; ok=$((ok + 1))
  else t="$t; its spread ($(wtag $id unsynchronized "$x") us) not above pairwise_F's ($(wtag $id pairwise_F "$x"))"; fi
  case $ok in 2) echo "yes: $t" ;; 0) echo "no: $t" ;; *) echo "partly: $t" ;; esac
}

# spread ID SERIES X: "min..max (mean)", tagged
spread() { echo "$(qv "$1" "$2" "$3" 0 1 4)..$(qv "$1" "$2" "$3" 0 1 5) (mean $(qv "$1" "$2" "$3" 0))"; }
# wtag ID SERIES X: max - min, tagged
wtag() { qc 0 "{$1;$2;$3;5} - {$1;$2;$3;4}"; }

fig12_sizes() { if [ "$QUICK" = 1 ]; then echo "256 1024"; else echo "512 1024 2048 4096"; fi; }
fig_bokhari_fig12() {
  local id=bokhari-fig12 sizes
  sizes=$(fig12_sizes)
  csv_start $id "series,x,y,ymin,ymax"
  envelope $id 4 linear:cx-linear stable:cx-stable pairwise_F:cx-pairwise -- $sizes
  plot_xy $id "Fig. 12: max/avg/min over seeded runs, --jitter $JITTER, d = 4 (4x4)" \
    "block size (bytes)" "time (us)"
}
row_bokhari_fig12() {
  local id=bokhari-fig12 big
  big=$(fig12_sizes); big=${big##* }
  paper_row $id "Fig. 12: envelopes of linear, stable, pairwise_F, d = 5 (100<!--paper 000:533--> runs)" \
    "spread of linear slightly more than stable, its average and maximum well above stable; pairwise_F's envelope very tight" \
    "d = 4, at $big bytes, us: linear $(spread $id linear "$big"), stable $(spread $id stable "$big"), pairwise_F $(spread $id pairwise_F "$big")" \
    "$(env_cmp $id "$big")" \
    "d = 4, not d = 5 (no square torus); our variation is the software-cost jitter, not the iPSC's serial transmit/receive (notes)"
}

fig13_sizes() { if [ "$QUICK" = 1 ]; then echo "0 2000 4000"; else echo "0 1000 2000 3000 4000"; fi; }
fig_bokhari_fig13() {
  local id=bokhari-fig13 sizes
  sizes=$(fig13_sizes)
  csv_start $id "series,x,y,ymin,ymax"
  envelope $id 4 pairwise_F:cx-pairwise unsynchronized:cx-pairwise-unsync -- $sizes
  plot_xy $id "Fig. 13: pairwise with and without pairwise synchronization, --jitter $JITTER, d = 4" \
    "block size (bytes)" "time (us)"
}
row_bokhari_fig13() {
  local id=bokhari-fig13 big
  big=$(fig13_sizes); big=${big##* }
  paper_row $id "Fig. 13: pairwise_F with and without the pairwise synchronizations, d = 5 (1000<!--paper 000:548--> runs)" \
    "with: a narrow band of constant width; without: max-min grows with block size, min below pairwise_F by a constant" \
    "d = 4, us: at 0 bytes pairwise_F $(spread $id pairwise_F 0), unsynchronized $(spread $id unsynchronized 0); at $big bytes pairwise_F $(spread $id pairwise_F "$big"), unsynchronized $(spread $id unsynchronized "$big")" \
    "$(sync_cmp $id "$big")" \
    "the synchronization here is waiting for the partner's block, not a zero-byte message pair (notes)"
}

paper_main "$@"
