// Strings of the page in English, Russian and Ukrainian, from i18n/{lang}.json.
export const LANGS = ["en", "ru", "uk"];
export const LANG_NAMES = { en: "English", ru: "Русский", uk: "Українська" };
const STORE_KEY = "wasteland.lang";

let current = "en";
let strings = {};
let fallback = {};
const listeners = [];

async function load(lang) {
  const res = await fetch(`i18n/${lang}.json`, { cache: "no-cache" });
  if (!res.ok) throw new Error(`no strings for ${lang}`);
  return res.json();
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
  if (!Object.keys(fallback).length) fallback = await load("en");
  strings = lang === "en" ? fallback : await load(lang);
  current = lang;
  document.documentElement.lang = lang;
  if (remember) localStorage.setItem(STORE_KEY, lang);
  for (const fn of listeners) fn(lang);
}

export const lang = () => current;
export const onLangChange = (fn) => listeners.push(fn);

/** The string for ``key`` with {placeholders} filled; English, then the key itself, as fallbacks. */
export function t(key, params = {}) {
  let s = strings[key];
  if (s === undefined) s = fallback[key];
  if (s === undefined) return key;
  return fill(s, params);
}

/** The string for ``key`` in the chosen language only, or undefined. */
export function tOwn(key, params = {}) {
  const s = strings[key];
  return s === undefined ? undefined : fill(s, params);
}

export const has = (key) => strings[key] !== undefined || fallback[key] !== undefined;

function fill(s, params) {
  return s.replace(/\{(\w+)\}/g, (m, k) => (params[k] === undefined || params[k] === null ? m : String(params[k])));
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
