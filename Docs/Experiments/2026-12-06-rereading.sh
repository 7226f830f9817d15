#!/bin/bash
# Reading with an adapted model: which lines the adapted Tesseract model reads again
# (Docs/Experiments/2026-12-06-rereading.md). usage: 2026-12-06-rereading.sh NAME SET LANG K
# It makes the model once (the 2026-12-05 bench), then reads the pages not corrected without
# the model and with it at each bar. LEGIBLE_REREAD_BELOW was read only by the trial build:
# beside the handwriting reader, lines it read with a confidence at or above the bar were not
# read again (2 = every line, 0 = none).
set -euo pipefail
name=$1 set=$2 lang=$3 k=$4
work=${WORK:-/tmp/rereading}/$name
bench=$(dirname "$0")/2026-12-05-network-bench.sh
export LEGIBLE=${LEGIBLE:-$(dirname "$0")/../../.build/release/legible}
if [ ! -f $work/model/hand.traineddata ]; then
  rm -rf $work; bash $bench setup $set $lang $k $work
  bash $bench bench $work $lang 10 > $work/bench.txt 2>&1 || true
fi
score() { $LEGIBLE eval "$1" --truth "$work/truth" --only-transcribed | awk '/^OVERALL legible/ {print $3}'; }
rest=($work/rest/*.jpg)
for bar in none 2 0.95 0.9 0.85 0.8 0.7 0; do
  out=$work/r-$bar; rm -rf $out
  if [ $bar = none ]; then
    /usr/bin/time -f "%e %M" -o $work/t-$bar $LEGIBLE ingest "${rest[@]}" -o $out -l $lang --reader auto -q
  else
    LEGIBLE_REREAD_BELOW=$bar /usr/bin/time -f "%e %M" -o $work/t-$bar $LEGIBLE ingest "${rest[@]}" -o $out -l $lang --reader auto --model $work/model/hand.traineddata -q
  fi
  adapted=$(cat $out/*.json | grep -ho '"reader" *: *"adapted"' | wc -l || true)
  echo "$name bar=$bar cer=$(score $out) time,peakKB=$(cat $work/t-$bar) adaptedLines=$adapted"
done
