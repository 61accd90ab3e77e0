// The lobby: create a game, list the games being played and the finished ones, join, watch.
import { t, translateDom } from "./i18n.js";
import { api, mySeats, rememberSeat, forgetSeat, seatFor } from "./api.js";
import { toast } from "./app.js";

const MODES = { saltlands: ["solo", "tutorial", "classic", "coop", "competitive"] };
const DIFFICULTIES = ["easy", "normal", "hard"];

function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "text") e.textContent = v;
    else if (k === "i18n") { e.dataset.i18n = v; e.textContent = t(v); }
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}
export { h };

export function seatText(s) {
  return s.name ? `${s.label} (${s.name})` : s.label;
}

export class LobbyView {
  constructor(root) {
    this.root = root;
    this.info = { games: ["saltlands"], bots: ["random", "heuristic"] };
    this.active = [];
    this.over = [];
    this.form = { game: "saltlands", players: 1, seats: ["human"], mode: "solo", difficulty: "normal", seed: "",
                  name: localStorage.getItem("wasteland.name") || "", sit: true };
    this.timer = null;
  }

  async start() {
    this.render();
    try {
      const before = this.info.games.join();
      this.info = await api("GET", "/api");
      if (this.info.games.join() !== before) this.render(); // the form's game list comes from the server
    } catch (e) {
      toast(String(e.message || e));
    }
    await this.refresh();
    this.timer = setInterval(() => this.refresh(), 5000);
  }

  destroy() {
    clearInterval(this.timer);
  }

  rerender() {
    this.render();
  }

  async refresh() {
    try {
      const [a, o] = await Promise.all([api("GET", "/api/games?status=active"), api("GET", "/api/games?status=over")]);
      this.active = a.games;
      this.over = o.games;
    } catch (e) {
      toast(String(e.message || e));
    }
    this.renderLists();
  }

  render() {
    this.root.textContent = "";
    const page = h("section", { class: "lobby", id: "lobby" });
    page.append(this.renderForm(), h("div", { class: "lists", id: "lists" }));
    this.root.append(page);
    this.renderLists();
  }

  renderForm() {
    const f = this.form;
    const modes = MODES[f.game] || [];
    const form = h("form", { class: "create card-box", id: "create-form", onsubmit: (e) => { e.preventDefault(); this.create(); } });
    form.append(h("h2", { i18n: "lobby.create" }));
    const gameSel = h("select", { name: "game", id: "f-game", onchange: (e) => { f.game = e.target.value; this.render(); } },
      ...this.info.games.map((g) => h("option", { value: g, selected: g === f.game, text: g })));
    const players = h("input", { type: "number", min: 1, max: 6, value: f.players, name: "players", id: "f-players",
      onchange: (e) => {
        const n = Math.max(1, Math.min(6, Number(e.target.value) || 1));
        f.players = n;
        f.seats = Array.from({ length: n }, (_, i) => f.seats[i] || (i === 0 ? "human" : "heuristic"));
        if (f.game === "saltlands") f.mode = n === 1 ? (f.mode === "tutorial" ? "tutorial" : "solo") : (["solo", "tutorial"].includes(f.mode) ? "classic" : f.mode);
        this.render();
      } });
    form.append(row("lobby.game", gameSel), row("lobby.players", players));
    const seats = h("div", { class: "seats", id: "f-seats" });
    f.seats.forEach((kind, i) => {
      const sel = h("select", { "data-seat": i, onchange: (e) => { f.seats[i] = e.target.value; } },
        h("option", { value: "human", selected: kind === "human", text: t("lobby.person") }),
        ...this.info.bots.map((b) => h("option", { value: b, selected: kind === b, text: t("lobby.bot", { bot: b }) })));
      seats.append(h("label", {}, h("span", { text: t("lobby.seat", { n: `p${i + 1}` }) }), sel));
    });
    form.append(seats);
    if (modes.length) {
      const okModes = modes.filter((m) => (f.players === 1 ? ["solo", "tutorial"].includes(m) : !["solo"].includes(m)));
      if (!okModes.includes(f.mode)) f.mode = okModes[0];
      form.append(row("lobby.mode", h("select", { id: "f-mode", onchange: (e) => { f.mode = e.target.value; } },
        ...okModes.map((m) => h("option", { value: m, selected: m === f.mode, text: t(`mode.${m}`) })))));
      form.append(row("lobby.difficulty", h("select", { id: "f-difficulty", onchange: (e) => { f.difficulty = e.target.value; } },
        ...DIFFICULTIES.map((d) => h("option", { value: d, selected: d === f.difficulty, text: t(`difficulty.${d}`) })))));
    }
    form.append(row("lobby.seed", h("input", { type: "number", min: 0, id: "f-seed", value: f.seed, placeholder: t("lobby.seed_hint"),
      oninput: (e) => { f.seed = e.target.value; } })));
    form.append(row("lobby.name", h("input", { type: "text", maxlength: 40, id: "f-name", value: f.name,
      oninput: (e) => { f.name = e.target.value; localStorage.setItem("wasteland.name", f.name); } })));
    form.append(h("label", { class: "check" }, h("input", { type: "checkbox", id: "f-sit", checked: f.sit,
      onchange: (e) => { f.sit = e.target.checked; } }), h("span", { i18n: "lobby.sit" })));
    form.append(h("button", { type: "submit", id: "create", class: "primary", i18n: "lobby.create_button" }));
    return form;
  }

  async create() {
    const f = this.form;
    const body = { game: f.game, players: f.players,
                   seats: f.seats.map((s) => (s === "human" ? { kind: "human" } : { kind: "bot", bot: s })) };
    if (MODES[f.game]) {
      body.mode = f.mode;
      if (f.mode !== "tutorial") body.difficulty = f.difficulty;
    }
    if (f.seed !== "" && f.seed !== null) body.seed = Number(f.seed);
    if (f.sit && f.seats.includes("human")) body.join = true;
    if (f.name) body.name = f.name;
    try {
      const out = await api("POST", "/api/games", body);
      if (out.token) rememberSeat(out.game.id, out.seat, out.token, out.game.game);
      location.hash = `#/game/${out.game.id}`;
    } catch (e) {
      toast(t("game.error", { error: e.message }));
    }
  }

  async join(game, seat) {
    try {
      const out = await api("POST", `/api/games/${game.id}/join`, { seat, name: this.form.name || undefined });
      rememberSeat(game.id, out.seat, out.token, game.game);
      location.hash = `#/game/${game.id}`;
    } catch (e) {
      toast(t("game.error", { error: e.message }));
      this.refresh();
    }
  }

  renderLists() {
    const box = this.root.querySelector("#lists");
    if (!box) return;
    box.textContent = "";
    const mine = mySeats();
    const head = h("div", { class: "list-head" }, h("h2", { i18n: "lobby.open_games" }),
      h("button", { type: "button", id: "refresh", onclick: () => this.refresh(), i18n: "lobby.refresh" }));
    box.append(head, this.table(this.active, mine, false));
    box.append(h("h2", { i18n: "lobby.finished_games" }), this.table(this.over, mine, true));
    // seats this browser holds in games that are over: forget them
    for (const g of this.over) if (mine[g.id]) forgetSeat(g.id);
  }

  table(games, mine, over) {
    if (!games.length) return h("p", { class: "none", i18n: "lobby.none" });
    const list = h("ul", { class: "games" });
    for (const g of games) {
      const cfg = g.config || {};
      const desc = [g.game, cfg.mode && t(`mode.${cfg.mode}`), cfg.difficulty && t(`difficulty.${cfg.difficulty}`),
                    `${(g.seats || []).length}×`].filter(Boolean).join(" · ");
      const item = h("li", { class: "game-item", "data-game": g.id },
        h("span", { class: "gid", text: g.title || g.id }),
        h("span", { class: "desc", text: desc }),
        h("span", { class: `status status-${g.status}`, text: t(`status.${g.status}`) }),
        h("span", { class: "moves", text: t("lobby.moves", { n: g.index }) }));
      const seats = h("span", { class: "seat-list" });
      for (const s of g.seats || []) {
        const who = s.kind === "bot" ? `🤖 ${s.bot}` : s.taken ? (s.name || t("seat.human")) : t("seat.free");
        seats.append(h("span", { class: `seat-chip${s.online ? " online" : ""}`, text: `${s.label}: ${who}` }));
      }
      item.append(seats);
      const buttons = h("span", { class: "buttons" });
      if (over) {
        buttons.append(h("a", { class: "button", href: `#/replay/${g.id}`, i18n: "lobby.replay" }));
      } else {
        const held = mine[g.id];
        if (held) buttons.append(h("a", { class: "button primary resume", href: `#/game/${g.id}`,
          text: t("lobby.resume", { seat: `p${held.seat + 1}` }) }));
        else for (const s of g.seats || []) {
          if (s.kind === "human" && !s.taken) buttons.append(h("button", { type: "button", class: "join", "data-seat": s.seat,
            onclick: () => this.join(g, s.seat), text: t("lobby.join", { seat: s.label }) }));
        }
        buttons.append(h("a", { class: "button watch", href: `#/game/${g.id}?watch`, i18n: "lobby.spectate" }));
      }
      item.append(buttons);
      list.append(item);
    }
    void seatFor;
    return list;
  }
}

function row(key, input) {
  return h("label", { class: "row" }, h("span", { i18n: key }), input);
}

export { translateDom };
