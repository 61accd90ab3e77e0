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

/** The legal actions without a place on the board, as buttons in groups; ``send(action)``
 *  plays one (after any confirmation). ``placed``: the actions the board marks: a piece is
 *  played there, selected and then its target (issue 25), so they are not listed again (the
 *  board's spots are Tab stops of their own; ``boardNote`` says how many wait there). */
export function actionList(board, actions, view, send, placed = new Set()) {
  const groups = new Map();
  for (const a of actions) {
    if (placed.has(a)) continue;
    let g = board.actionGroup(a, view);
    if (!GROUP_ORDER.includes(g)) g = "other";
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(a);
  }
  const list = h("div", { class: "actions", id: "actions" });
  const many = groups.size > 1;
  for (const g of GROUP_ORDER) {
    const members = groups.get(g);
    if (!members) continue;
    // safe actions first, the destructive ones at the end of their group
    members.sort((x, y) => Number(Boolean(board.dangerous(x, view))) - Number(Boolean(board.dangerous(y, view))));
    const box = h("div", { class: "action-group", "data-group": g });
    if (many) box.append(h("h4", { class: "group-title", text: `${t(`group.${g}`)} (${members.length})` }));
    for (const a of members) {
      const danger = dangerReason(board, a, view);
      const label = board.actionLabel(a, view);
      box.append(h("button", { type: "button", class: `action-btn verb-${verbOf(a) || "other"}${danger ? " danger" : ""}`,
        "data-action": a, title: danger ? t(danger) : label, onclick: () => send(a),
        text: danger ? `⚠ ${label}` : label }));
    }
    list.append(box);
  }
  return list;
}

/** How many of the legal actions are played on the board, with a button that takes the
 *  keyboard there (its first marked spot; the arrow keys go on from it). Null: none. */
export function boardNote(count, goToBoard) {
  if (!count) return null;
  return h("p", { class: "on-board-note", id: "on-board" },
    h("span", { text: `${t("game.on_board_count", { n: count })} ` }),
    h("button", { type: "button", id: "to-board", onclick: goToBoard, text: t("game.to_board") }));
}

/** The "decide ties for me" switch, for a game whose spec has a policy. */
export function autoTiesSwitch(game, onChange) {
  const box = h("input", { type: "checkbox", id: "auto-ties", checked: autoTies(game),
    onchange: (e) => { setAutoTies(game, e.target.checked); onChange(e.target.checked); } });
  return h("label", { class: "auto-ties", title: t("game.auto_ties_help") }, box, h("span", { i18n: "game.auto_ties" }));
}
