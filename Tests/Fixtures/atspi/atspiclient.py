"""What the pyatspi clients of the tests and benchmarks share: running GLib's main context so
events arrive, and finding the application on the accessibility bus (Docs/ATSPI.md)."""

import json
import time

import pyatspi
from gi.repository import GLib


def pump(seconds=0.05):
    """Runs the main context for `seconds`, so queued AT-SPI events reach their listeners."""
    end = time.monotonic() + seconds
    context = GLib.MainContext.default()
    while time.monotonic() < end:
        while context.iteration(False):
            pass
        time.sleep(0.005)


def finish(process, result, out):
    """Ends `process` with SIGTERM, records its exit status in `result` and writes `result`
    to `out` as JSON."""
    process.terminate()
    result["exit"] = process.wait(timeout=10)
    with open(out, "w", encoding="utf-8") as file:
        json.dump(result, file)


def find_application(name="legible", deadline=10):
    """The application named `name` on the desktop, waiting up to `deadline` seconds."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            child = desktop.getChildAtIndex(index)
            if child is not None and child.name == name:
                return child
        time.sleep(0.05)
    raise SystemExit(f"{name} did not appear on the accessibility bus")


def focused(node):
    """The focused heading or paragraph under `node`, or None."""
    if node is None:
        return None
    if node.getState().contains(pyatspi.STATE_FOCUSED) and node.getRoleName() in ("heading", "paragraph"):
        return node
    for index in range(node.childCount):
        found = focused(node.getChildAtIndex(index))
        if found is not None:
            return found
    return None
