// Building the page's elements: h(tag, attributes, ...children), for the page and the games' modules.
import { t } from "./i18n.js";

/** A new element: ``on*`` attributes are listeners, ``text`` its text, ``i18n`` a key to translate. */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) { e.addEventListener(k.slice(2), v); (e.listeners ||= []).push([k.slice(2), v]); } // kept: see moveListeners
    else if (k === "text") e.textContent = v;
    else if (k === "i18n") { e.dataset.i18n = v; e.textContent = t(v); }
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

/** ``from``'s listeners (given to h) onto ``to``, in place of ``to``'s own: a page that keeps
 *  an element across a redraw (the companion's buttons) gives it the new one's handlers. */
export function moveListeners(from, to) {
  for (const [type, fn] of to.listeners || []) to.removeEventListener(type, fn);
  for (const [type, fn] of from.listeners || []) to.addEventListener(type, fn);
  to.listeners = from.listeners || [];
}

/** A seat as the lobby and the players list show it: its label, and the person's name. */
export function seatText(s) {
  return s.name ? `${s.label} (${s.name})` : s.label;
}

/** A bot's name in the page's language ("heuristic" → "эвристический"), or as the server names it. */
export function botName(name) {
  const key = `bot.${name}`;
  const text = t(key);
  return text === key ? String(name) : text;
}

/** "little_girl" → "Little girl": a name with no translation. */
export function humanize(id) {
  const s = String(id).replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** A bot's mark: a small robot head drawn inline (an emoji may be an empty box where the
 *  fonts lack it), named for screen readers. */
export function botMark() {
  const svg = document.createElementNS(SVG_NS, "svg");
  const attrs = { class: "bot-mark", viewBox: "0 0 16 16", width: "1em", height: "1em", role: "img", "aria-label": t("seat.bot") };
  for (const [k, v] of Object.entries(attrs)) svg.setAttribute(k, v);
  const parts = [
    ["line", { x1: 8, y1: 1.5, x2: 8, y2: 4, stroke: "currentColor", "stroke-width": 1.4 }],
    ["circle", { cx: 8, cy: 1.5, r: 1.2, fill: "currentColor" }],
    ["rect", { x: 2.5, y: 4, width: 11, height: 9, rx: 2, fill: "none", stroke: "currentColor", "stroke-width": 1.4 }],
    ["circle", { cx: 6, cy: 8, r: 1.3, fill: "currentColor" }],
    ["circle", { cx: 10, cy: 8, r: 1.3, fill: "currentColor" }],
    ["line", { x1: 5.5, y1: 11, x2: 10.5, y2: 11, stroke: "currentColor", "stroke-width": 1.2 }],
  ];
  for (const [tag, a] of parts) {
    const e = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(a)) e.setAttribute(k, v);
    svg.append(e);
  }
  const title = document.createElementNS(SVG_NS, "title");
  title.textContent = t("seat.bot");
  svg.append(title);
  return svg;
}
