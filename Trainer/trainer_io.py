"""What Legible's two trainers (legible_train.py, legible_head.py) share: reading the line files
their parent wrote, writing an output whole, and ending with their parent (Docs/Learning.md,
"The trainer")."""
import os
import struct
import sys

import numpy


def read_lines(path, magic, check, values):
    """The lines of a file written by Legible: `magic`, a little-endian u32 count, then per line
    u32 size, u32 label count, the labels (u32) and values(size) f32 values. `check(size,
    labels)` raises ValueError for a line it refuses. Each line as (size, labels, float32 array)."""
    data = open(path, "rb").read()
    if data[:len(magic)] != magic:
        raise ValueError("%s: not a %s file" % (path, magic.decode("ascii", "replace")))
    (count,), index, lines = struct.unpack_from("<I", data, len(magic)), len(magic) + 4, []
    for _ in range(count):
        size, labels = struct.unpack_from("<II", data, index)
        index += 8
        check(size, labels)
        label = list(struct.unpack_from("<%dI" % labels, data, index))
        index += 4 * labels
        count_values = values(size)
        array = numpy.frombuffer(data, dtype="<f4", count=count_values, offset=index).astype(numpy.float32)
        index += 4 * count_values
        lines.append((size, label, array))
    if index != len(data):
        raise ValueError("%s: %d bytes too many" % (path, len(data) - index))
    return lines


def write_whole(path, data):
    """`data` at `path`, through a temporary renamed over it: a reader sees all of it or none."""
    temporary = path + ".tmp"
    with open(temporary, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)


def follow_parent(parent):
    """Dies with legible: the kernel sends SIGKILL when the parent ends, however it ends (a
    signal that kills it removes this folder too)."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, 9)  # PR_SET_PDEATHSIG, SIGKILL
    except (OSError, AttributeError):
        pass
    if parent and os.getppid() != parent:
        sys.exit(0)


def run(main, name):
    """Runs `main(FOLDER)` as the program `name`: 64 for a wrong command line, 65, in one line,
    for input it cannot read, else what `main` returns."""
    if len(sys.argv) != 2:
        print("usage: %s.py FOLDER" % name.replace("-", "_"), file=sys.stderr)
        sys.exit(64)
    try:
        sys.exit(main(sys.argv[1]))
    except (ValueError, KeyError, TypeError, OSError, struct.error) as error:
        print("%s: %s" % (name, error), file=sys.stderr)
        sys.exit(65)
