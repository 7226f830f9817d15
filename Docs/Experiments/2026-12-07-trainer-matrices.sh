#!/bin/bash
# A trainer folder that `legible adapt` wrote, run again for STEPS steps under an environment
# (2026-12-07-trainer-matrices.md). Take the folder while adapt trains:
#   cp -r /tmp/legible-adapt-*/network SAVED     (job.json, model.onnx, *.lines, the trainer)
# then, from the repository's root (the trainer's code is taken from Trainer/):
#        Docs/Experiments/2026-12-07-trainer-matrices.sh SAVED NAME STEPS [VARIABLE=VALUE...]
# e.g.   ... SAVED jemalloc 20 LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2 \
#            MALLOC_CONF=dirty_decay_ms:-1,muzzy_decay_ms:-1 OMP_WAIT_POLICY=PASSIVE
# AVERAGE=0.9 before it sets the job's running average (0, none, by default).
# Prints NAME, wall seconds, peak kB and the last measure; no refit, no early stop.
set -euo pipefail
saved=$1 name=$2 steps=$3; shift 3
run=$(mktemp -d "/tmp/trainer-$name-XXXXXX")
cp "$saved"/{aside.lines,train.lines,model.onnx} "$run/"
cp Trainer/{legible_train.py,onnx_graph.py,trainer_io.py} "$run/"
deadline=$(/usr/bin/python3 -c "import time; print(time.monotonic() + 3600)")
printf '{"parent":0,"pixels":3200,"every":10,"steps":%d,"refit":false,"rate":3e-05,"pull":0.001,"seed":1,"batch":8,"trained":"all","deadline":%s,"threads":2,"patience":1000,"average":%s}\n' \
  "$steps" "$deadline" "${AVERAGE:-0}" > "$run/job.json"
/usr/bin/time -f "%e s %M kB" -o "$run/time.txt" env -i PATH=/usr/bin:/bin LC_ALL=C.UTF-8 HOME="$run" OMP_NUM_THREADS=1 "$@" \
  /usr/bin/python3 -I -B "$run/legible_train.py" "$run" > "$run/progress.log" 2> "$run/errors.log"
echo "$name: $(cat "$run/time.txt") | $(tail -1 "$run/progress.log")"
cat "$run/progress.log"
rm -rf "$run"
