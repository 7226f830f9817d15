"""Legible's head trainer: fits the handwriting reader's last layer (a writer's head, or the
French hand head) to lines whose features the network has already given (Docs/Learning.md,
"The head and the memory"). The rest of the network stays as it is, so only a linear layer
learns: CTC's loss on its log-softmax, with Adam, pulled toward where it started.

Run as a child, as legible_train.py is, in a private folder holding:
  head.bin        the start head, as WriterHead writes it: u32 classes C, u32 features F, f32
                  width, C u32 class indices, C x F f32 weights (row-major), C f32 biases;
  train.features  b"LEGFEATS1", u32 count, then per line u32 steps S, u32 label count L, L u32
                  labels (positions in the head's classes, never 0, the blank), S x F f32;
  job.json        {"rate", "pull", "decay", "orders": one list of line indices a pass,
                  "deadline" (CLOCK_MONOTONIC seconds, set by the parent before it started
                  this process), "parent"}.
One line is one step. The loss is the line's per character, so long and short lines weigh alike
a character; a line no alignment fits is passed over. After each pass the rate is multiplied by
"decay". It writes head.out (head.bin with the weights and biases learnt; through a temporary
renamed over it) and one line on stdout a pass: "pass P lines N seconds T". Single-threaded and
seeded by the orders it is given, two runs give the same bytes. Exit 0 when done; 65 for input
it cannot read; 69 when torch is missing (checked by the parent first); 75, writing nothing,
when the deadline passes before it is done.
"""
import json
import os
import struct
import sys
import time

try:
    import numpy
    import torch
    import torch.nn.functional as F
except ImportError as error:  # pragma: no cover - the parent checks first
    print("legible-head: %s; install python3-torch (Tools/install-dependencies)" % error, file=sys.stderr)
    sys.exit(69)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trainer_io  # noqa: E402


def read_head(path):
    """The head's header bytes (kept as they are), its weights [C, F] and biases [C]."""
    data = open(path, "rb").read()
    classes, features = struct.unpack_from("<II", data, 0)
    if not (1 <= classes <= 1 << 16 and 1 <= features <= 1 << 12):
        raise ValueError("%s: a head of %d classes and %d features" % (path, classes, features))
    header = 12 + 4 * classes
    count = classes * features + classes
    if len(data) != header + 4 * count:
        raise ValueError("%s: %d bytes, not a head of %d classes and %d features" % (path, len(data), classes, features))
    values = numpy.frombuffer(data, dtype="<f4", count=count, offset=header).astype(numpy.float32)
    weights = torch.from_numpy(values[:classes * features].copy()).reshape(classes, features)
    return data[:header], weights, torch.from_numpy(values[classes * features:].copy())


def read_features(path, classes, features):
    def check(steps, labels):
        if not (1 <= steps <= 100000) or not (1 <= labels <= 1000):
            raise ValueError("%s: a line of %d steps with %d labels" % (path, steps, labels))
    lines = trainer_io.read_lines(path, b"LEGFEATS1", check, lambda steps: steps * features)
    if not all(0 < value < classes for _, label, _ in lines for value in label):
        raise ValueError("%s: a label outside the head's %d classes" % (path, classes))
    return [(torch.from_numpy(values.reshape(steps, features)), torch.tensor(label)) for steps, label, values in lines]


def write_head(path, header, weights, bias):
    values = torch.cat([weights.detach().reshape(-1), bias.detach()]).numpy().astype("<f4").tobytes()
    trainer_io.write_whole(path, header + values)


def main(folder):
    job = json.load(open(os.path.join(folder, "job.json")))
    trainer_io.follow_parent(int(job.get("parent", 0)))
    clock = time.monotonic()
    deadline = float(job["deadline"])
    torch.set_num_threads(1)
    header, start_weights, start_bias = read_head(os.path.join(folder, "head.bin"))
    classes, features = start_weights.shape
    lines = read_features(os.path.join(folder, "train.features"), classes, features)
    weights = start_weights.clone().requires_grad_(True)
    bias = start_bias.clone().requires_grad_(True)
    rate, pull, decay = float(job["rate"]), float(job["pull"]), float(job.get("decay", 1))
    optimiser = torch.optim.Adam([weights, bias], lr=rate, betas=(0.9, 0.999), eps=1e-8)
    for number, order in enumerate(job["orders"], 1):
        learnt = 0
        for index in order:
            if not (0 <= index < len(lines)):
                continue
            if time.monotonic() > deadline:
                print("legible-head: out of time after %d passes" % (number - 1), file=sys.stderr)
                return 75
            values, label = lines[index]
            scores = F.log_softmax(values @ weights.t() + bias, -1)
            loss = F.ctc_loss(scores[:, None, :], label[None, :], torch.tensor([values.shape[0]]),
                              torch.tensor([len(label)]), blank=0, reduction="sum")
            if not torch.isfinite(loss):
                continue  # no alignment fits: more labels than the steps can carry
            # The pull's gradient is pull times the distance to the start, as Adam sees it.
            loss = loss / len(label) + 0.5 * pull * (((weights - start_weights) ** 2).sum() + ((bias - start_bias) ** 2).sum())
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            learnt += 1
        for group in optimiser.param_groups:
            group["lr"] *= decay
        print("pass %d lines %d seconds %.1f" % (number, learnt, time.monotonic() - clock), flush=True)
    write_head(os.path.join(folder, "head.out"), header, weights, bias)
    return 0


if __name__ == "__main__":
    trainer_io.run(main, "legible-head")
