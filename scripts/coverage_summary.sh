#!/usr/bin/env bash
# The summary of a coverage run (scripts/coverage.sh): from DIR/merged.dat,
# DIR/points.csv (every functional point and its count) and DIR/modules.csv
# (line and branch coverage per source file, toggle coverage per module);
# on stdout the markdown: the functional points by group, the HEAD routes no
# run took (split into those the routing rules forbid and the rest), and the
# line/branch/toggle tables.
#   scripts/coverage_summary.sh DIR > DIR/summary.md
set -eu
dir=${1:-}
[ -f "$dir/merged.dat" ] && [ -f "$dir/runs.txt" ] || { echo "coverage_summary.sh: no merged.dat/runs.txt in '$dir' (run scripts/coverage.sh)" >&2; exit 2; }

# merged.dat: "C '<\001key\002value...>' count" per point; page v_user/...
# are the cover points (o: the name), v_line/v_branch (per file f) and
# v_toggle (per module: the page's name up to its parameters)
awk -v points="$dir/points.csv" -v modules="$dir/modules.csv" '
  /^C / {
    n = $NF; s = $0; sub(/^C \047/, "", s); sub(/\047 [0-9]+$/, "", s)
    k = split(s, f, "\001"); page = ""; name = ""; file = ""
    for (i = 1; i <= k; i++) {
      split(f[i], kv, "\002")
      if (kv[1] == "page") page = kv[2]
      if (kv[1] == "o") name = kv[2]
      if (kv[1] == "f") file = kv[2]
    }
    split(page, pg, "/"); kind = substr(pg[1], 3); mod = pg[2]; sub(/__.*/, "", mod)
    sub(/.*\//, "", file)
    unit = kind == "toggle" ? mod : file
    if (kind == "user") pt[name] += n
    else { tot[unit "," kind]++; if (n > 0) hit[unit "," kind]++ }
  }
  END {
    print "point,count" >points
    close(points)
    for (p in pt) print p "," pt[p] | "sort >>" points
    close("sort >>" points)
    print "unit,kind,hit,total,percent" >modules
    close(modules)
    for (m in tot) printf "%s,%d,%d,%.1f\n", m, hit[m] + 0, tot[m], 100 * hit[m] / tot[m] | "sort >>" modules
    close("sort >>" modules)
  }' "$dir/merged.dat"
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
    for (i = 1; i <= nm; i++) {
      split(mod[i], f, ","); pc[f[1] "," f[2]] = sprintf("%.1f%% (%d/%d)", f[5], f[3], f[4])
      if (f[2] == "toggle") tg[f[1]] = 1; else src[f[1]] = 1
    }
    printf "\n\n| source file | line | branch |\n|---|---:|---:|\n"
    for (m in src) printf "| %s | %s | %s |\n", m, pc[m ",line"], pc[m ",branch"] | "sort"
    close("sort")
    printf "\n| module | toggle |\n|---|---:|\n"
    for (m in tg) printf "| %s | %s |\n", m, pc[m ",toggle"] | "sort"
    close("sort")
  }' "$dir/points.csv" "$dir/modules.csv"
