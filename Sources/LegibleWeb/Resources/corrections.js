(() => {
"use strict";
// Corrections typed in the notebook (Docs/Web.md, "Correcting in the browser"): kept per
// notebook in this browser, shown on the page at once, downloaded as a corrections file
// that `legible edit --corrections` applies to the page documents.
const api = window.legibleNotebook;
const main = document.getElementById("notebook");
const reader = document.getElementById("reader");
const dialog = document.getElementById("correct-dialog");
const field = document.getElementById("correct-text");
const storeKey = "legible-corrections:" + main.dataset.notebook;
const sections = [...main.querySelectorAll("section.page")];
const maximumText = 100000;
let pending = null;

// Text that is well-formed UTF-16: no surrogate without its pair.
const wellFormed = (text) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

// Stored corrections are untrusted (any page of this origin may write them): an entry is
// kept only in its shape, for a page of this notebook whose text it was made on, with texts
// that are well-formed UTF-16 (Docs/Hardening.md, "Corrections that cut a character").
function isCorrection(entry) {
  return entry !== null && typeof entry === "object" && !Array.isArray(entry) && Number.isInteger(entry.pageIndex)
    && entry.pageIndex >= 0 && entry.pageIndex < sections.length
    && entry.textSHA256 === sections[entry.pageIndex].dataset.textSha256 && Array.isArray(entry.range)
    && entry.range.length === 2 && entry.range.every((n) => Number.isInteger(n) && n >= 0) && entry.range[0] <= entry.range[1]
    && typeof entry.text === "string" && entry.text.length <= maximumText && typeof entry.was === "string"
    && wellFormed(entry.text) && wellFormed(entry.was);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

// Whether UTF-16 [start, end) of page `index`'s text, as shown now, starts and ends between
// characters (grapheme clusters), as `legible edit` requires: a range inside a surrogate
// pair, an emoji's ZWJ sequence or a letter and its combining mark is not.
function onCharacters(index, start, end) {
  const block = blockOf(roots(index)[0], start, end);
  if (!block) return false;
  const text = block.textContent, base = Number(block.dataset.start);
  const cuts = new Set([text.length]);
  for (const piece of graphemes.segment(text)) cuts.add(piece.index);
  return cuts.has(start - base) && cuts.has(end - base);
}

const store = api.storedList(storeKey, isCorrection);
const load = () => store.load();
// The stored list as this view shows it. Each correction's range counts in the text the ones
// before it made, so a view may only add to (or take back from) the list it shows: another
// window of this notebook that corrected meanwhile would otherwise have its corrections
// replayed on text they were not made on (Docs/Web.md, "Correcting in the browser").
let shown = "[]";
const keep = (corrections) => {
  const kept = store.keep(corrections);
  shown = JSON.stringify(load());
  return kept;
};
// False, with the announcement given, when another window changed the stored list.
function inStep(refused) {
  if (JSON.stringify(load()) === shown) return true;
  api.announce(`${refused}: this notebook was corrected in another window; reload the page to see those corrections first`);
  return false;
}

// The two views of page `index`: its text layer and its reader section.
function roots(index) {
  return [sections[index].querySelector(".layer"), reader.querySelector(`section[data-index="${index}"]`)].filter(Boolean);
}

// The block of `root` holding [start, end), or null when the range leaves it.
function blockOf(root, start, end) {
  let holder = null;
  for (const block of root.querySelectorAll("[data-start]")) if (Number(block.dataset.start) <= start) holder = block;
  if (!holder) return null;
  return end <= Number(holder.dataset.start) + holder.textContent.length ? holder : null;
}

// Replaces UTF-16 [start, end) of page `index`'s text with `text` in both views; the
// blocks after it move by the difference. A marked uncertain word it touches is marked
// corrected instead. False when the range crosses a block.
function replace(index, start, end, text) {
  const views = roots(index);
  if (views.some((root) => !blockOf(root, start, end))) return false;
  for (const root of views) {
    const range = api.rangeOf(root, start, end);
    for (const word of root.querySelectorAll('[aria-invalid="spelling"]')) {
      if (!range.intersectsNode(word)) continue;
      word.removeAttribute("aria-invalid");
      word.classList.remove("unc");
      word.dataset.corrected = "";
    }
    range.deleteContents();
    const node = range.startContainer;
    if (node.nodeType === Node.TEXT_NODE) node.insertData(range.startOffset, text);
    else node.insertBefore(document.createTextNode(text), node.childNodes[range.startOffset] || null);
    for (const block of root.querySelectorAll("[data-start]")) {
      const at = Number(block.dataset.start);
      if (at > start) block.dataset.start = String(at + text.length - (end - start));
    }
  }
  return true;
}

function showCount() {
  const button = document.getElementById("download-corrections");
  if (button) button.textContent = `Download corrections (${load().length})`;
}

// With only a caret on the ink, its line is what is corrected ("Correct this line"): the
// line's text without the spaces that end it.
function selectCaretLine() {
  const selection = getSelection();
  if (!selection.rangeCount || !selection.isCollapsed) return;
  const node = selection.anchorNode;
  const line = (node && node.nodeType === Node.TEXT_NODE ? node.parentElement : node)?.closest?.(".ln");
  if (!line || !main.contains(line)) return;
  const text = line.textContent;
  const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  const nodes = [];
  while (walker.nextNode()) nodes.push(walker.currentNode);
  if (!nodes.length) return;
  let trim = text.length - text.replace(/\s+$/, "").length;
  let last = nodes.length - 1;
  while (last > 0 && trim >= nodes[last].length) trim -= nodes[last--].length;
  const range = document.createRange();
  range.setStart(nodes[0], 0);
  range.setEnd(nodes[last], nodes[last].length - trim);
  selection.removeAllRanges();
  selection.addRange(range);
}

// F2 or "Correct selection": the selected text, on one page and in one paragraph, in a
// dialog to type over.
function open() {
  selectCaretLine();
  const range = api.notebookRange();
  const parts = range ? api.pageParts(range) : [];
  if (parts.length !== 1 || parts[0].pieces.length !== 1) {
    api.announce("Select text in one paragraph to correct it");
    return;
  }
  const part = parts[0];
  pending = { pageIndex: Number(part.section.dataset.index), range: [part.start, part.end], was: part.text };
  // The text is selected before the dialog opens, so that opening it moves the focus once,
  // onto an entry already selected: a selection change after the focus made Orca present the
  // entry without turning to focus mode.
  field.value = part.text;
  field.setSelectionRange(0, field.value.length);
  dialog.showModal();
  field.focus();
}

function save() {
  if (!pending) return;
  const text = field.value.replace(/[\r\n]+/g, " ");
  const entry = { ...pending, text, textSHA256: sections[pending.pageIndex].dataset.textSha256 };
  pending = null;
  if (text === entry.was || text.length > maximumText || !inStep("Not corrected")) return;
  if (load().reduce((sum, kept) => sum + kept.text.length, 0) + text.length > maximumText) {
    api.announce("Not corrected: the corrections kept would type more than one corrections file takes; download them and apply them first");
    return;
  }
  if (!replace(entry.pageIndex, entry.range[0], entry.range[1], text)) {
    api.announce("Select text in one paragraph to correct it");
    return;
  }
  const stale = sections[entry.pageIndex].querySelector("audio") ? "; read aloud still says the old text on this page" : "";
  if (!keep(load().concat([entry]))) api.announce(`Corrected, but this browser would not keep it: download your corrections now${stale}`);
  else api.announce(`Corrected to ${text}${stale}`);
  showCount();
}

function undo() {
  if (!inStep("Not undone")) return;
  const corrections = load();
  const last = corrections.pop();
  if (!last) {
    api.announce("No correction to undo");
    return;
  }
  replace(last.pageIndex, last.range[0], last.range[0] + last.text.length, last.was);
  keep(corrections);
  showCount();
  api.announce(`Undone: ${last.was}`);
}

// The corrections file: per page, in the order made, named by the text they were made on.
function correctionsFile() {
  const pages = [];
  for (const entry of load()) {
    let page = pages.find((candidate) => candidate.index === entry.pageIndex);
    if (!page) {
      const section = sections[entry.pageIndex].dataset;
      page = { index: entry.pageIndex, document: (section.file || `page ${entry.pageIndex + 1}`).replace(/\.[^.]*$/, ".json"),
        textSHA256: entry.textSHA256, corrections: [] };
      pages.push(page);
    }
    page.corrections.push({ range: entry.range, text: entry.text });
  }
  return JSON.stringify({ format: "legible-corrections", version: 1,
    pages: pages.map(({ document, textSHA256, corrections }) => ({ document, textSHA256, corrections })) }) + "\n";
}

function download() {
  const count = load().length;
  if (!count) {
    api.announce("No corrections yet");
    return;
  }
  api.downloadFile("corrections.json", correctionsFile(), "application/json");
  api.announce(`Downloaded ${count} correction${count === 1 ? "" : "s"}`);
}

// Corrections kept from an earlier visit are shown again, in the order made; one that no
// longer fits its page (written by another page of this origin) is dropped, so that the
// file downloaded stays one `legible edit --corrections` accepts.
// What the kept corrections type, in all, stays within what `edit --corrections` takes from one
// file (Docs/Hardening.md, "Edits that make a document unreadable"): entries past it are dropped,
// in the order made, so the person's earlier corrections are kept.
let typed = 0;
const withinTotal = (entry) => (typed += entry.text.length) <= maximumText;
const stored = load();
const fitting = stored.filter((entry) => withinTotal(entry) && onCharacters(entry.pageIndex, entry.range[0], entry.range[1])
  && replace(entry.pageIndex, entry.range[0], entry.range[1], entry.text));
if (fitting.length !== stored.length) keep(fitting);
else shown = JSON.stringify(stored);
showCount();
// Another window's correction is said when it is stored, not only at this view's next one.
window.addEventListener("storage", (event) => {
  if (event.key !== storeKey && event.key !== null) return;
  showCount();
  if (JSON.stringify(load()) !== shown) api.announce("This notebook was corrected in another window; reload the page to see it");
});
// The stored corrections are on the page: a test (or a host) may read it now.
main.dataset.correctionsShown = "";
document.addEventListener("keydown", (event) => {
  if (event.key === "F2" && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && !dialog.open) {
    event.preventDefault();
    open();
  } else if (event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === "KeyZ") {
    event.preventDefault();
    undo();
  }
});
document.getElementById("correct-selection").addEventListener("click", open);
document.getElementById("undo-correction").addEventListener("click", undo);
document.getElementById("download-corrections").addEventListener("click", download);
// The dialog's form closes it. The correction is made as the form is submitted ("Correct"
// or Enter), not when the dialog's close event comes later: by then F2 may have opened the
// dialog again on another selection. Cancel and Escape make none.
document.getElementById("correct-form").addEventListener("submit", (event) => {
  if ((event.submitter ? event.submitter.value : "save") === "save") save();
  pending = null;
});
dialog.addEventListener("cancel", () => { pending = null; });
window.legibleCorrections = { correctionsFile, load };
})();
