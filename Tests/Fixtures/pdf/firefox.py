"""Opens a PDF in Firefox ESR's built-in viewer and reads it over AT-SPI (Docs/PDF.md, "Tests").

    /usr/bin/python3 firefox.py PDF OUT.json

Run under a display and a session bus (BusSession in the Swift tests). Writes what a screen
reader is given: the page landmarks, the headings and the words of the text layer, in tree
order. The viewer lays out the text of the pages in view only, so the file is opened at 20 %
zoom, where a short notebook is all in view; it waits until the words stop growing.
"""
import json
import os
import subprocess
import sys
import time

import pyatspi

pdf, out = sys.argv[1], sys.argv[2]
profile = os.path.join(os.path.dirname(os.path.abspath(out)), "firefox-profile")
os.makedirs(profile, exist_ok=True)
with open(os.path.join(profile, "user.js"), "w") as prefs:
    prefs.write('user_pref("accessibility.force_disabled", -1);\n'
                'user_pref("browser.shell.checkDefaultBrowser", false);\n'
                'user_pref("datareporting.policy.dataSubmissionEnabled", false);\n'
                'user_pref("browser.aboutwelcome.enabled", false);\n')
environment = dict(os.environ, GNOME_ACCESSIBILITY="1")
browser = subprocess.Popen(["firefox-esr", "--no-remote", "--profile", profile, "file://" + os.path.abspath(pdf) + "#zoom=20"],
                           env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def document():
    for application in pyatspi.Registry.getDesktop(0):
        if application is None or "irefox" not in (application.name or ""):
            continue
        stack = [application]
        while stack:
            node = stack.pop()
            try:
                if node.getRoleName() == "document web" and (node.name or "").endswith(".pdf"):
                    return node
                stack.extend(child for child in node if child is not None)
            except Exception:
                pass
    return None


def read(root):
    facts = {"landmarks": [], "headings": [], "words": []}

    def walk(node, in_page):
        try:
            role = node.getRoleName()
            count = node.childCount
        except Exception:
            return
        if role == "landmark" and (node.name or "").startswith("Page "):
            facts["landmarks"].append(node.name)
            in_page = True
        if role == "heading" and in_page:
            facts["headings"].append(node.name)
        if in_page and count == 0:
            try:
                text = node.queryText().getText(0, -1)
            except Exception:
                text = ""
            facts["words"].extend(text.replace("\ufffc", " ").split())
        for child in node:
            if child is not None:
                walk(child, in_page)

    walk(root, False)
    return facts


facts, previous, steady = {"landmarks": [], "headings": [], "words": []}, -1, 0
deadline = time.time() + 90
while time.time() < deadline and steady < 3:
    time.sleep(1)
    root = document()
    if root is None:
        continue
    facts = read(root)
    steady = steady + 1 if len(facts["words"]) == previous and previous > 0 else 0
    previous = len(facts["words"])
browser.kill()
with open(out, "w") as file:
    json.dump(facts, file, ensure_ascii=False)
sys.exit(0 if facts["words"] else 1)
