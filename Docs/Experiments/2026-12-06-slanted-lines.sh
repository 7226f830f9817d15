#!/bin/bash
# Page CER of a legible build on the real corpus (the collections tuned on) and on the five unseen
# collections (unpacked by Tools/unseen-collection into UNSEEN/NAME), scored by 2026-12-05-unseen.py.
#
#   LEGIBLE=path/to/legible 2026-12-06-slanted-lines.sh OUT UNSEEN [REAL]
set -eu
L=${LEGIBLE:-.build/release/legible}; OUT=$1; UNSEEN=${2:?the folder of the unseen collections}; REAL=${3:-../shared/corpus/real}
SCORE=$(dirname "$0")/2026-12-05-unseen.py
for s in celestine-doniau-danest:fra copiste-d-un-jour:fra jane-stanford-memorials:eng; do
  set=${s%%:*}; lang=${s##*:}
  "$L" ingest "$REAL/$set"/*.jpg -o "$OUT/$set" -l "$lang" -q --jobs 2 --force
done
python3 "$SCORE" legible "$OUT" "$REAL/celestine-doniau-danest" "$REAL/copiste-d-un-jour" "$REAL/jane-stanford-memorials"
sets="lectaurep-repertoires cremma-mss-18 tables-decennales lectaurep-mariages berlioz-letters"
for set in $sets; do
  "$L" ingest $(ls "$UNSEEN/$set"/*.jpg "$UNSEEN/$set"/*.png 2>/dev/null) -o "$OUT/$set" -l fra -q --jobs 2 --force
done
python3 "$SCORE" legible "$OUT" $(for set in $sets; do echo "$UNSEEN/$set"; done)
