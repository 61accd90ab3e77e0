// The games this server plays (GET /api) and each game's board module, loaded on demand
// from the game's own package (/games/{game}/board.js, see the server's API.md). Every
// export a module lacks comes from generic.js, so a game with no module still gets a page.
import { api } from "./api.js";
import { loadGameTexts } from "./i18n.js";
import { enableComponentTips } from "./cards.js";
import * as generic from "./generic.js";

let info = null;

/** GET /api, once: the games, their specs, the bots. */
export async function serverInfo() {
  if (!info) info = await api("GET", "/api");
  return info;
}

export async function specOf(game) {
  const i = await serverInfo();
  return (i.specs || []).find((s) => s.name === game) || null;
}

const boards = new Map();

/** The board module of ``game`` (with its strings loaded), every missing export generic. */
export function loadBoard(game) {
  if (!boards.has(game)) boards.set(game, load(game));
  // the words of the game's components, for hover and long-press texts (cards.js)
  const tips = enableComponentTips(game).catch(() => null);
  return Promise.all([boards.get(game), tips]).then(([board]) => board);
}

async function load(game) {
  const spec = await specOf(game).catch(() => null);
  const web = (spec && spec.web) || {};
  await loadGameTexts(game, web.texts || null);
  let mod = {};
  if (web.board) {
    try {
      mod = await import(web.board);
    } catch (e) {
      console.warn(`the board module of ${game} did not load; the generic page is used`, e);
      mod = {};
    }
    if (mod.STYLESHEET) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = new URL(mod.STYLESHEET, new URL(web.board, location.href)).href;
      link.dataset.game = game;
      document.head.append(link);
    }
  }
  const board = { game, spec, generic: !web.board };
  for (const name of Object.keys(generic)) board[name] = typeof mod[name] === "function" ? mod[name] : generic[name];
  return board;
}
