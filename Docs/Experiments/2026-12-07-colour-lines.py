"""Greedy line CER of the pinned PP-OCRv6 small recogniser on truth line boxes, crops in colour
against the same crops in grey (three equal channels): `python 2026-12-07-colour-lines.py N SET...`
(N lines a set; Python with onnxruntime, numpy and opencv, as the peer's venv has)."""
import glob, os, sys, re
import numpy as np, cv2, onnxruntime as ort
import xml.etree.ElementTree as ET
H=os.environ.get('LEGIBLE_HANDWRITING', os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../.build/vendor/handwriting'))
sess=ort.InferenceSession(f'{H}/ppocrv6-rec.onnx', providers=['CPUExecutionProvider'])
syms=['']+[l.rstrip('\r\n') for l in open(f'{H}/ppocrv6_dict.txt',encoding='utf-8')]+[' ']
# The edit distance the page scores use (2026-12-05-unseen.py), not a copy of it.
_here = os.path.dirname(os.path.abspath(__file__)); _ns = {}
exec(open(os.path.join(_here, '2026-12-05-unseen.py')).read().split("mode, arg, sets")[0], _ns)
lev = _ns['lev']
def lines(xml):
    root=ET.parse(xml).getroot(); ns=root.tag.split('}')[0].strip('{')
    if root.tag.endswith('PcGts'):
        for l in root.iter('{%s}TextLine'%ns):
            c=l.find('{%s}Coords'%ns); t=l.findtext('{%s}TextEquiv/{%s}Unicode'%(ns,ns)) or ''
            pts=[tuple(map(int,p.split(','))) for p in c.get('points').split()]
            xs,ys=[p[0] for p in pts],[p[1] for p in pts]
            yield (min(xs),min(ys),max(xs),max(ys)),t
    else:
        for l in root.iter('{%s}TextLine'%ns):
            t=' '.join(s.get('CONTENT') for s in l.iter('{%s}String'%ns) if s.get('CONTENT'))
            x,y,w,h=(int(float(l.get(k))) for k in ('HPOS','VPOS','WIDTH','HEIGHT'))
            yield (x,y,x+w,y+h),t
def read(crop, scale):
    h,w=crop.shape[:2]; W=max(8,int(round(w*48/h*scale)))
    x=cv2.resize(crop,(W,48)).astype(np.float32)/255*2-1
    p=sess.run(None,{'x':x.transpose(2,0,1)[None]})[0][0]
    ids=p.argmax(1); out=[]; last=0
    for i in ids:
        if i!=last and i!=0: out.append(syms[i] if i<len(syms) else '')
        last=i
    return ''.join(out)
tot={}
for folder in sys.argv[2:]:
    name=os.path.basename(folder.rstrip('/')); e=tot.setdefault(name,[0,0,0]); n=0
    for img in sorted(glob.glob(folder+'/*.jpg')+glob.glob(folder+'/*.png')):
        stem=os.path.splitext(img)[0]; bgr=cv2.imread(img)
        grey=cv2.cvtColor(cv2.cvtColor(bgr,cv2.COLOR_BGR2GRAY),cv2.COLOR_GRAY2RGB); rgb=cv2.cvtColor(bgr,cv2.COLOR_BGR2RGB)
        for (x0,y0,x1,y1),t in lines(stem+'.xml'):
            t=re.sub(r'\s+',' ',t).strip()
            x1,y1=min(x1,bgr.shape[1]),min(y1,bgr.shape[0])
            if not t or x1-x0<8 or y1-y0<8: continue
            n+=1
            if n>int(sys.argv[1]): break
            for k,im in ((0,grey),(1,rgb)):
                e[k]+=lev(read(im[y0:y1,x0:x1],1.0),t)
            e[2]+=len(t)
    print(name, 'grey', round(e[0]/e[2],3), 'colour', round(e[1]/e[2],3), flush=True)
