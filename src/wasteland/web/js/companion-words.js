// What every game's companion module (games/*/web/companion.js) shares: its own words for the
// corrections it offers, beside the game's strings, and the correction steps it writes
// ("edit [[VERB, PATH, VALUE], ...]", read by the server's companion_edit.py).
import { t as gameWord, lang } from "./i18n.js";

/** A game module's words: ``t("companion.KEY")`` from ``words`` ({en, ru, uk}; English where
 *  the page's language lacks it), any other key from the game's strings; ``c(KEY)`` is
 *  ``t("companion.KEY")``; ``known(key, fallback)`` the game's word, or ``fallback`` where the
 *  strings have none. */
export function wordsOf(words) {
  const t = (key, params = {}) => {
    if (!key.startsWith("companion.")) return gameWord(key, params);
    const k = key.slice("companion.".length);
    const s = (words[lang()] || words.en)[k] ?? words.en[k] ?? k;
    return s.replace(/\{(\w+)\}/g, (m, p) => (params[p] === undefined ? m : String(params[p])));
  };
  return { t, c: (k, params) => t(`companion.${k}`, params), known: (key, fallback) => (t(key) === key ? fallback : t(key)) };
}

export const json = (v) => JSON.stringify(v);
/** The correction step of the changes ``ops``. */
export const edit = (ops) => `edit ${json(ops)}`;

/** A change's path as its parts (``enemy.2.zone``), and ``n(i)``: part ``i`` counted from 1
 *  (the second enemy), as the corrections' words number things. */
export function pathOf(path) {
  const p = String(path).split(".");
  return { p, n: (i) => Number(p[i]) + 1 };
}
