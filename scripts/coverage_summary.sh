#!/usr/bin/env bash
# The markdown summary of a coverage run (scripts/coverage.sh writes
# DIR/points.csv and DIR/modules.csv): the functional points by group, the
# HEAD routes no run took (split into those the routing rules forbid and
# the rest), and line/toggle/branch coverage per module.
#   scripts/coverage_summary.sh DIR > DIR/summary.md
set -eu
dir=$1
[ -f "$dir/points.csv" ] && [ -f "$dir/modules.csv" ] || { echo "coverage_summary.sh: no points.csv/modules.csv in '$dir'" >&2; exit 2; }
awk -F, -v runs="$(wc -l <"$dir/runs.txt")" '
  FNR == 1 { next }
  FILENAME ~ /points/ { c[$1] = $2; next }
  { mod[++nm] = $0 }
  # why the routing rules (ss_route_compute.vh) forbid route point (p, o, v, d)
  function forbidden(p, o, v, d) {
    if (o == 4 && d) return "no dateline on the eject port"
    if (p < 4 && o < 4 && int(p / 2) == int(o / 2) && p != o) return "a U-turn"
    if (p >= 2 && p < 4 && o < 2) return "Y before X"
    if (v == 1 && d) return "a crossing moves to MP high"
    if (v == 2 && !d && o < 4 && p != o) return "MP high only by crossing or straight on"
    return ""
  }
  END {
    split("X+ X- Y+ Y- local", P, " "); split("AAPC,MP low,MP high", V, ",")
    printf "Co-simulated runs: %d (the golden 8x8 cases and tests/coverage/runs.txt), every\n", runs
    printf "router of the 8x8 array, counts summed over routers (cycles a point held).\n\n"
    printf "| point | X+ | X- | Y+ | Y- | local |\n|---|---:|---:|---:|---:|---:|\n"
    for (v = 0; v < 3; v++) {
      printf "| credits reach 0, output VC %s |", V[v + 1]
      for (o = 0; o < 5; o++) { n = c["cover_credit_zero_o" o "_v" v]; printf " %d |", n; if (!n) miss[++nmiss] = "credits reach 0 at output " P[o + 1] " VC " V[v + 1] }
      printf "\n"
    }
    for (v = 0; v < 3; v++) {
      printf "| an owned output VC blocks the HEAD of input VC %s |", V[v + 1]
      for (p = 0; p < 5; p++) { n = c["cover_head_blocked_i" p "_v" v]; printf " %d |", n; if (!n) miss[++nmiss] = "an owned output VC blocks a HEAD at input " P[p + 1] " VC " V[v + 1] }
      printf "\n"
    }
    printf "\n| point | count |\n|---|---:|\n"
    printf "| sticky bits cleared by the AND gate as an AAPC TAIL leaves | %d |\n", c["cover_clear_tail_hw"]
    printf "| the same in mode off (the AND gate clears, nothing is gated) | %d |\n", c["cover_clear_tail_off"]
    printf "| sticky bits cleared by the node (software) as an AAPC TAIL leaves | %d |\n", c["cover_clear_tail_sw"]
    if (!c["cover_clear_tail_hw"]) miss[++nmiss] = "hardware clear and TAIL in one cycle"
    if (!c["cover_clear_tail_off"]) miss[++nmiss] = "AND-gate clear and TAIL in one cycle in mode off"
    if (!c["cover_clear_tail_sw"]) miss[++nmiss] = "software clear and TAIL in one cycle"
    hit = 0; allowed = 0
    for (p = 0; p < 5; p++) for (o = 0; o < 5; o++) for (v = 0; v < 3; v++) for (d = 0; d < 2; d++) {
      n = c["cover_route_i" p "_o" o "_v" v "_d" d]; why = forbidden(p, o, v, d)
      if (n) hit++
      if (n && why) bad[++nbad] = P[p + 1] "->" P[o + 1] " " V[v + 1] (d ? " crossing" : "")
      if (!why) { allowed++; if (!n) nohit[++nno] = P[p + 1] "->" P[o + 1] " " V[v + 1] (d ? " crossing" : "") }
    }
    printf "\nHEAD routes (input port, output port, output VC, dateline crossed or not): "
    printf "%d of the 150 combinations taken; the routing rules allow %d of them.\n", hit, allowed
    if (nbad) { printf "Taken although the rules above forbid them (a rule or the RTL is wrong):"; for (i = 1; i <= nbad; i++) printf " %s;", bad[i]; printf "\n" }
    printf "\nAllowed by the rules but taken by no run (%d):", nno
    for (i = 1; i <= nno; i++) printf " %s;", nohit[i]
    printf "\n\nOther points no run reaches (%d):", nmiss
    for (i = 1; i <= nmiss; i++) printf " %s;", miss[i]
    printf "\n\n| module | line | toggle | branch |\n|---|---:|---:|---:|\n"
    for (i = 1; i <= nm; i++) { split(mod[i], f, ","); r[f[1]] = 1; pc[f[1] "," f[2]] = sprintf("%.1f%% (%d/%d)", f[5], f[3], f[4]) }
    for (m in r) printf "| %s | %s | %s | %s |\n", m, pc[m ",line"], pc[m ",toggle"], pc[m ",branch"]
  }' "$dir/points.csv" "$dir/modules.csv"
