// The quest in the browser: the battlefield as an SVG grid of squares (zones shaded by
// tile, walls between zones, gates and lychgates on edges, heroes and enemies in their
// zones), the panel of heroes, battle track, dusk and destiny, and the words for actions
// and events (the exports the page uses are listed in wasteland.core.spec.WEB_BOARD_EXPORTS).
// Strings: ./i18n/{lang}.json, keys "wq.*".
import { t, tReason } from "/js/i18n.js";
import { fieldsOf, verbOf } from "/js/fields.js";
import { h as el } from "/js/dom.js";
import { svgText as svg } from "/js/svg.js";
import { SEAT_COLOURS, TILE_FILLS, ENEMY_COLOURS, LINES } from "./legend.js";

export { legend } from "./legend.js";
export const STYLESHEET = "board.css";

const S = 64; // pixels per square
const HATCHES = { reach: "#2f9e44", target: "#e03131" };
const STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const ZONE_VERBS = new Set(["move", "run", "deploy", "anchor", "rebirth_zone", "step"]);


const known = (key, fallback) => (t(key) === key ? fallback : t(key));
const tileName = (id) => known(`wq.tile.${id}`, id);
// the battle track's places: "h2" is a hero's activation, "g1" an enemy group's (WQ-40.2)
const trackName = (id) => (id[0] === "h" ? t("wq.hero_n", { seat: id.slice(1) }) : t("wq.group_n", { group: id.slice(1) }));
const trackText = (track) => (track || []).map(trackName).join(" → ");
const zoneName = (zone) => { if (!zone) return t("wq.out"); const [tile, z] = zone.split("."); return `${tileName(tile)} ${z}`; };
const enemyName = (kind) => known(`wq.enemy.${kind}`, kind);
const heroName = (id) => known(`wq.hero.${id}`, id);
const cond = (c) => known(`wq.cond.${c}`, c);
const die = (token) => (token && token[0] === "d" ? t("wq.die.destiny", { v: token.slice(1) }) : t("wq.die.activation", { v: (token || "").slice(1) }));
const edgeKey = ([x, y], side) => { const [dx, dy] = STEP[side]; const a = `${x},${y}`, b = `${x + dx},${y + dy}`; return a < b ? `${a}|${b}` : `${b}|${a}`; };

/**
 * The zones the legal actions name: zone → {classes, actions, from}. Where a hero moves or
 * runs: "reach"; where an enemy is deployed, steps or is anchored, the enemy a hero attacks
 * (WQ-40.3) and the hero an enemy strikes: "target", on the model's or hero's zone; a
 * stepping enemy's own zone is its "source" (``from``: the action → that zone), so the page
 * selects the model first, then draws only where it may step.
 */
export function boardMarks(actions, view = {}) {
  const marks = new Map();
  const modelAt = new Map(((view && view.enemies) || []).map((e) => [e.model, e.zone]));
  const heroAt = new Map(((view && view.players) || []).map((p) => [String(p.seat), p.zone]));
  const add = (zone, cls, action, from = null) => {
    if (!zone) return;
    if (!marks.has(zone)) marks.set(zone, { classes: [], actions: [], from: {} });
    const m = marks.get(zone);
    if (!m.classes.includes(cls)) m.classes.push(cls);
    if (!m.actions.includes(action)) m.actions.push(action);
    if (from) m.from[action] = from;
  };
  for (const action of actions || []) {
    const f = fieldsOf(action) || {};
    if (f.verb === "place") add(`gate:${f.gate}`, "place", action); // the preview of the tile laid (drawLaying)
    else if (f.verb === "attack") add(modelAt.get(f.model), "target", action);
    else if (f.verb === "strike") add(heroAt.get(String(f.hero)), "target", action); // the field counts heroes from 0, as seats do
    else if (f.verb === "step" && modelAt.has(f.model)) add(modelAt.get(f.model), "source", action, modelAt.get(f.model));
    if (!ZONE_VERBS.has(f.verb) || !f.zone) continue;
    const cls = f.verb === "deploy" || f.verb === "anchor" || f.verb === "step" ? "target" : "reach";
    add(f.zone, cls, action, f.verb === "step" ? modelAt.get(f.model) : null);
  }
  return marks;
}

/** Draw the battlefield into ``container``; ``onSpot(zone, event)`` on a click on a marked zone. */
export function renderBoard(container, view, { marks = new Map(), onSpot = null, onHex = null } = {}) {
  container.textContent = "";
  const board = view && view.board;
  if (!board || !board.squares) return null;
  const click = onSpot || onHex;
  // the tile being laid (WQ-38.3) counts in the bounds: its preview is drawn beside the board
  const laid = view.laying ? Object.values(view.laying.gates || {}).flatMap((p) => p.squares) : [];
  const xs = [...board.squares, ...laid].map((q) => q.x), ys = [...board.squares, ...laid].map((q) => q.y);
  const x0 = Math.min(...xs) - 1, y0 = Math.min(...ys) - 1;
  const w = (Math.max(...xs) - x0 + 2) * S, h = (Math.max(...ys) - y0 + 2) * S;
  // data-tap: a square's size, the least a finger taps (viewport.js)
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, class: "wq-map", id: "wq-map", role: "img", "data-tap": S });
  // a highlight keeps the tile's shade readable: hatching and an outline over it, not a fill instead
  const defs = svg("defs");
  for (const [name, colour] of Object.entries(HATCHES)) {
    const p = svg("pattern", { id: `wq-hl-${name}`, width: 8, height: 8, patternUnits: "userSpaceOnUse",
                               patternTransform: "rotate(45)" });
    p.append(svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: colour, "stroke-width": 3, "stroke-opacity": 0.45 }));
    defs.append(p);
  }
  root.append(defs);
  const at = new Map(board.squares.map((q) => [`${q.x},${q.y}`, q]));
  const tiles = board.tiles || [];
  const px = (x) => (x - x0) * S, py = (y) => (y - y0) * S;
  const first = new Map();
  for (const q of [...board.squares].sort((a, b) => a.y - b.y || a.x - b.x)) if (!first.has(q.zone)) first.set(q.zone, q);
  for (const q of board.squares) {
    const m = marks.get(q.zone);
    // data-component: the tile's printed words on hover and long press (/js/cards.js)
    const r = svg("rect", { x: px(q.x), y: py(q.y), width: S, height: S, class: `wq-square${m ? " " + m.classes.join(" ") : ""}`,
                            "data-zone": q.zone, "data-play": "square", "data-component": `tile:${q.tile}`,
                            fill: TILE_FILLS[tiles.indexOf(q.tile) % TILE_FILLS.length] });
    if (m && click) { r.style.cursor = "pointer"; r.addEventListener("click", (ev) => click(q.zone, ev)); }
    r.append(svg("title", {}, zoneName(q.zone)));
    root.append(r);
    if (m) {
      // a reachable zone hatched green, a target red; the zone of a model to select first
      // (or selected) outlined alone
      const cls = m.classes.includes("target") ? "target" : m.classes.includes("reach") ? "reach"
        : m.classes.includes("selected") ? "selected" : "source";
      root.append(svg("rect", { x: px(q.x) + 2.5, y: py(q.y) + 2.5, width: S - 5, height: S - 5,
                                class: `wq-hl ${cls}`, "data-zone": q.zone, "pointer-events": "none" }));
    }
  }
  const gates = new Map((board.open_gates || []).map((g) => [edgeKey(g[0], g[1]), "open"]));
  if (board.closed_gate) gates.set(edgeKey(board.closed_gate[0], board.closed_gate[1]), "closed");
  for (const g of board.lychgates || []) gates.set(edgeKey(g[0], g[1]), "lych");
  for (const q of board.squares) {
    for (const side of ["N", "E", "S", "W"]) {
      const [dx, dy] = STEP[side];
      const other = at.get(`${q.x + dx},${q.y + dy}`);
      const kind = gates.get(edgeKey([q.x, q.y], side));
      if (!kind && other && other.zone === q.zone) continue;
      if (kind === "open") continue;
      const x1 = px(q.x) + (side === "E" ? S : 0), y1 = py(q.y) + (side === "S" ? S : 0);
      const x2 = side === "N" || side === "S" ? x1 + S : x1, y2 = side === "E" || side === "W" ? y1 + S : y1;
      const style = kind === "closed" ? { stroke: LINES.closed, "stroke-width": 8, class: "wq-closed-gate" }
        : kind === "lych" ? { stroke: LINES.lych, "stroke-width": 6, "stroke-dasharray": "6 4", class: "wq-lychgate" }
          : { stroke: other && other.tile === q.tile ? LINES.zone : LINES.tile, "stroke-width": other && other.tile === q.tile ? 1.5 : 3 };
      root.append(svg("line", { x1, y1, x2, y2, ...style }));
    }
  }
  if (view.laying) drawLaying(root, view.laying, { px, py, click, marks });
  const heroes = new Map(), foes = new Map();
  for (const p of view.players || []) if (p.zone) heroes.set(p.zone, [...(heroes.get(p.zone) || []), p]);
  for (const e of view.enemies || []) foes.set(e.zone, [...(foes.get(e.zone) || []), e]);
  for (const [zone, q] of first) {
    const x = px(q.x), y = py(q.y);
    root.append(svg("text", { x: x + 4, y: y + 13, "font-size": 11, fill: "#495057" }, zone.split(".")[1]));
    if ((board.items || []).includes(zone)) root.append(svg("text", { x: x + S - 14, y: y + 14, "font-size": 14, fill: "#9c4f00", class: "wq-item" }, "✦"));
    if (board.quest_zone === zone) root.append(svg("text", { x: x + S - 28, y: y + 14, "font-size": 13, fill: "#c92a2a", class: "wq-quest" }, "⚑"));
    (heroes.get(zone) || []).forEach((p, i) => {
      const hero = svg("circle", { cx: x + 14 + i * 15, cy: y + 30, r: 7, fill: SEAT_COLOURS[p.seat % 4], class: "wq-hero",
                                   "data-seat": p.seat, "data-component": `hero:${p.hero}` }); // its card's words on hover
      hero.append(svg("title", {}, `${t("wq.hero_n", { seat: p.seat + 1 })} ${heroName(p.hero)}`));
      root.append(hero);
      root.append(svg("text", { x: x + 14 + i * 15, y: y + 34, "font-size": 9, fill: "#fff", "text-anchor": "middle" }, String(p.seat + 1)));
    });
    (foes.get(zone) || []).forEach((e, i) => {
      const big = e.size === "large";
      // its name and printed words on hover and long press (data-component, /js/cards.js)
      const token = svg("g", { class: "wq-enemy-token", "data-component": `enemy:${e.enemy}` });
      token.append(svg("rect", { x: x + 6 + i * 14, y: y + 42, width: big ? 16 : 12, height: big ? 16 : 12, fill: e.stunned ? ENEMY_COLOURS.stunned : ENEMY_COLOURS.ready,
                                 class: "wq-enemy", "data-model": e.model }));
      token.append(svg("text", { x: x + 12 + i * 14, y: y + 52, "font-size": 8, fill: "#fff", "text-anchor": "middle" }, enemyName(e.enemy).slice(0, 1)));
      token.append(svg("title", {}, enemyName(e.enemy)));
      root.append(token);
    });
  }
  container.append(root);
  return root;
}

// The gate whose preview is drawn: the one the player points at in the list (or on the
// board), else the first; kept across redraws of the same choice.
let shownGate = null;

/** Show the preview of laying the tile with ``gate`` (WQ-38.3) and hide the others. */
function showGate(gate) {
  const groups = [...document.querySelectorAll(".wq-preview")];
  if (!groups.some((g) => g.dataset.gate === gate)) return;
  shownGate = gate;
  for (const g of groups) g.style.display = g.dataset.gate === gate ? "" : "none";
}

// pointing at (or tabbing to) a gate's option in the decision's list shows that gate's tile
for (const type of ["pointerover", "focusin"]) {
  document.addEventListener(type, (ev) => {
    const b = ev.target && ev.target.closest ? ev.target.closest('[data-action^="place "]') : null;
    if (b) showGate((fieldsOf(b.dataset.action) || {}).gate);
  });
}

/**
 * WQ-38.3: the drawn card's tile where each gate position the leader may choose would lay
 * it: its squares dashed over the empty ground, each zone's letter, the gate letter lined
 * up with the closed gate, and where its other gate positions would lie. One at a time
 * (the others hidden): the one pointed at in the list; a click on it lays it.
 */
function drawLaying(root, laying, { px, py, click, marks }) {
  const gates = Object.keys(laying.gates || {});
  if (!gates.includes(shownGate)) shownGate = gates[0] || null;
  for (const gate of gates) {
    const p = laying.gates[gate];
    const g = svg("g", { class: "wq-preview", "data-gate": gate });
    if (gate !== shownGate) g.style.display = "none";
    else g.setAttribute("data-play", "preview"); // the board opens with the tile in view (viewport.js)
    const title = t("wq.preview", { tile: tileName(laying.tile), gate: gate.toUpperCase() });
    const zones = new Set();
    for (const q of p.squares) {
      g.append(svg("rect", { x: px(q.x) + 1, y: py(q.y) + 1, width: S - 2, height: S - 2, class: "wq-preview-square" }));
      if (!zones.has(q.zone)) {
        zones.add(q.zone);
        g.append(svg("text", { x: px(q.x) + 4, y: py(q.y) + 13, "font-size": 11, class: "wq-preview-text", "pointer-events": "none" }, q.zone.split(".")[1]));
      }
    }
    const first = p.squares[0];
    if (first) {
      g.append(svg("text", { x: px(first.x) + S / 2, y: py(first.y) + S / 2 + 6, "font-size": 18, "text-anchor": "middle",
                             class: "wq-preview-gate", "pointer-events": "none" }, gate.toUpperCase()));
    }
    for (const o of p.gates || []) {
      const [dx, dy] = STEP[o.side];
      const cx = px(o.x) + S / 2 + dx * (S / 2 - 6), cy = py(o.y) + S / 2 + dy * (S / 2 - 6);
      g.append(svg("text", { x: cx, y: cy + 4, "font-size": 10, "text-anchor": "middle", class: "wq-preview-text", "pointer-events": "none" },
                   o.gate.toUpperCase()));
    }
    g.append(svg("title", {}, title));
    const key = `gate:${gate}`;
    if (click && marks.has(key)) {
      g.style.cursor = "pointer";
      g.addEventListener("click", (ev) => click(key, ev));
    }
    root.append(g);
  }
}

/** The panel beside the board: heroes, battle track and slots, dusk, destiny, decks. */
export function renderSide(box, view) {
  if (!view || !view.players || !view.board) return false;
  box.textContent = "";
  const d = view.destiny || {};
  const dusk = view.dusk || { zone: 0, zones: 1, night: [] };
  const track = Array.from({ length: dusk.zones }, (_, i) => (i === dusk.zone ? "◆" : dusk.night.includes(i) ? "☾" : "·")).join("");
  box.append(el("h3", { text: t("wq.panel") }),
    el("p", { class: "wq-status", text: t("wq.status", { round: view.round, phase: t(`wq.phase.${view.phase}`) }) }),
    el("p", { class: "wq-dusk", text: `${t("wq.ui.dusk")}: ${track}` }),
    el("p", { text: t("wq.ui.destiny", { rolled: (d.rolled || []).join(" ") || "–", airship: d.airship, spent: d.spent }) }));
  const list = el("ul", { class: "wq-heroes" });
  for (const p of view.players) {
    const bits = [`${t("wq.hero_n", { seat: p.seat + 1 })} ${heroName(p.hero)}`, zoneName(p.zone),
      t("wq.ui.wounds", { wounds: p.wounds, vitality: p.vitality }), `${t("wq.ui.dice")}: ${(p.dice || []).join(" ") || "–"}`];
    if (p.tokens.length) bits.push(p.tokens.map(cond).join(", "));
    if (p.inspiration) bits.push(t("wq.ui.inspiration", { n: p.inspiration }));
    list.append(el("li", { "data-seat": p.seat, style: `border-left: 6px solid ${SEAT_COLOURS[p.seat % 4]}; padding-left: 4px` }, bits.join(" · ")));
  }
  const foes = el("ul", { class: "wq-enemies" });
  for (const e of view.enemies || []) {
    const bits = [`${enemyName(e.enemy)} ${modelTag(e.model)}`, zoneName(e.zone), t("wq.ui.left", { n: e.wounds })];
    const tokens = [...e.tokens, ...(e.stunned ? ["stunned"] : [])];
    if (tokens.length) bits.push(tokens.map(cond).join(", "));
    foes.append(el("li", { "data-model": e.model }, bits.join(" · ")));
  }
  const slots = (view.slots || []).map((s) => `${s.slot}: ${s.card ? known(`wq.encounter.${s.card}`, s.card) : "–"}`).join(" · ");
  box.append(list,
    el("p", { class: "wq-track", text: `${t("wq.ui.track")}: ${trackText(view.track)}` }),
    el("p", { text: `${t("wq.ui.slots")}: ${slots}` }), foes,
    el("p", { class: "hint", text: t("wq.ui.decks", { exploration: view.decks.exploration, encounter: view.decks.encounter }) }),
    el("p", { class: "hint", text: t("wq.ui.stand_in") }));
  return true;
}

export const statusParts = (view) => (view && view.round !== undefined
  ? [{ text: t("wq.status", { round: view.round, phase: t(`wq.phase.${view.phase}`) }) }] : []);

export function playerFacts(view, seat) {
  const p = view && view.players && view.players[seat];
  if (!p) return [];
  return [zoneName(p.zone), t("wq.ui.wounds", { wounds: p.wounds, vitality: p.vitality }), `${t("wq.ui.dice")}: ${(p.dice || []).join(" ") || "–"}`];
}

export const seatColour = (view, seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length];

/** An enemy model's tag: "g1.2" (group 1's second model) is "№1.2" on the page, which names
 *  no model by its id. */
function modelTag(id) {
  const m = /^g(\d+)\.(\d+)$/.exec(String(id));
  return m ? `№${m[1]}.${m[2]}` : id;
}

/** A model with its kind where the view shows it ("Ghoul №1.2"). */
function modelName(id, view) {
  const e = ((view && view.enemies) || []).find((x) => x.model === id);
  return e ? `${enemyName(e.enemy)} ${modelTag(id)}` : modelTag(id);
}

/** An action in the player's words. */
export function actionLabel(action, view = null) {
  const f = fieldsOf(action) || {};
  const p = { zone: "", die: die(f.die) };
  switch (f.verb) {
    case "move": case "run": return t(`wq.act.${f.verb}`, { zone: zoneName(f.zone), die: p.die });
    case "attack": return t("wq.act.attack", { model: modelName(f.model, view), die: p.die });
    case "free": return t("wq.act.free", { hero: f.hero + 1, die: p.die });
    case "recover": case "explore": case "dig": case "inspire": case "give": return t(`wq.act.${f.verb}`, { die: p.die });
    case "place": return t("wq.act.place", { gate: f.gate.toUpperCase() }); // as the card and the preview print it
    case "close": return t("wq.act.close", { gate: f.gate });
    case "anchor": return t("wq.act.anchor", { zone: zoneName(f.zone) });
    case "deploy": return t("wq.act.deploy", { model: modelName(f.model, view), zone: zoneName(f.zone) });
    case "beside": return t("wq.act.beside", { enemy: enemyName(f.enemy) });
    case "master": return t("wq.act.master", { group: f.group.slice(1) });
    case "rebirth": case "inspiration": return t("wq.act.rebirth", { hero: f.hero + 1 });
    case "rebirth_zone": return t("wq.act.rebirth_zone", { zone: zoneName(f.zone) });
    case "step": return t("wq.act.step", { model: modelName(f.model, view), zone: zoneName(f.zone) });
    case "strike": return t("wq.act.strike", { model: modelName(f.model, view), hero: f.hero + 1 });
    case "effect": return t(`wq.act.effect_${f.effect}`);
    case "end": return t("wq.act.end");
    default: return action;
  }
}

export const promptText = (decision) => (decision ? known(`wq.prompt.${decision.kind}`, decision.prompt) : "");

const WHY = [["adjacent to an enemy that is adjacent to the", "next_to_guard"], ["with a small enemy of its group", "with_small"],
  ["adjacent to the", "adjacent"], ["the nearest zone with room", "nearest"]];
function why(text) {
  if (!text) return "";
  const anchor = (text.match(/in (\S+)$/) || text.match(/in (\S+),/) || [])[1];
  const parts = WHY.filter(([needle]) => text.includes(needle)).map(([, key]) => t(`wq.why.${key}`, { zone: zoneName(anchor) }));
  return parts.length ? parts.slice(0, 2).join(", ") : text;
}

/** An event in the player's words (the server's English text when there is no template). */
export function eventText(e) {
  const key = `wq.ev.${e.type}`;
  if (t(key) === key) return e.text || JSON.stringify(e);
  const zone = typeof e.zone === "string" ? zoneName(e.zone) : typeof e.zone === "number" ? e.zone + 1 : "";
  const p = { ...e, model: e.model ? modelTag(e.model) : "", seat: (e.seat ?? 0) + 1, hero: (e.hero ?? 0) + 1, zone,
    from: e.from ? zoneName(e.from) : "", to: e.to ? zoneName(e.to) : "", tile: e.tile ? tileName(e.tile) : "",
    enemy: e.enemy ? enemyName(e.enemy) : "", condition: e.condition ? cond(e.condition) : "",
    event: e.event ? t(`wq.event.${e.event}`) : "", why: why(e.why),
    reason: tReason(e.reason || "", "wq.end.", (n, v) => (n === "zone" ? zoneName(v)
      : n === "why" ? tReason(v, "wq.deadend.", (m, c) => known(`wq.card.${c}`, c)) : v)),
    card: e.card ? known(`wq.encounter.${e.card}`, known(`wq.card.${e.card}`, e.card)) : "",
    crisis: e.crisis ? known(`wq.crisis.${e.crisis}`, e.crisis) : "",
    result: e.won ? t("wq.ev.won") : t("wq.ev.lost"), dice: (e.dice || []).join(" ") || t("wq.ev.no_dice"), // a roll of none (WQ-40.2: no destiny die left)
    track: trackText(e.track), action: e.action ? t(`wq.action.${e.action}`) : "" };
  return t(key, p);
}

/** No quest action needs a confirmation: each is one die's worth, and the page's undo
 * stops only where a card was drawn or a die thrown. */
export const dangerous = (action) => false;

/** The decision panel's group of an action (the page's GROUP_ORDER): by its verb. */
const VERB_GROUPS = { move: "move", attack: "attack", play: "card", use: "card", discard: "discard", end: "end",
  pass: "end", done: "end" };
export const actionGroup = (action) => VERB_GROUPS[verbOf(action)] || "other";

/** Under the gate choice (WQ-38.3), the tile that is being laid: the exploration card just
 *  drawn (the view's last explored card names it) and its gate positions. */
export function decisionNotes(decision, view) {
  if (!decision || decision.kind !== "place" || !view || !(view.explored || []).length) return [];
  const card = view.explored[view.explored.length - 1];
  const gates = (decision.actions || []).map((a) => (fieldsOf(a) || {}).gate).filter(Boolean).map((g) => g.toUpperCase());
  return [t("wq.note.place", { tile: tileName(String(card).replace(/^x_/, "")), gates: gates.join(", ") })];
}

