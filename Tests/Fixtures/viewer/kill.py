#!/usr/bin/python3
"""Makes a correction in `legible view --edit` through AT-SPI's EditableText, leaves it unsaved
and ends the viewer with SIGTERM, recording its exit status and standard error
(Docs/Editing.md, "The viewer's edit mode").

Usage: kill.py OUT.json LEGIBLE PAGE.json FILE_SIZE_LIMIT_KB

A limit of 0 sets none; any other is set with `ulimit -f` before the viewer starts, so that
the file beside the document cannot be written.
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "atspi"))

from atspiclient import find_application, focused, pump  # noqa: E402


def main():
    out, legible, page, limit = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    prefix = f"ulimit -f {limit}; " if limit else ""
    viewer = subprocess.Popen(["/bin/sh", "-c", prefix + 'exec "$0" view --edit "$1"', legible, page],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    result = {"ready": viewer.stdout.readline().strip()}
    pump(0.5)
    region = focused(find_application())
    region.queryEditableText().insertText(0, "Q", 1)
    pump(0.5)
    viewer.terminate()
    result["exit"] = viewer.wait(timeout=10)
    result["stderr"] = viewer.stderr.read()
    with open(out, "w", encoding="utf-8") as file:
        json.dump(result, file)


if __name__ == "__main__":
    main()
