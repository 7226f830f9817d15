(() => {
"use strict";
const reader = document.getElementById("reader");
const toggle = document.getElementById("reader-toggle");
const settings = document.getElementById("reader-settings");
const custom = document.getElementById("reader-custom");
const output = document.getElementById("reader-contrast");
// Each notebook keeps its own settings: every file:// page shares one localStorage.
const key = "legible-reader:" + document.getElementById("notebook").dataset.notebook;
const ids = { size: "reader-size", spacing: "reader-spacing", font: "reader-font", colours: "reader-colours",
  text: "reader-text", background: "reader-background" };
const defaults = { on: false, size: "1", spacing: "normal", font: "sans", colours: "light", text: "#1a1a1a", background: "#fffbe6" };
const schemes = { light: ["#1a1a1a", "#fffbe6"], dark: ["#f0f0f0", "#121212"], contrast: ["#ffffff", "#000000"] };
// Line height, letter, word and paragraph spacing; "wide" is WCAG 1.4.12's: 1.5, 0.12,
// 0.16 and 2 times the font size.
const spacings = { normal: ["1.5", "0", "0", "1em"], wide: ["1.5", "0.12em", "0.16em", "2em"], wider: ["2", "0.2em", "0.3em", "2.5em"] };
const fonts = { sans: '"Atkinson Hyperlegible","DejaVu Sans",Verdana,sans-serif', serif: '"DejaVu Serif",Georgia,serif',
  mono: '"DejaVu Sans Mono",Menlo,monospace' };
let state = load();

// What was stored is read as untrusted: any page on the same origin may have written it
// (Docs/Web.md, "Reader view"). Each value must be one its control offers, a colour must
// be #rrggbb, and a custom pair must meet 7:1, or the default is taken.
function load() {
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem(key) || "{}");
  } catch (error) { /* defaults */ }
  return valid(stored);
}

function valid(stored) {
  const state = { ...defaults };
  if (stored === null || typeof stored !== "object" || Array.isArray(stored)) return state;
  const has = (name) => Object.prototype.hasOwnProperty.call(stored, name);
  if (has("on") && typeof stored.on === "boolean") state.on = stored.on;
  for (const name of ["size", "spacing", "font", "colours"]) {
    const offered = [...document.getElementById(ids[name]).options].map((option) => option.value);
    if (has(name) && typeof stored[name] === "string" && offered.includes(stored[name])) state[name] = stored[name];
  }
  for (const name of ["text", "background"]) {
    if (has(name) && typeof stored[name] === "string" && /^#[0-9a-f]{6}$/i.test(stored[name])) state[name] = stored[name];
  }
  if (state.colours === "custom" && contrast(state.text, state.background) < 7) {
    [state.colours, state.text, state.background] = ["light", defaults.text, defaults.background];
  }
  return state;
}

function keep() {
  try { localStorage.setItem(key, JSON.stringify(state)); } catch (error) { /* the settings last this visit */ }
}

// WCAG's relative luminance and contrast ratio of two #rrggbb colours.
function luminance(hex) {
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
}

function contrast(a, b) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

function colours() {
  if (state.colours === "custom") return [state.text, state.background];
  return Object.prototype.hasOwnProperty.call(schemes, state.colours) ? schemes[state.colours] : schemes.light;
}

function apply() {
  const [text, background] = colours();
  const [line, letter, word, paragraph] = spacings[state.spacing] || spacings.normal;
  const properties = { "--rs-size": state.size, "--rs-line": line, "--rs-letter": letter, "--rs-word": word,
    "--rs-paragraph": paragraph, "--rs-font": fonts[state.font] || fonts.sans, "--rs-text": text, "--rs-background": background };
  for (const [name, value] of Object.entries(properties)) reader.style.setProperty(name, value);
  document.body.style.setProperty("--rs-page", background);
  document.body.style.setProperty("--rs-page-text", text);
  document.body.classList.toggle("reading", state.on);
  document.getElementById("notebook").hidden = state.on;
  reader.hidden = !state.on;
  settings.hidden = !state.on;
  custom.hidden = state.colours !== "custom";
  toggle.setAttribute("aria-pressed", String(state.on));
  for (const [name, id] of Object.entries(ids)) document.getElementById(id).value = state[name];
  output.textContent = `Contrast ${contrast(text, background).toFixed(1)}:1`;
  if (!state.on && window.legibleNotebook) window.legibleNotebook.fit();
}

function changed() {
  const next = { ...state };
  for (const [name, id] of Object.entries(ids)) next[name] = document.getElementById(id).value;
  const ratio = contrast(next.text, next.background);
  if (next.colours === "custom" && ratio < 7) {
    window.legibleNotebook.announce(`Contrast ${ratio.toFixed(1)}:1 is below 7:1: the colours are kept as they were`);
    next.text = state.colours === "custom" ? state.text : colours()[0];
    next.background = state.colours === "custom" ? state.background : colours()[1];
  }
  state = next;
  keep();
  apply();
}

function flip() {
  state.on = !state.on;
  keep();
  apply();
  window.legibleNotebook.announce(state.on ? "Reader view" : "Scans");
}

for (const id of Object.values(ids)) document.getElementById(id).addEventListener("change", changed);
toggle.addEventListener("click", flip);
document.addEventListener("keydown", (event) => {
  if (event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === "KeyW") {
    event.preventDefault();
    flip();
  }
});
apply();
})();
