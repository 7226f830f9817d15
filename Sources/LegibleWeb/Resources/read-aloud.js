(() => {
"use strict";
const data = document.getElementById("timings");
if (!data) return;
const timings = JSON.parse(data.textContent).pages;
const main = document.getElementById("notebook");
const sections = [...main.querySelectorAll("section.page")];
const readerSections = [...document.querySelectorAll("#reader section[data-index]")];
const audios = sections.map((section) => section.querySelector("audio"));
const button = document.getElementById("read-aloud");
const api = window.legibleNotebook;
let page = -1;
let shown = -1;
let frame = 0;
const uncertainRate = 0.8;

// The index of the word heard at `ms` on page `index`: the last one started by then.
function wordAt(index, ms) {
  const words = timings[index] || [];
  let low = 0, high = words.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (words[middle][2] <= ms) low = middle + 1; else high = middle;
  }
  return low - 1;
}

// Highlights word `index` of page `pageIndex` on the ink and in the reader view, and
// scrolls the one shown to it.
function highlight(pageIndex, index) {
  shown = index;
  const word = index >= 0 ? timings[pageIndex][index] : null;
  const ranges = [];
  if (word && word[0] >= 0) {
    const roots = [sections[pageIndex].querySelector(".layer"), readerSections[pageIndex]];
    if (document.body.classList.contains("reading")) roots.reverse();
    for (const root of roots) {
      const range = root && api.rangeOf(root, word[0], word[1]);
      if (range) ranges.push(range);
    }
  }
  if ("highlights" in CSS) {
    if (ranges.length) CSS.highlights.set("spoken", new Highlight(...ranges));
    else CSS.highlights.delete("spoken");
  }
  main.dataset.spoken = word && word[0] >= 0 ? `${pageIndex} ${word[0]} ${word[1]}` : "";
  // An uncertain word is heard lower and slower: the voice drops to 0.8 of its speed with its
  // pitch left to fall with it, for that word only (`Docs/Web.md`, "Read aloud").
  const audio = audios[pageIndex];
  if (audio) {
    audio.preservesPitch = false;
    audio.playbackRate = word && word[5] ? uncertainRate : 1;
  }
  const box = ranges.length ? ranges[0].getBoundingClientRect() : null;
  if (box && (box.top < 0 || box.bottom > innerHeight)) {
    scrollBy({ top: box.top - innerHeight / 3, behavior: "instant" });
  }
}

function follow() {
  if (page < 0) return;
  const index = wordAt(page, audios[page].currentTime * 1000);
  if (index !== shown) highlight(page, index);
  cancelAnimationFrame(frame);
  if (!audios[page].paused) frame = requestAnimationFrame(follow);
}

function setLabel(playing) {
  button.textContent = playing ? "Pause" : "Read aloud";
  button.setAttribute("aria-pressed", playing ? "true" : "false");
}

// Plays page `index` from `ms`; a page without audio is passed over.
function play(index, ms) {
  while (index < sections.length && !audios[index]) index++;
  if (index >= sections.length) return stop();
  if (page >= 0 && page !== index) audios[page].pause();
  page = index;
  shown = -1;
  audios[index].currentTime = ms / 1000;
  audios[index].play().catch(() => stop());
  setLabel(true);
  follow();
}

function stop() {
  if (page >= 0) audios[page].pause();
  setLabel(false);
}

// Where to start: the first word at or after the selection's start; else the top of
// the page in view; else where the voice was paused.
function start() {
  const range = api.notebookRange();
  const parts = range ? api.pageParts(range) : [];
  if (parts.length) {
    const index = Number(parts[0].section.dataset.index);
    const words = timings[index] || [];
    const word = words.find((entry) => entry[1] > parts[0].start);
    getSelection().removeAllRanges();
    return play(index, word ? word[2] : 0);
  }
  if (page >= 0 && audios[page].currentTime > 0 && !audios[page].ended) return play(page, audios[page].currentTime * 1000);
  const view = document.body.classList.contains("reading") ? readerSections : sections;
  const inView = view.findIndex((section) => section.getBoundingClientRect().bottom > 1);
  play(Math.max(0, inView), 0);
}

// The next or previous sentence's first word (on this page or the next with audio).
function sentence(forward) {
  if (page < 0) return start();
  const words = timings[page];
  const here = Math.max(0, wordAt(page, audios[page].currentTime * 1000));
  const starts = words.map((word, index) => (word[4] ? index : -1)).filter((index) => index >= 0);
  if (forward) {
    const next = starts.find((index) => index > here);
    return next === undefined ? play(page + 1, 0) : play(page, words[next][2]);
  }
  const before = starts.filter((index) => index <= here);
  let target = before.length ? before[before.length - 1] : 0;
  // Within its first second a sentence's start goes back to the one before, on the
  // page before when this is the page's first sentence.
  if (audios[page].currentTime * 1000 - words[target][2] < 1000) {
    if (before.length > 1) target = before[before.length - 2];
    else if (lastSentenceBefore(page)) return play(...lastSentenceBefore(page));
  }
  play(page, words[target][2]);
}

// The page before `index` with audio, and the time of its last sentence's start.
function lastSentenceBefore(index) {
  let previous = index - 1;
  while (previous >= 0 && !audios[previous]) previous--;
  if (previous < 0) return null;
  const words = timings[previous];
  const starts = words.map((word, at) => (word[4] ? at : -1)).filter((at) => at >= 0);
  return [previous, starts.length ? words[starts[starts.length - 1]][2] : 0];
}

audios.forEach((audio, index) => {
  if (!audio) return;
  audio.addEventListener("ended", () => { if (index === page) play(index + 1, 0); });
  audio.addEventListener("seeked", () => { if (index === page) follow(); });
  audio.addEventListener("timeupdate", () => { if (index === page) follow(); });
});
button.addEventListener("click", () => {
  if (page >= 0 && !audios[page].paused) stop(); else start();
});
document.getElementById("previous-sentence").addEventListener("click", () => sentence(false));
document.getElementById("next-sentence").addEventListener("click", () => sentence(true));
document.addEventListener("keydown", (event) => {
  if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return;
  // Keys Orca's browse mode leaves to the page: it lists elements on Alt+Shift and a
  // letter of its own, and moves between table cells on Alt+Shift and an arrow
  // (`Docs/Web.md`, "Read aloud").
  if (event.code === "KeyN") button.click();
  else if (event.code === "PageUp") sentence(false);
  else if (event.code === "PageDown") sentence(true);
  else return;
  event.preventDefault();
});
// For tests and tools: the word shown at a page's time, as the highlight shows it.
window.legibleReadAloud = {
  seek(index, ms) { page = index; audios[index].currentTime = ms / 1000; shown = -1; follow(); return main.dataset.spoken; },
  wordAt,
};
})();
