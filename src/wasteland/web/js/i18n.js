// Strings of the page in English, Russian and Ukrainian, from i18n/{lang}.json, and each
// game's own strings, from the folder its spec names (/games/{game}/i18n/{lang}.json).
// t(key) looks in the current game's strings first (see useGame), then in the page's.
export const LANGS = ["en", "ru", "uk"];
export const LANG_NAMES = { en: "English", ru: "Русский", uk: "Українська" };
const STORE_KEY = "wasteland.lang";

let current = "en";
let strings = {};
let fallback = {};
const listeners = [];
// game name -> { url, own, fallback }: the strings of every game whose texts were asked for
const games = new Map();
let currentGame = null;

async function fetchJson(url) {
  const res = await fetch(url, { cache: "no-cache" });
  if (!res.ok) throw new Error(`no strings at ${url}`);
  return res.json();
}

async function loadGame(entry, lang) {
  if (!entry.url) return;
  try {
    if (!entry.fallback) entry.fallback = await fetchJson(`${entry.url}en.json`);
    entry.own = lang === "en" ? entry.fallback : await fetchJson(`${entry.url}${lang}.json`);
  } catch {
    entry.fallback = entry.fallback || {};
    entry.own = entry.own || {};
  }
}

export function preferredLang() {
  const stored = localStorage.getItem(STORE_KEY);
  if (stored && LANGS.includes(stored)) return stored;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const short = String(l).toLowerCase().slice(0, 2);
    if (short === "ua") return "uk";
    if (LANGS.includes(short)) return short;
  }
  return "en";
}

export async function setLang(lang, remember = true) {
  if (!LANGS.includes(lang)) lang = "en";
  if (!Object.keys(fallback).length) fallback = await fetchJson("i18n/en.json");
  strings = lang === "en" ? fallback : await fetchJson(`i18n/${lang}.json`);
  current = lang;
  await Promise.all([...games.values()].map((entry) => loadGame(entry, lang)));
  document.documentElement.lang = lang;
  if (remember) localStorage.setItem(STORE_KEY, lang);
  for (const fn of listeners) fn(lang);
}

/** Load a game's strings (``url``: its texts folder, from the spec's ``web.texts``; null: none). */
export function loadGameTexts(game, url) {
  if (!games.has(game)) {
    const entry = { url, own: {}, fallback: url ? null : {} };
    entry.ready = loadGame(entry, current);
    games.set(game, entry);
  }
  return games.get(game).ready;
}

/** Whose strings t() looks in first: the game shown now (null: the page's only). */
export function useGame(game) {
  currentGame = game;
}

export const lang = () => current;
export const onLangChange = (fn) => listeners.push(fn);

function lookup(key, game, ownOnly) {
  const g = games.get(game === undefined ? currentGame : game);
  // the chosen language (the game's, then the page's), then English (likewise)
  if (g && g.own[key] !== undefined) return g.own[key];
  if (strings[key] !== undefined) return strings[key];
  if (ownOnly) return undefined;
  if (g && g.fallback[key] !== undefined) return g.fallback[key];
  return fallback[key];
}

/** The string for ``key`` with {placeholders} filled; English, then the key itself, as fallbacks. */
export function t(key, params = {}) {
  const s = lookup(key, undefined, false);
  return s === undefined ? key : fill(s, params);
}

/** ``t`` in the strings of ``game`` (the lobby lists games of every kind). */
export function tIn(game, key, params = {}) {
  const s = lookup(key, game, false);
  return s === undefined ? key : fill(s, params);
}

/** The string for ``key`` in the chosen language only, or undefined. */
export function tOwn(key, params = {}) {
  const s = lookup(key, undefined, true);
  return s === undefined ? undefined : fill(s, params);
}

/** ``tOwn`` in the strings of ``game``: the chosen language only, or undefined. */
export function tOwnIn(game, key, params = {}) {
  const s = lookup(key, game, true);
  return s === undefined ? undefined : fill(s, params);
}

/** An English sentence of the engine (why the game ended) in the chosen language: the
 *  English template under ``prefix`` it matches ("influence {target} reached"), its values
 *  taken from the sentence (each through ``value(name, text)``) and put into the chosen
 *  language's template; the sentence itself where none matches (core/page_words.py does
 *  the same for the terminal). */
export function tReason(text, prefix, value = (name, v) => v) {
  const g = games.get(currentGame);
  if (!g || current === "en" || typeof text !== "string") return text;
  for (const [key, english] of Object.entries(g.fallback)) {
    if (!key.startsWith(prefix) || g.own[key] === undefined) continue;
    const names = [];
    const quote = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const pattern = english.split(/(\{\w+(?:\|[^{}]*)?\})/).map((part, i) => {
      if (i % 2 === 0) return quote(part);
      const [name, ...forms] = part.slice(1, -1).split("|");
      if (forms.length) return `(?:${forms.map(quote).join("|")})`; // a plural: any of its forms
      names.push(name);
      return "(.+?)";
    }).join("");
    const found = new RegExp(`^${pattern}$`).exec(text);
    if (found) {
      const values = {};
      names.forEach((n, i) => { values[n] = value(n, found[i + 1]); });
      return fill(g.own[key], values);
    }
  }
  return text;
}

/** A refusal of the server as the toast says it: the words for its ``code`` in the chosen
 *  language (error.<code>), else the server's own message; its rule anchor after it. */
export function errorText(code, message, rule = null) {
  const own = code ? tOwn(`error.${code}`) : undefined;
  return t("game.error", { error: (own ?? message) + (rule ? ` (${rule})` : "") });
}

/** Is there a string for ``key`` (in ``game``'s strings or the page's)? */
export const has = (key, game = undefined) => lookup(key, game, false) !== undefined;

/** The form of ``forms`` that goes with ``n``: two forms are English (one, other), three
 *  Russian or Ukrainian (one, few, many); the same choice as core/plural.py. */
export function plural(n, forms) {
  const k = Math.abs(Number.parseInt(String(n), 10));
  if (!/^-?\d+$/.test(String(n).trim()) || Number.isNaN(k)) return forms[forms.length - 1];
  if (forms.length === 2) return k === 1 ? forms[0] : forms[1];
  if (forms.length >= 3) {
    if (k % 10 === 1 && k % 100 !== 11) return forms[0];
    if (k % 10 >= 2 && k % 10 <= 4 && !(k % 100 >= 12 && k % 100 <= 14)) return forms[1];
    return forms[2];
  }
  return forms[0] || "";
}

/** ``s`` with its {placeholders} filled and each {name|form|form} plural in the form its number wants. */
export function fill(s, params) {
  const missing = (k) => params[k] === undefined || params[k] === null;
  return s.replace(/\{(\w+)\|([^{}]*)\}/g, (m, k, forms) => (missing(k) ? m : plural(params[k], forms.split("|"))))
    .replace(/\{(\w+)\}/g, (m, k) => (missing(k) ? m : String(params[k])));
}

/** Every element with data-i18n gets its text from the strings (data-i18n-attr: an attribute instead). */
export function translateDom(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    const attr = el.dataset.i18nAttr;
    const text = t(el.dataset.i18n);
    if (attr) el.setAttribute(attr, text);
    else el.textContent = text;
  }
}
