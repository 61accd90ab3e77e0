// Building the page's elements: h(tag, attributes, ...children), for the page and the games' modules.
import { t } from "./i18n.js";

/** A new element: ``on*`` attributes are listeners, ``text`` its text, ``i18n`` a key to translate. */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "text") e.textContent = v;
    else if (k === "i18n") { e.dataset.i18n = v; e.textContent = t(v); }
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

/** A seat as the lobby and the players list show it: its label, and the person's name. */
export function seatText(s) {
  return s.name ? `${s.label} (${s.name})` : s.label;
}

/** "little_girl" → "Little girl": a name with no translation. */
export function humanize(id) {
  const s = String(id).replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}
