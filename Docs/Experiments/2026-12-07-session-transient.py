"""The resident peak of making the handwriting reader's ONNX Runtime session from bytes, or from a
memfd holding them (2026-12-07-page-memory.md, "Where the peak is now").

    MALLOC_MMAP_THRESHOLD_=131072 python3 2026-12-07-session-transient.py bytes|fd MODEL.onnx

Needs the onnxruntime wheel (Tools/requirements.txt)."""
import os, sys, onnxruntime as ort
def rss(): return int(open('/proc/self/status').read().split('VmRSS:')[1].split()[0])//1024
def hwm(): return int(open('/proc/self/status').read().split('VmHWM:')[1].split()[0])//1024
so=ort.SessionOptions(); so.intra_op_num_threads=2; so.enable_mem_pattern=False
mode=sys.argv[1]
b=open(sys.argv[2],'rb').read()
if mode=='fd':
    fd=os.memfd_create('legible-model'); os.write(fd,b); del b
    r0=rss(); open('/proc/self/clear_refs','w').write('5')
    s=ort.InferenceSession(f'/dev/fd/{fd}', so, providers=['CPUExecutionProvider'])
else:
    r0=rss(); open('/proc/self/clear_refs','w').write('5')
    s=ort.InferenceSession(b, so, providers=['CPUExecutionProvider']); del b
print(mode, 'start', r0, 'peak above start', hwm()-r0, 'after', rss()-r0)
