// The lobby: create a game, list the games being played and the finished ones, join, watch.
// The create-game form is built from the specs the server lists (GET /api): a game
// chooser, then each of the game's options that is not hidden as the control its kind
// asks for, the seats with the game's own bots. It names no game.
import { t, tIn, tOwnIn, has, translateDom, loadGameTexts, useGame, errorText, lang } from "./i18n.js";
import { api, mySeats, rememberSeat, forgetSeat } from "./api.js";
import { serverInfo } from "./boards.js";
import { h, seatText, humanize, botMark, botName } from "./dom.js";
import { toast } from "./app.js";

export { h, seatText };

const GAME_KEY = "wasteland.lobby.game";

/** The players option: the one option whose value is the number of seats. */
const PLAYERS = "players";

export class LobbyView {
  constructor(root) {
    this.root = root;
    this.info = null;
    this.active = [];
    this.over = [];
    this.form = { game: localStorage.getItem(GAME_KEY) || null, players: 1, seats: ["human"], options: {}, seed: "",
                  name: localStorage.getItem("wasteland.name") || "", sit: true, params: "" };
    this.timer = null;
    this.closed = false;
  }

  async start() {
    useGame(null);
    this.render();
    try {
      this.info = await serverInfo();
      await Promise.all(this.info.specs.map((s) => loadGameTexts(s.name, s.web && s.web.texts)));
      const f = this.form;
      if (this.closed) return; // left for a game or a replay while the server answered
      this.pickGame(this.info.specs.some((s) => s.name === f.game) ? f.game : this.info.specs[0] && this.info.specs[0].name);
      this.render();
    } catch (e) {
      toast(String(e.message || e));
    }
    await this.refresh();
    if (!this.closed) this.timer = setInterval(() => this.refresh(), 5000);
  }

  destroy() {
    this.closed = true;
    clearInterval(this.timer);
  }

  rerender() {
    this.render();
  }

  spec(game = this.form.game) {
    return this.info ? this.info.specs.find((s) => s.name === game) || null : null;
  }

  /** Choose the game of the form: its defaults for every option, its player count and bots. */
  pickGame(game) {
    const f = this.form;
    f.game = game;
    f.options = {};
    f.params = ""; // a tuned set is one game's
    const spec = this.spec();
    if (!spec) return;
    localStorage.setItem(GAME_KEY, game);
    const players = spec.options.find((o) => o.name === PLAYERS);
    this.setPlayers((players && players.default) || spec.min_players);
  }

  setPlayers(n) {
    const f = this.form;
    const spec = this.spec();
    const opt = spec.options.find((o) => o.name === PLAYERS) || {};
    const low = opt.low ?? spec.min_players, high = opt.high ?? spec.max_players;
    n = Math.max(low, Math.min(high, Math.round(Number(n)) || low));
    f.players = n;
    f.seats = Array.from({ length: n }, (_, i) => f.seats[i] || (i === 0 ? "human" : spec.default_bot));
    for (const o of spec.options) {
      if (o.kind === "seats" && Array.isArray(f.options[o.name])) {
        f.options[o.name] = Array.from({ length: n }, (_, i) => f.options[o.name][i] || "");
      }
    }
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

  /** A text of the chosen game: its translation, else ``fallback``. */
  text(key, fallback, params = {}) {
    return has(key, this.form.game) ? tIn(this.form.game, key, params) : fallback;
  }

  /** A game's title and description in the page's language (the spec's English ones as the fallback). */
  gameTitle(spec) {
    return has("game.title", spec.name) ? tIn(spec.name, "game.title") : spec.title || spec.name;
  }

  gameDescription(spec) {
    return has("game.description", spec.name) ? tIn(spec.name, "game.description") : spec.description;
  }

  /** A hover hint in the page's language: the game's or the page's own translation of
   *  ``key``, else the spec's English words (``english``), which are the source. */
  hint(key, english) {
    return tOwnIn(this.form.game, key) ?? english;
  }

  optionHint(o) {
    const words = this.hint(`hint.${o.name}`, o.description);
    return o.rule ? `${words} (${o.rule})` : words;
  }

  botLabel(b) {
    return tOwnIn(this.form.game, `bot.${b.name}`) ?? botName(b.name);
  }

  optionLabel(o) {
    return this.text(`option.${o.name}`, humanize(o.name));
  }

  valueLabel(o, v) {
    return this.text(`option.${o.name}.${v}`, humanize(v));
  }

  /** The entry that leaves an option to the game: "(default: how the game chooses)". */
  defaultLabel(o) {
    const note = this.text(`option.${o.name}.default`, o.default_note || "");
    return note ? t("lobby.default_note", { note }) : t("lobby.default");
  }

  renderForm() {
    const f = this.form;
    const spec = this.spec();
    if (!spec) return h("form", { class: "create card-box", id: "create-loading" }, h("h2", { i18n: "lobby.create" }), h("p", { text: "…" }));
    const form = h("form", { class: "create card-box", id: "create-form", "data-game": spec.name,
      onsubmit: (e) => { e.preventDefault(); this.create(); } });
    form.append(h("h2", { i18n: "lobby.create" }));
    const gameSel = h("select", { name: "game", id: "f-game", onchange: (e) => { this.pickGame(e.target.value); this.render(); } },
      ...this.info.specs.map((g) => h("option", { value: g.name, selected: g.name === f.game, text: this.gameTitle(g),
        title: this.gameDescription(g) })));
    form.append(row("lobby.game", gameSel));
    if (spec.description) form.append(h("p", { class: "game-desc", text: this.text("game.description", spec.description) }));
    const players = spec.options.find((o) => o.name === PLAYERS);
    form.append(row("lobby.players", h("input", { type: "number", id: "f-players", name: "players", value: f.players,
      min: (players && players.low) ?? spec.min_players, max: (players && players.high) ?? spec.max_players,
      title: players ? this.optionHint(players) : null,
      onchange: (e) => { this.setPlayers(e.target.value); this.render(); } })));
    const seats = h("div", { class: "seats", id: "f-seats" });
    f.seats.forEach((kind, i) => {
      const sel = h("select", { "data-seat": i, onchange: (e) => { f.seats[i] = e.target.value; } },
        h("option", { value: "human", selected: kind === "human", text: t("lobby.person") }),
        ...spec.seat_bots.map((b) => h("option", { value: b.name, selected: kind === b.name,
          title: this.hint(`bot.${b.name}.hint`, b.description), text: t("lobby.bot", { bot: this.botLabel(b) }) })));
      seats.append(h("label", {}, h("span", { text: t("lobby.seat", { n: `p${i + 1}` }) }), sel));
    });
    form.append(seats);
    for (const o of spec.options) {
      if (o.hidden || o.name === PLAYERS) continue;
      form.append(this.optionControl(o));
    }
    if ((spec.params || []).length) form.append(this.paramsControl(spec));
    form.append(row("lobby.seed", h("input", { type: "number", min: 0, id: "f-seed", value: f.seed, placeholder: t("lobby.seed_hint"),
      oninput: (e) => { f.seed = e.target.value; } })));
    form.append(row("lobby.name", h("input", { type: "text", maxlength: 40, id: "f-name", value: f.name,
      oninput: (e) => { f.name = e.target.value; localStorage.setItem("wasteland.name", f.name); } })));
    form.append(h("label", { class: "check" }, h("input", { type: "checkbox", id: "f-sit", checked: f.sit,
      onchange: (e) => { f.sit = e.target.checked; } }), h("span", { i18n: "lobby.sit" })));
    form.append(h("button", { type: "submit", id: "create", class: "primary", i18n: "lobby.create_button" }));
    return form;
  }

  /** A designer's tuned numbers for this game (issue 31): a small TOML of NAME = NUMBER
   * lines, pasted or read from a file, kept with the game by the server; the game's
   * parameters listed under it with their ranges and rules. Folded away unless used. */
  paramsControl(spec) {
    const f = this.form;
    const text = h("textarea", { id: "f-params", rows: 3, spellcheck: "false", autocomplete: "off", "aria-label": t("lobby.params"),
      placeholder: spec.params.slice(0, 2).map((p) => `${p.name} = ${p.default}`).join("\n"),
      oninput: (e) => { f.params = e.target.value; } });
    text.value = f.params;
    const file = h("input", { type: "file", id: "f-params-file", accept: ".toml,text/plain",
      onchange: async (e) => {
        const picked = e.target.files && e.target.files[0];
        if (!picked) return;
        if (picked.size > 4000) { toast(t("lobby.params_too_long")); return; }
        f.params = text.value = await picked.text();
      } });
    const list = h("ul", { class: "params-list", id: "f-params-list" },
      ...spec.params.map((p) => h("li", { "data-param": p.name },
        h("code", { text: p.name }), " ",
        // what the number sets, in the page's language (the game's ``param.NAME``; the spec's English otherwise)
        h("span", { class: "param-text", text: this.text(`param.${p.name}`, p.text) }), " · ",
        h("span", { class: "param-range", text: t("lobby.params_range", { low: p.low, high: p.high, default: p.default, rule: p.rule }) }))));
    return h("details", { class: "params", id: "f-params-box", open: f.params.trim() !== "" },
      h("summary", { i18n: "lobby.params" }),
      h("p", { class: "hint", i18n: "lobby.params_hint" }),
      text,
      h("label", { class: "row file" }, h("span", { i18n: "lobby.params_file" }), file),
      list);
  }

  /** The words of a refused tuned set: the parameter, its range and rule in the page's language. */
  paramsError(e) {
    const spec = this.spec();
    const field = e.body && e.body.field;
    const name = field && field.startsWith("params.") ? field.slice(7) : null;
    const p = name && spec ? (spec.params || []).find((x) => x.name === name) : null;
    if (p) return t("lobby.params_bad", { name: p.name, low: p.low, high: p.high, rule: p.rule });
    if (name) return t("lobby.params_unknown", { name, names: (spec.params || []).map((x) => x.name).join(", ") });
    return t("lobby.params_unreadable", { error: e.message });
  }

  /** One option as the control its kind asks for, labelled, with the spec's description as its hint. */
  optionControl(o) {
    const f = this.form;
    const id = `opt-${o.name}`;
    const value = f.options[o.name];
    const set = (v) => { if (v === undefined || v === "") delete f.options[o.name]; else f.options[o.name] = v; };
    const hint = this.optionHint(o);
    let control;
    if (o.kind === "int") {
      control = h("input", { type: "number", id, "data-option": o.name, min: o.low, max: o.high, value: value ?? o.default ?? "",
        placeholder: o.default === null ? this.defaultLabel(o) : null,
        onchange: (e) => set(e.target.value === "" ? undefined : Number(e.target.value)) });
    } else if (o.kind === "choice") {
      const current = value ?? o.default ?? "";
      control = h("select", { id, "data-option": o.name, onchange: (e) => set(e.target.value) },
        o.default === null ? h("option", { value: "", selected: current === "", text: this.defaultLabel(o) }) : null,
        ...o.values.map((v) => h("option", { value: v, selected: v === current, text: this.valueLabel(o, v) })));
    } else if (o.kind === "bool") {
      return h("label", { class: "check", title: hint }, h("input", { type: "checkbox", id, "data-option": o.name,
        checked: value ?? o.default ?? false, onchange: (e) => set(e.target.checked) }), h("span", { text: this.optionLabel(o) }));
    } else if (o.kind === "names") {
      const chosen = new Set(value ?? o.default ?? []);
      control = h("span", { class: "names", id, "data-option": o.name },
        ...o.values.map((v) => h("label", { class: "check" }, h("input", { type: "checkbox", "data-value": v, checked: chosen.has(v),
          onchange: (e) => {
            if (e.target.checked) chosen.add(v); else chosen.delete(v);
            set(o.values.filter((x) => chosen.has(x)));
          } }), h("span", { text: this.valueLabel(o, v) }))));
    } else if (o.kind === "seats") {
      // one choice per seat; all left to the game, or each seat's own
      const picks = Array.isArray(value) ? value : Array.from({ length: f.players }, () => "");
      control = h("span", { class: "per-seat", id, "data-option": o.name },
        ...picks.map((pick, i) => h("select", { "data-seat": i, title: t("lobby.seat", { n: `p${i + 1}` }),
          onchange: (e) => {
            const next = Array.from({ length: f.players }, (_, j) => (j === i ? e.target.value : picks[j] || ""));
            picks[i] = e.target.value;
            set(next.every((x) => x === "") ? undefined : next);
          } },
          h("option", { value: "", selected: !pick, text: i === 0 ? this.defaultLabel(o) : t("lobby.default") }),
          ...o.values.map((v) => h("option", { value: v, selected: v === pick, text: this.valueLabel(o, v) })))));
    } else {
      control = h("span", { text: o.kind });
    }
    return h("label", { class: "row", title: hint, "data-option": o.name }, h("span", { text: this.optionLabel(o) }), control);
  }

  async create() {
    const f = this.form;
    const body = { game: f.game, players: f.players, ...f.options,
                   seats: f.seats.map((s) => (s === "human" ? { kind: "human" } : { kind: "bot", bot: s })) };
    for (const o of this.spec().options) {
      const v = body[o.name];
      if (o.kind !== "seats" || !Array.isArray(v)) continue;
      if (v.every((x) => x === "")) delete body[o.name]; // every seat left to the game
      else if (v.includes("")) {
        toast(t("lobby.every_seat", { option: this.optionLabel(o) }));
        return;
      }
    }
    if (!this.spec().options.some((o) => o.name === PLAYERS)) delete body.players; // the seats say how many
    if (f.seed !== "" && f.seed !== null) body.seed = Number(f.seed);
    if (f.sit && f.seats.includes("human")) body.join = true;
    if (f.name) body.name = f.name;
    if (f.params.trim() && (this.spec().params || []).length) body.params = f.params;
    try {
      const out = await api("POST", "/api/games", body);
      if (out.token) rememberSeat(out.game.id, out.seat, out.token, out.game.game);
      location.hash = `#/game/${out.game.id}`;
    } catch (e) {
      toast(e.code === "bad_params" ? this.paramsError(e) : errorText(e.code, e.message, e.rule));
    }
  }

  async join(game, seat) {
    try {
      const out = await api("POST", `/api/games/${game.id}/join`, { seat, name: this.form.name || undefined });
      rememberSeat(game.id, out.seat, out.token, game.game);
      location.hash = `#/game/${game.id}`;
    } catch (e) {
      toast(errorText(e.code, e.message));
      this.refresh();
    }
  }

  renderLists() {
    const box = this.root.querySelector("#lists");
    if (!box) return;
    box.textContent = "";
    // the designers' balance reports, when this server shows them (serve --reports; GET /api says so)
    if (this.info && this.info.reports) {
      box.append(h("p", { class: "reports-link" },
        h("a", { href: `/reports/?lang=${encodeURIComponent(lang())}`, id: "reports-link", i18n: "lobby.reports" })));
    }
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
      const desc = this.describe(g);
      const item = h("li", { class: "game-item", "data-game": g.id },
        h("span", { class: "gid", text: g.title || g.id }),
        h("span", { class: "desc", text: desc }),
        h("span", { class: `status status-${g.status}`, text: t(`status.${g.status}`) }),
        h("span", { class: "moves", text: t("lobby.moves", { n: g.index }) }));
      const seats = h("span", { class: "seat-list" });
      for (const s of g.seats || []) {
        // a team game's team beside each seat (LO-13.4: the server's summary tells it, by the game's rules)
        const chip = h("span", { class: `seat-chip${s.online ? " online" : ""}`, "data-team": teamOf(s) },
          `${seatName(s)}: `);
        if (s.kind === "bot") chip.append(botMark(), ` ${botName(s.bot)}`);
        else chip.append(s.taken ? (s.name || t("seat.human")) : t("seat.free"));
        seats.append(chip);
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
            onclick: () => this.join(g, s.seat), text: t("lobby.join", { seat: seatName(s) }) }));
        }
        buttons.append(h("a", { class: "button watch", href: `#/game/${g.id}?watch`, i18n: "lobby.spectate" }));
      }
      item.append(buttons);
      list.append(item);
    }
    return list;
  }

  /** A listed game in a line: its title, its chosen options (the shown ones), its seat count. */
  describe(g) {
    const spec = this.spec(g.game);
    const cfg = g.config || {};
    const bits = [spec ? this.gameTitle(spec) : g.game];
    for (const o of spec ? spec.options : []) {
      const v = cfg[o.name];
      if (o.hidden || o.name === PLAYERS || v === undefined || v === null || !["choice", "bool"].includes(o.kind)) continue;
      const label = has(`option.${o.name}`, g.game) ? tIn(g.game, `option.${o.name}`) : humanize(o.name);
      if (o.kind === "bool") { if (v) bits.push(label); continue; }
      bits.push(has(`option.${o.name}.${v}`, g.game) ? tIn(g.game, `option.${o.name}.${v}`) : String(v));
    }
    if (cfg.params && Object.keys(cfg.params).length) {
      bits.push(t("lobby.tuned", { set: Object.entries(cfg.params).map(([k, v]) => `${k}=${v}`).join(", ") }));
    }
    bits.push(`${(g.seats || []).length}×`);
    return bits.join(" · ");
  }
}

/** A seat's team in a team game (1, 2, ...), or null. */
const teamOf = (s) => (s.team === null || s.team === undefined ? null : s.team + 1);

/** A seat as the lists name it: "p2", with its team in a team game ("p2 (team 1)"). */
function seatName(s) {
  const team = teamOf(s);
  return team === null ? s.label : `${s.label} (${t("seat.team", { n: team })})`;
}

function row(key, input) {
  return h("label", { class: "row" }, h("span", { i18n: key }), input);
}

export { translateDom };
