"""Times one page a run, two builds taking turns (2026-12-06, "Speed and memory"):

    python3 2026-12-06-word-list-load.py OLD_LEGIBLE NEW_LEGIBLE RUNS PAGE:LANG... > OUT.jsonl

Each run is `legible ingest PAGE -o DIR -q --reader auto -l LANG --force` under /usr/bin/time;
one JSON line per run: build, page, language, seconds, peak KB."""
import json, os, subprocess, sys, tempfile

old, new, runs, pages = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
for page in pages:
    path, language = page.rsplit(':', 1)
    for run in range(runs):
        for build, binary in (('old', old), ('new', new)):
            with tempfile.TemporaryDirectory() as out:
                timed = subprocess.run(['/usr/bin/time', '-f', '%e %M', binary, 'ingest', path, '-o', out, '-q', '--reader', 'auto',
                                        '-l', language, '--force'], capture_output=True, text=True)
            seconds, peak = timed.stderr.strip().splitlines()[-1].split()
            print(json.dumps({'build': build, 'page': os.path.basename(path), 'language': language, 'run': run,
                              'seconds': float(seconds), 'peakKB': int(peak)}), flush=True)
