#!/bin/bash
# One page a run before and after a change, beside the tesseract CLI, on the 17 pages of
# 2026-12-06-detector-cost.jsonl; writes the JSON lines of 2026-12-07-page-memory.jsonl.
#   B=OLD/legible A=NEW/legible LEGIBLE_HANDWRITING=FOLDER 2026-12-07-page-memory.sh UNSEEN > OUT.jsonl
set -eu

PY=$(dirname "$0")/2026-12-06-detector-cost.py
R=${REAL:-$(dirname "$0")/../../../shared/corpus/real}; U=${1:?the folder of the unseen collections}; S=$(dirname "$0")/../../Scans
B=${B:?the build before}; A=${A:?the build after}
python3 $PY 3 eng $B $A $R/jane-stanford-memorials/*.jpg $S/chicago-1.png $S/kristi-legal.png $S/humor-ruled.png
python3 $PY 3 fra $B $A $R/celestine-doniau-danest/*.jpg $U/berlioz-letters/Lettre01_04-11-1823_{1,2,3}.jpg $U/lectaurep-repertoires/DAFANCH96_048MIC0764{4_L-1,5_L-0}.jpg
