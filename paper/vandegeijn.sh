#!/usr/bin/env bash
# The figures and tables of van de Geijn: On global combine operations (1991, seed 003).
source "$(dirname "$0")/lib.sh"
PAPER_TITLE="van de Geijn: On global combine operations (1991, seed 003)"
FIGS=()
paper_main "$@"
