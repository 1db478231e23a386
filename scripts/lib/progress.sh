#!/usr/bin/env bash
# No silence over 30 seconds (issue 30, part 9): run a long step with its
# output in a log, and while it runs say on stderr, every PROGRESS_EVERY
# seconds (default 20), what it is doing, for how long, and how far it is.
#   scripts/lib/progress.sh WHAT LOG [OBJDIR] -- CMD...
# WHAT names the step ("building the Verilated torus"); OBJDIR, when
# given, is Verilator's --Mdir: its generated C++ files and the objects
# compiled from them are the progress ("12 of 58 C++ files compiled").
# Without OBJDIR, the log's last line is. CMD's exit status is the
# script's; its output is only in LOG.
set -u
what=$1 log=$2 objdir=
shift 2
if [ "${1:-}" != -- ]; then objdir=$1; shift; fi
[ "${1:-}" = -- ] && shift
every=${PROGRESS_EVERY:-20}
case "$every" in ''|*[!0-9]*|0) echo "progress.sh: PROGRESS_EVERY must be a whole number of seconds >= 1, got '$every'" >&2; exit 2 ;; esac

start=$SECONDS
how_far() {
  if [ -n "$objdir" ]; then
    local n=0 m=0 f
    # a small model is compiled as one file (VM_PARALLEL_BUILDS = 0)
    if grep -qs 'VM_PARALLEL_BUILDS = 0' "$objdir"/*_classes.mk; then
      n=$(find "$objdir" -maxdepth 1 -name '*.o' | wc -l)
      echo "compiling the model as one file, $n objects so far"
      return
    fi
    for f in "$objdir"/*.cpp; do
      [ -e "$f" ] || continue
      m=$((m + 1))
      [ -e "${f%.cpp}.o" ] && n=$((n + 1))
    done
    if [ "$m" -eq 0 ]; then echo "verilating the RTL"
    elif [ "$n" -eq "$m" ]; then echo "$m C++ files compiled, linking"
    else echo "$n of $m C++ files compiled"; fi
  else
    tail -n 1 "$log" 2>/dev/null | cut -c1-100
  fi
}
# the reporter in the background, the step in the foreground (Ctrl-C
# reaches the step as it would without this script)
report() {
  while sleep "$every"; do echo "$what: $((SECONDS - start)) s, $(how_far)" >&2; done
}
report &
reporter=$!
trap 'kill "$reporter" 2>/dev/null' EXIT
"$@" >"$log" 2>&1
