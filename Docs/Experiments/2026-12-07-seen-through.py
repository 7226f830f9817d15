"""Writing seen through the paper (2026-12-07-seen-through.md): each line Legible read, read
again by the pinned recogniser through onnxruntime as it is and turned over left to right
(greedy, width 1, the box less 15 % at top and bottom); then the pages scored with the lines
that read surer turned over left out, under each rule.

    python3 2026-12-07-seen-through.py dump OUT IMAGES DUMPS    # OUT/NAME/*.json of legible ingest
    python3 2026-12-07-seen-through.py score DUMPS OUT IMAGES [OUT IMAGES ...]

Needs numpy, pillow and onnxruntime (the peer's venv, 2026-12-05-unseen.py)."""
import glob, json, os, sys
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
V = os.path.join(HERE, '../../.build/vendor/handwriting/')
scorer = {}
exec(open(os.path.join(HERE, '2026-12-05-unseen.py')).read().split("mode, arg, sets")[0], scorer)


def reader():
    import numpy as np, onnxruntime as ort
    sess = ort.InferenceSession(V + 'ppocrv6-rec.onnx', providers=['CPUExecutionProvider'])
    chars = [''] + [l.rstrip('\n') for l in open(V + 'ppocrv6_dict.txt', encoding='utf-8')] + [' ']

    def read(grey):
        w, h = grey.size
        a = np.asarray(grey.resize((max(8, round(w * 48 / h)), 48), Image.BILINEAR), dtype=np.float32) / 127.5 - 1
        p = sess.run(None, {sess.get_inputs()[0].name: np.repeat(a[None, None], 3, axis=1)})[0][0]
        out, conf, prev = [], [], 0
        for i, m in zip(p.argmax(1), p.max(1)):
            if i != 0 and i != prev: out.append(chars[i] if i < len(chars) else '?'); conf.append(m)
            prev = i
        return ''.join(out), float(np.mean(conf)) if conf else 0.0
    return read


def dump(out, images, dumps):
    read = reader()
    for name in sorted(os.listdir(out)):
        pages = {}
        for js in sorted(glob.glob(f'{out}/{name}/*.json')):
            stem = os.path.basename(js)[:-5]
            image = [p for p in glob.glob(f'{images}/{name}/{stem}.*') if p[-3:] in ('jpg', 'png')][0]
            grey = Image.open(image).convert('L'); lines = []
            for line in json.load(open(js))['lines']:
                x, y, w, h = line['box']; t = h * 0.15
                crop = grey.crop((x - 8, int(y + t) - 8, x + w + 8, int(y + h - t) + 8))
                a, b = read(crop), read(crop.transpose(Image.FLIP_LEFT_RIGHT))
                lines.append((line['range'], a[1], b[1], sum(c.isalpha() for c in b[0])))
            pages[stem] = lines
        json.dump(pages, open(f'{dumps}/{name}.json', 'w'))


def score(dumps, pairs):
    where = {name: (out, images) for out, images in pairs for name in os.listdir(out)}
    seen = lambda r, m: r[3] >= 3 and r[2] >= r[1] + m
    rules = {'none': lambda res: [], **{f'all m{m}': (lambda m: lambda res: [r for r in res if seen(r, m)])(m) for m in (0, 0.05, 0.1, 0.2)},
             'six first, m0.05': lambda res: [r for r in res if seen(r, 0.05)] if any(seen(r, 0.05) for r in res[:6]) else []}
    for fn in sorted(os.listdir(dumps)):
        name = fn[:-5]; out, images = where[name]; pages = json.load(open(f'{dumps}/{fn}')); row = [name]
        for rule, drop in rules.items():
            errors = chars = 0
            for stem, res in pages.items():
                truth = scorer['norm'](scorer['truth'](f'{images}/{name}/{stem}.xml'))
                text = json.load(open(f'{out}/{name}/{stem}.json'))['text']
                for r in sorted(drop(res), key=lambda r: -r[0][0]): text = text[:r[0][0]] + text[r[0][1]:]
                errors += scorer['lev'](scorer['norm'](text), truth); chars += len(truth)
            row.append(f'{rule} {errors / chars:.3f}')
        print(' | '.join(row), flush=True)


if sys.argv[1] == 'dump': dump(*sys.argv[2:5])
else: score(sys.argv[2], list(zip(sys.argv[3::2], sys.argv[4::2])))
