"""Counts, in each page document matched by the glob, the pairs of lines whose boxes overlap by
more than half the smaller height and half the smaller width: lines read twice or run
together (Docs/Recognition.md, "Unseen collections").

    python3 2026-12-05-overlaps.py 'DOCS/*/*.json'"""
import json,glob,sys
def ov(a0,a1,b0,b1): return max(0,min(a1,b1)-max(a0,b0))
tot=0
for f in sorted(glob.glob(sys.argv[1])):
    d=json.load(open(f)); L=[dict(zip(('x','y','width','height'),l['box'])) for l in d['lines']]
    n=0
    for i in range(len(L)):
        for j in range(i+1,len(L)):
            a,b=L[i],L[j]
            v=ov(a['y'],a['y']+a['height'],b['y'],b['y']+b['height'])/max(1,min(a['height'],b['height']))
            h=ov(a['x'],a['x']+a['width'],b['x'],b['x']+b['width'])/max(1,min(a['width'],b['width']))
            if v>0.5 and h>0.5: n+=1
    tot+=n
    if n: print(f.split('/')[-2][:12], f.split('/')[-1][:30], len(L), 'overlapping pairs', n)
print('total', tot)
