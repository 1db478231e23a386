#!/usr/bin/env bash
# The figures and tables of Chuang and Horie: Normal hypercube algorithm performance on the AP1000 (1992, seed 004).
source "$(dirname "$0")/lib.sh"
PAPER_TITLE="Chuang and Horie: Normal hypercube algorithm performance on the AP1000 (1992, seed 004)"
FIGS=()
paper_main "$@"
