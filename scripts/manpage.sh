#!/usr/bin/env bash
# The syncswitch(1) manual page, made from the command's own --help (one
# table drives the parser and the help, so the page cannot drift from it).
#   scripts/manpage.sh BIN VERSION > syncswitch.1
# BIN is checked before the page is written: its --help must have the
# three parts the page is made of (a binary that says nothing, /bin/true,
# made a page with an empty SYNOPSIS and OPTIONS).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib/check.sh
. "$here/lib/check.sh"
[ $# -eq 2 ] && [ -n "$1" ] && [ -n "$2" ] ||
  { echo "usage: scripts/manpage.sh BIN VERSION > syncswitch.1" >&2; exit 2; }
BIN=$1 version=$2
check_exe BIN
help=$("$BIN" --help 2>/dev/null </dev/null) || check_fail BIN "a syncswitch whose --help exits 0"
esc() { sed 's/\\/\\e/g; s/^\([.'"'"']\)/\\\&\1/'; }
synopsis=$(echo "$help" | sed -n '/^usage:/,/^options of/p' | sed '1d;$d' | sed 's/^  //' | esc)
options=$(echo "$help" | sed -n '/^options of run:/,/^exit status/p' | sed '$d' | esc)
status=$(echo "$help" | sed -n '/^exit status/,$p' | esc)
[ -n "$synopsis" ] && [ -n "$options" ] && [ -n "$status" ] ||
  check_fail BIN "a syncswitch whose --help has 'usage:', 'options of run:' and 'exit status'"
cat <<MAN
.TH SYNCSWITCH 1 "" "syncswitch $version" "User Commands"
.SH NAME
syncswitch \- cycle-level model of a 2D-torus wormhole router with the synchronizing switch
.SH SYNOPSIS
.nf
$synopsis
.fi
.SH DESCRIPTION
Runs the kernels (node programs) of the source papers, synthetic traffic and
message traces on a cycle-level C model of an n x n torus of wormhole routers
whose all-to-all (AAPC) queues carry the synchronizing switch, and reports
cycles, aggregate bandwidth against Eq. 1 (32nS/T_t) and the check of every
word received. Every value is checked by the library (libsyncswitch, see
syncswitch.h) before any work starts; a refused value is one line on standard
error and exit status 2.
.SH OPTIONS
.nf
$options
.fi
.SH EXIT STATUS
$status
.SH FILES
.TP
.I PREFIX/include/syncswitch.h
the C API (docs/api.md)
.TP
.I PREFIX/lib/pkgconfig/syncswitch.pc
compiler and linker flags: pkg-config --cflags --libs syncswitch
.TP
.I PREFIX/share/syncswitch/rtl
the synthesizable Verilog-2005 of the router and the torus, and the FuseSoC core
.TP
.I PREFIX/share/doc/syncswitch
the documentation
.SH NOTES
The installed command runs the C model; the rtl, cosim, sc and sc-rtl
backends build Verilated binaries and run from the source tree.
MAN
