"""Page CER of two runs page by page, with the median line height in the detector's 960-pixel
map (the first run's lines): `python3 2026-12-07-detector-side.py BEFORE AFTER`, run in the
folder holding `unseen/NAME/` (the truth; else the real corpus's folders are looked in)."""
import glob, json, os, statistics, sys
here=os.path.dirname(os.path.abspath(__file__))
src=open(os.path.join(here, '2026-12-05-unseen.py')).read().split("mode, arg, sets")[0]; ns={}; exec(src,ns)
A,B=sys.argv[1],sys.argv[2]
rows=[]
for f in sorted(glob.glob(A+'/*/*.json')):
    name,stem=f.split('/')[-2],f.split('/')[-1][:-5]
    x=f'unseen/{name}/{stem}.xml'
    if not os.path.exists(x): x=os.path.join(os.environ.get('REAL', os.path.join(here, '../../../shared/corpus/real')), name, stem + '.xml')
    t=ns['norm'](ns['truth'](x))
    d=json.load(open(f)); W,H=d['image']['width'],d['image']['height']
    m=statistics.median([l['box'][3] for l in d['lines']] or [0])*960/max(W,H)
    a=ns['lev'](ns['norm'](d['text']),t); b=ns['lev'](ns['norm'](json.load(open(f.replace(A,B,1)))['text']),t)
    rows.append((m,name,stem,a/len(t),b/len(t),len(t),a,b))
for r in sorted(rows): print(f"{r[0]:6.1f} {r[1][:12]:12s} {r[2][:28]:28s} {r[3]:.3f} -> {r[4]:.3f}  {r[7]-r[6]:+d}")
