// The Fallout round end in the browser: the map as an SVG graph of named spaces (roads
// as lines, survivors and enemies on their spaces), the panel of survivors, agenda deck
// and scenario track, and the words for actions and events (the exports the page uses
// are listed in wasteland.core.spec.WEB_BOARD_EXPORTS). Strings: ./i18n/{lang}.json.
import { t, tOwn, tReason } from "/js/i18n.js";
import { fieldsOf, verbOf } from "/js/fields.js";
import { h as el } from "/js/dom.js";
import { svgText as svg } from "/js/svg.js";
import { SEAT_COLOURS, SPACE_FILL, MARKER_COLOUR, ENEMY_COLOURS } from "./legend.js";

export { legend } from "./legend.js";
export const STYLESHEET = "board.css";

const W = 1000, H = 620, R = 34, TEXT = 15; // TEXT: the names' and letters' size
const HL = { reach: "#2f9e44", target: "#e03131" }; // the hatching and ring of a reachable space, of a target


const spaceName = (id) => t(`fo.space.${id}`) === `fo.space.${id}` ? id.replaceAll("_", " ") : t(`fo.space.${id}`);
const enemyName = (kind) => t(`fo.enemy.${kind}`);
const cardName = (id) => t(`fo.card.${id}`);
const enemyLabel = (id) => { const [kind, n] = id.split("#"); return `${enemyName(kind)} ${n || ""}`.trim(); };
const pos = (sp) => [40 + (sp.x / 100) * (W - 80), 40 + (sp.y / 100) * (H - 80)];

/**
 * The spaces the legal actions name: space → {classes, actions, from}. A survivor's move
 * and an enemy's step reach a space ("reach"); the enemy a survivor fights, or the one the
 * first player sends next (FO-13.2), is a "target" on its space; a stepping enemy's own
 * space is its "source" (``from``: the action → that space), so the page selects the enemy
 * first and then draws only where it may step.
 */
export function boardMarks(actions, view = {}) {
  const marks = new Map();
  const enemyAt = new Map(((view && view.enemies) || []).map((e) => [e.id, e.space]));
  const add = (space, cls, action, from = null) => {
    if (!space) return;
    if (!marks.has(space)) marks.set(space, { classes: [], actions: [], from: {} });
    const m = marks.get(space);
    if (!m.classes.includes(cls)) m.classes.push(cls);
    if (!m.actions.includes(action)) m.actions.push(action);
    if (from) m.from[action] = from;
  };
  for (const action of actions || []) {
    const f = fieldsOf(action) || {};
    if (f.verb === "move") add(f.space, "reach", action);
    else if (f.verb === "step") {
      add(f.space, "reach", action, enemyAt.get(f.enemy));
      add(enemyAt.get(f.enemy), "source", action, enemyAt.get(f.enemy));
    } else if (f.verb === "fight" || f.verb === "activate") add(enemyAt.get(f.enemy), "target", action);
  }
  return marks;
}

/** Draw the map into ``container``; ``onSpot(space, event)`` on a click on a marked space. */
export function renderBoard(container, view, { marks = new Map(), onSpot = null, onHex = null } = {}) {
  container.textContent = "";
  const map = view && view.map;
  if (!map) return null;
  const click = onSpot || onHex;
  const at = new Map(map.spaces.map((sp) => [sp.id, pos(sp)]));
  // data-tap: a space with its ring, the least a finger taps (viewport.js)
  // data-read: its smallest text (the names, the enemies' letters), kept readable on a phone
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "fo-map", id: "fo-map", role: "img", "data-tap": 2 * R + 12,
                            "data-read": TEXT });
  // a highlight keeps the place readable: hatching and a ring over it, not a fill instead of it
  const defs = svg("defs");
  for (const [kind, colour] of Object.entries(HL)) {
    const hatch = svg("pattern", { id: `fo-hl-${kind}`, width: 8, height: 8, patternUnits: "userSpaceOnUse",
                                   patternTransform: "rotate(45)" });
    hatch.append(svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: colour, "stroke-width": 3, "stroke-opacity": 0.45 }));
    defs.append(hatch);
  }
  root.append(defs);
  for (const sp of map.spaces) {
    for (const other of sp.adjacent) {
      if (other < sp.id) continue; // each road once
      const [x1, y1] = at.get(sp.id), [x2, y2] = at.get(other);
      root.append(svg("line", { x1, y1, x2, y2, class: "fo-road", stroke: "#868e96", "stroke-width": 4 }));
    }
  }
  const markers = new Set(view.markers || []);
  const here = new Map();
  for (const s of view.survivors || []) here.set(s.space, [...(here.get(s.space) || []), s]);
  const foes = new Map();
  for (const e of view.enemies || []) foes.set(e.space, [...(foes.get(e.space) || []), e]);
  for (const sp of map.spaces) {
    const [x, y] = at.get(sp.id);
    const m = marks.get(sp.id);
    // data-component: the space's printed words on hover and long press (/js/cards.js)
    const g = svg("g", { class: `fo-space${m ? " " + m.classes.join(" ") : ""}`, "data-space": sp.id, "data-component": `space:${sp.id}` });
    g.append(svg("circle", { cx: x, cy: y, r: R, fill: SPACE_FILL, class: "fo-place",
                             stroke: markers.has(sp.id) ? MARKER_COLOUR : "#495057", "stroke-width": markers.has(sp.id) ? 6 : 2 }));
    if (markers.has(sp.id)) g.classList.add("fo-marked");
    // the area in play (viewport.js): the spaces with a figure, an enemy or a marker
    if (markers.has(sp.id) || here.has(sp.id) || foes.has(sp.id)) g.setAttribute("data-play", "space");
    // where a piece goes: hatched green; an enemy to fight or send: hatched red; the space of
    // an enemy to select first, or the one selected: a solid ring alone
    const kind = m && (m.classes.includes("reach") ? "reach" : m.classes.includes("target") ? "target" : null);
    if (kind) {
      g.append(svg("circle", { cx: x, cy: y, r: R - 4, class: "fo-hl", fill: `url(#fo-hl-${kind})`, "pointer-events": "none" }));
      g.append(svg("circle", { cx: x, cy: y, r: R + 6, class: "fo-hl-ring", fill: "none", stroke: HL[kind],
                               "stroke-width": 3, "stroke-dasharray": "7 4", "pointer-events": "none" }));
    } else if (m) {
      g.append(svg("circle", { cx: x, cy: y, r: R + 6, class: "fo-src-ring", fill: "none", stroke: "#1864ab",
                               "stroke-width": m.classes.includes("selected") ? 6 : 3, "pointer-events": "none" }));
    }
    g.append(svg("text", { x, y: y + R + 16, "text-anchor": "middle", "font-size": TEXT }, spaceName(sp.id)));
    (here.get(sp.id) || []).forEach((s, i) => {
      g.append(svg("circle", { cx: x - 18 + i * 12, cy: y - 10, r: 9, fill: SEAT_COLOURS[s.seat % 4],
                               class: "fo-survivor", "data-seat": s.seat }));
    });
    (foes.get(sp.id) || []).forEach((e, i) => {
      // a token big enough to read at the fitted zoom (it was 14 units, its letters 9), its
      // name and printed words on hover and long press (data-component, /js/cards.js)
      const label = e.face_up ? enemyName(e.type).slice(0, 2) : "?";
      const n = (foes.get(sp.id) || []).length;
      const ex = x - (n * 30 - 4) / 2 + i * 30;
      const token = svg("g", { class: "fo-enemy-token", ...(e.face_up ? { "data-component": `enemy:${e.type}` } : {}) });
      token.append(svg("rect", { x: ex, y: y + 2, width: 26, height: 22, rx: 3, fill: e.face_up ? ENEMY_COLOURS.up : ENEMY_COLOURS.down,
                                 class: "fo-enemy", "data-enemy": e.id }));
      token.append(svg("text", { x: ex + 13, y: y + 18, "text-anchor": "middle", "font-size": TEXT, "font-weight": 700, fill: "#fff" }, label));
      token.append(svg("title", {}, e.face_up ? enemyName(e.type) : "?"));
      g.append(token);
    });
    if (m && click) {
      g.style.cursor = "pointer";
      g.addEventListener("click", (ev) => click(sp.id, ev));
    }
    g.append(svg("title", {}, spaceName(sp.id)));
    root.append(g);
  }
  container.append(root);
  return root;
}

/** The panel beside the board: survivors, your agenda cards, the deck and the track. */
export function renderSide(box, view) {
  if (!view || !view.survivors) return false;
  box.textContent = "";
  const a = view.agenda || {};
  box.append(el("h3", { text: t("fo.panel") }),
    el("p", { class: "fo-status", text: t("fo.status", { round: view.round, first: view.first + 1, target: view.target }) }),
    el("p", { text: `${t("fo.ui.deck")}: ${a.deck} · ${t("fo.ui.discard")}: ${(a.discard || []).length}` +
                    (a.revealed ? ` · ${cardName(a.revealed)}` : "") }),
    el("p", { text: `${t("fo.ui.track")}: ` + Object.entries(view.factions || {})
      .map(([f, v]) => `${t(`fo.faction.${f}`)} ${v}/${view.track}`).join(", ") }));
  const list = el("ul", { class: "fo-survivors" });
  for (const s of view.survivors) {
    const bits = [t("fo.survivor", { seat: s.seat + 1 }), spaceName(s.space),
      `${t("fo.ui.health")} ${s.health}`, `${t("fo.ui.radiation")} ${s.radiation}`,
      t("fo.cards_n", { n: s.hand_size })];
    if (s.influence !== undefined) bits.push(`${t("fo.ui.influence")} ${s.influence}/${view.target}`);
    const li = el("li", { "data-seat": s.seat, style: `border-left: 6px solid ${SEAT_COLOURS[s.seat % 4]}; padding-left: 4px` },
                  bits.join(" · "));
    if (s.hand) li.append(el("ul", { class: "fo-hand" }, ...s.hand.map((c) => el("li", { "data-card": c, text: cardName(c) }))));
    list.append(li);
  }
  box.append(list, el("p", { class: "hint", text: t("fo.ui.stand_in") }));
  return true;
}

export const statusParts = (view) => (view && view.round !== undefined
  ? [{ text: t("fo.status", { round: view.round, first: view.first + 1, target: view.target }) }] : []);

export function playerFacts(view, seat) {
  const s = view && view.survivors && view.survivors[seat];
  if (!s) return [];
  return [`${t("fo.ui.health")} ${s.health}`, `${t("fo.ui.radiation")} ${s.radiation}`, t("fo.cards_n", { n: s.hand_size })];
}

export const seatColour = (view, seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length];

/** An action in the player's words. */
export function actionLabel(action) {
  const f = fieldsOf(action) || {};
  switch (f.verb) {
    case "move": return t("fo.act.move", { space: spaceName(f.space) });
    case "fight": return t("fo.act.fight", { enemy: enemyLabel(f.enemy) });
    case "activate": return t("fo.act.activate", { enemy: enemyLabel(f.enemy) });
    case "step": return t("fo.act.step", { enemy: enemyLabel(f.enemy), space: spaceName(f.space) });
    case "return": return t("fo.act.return", { card: cardName(f.card) });
    case "result": return t("fo.act.result", { health: f.health, radiation: f.radiation, end: t(`fo.ev.${f.fate}`) });
    case "quest": case "rest": case "end": case "resolve": case "share": case "decline": return t(`fo.act.${f.verb}`);
    default: return action;
  }
}

// the engine's English prompt, or the page language's words for the decision's kind
export const promptText = (decision) => (decision ? (tOwn(`fo.prompt.${decision.kind}`) ?? decision.prompt) : "");

const WHY = { "survivor in its space": "same", "ranged icon, survivor adjacent": "ranged",
  "only survivor that near": "only", "smallest gap between health and radiation": "gap",
  "plays earlier in the next round": "order", "the only space on a shortest route": "route",
  "first player chose among shortest routes": "chose" };
const why = (s) => (WHY[s] ? t(`fo.why.${WHY[s]}`) : s || "");

/** An event in the player's words (the server's English text when there is no template). */
export function eventText(e) {
  const key = `fo.ev.${e.type}`;
  if (t(key) === key) return e.text || JSON.stringify(e);
  // an enemy's ``target`` is a seat, shown from 1; the set-up's is the influence figure
  // of FO-13.5 (``Rules.target``), shown as it is: the same figure as the status line
  const target = e.type === "setup" ? e.target : (e.target ?? 0) + 1;
  const p = { ...e, seat: (e.seat ?? 0) + 1, target, first: (e.first ?? 0) + 1,
    enemy: e.enemy ? enemyLabel(e.enemy) : "", type: e.enemy_type ? enemyName(e.enemy_type) : "",
    from: e.from ? spaceName(e.from) : "", to: e.to ? spaceName(e.to) : "", space: e.space ? spaceName(e.space) : "",
    card: e.card ? cardName(e.card) : "", icons: (e.icons || []).map(enemyName).join(", "),
    enemies: (e.enemies || []).map(enemyLabel).join(", "), reason: why(e.reason), tie: why(e.tie_break),
    step: why(e.step), end: t(e.defeated ? "fo.ev.defeated" : "fo.ev.stands") };
  if (e.type === "game_over") p.reason = tReason(e.reason, "fo.end.");
  return t(key, p);
}

/** Putting an agenda card back cannot be undone (the deck is shuffled). */
export const dangerous = (action) => verbOf(action) === "return";

/** The decision panel's group of an action (the page's GROUP_ORDER): by its verb. */
const VERB_GROUPS = { move: "move", attack: "attack", fight: "attack", play: "card", use: "card", discard: "discard", end: "end",
  pass: "end", done: "end" };
export const actionGroup = (action) => VERB_GROUPS[verbOf(action)] || "other";

/** Nothing to add under the prompt: the prompt says it all. */
export const decisionNotes = () => [];

