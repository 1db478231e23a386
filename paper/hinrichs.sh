#!/usr/bin/env bash
# The figures and tables of Hinrichs, Kosak, O'Hallaron, Stricker, Take: An architecture for optimal all-to-all personalized communication (1994, seed 001).
source "$(dirname "$0")/lib.sh"
PAPER_TITLE="Hinrichs, Kosak, O'Hallaron, Stricker, Take: An architecture for optimal all-to-all personalized communication (1994, seed 001)"
FIGS=()
paper_main "$@"
