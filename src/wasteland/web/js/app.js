// The page: a router over the lobby, a game being played and the replay of a finished game.
import { LANGS, LANG_NAMES, preferredLang, setLang, lang, onLangChange, translateDom, t } from "./i18n.js";
import { LobbyView } from "./lobby.js";
import { GameView } from "./game.js";
import { ReplayView } from "./replay.js";
import { reloadComponentTexts } from "./cards.js";

let view = null;

export function toast(text, ms = 4000) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (box.hidden = true), ms);
}

function route() {
  const [path, query = ""] = (location.hash.replace(/^#/, "") || "/").split("?");
  const parts = path.split("/").filter(Boolean);
  if (view) view.destroy();
  // Each view draws into a box of its own. A view left while it still waits on the server (the
  // lobby's server info, a replay's first step) finishes later: it then draws into a box that is
  // off the page, not over the view that replaced it.
  const main = document.createElement("div");
  main.className = "view";
  document.getElementById("main").replaceChildren(main);
  if (parts[0] === "game" && parts[1]) view = new GameView(main, decodeURIComponent(parts[1]), { watch: query.includes("watch") });
  else if (parts[0] === "replay" && parts[1] === "companion" && parts[2]) {
    const id = decodeURIComponent(parts[2]); // a table companion's session, step by step
    view = new ReplayView(main, id, `/api/companion/${encodeURIComponent(id)}`);
  } else if (parts[0] === "replay" && parts[1]) view = new ReplayView(main, decodeURIComponent(parts[1]));
  else view = new LobbyView(main);
  view.start();
}

async function main() {
  const params = new URLSearchParams(location.search);
  const wanted = params.get("lang");
  if (params.get("anim")) localStorage.setItem("wasteland.anim", params.get("anim"));
  await setLang(wanted && LANGS.includes(wanted) ? wanted : preferredLang(), Boolean(wanted));
  const select = document.getElementById("lang");
  for (const l of LANGS) {
    const o = document.createElement("option");
    o.value = l;
    o.textContent = LANG_NAMES[l];
    select.appendChild(o);
  }
  select.value = lang();
  select.addEventListener("change", () => setLang(select.value));
  onLangChange(async () => {
    select.value = lang();
    translateDom();
    document.title = t("app.title");
    await reloadComponentTexts(); // the cards' names in the new language before the redraw
    if (view) view.rerender();
  });
  translateDom();
  document.title = t("app.title");
  window.addEventListener("hashchange", route);
  route();
}

main().catch((e) => {
  document.getElementById("main").textContent = `The page failed to start: ${e}`;
});
