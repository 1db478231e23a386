#!/usr/bin/env bash
# A .pc file from its template: each @NAME@ of IN replaced by VALUE, as
# given (bash's quoted replacement: '&', '|', '\' and blanks in a prefix
# are written as they are, where sed would read them as its own syntax).
#   scripts/pc/fill.sh IN NAME=VALUE...   > OUT
# The one place the templates are filled (scripts/install.sh, Makefile).
set -eu
[ $# -ge 1 ] && [ -r "$1" ] || { echo "fill.sh: usage: fill.sh IN NAME=VALUE... (IN a readable template)" >&2; exit 2; }
text=$(<"$1")
shift
for kv; do
  case $kv in *=*) ;; *) echo "fill.sh: '$kv' is not NAME=VALUE" >&2; exit 2 ;; esac
  text=${text//"@${kv%%=*}@"/"${kv#*=}"}
done
printf '%s\n' "$text"
