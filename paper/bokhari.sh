#!/usr/bin/env bash
# The figures and tables of Bokhari: Complete exchange on the iPSC-860 (1991, seed 000).
source "$(dirname "$0")/lib.sh"
PAPER_TITLE="Bokhari: Complete exchange on the iPSC-860 (1991, seed 000)"
FIGS=()
paper_main "$@"
