"""The time and memory of reading one page with two `legible` builds and the plain `tesseract`
CLI, taking turns, one page a run, a median of RUNS runs each (Docs/Recognition.md, "Detected
lines"). Writes one JSON object a page to stdout: seconds and peak MB for each reader.

    python3 2026-12-06-detector-cost.py RUNS LANG BEFORE AFTER IMAGE...

BEFORE and AFTER are `legible` executables (each beside its own build, so that it finds its
models); each run is `ingest IMAGE -o OUT -l LANG -q --force --jobs 1`, the model load
included, as a user's one-page run is. tesseract runs as `OMP_THREAD_LIMIT=1 tesseract IMAGE
OUT -l LANG hocr`."""
import json, os, resource, statistics, subprocess, sys, tempfile, time


def measured(command, env=None):
    """Wall seconds and peak resident MB of one run of `command`."""
    start = time.monotonic()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    if status != 0:
        sys.exit(f"{command[0]} failed on {command[-1]} with status {status}")
    return time.monotonic() - start, usage.ru_maxrss / 1024


runs, language, before, after, images = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
work = tempfile.mkdtemp(prefix="detector-cost-")
single = dict(os.environ, OMP_THREAD_LIMIT="1")
for image in images:
    readers = {
        "before": [before, "ingest", image, "-o", work + "/b", "-l", language, "-q", "--force", "--jobs", "1"],
        "after": [after, "ingest", image, "-o", work + "/a", "-l", language, "-q", "--force", "--jobs", "1"],
        "tesseract": ["tesseract", image, work + "/t", "-l", language, "hocr"],
    }
    figures = {name: [] for name in readers}
    for _ in range(runs):
        for name, command in readers.items():
            figures[name].append(measured(command, single if name == "tesseract" else None))
    print(json.dumps({"page": os.path.basename(image)} | {
        name: {"seconds": round(statistics.median(s for s, _ in runs_), 2), "MB": round(max(m for _, m in runs_))}
        for name, runs_ in figures.items()}), flush=True)
