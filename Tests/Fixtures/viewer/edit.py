#!/usr/bin/python3
"""Corrects a page in `legible view --edit` under Xvfb and a private session bus, with keys from
xdotool and AT-SPI's EditableText from pyatspi, and records what clients are told.

Usage: edit.py OUT.json LEGIBLE PAGE.json

Writes OUT.json: the focused region's states, its text before and after each step, and the
text-changed events each step caused (type, offset in code points, text), the announcements,
and the viewer's exit status (Docs/Editing.md, "The viewer's edit mode").
"""

import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "atspi"))

import pyatspi  # noqa: E402
from atspiclient import find_application, finish, focused, pump  # noqa: E402

events = []


def on_event(event):
    role = event.source.getRoleName() if event.source else ""
    if event.type.startswith("object:text-changed") and role == "notification":
        events.append({"type": "said", "text": event.any_data})
    elif event.type.startswith("object:text-changed"):
        kind = event.type.split(":")[2]
        events.append({"type": kind, "role": role, "offset": event.detail1, "length": event.detail2, "text": event.any_data})


def step(name, action, region):
    events.clear()
    action()
    pump(0.6)
    return {"step": name, "events": list(events), "text": region.queryText().getText(0, -1)}


def main():
    out, legible, page = sys.argv[1], sys.argv[2], sys.argv[3]
    pyatspi.Registry.registerEventListener(on_event, "object:text-changed")
    viewer = subprocess.Popen([legible, "view", "--edit", page], stdout=subprocess.PIPE, text=True)
    result = {"ready": viewer.stdout.readline().strip()}
    window = subprocess.run(["xdotool", "search", "--sync", "--name", "chicago-1"], capture_output=True,
                            text=True, check=True).stdout.split()[0]
    subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
    pump(0.5)
    region = focused(find_application())
    states = region.getState()
    result["states"] = {"editable": states.contains(pyatspi.STATE_EDITABLE),
                        "readOnly": states.contains(pyatspi.STATE_READ_ONLY)}
    result["before"] = region.queryText().getText(0, -1)
    keys = lambda *names: lambda: [subprocess.run(["xdotool", "key", "--window", window, n], check=True) for n in names]
    editable = region.queryEditableText()
    result["steps"] = [
        step("End, type Z", lambda: (keys("End")(), subprocess.run(["xdotool", "type", "--window", window, "Z"], check=True)),
             region),
        step("BackSpace", keys("BackSpace"), region),
        step("insertText Q at 0", lambda: editable.insertText(0, "Q", 1), region),
        step("deleteText 0..1", lambda: editable.deleteText(0, 1), region),
        step("setTextContents", lambda: editable.setTextContents("Evening"), region),
        step("ctrl+z", keys("ctrl+z"), region),
        step("type s, ctrl+s", lambda: (keys("ctrl+End")(), subprocess.run(["xdotool", "type", "--window", window, "s"], check=True),
                                        keys("ctrl+s")()), region),
    ]
    finish(viewer, result, out)


if __name__ == "__main__":
    main()
