#!/usr/bin/env bash
# syncswitch-mpi (issue 20, part 3; docs/scale.md, "MPI"): the same JSON,
# field for field but wall_s, as syncswitch on 1, 2 and 4 ranks, with
# threads inside the ranks, in both payload modes, at a corner of depth and
# T_t, with jitter, and the same stuck report; a rank that dies, ranks
# with another binary or other arguments, --config read by rank 0 only,
# and what cannot be split stop every rank with one line and never hang. The golden subsets on 2 and 4
# ranks are tests/golden.sh --mpi K (tests/run.sh). Oversubscribed on a
# small machine: an exchange costs about a millisecond on 4 ranks, so the
# 4-rank runs here are a few thousand cycles.
# Prints one PASS/FAIL line per case.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=tests/lib.sh
. "$here/lib.sh"
dir="${1:-build}"
bin="$dir/syncswitch" mbin="$dir/syncswitch-mpi" tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass() { echo "PASS mpi_$1"; }
fail() { echo "FAIL mpi_$1: $2"; }
# on K ranks, quiet (-q: mpirun's own notices off), never hanging
mpi() {
  local k=$1; shift
  timeout 300 mpirun --allow-run-as-root --oversubscribe -q -np "$k" "$@" </dev/null
}

if [ ! -x "$mbin" ]; then fail built "$mbin is missing (make $mbin)"; exit 0; fi

# same NAME "RANKS..." ARGS...: the JSON of ARGS from syncswitch, then from
# syncswitch-mpi on each number of ranks
same_ref() { "$bin" "$@"; }
same_variant() { local k=$1; shift; mpi "$k" "$mbin" "$@"; }
same() { same_across "$@"; }

same phased "1 2 4" run --kernel phased --n 8 --words 4
same msgpass "2" run --kernel msgpass --n 8 --words 4
same msgpass_n6_rows_3_3 "2" run --kernel msgpass --n 6 --words 4 --tt 1
same two_stage_4 "4" run --kernel two-stage --n 4 --words 4
same phased_threads "2" run --kernel phased --n 8 --words 16 --threads 2
same phased_memory "2" run --kernel phased --n 8 --words 16 --payload memory
same phased_depth1_tt1 "2" run --kernel phased --n 8 --words 8 --depth 1 --tt 1
same msgpass_var_jitter "2" run --kernel msgpass-var --n 8 --words 8 --size-variance 0.5 \
  --jitter 0.3 --seed 5
same phased_sw "2" run --kernel phased-sw --n 8 --words 4
same butterfly "2" run --kernel butterfly --n 4 --words 8

# a stuck run: the same exit status and the same report (every band's
# routers and nodes gathered on rank 0)
"$bin" run --kernel msgpass --n 4 --words 16 --stall 3:5 --watchdog 2000 >/dev/null 2>"$tmp/one"
st1=$?
mpi 2 "$mbin" run --kernel msgpass --n 4 --words 16 --stall 3:5 --watchdog 2000 >/dev/null \
  2>"$tmp/two"
st2=$?
if [ "$st1" = 3 ] && [ "$st2" = 3 ] && cmp -s "$tmp/one" "$tmp/two"; then pass stuck_report
else fail stuck_report "exit $st1 / $st2; $(diff "$tmp/one" "$tmp/two" | head -3 | tr '\n' ' ')"; fi

# one_line NAME WANT_STATUS PATTERN CMD...: exit WANT_STATUS, one line on
# stderr matching PATTERN, nothing on stdout
one_line() {
  local name=$1 want=$2 pat=$3 st; shift 3
  "$@" >"$tmp/out" 2>"$tmp/err"
  st=$?
  if [ "$st" != "$want" ]; then fail "$name" "exit $st, want $want: $(head -c 300 "$tmp/err")"
  elif [ "$(wc -l <"$tmp/err")" != 1 ] || ! grep -q -- "$pat" "$tmp/err"; then
    fail "$name" "stderr is not one line matching '$pat': $(head -c 300 "$tmp/err")"
  elif [ -s "$tmp/out" ]; then fail "$name" "printed $(head -c 100 "$tmp/out")"
  else pass "$name"; fi
}

# a rank killed mid-run (SIGKILL, as a crash or a lost machine): every
# rank stops, no JSON, the hook's one line
SYNCSWITCH_MPI_TEST_KILL=1:200 one_line rank_killed 137 "rank 1: killed at cycle 200" \
  mpi 2 "$mbin" run --kernel phased --n 8 --words 16 --json
SYNCSWITCH_MPI_TEST_KILL=3:50 one_line rank_killed_4 137 "rank 3: killed at cycle 50" \
  mpi 4 "$mbin" run --kernel phased --n 8 --words 4 --json
SYNCSWITCH_MPI_TEST_KILL=x one_line kill_hook_bad 2 "is not RANK:CYCLE" \
  mpi 2 "$mbin" run --kernel phased --n 8 --words 4

# another binary (the same build with one byte more) or other arguments
cp "$mbin" "$tmp/other" && echo x >>"$tmp/other"
one_line other_binary 2 "rank 1 runs another binary than rank 0" \
  timeout 300 mpirun --allow-run-as-root --oversubscribe -q \
  -np 1 "$mbin" run --kernel phased --n 8 --words 4 : -np 1 "$tmp/other" run --kernel phased --n 8 --words 4
one_line other_args 2 "rank 1 was given other arguments than rank 0" \
  timeout 300 mpirun --allow-run-as-root --oversubscribe -q \
  -np 1 "$mbin" run --kernel phased --n 8 --words 4 : -np 1 "$mbin" run --kernel phased --n 8 --words 8

# what cannot be split: refused by the library's checks, one line, exit 2
one_line whole_machine_kernel 2 "kernel gsync reads other nodes' memory" \
  mpi 2 "$mbin" run --kernel gsync --n 8 --words 0
one_line traffic 2 "synthetic traffic and traces .* not on 2 MPI ranks" \
  mpi 2 "$mbin" traffic --pattern uniform --rate 0.1 --n 8
one_line background 2 "background = 'uniform:0.01'.*not on 2 MPI ranks" \
  mpi 2 "$mbin" run --kernel msgpass --n 8 --words 4 --background uniform:0.01
one_line rows 2 "n = 2 is out of range for 4 MPI ranks (allowed 4..64" \
  mpi 4 "$mbin" run --kernel msgpass --n 2 --words 4
one_line threads 2 "threads = 3 is out of range (allowed 1..n / ranks = 2" \
  mpi 4 "$mbin" run --kernel phased --n 8 --words 4 --threads 3
one_line backend 2 "2 MPI ranks need backend c (backend = rtl steps in one process)" \
  mpi 2 "$mbin" run --kernel phased --n 8 --words 4 --backend rtl
one_line record 2 "syncswitch-mpi runs without --record" \
  mpi 2 "$mbin" run --kernel phased --n 8 --words 4 --record "$tmp/rec"

# --config: rank 0 reads the files and every rank runs its options (each
# rank's working folder has its own exp.conf here, as machines would):
# the result is rank 0's experiment; a file rank 0 cannot read stops every
# rank with its one line, none waiting for it
mkdir -p "$tmp/r0" "$tmp/r1"
printf 'kernel = msgpass\nn = 8\nwords = 4\n' >"$tmp/r0/exp.conf"
printf 'kernel = msgpass\nn = 8\nwords = 8\n' >"$tmp/r1/exp.conf"
abs_mbin="$(cd "$(dirname "$mbin")" && pwd)/$(basename "$mbin")"
one=$("$bin" run --config "$tmp/r0/exp.conf" --json 2>&1 | strip_wall)
two=$(mpi 2 sh -c 'cd "$0/r$OMPI_COMM_WORLD_RANK" && exec "$@"' "$tmp" "$abs_mbin" run \
      --config exp.conf --json 2>&1 | strip_wall)
if [ -n "$one" ] && [ "$one" = "$two" ]; then pass config_rank0_reads
else fail config_rank0_reads "2 ranks: $two; rank 0's file alone: $one"; fi
rm "$tmp/r0/exp.conf"
one_line config_rank0_missing 2 "--config 'exp.conf': cannot be read" \
  mpi 2 sh -c 'cd "$0/r$OMPI_COMM_WORLD_RANK" && exec "$@"' "$tmp" "$abs_mbin" run --config exp.conf
