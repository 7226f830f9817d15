(() => {
"use strict";
const main = document.getElementById("notebook");
const reader = document.getElementById("reader");
const status = document.getElementById("status");
const menu = document.getElementById("menu");
const menuSave = document.getElementById("menu-save");
const storeKey = "legible-clippings:" + main.dataset.notebook;

// The layer font's content height per pixel of font size, so a band's text fills it.
function measureFont() {
  const probe = document.createElement("span");
  probe.className = "ln";
  probe.style.cssText = "position:absolute;visibility:hidden;font-size:100px;--x:0;--y:0;--w:100;--h:100";
  probe.textContent = "0";
  document.body.append(probe);
  const range = document.createRange();
  range.selectNodeContents(probe);
  const height = range.getBoundingClientRect().height;
  probe.remove();
  if (height > 0) document.documentElement.style.setProperty("--ratio", String(height / 100));
}

// A run whose characters come from a fallback font (an emoji, a script the monospace
// font lacks) is not n times its advance wide: give it the width the page geometry says,
// spreading the difference over its characters. Measured without transforms; the
// browser's count of letter-spacing slots is learnt from one trial correction.
function fitRuns() {
  const segmenter = "Segmenter" in Intl ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
  const count = (text) => (segmenter ? [...segmenter.segment(text)].length : [...text].length);
  const runs = [...main.querySelectorAll(".ln > span")];
  const expected = runs.map((run) => {
    const text = run.textContent;
    const advance = Number(run.style.getPropertyValue("--l"));
    const space = run.style.getPropertyValue("--s");
    const spaces = space ? text.length - text.replace(/ +$/, "").length : 0;
    return (count(text) - spaces) * advance + spaces * (space ? Number(space) : advance);
  });
  document.documentElement.classList.add("measuring");
  const first = runs.map((run) => run.getBoundingClientRect().width);
  const off = runs.map((run, i) => i).filter((i) => Math.abs(first[i] - expected[i]) > 0.25);
  for (const i of off) runs[i].style.setProperty("--f", "1");
  const second = off.map((i) => runs[i].getBoundingClientRect().width);
  off.forEach((i, k) => {
    const slots = second[k] - first[i];
    runs[i].style.setProperty("--f", slots > 0 ? String((expected[i] - first[i]) / slots) : "0");
  });
  document.documentElement.classList.remove("measuring");
}

// One scale per page: the sheet keeps the scan's pixel size and is scaled to its frame.
function fit() {
  for (const section of main.querySelectorAll("section.page")) {
    const frame = section.querySelector(".frame");
    const scale = frame.clientWidth / Number(section.dataset.width);
    frame.style.setProperty("--scale", String(scale));
  }
}

// The view the reader reads: the reader view when it is on, else the scans.
function shown() {
  return document.body.classList.contains("reading") ? reader : main;
}

function notebookRange() {
  const selection = getSelection();
  if (!selection.rangeCount || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  const view = shown();
  return view.contains(range.commonAncestorContainer) || range.intersectsNode(view) ? range : null;
}

// The DOM point at UTF-16 offset `offset` of a page's reading text inside `root`, whose
// blocks each have data-start and text nodes adding up to their text.
function pointAt(root, offset) {
  let block = null;
  for (const candidate of root.querySelectorAll("[data-start]")) if (Number(candidate.dataset.start) <= offset) block = candidate;
  if (!block) return null;
  let left = offset - Number(block.dataset.start);
  const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
  let last = null;
  while (walker.nextNode()) {
    last = walker.currentNode;
    if (left <= last.length) return [last, left];
    left -= last.length;
  }
  return last ? [last, last.length] : null;
}

// The range of UTF-16 offsets [start, end) of a page's reading text inside `root`.
function rangeOf(root, start, end) {
  const from = pointAt(root, start), to = pointAt(root, end);
  if (!from || !to) return null;
  const range = document.createRange();
  range.setStart(from[0], from[1]);
  range.setEnd(to[0], to[1]);
  return range;
}

// Page `index`'s section on the scans.
function inkSection(index) {
  return main.querySelector(`section.page[data-index="${index}"]`);
}

// The part of `range` inside `block`, and its UTF-16 start in the page's reading text.
function pieceOf(range, block) {
  const piece = document.createRange();
  piece.selectNodeContents(block);
  if (block.contains(range.startContainer)) piece.setStart(range.startContainer, range.startOffset);
  if (block.contains(range.endContainer)) piece.setEnd(range.endContainer, range.endOffset);
  const before = document.createRange();
  before.setStart(block, 0);
  before.setEnd(piece.startContainer, piece.startOffset);
  return { piece, start: Number(block.dataset.start) + before.toString().length, text: piece.toString() };
}

// Per page the selection touches: [start, end) in UTF-16 units of its reading text, the
// text (blocks joined by the paragraph breaks between them) and the pieces.
function pageParts(range) {
  const parts = [];
  for (const section of shown().querySelectorAll("section[data-index]")) {
    if (!range.intersectsNode(section)) continue;
    let part = null;
    for (const block of section.querySelectorAll("[data-start]")) {
      if (!range.intersectsNode(block)) continue;
      const { piece, start, text } = pieceOf(range, block);
      if (!text.length) continue;
      if (!part) part = { section, start, end: start, text: "", pieces: [] };
      else part.text += "\n".repeat(Math.max(1, start - part.end));
      part.text += text;
      part.end = start + text.length;
      part.pieces.push({ piece, block });
    }
    if (part) parts.push(part);
  }
  return parts;
}

// The part's text on the scans: its pieces in the text layer's blocks. The scans are laid
// out for the moment of measuring when the reader view hides them.
function onInk(part) {
  const section = inkSection(part.section.dataset.index);
  const layer = section.querySelector(".layer");
  const range = rangeOf(layer, part.start, part.end);
  const pieces = [];
  for (const block of layer.querySelectorAll("[data-start]")) {
    if (!range || !range.intersectsNode(block)) continue;
    const piece = document.createRange();
    piece.selectNodeContents(block);
    if (block.contains(range.startContainer)) piece.setStart(range.startContainer, range.startOffset);
    if (block.contains(range.endContainer)) piece.setEnd(range.endContainer, range.endOffset);
    pieces.push({ piece, block });
  }
  return { section, pieces };
}

// One rect per line the part covers, in the page's image pixels, from the scans' layer
// even when the selection is in the reader view, so a clipping is the same from both.
function rectsOf(selected) {
  const reading = document.body.classList.contains("reading");
  if (reading) {
    main.hidden = false;
    fit();
  }
  try {
    return inkRects(reading ? onInk(selected) : selected);
  } finally {
    main.hidden = reading;
  }
}

function inkRects(part) {
  const sheet = part.section.querySelector(".sheet").getBoundingClientRect();
  const scale = sheet.width / Number(part.section.dataset.width);
  const round = (value) => Math.round(value * 1000) / 1000;
  const rects = [];
  for (const { piece, block } of part.pieces) {
    for (const line of block.querySelectorAll(".ln")) {
      if (!piece.intersectsNode(line)) continue;
      const sub = document.createRange();
      sub.selectNodeContents(line);
      if (line.contains(piece.startContainer)) sub.setStart(piece.startContainer, piece.startOffset);
      if (line.contains(piece.endContainer)) sub.setEnd(piece.endContainer, piece.endOffset);
      const box = sub.getBoundingClientRect();
      if (box.width <= 0 || sub.collapsed) continue;
      rects.push([(box.left - sheet.left) / scale, (box.top - sheet.top) / scale, box.width / scale, box.height / scale].map(round));
    }
  }
  return rects;
}

function identifier() {
  if (crypto.randomUUID) return crypto.randomUUID().toUpperCase();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("").toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// A clipping with the fields, key order and date form of the clippings store.
function clipping(part) {
  const section = inkSection(part.section.dataset.index).dataset;
  return {
    id: identifier(),
    page: section.file,
    pageIndex: Number(section.index),
    pageSHA256: section.sha256,
    range: [part.start, part.end],
    rects: rectsOf(part),
    savedAt: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z"),
    text: part.text,
  };
}

// A list kept in this browser under `key` (Docs/Web.md, "Script"). It is read back as
// untrusted, since any page on the same origin may write it: only entries `isValid` accepts
// are kept. When the browser will not store it, it lives in memory for this visit.
function storedList(key, isValid) {
  let memory = [];
  return {
    load() {
      try {
        const stored = JSON.parse(localStorage.getItem(key) || "[]");
        return Array.isArray(stored) ? stored.filter(isValid) : memory;
      } catch (error) {
        return memory;
      }
    },
    // Keeps the list and reads it back; false when the browser would not keep it.
    keep(list) {
      memory = list;
      try {
        const text = JSON.stringify(list);
        localStorage.setItem(key, text);
        return localStorage.getItem(key) === text;
      } catch (error) {
        return false;
      }
    },
  };
}

function isClipping(entry) {
  return entry !== null && typeof entry === "object" && !Array.isArray(entry) && typeof entry.id === "string"
    && typeof entry.text === "string" && Number.isInteger(entry.pageIndex) && Array.isArray(entry.range)
    && entry.range.length === 2 && entry.range.every(Number.isInteger) && Array.isArray(entry.rects);
}

const clippingsStore = storedList(storeKey, isClipping);
const load = () => clippingsStore.load();
const keep = (clippings) => clippingsStore.keep(clippings);

function announce(message) {
  status.textContent = "";
  setTimeout(() => { status.textContent = message; }, 100);
}

function showCount() {
  const count = load().length;
  document.getElementById("download-clippings").textContent = `Download clippings (${count})`;
}

function saveSelection() {
  const range = notebookRange();
  const parts = range ? pageParts(range) : [];
  if (!parts.length) {
    announce("Nothing saved: select text on a page first");
    return false;
  }
  if (!keep(load().concat(parts.map(clipping)))) {
    announce("Text not saved: this browser would not store it. Download your clippings now");
    return false;
  }
  showCount();
  announce("Text saved");
  return true;
}

function clippingsFile() {
  return load().map((entry) => JSON.stringify(entry) + "\n").join("");
}

// Saves `text` as a download named `name`, of media type `type`: what the notebook gives the
// command line (clippings, corrections).
function downloadFile(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

function download() {
  const clippings = load();
  if (!clippings.length) {
    announce("No clippings yet");
    return;
  }
  downloadFile("clippings.jsonl", clippingsFile(), "application/x-ndjson");
  announce(`Downloaded ${clippings.length} clipping${clippings.length === 1 ? "" : "s"}`);
}

function openMenu(x, y) {
  menu.hidden = false;
  const width = menu.offsetWidth;
  const height = menu.offsetHeight;
  menu.style.left = `${Math.max(0, Math.min(x, innerWidth - width))}px`;
  menu.style.top = `${Math.max(0, Math.min(y, innerHeight - height))}px`;
  menuSave.focus();
}

function closeMenu() {
  menu.hidden = true;
}

document.addEventListener("copy", (event) => {
  const range = notebookRange();
  if (!range || !shown().contains(range.commonAncestorContainer)) return;
  const parts = pageParts(range);
  if (!parts.length) return;
  event.clipboardData.setData("text/plain", parts.map((part) => part.text).join("\n"));
  event.preventDefault();
});
// Selects the uncertain word after the selection in the view shown, and says it with its
// place among them; past the last one, says so, and the next press starts from the top.
function nextUncertain() {
  const words = [...shown().querySelectorAll('[aria-invalid="spelling"]')];
  if (!words.length) {
    announce("No uncertain words");
    return;
  }
  const selection = getSelection();
  const from = selection.rangeCount ? selection.getRangeAt(0) : null;
  const index = from ? words.findIndex((word) => from.comparePoint(word, 0) > 0) : 0;
  if (index < 0) {
    selection.removeAllRanges();
    announce("No more uncertain words");
    return;
  }
  const word = words[index];
  const text = word.textContent.replace(/ +$/, "");
  const range = document.createRange();
  range.setStart(word.firstChild, 0);
  range.setEnd(word.firstChild, text.length);
  selection.removeAllRanges();
  selection.addRange(range);
  word.scrollIntoView({ block: "center" });
  announce(`${text}, uncertain, ${index + 1} of ${words.length}`);
}

document.addEventListener("keydown", (event) => {
  if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return;
  if (event.code === "KeyS") {
    event.preventDefault();
    saveSelection();
  } else if (event.code === "KeyD") {
    event.preventDefault();
    nextUncertain();
  }
});
document.addEventListener("contextmenu", (event) => {
  const range = notebookRange();
  if (!range) return;
  event.preventDefault();
  const box = range.getBoundingClientRect();
  openMenu(event.clientX || box.left, event.clientY || box.bottom);
});
document.addEventListener("mousedown", (event) => {
  if (!menu.hidden && !menu.contains(event.target)) closeMenu();
});
menu.addEventListener("mousedown", (event) => event.preventDefault());
menu.addEventListener("keydown", (event) => {
  const items = [...menu.querySelectorAll('[role="menuitem"]')];
  const at = items.indexOf(document.activeElement);
  if (event.key === "Escape" || event.key === "Tab") closeMenu();
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    items[(at + (event.key === "ArrowDown" ? 1 : items.length - 1)) % items.length].focus();
  }
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    (items[at] || menuSave).click();
  }
});
document.getElementById("menu-correct").addEventListener("click", () => {
  closeMenu();
  document.getElementById("correct-selection").click();
});
menuSave.addEventListener("click", () => {
  closeMenu();
  saveSelection();
});
document.getElementById("save-selection").addEventListener("click", saveSelection);
document.getElementById("download-clippings").addEventListener("click", download);
document.getElementById("next-uncertain")?.addEventListener("click", nextUncertain);
window.addEventListener("storage", (event) => { if (event.key === storeKey) showCount(); });

measureFont();
fitRuns();
fit();
new ResizeObserver(fit).observe(main);
showCount();
// For the read-aloud script: where a selection starts, in page offsets.
window.legibleNotebook = { notebookRange, pageParts, announce, rangeOf, fit, storedList, downloadFile };
})();
