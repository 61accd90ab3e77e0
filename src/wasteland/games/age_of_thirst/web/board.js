// Age of Thirst in the browser: the board as SVG from one seat's view (the radius-6 map
// around the Last Oasis), the water table and the ray-tower hand, the words for actions
// (the exports the page uses are listed in wasteland.core.spec.WEB_BOARD_EXPORTS).
// Flat-topped hexes on axial (q, r): x = size * 3/2 * q, y = size * sqrt(3) * (r + q/2).
import { t, has, lang, tReason } from "/js/i18n.js";
import { SIZE, hexXY, el, corners, hatchDefs, highlight, coordLabel } from "/js/svg.js";
import { h } from "/js/dom.js";
import { componentName } from "/js/cards.js";
import { fieldsOf, verbOf } from "/js/fields.js";

// A source, bunker or ray-tower card by its name in the page's language (its id until the
// component texts are loaded).
const CARD_HINTS = ["source", "bunker", "tower"];
const cardLabel = (id) => componentName(id, CARD_HINTS, id);

export const STYLESHEET = "board.css";

const CLAN_COLOURS = { black: "#343a40", red: "#e03131", yellow: "#f59f00", white: "#f8f9fa",
                              blue: "#1c7ed6", violet: "#9c36b5" };
const INK = { black: "#fff", red: "#fff", yellow: "#222", white: "#222", blue: "#fff", violet: "#fff" };

const kindName = (k) => t(`aot.kind.${k}`);
// skinny and smart, handsome and hedge share a first letter: two letters tell them apart,
// in the page's language ("Sk", "Тщ", "Хд")
const KINDS = ["skinny", "handsome", "smart", "hedge"];
const INITIAL = new Proxy({}, { get: (_, k) => (KINDS.includes(k) ? t(`aot.initial.${k}`) : undefined) });

const HEX = /^-?\d+,-?\d+$/;

/** The hexes the legal actions name: hex → {classes (reach, source, target), actions}. */
export function boardMarks(actions) {
  const marks = new Map();
  const add = (hex, cls, action) => {
    if (!marks.has(hex)) marks.set(hex, { classes: [], actions: [] });
    const m = marks.get(hex);
    if (!m.classes.includes(cls)) m.classes.push(cls);
    if (!m.actions.includes(action)) m.actions.push(action);
  };
  for (const action of actions) {
    // the hexes it names, in its notation's order (the fields the server sent with it)
    const f = fieldsOf(action) || {};
    const hexes = [f.origin, f.hex, f.target].filter((w) => w !== undefined && HEX.test(w));
    hexes.forEach((hex, i) => {
      // "move A B" / "attack A B": A is the troop (source), B the destination or target
      const last = i === hexes.length - 1;
      add(hex, f.verb === "attack" && last ? "target" : hexes.length > 1 && !last ? "source" : "reach", action);
    });
  }
  return marks;
}

/** Draw the map into ``container``; ``onSpot(hex, event)`` on a click on a marked hex. */
export function renderBoard(container, view, { marks = new Map(), onSpot = null } = {}) {
  container.textContent = "";
  const b = view && view.board;
  if (!b) return null;
  const onHex = onSpot;
  const classesOf = (hex) => (marks.get(hex) || { classes: [] }).classes;
  const seatOf = new Map();
  const colourOwner = {};
  for (const p of view.players || []) colourOwner[p.colour] = p.seat;
  const landing = new Map(), base = new Map();
  for (const [c, hs] of Object.entries(b.landing || {})) for (const x of hs) landing.set(x, c);
  for (const [c, hs] of Object.entries(b.base || {})) for (const x of hs) base.set(x, c);
  const special = new Map();
  for (const x of b.sources || []) special.set(x, "source");
  for (const x of b.bunkers || []) special.set(x, "bunker");
  for (const x of b.ray_towers || []) special.set(x, "ray_tower");
  special.set(b.centre, "oasis");
  void seatOf;

  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const name of b.hexes) {
    const [x, y] = hexXY(name);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const pad = SIZE * 1.5;
  const svg = el("svg", { viewBox: `${minX - pad} ${minY - pad} ${maxX - minX + 2 * pad} ${maxY - minY + 2 * pad}`,
                          class: "board board-aot", role: "img", "aria-label": "board" });
  container.appendChild(svg);
  svg.style.setProperty("--vb-w", String(Math.round(maxX - minX + 2 * pad)));  // a phone sizes the board by it
  hatchDefs(svg);
  const gHex = el("g", { class: "hexes" }, svg);
  const gFig = el("g", { class: "figures", "data-play": "troops" }, svg); // the area in play (viewport.js)

  for (const name of b.hexes) {
    const [x, y] = hexXY(name);
    const sp = special.get(name);
    const clan = base.get(name);
    const cls = ["hex", "aot-hex", sp ? `aot-${sp}` : "", clan ? "aot-base" : "", landing.has(name) ? "aot-landing" : "",
                 ...classesOf(name)].filter(Boolean);
    // data-component: the hex's words on hover (/js/cards.js)
    const g = el("g", { class: cls.join(" "), "data-hex": name,
      "data-component": sp ? `hex:${sp}` : landing.has(name) ? "hex:landing" : clan ? "hex:base" : undefined }, gHex);
    const poly = el("polygon", { points: corners(x, y, SIZE - 0.6) }, g);
    highlight(g, x, y, classesOf(name));
    coordLabel(g, x, y, name);
    if (clan) {
      poly.setAttribute("style", `--clan:${CLAN_COLOURS[clan] || "#999"}`);
      if (landing.has(name)) el("circle", { cx: x, cy: y + SIZE * 0.55, r: 2.2, class: "landing-dot" }, g);
    }
    if (sp === "oasis") {
      el("circle", { cx: x, cy: y, r: SIZE * 0.7, class: "oasis-ring" }, g);
      el("text", { x, y: y - SIZE * 0.45, class: "aot-sym" }, g).textContent = "✺";
    } else if (sp) {
      el("text", { x, y: y - SIZE * 0.4, class: "aot-sym" }, g).textContent = sp === "source" ? "≈" : sp === "bunker" ? "▣" : "⚡";
    }
    const bits = [name];
    if (sp) bits.push(t(`aot.${sp}`));
    if (clan) bits.push(t(landing.has(name) ? "aot.landing" : "aot.base", { colour: t(`aot.colour.${clan}`) }));
    el("title", {}, g).textContent = bits.join(" — ");
    if (marks.has(name) && onHex) g.addEventListener("click", (ev) => onHex(name, ev));
  }

  for (const p of view.pieces || []) {
    const [x, y] = hexXY(p.hex);
    const player = (view.players || []).find((q) => q.seat === p.owner) || {};
    const level = (player.levels || {})[p.kind];
    const g = el("g", { class: `troop troop-${p.kind}${p.flipped ? " flipped" : ""}${view.acting === p.hex ? " acting" : ""}`,
                        "data-hex": p.hex, "data-kind": p.kind, "data-owner": p.owner, transform: `translate(${x},${y})` }, gFig);
    const fill = CLAN_COLOURS[p.colour] || "#888";
    const s = SIZE * 0.62;
    if (p.kind === "hedge") {
      el("rect", { x: -s, y: -s * 0.7, width: 2 * s, height: 1.4 * s, rx: 4, fill, class: "hedge-shape" }, g);
      el("path", { d: `M${-s + 3},0 L${s - 3},0`, class: "hedge-mark" }, g);
    } else {
      el("circle", { r: s, fill, class: "troop-shape" }, g);
    }
    el("text", { y: 3.5, class: "troop-label", fill: INK[p.colour] || "#fff" }, g).textContent =
      `${INITIAL[p.kind] || p.kind[0].toUpperCase()}${level ?? ""}`;
    el("circle", { cx: s * 0.85, cy: -s * 0.85, r: 5.5, class: "health-badge" }, g);
    el("text", { x: s * 0.85, y: -s * 0.85 + 3.2, class: "health-label" }, g).textContent = String(p.health);
    el("title", {}, g).textContent = `${kindName(p.kind)} ${level ?? ""} — p${p.owner + 1} (${t(`aot.colour.${p.colour}`)}) — `
      + t("aot.health", { n: p.health }) + (p.flipped ? ` — ${t("aot.flipped")}` : "");
    if (marks.has(p.hex) && onHex) {
      g.classList.add("clickable");
      g.addEventListener("click", (ev) => onHex(p.hex, ev));
    }
  }
  return { svg, figures: gFig, animate: () => null };
}

/** The side panel: the turn, water per colour, the Eye track, the decks and this seat's ray-tower hand;
 *  a card of the hand offers the legal actions that name it. */
export function renderSide(box, view, { actions = [], choose = () => {} } = {}) {
  if (!view.board) return false;
  const onCard = (card, ev) => choose(actions.filter((a) => (fieldsOf(a) || {}).card === card), ev);
  box.append(h("h3", { i18n: "aot.panel" }));
  const cur = (view.players || []).find((p) => p.seat === view.current);
  box.append(h("p", { class: "aot-turn", text: t("aot.turn", { turn: view.turn, phase: t(`aot.phase.${view.phase}`),
    colour: cur ? t(`aot.colour.${cur.colour}`) : "–" }) }));
  const table = h("table", { class: "aot-players", id: "aot-water" },
    h("tr", {}, h("th", { text: "" }), h("th", { i18n: "aot.water" }), h("th", { i18n: "aot.pumps" }),
      h("th", { i18n: "aot.eye" }), h("th", { i18n: "aot.levels" }), h("th", { i18n: "aot.hand" })));
  for (const p of view.players || []) {
    const eye = [0, 1, 2, 3].map((i) => (i <= p.eye ? "●" : "○")).join("");
    const lv = ["skinny", "handsome", "smart", "hedge"].map((k) => `${INITIAL[k]}${(p.levels || {})[k]}`).join(" ");
    table.append(h("tr", { "data-colour": p.colour, class: p.seat === view.seat ? "you" : "" },
      h("td", {}, h("span", { class: "dot", style: `background:${CLAN_COLOURS[p.colour]}` }),
        ` p${p.seat + 1} ${t(`aot.colour.${p.colour}`)}${p.barred ? " ⛔" : ""}`,
        teamGame(view) && p.team !== null && p.team !== undefined ? h("span", { class: "team", "data-team": p.team, text: ` (${t("aot.team_short", { n: p.team + 1 })})` }) : null),
      h("td", { class: "water", text: `${p.water}` }), h("td", { text: `${p.pumps}` }),
      h("td", { class: "eye", title: t("aot.eye_circle", { n: p.eye }), text: eye }),
      h("td", { text: lv }), h("td", { text: `${p.hand_size}` })));
  }
  box.append(table);
  const d = view.decks || {};
  box.append(h("p", { class: "aot-decks", id: "aot-decks", text: t("aot.decks", { source: d.source, bunker: d.bunker, tower: d.ray_tower }) }));
  const me = (view.players || []).find((p) => p.seat === view.seat);
  if (me) {
    const hand = me.hand || [];
    const row = h("div", { class: "slot", id: "hand" }, h("span", { class: "slot-name", text: t("aot.your_hand", { n: hand.length }) }));
    if (!hand.length) row.append(h("span", { class: "empty", i18n: "game.none" }));
    for (const c of hand) {
      row.append(h("button", { type: "button", class: "card hand", "data-card": c, text: componentName(c, ["tower"]),
        onclick: (ev) => onCard(c, ev) }));
    }
    box.append(row);
    const extra = [];
    if (me.injections && me.injections.length) extra.push(t("aot.injections", { list: me.injections.map(([c, k]) => `${componentName(c, ["bunker"])}→${kindName(k)}`).join(", ") }));
    if (me.statuses && me.statuses.length) extra.push(t("aot.statuses", { list: me.statuses.map((c) => componentName(c, ["tower"])).join(", ") }));
    if (extra.length) box.append(h("p", { class: "facts", text: extra.join(" · ") }));
  }
  if (view.over) box.append(h("p", { class: "aot-over", text: t("aot.over", { reason: view.end_reason }) }));
  return true;
}

/** Nothing above the board: the turn, its phase and whose clan acts head the side panel. */
export const statusParts = () => [];

/** A team game (LO-13.4): the config names a team format (every seat has a team of its
 *  own otherwise, which is no team to show). */
const teamGame = (view) => Boolean(view && view.config && view.config.teams);

/** What the players list says of a seat: its clan and water. */
export function playerFacts(view, seat) {
  const p = (view.players || []).find((q) => q.seat === seat);
  if (!p) return [];
  const facts = [t(`aot.colour.${p.colour}`), `${t("aot.water")} ${p.water}`];
  // a team game (LO-13.4): the seat's team, named by its clans' colours
  if (teamGame(view) && p.team !== null && p.team !== undefined) {
    const mates = (view.players || []).filter((q) => q.team === p.team).map((q) => t(`aot.colour.${q.colour}`));
    facts.unshift(t("aot.team", { n: p.team + 1, colours: mates.join("–") }));
  }
  return facts;
}

/** A seat's dot in the players list has its clan's colour. */
export function seatColour(view, seat) {
  const p = (view.players || []).find((q) => q.seat === seat);
  return (p && CLAN_COLOURS[p.colour]) || "#888";
}

/** The decision's prompt in the chosen language (the game's English one as the fallback). */
export function promptText(decision) {
  if (!decision) return "";
  return has(`aot.prompt.${decision.kind}`) ? t(`aot.prompt.${decision.kind}`) : decision.prompt;
}

const seatName = (x) => (typeof x === "number" ? `p${x + 1}` : String(x));
const colourName = (c) => (c in CLAN_COLOURS ? t(`aot.colour.${c}`) : String(c));

/** An event in words: the server's English text, or the chosen language's template. */
export function eventText(e) {
  const key = `aot.ev.${e.type}`;
  if (lang() === "en" || !has(key)) return e.text || JSON.stringify(e);
  const p = { ...e };
  for (const f of ["seat", "owner"]) if (typeof e[f] === "number") p[f] = seatName(e[f]);
  if (typeof e.kind === "string") p.kind = kindName(e.kind);
  if (typeof e.cause === "string") {
    p.cause = KINDS.includes(e.cause) ? t("aot.ev.cause_kind", { kind: kindName(e.cause) }) : t("aot.ev.cause_card", { card: cardLabel(e.cause) });
  }
  if (typeof e.colour === "string") p.colour = colourName(e.colour);
  if (Array.isArray(e.colours)) p.colours = e.colours.map(colourName).join(e.type === "order" ? " → " : ", ");
  if (Array.isArray(e.cards)) p.cards = e.cards.map(cardLabel).join(", ");
  if (typeof e.card === "string") p.card = cardLabel(e.card);
  if (typeof e.target === "string") p.target = colourName(e.target);
  if (typeof e.deck === "string" && has(`aot.${e.deck}`)) p.deck = t(`aot.${e.deck}`);
  if (typeof e.mode === "string" && has(`option.mode.${e.mode}`)) p.mode = t(`option.mode.${e.mode}`);
  if (e.type === "water") {
    if (!e.cards || !e.cards.length) p.cards = t("aot.ev.water_none");
    p.pumps = e.pumps ? t("aot.ev.water_pumps", { n: e.pumps }) : "";
    p.factor = e.factor > 1 ? t("aot.ev.water_factor", { n: e.factor }) : "";
  }
  if (e.type === "setup") p.teams = e.teams ? t("aot.ev.setup_teams", { teams: e.teams }) : "";
  if (e.type === "game_over") {
    p.reason = tReason(e.reason, "aot.end.", (n, v) => (n === "team" ? v.split("-").map(colourName).join("-")
      : n === "colour" ? colourName(v) : v));
  }
  return t(key, p);
}
/** The page asks before an attack on one's own troop (the issue's 17 choices began with
 *  one) and before a discard of a ray-tower card: both cost the player for good. */
export function dangerous(action, view = {}) {
  const f = fieldsOf(action) || {};
  if (f.verb === "discard") return "aot.danger.discard";
  if (f.verb === "attack" && view && view.seat !== null && view.seat !== undefined) {
    const victim = (view.pieces || []).find((p) => p.hex === f.hex);
    if (victim && victim.owner === view.seat) return "aot.danger.attack_own";
  }
  return false;
}

const GROUPS = { first: "other", place: "place", move: "move", attack: "attack", flip: "other", end: "end",
  buy: "place", grow: "place", upgrade: "card", inject: "card", take: "card", market: "card", play: "card",
  discard: "discard" };
/** The decision panel's group of an action; an attack on one's own troop is listed apart. */
export function actionGroup(action, view = {}) {
  if (dangerous(action, view) === "aot.danger.attack_own") return "discard";
  return GROUPS[verbOf(action)] || "other";
}

/** Nothing to add under the prompt. */
export const decisionNotes = () => [];

/** What the map's colours and symbols mean (the rulebook's components). */
export function legend(view = {}) {
  const items = [
    { sym: "✺", text: t("aot.oasis"), key: "oasis" },
    { sym: "≈", colour: "#a5d8ff", text: t("aot.source"), key: "source" },
    { sym: "▣", colour: "#ced4da", text: t("aot.bunker"), key: "bunker" },
    { sym: "⚡", colour: "#ffe066", text: t("aot.ray_tower"), key: "ray_tower" },
    { sym: "", colour: "#d9c7a8", text: t("aot.legend.base"), key: "base" },
    { sym: "•", colour: "#c9a97a", text: t("aot.legend.landing"), key: "landing" },
  ];
  for (const k of ["skinny", "handsome", "smart", "hedge"]) {
    items.push({ sym: INITIAL[k], cls: "round", colour: "#555", text: kindName(k), key: `kind-${k}` });
  }
  items.push({ sym: "3", cls: "round badge", colour: "#fff", text: t("aot.legend.health"), key: "health" });
  items.push({ sym: "", cls: "hl-reach", text: t("legend.reach_any"), key: "reach" });
  items.push({ sym: "", cls: "hl-target", text: t("legend.target_any"), key: "target" });
  void view;
  return items;
}

/** An Age of Thirst action in words. */
export function actionLabel(action) {
  const f = fieldsOf(action) || {};
  const k = (x) => (["skinny", "handsome", "smart", "hedge"].includes(x) ? kindName(x) : x);
  const col = (x) => (x in CLAN_COLOURS ? t(`aot.colour.${x}`) : x);
  switch (f.verb) {
    case "first": return t("aot.act.first", { colour: col(f.colour) });
    case "place": return t("aot.act.place", { kind: k(f.kind), hex: f.hex });
    case "move": return t("aot.act.move", { from: f.origin, to: f.hex });
    case "attack": return t("aot.act.attack", { from: f.origin, to: f.hex });
    case "flip": return t("aot.act.flip", { hex: f.hex });
    case "end": return t("aot.act.end");
    case "buy": return t("aot.act.buy", { kind: k(f.kind), hex: f.hex });
    case "grow": return t("aot.act.grow", { hex: f.hex });
    case "upgrade": return t("aot.act.upgrade", { kind: k(f.kind) });
    case "inject": return t("aot.act.inject", { card: cardLabel(f.card), kind: k(f.kind) });
    case "take": return t("aot.act.take", { card: cardLabel(f.card), kind: k(f.kind) });
    case "market": return t("aot.act.market", { card: cardLabel(f.card), kind: k(f.kind) });
    case "discard": return t("aot.act.discard", { card: cardLabel(f.card) });
    case "play": return t("aot.act.play", { card: cardLabel(f.card), target: col(f.target || "") });
    default: return action;
  }
}
