#!/usr/bin/python3
"""Opens `legible view` on a page whose scan carries an orientation tag, and reports where the
dark ink of the scan lies in the window (Docs/Viewer.md, "Tests").

Usage: orientation.py OUT.json LEGIBLE SCANS PAGE.json

It waits for `ready`, dumps the screen with `xwd -root` (ZPixmap, least significant byte first:
blue, green, red, padding) and writes the bounding box of the pixels whose three channels are
all below 100: the scan's ink. The caret and selection are blue, and the canvas grey, so
neither counts.
"""

import os
import struct
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "atspi"))

from atspiclient import finish  # noqa: E402


def window_rect():
    """The viewer window's rectangle on the screen (the root window around it is black)."""
    window = subprocess.run(["xdotool", "search", "--sync", "--name", "Orientation"], capture_output=True, text=True,
                            check=True).stdout.split()[0]
    geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window], capture_output=True, text=True,
                              check=True).stdout
    place = dict(line.split("=") for line in geometry.split())
    return [int(place[k]) for k in ("X", "Y", "WIDTH", "HEIGHT")]


def dark_box(rect):
    left, top, w, h = rect
    dump = subprocess.run(["xwd", "-root", "-silent"], capture_output=True, check=True).stdout
    fields = struct.unpack(">25I", dump[:100])
    header, width, height, bytes_per_line, colours = fields[0], fields[4], fields[5], fields[12], fields[19]
    step = fields[11] // 8
    data = dump[header + colours * 12:]
    xs, ys = [], []
    for y in range(top, min(height, top + h)):
        row = data[y * bytes_per_line:(y + 1) * bytes_per_line]
        for x in range(left, min(width, left + w)):
            blue, green, red = row[x * step], row[x * step + 1], row[x * step + 2]
            if red < 100 and green < 100 and blue < 100:
                xs.append(x)
                ys.append(y)
    return [min(xs), min(ys), max(xs) + 1, max(ys) + 1] if xs else None


def main():
    out, legible, scans, page = sys.argv[1:5]
    viewer = subprocess.Popen([legible, "view", "--title", "Orientation", "--scans", scans, page], stdout=subprocess.PIPE,
                              text=True)
    ready = viewer.stdout.readline().strip()
    rect = window_rect()
    result = {"ready": ready, "window": rect, "ink": dark_box(rect)}
    finish(viewer, result, out)


if __name__ == "__main__":
    main()
