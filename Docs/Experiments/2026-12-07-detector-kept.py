"""The pages of DOCS/NAME/*.json (made by `legible ingest`) whose recognition check kept another
reading over the text detector's lines, with both readings' ink, lines and confidence.

    python3 2026-12-07-detector-kept.py DOCS"""
import glob, json, re, sys

DETECTOR = 'lines the text detector found'
for path in sorted(glob.glob(f'{sys.argv[1]}/*/*.json')):
    steps = [s for s in json.load(open(path)).get('preprocessing', []) if s['name'] == 'recognition-check']
    if not steps:
        continue
    detail = steps[0]['detail']
    kept = detail.split('; kept')[-1].strip()
    tried = {name.strip(): (int(ink), int(lines), float(confidence)) for name, ink, lines, confidence
             in re.findall(r'([^:;]+): (\d+)% of ink in (\d+) lines, confidence ([\d.]+)', detail)}
    if DETECTOR in tried and kept != DETECTOR:
        print(path, 'kept', kept, tried.get(kept), 'over the detector', tried[DETECTOR])
