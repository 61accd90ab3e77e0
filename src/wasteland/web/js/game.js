// A game being played: the board, the seat's cards, the decision, the log; live over the WebSocket.
import { t } from "./i18n.js";
import { api, seatFor, forgetSeat, socketUrl } from "./api.js";
import { renderBoard, SEAT_COLOURS } from "./board.js";
import { isAot, aotMarks, renderAotBoard, renderAotSide, aotActionLabel, CLAN_COLOURS } from "./board_aot.js";

/** A seat's colour in the players list: its clan's in Age of Thirst. */
function dotColour(view, i) {
  const clan = isAot(view) && (view.players || [])[i] && view.players[i].colour;
  return clan ? CLAN_COLOURS[clan] : SEAT_COLOURS[i % SEAT_COLOURS.length];
}
import { actionLabel, parseAction, promptText, eventText, cardName, charName, tokenName } from "./notation.js";
import { h, seatText } from "./lobby.js";
import { toast } from "./app.js";

const ANIM_KEY = "wasteland.anim";
const ANIM_MS = { off: 0, fast: 140, slow: 450 };
const LOG_LIMIT = 400;

export function animSpeed() {
  const v = localStorage.getItem(ANIM_KEY);
  return v in ANIM_MS ? v : "fast";
}

export class GameView {
  constructor(root, gameId, { watch = false } = {}) {
    this.root = root;
    this.id = gameId;
    const held = watch ? null : seatFor(gameId);
    this.token = held ? held.token : null;
    this.state = null;
    this.summary = null;
    this.log = [];
    this.queue = [];
    this.busy = false; // an update is being animated
    this.pending = null; // the ref of an action or undo in flight
    this.ref = 0;
    this.ws = null;
    this.closed = false;
    this.retry = 500;
    this.board = null;
    this.filter = "";
  }

  // -- life cycle --------------------------------------------------------------------

  async start() {
    this.layout();
    this.status("game.connecting");
    try {
      const out = await api("GET", `/api/games/${this.id}`, undefined, this.token);
      this.summary = out.game;
      this.setState(out.state);
    } catch (e) {
      if (e.code === "unknown_token") {
        forgetSeat(this.id);
        this.token = null;
      }
      if (e.code === "unknown_game") {
        this.root.textContent = e.message;
        return;
      }
    }
    this.connect();
  }

  destroy() {
    this.closed = true;
    if (this.ws) this.ws.close();
    clearTimeout(this.reconnectTimer);
  }

  rerender() {
    this.layout();
    if (this.state) this.renderAll();
  }

  connect() {
    if (this.closed) return;
    const ws = new WebSocket(socketUrl(this.id, this.token));
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 500;
      this.status(null);
    };
    ws.onmessage = (m) => this.onMessage(JSON.parse(m.data));
    ws.onclose = () => {
      if (this.ws !== ws || this.closed) return;
      this.ws = null;
      this.pending = null;
      this.status("game.disconnected");
      this.reconnectTimer = setTimeout(() => this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    };
  }

  onMessage(msg) {
    switch (msg.type) {
      case "state":
      case "update":
      case "undo":
        this.queue.push(msg);
        this.drain();
        break;
      case "seats":
        if (this.state) {
          this.state.seats = msg.seats;
          this.state.status = msg.status;
          this.renderPlayers();
        }
        break;
      case "left":
        forgetSeat(this.id);
        this.token = null;
        location.hash = "#/";
        break;
      case "error":
        if (msg.ref !== undefined && msg.ref === this.pending) this.pending = null;
        toast(t("game.error", { error: msg.error + (msg.rule ? ` (${msg.rule})` : "") }));
        if (msg.code === "stale" && this.ws) this.ws.send(JSON.stringify({ type: "state" }));
        if (msg.code === "unknown_token") {
          forgetSeat(this.id);
          this.token = null;
        }
        this.renderDecision();
        break;
      default:
        break;
    }
  }

  async drain() {
    if (this.busy) return;
    this.busy = true;
    this.markReady();
    try {
      while (this.queue.length) {
        const msg = this.queue.shift();
        if (msg.ref !== undefined && msg.ref === this.pending) this.pending = null;
        if (this.state && msg.index < this.state.index && msg.type === "update") continue; // already seen
        if (msg.type === "update") await this.playEvents(msg);
        else if (msg.type === "undo") this.note("undo", { seat: `p${msg.undone_seat + 1}`, action: msg.undone });
        this.setState(msg);
      }
    } finally {
      this.busy = false;
      this.markReady();
    }
  }

  /** The update's events into the log, one by one; raider moves walk their paths on the board. */
  async playEvents(msg) {
    const speed = ANIM_MS[animSpeed()];
    const who = `p${msg.action_seat + 1}`;
    this.push({ kind: "action", seat: who, action: msg.action, source: msg.source });
    for (const e of msg.events || []) {
      this.push({ kind: "event", event: e });
      if (!speed || !this.board) continue;
      if (e.type === "raider_move" && Array.isArray(e.path) && e.path.length > 1) {
        this.root.querySelector("#anim-note").hidden = false;
        await this.board.animateRaider(e.raider, e.from, e.path, speed);
      } else if (e.type === "attacked" && e.hex) {
        this.board.flash(e.hex, "hit", speed * 3);
      }
    }
    const note = this.root.querySelector("#anim-note");
    if (note) note.hidden = true;
  }

  push(entry) {
    this.log.push(entry);
    if (this.log.length > LOG_LIMIT) this.log.splice(0, this.log.length - LOG_LIMIT);
    const ol = this.root.querySelector("#log");
    if (ol) {
      ol.append(this.logItem(entry));
      while (ol.children.length > LOG_LIMIT) ol.firstChild.remove();
      ol.parentElement.scrollTop = ol.parentElement.scrollHeight;
    }
  }

  note(key, params) {
    this.push({ kind: "note", key, params });
  }

  logItem(entry) {
    if (entry.kind === "event") {
      const e = entry.event;
      return h("li", { class: `ev ev-${e.type}`, "data-type": e.type }, eventText(e));
    }
    if (entry.kind === "action") {
      return h("li", { class: "act", "data-seat": entry.seat },
        h("b", { text: `${entry.seat}${entry.source && entry.source !== "human" ? ` (${entry.source})` : ""}: ` }),
        this.label(entry.action));
    }
    if (entry.key === "undo") return h("li", { class: "note" }, `↶ ${entry.params.seat}: ${this.label(entry.params.action)}`);
    return h("li", { class: "note", text: t(entry.key, entry.params) });
  }

  setState(msg) {
    const state = { ...msg };
    delete state.type;
    this.state = state;
    this.renderAll();
  }

  // -- sending -----------------------------------------------------------------------

  send(kind, action) {
    if (!this.state || this.pending !== null || this.busy) return;
    const ref = ++this.ref;
    this.pending = ref;
    this.closeChooser();
    this.markReady();
    const msg = { type: kind, index: this.state.index, ref };
    if (action !== undefined) msg.action = action;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return;
    }
    // no socket: the HTTP route does the same
    const path = kind === "undo" ? "undo" : "actions";
    api("POST", `/api/games/${this.id}/${path}`, { action, index: msg.index }, this.token)
      .then((out) => this.onMessage({ ...out, ref }))
      .catch((e) => this.onMessage({ type: "error", error: e.message, rule: e.rule, code: e.code, ref }));
  }

  async leave() {
    if (!this.token || !confirm(t("game.leave_confirm"))) return;
    try {
      await api("POST", `/api/games/${this.id}/leave`, {}, this.token);
    } catch (e) {
      toast(t("game.error", { error: e.message }));
    }
    forgetSeat(this.id);
    location.hash = "#/";
  }

  // -- drawing -----------------------------------------------------------------------

  layout() {
    this.root.textContent = "";
    const anim = h("select", { id: "anim", onchange: (e) => localStorage.setItem(ANIM_KEY, e.target.value) },
      ...Object.keys(ANIM_MS).map((k) => h("option", { value: k, selected: k === animSpeed(), text: t(`game.anim_${k}`) })));
    const page = h("section", { class: "game", id: "game", "data-game": this.id },
      h("div", { class: "gamebar" },
        h("a", { href: "#/", class: "button", i18n: "game.back" }),
        h("span", { class: "gid", text: this.id }),
        h("span", { id: "you-are" }),
        h("span", { id: "conn", class: "conn" }),
        h("span", { class: "spacer" }),
        h("label", { class: "anim" }, h("span", { i18n: "game.anim_speed" }), anim),
        h("button", { type: "button", id: "leave", hidden: !this.token, onclick: () => this.leave(), i18n: "game.leave" })),
      h("div", { class: "board-col" },
        h("div", { id: "status-line", class: "status-line" }),
        h("div", { id: "outcome", class: "outcome", hidden: true }),
        h("div", { id: "board", class: "board-box" }),
        h("p", { id: "anim-note", class: "anim-note", hidden: true, i18n: "game.animating" })),
      h("aside", { class: "side" },
        h("section", { id: "decision", class: "decision card-box" }),
        h("section", { id: "mine", class: "mine card-box" }),
        h("section", { class: "players card-box" }, h("h3", { i18n: "game.players" }), h("div", { id: "players" })),
        h("section", { class: "log card-box" }, h("h3", { i18n: "game.log" }),
          h("div", { class: "log-scroll" }, h("ol", { id: "log" })))));
    this.root.append(page);
    const ol = page.querySelector("#log");
    for (const entry of this.log) ol.append(this.logItem(entry));
    page.querySelector(".log-scroll").scrollTop = 1e9;
  }

  status(key) {
    const conn = this.root.querySelector("#conn");
    if (conn) conn.textContent = key ? t(key) : "";
  }

  markReady() {
    const page = this.root.querySelector("#game");
    if (!page || !this.state) return;
    const d = this.state.decision;
    const mine = d && d.actions && d.actions.length > 0;
    page.dataset.index = this.state.index;
    page.dataset.ready = !this.busy && this.pending === null && this.queue.length === 0 ? "1" : "0";
    page.dataset.turn = mine ? "mine" : d ? "other" : "over";
    for (const b of page.querySelectorAll(".action-btn, #undo")) b.disabled = page.dataset.ready !== "1";
  }

  renderAll() {
    if (!this.root.querySelector("#game")) this.layout();
    const s = this.state;
    const you = this.root.querySelector("#you-are");
    you.textContent = s.you === null || s.you === undefined ? t("game.spectator") : t("game.you_are", { seat: `p${s.you + 1}` });
    this.root.querySelector("#leave").hidden = !this.token || s.status === "over";
    this.renderStatus();
    this.renderBoard();
    this.renderDecision();
    this.renderMine();
    this.renderPlayers();
    this.markReady();
  }

  renderStatus() {
    const v = this.state.view || {};
    const line = this.root.querySelector("#status-line");
    line.textContent = "";
    if (v.round !== undefined) line.append(h("span", { text: t("game.round", { round: v.round, turn: v.turn }) }));
    if (v.wind_dir) line.append(h("span", { class: "wind-text", text: t("game.wind", { strength: v.wind_strength, dir: t(`dir.${v.wind_dir}`) }) }));
    if (v.storm) line.append(h("span", { class: "storm", text: t("game.storm") }));
    if (v.weather) line.append(h("span", { text: t("game.weather", { cards: v.weather.join(", ") }) }));
    if (v.rumor_deck !== undefined) line.append(h("span", { text: t("game.rumors", { n: v.rumor_deck }) }));
    if (v.mirage_deck !== undefined) line.append(h("span", { class: "decks",
      text: t("game.decks", { mirage: v.mirage_deck, raider: v.raider_deck, tokens: v.token_pool }) }));
    const out = this.root.querySelector("#outcome");
    const o = this.state.outcome;
    if (o) {
      out.hidden = false;
      out.textContent = "";
      out.append(h("strong", { text: t("game.over") }), " — ",
        o.labels && o.labels.length ? t("game.winners", { list: o.labels.join(", ") }) : t("game.nobody"),
        ` (${o.reason})`, " ", h("a", { href: `#/replay/${this.id}`, id: "replay-link", i18n: "replay.open" }));
    } else out.hidden = true;
  }

  /** The legal actions of the pending decision, if it is this seat's. */
  actions() {
    const d = this.state && this.state.decision;
    return d && d.actions ? d.actions.map(parseAction) : [];
  }

  renderBoard() {
    const acts = this.actions();
    const marks = new Map();
    const v = this.state.view || {};
    if (isAot(v)) {
      this.tileHexes = new Map();
      this.board = renderAotBoard(this.root.querySelector("#board"), v, {
        marks: aotMarks(acts), onHex: (hex, ev) => this.choose(this.actionsAtHex(hex), ev) });
      return;
    }
    const tileHexes = new Map();
    (v.hexes || []).forEach((hx, i) => {
      const tile = (v.tiles || [])[Math.floor(i / 19)];
      if (tile) {
        if (!tileHexes.has(tile.at)) tileHexes.set(tile.at, []);
        tileHexes.get(tile.at).push(hx.hex);
      }
    });
    const add = (hex, cls) => {
      if (!marks.has(hex)) marks.set(hex, []);
      if (!marks.get(hex).includes(cls)) marks.get(hex).push(cls);
    };
    for (const a of acts) {
      for (const hex of a.hexes) {
        add(hex, a.target === hex || a.verb === "raider" ? "target" : a.verb === "collect" ? "collect" : "reach");
      }
      for (const tile of a.tiles) for (const hex of tileHexes.get(tile) || []) add(hex, "explore");
    }
    this.tileHexes = tileHexes;
    this.board = renderBoard(this.root.querySelector("#board"), v, {
      marks, you: v.seat, onHex: (hex, ev) => this.choose(this.actionsAtHex(hex), ev),
    });
  }

  /** An action in words (Age of Thirst has its own verbs). */
  label(action) {
    return isAot(this.state && this.state.view) ? aotActionLabel(action) : actionLabel(action);
  }

  actionsAtHex(hex) {
    return this.actions().filter((a) => a.hexes.includes(hex)
      || a.tiles.some((tile) => (this.tileHexes.get(tile) || []).includes(hex)));
  }

  actionsForCard(card) {
    const base = (c) => c.split("/")[0];
    return this.actions().filter((a) => a.cards.length && base(a.cards[0]) === card);
  }

  /** One candidate: play it; several: a small menu at the click. */
  choose(candidates, ev) {
    if (!candidates.length) return;
    if (candidates.length === 1) {
      this.send("action", candidates[0].action);
      return;
    }
    this.closeChooser();
    const menu = h("div", { class: "chooser card-box", id: "chooser" },
      h("p", { i18n: "game.choose_for" }),
      ...candidates.map((a) => h("button", { type: "button", class: "choice", "data-action": a.action,
        onclick: () => this.send("action", a.action), text: this.label(a.action) })),
      h("button", { type: "button", class: "cancel", onclick: () => this.closeChooser(), i18n: "game.cancel" }));
    menu.style.left = `${Math.min(ev.clientX + window.scrollX, window.innerWidth - 320)}px`;
    menu.style.top = `${ev.clientY + window.scrollY + 8}px`;
    document.body.append(menu);
  }

  closeChooser() {
    const m = document.getElementById("chooser");
    if (m) m.remove();
  }

  renderDecision() {
    const box = this.root.querySelector("#decision");
    if (!box || !this.state) return;
    box.textContent = "";
    const d = this.state.decision;
    box.append(h("h3", { i18n: "game.decision" }));
    if (!d) {
      box.append(h("p", { class: "prompt", text: t("game.over") }));
      return;
    }
    const acts = this.actions();
    box.dataset.kind = d.kind;
    if (!acts.length) {
      box.append(h("p", { class: "prompt waiting", text: t("game.waiting", { seat: d.label, prompt: promptText(d) }) }));
    } else {
      box.append(h("p", { class: "prompt mine", id: "prompt" }, h("strong", { text: `${t("game.your_turn")}: ` }),
        promptText(d), d.rule ? h("span", { class: "rule", text: ` (${d.rule})` }) : null));
      box.append(h("p", { class: "hint", i18n: "game.board_hint" }));
      if (acts.length > 8) {
        box.append(h("input", { type: "search", id: "action-filter", placeholder: t("game.filter"), value: this.filter,
          oninput: (e) => { this.filter = e.target.value.toLowerCase(); this.filterActions(); } }));
      }
      const list = h("div", { class: "actions", id: "actions" });
      for (const a of acts) {
        list.append(h("button", { type: "button", class: `action-btn verb-${a.verb}`, "data-action": a.action,
          title: a.action, onclick: () => this.send("action", a.action), text: this.label(a.action) }));
      }
      box.append(list);
      this.filterActions();
    }
    if (this.state.can_undo) {
      box.append(h("button", { type: "button", id: "undo", class: "undo", onclick: () => this.send("undo"), i18n: "game.undo" }));
    }
    this.markReady();
  }

  filterActions() {
    const f = this.filter;
    for (const b of this.root.querySelectorAll("#actions .action-btn")) {
      b.hidden = Boolean(f) && !(b.textContent.toLowerCase().includes(f) || b.dataset.action.includes(f));
    }
  }

  renderMine() {
    const box = this.root.querySelector("#mine");
    box.textContent = "";
    const v = this.state.view || {};
    if (isAot(v)) {
      renderAotSide(box, v, { onCard: (card, ev) => this.choose(this.actions().filter((a) => a.words[1] === card), ev) });
      return;
    }
    const me = (v.players || []).find((p) => p.seat === v.seat);
    if (!me) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    box.append(h("h3", { i18n: "game.your_cards" }));
    const chip = (card, extra = "") => {
      const playable = this.actionsForCard(card).length > 0;
      const engaged = (me.engaged || []).includes(card);
      return h("button", { type: "button", class: `card${playable ? " playable" : ""}${engaged ? " engaged" : ""} ${extra}`,
        "data-card": card, title: card, disabled: !playable,
        onclick: (ev) => this.choose(this.actionsForCard(card), ev), text: cardName(card) });
    };
    if (me.character) {
      box.append(h("div", { class: "slot" }, h("span", { class: "slot-name", i18n: "game.character" }),
        chip(me.character, "character"), h("span", { class: "armor", text: t("game.armor", { n: me.armor }) })));
    }
    box.append(h("div", { class: "slot", id: "vehicle" }, h("span", { class: "slot-name", i18n: "game.vehicle" }),
      me.vehicle ? chip(me.vehicle, "vehicle") : h("span", { class: "empty", i18n: "game.none" })));
    box.append(h("div", { class: "slot", id: "cargo" }, h("span", { class: "slot-name", i18n: "game.cargo" }),
      ...(me.cargo.length ? me.cargo.map((c) => chip(c, "cargo")) : [h("span", { class: "empty", i18n: "game.none" })])));
    const hand = me.hand || [];
    box.append(h("div", { class: "slot", id: "hand" },
      h("span", { class: "slot-name", text: t("game.hand", { n: hand.length, limit: me.hand_limit ?? "–" }) }),
      ...(hand.length ? hand.map((c) => chip(c, "hand")) : [h("span", { class: "empty", i18n: "game.none" })])));
  }

  renderPlayers() {
    const box = this.root.querySelector("#players");
    if (!box || !this.state) return;
    box.textContent = "";
    const v = this.state.view || {};
    const seats = this.state.seats || [];
    const current = this.state.decision ? this.state.decision.label : null;
    seats.forEach((s, i) => {
      const p = (v.players || []).find((x) => x.seat === s.seat) || {};
      const who = s.kind === "bot" ? `🤖 ${s.bot}` : s.taken ? seatText(s) : `${s.label} — ${t("seat.free")}`;
      const row = h("div", { class: `player-row${current === s.label ? " current" : ""}${this.state.you === i ? " you" : ""}`,
        "data-seat": s.label },
        h("span", { class: "dot", style: `background:${dotColour(v, i)}` }),
        h("strong", { text: s.kind === "bot" ? `${s.label} ${who}` : who }),
        this.state.you === i ? h("em", { text: ` (${t("seat.you")})` }) : null,
        s.kind === "human" && s.taken ? h("span", { class: `online ${s.online ? "on" : "off"}`, title: t(s.online ? "seat.online" : "seat.offline"), text: "●" }) : null);
      const facts = [];
      if (p.character) facts.push(charName(p.character));
      if (p.status) facts.push(t(`game.status.${p.status}`));
      if (p.status === "active") facts.push(p.hex || t("game.offboard"));
      if (p.vehicle) facts.push(cardName(p.vehicle));
      if (p.cargo && p.cargo.length) facts.push(p.cargo.map(cardName).join(", "));
      if (p.hand_size !== undefined) facts.push(t("game.hand_size", { n: p.hand_size }));
      if (s.clock !== null && s.clock !== undefined) facts.push(`⏱ ${Math.round(s.clock)}s`);
      row.append(h("div", { class: "facts", text: facts.join(" · ") }));
      box.append(row);
    });
    const tokens = Object.entries(v.tokens || {});
    if (tokens.length) {
      box.append(h("div", { class: "facts tokens", text: tokens.map(([hex, tok]) => `${hex}: ${tokenName(tok)}`).join("; ") }));
    }
  }
}
