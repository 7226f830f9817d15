#!/bin/bash
# Page CER of one legible build on the real corpus (tuned on) and the five unseen collections,
# one page at a time (--jobs 1), as 2026-12-07-detector-kept.md and -slanted-rows.md ran it.
#   2026-12-07-unseen-run.sh LEGIBLE OUT UNSEEN [REAL]
# UNSEEN holds the collections as Tools/unseen-collection and the Berlioz recipe of
# 2026-12-06-detector-first.md unpack them; LEGIBLE_HANDWRITING names the reader's folder when
# the build is not in a SwiftPM tree.
set -eu
L=$1; OUT=$2; UNSEEN=$3; REAL=${4:-$(dirname "$0")/../../../shared/corpus/real}
SCORE=$(dirname "$0")/2026-12-05-unseen.py
for s in celestine-doniau-danest:fra copiste-d-un-jour:fra jane-stanford-memorials:eng; do
  "$L" ingest "$REAL/${s%%:*}"/*.jpg -o "$OUT/${s%%:*}" -l "${s##*:}" -q --jobs 1 --force
done
python3 "$SCORE" legible "$OUT" "$REAL/celestine-doniau-danest" "$REAL/copiste-d-un-jour" "$REAL/jane-stanford-memorials"
for d in "$UNSEEN"/*/; do
  "$L" ingest $(ls "$d"*.jpg "$d"*.png 2>/dev/null) -o "$OUT/$(basename "$d")" -l fra -q --jobs 1 --force
done
python3 "$SCORE" legible "$OUT" "$UNSEEN"/*/
