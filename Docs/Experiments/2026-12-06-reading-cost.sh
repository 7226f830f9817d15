#!/bin/bash
# Reading with and without the adapted model, twice each, alternating; release build, quiet
# machine. The models are the ones 2026-12-06-rereading.sh made in $WORK (diary4, letters, copiste).
L=${LEGIBLE:-$(dirname "$0")/../../.build/release/legible}
for set in diary4:fra letters:eng copiste:fra; do
  name=${set%%:*} lang=${set##*:} work=${WORK:-/tmp/rereading}/$name
  rest=($work/rest/*.jpg)
  for i in 1 2; do
    for m in none model; do
      out=$work/c-$m; rm -rf $out
      extra=(); [ $m = model ] && extra=(--model $work/model/hand.traineddata)
      /usr/bin/time -f "%e %U %M" -o $work/ct $L ingest "${rest[@]}" -o $out -l $lang --reader auto -q "${extra[@]}"
      cer=$($L eval $out --truth $work/truth --only-transcribed | awk '/^OVERALL legible/ {print $3}')
      echo "$name $m run$i: $(cat $work/ct) cer=$cer"
    done
  done
done
