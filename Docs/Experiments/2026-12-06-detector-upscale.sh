#!/bin/sh
# The text detector with and without upscaling pages smaller than its 960-pixel side: every page
# of three sets (the five Stanford letters, Berlioz's letters, CREMMA-MSS-18) reduced to a longer
# side of 480 and of 720 pixels, read by `legible ingest`, then scored (page CER).
# The reduced sets: each page in grey, Lanczos, its ALTO or PAGE truth beside it.
python3 - <<'PY'
import glob, os, shutil
from PIL import Image
sets = {'stanford': '/work/shared/corpus/real/jane-stanford-memorials',
        'berlioz': '/tmp/unseen/berlioz-letters', 'cremma18': '/tmp/unseen/cremma-mss-18'}
for side in (480, 720):
    for name, src in sets.items():
        out = f'/tmp/upscale/small/{side}/{name}'; os.makedirs(out, exist_ok=True)
        for img in sorted(glob.glob(src + '/*.jpg') + glob.glob(src + '/*.png')):
            stem = os.path.splitext(os.path.basename(img))[0]
            if not os.path.exists(os.path.join(src, stem + '.xml')): continue
            im = Image.open(img); r = side / max(im.size)
            im.convert('L').resize((round(im.size[0] * r), round(im.size[1] * r)), Image.LANCZOS).save(
                f'{out}/{stem}.png', dpi=(max(1, int(300 * r)), max(1, int(300 * r))))
            shutil.copy(os.path.join(src, stem + '.xml'), f'{out}/{stem}.xml')
PY
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
