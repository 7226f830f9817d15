"""The handwriting reader's ONNX graph as a PyTorch module (Docs/Learning.md, "The trainer").

Only what PP-OCRv6's recogniser uses is read: the protocol-buffers fields of its nodes and
initializers, and 25 operators, each a line or two of torch. Nothing but the Python standard
library, NumPy and Debian's python3-torch is imported: no onnx or onnx2torch package, so the
graph that is trained is the graph the reader runs, read from the bytes Legible checked.
"""
import math
import struct

import numpy
import torch
import torch.nn.functional as F


def _varint(data, index):
    value, shift = 0, 0
    while True:
        byte = data[index]
        index += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, index


def _fields(data, start, end):
    """(number, wire type, value) of each field of the message in data[start:end]; a
    length-delimited value is its (start, end)."""
    index = start
    while index < end:
        key, index = _varint(data, index)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, index = _varint(data, index)
        elif wire == 1:
            value, index = data[index:index + 8], index + 8
        elif wire == 5:
            value, index = data[index:index + 4], index + 4
        elif wire == 2:
            length, index = _varint(data, index)
            value, index = (index, index + length), index + length
        else:
            raise ValueError("not an ONNX model: wire type %d" % wire)
        yield number, wire, value


def _text(data, span):
    return bytes(data[span[0]:span[1]]).decode("utf-8")


def _signed(value):
    """A varint read as the int64 it encodes."""
    return value - (1 << 64) if value >= 1 << 63 else value


def _packed_varints(data, span):
    values, index = [], span[0]
    while index < span[1]:
        value, index = _varint(data, index)
        values.append(_signed(value))
    return values


FLOAT, INT64 = 1, 7


def _tensor(data, span):
    """A TensorProto as (name, numpy array)."""
    name, dims, kind, raw, floats, ints = "", [], FLOAT, None, [], []
    for number, wire, value in _fields(data, *span):
        if number == 1:
            dims += _packed_varints(data, value) if wire == 2 else [_signed(value)]
        elif number == 2:
            kind = value
        elif number == 8:
            name = _text(data, value)
        elif number == 9:
            raw = bytes(data[value[0]:value[1]])
        elif number == 4:
            floats += list(struct.unpack("<%df" % ((value[1] - value[0]) // 4), bytes(data[value[0]:value[1]]))) if wire == 2 else [
                struct.unpack("<f", bytes(value))[0]]
        elif number == 7:
            ints += _packed_varints(data, value) if wire == 2 else [_signed(value)]
    dtype = {FLOAT: numpy.float32, INT64: numpy.int64}.get(kind)
    if dtype is None:
        raise ValueError("tensor %s: element type %d is not read" % (name, kind))
    if raw is not None:
        array = numpy.frombuffer(raw, dtype=numpy.dtype(dtype).newbyteorder("<")).astype(dtype)
    else:
        array = numpy.array(floats if kind == FLOAT else ints, dtype=dtype)
    return name, array.reshape(dims)


def _attribute(data, span):
    name, result = "", None
    ints, floats = [], []
    for number, wire, value in _fields(data, *span):
        if number == 1:
            name = _text(data, value)
        elif number == 2:
            result = struct.unpack("<f", bytes(value))[0]
        elif number == 3:
            result = _signed(value)
        elif number == 4:
            result = _text(data, value)
        elif number == 5:
            result = _tensor(data, value)[1]
        elif number == 7:
            floats += list(struct.unpack("<%df" % ((value[1] - value[0]) // 4), bytes(data[value[0]:value[1]]))) if wire == 2 else [
                struct.unpack("<f", bytes(value))[0]]
        elif number == 8:
            ints += _packed_varints(data, value) if wire == 2 else [_signed(value)]
    if result is None:
        result = ints if ints else floats
    return name, result


def read_graph(data):
    """The graph of an ONNX ModelProto: (nodes, initializers, input name, output name), each
    node (operator, inputs, outputs, attributes)."""
    graphs = [value for number, wire, value in _fields(data, 0, len(data)) if number == 7 and wire == 2]
    if not graphs:
        raise ValueError("not an ONNX model: no graph")
    nodes, initializers, inputs, outputs = [], {}, [], []
    for number, wire, value in _fields(data, *graphs[-1]):
        if number == 1:
            operator, node_inputs, node_outputs, attributes = "", [], [], {}
            for part, _, span in _fields(data, *value):
                if part == 1:
                    node_inputs.append(_text(data, span))
                elif part == 2:
                    node_outputs.append(_text(data, span))
                elif part == 4:
                    operator = _text(data, span)
                elif part == 5:
                    key, attribute = _attribute(data, span)
                    attributes[key] = attribute
            nodes.append((operator, node_inputs, node_outputs, attributes))
        elif number == 5:
            name, array = _tensor(data, value)
            initializers[name] = array
        elif number in (11, 12):
            name = next(_text(data, span) for part, _, span in _fields(data, *value) if part == 1)
            (inputs if number == 11 else outputs).append(name)
    inputs = [name for name in inputs if name not in initializers]
    return nodes, initializers, inputs[0], outputs[0]


def _same_upper(x, kernel, strides, dilations=(1, 1)):
    """x padded as ONNX's SAME_UPPER pads it: the output is ceil(input / stride), the odd
    pixel at the end."""
    pads = []
    for axis in (1, 0):
        size = x.shape[2 + axis]
        out = math.ceil(size / strides[axis])
        total = max(0, (out - 1) * strides[axis] + (kernel[axis] - 1) * dilations[axis] + 1 - size)
        pads += [total // 2, total - total // 2]
    return F.pad(x, pads)


def _conv(x, w, b, a):
    strides, dilations = a.get("strides", [1, 1]), a.get("dilations", [1, 1])
    if a.get("auto_pad", "NOTSET") in ("SAME_UPPER", b"SAME_UPPER"):
        x, padding = _same_upper(x, w.shape[2:], strides, dilations), 0
    else:
        top, left, bottom, right = a.get("pads", [0, 0, 0, 0])
        if (top, left) == (bottom, right):
            padding = (top, left)
        else:
            x, padding = F.pad(x, [left, right, top, bottom]), 0
    return F.conv2d(x, w, b, strides, padding, dilations, a.get("group", 1))


def _pool(x, a, average):
    kernel, strides = a["kernel_shape"], a.get("strides", [1, 1])
    if a.get("auto_pad", "NOTSET") == "SAME_UPPER":
        x, padding = _same_upper(x, kernel, strides), 0
    else:
        top, left, bottom, right = a.get("pads", [0, 0, 0, 0])
        if (top, left) != (bottom, right):
            raise ValueError("asymmetric pooling pads are not read")
        padding = (top, left)
    ceil = bool(a.get("ceil_mode", 0))
    if average:
        return F.avg_pool2d(x, kernel, strides, padding, ceil, bool(a.get("count_include_pad", 0)))
    return F.max_pool2d(x, kernel, strides, padding, ceil_mode=ceil)


def _slice(x, starts, ends, axes=None, steps=None):
    starts, ends = starts.tolist(), ends.tolist()
    axes = list(range(len(starts))) if axes is None else axes.tolist()
    steps = [1] * len(starts) if steps is None else steps.tolist()
    index = [slice(None)] * x.dim()
    for start, end, axis, step in zip(starts, ends, axes, steps):
        size = x.shape[axis]
        start = max(0, min(size, start + size if start < 0 else start))
        end = max(0, min(size, end + size if end < 0 else end))
        index[axis] = slice(start, end, step)
    return x[tuple(index)]


def _reshape(x, shape):
    dims = [x.shape[i] if d == 0 else d for i, d in enumerate(shape.tolist())]
    return x.reshape(dims)


def _squeeze(x, axes):
    for axis in sorted((a % x.dim() for a in axes), reverse=True):
        x = x.squeeze(axis)
    return x


def _unsqueeze(x, axes):
    for axis in sorted(axes):
        x = x.unsqueeze(axis)
    return x


OPERATORS = {
    "Identity": lambda a, x: x,
    "Add": lambda a, x, y: x + y,
    "Sub": lambda a, x, y: x - y,
    "Mul": lambda a, x, y: x * y,
    "Div": lambda a, x, y: x / y,
    "Pow": lambda a, x, y: torch.pow(x, y),
    "Sqrt": lambda a, x: torch.sqrt(x),
    "Erf": lambda a, x: torch.erf(x),
    "Relu": lambda a, x: F.relu(x),
    "Sigmoid": lambda a, x: torch.sigmoid(x),
    "HardSigmoid": lambda a, x: torch.clamp(a.get("alpha", 0.2) * x + a.get("beta", 0.5), 0, 1),
    "MatMul": lambda a, x, y: torch.matmul(x, y),
    "Conv": lambda a, x, w, b=None: _conv(x, w, b, a),
    "BatchNormalization": lambda a, x, s, b, m, v: F.batch_norm(x, m, v, s, b, False, 0.0, a.get("epsilon", 1e-5)),
    "ReduceMean": lambda a, x: x.mean(dim=tuple(a["axes"]), keepdim=bool(a.get("keepdims", 1))),
    "Transpose": lambda a, x: x.permute(*a["perm"]),
    "Softmax": lambda a, x: torch.softmax(x, a.get("axis", -1)),
    "Shape": lambda a, x: torch.tensor(list(x.shape), dtype=torch.int64),
    "Slice": lambda a, x, *rest: _slice(x, *rest),
    "Reshape": lambda a, x, shape: _reshape(x, shape),
    "Squeeze": lambda a, x: _squeeze(x, a["axes"]),
    "Unsqueeze": lambda a, x: _unsqueeze(x, a["axes"]),
    "Concat": lambda a, *xs: torch.cat(xs, a["axis"]),
    "MaxPool": lambda a, x: _pool(x, a, False),
    "AveragePool": lambda a, x: _pool(x, a, True),
}


class Graph(torch.nn.Module):
    """The graph as a module: its float initializers are parameters (named by their index, as
    parameter names cannot hold the graph's dots), its integer ones constants. forward gives the
    logits, the input of the graph's last softmax, [batch, steps, classes]."""

    def __init__(self, data):
        super().__init__()
        self.nodes, initializers, self.input, self.output = read_graph(data)
        unknown = sorted({node[0] for node in self.nodes} - set(OPERATORS))
        if unknown:
            raise ValueError("operators not read: " + ", ".join(unknown))
        # The logits: the last softmax's input, so the loss takes a log-softmax of them.
        last = max(i for i, node in enumerate(self.nodes) if node[0] == "Softmax")
        self.logits = self.nodes[last][1][0]
        self.nodes = self.nodes[:last]
        # Each value is let go after the last node that reads it: a forward pass that kept every
        # value took 3.8 GB to read thirty lines.
        last_use = {}
        for index, (_, inputs, _, _) in enumerate(self.nodes):
            for name in inputs:
                if name and name not in initializers:
                    last_use[name] = index
        self.released = [[] for _ in self.nodes]
        for name, index in last_use.items():
            if name != self.logits:
                self.released[index].append(name)
        self.names = sorted(name for name, array in initializers.items() if array.dtype == numpy.float32)
        self.weights = torch.nn.ParameterList(torch.nn.Parameter(torch.from_numpy(initializers[n].copy())) for n in self.names)
        self.constants = {name: torch.from_numpy(array.copy()) for name, array in initializers.items() if array.dtype != numpy.float32}

    def size(self, name):
        """How many values the tensor `name` holds; 0 when it is not an initializer."""
        if name in self.names:
            return self.weights[self.names.index(name)].numel()
        return self.constants[name].numel() if name in self.constants else 0

    def forward(self, x):
        values = dict(self.constants)
        values.update(zip(self.names, self.weights))
        values[self.input] = x
        for (operator, inputs, outputs, attributes), released in zip(self.nodes, self.released):
            result = OPERATORS[operator](attributes, *[values[name] if name else None for name in inputs])
            values[outputs[0]] = result
            for name in released:
                del values[name]
        return values[self.logits]
