#!/bin/sh
# One page a run, pinned to one core (taskset -c 0) and on both, before (BEFORE) and after
# (AFTER) Legible counted the processors it may use; the plain CLI pinned beside them. Three
# runs of each, taking turns. Rows: page, cores, subject, seconds, peak KB.
# Usage: LEGIBLE_HANDWRITING=.build/vendor/handwriting sh 2026-12-07-one-core.sh BEFORE AFTER CORPUS SCANS
set -eu
before=$1 after=$2 corpus=$3 scans=$4
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
pages="$corpus/jane-stanford-memorials/Lettre248.jpg $corpus/jane-stanford-memorials/Lettre251.jpg $scans/breip-plain.png"
printf 'page\tcores\tsubject\tseconds\tpeak_KB\n'
for page in $pages; do
  name=$(basename "$page")
  for run in 1 2 3; do
    for pin in "taskset -c 0" ""; do
      cores=$([ -n "$pin" ] && echo 1 || echo 2)
      for subject in before after; do
        binary=$([ $subject = before ] && echo "$before" || echo "$after")
        /usr/bin/time -f "$name	$cores	$subject	%e	%M" $pin "$binary" ingest "$page" -o "$out/$subject" -q --force 2>&1 | tail -1
      done
      /usr/bin/time -f "$name	$cores	tesseract	%e	%M" env OMP_THREAD_LIMIT=1 $pin tesseract "$page" "$out/t" -l eng hocr 2>&1 | tail -1
    done
  done
done
# A batch: the five letters in one run, pinned, at the default --jobs.
for subject in before after; do
  binary=$([ $subject = before ] && echo "$before" || echo "$after")
  /usr/bin/time -f "five letters	1	$subject	%e	%M" taskset -c 0 "$binary" ingest "$corpus"/jane-stanford-memorials/*.jpg -o "$out/b$subject" -q --force 2>&1 | tail -1
done
