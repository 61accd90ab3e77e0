// The words of a game's components in the page: what a card, character, token, unit kind,
// marker or special hex says, shown when the pointer rests on it (the browser's tooltip)
// and on a long press or a right click (a box that stays until the next tap: phones have
// no hover). The texts come from GET /api/texts/{game}/{lang} (the game's spec.card_texts);
// this module names no game.
//
// An element names its component by one of these attributes (a copy's number after "#"
// and a card option after "/" are ignored): data-component="card:pickaxe" (the id as
// it is), data-card, data-token, data-raider, data-marker, data-character, data-kind.
import { lang, onLangChange, fill } from "./i18n.js";

const ATTRIBUTES = [
  ["data-component", []],
  ["data-card", ["card", "character", "source", "bunker", "tower"]],
  ["data-token", ["token"]],
  ["data-raider", ["raider"]],
  ["data-marker", ["marker"]],
  ["data-character", ["character"]],
  ["data-kind", ["species", "raider"]],
];
const SELECTOR = ATTRIBUTES.map(([a]) => `[${a}]`).join(",");
const LONG_PRESS_MS = 500;
const PRESS_SLOP_PX = 10; // how far a finger may drift and still be pressing

const loaded = new Map(); // "game/lang" -> Promise of {texts, words}
let shown = { game: null, texts: {}, words: {} };
let installed = false;
let box = null;

function load(game, lng) {
  const key = `${game}/${lng}`;
  if (!loaded.has(key)) {
    loaded.set(key, fetch(`/api/texts/${encodeURIComponent(game)}/${lng}`, { cache: "no-cache" })
      .then((res) => (res.ok ? res.json() : { texts: {}, words: {} }))
      .catch(() => ({ texts: {}, words: {} })));
  }
  return loaded.get(key);
}

/** Load ``game``'s component texts in the page's language (again whenever it changes). */
export async function useComponentTexts(game) {
  const body = await load(game, lang());
  shown = { game, texts: body.texts || {}, words: body.words || {} };
  return shown;
}

/** The shown game's component texts again, in the page's language now (a language switch:
 *  the page redraws once they are in, so no card keeps its old language's name). */
export async function reloadComponentTexts() {
  if (shown.game) await useComponentTexts(shown.game);
}

/** The id a value names (``pickaxe#1`` with hints ["card"] -> "card:pickaxe"), or null. */
export function componentId(value, hints = []) {
  if (!value) return null;
  const raw = String(value).trim();
  if (shown.texts[raw]) return raw;
  const bare = raw.split("#")[0].split("/")[0];
  for (const kind of hints) if (shown.texts[`${kind}:${bare}`]) return `${kind}:${bare}`;
  for (const id of Object.keys(shown.texts)) if (id.slice(id.indexOf(":") + 1) === bare) return id;
  return null;
}

/** ``{kind, kind_name, name, text}`` of a component, or null. */
export function componentInfo(value, hints = []) {
  const id = componentId(value, hints);
  return id ? shown.texts[id] : null;
}

/** A component's name in the page's language, or ``fallback`` (the value itself). */
export function componentName(value, hints = [], fallback = value) {
  const info = componentInfo(value, hints);
  return info ? info.name : fallback;
}

/** One of the game's phrases (``words``) with its {placeholders} filled, or null. */
export function componentWord(key, values = {}) {
  const phrase = shown.words[key];
  if (phrase === undefined) return null;
  return fill(phrase, values); // and its plurals ("{n|card|cards}")
}

/** The whole text of a component: "Name (kind)" then what it does. */
export function componentTip(value, hints = []) {
  const info = componentInfo(value, hints);
  return info ? `${info.name} (${info.kind_name})\n${info.text}` : null;
}

function named(el) {
  for (const [attr, hints] of ATTRIBUTES) {
    if (el.hasAttribute(attr)) {
      const value = el.getAttribute(attr);
      const tip = componentTip(value, hints);
      if (tip) return { value, tip };
    }
  }
  return null;
}

/** Put the component's text in the element's tooltip, keeping what the board wrote there
 *  unless it was only the raw value ("pickaxe#1"). */
function fillTooltip(el) {
  const found = named(el);
  if (!found) return;
  const isSvg = el instanceof SVGElement;
  let titleEl = isSvg ? [...el.children].find((c) => c.tagName.toLowerCase() === "title") : null;
  const before = el.dataset.tipBase ?? (isSvg ? (titleEl ? titleEl.textContent : "") : el.getAttribute("title") || "");
  el.dataset.tipBase = before;
  // the board's own words are kept unless they are the raw value or the component's name,
  // which the text's first line already says
  const keep = before && before !== found.value && !before.includes(found.tip) && !found.tip.startsWith(before);
  const text = keep ? `${before}\n${found.tip}` : found.tip;
  if (isSvg) {
    if (!titleEl) {
      titleEl = document.createElementNS("http://www.w3.org/2000/svg", "title");
      el.prepend(titleEl);
    }
    titleEl.textContent = text;
  } else {
    el.setAttribute("title", text);
  }
  el.dataset.tip = found.tip;
}

function hideBox() {
  if (box) box.remove();
  box = null;
}

/** The box a long press or a right click opens: the component's name, kind and text. */
export function showComponentBox(el, x, y) {
  const found = named(el);
  if (!found) return false;
  hideBox();
  const info = componentInfo(found.value, ATTRIBUTES.find(([a]) => el.hasAttribute(a))[1]);
  box = document.createElement("div");
  box.className = "component-tip";
  box.setAttribute("role", "tooltip");
  const head = document.createElement("strong");
  head.textContent = info.name;
  const kind = document.createElement("span");
  kind.className = "component-kind";
  kind.textContent = ` (${info.kind_name})`;
  const body = document.createElement("p");
  body.textContent = info.text;
  body.style.margin = "0.3rem 0 0";
  box.append(head, kind, body);
  Object.assign(box.style, { position: "fixed", zIndex: 1000, maxWidth: "min(22rem, 90vw)", whiteSpace: "pre-line",
    background: "#fffbea", color: "#222", border: "1px solid #8a7a4a", borderRadius: "6px", padding: "0.5rem 0.7rem",
    boxShadow: "0 2px 8px rgba(0,0,0,0.3)", font: "14px/1.35 sans-serif",
    left: `${Math.max(4, Math.min(x, window.innerWidth - 300))}px`, top: `${Math.max(4, y + 12)}px` });
  document.body.append(box);
  // keep it on the screen: above the finger when there is no room below
  const rect = box.getBoundingClientRect();
  if (rect.bottom > window.innerHeight - 4) box.style.top = `${Math.max(4, y - rect.height - 12)}px`;
  if (rect.right > window.innerWidth - 4) box.style.left = `${Math.max(4, window.innerWidth - rect.width - 4)}px`;
  return true;
}

/** Hover and long-press texts on every element of the page that names a component of
 *  ``game``; call it when a game's page opens (and again for another game). */
export async function enableComponentTips(game) {
  await useComponentTexts(game);
  if (installed) return;
  installed = true;
  onLangChange(() => {
    if (shown.game) {
      useComponentTexts(shown.game).then(() => {
        for (const el of document.querySelectorAll("[data-tip-base]")) fillTooltip(el);
      });
    }
  });
  document.addEventListener("pointerover", (ev) => {
    const el = ev.target instanceof Element ? ev.target.closest(SELECTOR) : null;
    if (el) fillTooltip(el);
  });
  document.addEventListener("focusin", (ev) => {
    const el = ev.target instanceof Element ? ev.target.closest(SELECTOR) : null;
    if (el) fillTooltip(el);
  });
  let press = null;
  let pressAt = null;
  document.addEventListener("pointerdown", (ev) => {
    if (box && !box.contains(ev.target)) hideBox();
    const el = ev.target instanceof Element ? ev.target.closest(SELECTOR) : null;
    if (!el || ev.pointerType === "mouse") return;
    const { clientX, clientY } = ev;
    pressAt = { x: clientX, y: clientY };
    // a long press shows the text; the click that follows it does not play the card
    press = setTimeout(() => {
      if (showComponentBox(el, clientX, clientY)) {
        const swallow = (e) => { e.stopPropagation(); e.preventDefault(); };
        el.addEventListener("click", swallow, { capture: true, once: true });
        setTimeout(() => el.removeEventListener("click", swallow, { capture: true }), 1500);
      }
    }, LONG_PRESS_MS);
  });
  const release = () => { clearTimeout(press); press = null; pressAt = null; };
  for (const end of ["pointerup", "pointercancel"]) document.addEventListener(end, release);
  // A finger that slides is scrolling, not pressing (the browser sends pointercancel when
  // it takes the gesture over). A scroll event is no sign of it: the page may still be
  // settling from a scroll that ended before the finger came down.
  document.addEventListener("pointermove", (ev) => {
    if (pressAt && Math.hypot(ev.clientX - pressAt.x, ev.clientY - pressAt.y) > PRESS_SLOP_PX) release();
  });
  document.addEventListener("contextmenu", (ev) => {
    const el = ev.target instanceof Element ? ev.target.closest(SELECTOR) : null;
    if (el && showComponentBox(el, ev.clientX, ev.clientY)) ev.preventDefault();
  });
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") hideBox(); });
}
