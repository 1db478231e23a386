# The scripts' settings from the environment, checked before any work
# (source it). Each check names a variable; unset or empty, it is not
# checked and the script's default applies; blanks alone are not empty
# (${VAR:-default} keeps them) and are refused. A value that is not allowed
# gets one line on stderr, naming the variable, the value and what is
# allowed, and exit 2:
#   traffic.sh: WINDOW = 'ten' is not allowed (allowed: a whole number 100..100000000)

# check_fail VAR ALLOWED: that line, and exit 2
check_fail() {
  local v=${!1:-}
  echo "$(basename "$0"): $1 = '${v//$'\n'/\\n}' is not allowed (allowed: $2)" >&2
  exit 2
}

# is_int V LO HI: V is a whole number in LO..HI (base 10: "010" is ten)
is_int() {
  [[ "$1" =~ ^[0-9]{1,15}$ ]] && [ $((10#$1)) -ge "$2" ] && [ $((10#$1)) -le "$3" ]
}

# check_int VAR LO HI: a whole number LO..HI
check_int() {
  [ -z "${!1:-}" ] || is_int "${!1}" "$2" "$3" || check_fail "$1" "a whole number $2..$3"
}

# listed VAR ALLOWED: VAR holds words to check (false: unset or empty, the
# default applies); blanks alone are refused, else a list check would loop
# over no word and the script keep the blanks as its list
listed() {
  [ -n "${!1:-}" ] || return 1
  [ -n "${!1//[[:space:]]/}" ] || check_fail "$1" "$2"
}

# words_of VAR: VAR's words in the array words, split at blanks and never
# expanded as file names: a '*' is checked as the word '*' and refused, not
# as the names of the files where the script was started (which could pass
# the check, and the script's own unquoted loop would then run them)
words_of() {
  words=()
  read -r -d '' -a words <<<"${!1}" || true
}

# check_ints VAR LO HI: whole numbers LO..HI, one or more, spaces between
check_ints() {
  local v ok="whole numbers $2..$3, spaces between" words
  listed "$1" "$ok" || return 0
  words_of "$1"
  for v in "${words[@]}"; do is_int "$v" "$2" "$3" || check_fail "$1" "$ok"; done
}

# check_each VAR REGEX ALLOWED: one or more words, spaces between, each
# matching REGEX
check_each() {
  local v words
  listed "$1" "$3" || return 0
  words_of "$1"
  for v in "${words[@]}"; do [[ $v =~ $2 ]] || check_fail "$1" "$3"; done
}

# check_bool VAR: 0 or 1
check_bool() {
  case "${!1:-}" in ''|0|1) ;; *) check_fail "$1" "0 or 1" ;; esac
}

# one_of V WORD...: V is one of the WORDs
one_of() {
  local v=$1 w; shift
  for w; do [ "$v" = "$w" ] && return 0; done
  return 1
}

# check_words VAR WORD...: one or more of the WORDs, spaces between
check_words() {
  local var=$1 v words; shift
  listed "$var" "one or more of: $*" || return 0
  words_of "$var"
  for v in "${words[@]}"; do one_of "$v" "$@" || check_fail "$var" "one or more of: $*"; done
}

# check_word VAR WORD...: one of the WORDs (one word: not a list)
check_word() {
  local var=$1; shift
  [ -z "${!var:-}" ] || one_of "${!var}" "$@" || check_fail "$var" "one of: $*"
}

# check_dir VAR: a folder, or a path where one can be made (not a file)
check_dir() {
  local v=${!1:-}
  [ -z "$v" ] && return 0
  [ ! -e "$v" ] || [ -d "$v" ] || check_fail "$1" "a folder (it is a file)"
}

# check_exe VAR: an executable file
check_exe() {
  local v=${!1:-}
  [ -z "$v" ] && return 0
  [ -x "$v" ] && [ ! -d "$v" ] || check_fail "$1" "an executable file"
}

# check_sim VAR: an executable file that runs as the simulator ('VAR list'
# exits 0 and names kernels), so a binary that fails says so before any
# work instead of a silent exit 1 (SS=/bin/false), and one that answers
# nothing is not taken for one (SS=/bin/true: tables of empty cells)
check_sim() {
  check_exe "$1"
  local v=${!1:-} rc=0 out
  [ -z "$v" ] && return 0
  out=$("$v" list 2>/dev/null </dev/null) || rc=$?
  [ "$rc" = 0 ] || check_fail "$1" "a syncswitch binary: '$v list' exits $rc"
  [ -n "$out" ] || check_fail "$1" "a syncswitch binary: '$v list' names no kernel"
}

# check_run VAR WORD RUN-ARGS...: the library judges one run of $SS before
# any work ('$SS run RUN-ARGS --check': its ranges, sizes and memory, the
# run's own checks alone); a refusal names VAR's WORD and the library's
# reason, a binary that cannot judge (says nothing, or knows no --check)
# names SS
check_run() {
  local var=$1 word=$2 why rc=0; shift 2
  why=$("$SS" run "$@" --check 2>&1 >/dev/null) || rc=$?
  [ "$rc" = 0 ] && return 0
  case $why in
    "" | *"unknown option '--check'"*)
      echo "$(basename "$0"): SS = '$SS' is not allowed (allowed: a syncswitch that judges a run with" \
           "--check; it exited $rc: ${why:-nothing said})" | head -1 >&2 ;;
    *) echo "$(basename "$0"): $var = '$word' is not allowed: ${why#syncswitch: }" | head -1 >&2 ;;
  esac
  exit 2
}

# check_reals VAR LO HI: decimal numbers LO..HI, one or more, spaces between
check_reals() {
  local v words
  listed "$1" "numbers $2..$3, spaces between" || return 0
  words_of "$1"
  for v in "${words[@]}"; do
    [[ "$v" =~ ^([0-9]{1,9}(\.[0-9]{0,9})?|\.[0-9]{1,9})$ ]] &&
      awk -v v="$v" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v + 0 >= lo && v + 0 <= hi) }' ||
      check_fail "$1" "numbers $2..$3, spaces between"
  done
}
