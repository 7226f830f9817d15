#!/usr/bin/python3
"""Drives `legible view` under Xvfb and a private session bus, as a user and Orca would.

Usage: drive.py OUT.json LEGIBLE STORE SCANS PAGE.json...

The latency of a key is from launching `xdotool key` to the first event it causes, so it
includes xdotool's own start (about 2 ms here).

It starts the window, waits for `ready`, focuses it with xdotool, listens on the accessibility
bus with pyatspi, presses keys with xdotool and writes what it saw to OUT.json: the focused
object, each key's caret and focus events and the line at the caret, the selection after
Shift+Ctrl+Right, the announcements, and an XWD screenshot path (Docs/Viewer.md, "Tests").
Offsets are UTF-16 offsets of the page's reading text: the regions of a page are its
paragraphs, joined by one newline, so a region's offsets move by the regions before it.
"""

import json
import os
import struct
import subprocess
import sys
import time
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "atspi"))

import pyatspi  # noqa: E402
from atspiclient import find_application, finish, focused, pump  # noqa: E402

events = []


def on_event(event):
    role = event.source.getRoleName() if event.source else ""
    if event.type.startswith("object:text-caret-moved"):
        events.append({"type": "caret", "role": role, "offset": event.detail1})
    elif event.type.startswith("object:state-changed:focused") and event.detail1:
        events.append({"type": "focus", "role": role})
    elif event.type.startswith("object:text-changed:insert") and role == "notification":
        events.append({"type": "said", "text": event.any_data})
    elif event.type.startswith("object:text-selection-changed"):
        events.append({"type": "selection", "role": role})


def utf16(text):
    return len(text.encode("utf-16-le")) // 2


class Page:
    """The current page's regions, read as one text in page offsets."""

    def __init__(self, page):
        self.regions = [page.getChildAtIndex(index) for index in range(page.childCount)]
        self.starts, start = [], 0
        for region in self.regions:
            self.starts.append(start)
            start += utf16(region.queryText().getText(0, -1)) + 1

    def focused(self):
        for region, start in zip(self.regions, self.starts):
            if region.getState().contains(pyatspi.STATE_FOCUSED):
                return region, start
        return None, 0

    def caret_and_line(self):
        region, start = self.focused()
        text = region.queryText()
        local = text.caretOffset
        prefix = text.getText(0, local)
        line, line_start, line_end = text.getTextAtOffset(local, pyatspi.TEXT_BOUNDARY_LINE_START)
        whole = text.getText(0, -1)
        return (start + utf16(prefix), [line, start + utf16(whole[:line_start]), start + utf16(whole[:line_end])])

    def selection(self):
        """The page's selection: from the first region's selected part to the last one's."""
        found = []
        for region, start in zip(self.regions, self.starts):
            text = region.queryText()
            if text.getNSelections():
                whole = text.getText(0, -1)
                lower, upper = text.getSelection(0)
                found.append((start + utf16(whole[:lower]), start + utf16(whole[:upper])))
        return [found[0][0], found[-1][1]] if found else None


def key(window, name):
    began = time.monotonic()
    count = len(events)
    subprocess.run(["xdotool", "key", "--window", window, name], check=True)
    while time.monotonic() - began < 3 and len(events) == count:
        pump(0.002)
    latency = time.monotonic() - began
    pump(0.2)
    return latency


def screenshot(window, path):
    """A band of the window's pixels as a PNG, from `xwd` (ZPixmap, least significant byte first: blue,
    green, red, then padding up to its bits per pixel), written with the standard library only."""
    dump = subprocess.run(["xwd", "-root", "-silent"], capture_output=True, check=True).stdout
    fields = struct.unpack(">25I", dump[:100])
    header, width, bytes_per_line, colours = fields[0], fields[4], fields[12], fields[19]
    step = fields[11] // 8
    geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window], capture_output=True, text=True,
                              check=True).stdout
    place = dict(line.split("=") for line in geometry.split())
    left, top, w, h = (int(place[k]) for k in ("X", "Y", "WIDTH", "HEIGHT"))
    # The band of the window that holds the first paragraph, where the test selects.
    top, h = top + 100, min(h, 160)
    data = dump[header + colours * 12:]
    rows = []
    for y in range(top, top + h):
        row = data[y * bytes_per_line + left * step:y * bytes_per_line + (left + w) * step]
        rows.append(b"\x00" + bytes(v for i in range(0, len(row), step) for v in (row[i + 2], row[i + 1], row[i])))
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as file:
        file.write(png)
    return [left, top, w, h, width]


def on_screen(window, region):
    """The window's rectangle on the screen, the extents of the region's first line there, and the
    offset a point at that line's centre gives back: extents are where the ink is drawn."""
    geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window], capture_output=True, text=True,
                              check=True).stdout
    place = dict(line.split("=") for line in geometry.split())
    text = region.queryText()
    line, start, end = text.getTextAtOffset(0, pyatspi.TEXT_BOUNDARY_LINE_START)
    x, y, width, height = text.getRangeExtents(start, start + len(line.rstrip()), pyatspi.DESKTOP_COORDS)
    centre = text.getOffsetAtPoint(x + width // 2, y + height // 2, pyatspi.DESKTOP_COORDS)
    return {"window": [int(place[k]) for k in ("X", "Y", "WIDTH", "HEIGHT")], "line": [x, y, width, height],
            "lineRange": [start, end], "offsetAtCentre": centre}


def main():
    out, legible, store, scans, pages = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
    pyatspi.Registry.registerEventListener(
        on_event, "object:text-caret-moved", "object:text-changed:insert", "object:text-selection-changed",
        "object:state-changed:focused")
    began = time.monotonic()
    viewer = subprocess.Popen([legible, "view", "--store", store, "--scans", scans] + pages,
                              stdout=subprocess.PIPE, text=True)
    ready = viewer.stdout.readline().strip()
    result = {"ready": ready, "readySeconds": time.monotonic() - began}
    window = subprocess.run(["xdotool", "search", "--sync", "--name", "chicago-1"], capture_output=True,
                            text=True, check=True).stdout.split()[0]
    subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
    pump(0.5)
    region = focused(find_application())
    result["focused"] = {"role": region.getRoleName(), "page": region.parent.name} if region else None
    result["document"] = {"role": region.parent.parent.getRoleName(), "children": region.parent.parent.childCount}
    page = Page(region.parent)
    result["onScreen"] = on_screen(window, page.regions[1])
    steps = []
    for name in ["Down", "Down", "shift+ctrl+Right"]:
        events.clear()
        seconds = key(window, name)
        caret, line = page.caret_and_line()
        steps.append({"key": name, "seconds": seconds, "events": list(events), "caret": caret,
                      "line": line, "selection": page.selection()})
    result["screenshot"] = screenshot(window, out + ".png")
    for name in ["ctrl+s", "End", "ctrl+End", "ctrl+Home", "Right", "ctrl+a", "click", "Next"]:
        events.clear()
        if name == "click":
            # The middle of "The zoo had lots of animals." in the window's scale (see the test).
            subprocess.run(["xdotool", "mousemove", "--window", window, "240", "297", "click", "1"], check=True)
            pump(0.4)
        else:
            key(window, name)
        caret, line = page.caret_and_line() if name != "Next" else (None, None)
        selection = page.selection() if name != "Next" else None
        steps.append({"key": name, "events": list(events), "caret": caret, "line": line, "selection": selection})
    result["steps"] = steps
    result["title"] = subprocess.run(["xdotool", "getwindowname", window], capture_output=True, text=True).stdout.strip()
    with open(f"/proc/{viewer.pid}/status", encoding="ascii") as status:
        result["rssKiB"] = int(next(l for l in status if l.startswith("VmRSS:")).split()[1])
    finish(viewer, result, out)


if __name__ == "__main__":
    main()
