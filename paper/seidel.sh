#!/usr/bin/env bash
# The figures and tables of Seidel and Davis: global synchronization on the iPSC/860 (1992, seed 002).
source "$(dirname "$0")/lib.sh"
PAPER_TITLE="Seidel and Davis: global synchronization on the iPSC/860 (1992, seed 002)"
FIGS=()
paper_main "$@"
