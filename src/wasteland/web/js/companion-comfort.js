// Table comfort on the companion page: the text size and a high-contrast mode (kept in
// this browser), the screen kept awake while a session is open (the Screen Wake Lock API,
// where the browser has it), and each step read aloud on request (speech synthesis in the
// page's language), so the table keeps its eyes on the board.
import { h } from "./dom.js";
import { lang } from "./i18n.js";
import { w } from "./companion-i18n.js";

const KEY = "wasteland.companion.settings";
const SIZES = [18, 21, 24, 28]; // px: the body's size; everything else is in em
const VOICES = { en: "en-GB", ru: "ru-RU", uk: "uk-UA" };

export function settings() {
  try {
    return { size: 0, contrast: false, speak: false, ...(JSON.parse(localStorage.getItem(KEY) || "{}") || {}) };
  } catch {
    return { size: 0, contrast: false, speak: false };
  }
}

function save(s) {
  try { localStorage.setItem(KEY, JSON.stringify(s)); } catch { /* storage off: for this page only */ }
  apply(s);
}

/** The settings on the page (called at start and after each change). */
export function apply(s = settings()) {
  document.body.style.fontSize = `${SIZES[Math.max(0, Math.min(SIZES.length - 1, s.size))]}px`;
  document.body.classList.toggle("contrast", Boolean(s.contrast));
}

/** The settings' controls: text size (smaller, larger), contrast, reading aloud. */
export function settingsBox() {
  const s = settings();
  const size = h("output", { id: "font-size", text: String(s.size + 1) });
  const step = (d) => {
    const now = settings();
    now.size = Math.max(0, Math.min(SIZES.length - 1, now.size + d));
    size.textContent = String(now.size + 1);
    save(now);
  };
  const check = (id, key, label) => h("label", {}, h("input", { type: "checkbox", id, checked: Boolean(s[key]),
    onchange: (e) => { const now = settings(); now[key] = e.target.checked; save(now); if (key === "speak" && !now.speak) silence(); } }),
  h("span", { text: label }));
  return h("details", { class: "card-box fold", id: "settings" }, h("summary", { class: "button", text: w("settings") }),
    h("div", { class: "bar" }, h("span", { text: w("font") }),
      h("button", { type: "button", id: "font-smaller", "aria-label": w("font_smaller"), onclick: () => step(-1), text: "A−" }),
      size,
      h("button", { type: "button", id: "font-larger", "aria-label": w("font_larger"), onclick: () => step(1), text: "A+" })),
    h("div", { class: "checks" }, check("contrast", "contrast", w("contrast")),
      "speechSynthesis" in window ? check("speak", "speak", w("speak")) : null),
    h("p", { class: "policy", id: "awake-note", text: "wakeLock" in navigator ? w("awake") : w("awake_no") }));
}

// -- the screen stays on while a session is open ---------------------------------------

let lock = null;
let wanted = false;

async function takeLock() {
  if (!wanted || !("wakeLock" in navigator) || document.visibilityState !== "visible") return;
  try {
    lock = await navigator.wakeLock.request("screen");
    lock.addEventListener("release", () => { lock = null; });
  } catch {
    lock = null; // refused (battery saver, no permission): the screen sleeps as usual
  }
}

document.addEventListener("visibilitychange", () => { if (!lock) takeLock(); });

export function keepAwake(on) {
  wanted = on;
  if (on) takeLock();
  else if (lock) { lock.release().catch(() => {}); lock = null; }
}

// -- reading aloud ---------------------------------------------------------------------

export function say(texts) {
  if (!settings().speak || !("speechSynthesis" in window)) return;
  for (const text of texts) {
    if (!text) continue;
    const u = new SpeechSynthesisUtterance(text);
    u.lang = VOICES[lang()] || lang();
    window.speechSynthesis.speak(u);
  }
}

function silence() {
  if ("speechSynthesis" in window) window.speechSynthesis.cancel();
}
