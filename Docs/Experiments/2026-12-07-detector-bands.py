# 2026-12-07: the text detector in ONNX Runtime 1.22 (PyPI), one thread, on a page read whole or
# in bands of the 960-px input with OVERLAP rows each side, with or without an arena.
# Usage: GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072 taskset -c 0 python3 THIS det.onnx PAGE BANDS arena|noarena OVERLAP
# Prints the seconds and the peak resident MB above the start; saves the map to compare.
import onnxruntime as ort, numpy as np, time, resource, sys
from PIL import Image
det, im, strips, arena, overlap = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]=='arena', int(sys.argv[5])
so=ort.SessionOptions(); so.intra_op_num_threads=1; so.inter_op_num_threads=1; so.enable_mem_pattern=False
so.enable_cpu_mem_arena=arena
if arena:
    cfg=ort.OrtArenaCfg(0,1,-1,-1)
    mi=ort.OrtMemoryInfo("Cpu", ort.OrtAllocatorType.ORT_ARENA_ALLOCATOR, 0, ort.OrtMemType.DEFAULT)
    ort.create_and_register_allocator(mi,cfg); so.add_session_config_entry("session.use_env_allocators","1")
s=ort.InferenceSession(det, so, providers=['CPUExecutionProvider'])
img=Image.open(im).convert('L').resize((736,960), Image.BILINEAR)
g=np.asarray(img,dtype=np.float32)/255
mean=[0.485,0.456,0.406]; sd=[0.229,0.224,0.225]
x=np.stack([(g-mean[c])/sd[c] for c in range(3)])[None].astype(np.float32)
def rss():
    for l in open('/proc/self/status'):
        if l.startswith('VmRSS'): return int(l.split()[1])//1024
r0=rss(); t=time.time()
H=960; core=H//strips; out=np.zeros((H,736),np.float32)
for k in range(strips):
    a=k*core; b=H if k==strips-1 else (k+1)*core
    lo=max(0,a-overlap); hi=min(H,b+overlap)
    lo=lo//32*32; hi=min(H,(hi+31)//32*32)
    ro=ort.RunOptions()
    if arena and k==strips-1: ro.add_run_config_entry("memory.enable_memory_arena_shrinkage","cpu:0")
    m=s.run(None,{s.get_inputs()[0].name:x[:,:,lo:hi]}, ro)[0][0,0]
    out[a:b]=m[a-lo:b-lo]
dt=time.time()-t
np.save('/tmp/map_%d_%s_%d.npy'%(strips,arena,overlap), out)
print(strips,'arena' if arena else 'noarena',overlap,'time',round(dt,3),'rss before',r0,'after',rss(),'peak',resource.getrusage(resource.RUSAGE_SELF).ru_maxrss//1024,'delta',resource.getrusage(resource.RUSAGE_SELF).ru_maxrss//1024-r0)
