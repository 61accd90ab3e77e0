// What the table answered at a chance point, and what it was asked, in the page's language:
// shared by the companion page (its log, its question) and the replay page (a table
// session's steps), so that both say "rolled 2, 5, 1" or a card's name, never the notation.
import { api } from "./api.js";
import { lang } from "./i18n.js";
import { w, customCardText } from "./companion-i18n.js";

/** The names of a game's components in the page's language (GET /api/texts), by id, so
 *  that a drawn card reads as the card the table holds; empty where the game has none. */
export async function outcomeWordsOf(game) {
  const words = new Map();
  try {
    const out = await api("GET", `/api/texts/${game}/${lang()}`);
    for (const [key, entry] of Object.entries(out.texts || {})) {
      const id = key.slice(key.indexOf(":") + 1);
      if (!words.has(id)) words.set(id, entry);
    }
  } catch {
    // no texts for this game: its outcomes are named by the board's words, else as they are
  }
  return words;
}

/** One outcome's name and text (``chance ID``), from ``words`` of ``outcomeWordsOf``. */
export function outcomeLabel(words, action) {
  const id = String(action).replace(/^chance /, "");
  const entry = words && words.get(id);
  return entry ? { name: entry.name || id, text: entry.text || "" } : { name: id, text: "" };
}

// core.chance.roll's outcomes are a die's faces, numbers; no component of any game has a
// number for its id (a card, a tile, a token), so a number is a face
const FACE = /^chance (\d+)$/;

/** A chance step in words: dice of one roll ("chance 2;chance 5;chance 1") as the faces
 *  rolled, a card or a token by its name, a card entered by its printed values. */
export function chanceAnswer(action, { board, edits = {}, words = null }) {
  const parts = String(action ?? "").split(";").map((a) => a.trim()).filter(Boolean);
  if (parts.length && parts.every((a) => FACE.test(a))) {
    return w("rolled", { faces: parts.map((a) => FACE.exec(a)[1]).join(", ") });
  }
  return parts.map((a) => {
    if (/^chance custom /.test(a)) return customCardText(a, edits) || board.actionLabel(a);
    const { name } = outcomeLabel(words, a);
    if (name !== a.replace(/^chance /, "")) return name;
    const label = board.actionLabel(a);
    return label === a ? name : label; // a board without words for it: the outcome itself
  }).join(", ");
}

/** What the table is asked to reveal: the game's companion module's words for the chance
 *  point, else its board's, else the engine's description inside the page's own sentence. */
export function chancePrompt(decision, view, { board, edits = {} }) {
  const what = (edits.chanceText && edits.chanceText(view)) || board.promptText(decision, view);
  const point = (view && view.chance) || {};
  return what && what !== decision.prompt ? what : w("reveal", { what: point.what || decision.prompt });
}
