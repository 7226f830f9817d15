"""One training step of the handwriting reader's network, timed and profiled
(2026-12-07-trainer-matrices.md). Run with Debian's interpreter from the repository's root:
    /usr/bin/python3 Docs/Experiments/2026-12-07-trainer-step.py [--profile]
The BLAS is whatever libblas.so.3 resolves to; LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/blas
forces the reference one for a comparison."""
import sys
import time

import torch
import torch.nn.functional as F

sys.path.insert(0, "Trainer")
import onnx_graph  # noqa: E402

torch.set_num_threads(2)
torch.manual_seed(1)
graph = onnx_graph.Graph(open(".build/vendor/handwriting/ppocrv6-rec.onnx", "rb").read())
graph.eval()
x = torch.rand(8, 3, 48, 400) * 2 - 1
targets, target_lengths = torch.randint(1, 100, (8 * 20,)), torch.full((8,), 20)


def trained_from(first):
    """The tensors the nodes from `first` on read, but the batch norms' (as legible_train.py)."""
    frozen = {name for op, inputs, _, _ in graph.nodes if op == "BatchNormalization" for name in inputs[1:]}
    used = {name for node in graph.nodes[first:] for name in node[1]}
    return {n for n, w in zip(graph.names, graph.weights) if w.numel() > 1 and n not in frozen and n in used}


def step(optimiser):
    logits = graph(x)
    log_probs = F.log_softmax(logits, -1).transpose(0, 1)
    loss = F.ctc_loss(log_probs, targets, torch.full((8,), logits.shape[1]), target_lengths, zero_infinity=True)
    optimiser.zero_grad()
    loss.backward()
    optimiser.step()


for first in [0, 120, 240, 288, 384] if "--profile" not in sys.argv else [0]:
    chosen = trained_from(first)
    for name, weight in zip(graph.names, graph.weights):
        weight.requires_grad_(name in chosen)
    optimiser = torch.optim.AdamW([w for n, w in zip(graph.names, graph.weights) if n in chosen], lr=1e-5)
    times = []
    for _ in range(4):
        began = time.monotonic()
        step(optimiser)
        times.append(time.monotonic() - began)
    print("from node %d: %d tensors, a step %.2f s" % (first, len(chosen), min(times[1:])), flush=True)
    if "--profile" in sys.argv:
        from torch.profiler import ProfilerActivity, profile
        with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as run:
            step(optimiser)
        print(run.key_averages(group_by_input_shape=True).table(sort_by="self_cpu_time_total", row_limit=8))
with torch.no_grad():
    began = time.monotonic()
    graph(x)
    print("forward only, no gradients: %.2f s" % (time.monotonic() - began))
