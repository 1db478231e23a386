#!/usr/bin/env bash
# The syncswitch(1) manual page, made from the command's own --help (one
# table drives the parser and the help, so the page cannot drift from it).
#   scripts/manpage.sh BIN VERSION > syncswitch.1
set -euo pipefail
bin=$1; version=$2
help=$("$bin" --help)
esc() { sed 's/\\/\\e/g; s/^\([.'"'"']\)/\\\&\1/'; }
cat <<MAN
.TH SYNCSWITCH 1 "" "syncswitch $version" "User Commands"
.SH NAME
syncswitch \- cycle-level model of a 2D-torus wormhole router with the synchronizing switch
.SH SYNOPSIS
.nf
$(echo "$help" | sed -n '/^usage:/,/^options of/p' | sed '1d;$d' | sed 's/^  //' | esc)
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
$(echo "$help" | sed -n '/^options of run:/,/^exit status/p' | sed '$d' | esc)
.fi
.SH EXIT STATUS
$(echo "$help" | sed -n '/^exit status/,$p' | esc)
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
