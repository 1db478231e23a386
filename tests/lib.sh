# Shared by the shell tests (source it): field NAME reads one value from a
# `syncswitch run --json` line on stdin.
field() { sed -n "s/.*\"$1\":\([^,}]*\).*/\1/p"; }
