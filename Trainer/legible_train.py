"""legible adapt's trainer: fine-tunes the handwriting reader's own network on a writer's
corrected lines (Docs/Learning.md, "The trainer").

Run by `legible adapt` as a child, as lstmtraining is, in a private folder holding:
  model.onnx   the pinned reader's bytes, as Legible checked them;
  train.lines  the corrected lines to learn from; aside.lines  the lines kept aside to measure;
  job.json     {"seed", "deadline", "steps", "threads", "batch", "pixels", "rate", "pull", "trained", "patience",
               "every", "refit", "average"}:
               "deadline" on CLOCK_MONOTONIC (time.monotonic()), set by the parent before it
               started this process, so that starting it and importing torch count too.
Each .lines file: b"LEGLINES1", a little-endian u32 count, then per line u32 width, u32 label
count, the labels (u32 class indices of the model's alphabet, 0 the CTC blank), and 48 x width
f32 values in [-1, 1], row-major: the line as the reader sees it (LineTensor's one plane).

It writes weights.bin whenever the lines kept aside read better than before (through a
temporary renamed over it), and one line of progress on stdout each measure:
  step S aside E best B seconds T
where E and B are character error rates of the lines kept aside, read greedily. weights.bin:
b"LEGWEIGHTS1", u32 count, then per tensor u32 name length, the UTF-8 name, u32 value count
and that many f32 values: only the tensors trained. Exit 0 when done; 65 for input it cannot
read; 69 when torch is missing (checked by the parent first).
"""
import contextlib
import json
import os
import struct
import sys
import time

try:
    import numpy  # noqa: F401 (trainer_io reads with it: missing, it is 69 here)
    import torch
    import torch.nn.functional as F
except ImportError as error:  # pragma: no cover - the parent checks first
    print("legible-train: %s; install python3-torch (Tools/install-dependencies)" % error, file=sys.stderr)
    sys.exit(69)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import onnx_graph  # noqa: E402
import trainer_io  # noqa: E402

HEIGHT = 48


def read_lines(path):
    def check(width, labels):
        if not (16 <= width <= 3200) or not (1 <= labels <= 1000):
            raise ValueError("%s: a line of width %d with %d labels" % (path, width, labels))
    return [(torch.from_numpy(values.reshape(HEIGHT, width)), label)
            for width, label, values in trainer_io.read_lines(path, b"LEGLINES1", check, lambda width: HEIGHT * width)]


def augmented(plane, generator):
    """The line as another day's writing might look: a little wider or narrower, slanted,
    moved, its strokes thinner or thicker, its ink and paper another shade, with noise."""
    def uniform(low, high):
        return low + (high - low) * torch.rand((), generator=generator).item()
    x = plane[None, None]
    width = x.shape[3]
    scaled = max(16, int(round(width * uniform(0.85, 1.15))))
    x = F.interpolate(x, size=(HEIGHT, scaled), mode="bilinear", align_corners=False)
    slant, shift = uniform(-0.3, 0.3), uniform(-0.08, 0.08)
    theta = torch.tensor([[[1.0, slant * HEIGHT / scaled, 0.0], [0.0, 1.0, shift]]])
    grid = F.affine_grid(theta, list(x.shape), align_corners=False)
    x = F.grid_sample(x + 1, grid, mode="bilinear", padding_mode="zeros", align_corners=False) - 1
    stroke = uniform(0, 1)
    if stroke < 0.2:
        x = -F.max_pool2d(-x, (3, 1), 1, (1, 0))  # thicker dark strokes
    elif stroke > 0.8:
        x = F.max_pool2d(x, (3, 1), 1, (1, 0))  # thinner
    contrast, paper = uniform(0.7, 1.0), uniform(-0.1, 0.1)
    x = (x * contrast + paper + torch.randn(x.shape, generator=generator) * uniform(0, 0.06)).clamp(-1, 1)
    return x[0, 0]


def batch(lines):
    """Lines padded with paper to the widest, as [n, 3, 48, W], and their time steps."""
    widest = max(plane.shape[1] for plane, _ in lines)
    x = torch.ones(len(lines), 3, HEIGHT, widest)
    for index, (plane, _) in enumerate(lines):
        x[index, :, :, :plane.shape[1]] = plane
    return x


def batches(lines, size, budget):
    """The lines in order, in batches of at most `size` whose padded width (the widest line's
    width times the batch's lines) stays within `budget` pixels, so that memory is bounded by
    the budget, not by the widest lines' count: a batch of eight lines twice their width had
    taken the trainer past 3.6 GB."""
    group = []
    for line in lines:
        widest = max([line[0].shape[1]] + [plane.shape[1] for plane, _ in group])
        if group and (len(group) == size or widest * (len(group) + 1) > budget):
            yield group
            group = []
        group.append(line)
    if group:
        yield group


def greedy(logits, steps):
    best = logits.argmax(-1)
    texts = []
    for row, length in zip(best.tolist(), steps):
        text, previous = [], 0
        for label in row[:length]:
            if label != previous and label != 0:
                text.append(label)
            previous = label
        texts.append(text)
    return texts


def distance(a, b):
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[len(b)]


def steps_of(width):
    return (width + 7) // 8


def error_rate(graph, lines):
    errors = characters = 0
    with torch.no_grad():
        for group in batches(lines, 8, 12800):
            logits = graph(batch(group))
            for text, (_, label) in zip(greedy(logits, [steps_of(p.shape[1]) for p, _ in group]), group):
                errors += distance(text, label)
                characters += len(label)
    return errors / max(characters, 1)


def trained_names(graph, trained):
    """The float tensors trained: those with more than one value that no batch norm keeps as
    statistics, and, with "upper", only those the upper half of the graph reads."""
    frozen = set()
    for operator, inputs, _, _ in graph.nodes:
        if operator == "BatchNormalization":
            frozen.update(inputs[1:])
    first = len(graph.nodes) // 2 if trained == "upper" else 0
    used = {name for node in graph.nodes[first:] for name in node[1]}
    if trained == "below-last":
        # The last layer (the widest MatMul, over every class) stays as it is.
        last = max((node for node in graph.nodes if node[0] == "MatMul"), key=lambda node: graph.size(node[1][1]))
        frozen.update(last[1][1:])
    return [name for name, weight in zip(graph.names, graph.weights)
            if weight.numel() > 1 and name not in frozen and name in used]


def write_weights(path, graph, names):
    chosen = {name: weight for name, weight in zip(graph.names, graph.weights) if name in set(names)}
    parts = [b"LEGWEIGHTS1", struct.pack("<I", len(chosen))]
    for name in sorted(chosen):
        values = chosen[name].detach().numpy().astype("<f4").tobytes()
        encoded = name.encode("utf-8")
        parts += [struct.pack("<I", len(encoded)), encoded, struct.pack("<I", len(values) // 4), values]
    trainer_io.write_whole(path, b"".join(parts))


class Fitting:
    """Training of `parameters` from their start values, step by step, within a deadline."""

    def __init__(self, graph, parameters, job, generator, deadline):
        self.graph, self.parameters, self.job, self.generator, self.deadline = graph, parameters, job, generator, deadline
        self.start = [w.detach().clone() for w in parameters]
        self.restart()
        self.lasted = 0.0

    def restart(self):
        """Back to the start weights, with a fresh optimiser and average."""
        with torch.no_grad():
            for weight, first in zip(self.parameters, self.start):
                weight.copy_(first)
        self.optimiser = torch.optim.AdamW(self.parameters, lr=float(self.job.get("rate", 3e-5)), weight_decay=0)
        self.decay = float(self.job.get("average", 0))
        # Only a fraction below 1 moves: 1 would keep the start weights, and beyond it diverge.
        self.average = [w.detach().clone() for w in self.parameters] if 0 < self.decay < 1 else None

    @contextlib.contextmanager
    def averaged(self):
        """The parameters hold their running average (when the job asks for one) inside the
        block, to measure and to write; the trained values come back after it."""
        self.swap()
        try:
            yield
        finally:
            self.swap()

    def swap(self):
        if self.average is not None:
            with torch.no_grad():
                for weight, mean in zip(self.parameters, self.average):
                    weight.data, mean.data = mean.data, weight.data

    def steps(self, lines, reserve):
        """Yields after each step on `lines`, in an order drawn from the seed, for as long as a
        step and `reserve()` seconds more end before the deadline."""
        size, budget = int(self.job.get("batch", 8)), int(self.job.get("pixels", 3200))
        pull = float(self.job.get("pull", 1e-3))
        while True:
            order = torch.randperm(len(lines), generator=self.generator).tolist()
            for group in batches([lines[i] for i in order], size, budget):
                # A step (and the measure that may follow it) is begun only when it can end in time.
                if time.monotonic() + self.lasted + reserve() > self.deadline:
                    return
                began = time.monotonic()
                group = [(augmented(plane, self.generator), label) for plane, label in group]
                logits = self.graph(batch(group))
                log_probs = F.log_softmax(logits, -1).transpose(0, 1)
                lengths = torch.tensor([min(steps_of(p.shape[1]), logits.shape[1]) for p, _ in group])
                targets = torch.tensor([c for _, label in group for c in label])
                target_lengths = torch.tensor([len(label) for _, label in group])
                loss = F.ctc_loss(log_probs, targets, lengths, target_lengths, blank=0, zero_infinity=True)
                loss = loss + pull * sum(((w - w0) ** 2).sum() for w, w0 in zip(self.parameters, self.start))
                self.optimiser.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(self.parameters, 5.0)
                self.optimiser.step()
                if self.average is not None:
                    with torch.no_grad():
                        for mean, weight in zip(self.average, self.parameters):
                            mean.mul_(self.decay).add_(weight.detach(), alpha=1 - self.decay)
                self.lasted = time.monotonic() - began
                yield


def main(folder):
    job = json.load(open(os.path.join(folder, "job.json")))
    trainer_io.follow_parent(int(job.get("parent", 0)))
    clock = time.monotonic()
    deadline = float(job["deadline"])
    torch.set_num_threads(int(job.get("threads", 1)))
    torch.manual_seed(int(job["seed"]))
    generator = torch.Generator().manual_seed(int(job["seed"]))
    graph = onnx_graph.Graph(open(os.path.join(folder, "model.onnx"), "rb").read())
    train, aside = read_lines(os.path.join(folder, "train.lines")), read_lines(os.path.join(folder, "aside.lines"))
    names = trained_names(graph, job.get("trained", "all"))
    chosen = set(names)
    parameters = [w for n, w in zip(graph.names, graph.weights) if n in chosen]
    for name, weight in zip(graph.names, graph.weights):
        weight.requires_grad_(name in chosen)
    fitting = Fitting(graph, parameters, job, generator, deadline)
    graph.eval()
    weights = os.path.join(folder, "weights.bin")
    measured = time.monotonic()
    best = error_rate(graph, aside)
    measure = time.monotonic() - measured
    print("step 0 aside %.4f best %.4f seconds %.1f" % (best, best, time.monotonic() - clock), flush=True)
    write_weights(weights, graph, names)
    every, patience, most = int(job.get("every", 10)), int(job.get("patience", 3)), int(job["steps"])
    step = best_step = waited = 0
    for _ in fitting.steps(train, lambda: measure):
        step += 1
        if step % every == 0 or step >= most:
            measured = time.monotonic()
            with fitting.averaged():
                rate = error_rate(graph, aside)
                if rate < best:
                    write_weights(weights, graph, names)
            measure = time.monotonic() - measured
            if rate < best:
                best, best_step, waited = rate, step, 0
            else:
                waited += 1
            print("step %d aside %.4f best %.4f seconds %.1f" % (step, rate, best, time.monotonic() - clock), flush=True)
            if waited >= patience:
                break
        if step >= most:
            break
    if job.get("refit") and best_step > 0:
        refit(fitting, train + aside, round(best_step * (len(train) + len(aside)) / len(train)), weights, names, clock)
    return 0


def refit(fitting, lines, steps, weights, names, clock):
    """The network learnt again from its start on every line, those kept aside too, for as
    many passes over them as the best measure took: the lines kept aside chose when to stop,
    and are then learnt too. Written only when every step ends in time; else the weights
    measured stay."""
    fitting.restart()
    done = 0
    for _ in fitting.steps(lines, lambda: 0.0):
        done += 1
        if done >= steps:
            with fitting.averaged():
                write_weights(weights, fitting.graph, names)
            print("refit %d steps seconds %.1f" % (done, time.monotonic() - clock), flush=True)
            return
    # Out of time: the refit is let go; the weights kept are those the lines kept aside measured.


if __name__ == "__main__":
    trainer_io.run(main, "legible-train")
