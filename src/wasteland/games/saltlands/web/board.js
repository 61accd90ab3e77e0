// Saltlands in the browser: the hex board as SVG from one seat's view, the seat's cards,
// the players' facts and the words for actions and events (the exports the page uses are
// listed in wasteland.core.spec.WEB_BOARD_EXPORTS). Flat-topped hexes on axial (q, r):
// x = size * 3/2 * q, y = size * sqrt(3) * (r + q/2).
import { t } from "/js/i18n.js";
import { SIZE, SQ3, hexXY, el, corners, hatchDefs, highlight, coordLabel, groupOutline } from "/js/svg.js";
import { h } from "/js/dom.js";
import { raiderName, tokenName, charName, cardName, parseAction, seatName, seatNumber, tileName } from "./notation.js";

import { actionLabel as notationLabel } from "./notation.js";
import { verbOf } from "/js/fields.js";
export { promptText, eventText } from "./notation.js";
export { legend } from "./legend.js";
import { rumorNotes } from "./rumor.js";
import { rememberTiles, tileCentre } from "./places.js";
import { RAIDER_COLOURS, MARKER_COLOURS } from "./legend.js";
export const STYLESHEET = "board.css";

const DIR_ANGLE = { N: -90, NE: -30, SE: 30, S: 90, SW: 150, NW: -150 };
// each colour carries a white label at 4.5:1 or more (WCAG 1.4.3): the green, violet, orange and cyan darkened
const SEAT_COLOURS = ["#1f77b4", "#d62728", "#248424", "#8f60ba", "#bb5800", "#0f7f8a"];


const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** An action in words; a move in a sandstorm says what the storm will take for it (the
 *  view's ``storm_cards``: one hand or cargo card per tile crossed, SL §53). */
export function actionLabel(action, view) {
  const label = notationLabel(action, view);
  const cards = view && view.storm_cards ? view.storm_cards[action] : undefined;
  return cards === undefined ? label : `${label} — ${t("act.storm_cards", { n: cards })}`;
}

/** Per hex, the sandstorm's toll of each move there (hex → [{action, cards}]), fewest Fuel first. */
function stormTolls(view) {
  const out = new Map();
  for (const [action, cards] of Object.entries((view && view.storm_cards) || {})) {
    const hex = parseAction(action).hexes[0];
    if (hex === undefined) continue;
    if (!out.has(hex)) out.set(hex, []);
    out.get(hex).push({ action, cards });
  }
  return out;
}

/** The hexes of each tile (tile "t0,0" → its 19 hex names), from the view's order. */
function tileHexes(view) {
  const out = new Map();
  (view.hexes || []).forEach((hx, i) => {
    const tile = (view.tiles || [])[Math.floor(i / 19)];
    if (!tile) return;
    if (!out.has(tile.at)) out.set(tile.at, []);
    out.get(tile.at).push(hx.hex);
  });
  return out;
}

/**
 * The hexes the legal actions name: hex → {classes, actions}. A hex gets "target" (an
 * attack's aim, a raider's hex), "collect", "explore" (a hex of a tile to explore) or
 * "reach" (where a move or entry goes); a click on it offers the actions that name it.
 */
export function boardMarks(actions, view) {
  const marks = new Map();
  const tiles = tileHexes(view || {});
  const add = (hex, cls, action) => {
    if (!marks.has(hex)) marks.set(hex, { classes: [], actions: [] });
    const m = marks.get(hex);
    if (!m.classes.includes(cls)) m.classes.push(cls);
    if (!m.actions.includes(action)) m.actions.push(action);
  };
  const players = new Map((view && view.players || []).map((p) => [seatName(p.seat), p.hex]));
  for (const a of actions.map(parseAction)) {
    for (const hex of a.hexes) {
      add(hex, a.target === hex || a.verb === "raider" ? "target" : a.verb === "collect" ? "collect" : "reach", a.action);
    }
    for (const tile of a.tiles) for (const hex of tiles.get(tile) || []) add(hex, "explore", a.action);
    // a raider's tie between players: the candidates are the players' hexes (SL §103, SL §105)
    if (a.verb === "chase" || a.verb === "attack") {
      for (const seat of a.seats) if (players.get(seat)) add(players.get(seat), "target", a.action);
    }
  }
  return marks;
}

/**
 * Draw ``view`` into ``container``. ``marks`` (from boardMarks) gives a hex its classes;
 * ``onSpot(hex, event)`` is called on a click on a marked hex or on a figure standing on one.
 */
export function renderBoard(container, view, { marks = new Map(), onSpot = null, you = null } = {}) {
  container.textContent = "";
  if (!view || !Array.isArray(view.hexes)) return null;
  rememberTiles(view); // the log and the prompts name tiles as this board shows them
  const onHex = onSpot;
  const classesOf = (hex) => (marks.get(hex) || { classes: [] }).classes;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const h of view.hexes) {
    const [x, y] = hexXY(h.hex);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const pad = SIZE * 1.5;
  const svg = el("svg", { viewBox: `${minX - pad} ${minY - pad} ${maxX - minX + 2 * pad} ${maxY - minY + 2 * pad}`,
                          class: "board", role: "img", "aria-label": "board" });
  container.appendChild(svg);
  svg.style.setProperty("--vb-w", String(Math.round(maxX - minX + 2 * pad)));  // a phone sizes the board by it
  hatchDefs(svg);
  const gHex = el("g", { class: "hexes" }, svg);
  const gTile = el("g", { class: "tiles" }, svg);
  const gMark = el("g", { class: "marks" }, svg);
  // data-play: the area in play the board component (viewport.js) opens on: the figures and
  // the face-up tiles, not the face-down ones around them
  const gFig = el("g", { class: "figures", "data-play": "figures" }, svg);
  const gOver = el("g", { class: "overlay" }, svg);

  const tolls = stormTolls(view);
  const tileOfHex = new Map();
  view.hexes.forEach((h, i) => tileOfHex.set(h.hex, Math.floor(i / 19)));

  const raised = []; // hexes with a sandstorm badge, drawn last (the digits were clipped by later hexes)
  for (const h of view.hexes) {
    const [x, y] = hexXY(h.hex);
    const cls = ["hex", `terrain-${h.terrain}`, ...classesOf(h.hex)];
    // data-component: the hex's words on hover and long press (/js/cards.js): a spawn point,
    // a wreck, else its face-up tile's printed words
    const tileHere = (view.tiles || [])[tileOfHex.get(h.hex)];
    const printed = tileHere && tileHere.face_up && tileHere.tile ? `tile:${tileHere.tile}` : undefined;
    const g = el("g", { class: cls.join(" "), "data-hex": h.hex,
      "data-component": h.spawn ? `hex:spawn_${h.spawn}` : h.wreck ? "hex:wreck" : printed }, gHex);
    const poly = el("polygon", { points: corners(x, y, SIZE - 0.6) }, g);
    highlight(g, x, y, classesOf(h.hex));
    coordLabel(g, x, y, h.hex);
    const title = el("title", {}, g);
    title.textContent = `${h.hex} — ${t(`terrain.${h.terrain}`)}` + (h.spawn ? ` — ${t("legend.spawn")} ${h.spawn}` : "")
      + (h.wreck ? ` — ${t("legend.wreck")}` : "");
    if (h.spawn) {
      const txt = el("text", { x, y: y + 4, class: "spawn" }, g);
      txt.textContent = h.spawn;
    }
    if (h.wreck) el("path", { d: `M${x - 7},${y - 7} l14,14 M${x + 7},${y - 7} l-14,14`, class: "wreck" }, g);
    const toll = tolls.get(h.hex);
    if (toll && classesOf(h.hex).length) {
      // SL §53: the cards the sandstorm takes for a move here, on the hex itself (a card
      // shape with the number; one number per Fuel count when Fuel buys a shorter route)
      const text = [...new Set(toll.map((o) => o.cards))].join("/");
      const w = 5 + 4.5 * text.length;
      const badge = el("g", { class: `storm-cost${toll.every((o) => o.cards === 0) ? " free" : ""}`,
        "data-cards": text }, g);
      el("rect", { x: x + SIZE * 0.62 - w / 2, y: y - SIZE * 0.78, width: w, height: 10, rx: 1.5 }, badge);
      el("text", { x: x + SIZE * 0.62, y: y - SIZE * 0.78 + 7.8 }, badge).textContent = text;
      raised.push(g); // over its neighbours: the badge reaches into the next hex
    }
    // what a click here offers, before it is made: each move with the Fuel it burns and, in
    // a sandstorm, the cards the storm takes (SL §84, SL §53), each attack, collection...
    if (marks.has(h.hex)) title.textContent += marks.get(h.hex).actions.map((a) => `\n${actionLabel(a, view)}`).join("");
    if (marks.has(h.hex) && onHex) {
      g.addEventListener("click", (ev) => onHex(h.hex, ev));
    }
    void poly;
  }

  for (const g of raised) gHex.append(g);

  // Tile borders, so that a tile can be read off the board (the escape tile: a rumor
  // marker and no raiders, SL §113); a face-up tile's name at its top; a face-down one a "?".
  const groupOf = new Map(view.hexes.map((hx, i) => [hx.hex, Math.floor(i / 19)]));
  const faceUp = view.hexes.filter((hx, i) => ((view.tiles || [])[Math.floor(i / 19)] || {}).face_up).map((hx) => hx.hex);
  const faceDown = view.hexes.filter((hx, i) => !((view.tiles || [])[Math.floor(i / 19)] || {}).face_up).map((hx) => hx.hex);
  el("path", { d: groupOutline(faceDown, groupOf), class: "tile-border face-down" }, gTile);
  el("path", { d: groupOutline(faceUp, groupOf), class: "tile-border", "data-play": "tiles" }, gTile);
  for (const tile of view.tiles || []) {
    const [x, y] = hexXY(tileCentre(tile.at));
    if (!tile.face_up) {
      const q = el("text", { x, y: y + 9, class: "facedown" }, gTile);
      q.textContent = "?";
    } else if (tile.tile) {
      // over the figures: a token on the tile's top hex hid its name
      const name = el("text", { x, y: y - 2 * SIZE * SQ3 - SIZE * 0.15, class: "tile-name", "data-tile": tile.at }, gOver);
      name.textContent = tileName(tile.tile);
    }
  }
  const markerCount = {};
  for (const [colour, at] of Object.entries(view.markers || {})) {
    const [x, y] = hexXY(tileCentre(at));
    const k = (markerCount[at] = (markerCount[at] || 0) + 1);
    const g = el("g", { class: "marker", "data-marker": colour }, gTile);
    // two markers on one tile stand side by side, each in full
    const mx = x - SIZE * 0.9 + (k - 1) * 16, my = y - SIZE * 1.2;
    el("path", { d: `M${mx},${my + 16} L${mx},${my - 8} L${mx + 13},${my - 2} L${mx},${my + 4}`,
                 fill: MARKER_COLOURS[colour] || colour, stroke: "#222", "stroke-width": 1.2 }, g);
    el("title", {}, g).textContent = t("legend.marker", { colour: t(`colour.${colour}`) });
  }

  // tokens
  for (const [hex, tok] of Object.entries(view.tokens || {})) {
    const [x, y] = hexXY(hex);
    const id = tok.split("#")[0];
    const g = el("g", { class: `token token-${id.split("_")[0]}`, "data-hex": hex, "data-token": tok }, gFig);
    let fill = "#f8f0c8";
    if (id.startsWith("victory_")) fill = MARKER_COLOURS[id.slice(8)] || "#fff";
    el("rect", { x: x - 7, y: y - 7, width: 14, height: 14, rx: 3, fill }, g);
    el("text", { x, y: y + 4, class: "token-label" }, g).textContent = id.startsWith("crew") || id === "exp_crew" ? "C"
      : id.startsWith("loot") || id === "exp_loot" ? "L" : id.startsWith("victory") ? "V" : id[0].toUpperCase();
    el("title", {}, g).textContent = tokenName(tok);
    if (marks.has(hex) && onHex) g.addEventListener("click", (ev) => onHex(hex, ev));
  }

  // raiders: a coloured shape, the type's initial and the crew left
  const raiderEls = new Map();
  for (const r of view.raiders || []) {
    const g = drawRaider(gFig, r.type, r.hex, r.crew);
    if (marks.has(r.hex) && onHex) {
      g.classList.add("clickable");
      g.addEventListener("click", (ev) => onHex(r.hex, ev));
    }
    raiderEls.set(r.hex, g);
  }

  // players
  (view.players || []).forEach((p, i) => {
    if (!p.hex) return;
    const [x, y] = hexXY(p.hex);
    const seat = seatNumber(p.seat);
    const label = seatName(p.seat);
    const mine = you !== null && you !== undefined && seatNumber(you) === seat;
    const g = el("g", { class: `player${mine ? " you" : ""}`, "data-seat": label, "data-hex": p.hex,
                        transform: `translate(${x},${y})` }, gFig);
    el("circle", { r: SIZE * 0.62, fill: SEAT_COLOURS[seat % SEAT_COLOURS.length] }, g);
    el("text", { y: 4, class: "player-label" }, g).textContent = label;
    el("title", {}, g).textContent = `${label} — ${charName(p.character)}`;
    if (marks.has(p.hex) && onHex) g.addEventListener("click", (ev) => onHex(p.hex, ev));
    void i;
  });

  // wind rose
  const wind = view.wind_dir;
  if (wind) {
    const wx = minX - pad + 30, wy = minY - pad + 30;
    const g = el("g", { class: "wind", transform: `translate(${wx},${wy})` }, gOver);
    el("circle", { r: 22, class: "wind-rose" }, g);
    const arrow = el("g", { transform: `rotate(${DIR_ANGLE[wind] + 90})` }, g);
    el("path", { d: "M0,14 L0,-12 M-6,-5 L0,-14 L6,-5", class: "wind-arrow" }, arrow);
    el("text", { x: 0, y: 38, class: "wind-label" }, g).textContent = `${view.wind_strength ?? ""}${view.storm ? " ⚠" : ""}`;
    el("title", {}, g).textContent = t("game.wind", { strength: view.wind_strength, dir: t(`dir.${wind}`) });
  }

  const board = {
    svg,
    raiders: raiderEls,
    overlay: gOver,
    figures: gFig,
    /** A raider's move walks its path (a promise until it arrives); an attack flashes its hex. */
    animate(e, ms) {
      if (e.type === "raider_move" && Array.isArray(e.path) && e.path.length > 1) {
        return board.animateRaider(e.raider, e.from, e.path, ms);
      }
      if (e.type === "attacked" && e.hex) board.flash(e.hex, "hit", ms * 3);
      return null;
    },
    /** Move the raider standing at ``from`` (or a new figure of ``type``) along ``path``. */
    async animateRaider(type, from, path, stepMs) {
      let g = raiderEls.get(from);
      if (!g) g = drawRaider(gFig, type, from, null);
      raiderEls.delete(from);
      g.classList.add("moving");
      const trail = el("polyline", { points: path.map((h) => hexXY(h).join(",")).join(" "), class: "trail" }, gOver);
      for (const h of path.slice(1)) {
        const [x, y] = hexXY(h);
        g.setAttribute("transform", `translate(${x},${y})`);
        g.setAttribute("data-hex", h);
        await sleep(stepMs);
      }
      g.classList.remove("moving");
      raiderEls.set(path[path.length - 1], g);
      setTimeout(() => trail.remove(), stepMs * 2);
    },
    flash(hex, cls, ms) {
      const [x, y] = hexXY(hex);
      const c = el("circle", { cx: x, cy: y, r: SIZE, class: cls }, gOver);
      setTimeout(() => c.remove(), ms);
    },
  };
  return board;
}

function drawRaider(parent, type, hex, crew) {
  const [x, y] = hexXY(hex);
  const g = el("g", { class: `raider raider-${type}`, "data-hex": hex, "data-raider": type,
                      transform: `translate(${x},${y})` }, parent);
  const s = SIZE * 0.62;
  el("polygon", { points: `0,${-s} ${s},0 0,${s} ${-s},0`, fill: RAIDER_COLOURS[type] || "#333" }, g);
  el("text", { y: 4, class: "raider-label" }, g).textContent = (type[0] || "?").toUpperCase();
  if (crew !== null && crew !== undefined) {
    el("circle", { cx: s * 0.8, cy: -s * 0.8, r: 6, class: "crew-badge" }, g);
    el("text", { x: s * 0.8, y: -s * 0.8 + 3.5, class: "crew-label" }, g).textContent = String(crew);
  }
  el("title", {}, g).textContent = `${raiderName(type)} — ${hex}` + (crew != null ? ` — ${t("game.crew", { n: crew })}` : "");
  return g;
}

const playerOf = (view, seat) => (view.players || []).find((p) => seatNumber(p.seat) === seat);

/** The line above the board: round and turn, wind, storm, weather, decks, tokens on the board. */
export function statusParts(v) {
  const out = [];
  if (v.round !== undefined) out.push({ text: t("game.round", { round: v.round, turn: v.turn }) });
  if (v.wind_dir) out.push({ class: "wind-text", text: t("game.wind", { strength: v.wind_strength, dir: t(`dir.${v.wind_dir}`) }) });
  if (v.storm) out.push({ class: "storm", text: t("game.storm") });
  // weather cards by their number ("w04" is weather card 4), not by their id
  if (v.weather) out.push({ text: t("game.weather", { cards: v.weather.map((w) => t("game.weather_card", { n: Number(String(w).replace(/\D/g, "")) })).join(", ") }) });
  if (v.rumor_deck !== undefined) out.push({ text: t("game.rumors", { n: v.rumor_deck }) });
  if (v.mirage_deck !== undefined) {
    out.push({ class: "decks", text: t("game.decks", { mirage: v.mirage_deck, raider: v.raider_deck, tokens: v.token_pool }) });
  }
  return out;
}

/** What the players list says of a seat: character, status, hex, vehicle, cargo, hand size. */
export function playerFacts(v, seat) {
  const p = playerOf(v, seat) || {};
  const facts = [];
  if (p.character) facts.push(charName(p.character));
  if (p.status) facts.push(t(`game.status.${p.status}`));
  if (p.status === "active") facts.push(p.hex || t("game.offboard"));
  if (p.vehicle) facts.push(cardName(p.vehicle));
  if (p.cargo && p.cargo.length) facts.push(p.cargo.map(cardName).join(", "));
  if (p.hand_size !== undefined) facts.push(t("game.hand_size", { n: p.hand_size }));
  return facts;
}

export const seatColour = (v, seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length];

/** Actions that throw something away for good: the page asks before playing them (a
 *  discard, a replaced card, a crew member lost, a Victory card yielded), whatever undo
 *  could still do: nothing irreversible happens on a single click. */
const DANGER = { discard: "danger.discard", replace: "danger.replace", lose: "danger.lose", yield: "danger.yield" };
export const dangerous = (action) => DANGER[verbOf(action)] || false;

const GROUPS = { move: "move", enter: "move", collect: "collect", use: "card", refresh: "card", ability: "card",
  trade: "trade", give: "trade", steal: "trade", accept: "trade", decline: "trade", discard: "discard",
  replace: "discard", lose: "discard", yield: "discard", activate: "raiders", raider: "raiders", chase: "raiders",
  goto: "raiders", attack: "raiders", spawn: "raiders", place: "place", take: "place", end: "end", pass: "end",
  done: "end" };
/** The decision panel's group of an action (move / collect / card / trade / discard / raiders...). */
export const actionGroup = (action) => GROUPS[verbOf(action)] || "other";

/** Why an expected option is missing, said under the prompt: over the hand limit a player
 *  may neither move nor end the turn until she discards down to it (SL §55); in a
 *  sandstorm a move costs a card for each tile it crosses (SL §53). */
export function decisionNotes(decision, view) {
  if (decision && decision.kind === "rumor") return rumorNotes(view); // both options before the choice (SL §109)
  const notes = [];
  if (!decision || decision.kind !== "turn" || !view || view.seat === null || view.seat === undefined) return notes;
  const me = playerOf(view, seatNumber(view.seat));
  const actions = decision.actions || [];
  if (me && me.hand && me.hand_limit !== null && me.hand_limit !== undefined && me.hand.length > me.hand_limit
      && !actions.includes("end")) {
    notes.push(t("note.hand_limit", { n: me.hand.length, limit: me.hand_limit }));
  }
  if (view.storm && actions.some((a) => a.startsWith("move "))) notes.push(t("note.storm"));
  return notes;
}

/** The seat's own cards: character, vehicle, cargo, hand; a card with legal actions is a button. */
export function renderSide(box, v, { actions = [], choose = () => {} } = {}) {
  if (v.seat === null || v.seat === undefined) return false;
  const me = playerOf(v, seatNumber(v.seat));
  if (!me) return false;
  const parsed = actions.map(parseAction);
  const base = (c) => c.split("/")[0];
  const forCard = (card) => parsed.filter((a) => a.cards.length && base(a.cards[0]) === card).map((a) => a.action);
  box.append(h("h3", { i18n: "game.your_cards" }));
  const chip = (card, extra = "") => {
    const playable = forCard(card).length > 0;
    const engaged = (me.engaged || []).includes(card);
    return h("button", { type: "button", class: `card${playable ? " playable" : ""}${engaged ? " engaged" : ""} ${extra}`,
      "data-card": card, title: cardName(card), disabled: !playable,
      onclick: (ev) => choose(forCard(card), ev), text: cardName(card) });
  };
  if (me.character) {
    box.append(h("div", { class: "slot" }, h("span", { class: "slot-name", i18n: "game.character" }),
      chip(me.character, "character"), h("span", { class: "armor", text: t("game.armor", { n: me.armor }) })));
  }
  box.append(h("div", { class: "slot", id: "vehicle" }, h("span", { class: "slot-name", i18n: "game.vehicle" }),
    me.vehicle ? chip(me.vehicle, "vehicle") : h("span", { class: "empty", i18n: "game.none" })));
  box.append(h("div", { class: "slot", id: "cargo" }, h("span", { class: "slot-name", i18n: "game.cargo" }),
    ...(me.cargo.length ? me.cargo.map((c) => chip(c, "cargo")) : [h("span", { class: "empty", i18n: "game.none" })])));
  const hand = me.hand || [];
  box.append(h("div", { class: "slot", id: "hand" },
    h("span", { class: "slot-name", text: t("game.hand", { n: hand.length, limit: me.hand_limit ?? "–" }) }),
    ...(hand.length ? hand.map((c) => chip(c, "hand")) : [h("span", { class: "empty", i18n: "game.none" })])));
  return true;
}
