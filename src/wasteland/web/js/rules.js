// The rules' words beside their anchors. Every anchor of the game that the page shows (a
// decision's rule, an event in the log, a refusal) becomes a mark that gives the rule's
// title and text from the game's rules reference (GET /api/games/{game}/rules/{lang}, see
// the server's API.md), in the page's language: as a tooltip on hover, and as a popover on
// a click, a tap or Enter. The page makes one call: watchRules(root, game). Nothing here
// knows a game: the anchors come with the texts.
import { lang, onLangChange } from "./i18n.js";

const loaded = new Map(); // "game/lang" -> Promise of {pattern, rules}
let watched = null; // {root, game, observer, reference}

function escapeRe(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function load(game, l) {
  const key = `${game}/${l}`;
  if (!loaded.has(key)) {
    const url = `/api/games/${encodeURIComponent(game)}/rules/${encodeURIComponent(l)}`;
    loaded.set(key, fetch(url).then((res) => (res.ok ? res.json() : { rules: {} })).catch(() => ({ rules: {} }))
      .then((body) => {
        const anchors = Object.keys(body.rules || {}).sort((a, b) => b.length - a.length); // the longest first
        const pattern = anchors.length
          ? new RegExp(`(?<![\\w-])(?:${anchors.map(escapeRe).join("|")})(?![0-9A-Za-z]|\\.[0-9])`, "g") : null;
        return { pattern, rules: body.rules || {} };
      }));
  }
  return loaded.get(key);
}

const SKIP = new Set(["SCRIPT", "STYLE", "TEXTAREA", "INPUT", "SELECT", "OPTION", "BUTTON"]);

/** Wrap each anchor in the text under ``node`` in a mark (text already marked is left alone).
 * Drawings (SVG), form controls and marks are skipped whole, so a redrawn board costs nothing. */
function mark(node, reference) {
  if (!reference.pattern || !node || !node.isConnected) return;
  const skip = (el) => SKIP.has(el.tagName) || el.namespaceURI === "http://www.w3.org/2000/svg" ||
    (el.classList && el.classList.contains("rule-ref"));
  if (node.nodeType === Node.ELEMENT_NODE && skip(node)) return;
  for (let el = node.parentElement; el; el = el.parentElement) if (skip(el)) return;
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(n) {
      if (n.nodeType === Node.ELEMENT_NODE) return skip(n) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_SKIP;
      reference.pattern.lastIndex = 0;
      return reference.pattern.test(n.data) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
    },
  });
  const found = [];
  if (node.nodeType === Node.TEXT_NODE) {
    reference.pattern.lastIndex = 0;
    if (reference.pattern.test(node.data)) found.push(node);
  } else {
    while (walker.nextNode()) found.push(walker.currentNode);
  }
  for (const text of found) {
    const parts = document.createDocumentFragment();
    let last = 0;
    reference.pattern.lastIndex = 0;
    for (const m of text.data.matchAll(reference.pattern)) {
      parts.append(text.data.slice(last, m.index), anchorMark(m[0], reference));
      last = m.index + m[0].length;
    }
    parts.append(text.data.slice(last));
    text.replaceWith(parts);
  }
}

function anchorMark(anchor, reference) {
  const el = document.createElement("span");
  el.className = "rule-ref";
  el.dataset.anchor = anchor;
  el.tabIndex = 0;
  el.setAttribute("role", "button");
  el.textContent = anchor;
  describe(el, reference);
  return el;
}

function describe(el, reference) {
  const rule = reference.rules[el.dataset.anchor];
  if (rule) el.title = `${rule.title}: ${rule.text}`;
}

function closePopover() {
  for (const pop of document.querySelectorAll(".rule-pop")) pop.remove();
}

function openPopover(el) {
  closePopover();
  if (!watched) return;
  const rule = watched.reference.rules[el.dataset.anchor];
  if (!rule) return;
  const pop = document.createElement("div");
  pop.className = "rule-pop";
  pop.setAttribute("role", "dialog");
  pop.dataset.anchor = el.dataset.anchor;
  const head = document.createElement("h4");
  head.textContent = `${el.dataset.anchor} · ${rule.title}`;
  const body = document.createElement("p");
  body.textContent = rule.text;
  pop.append(head, body);
  document.body.append(pop);
  const box = el.getBoundingClientRect();
  const width = Math.min(420, window.innerWidth - 16);
  pop.style.maxWidth = `${width}px`;
  pop.style.left = `${Math.max(8, Math.min(box.left + window.scrollX, window.scrollX + window.innerWidth - width - 8))}px`;
  // below the anchor, or above it when the screen ends first
  const below = box.bottom + 6 + pop.offsetHeight <= window.innerHeight || box.top < pop.offsetHeight + 6;
  pop.style.top = `${(below ? box.bottom + 6 : box.top - 6 - pop.offsetHeight) + window.scrollY}px`;
}

function onClick(e) {
  const el = e.target.closest && e.target.closest(".rule-ref");
  if (el) {
    e.preventDefault();
    e.stopPropagation();
    const open = document.querySelector(`.rule-pop[data-anchor="${CSS.escape(el.dataset.anchor)}"]`);
    if (open) closePopover();
    else openPopover(el);
  } else if (!(e.target.closest && e.target.closest(".rule-pop"))) {
    closePopover();
  }
}

function onKey(e) {
  if (e.key === "Escape") closePopover();
  const el = e.target.closest && e.target.closest(".rule-ref");
  if (el && (e.key === "Enter" || e.key === " ")) {
    e.preventDefault();
    openPopover(el);
  }
}

// The popovers' style sheet is a file beside the pages (an inline <style> element would be
// blocked by the server's Content-Security-Policy, style-src 'self').
const STYLE_SHEET = new URL("../rules.css", import.meta.url).href;

function addStyle() {
  if (document.getElementById("rules-style")) return;
  const link = document.createElement("link");
  link.id = "rules-style";
  link.rel = "stylesheet";
  link.href = STYLE_SHEET;
  document.head.append(link);
}

let listening = false;

/** Mark every anchor of ``game`` shown under ``root``, now and whenever the page adds text. */
export async function watchRules(root, game) {
  if (watched && watched.observer) watched.observer.disconnect();
  addStyle();
  const reference = await load(game, lang());
  watched = { root, game, reference, observer: null };
  mark(root, reference);
  // what the page adds is marked once it settles (one pass for a burst of updates)
  let pending = new Set();
  let scheduled = false;
  const observer = new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) pending.add(node);
    if (scheduled) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      const nodes = pending;
      pending = new Set();
      for (const node of nodes) mark(node, watched.reference);
    }, 50);
  });
  observer.observe(root, { childList: true, subtree: true });
  watched.observer = observer;
  if (!listening) {
    listening = true;
    document.addEventListener("click", onClick, true);
    document.addEventListener("keydown", onKey);
    onLangChange(async (l) => {
      if (!watched) return;
      watched.reference = await load(watched.game, l);
      closePopover();
      for (const el of watched.root.querySelectorAll(".rule-ref")) describe(el, watched.reference);
    });
  }
}

/** The rule text of ``anchor`` in the page's language, once loaded (for other modules). */
export async function ruleText(game, anchor) {
  const reference = await load(game, lang());
  return reference.rules[anchor] || null;
}
