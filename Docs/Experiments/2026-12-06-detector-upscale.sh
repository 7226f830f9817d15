#!/bin/sh
# The text detector with and without upscaling pages smaller than its 960-pixel side: every page
# of three sets (the five Stanford letters, Berlioz's letters, CREMMA-MSS-18) reduced to a longer
# side of 480 and of 720 pixels, read by `legible ingest`, then scored (page CER).
B=/work/main/.build/release/legible
S=/work/main/Docs/Experiments/2026-12-05-unseen.py
for side in 480 720; do
  for config in upscale native; do
    for set in stanford:eng berlioz:fra cremma18:fra; do
      name=${set%%:*}; lang=${set##*:}
      out=/tmp/upscale/docs-$side-$config/$name
      start=$(date +%s.%N)
      if [ $config = native ]; then LEGIBLE_NO_UPSCALE=1 $B ingest /tmp/upscale/small/$side/$name/*.png -o $out -l $lang -q --force --jobs 2;
      else $B ingest /tmp/upscale/small/$side/$name/*.png -o $out -l $lang -q --force --jobs 2; fi
      end=$(date +%s.%N)
      echo "{\"side\": $side, \"config\": \"$config\", \"set\": \"$name\", \"wall\": $(echo "$end - $start" | bc)}"
      python3 $S legible /tmp/upscale/docs-$side-$config /tmp/upscale/small/$side/$name | sed "s/^{/{\"side\": $side, \"config\": \"$config\", /"
    done
  done
done
