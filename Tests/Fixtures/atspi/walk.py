#!/usr/bin/python3
"""A pyatspi client for `legible present`, run by the bridge tests under dbus-run-session.

It starts `legible present`, waits for `ready`, finds the application on the accessibility bus
and walks the notebook the way Orca's say-all does: line by line with the old
getTextAtOffset(LINE_START) call, from region to region by flows-to, setting the caret on each
region it enters and listening for the bridge's announcements. It then probes word and sentence
units, range extents and "Save selection", and prints one JSON object of what it saw. The test
compares that with `legible read --all`, `legible move`, `legible rects` and `legible
clippings` (Docs/ATSPI.md, "Testing with pyatspi").

Usage: walk.py OUT.json LEGIBLE STORE PAGE.json...   (the JSON goes to OUT.json, because the
bus daemons started under dbus-run-session share standard output)
"""

import json
import os
import subprocess
import sys
import time

import dbus
import pyatspi
from atspiclient import find_application, pump

heard = []
events = {"caret": 0, "selection": 0}

# `legible present` opens a window when there is a display; this client reads the windowless
# service on the bus (Docs/ATSPI.md, "Two ways to present").
WINDOWLESS = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}


def on_event(event):
    if event.type.startswith("object:text-changed:insert") and event.source.getRoleName() == "notification":
        heard.append(event.any_data)
    elif event.type.startswith("object:text-caret-moved"):
        events["caret"] += 1
    elif event.type.startswith("object:text-selection-changed"):
        events["selection"] += 1


def utf16(text, code_points):
    """UTF-16 length of the first `code_points` code points of `text`."""
    return len(text[:code_points].encode("utf-16-le")) // 2


def relation_target(accessible, kind):
    for relation in accessible.getRelationSet():
        if relation.getRelationType() == kind:
            return relation.getTarget(0)
    return None


def say_all(first):
    """Line by line through every region, following flows-to; returns what would be spoken."""
    spoken, region = [], first
    while region is not None:
        text = region.queryText()
        region.queryText().setCaretOffset(0)
        pump()
        spoken.extend(heard)
        heard.clear()
        attributes = dict(a.split(":", 1) for a in region.getAttributes())
        offset, count = 0, text.characterCount
        while offset < count:
            line, start, end = text.getTextAtOffset(offset, pyatspi.TEXT_BOUNDARY_LINE_START)
            line = line.rstrip(" \n")
            if region.getRoleName() == "heading":
                line += ". Heading."
            spoken.append({"text": line, "role": region.getRoleName(), "level": attributes.get("level")})
            offset = max(end, offset + 1)
        region = relation_target(region, pyatspi.RELATION_FLOWS_TO)
    return spoken


def units(region, base, granularity, boundary_start, boundary_end):
    """For every third code point of a region, the unit start (START boundary) and end (END), in
    page offsets (`base` is the region's UTF-16 start in the page)."""
    probe = region.queryText()
    text = probe.getText(0, -1)
    result = []
    for offset in range(0, len(text), 3):
        _, start, _ = probe.getTextAtOffset(offset, boundary_start)
        _, _, end = probe.getTextAtOffset(offset, boundary_end)
        _, s_start, s_end = probe.getStringAtOffset(offset, granularity)
        result.append({"offset": base + utf16(text, offset), "start": base + utf16(text, start),
                       "end": base + utf16(text, end), "string": [base + utf16(text, s_start), base + utf16(text, s_end)]})
    return result


def bounded_ranges(page, x, y, width, height):
    """GetBoundedRanges over raw D-Bus: pyatspi 2.46's binding of it corrupts the ranges and
    double-frees them when the client exits."""
    session = dbus.SessionBus()
    address = session.get_object("org.a11y.Bus", "/org/a11y/bus").GetAddress(dbus_interface="org.a11y.Bus")
    bus = dbus.bus.BusConnection(str(address))
    text = dbus.Interface(bus.get_object(page.app.bus_name, page.path, introspect=False), "org.a11y.atspi.Text")
    ranges = text.GetBoundedRanges(dbus.Int32(x), dbus.Int32(y), dbus.Int32(width), dbus.Int32(height),
                                   dbus.UInt32(0), dbus.UInt32(0), dbus.UInt32(0))
    return [(int(r[0]), int(r[1])) for r in ranges]


def region_facts(region, base):
    """A region's lines (with range extents), CHAR units, and what the first lines' centres and
    bounds give back, all in page offsets (`base` is the region's UTF-16 start in the page)."""
    text_iface = region.queryText()
    text = text_iface.getText(0, -1)
    lines, offset = [], 0
    while offset < len(text):
        line, start, end = text_iface.getTextAtOffset(offset, pyatspi.TEXT_BOUNDARY_LINE_START)
        content_end = start + len(line.rstrip(" \n\u00ad"))
        x, y, width, height = text_iface.getRangeExtents(start, content_end, pyatspi.DESKTOP_COORDS)
        lines.append({"range": [base + utf16(text, start), base + utf16(text, content_end)], "local": [start, content_end],
                      "extents": [x, y, width, height]})
        offset = max(end, offset + 1)
    points = []
    for line in lines[:2]:
        x, y, width, height = line["extents"]
        offset = text_iface.getOffsetAtPoint(x + width // 2, y + height // 2, pyatspi.DESKTOP_COORDS)
        ranges = bounded_ranges(region, x, y, width, height)
        points.append({"line": line["range"], "offset": base + utf16(text, offset),
                       "bounded": [[base + utf16(text, start), base + utf16(text, end)] for start, end in ranges]})
    characters = []
    for offset in range(len(text)):
        _, start, end = text_iface.getTextAtOffset(offset, pyatspi.TEXT_BOUNDARY_CHAR)
        characters.append([base + utf16(text, start), base + utf16(text, end)])
    run = text_iface.getAttributeRun(0, False)
    facts = {"attributes": sorted(run[0]), "run": [run[1], run[2]], "count": len(text)}
    if 0 < run[2] < len(text):
        after = text_iface.getAttributeRun(run[2], False)
        facts["next"] = {"attributes": sorted(after[0]), "run": [after[1], after[2]]}
    return text, lines, characters, points, facts


def page_facts(page):
    """The page as its regions read it: regions are the page's paragraphs, joined by one newline
    in the page's reading text, so each region's offsets move by the regions before it."""
    regions = [page.getChildAtIndex(index) for index in range(page.childCount)]
    texts, lines, characters, points, runs, words, sentences, base = [], [], [], [], [], [], [], 0
    for region in regions:
        text, region_lines, region_characters, region_points, run = region_facts(region, base)
        if texts:
            characters.append([base - 1, base])  # the newline between two regions is one character
        texts.append(text)
        lines += region_lines
        characters += region_characters
        points += region_points
        runs.append(run)
        words += units(region, base, pyatspi.TEXT_GRANULARITY_WORD, pyatspi.TEXT_BOUNDARY_WORD_START,
                       pyatspi.TEXT_BOUNDARY_WORD_END)
        sentences += units(region, base, pyatspi.TEXT_GRANULARITY_SENTENCE, pyatspi.TEXT_BOUNDARY_SENTENCE_START,
                           pyatspi.TEXT_BOUNDARY_SENTENCE_END)
        base += utf16(text, len(text)) + 1
    return {
        "name": page.name, "role": page.getRoleName(), "text": "\n".join(texts),
        "hasText": "Text" in pyatspi.listInterfaces(page), "lines": lines, "characters": characters,
        "points": points, "runs": runs, "words": words, "sentences": sentences,
        "extents": list(page.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)),
    }


def selections(page):
    """Add, read, replace and remove a selection; the counts and ranges seen at each step."""
    text = page.queryText()
    seen = {"added": text.addSelection(2, 6), "count": text.getNSelections(), "first": list(text.getSelection(0))}
    text.setSelection(0, 1, 4)
    seen["replaced"] = list(text.getSelection(0))
    seen["removed"] = text.removeSelection(0)
    seen["after"] = text.getNSelections()
    pump(0.2)
    seen["heard"] = list(heard)
    heard.clear()
    return seen


def save_selection(page, start, end):
    text = page.queryText()
    text.setSelection(0, start, end) if text.getNSelections() else text.addSelection(start, end)
    action = page.queryAction()
    names = [action.getName(index) for index in range(action.nActions)]
    done = action.doAction(names.index("Save selection"))
    pump(0.3)
    said = list(heard)
    heard.clear()
    return {"actions": names, "done": bool(done), "heard": said}


def main():
    out, legible, store, pages = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    pyatspi.Registry.registerEventListener(
        on_event, "object:text-changed:insert", "object:text-caret-moved", "object:text-selection-changed")
    started = time.monotonic()
    server = subprocess.Popen([legible, "present", "--store", store] + pages, env=WINDOWLESS, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    ready = server.stdout.readline().strip()
    ready_seconds = time.monotonic() - started
    application = find_application("legible")
    document = application.getChildAtIndex(0)
    page_nodes = [document.getChildAtIndex(index) for index in range(document.childCount)]
    first = page_nodes[0].getChildAtIndex(0)
    result = {
        "ready": ready, "readySeconds": ready_seconds,
        "application": {"name": application.name, "role": application.getRoleName(), "children": application.childCount},
        "document": {"name": document.name, "role": document.getRoleName(), "pages": document.childCount},
        "spoken": say_all(first),
        "pages": [page_facts(page) for page in page_nodes],
    }
    result["selections"] = selections(page_nodes[0].getChildAtIndex(0))
    result["events"] = dict(events)
    document_interface = document.queryDocument()
    result["document"]["pageCount"] = document_interface.getPageCount()
    result["document"]["currentPage"] = document_interface.getCurrentPageNumber()
    last = page_nodes[-1].getChildAtIndex(0)
    selected = last.queryText().getText(0, -1)
    result["save"] = save_selection(last, 0, min(12, len(selected)))
    result["save"]["range"] = [0, utf16(selected, min(12, len(selected)))]
    server.stdin.close()
    result["exit"] = server.wait(timeout=10)
    # SIGTERM and SIGINT end the service as cleanly as the end of standard input.
    result["signals"] = {}
    for name, number in (("SIGTERM", 15), ("SIGINT", 2)):
        other = subprocess.Popen([legible, "present", "--store", store] + pages[:1], env=WINDOWLESS, stdin=subprocess.PIPE,
                                 stdout=subprocess.PIPE, text=True)
        other.stdout.readline()
        other.send_signal(number)
        result["signals"][name] = other.wait(timeout=10)
    with open(out, "w", encoding="utf-8") as file:
        json.dump(result, file)


if __name__ == "__main__":
    main()
