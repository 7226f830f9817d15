#!/bin/bash
# The loop the network figures in Docs/Learning.md ("Measured") were taken with, 2026-12-05:
#   setup SET LANG K WORK; then bench WORK LANG MINUTES. Tools/adapt-bench runs the same loop with more readings.
#   ADAPT_FLAGS (say --head-only) is passed to adapt; LEGIBLE names the legible to run.
setup() {
    set -euo pipefail
    set_folder=$1 lang=$2 k=$3 work=$4
    legible=${LEGIBLE:-$(dirname "$0")/../../.build/release/legible}
    mkdir -p "$work/scans" "$work/truth" "$work/rest"
    cp "$set_folder"/*.jpg "$work/scans/"; cp "$set_folder"/*.xml "$work/truth/"
    pages=($(cd "$set_folder" && ls *.jpg | sort))
    "$legible" ingest "$work"/scans/*.jpg -o "$work/read" -l "$lang" --reader auto -q
    for page in "${pages[@]:0:$k}"; do
      stem=${page%.jpg}
      "$(dirname "$0")/../../Tools/correct-lines" "$work/read/$stem.json" "$work/truth/$stem.xml" > "$work/$stem.corrections.json"
      "$legible" edit --corrections "$work/$stem.corrections.json" "$work/read/$stem.json" > /dev/null
    done
    for page in "${pages[@]:$k}"; do cp "$work/scans/$page" "$work/rest/"; done
    (for page in "${pages[@]:0:$k}"; do echo "$work/read/${page%.jpg}.json"; done) > "$work/corrected.txt"
}
bench() {
    set -euo pipefail
    work=$1 lang=$2 minutes=${3:-10}
    legible=${LEGIBLE:-$(dirname "$0")/../../.build/release/legible}
    score() { "$legible" eval "$1" --truth "$work/truth" --only-transcribed | awk '/^OVERALL legible/ {print $3}'; }
    rm -rf "$work/model" "$work/auto" "$work/both"; mkdir -p "$work/model"
    start=$(date +%s.%N)
    /usr/bin/time -v "$legible" adapt $(cat "$work/corrected.txt") -o "$work/model/hand.traineddata" --scans "$work/scans" --minutes "$minutes" ${ADAPT_FLAGS:-} > "$work/adapt.txt" 2> "$work/adapt.err"
    seconds=$(echo "$(date +%s.%N) - $start" | bc)
    rest=("$work"/rest/*.jpg)
    "$legible" ingest "${rest[@]}" -o "$work/auto" -l "$lang" --reader auto -q
    /usr/bin/time -v "$legible" ingest "${rest[@]}" -o "$work/both" -l "$lang" --reader auto --model "$work/model/hand.traineddata" -q 2> "$work/read.err"
    printf 'auto %s, auto+model %s; adapt %.0f s, peak %s kB; read with model peak %s kB\n' "$(score "$work/auto")" "$(score "$work/both")" "$seconds" \
      "$(grep Maximum "$work/adapt.err" | awk '{print $6}')" "$(grep Maximum "$work/read.err" | awk '{print $6}')"
    cat "$work/adapt.txt"
}
"$@"
