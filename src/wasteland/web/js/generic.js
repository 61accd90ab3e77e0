// What the page shows of a game whose board module lacks something (or that has none):
// the view as a list of its fields, actions and events in the game's own words.
import { t } from "./i18n.js";
import { h } from "./dom.js";
import { verbOf } from "./fields.js";

// each colour carries a white label at 4.5:1 or more (WCAG 1.4.3): the green, violet, orange and cyan darkened
const SEAT_COLOURS = ["#1f77b4", "#d62728", "#248424", "#8f60ba", "#bb5800", "#0f7f8a"];

function valueText(v) {
  if (v === null || v === undefined) return "–";
  if (typeof v !== "object") return String(v);
  return JSON.stringify(v);
}

/** The view's fields, one a row (the decision is shown beside the board). */
export function renderBoard(container, view) {
  container.textContent = "";
  const list = h("dl", { class: "generic-view", id: "generic-view" });
  for (const [key, value] of Object.entries(view || {})) {
    if (key === "decision") continue;
    list.append(h("dt", { text: key }), h("dd", { "data-key": key, text: valueText(value) }));
  }
  container.append(h("h3", { i18n: "game.view" }), list);
  return null;
}

export const boardMarks = () => new Map();
export const renderSide = () => false;
export const statusParts = (view) => (view && view.turn !== undefined ? [{ text: `${t("game.turn")} ${view.turn}` }] : []);
export const playerFacts = () => [];
export const seatColour = (view, seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length];
export const actionLabel = (action) => action;
export const promptText = (decision) => (decision ? decision.prompt : "");
export const eventText = (event) => event.text || JSON.stringify(event);
export const dangerous = () => false;
export const decisionNotes = () => [];

// Which group of the decision panel an action goes to, by its verb (GROUP_ORDER in decision.js).
const VERB_GROUPS = { move: "move", enter: "move", goto: "move", attack: "attack", chase: "attack", use: "card",
  play: "card", discard: "discard", end: "end", pass: "end", done: "end" };
export const actionGroup = (action) => VERB_GROUPS[verbOf(action)] || "other";
export const legend = () => [];
