#!/bin/sh
# Single-page ingest, five runs of each setting taking turns: ONNX Runtime's arena off (n),
# on for the recogniser (r), on for both sessions (b); wall seconds and peak KB.
cd /tmp/s39
R=/work/main/../shared/corpus/real
for img in /work/main/Scans/breip-plain.png $R/jane-stanford-memorials/Lettre251.jpg $R/celestine-doniau-danest/10c3fa40-d683-4703-8bc4-94b48936ce85.jpg $R/copiste-d-un-jour/imp_wikitexte_0022.jpg; do
  for i in 1 2 3 4 5; do
    for a in n r b; do
      LEGIBLE_ARENA=$a /usr/bin/time -f "{\"page\": \"$(basename $img)\", \"arena\": \"$a\", \"seconds\": %e, \"peakKB\": %M}" /work/main/.build/release/legible ingest $img -o /tmp/s39/aout-$a -q --force
    done
  done
done
