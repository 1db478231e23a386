# Results written whole or not at all (source it). Each file is written
# under a temporary name beside it (hidden, this run's) and renamed into
# place when complete, so a run that stops early, by an error, Ctrl-C or a
# kill, leaves nothing that looks complete.
#   out_part FILE      the temporary name FILE is written under
#   out_done FILE...   rename each FILE's temporary into place
#   out_clean DIR...   on any exit, remove this run's temporaries in DIR...
#                      (a temporary may be a folder)
#   json_field JSON NAME      one field of a run's JSON (null: empty)
#   out_field JSON NAME WHO   the same, a failure when missing or null
#   gq TEXT            TEXT quoted for gnuplot (a path in its script)

out_part() { printf '%s/.%s.%s.part' "$(dirname "$1")" "$(basename "$1")" "$$"; }

out_done() {
  local f
  for f; do mv -f "$(out_part "$f")" "$f"; done
}

out_clean() {
  _out_dirs=("$@")
  # bash runs the EXIT trap on Ctrl-C and kill (INT, TERM) too
  trap _out_rm EXIT
}

_out_rm() {
  local d
  for d in "${_out_dirs[@]}"; do rm -rf "$d"/.*."$$".part; done
}

# json_field JSON NAME: NAME's value in a run's JSON (a number, true or a
# word), empty when the run did not give it or gave null
json_field() { echo "$1" | sed -n "s/.*\"$2\":\"\{0,1\}\([^,\"}]*\).*/\1/p" | sed 's/^null$//'; }

# out_field JSON NAME WHO: NAME's value in a run's JSON (a number, true or
# a word); a field the run did not give (or null) is a failure naming WHO,
# never an empty cell or the whole JSON in a table. Assign it alone
# (v=$(out_field ...)): set -e then stops the script.
out_field() {
  local v
  v=$(json_field "$1" "$2")
  if [ -z "$v" ]; then
    echo "$(basename "$0"): $3 gave no $2: $(echo "$1" | head -c 200)" >&2
    return 1
  fi
  echo "$v"
}

# gq TEXT: TEXT inside a gnuplot single-quoted string (a quote doubled):
# a path in a gnuplot script, whatever its folder's name
gq() { local q="'"; printf '%s' "${1//$q/$q$q}"; }
