// The decision panel: the prompt, the legal actions grouped (move / attack / card...) in a
// list that fits the screen, "decide ties for me", and the confirmation every destructive
// or self-harming action asks for before it is sent (nothing irreversible on one click).
import { t } from "./i18n.js";
import { h } from "./dom.js";
import { verbOf } from "./fields.js";

const AUTO_KEY = "wasteland.auto_ties.";
// Groups in the order a player looks for them; a game's actionGroup names one of these
// (anything else is listed under "other"). Destructive actions come last in their group.
export const GROUP_ORDER = ["raiders", "place", "move", "collect", "card", "trade", "attack", "discard", "other", "end"];

/** Is "decide ties for me" on for ``game`` in this browser (a setting of the person)? */
export function autoTies(game) {
  return localStorage.getItem(AUTO_KEY + game) === "1";
}

export function setAutoTies(game, on) {
  localStorage.setItem(AUTO_KEY + game, on ? "1" : "0");
}

/** ``dangerous`` answers true or a reason key; the page asks before playing such an action. */
export function dangerReason(board, action, view) {
  const d = board.dangerous(action, view);
  if (!d) return null;
  return typeof d === "string" ? d : "game.confirm_reason";
}

/**
 * Ask before playing ``label``: a dialog on the page (not the browser's own), answered by
 * its two buttons or Escape. Resolves true to play.
 */
export function confirmAction(label, reasonKey) {
  document.getElementById("confirm")?.remove();
  return new Promise((resolve) => {
    const done = (yes) => {
      back.remove();
      document.removeEventListener("keydown", onKey);
      resolve(yes);
    };
    const onKey = (e) => { if (e.key === "Escape") done(false); };
    const yes = h("button", { type: "button", id: "confirm-yes", class: "danger", onclick: () => done(true),
      text: t("game.confirm_yes") });
    const back = h("div", { id: "confirm", class: "confirm-back", role: "dialog", "aria-modal": "true" },
      h("div", { class: "confirm card-box" },
        h("p", { class: "confirm-q", text: t("game.confirm", { action: label }) }),
        h("p", { class: "confirm-why", text: t(reasonKey) }),
        h("div", { class: "confirm-buttons" }, yes,
          h("button", { type: "button", id: "confirm-no", onclick: () => done(false), text: t("game.cancel") }))));
    document.addEventListener("keydown", onKey);
    document.body.append(back);
    yes.focus();
  });
}

/** How many actions of one group, every one of them also a spot on the board, are shown
 *  as small chips: the board is where they are played; the list keeps them for the keyboard
 *  and the screen reader, out of the way of the rare actions without a place. */
const CHIPS_FROM = 7;

/** The legal actions as buttons in groups; ``send(action)`` plays one (after any confirmation);
 *  ``placed``: the actions the board marks (a large group of them is drawn as chips). */
export function actionList(board, actions, view, send, placed = new Set()) {
  const groups = new Map();
  for (const a of actions) {
    let g = board.actionGroup(a, view);
    if (!GROUP_ORDER.includes(g)) g = "other";
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(a);
  }
  const list = h("div", { class: "actions", id: "actions" });
  const many = groups.size > 1;
  const chips = []; // the board's large groups, after the short list of the others
  for (const g of GROUP_ORDER) {
    const members = groups.get(g);
    if (!members) continue;
    // safe actions first, the destructive ones at the end of their group
    members.sort((x, y) => Number(Boolean(board.dangerous(x, view))) - Number(Boolean(board.dangerous(y, view))));
    const onBoard = members.length >= CHIPS_FROM && members.every((a) => placed.has(a));
    const box = h("div", { class: `action-group${onBoard ? " on-board" : ""}`, "data-group": g });
    if (many || onBoard) {
      box.append(h("h4", { class: "group-title", text: `${t(`group.${g}`)} (${members.length})${onBoard ? ` — ${t("game.on_board")}` : ""}` }));
    }
    for (const a of members) {
      const danger = dangerReason(board, a, view);
      const label = board.actionLabel(a, view);
      box.append(h("button", { type: "button", class: `action-btn verb-${verbOf(a) || "other"}${danger ? " danger" : ""}`,
        "data-action": a, title: danger ? t(danger) : label, onclick: () => send(a),
        text: danger ? `⚠ ${label}` : label }));
    }
    if (onBoard) chips.push(box);
    else list.append(box);
  }
  list.append(...chips);
  return list;
}

/** The "decide ties for me" switch, for a game whose spec has a policy. */
export function autoTiesSwitch(game, onChange) {
  const box = h("input", { type: "checkbox", id: "auto-ties", checked: autoTies(game),
    onchange: (e) => { setAutoTies(game, e.target.checked); onChange(e.target.checked); } });
  return h("label", { class: "auto-ties", title: t("game.auto_ties_help") }, box, h("span", { i18n: "game.auto_ties" }));
}
