# Shared by the shell tests (source it).

# strip_wall: a --json line without its wall time and the skip it ran with
# (the fields that differ between runs of the same simulation: the skip and
# its share of cycles depend on the backend and the ranks, not the result)
strip_wall() { sed 's/,"wall_s":[0-9.]*//; s/,"skip":"[a-z]*","skipped_share":[0-9.]*//'; }

# strip_progress FILE: FILE without the lines a run on another backend
# prints while it waits for another run's build of that backend or builds
# it (testbench/cli/backend_exec.c): under load, or on a tree where that
# build is stale, they are right, and no part of the message a test wants
# when it asks for exactly one line
strip_progress() {
  grep -v -e "^syncswitch: waiting for another run's backend build in " \
    -e "^syncswitch: building .* (once; minutes on a busy machine)\.\.\.\$" "$1" >"$1.p" || true
  mv "$1.p" "$1"
}

# field NAME: one value from a `syncswitch ... --json` line on stdin.
field() { sed -n "s/.*\"$1\":\([^,}]*\).*/\1/p"; }

# strip_backend: strip_wall, and the backend's name too (runs of one
# simulation on two backends)
strip_backend() { sed 's/"backend":"[a-z-]*",//' | strip_wall; }

# json_diff A B: the first field where two --json lines differ, as
# 'field NAME: A_VALUE vs B_VALUE' ('(none)' for a field only one has);
# nothing when they are equal. The comparators below name it.
json_diff() {
  A=$1 B=$2 awk '
    function parse(s, names, vals, has,   n, i, f) {
      sub(/}$/, "", s); n = split(s, f, /,"/)
      for (i = 1; i <= n; i++) {
        names[i] = f[i]; sub(/^[{]?"/, "", names[i]); sub(/".*/, "", names[i])
        vals[i] = f[i]; sub(/^[^:]*:/, "", vals[i]); has[names[i]] = vals[i]
      }
      return n
    }
    BEGIN {
      na = parse(ENVIRON["A"], an, av, ah); nb = parse(ENVIRON["B"], bn, bv, bh)
      for (i = 1; i <= (na > nb ? na : nb); i++) {
        if (i <= na && i <= nb && an[i] == bn[i] && av[i] == bv[i]) continue
        if (i <= na && !(an[i] in bh)) { printf "field %s: %s vs (none)\n", an[i], av[i]; exit }
        if (i <= nb && !(bn[i] in ah)) { printf "field %s: (none) vs %s\n", bn[i], bv[i]; exit }
        if (an[i] == bn[i]) { printf "field %s: %s vs %s\n", an[i], av[i], bv[i]; exit }
        printf "field order: %s vs %s\n", an[i], bn[i]; exit
      }
    }'
}

# same_as_c TEST BIN BACKEND ARGS...: `BIN ARGS --backend BACKEND --json`
# exits 0, is verified and prints the C backend's JSON (backend and wall
# time aside), and matches the regex $MUST when that is set; $BE_ARGS, when
# set, goes to the BACKEND run only. One PASS/FAIL line named TEST; a
# difference names the first field that differs.
same_as_c() {
  local name=$1 bin=$2 be=$3; shift 3
  local c s rc err
  err=$(mktemp)
  c=$("$bin" "$@" --json 2>/dev/null | strip_backend)
  # shellcheck disable=SC2086
  s=$("$bin" "$@" --backend "$be" ${BE_ARGS:-} --json 2>"$err"); rc=$?
  s=$(echo "$s" | strip_backend)
  if [ $rc -ne 0 ]; then echo "FAIL $name: exit $rc: $(head -c 300 "$err")"
  elif [ -z "$c" ]; then echo "FAIL $name: no JSON from the c run"
  elif [ "$c" != "$s" ]; then echo "FAIL $name: $(json_diff "$c" "$s") (c vs $be)"
  elif ! echo "$s" | grep -q '"verified":true'; then echo "FAIL $name: not verified: $s"
  elif [ -n "${MUST:-}" ] && ! echo "$s" | grep -q "$MUST"; then echo "FAIL $name: no $MUST in $s"
  else echo "PASS $name"; fi
  rm -f "$err"
}

# same_across TEST "VARIANTS" ARGS...: the JSON of `same_ref ARGS --json`
# (wall time aside), then of `same_variant V ARGS --json` for each V of
# VARIANTS (threads, ranks, ...): PASS when every one agrees with the
# first, else a FAIL naming the variant and the first field that differs.
# The caller defines same_ref, same_variant, pass and fail.
same_across() {
  local name=$1 variants=$2 one many v err; shift 2
  err=$(mktemp)
  one=$(same_ref "$@" --json 2>"$err" | strip_wall)
  if [ -z "$one" ]; then
    fail "$name" "no JSON from the reference run: $(head -c 200 "$err")"; rm -f "$err"; return
  fi
  for v in $variants; do
    many=$(same_variant "$v" "$@" --json 2>"$err" | strip_wall)
    if [ -z "$many" ]; then
      fail "$name" "$v: no JSON: $(head -c 200 "$err")"; rm -f "$err"; return
    elif [ "$one" != "$many" ]; then
      fail "$name" "$v: $(json_diff "$one" "$many") (reference vs $v)"; rm -f "$err"; return
    fi
  done
  rm -f "$err"
  pass "$name"
}

# bounded BIN DIR: the path of a wrapper (written into DIR) that runs BIN
# with the same arguments under timeout, CASE_TIMEOUT seconds (default
# 300): a case whose run hangs ends with exit 124 and one line on stderr
# saying so, and fails under its own name (issue 33). The wrapper stays in
# BIN's process group (--foreground), so a `timeout` or a signal around it
# reaches BIN too.
bounded() {
  local w b=$1
  case "$b" in /*) ;; *) b="$PWD/$b" ;; esac
  w="$2/bounded-$(basename "$b")"
  cat >"$w" <<WRAP
#!/bin/sh
timeout --foreground -k 10 "\${CASE_TIMEOUT:-300}" "$b" "\$@"
rc=\$?
[ \$rc -eq 124 ] && echo "$(basename "$b"): timed out after \${CASE_TIMEOUT:-300} s (CASE_TIMEOUT)" >&2
exit \$rc
WRAP
  chmod +x "$w"
  echo "$w"
}

# script_init PREFIX BUILD: the opening of a test script: $bin (BUILD's
# syncswitch, each run bounded), $tmp (removed on exit), and pass/fail
# printing "PASS PREFIX_name" / "FAIL PREFIX_name: why".
script_init() {
  bin="${2:-build}/syncswitch"
  tmp=$(mktemp -d)
  # shellcheck disable=SC2064
  trap "rm -rf '$tmp'" EXIT
  bin=$(bounded "$bin" "$tmp")   # each run bounded: CASE_TIMEOUT
  eval "pass() { echo \"PASS $1_\$1\"; }; fail() { echo \"FAIL $1_\$1: \$2\"; }"
}

# The planted-fault tests of the structural checkers (tests/*_planted.sh):
# each row of their tables is NAME @@ ... @@ WANT. plant_row LINE: LINE's
# fields, between ' @@ ', into the array row.
plant_row() {
  local s=$1
  row=()
  while [[ $s == *" @@ "* ]]; do row+=("${s%% @@ *}"); s=${s#* @@ }; done
  row+=("$s")
}
# plant COPY ORIG SED: SED applied in place to COPY, a copy of ORIG; false
# when it changed nothing (the plant no longer applies: its text moved)
plant() { sed -i -e "$3" "$1" && ! cmp -s "$1" "$2"; }
