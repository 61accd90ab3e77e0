// A game being played: the board, the seat's own things, the decision, the log; live over
// the WebSocket. Everything particular to a game comes from its board module (boards.js).
import { t, useGame, errorText } from "./i18n.js";
import { api, seatFor, forgetSeat, rememberSeat, socketUrl } from "./api.js";
import { loadBoard } from "./boards.js";
import * as generic from "./generic.js";
import { h, seatText, botMark, botName } from "./dom.js";
import { toast } from "./app.js";
import { actionList, autoTies, autoTiesSwitch, boardNote, confirmAction, dangerReason } from "./decision.js";
import { learnAction, learnFields, valuesOf } from "./fields.js";
import { watchRules } from "./rules.js";
import { BoardView, COORDS_KEY, LEGEND_KEY, boardTools, shown } from "./viewport.js";

const ANIM_KEY = "wasteland.anim";
const ANIM_MS = { off: 0, fast: 140, slow: 450 };
const LOG_LIMIT = 400;
/** The log is asked for three times, after these pauses (ms) between, before the page says it is missing. */
const LOG_RETRIES = [400, 1200, 0];

/** The spot an action starts from: the one its mark names (``from``, for a piece the action
 *  names by id, as "step ghoul#1 crater"), else the first marked spot its fields name. */
export function sourceOf(action, marks) {
  for (const m of marks.values()) if (m.from && m.from[action] !== undefined) return m.from[action];
  return valuesOf(action).find((w) => marks.has(w));
}

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
    this.board = null; // the drawn board's handle (BoardView.draw's answer)
    this.boardView = new BoardView(); // the view of the board the person chose, kept across updates
    this.lastStep = null; // the last move shown: brought into view and highlighted
    this.game = generic; // the game's board module, generic until it is loaded
    this.marks = new Map();
    this.filter = "";
  }

  // -- life cycle --------------------------------------------------------------------

  async start() {
    this.onKey = (e) => {
      if (e.key !== "Escape") return;
      if (document.getElementById("chooser")) { this.closeChooser(); this.refocus(true); } else if (this.selected) this.select(null);
    };
    document.addEventListener("keydown", this.onKey);
    this.onScroll = () => this.holdDecision();
    window.addEventListener("scroll", this.onScroll, { passive: true });
    window.addEventListener("resize", this.onScroll);
    this.layout();
    this.status("game.connecting");
    try {
      const out = await api("GET", `/api/games/${this.id}`, undefined, this.token);
      this.summary = out.game;
      this.game = await loadBoard(out.game.game);
      if (this.closed) return;
      useGame(out.game.game);
      watchRules(this.root, out.game.game); // every anchor shown gets its rule's words (rules.js)
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
    // the history is loaded even when drawing the state failed: an empty log is never shown
    // in silence (once, after a reload, the log was empty)
    await this.loadLog();
    if (this.closed) return;
    this.connect();
  }

  /** The game's whole log, from the server, as this seat may see it (a reload, a returning
   *  player, a spectator and a late joiner read the history the others watched live). */
  async loadLog() {
    let out = null;
    for (const wait of LOG_RETRIES) {
      try {
        out = await api("GET", `/api/games/${this.id}/log`, undefined, this.token);
        break;
      } catch (e) {
        if (e.code === "unknown_game" || this.closed) break;
        await new Promise((done) => setTimeout(done, wait));
      }
    }
    if (!out) {
      // said in the log's place: the history is missing, not empty; the page still plays
      this.logIndex = 0;
      this.logFailed = true;
      const ol = this.root.querySelector("#log");
      if (ol) ol.prepend(h("li", { class: "note log-failed", i18n: "game.log_failed" }));
      return;
    }
    try {
      const entries = [];
      for (const step of out.log || []) {
        if (step.action !== null) {
          learnAction(step.action, step.action_fields);
          entries.push({ kind: "action", seat: this.seatLabel(step.action_seat), action: step.action, source: step.source });
        }
        for (const e of step.events || []) entries.push({ kind: "event", event: e });
      }
      this.log = entries.slice(-LOG_LIMIT);
      this.logIndex = out.index; // updates before this index are in the log already
      const ol = this.root.querySelector("#log");
      if (ol) {
        ol.replaceChildren(...this.log.map((entry) => this.logItem(entry)));
        ol.parentElement.scrollTop = ol.parentElement.scrollHeight;
      }
    } catch (e) {
      this.logIndex = 0; // a step the page cannot read: its log then starts now
    }
  }

  destroy() {
    this.closed = true;
    document.removeEventListener("keydown", this.onKey);
    window.removeEventListener("scroll", this.onScroll);
    window.removeEventListener("resize", this.onScroll);
    this.closeChooser();
    if (this.ws) this.ws.close();
    clearTimeout(this.reconnectTimer);
  }

  rerender() {
    this.selected = null; // drawn anew: nothing selected (the list is the board's complement)
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
        learnAction(msg.action, msg.action_fields);
        learnAction(msg.undone, msg.undone_fields);
        this.queue.push(msg);
        this.drain();
        break;
      case "seats":
        if (this.state) {
          this.state.seats = msg.seats;
          this.state.status = msg.status;
          this.renderPlayers();
          this.renderFreeSeats();
        }
        break;
      case "left":
        forgetSeat(this.id);
        this.token = null;
        location.hash = "#/";
        break;
      case "error":
        if (msg.ref !== undefined && msg.ref === this.pending) this.pending = null;
        toast(errorText(msg.code, msg.error, msg.rule));
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
        if (msg.type === "state" && this.samePosition(msg)) {
          // the socket's first state is the position the HTTP answer drew: drawing it again would
          // replace the buttons under a click; only the seats (who is connected) are news
          this.state.seats = msg.seats;
          this.renderPlayers();
          this.renderFreeSeats();
          continue;
        }
        if (msg.type === "update") await this.playEvents(msg);
        else if (msg.type === "undo") this.note("undo", { seat: this.seatLabel(msg.undone_seat), action: msg.undone });
        // without animation a run of updates (a page back from the background, a bot's quick
        // turns) draws its last position only: the ones between are in the log
        this.setState(msg, this.queue.length === 0 || Boolean(ANIM_MS[animSpeed()]));
      }
    } finally {
      this.busy = false;
      this.markReady();
    }
  }

  /** The update's events into the log, one by one; the board animates those it can. */
  async playEvents(msg) {
    const speed = ANIM_MS[animSpeed()];
    const who = this.seatLabel(msg.action_seat);
    if (msg.action_index !== undefined && msg.action_index < (this.logIndex || 0)) return; // in the loaded log
    this.push({ kind: "action", seat: who, action: msg.action, source: msg.source, policy: msg.policy });
    this.lastStep = { action: msg.action, events: msg.events || [] };
    this.announce(`${who}: ${this.label(msg.action)}`);
    for (const e of msg.events || []) {
      this.push({ kind: "event", event: e });
      if (!speed || !this.board || !this.board.animate) continue;
      const moving = this.board.animate(e, speed);
      if (moving) {
        this.root.querySelector("#anim-note").hidden = false;
        // an animation that fails is no reason to stop the game: the position is drawn next
        await Promise.resolve(moving).catch((err) => console.warn("animation skipped", err));
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

  /** Say ``text`` to a screen reader (a polite live region: after what it is reading). */
  announce(text) {
    const region = this.root.querySelector("#announce");
    if (!region) return;
    region.textContent = "";
    // a new node each time: the same words twice (two bots' "end") are read twice
    setTimeout(() => { region.textContent = text; }, 30);
  }

  /** After a move the focus goes back to the decision (not to the page's body, Tab stop 1),
   *  unless the person is somewhere else on purpose. ``force``: a menu just closed. */
  refocus(force = false) {
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (!lost && !force) return;
    const target = this.root.querySelector("#board .vp-focusable") && this.lastFocus === "board"
      ? this.root.querySelector("#board .vp-focusable") : this.root.querySelector("#prompt, #decision h3");
    if (target) {
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
  }

  /** A seat's label ("p1"), as the server names it. */
  seatLabel(seat) {
    const s = this.state && (this.state.seats || [])[seat];
    return s ? s.label : `p${seat + 1}`;
  }

  note(key, params) {
    this.push({ kind: "note", key, params });
  }

  logItem(entry) {
    if (entry.kind === "event") {
      const e = entry.event;
      const words = this.game.eventText(e); // and the rule the event cites, if its words do not (rules.js marks it)
      const cites = e.rule && !String(words && words.textContent !== undefined ? words.textContent : words).includes(e.rule);
      return h("li", { class: `ev ev-${e.type}`, "data-type": e.type }, words,
        cites ? h("span", { class: "rule", text: ` (${e.rule})` }) : null);
    }
    if (entry.kind === "action") {
      const by = entry.source && entry.source !== "human" ? ` (${t(`source.${entry.source}`)})` : "";
      return h("li", { class: `act${entry.policy ? " by-policy" : ""}`, "data-seat": entry.seat },
        h("b", { text: `${entry.seat}${by}: ` }), this.label(entry.action),
        entry.policy ? h("span", { class: "policy-note", "data-policy": entry.policy, text: ` — ${t(entry.policy)}` }) : null);
    }
    if (entry.key === "undo") return h("li", { class: "note" }, `↶ ${entry.params.seat}: ${this.label(entry.params.action)}`);
    return h("li", { class: "note", text: t(entry.key, entry.params) });
  }

  setState(msg, draw = true) {
    const state = { ...msg };
    delete state.type;
    if (!this.state || state.index !== this.state.index) this.selected = null; // a new position: nothing selected
    this.state = state;
    learnFields(state.decision);
    if (draw) this.renderAll();
  }

  /** Is ``msg`` the position already drawn, told again (its seats aside)? */
  samePosition(msg) {
    if (!this.state || msg.index !== this.state.index) return false;
    const position = ({ type, ref, seats, ...rest }) => JSON.stringify(rest);
    return position(msg) === position(this.state);
  }

  // -- sending -----------------------------------------------------------------------

  async send(kind, action) {
    if (!this.state || this.pending !== null || this.busy) return;
    const danger = kind === "action" && action !== undefined ? dangerReason(this.game, action, this.state.view) : null;
    if (danger) {
      const index = this.state.index;
      this.closeChooser();
      if (!(await confirmAction(this.label(action), danger))) return;
      if (!this.state || this.state.index !== index || this.pending !== null || this.busy) return;
    }
    this.post(kind, action === undefined ? {} : { action });
  }

  /** Let the game's documented policy take the pending decision ("decide ties for me"). */
  sendPolicy() {
    if (!this.state || this.pending !== null || this.busy) return;
    this.autoTried = this.state.index;
    this.post("action", { policy: true });
  }

  post(kind, fields) {
    const ref = ++this.ref;
    this.pending = ref;
    this.closeChooser();
    this.markReady();
    const msg = { type: kind, index: this.state.index, ref, ...fields };
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return;
    }
    // no socket: the HTTP route does the same
    const path = kind === "undo" ? "undo" : "actions";
    api("POST", `/api/games/${this.id}/${path}`, { ...fields, index: msg.index }, this.token)
      .then((out) => this.onMessage({ ...out, ref }))
      .catch((e) => this.onMessage({ type: "error", error: e.message, rule: e.rule, code: e.code, ref }));
  }

  /** A friend who opens the game's link comes in watching: each seat still free for a person
   *  is offered right here, as the lobby offers it (no hunt for the game's id in the lobby);
   *  the player who holds a seat is told that this link is the invitation. */
  renderFreeSeats() {
    const box = this.root.querySelector("#take-seat");
    const s = this.state;
    const watching = !this.token && (s.you === null || s.you === undefined);
    const free = s.status !== "over" ? (s.seats || []).filter((x) => x.kind === "human" && !x.taken) : [];
    if (!watching) { // a player whose friends have yet to sit down: the page's link is the invitation
      box.replaceChildren(free.length ? h("span", { id: "invite", class: "invite",
        text: t("game.invite", { seats: free.map((x) => x.label).join(", ") }) }) : "");
      return;
    }
    box.replaceChildren(...free.map((x) => h("button", { type: "button", class: "join primary", "data-seat": x.seat,
      onclick: () => this.join(x.seat), text: t("lobby.join", { seat: seatText(x) }) })));
  }

  async join(seat) {
    try {
      const out = await api("POST", `/api/games/${this.id}/join`, { seat, name: localStorage.getItem("wasteland.name") || undefined });
      rememberSeat(this.id, out.seat, out.token, this.summary ? this.summary.game : undefined);
    } catch (e) {
      toast(errorText(e.code, e.message));
      return;
    }
    // the game's page again, now as that seat (a link that said "watch" says it no more)
    const hash = `#/game/${encodeURIComponent(this.id)}`;
    if (location.hash !== hash) location.hash = hash;
    else window.dispatchEvent(new HashChangeEvent("hashchange"));
  }

  async leave() {
    if (!this.token || !confirm(t("game.leave_confirm"))) return;
    try {
      await api("POST", `/api/games/${this.id}/leave`, {}, this.token);
    } catch (e) {
      toast(errorText(e.code, e.message));
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
        h("span", { id: "take-seat" }),
        h("span", { id: "conn", class: "conn" }),
        h("span", { class: "spacer" }),
        h("label", { class: "anim" }, h("span", { i18n: "game.anim_speed" }), anim),
        h("button", { type: "button", id: "leave", hidden: !this.token, onclick: () => this.leave(), i18n: "game.leave" })),
      h("div", { class: "board-col" },
        h("div", { id: "status-line", class: "status-line" }),
        h("div", { id: "outcome", class: "outcome", hidden: true }),
        h("div", { id: "board", class: `board-box${shown(COORDS_KEY) ? " show-coords" : ""}` }),
        boardTools((key) => this.toggle(key)),
        h("div", { id: "legend", class: "legend card-box", hidden: !shown(LEGEND_KEY) }),
        h("p", { id: "anim-note", class: "anim-note", hidden: true, i18n: "game.animating" }),
        h("div", { id: "announce", class: "visually-hidden", "aria-live": "polite", role: "status" })),
      h("aside", { class: "side" },
        h("section", { id: "decision", class: "decision card-box" }),
        h("section", { id: "mine", class: "mine card-box" }),
        h("section", { class: "players card-box" }, h("h3", { i18n: "game.players" }), h("div", { id: "players" })),
        // the replay's link in the log's head row, beside its title: the log scrolls in its
        // own framed box below, so no line of it runs under the link
        h("section", { class: "log card-box" },
          h("div", { class: "log-head" }, h("h3", { i18n: "game.log" }),
            h("a", { href: `#/replay/${encodeURIComponent(this.id)}`, class: "button step-back", id: "log-replay",
              i18n: "replay.step_back" })),
          h("div", { class: "log-scroll" }, h("ol", { id: "log" })))));
    this.root.append(page);
    const ol = page.querySelector("#log");
    if (this.logFailed) ol.append(h("li", { class: "note log-failed", i18n: "game.log_failed" }));
    for (const entry of this.log) ol.append(this.logItem(entry));
    page.querySelector(".log-scroll").scrollTop = 1e9;
  }

  /** The coordinates or the legend on or off (a setting of the person, kept in the browser). */
  toggle(key) {
    const on = !shown(key);
    localStorage.setItem(key, on ? "1" : "0");
    const button = this.root.querySelector(key === COORDS_KEY ? "#coords-toggle" : "#legend-toggle");
    if (button) button.setAttribute("aria-pressed", String(on));
    if (key === COORDS_KEY) this.root.querySelector("#board").classList.toggle("show-coords", on);
    else this.renderLegend();
  }

  renderLegend() {
    const box = this.root.querySelector("#legend");
    if (!box) return;
    box.hidden = !shown(LEGEND_KEY);
    box.textContent = "";
    if (box.hidden || !this.state) return;
    for (const item of this.game.legend(this.state.view || {}) || []) {
      const sym = h("span", { class: `lg-sym ${item.cls || ""}`, text: item.sym || "" });
      if (item.colour) sym.style.background = item.colour;
      box.append(h("span", { class: "lg-item", "data-legend": item.key || null }, sym, h("span", { text: item.text })));
    }
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
    you.textContent = s.you === null || s.you === undefined ? t("game.spectator") : t("game.you_are", { seat: this.seatLabel(s.you) });
    this.renderFreeSeats();
    this.root.querySelector("#leave").hidden = !this.token || s.status === "over";
    this.renderStatus();
    this.renderBoard();
    this.renderLegend();
    this.renderDecision();
    this.renderMine();
    this.renderPlayers();
    this.markReady();
    this.refocus();
    this.autoDecide();
  }

  /** With "decide ties for me" on, a decision the game's policy takes is sent to it at once
   *  (once per index: a refusal leaves the choice to the player). */
  autoDecide() {
    const d = this.state && this.state.decision;
    if (!d || !d.policy || !this.actions().length || !autoTies(this.summary ? this.summary.game : "")) return;
    if (this.autoTried === this.state.index || this.pending !== null) return;
    if (this.busy || this.queue.length) {
      setTimeout(() => this.autoDecide(), 50);
      return;
    }
    this.sendPolicy();
  }

  renderStatus() {
    const v = this.state.view || {};
    const line = this.root.querySelector("#status-line");
    line.textContent = "";
    for (const part of this.game.statusParts(v) || []) line.append(h("span", { class: part.class || null, text: part.text }));
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
    return d && d.actions ? d.actions : [];
  }

  renderBoard() {
    const v = this.state.view || {};
    const box = this.root.querySelector("#board");
    const all = this.game.boardMarks(this.actions(), v) || new Map();
    this.marks = this.selectionMarks(all, v);
    this.board = this.boardView.draw(box, this.game, v, {
      marks: this.marks, you: v.seat,
      onSpot: (spot, ev) => { this.lastFocus = "board"; this.onSpot(spot, ev); } },
      this.lastStep);
    // each spot says what it offers (the notation, for the page's tests and tools; its words
    // are its name and hover text)
    const spotOf = (e) => e.dataset.hex ?? e.dataset.space ?? e.dataset.zone;
    const focusable = [...box.querySelectorAll(".vp-focusable")].filter((e) => this.marks.has(spotOf(e)));
    for (const e of focusable) e.dataset.actions = this.marks.get(spotOf(e)).actions.join("\n");
    // the actions a spot of the board offers (a Tab stop, the mouse's and the finger's too)
    // are played there, not listed (issue 25); one the board draws but does not offer as a
    // spot (a tile's previews, drawn one at a time) stays in the list. Kept while a piece is
    // selected: its sub-board shows only that piece's.
    if (!this.selected) this.placed = new Set(focusable.flatMap((e) => this.marks.get(spotOf(e)).actions));
  }

  /** The keyboard to the board: its first marked spot (the arrow keys go on from there). */
  toBoard() {
    const first = this.root.querySelector("#board .vp-focusable:not(.selected)");
    if (!first) return;
    this.lastFocus = "board";
    first.focus();
  }

  /**
   * A piece is played by selecting it, then its target: while a piece is selected the board
   * marks only where it may go and what it may hit (an attack on one's own piece, where
   * the rules allow one, marked apart: the page asks before it); the piece itself is marked
   * "selected" and a second click lets it go.
   */
  selectionMarks(marks, view) {
    if (!this.selected || !marks.has(this.selected)) {
      this.selected = null;
      this.inPlace = [];
      for (const m of marks.values()) this.markDanger(m, view);
      return marks;
    }
    // the selected piece's own actions: those that name its spot first ("move A B", "attack A B"),
    // or whose mark says it starts there (a piece the action names by its id), not another piece's move onto it
    const own = marks.get(this.selected).actions.filter((a) => sourceOf(a, marks) === this.selected);
    // what the piece does where it stands (a troop's flip, say): no target to click, so the
    // selection's line offers it beside "cancel" (renderSelection)
    this.inPlace = own.filter((a) => !valuesOf(a).some((w) => w !== this.selected && marks.has(w)));
    const sub = this.game.boardMarks(own, view) || new Map();
    sub.set(this.selected, { classes: ["selected"], actions: [] });
    for (const m of sub.values()) this.markDanger(m, view);
    return sub;
  }

  /** A spot whose every action the page would ask about (an attack on one's own piece) is
   *  drawn apart: class "danger". */
  markDanger(m, view) {
    if (m.actions.length && m.actions.every((a) => dangerReason(this.game, a, view))) m.classes.push("danger");
  }

  /** A click on a spot: a piece with several destinations is selected; the selected piece
   *  let go; anything else played (a menu where one spot offers several actions). */
  onSpot(spot, ev) {
    const m = this.marks.get(spot);
    if (!m) return;
    if (spot === this.selected) {
      this.select(null);
      return;
    }
    if (!this.selected && m.classes.includes("source")) {
      const from = m.actions.filter((a) => sourceOf(a, this.marks) === spot);
      const elsewhere = new Set(from.map((a) => valuesOf(a).filter((w) => w !== spot && this.marks.has(w)).join(" ")));
      if (elsewhere.size > 1) {
        this.select(spot);
        return;
      }
    }
    this.choose(m.actions, ev);
  }

  select(spot) {
    this.selected = spot;
    this.closeChooser();
    this.renderBoard();
    this.renderSelection();
    const first = this.root.querySelector(spot ? "#board .vp-focusable:not(.selected)" : "#board .vp-focusable");
    if (first && this.lastFocus === "board") first.focus({ preventScroll: true });
  }

  /** What is selected, in words, with a way back (also Escape). */
  renderSelection() {
    const box = this.root.querySelector("#decision");
    const old = this.root.querySelector("#selection");
    if (old) old.remove();
    if (!box || !this.selected) return;
    const el = this.root.querySelector(`#board [data-hex="${CSS.escape(this.selected)}"] > title, #board [data-space="${CSS.escape(this.selected)}"] > title, #board [data-zone="${CSS.escape(this.selected)}"] > title`);
    const name = el ? el.textContent.split("\n")[0] : this.selected;
    const prompt = box.querySelector("#prompt");
    const view = this.state && this.state.view;
    const line = h("p", { id: "selection", class: "selection" }, h("span", { text: `${t("game.selected", { what: name })} ` }),
      ...(this.inPlace || []).map((a) => h("button", { type: "button", class: `action-btn in-place${dangerReason(this.game, a, view) ? " danger" : ""}`,
        "data-action": a, onclick: () => { this.lastFocus = "board"; this.send("action", a); }, text: this.label(a) })),
      h("button", { type: "button", id: "unselect", onclick: () => this.select(null), i18n: "game.cancel" }));
    if (prompt) prompt.after(line);
    else box.append(line);
  }

  /** An action in the game's words. */
  label(action) {
    return this.game.actionLabel(action, this.state && this.state.view);
  }

  /** One candidate action: play it; several: a small menu at the click. */
  choose(candidates, ev) {
    if (!candidates || !candidates.length) return;
    if (candidates.length === 1) {
      this.send("action", candidates[0]);
      return;
    }
    this.closeChooser();
    const menu = h("div", { class: "chooser card-box", id: "chooser", role: "dialog", "aria-label": t("game.choose_for") },
      h("p", { i18n: "game.choose_for" }),
      ...candidates.map((a) => h("button", { type: "button", class: "choice", "data-action": a,
        onclick: () => this.send("action", a), text: this.game.actionLabel(a, this.state && this.state.view) })),
      h("button", { type: "button", class: "cancel", onclick: () => { this.closeChooser(); this.refocus(true); }, i18n: "game.cancel" }));
    document.body.append(menu);
    // beside what was clicked, inside the screen (a key's click has no point: the target's box)
    const from = ev && ev.target && ev.target.getBoundingClientRect ? ev.target.getBoundingClientRect() : null;
    const x = ev && ev.clientX ? ev.clientX : from ? from.left + from.width / 2 : 0;
    const y = ev && ev.clientY ? ev.clientY : from ? from.bottom : 0;
    const w = menu.offsetWidth, hgt = menu.offsetHeight;
    const left = Math.max(4, Math.min(x - w / 2, document.documentElement.clientWidth - w - 4));
    const top = y + 8 + hgt > window.innerHeight ? Math.max(4, y - hgt - 8) : y + 8;
    menu.style.left = `${left + window.scrollX}px`;
    menu.style.top = `${top + window.scrollY}px`;
    menu.querySelector(".choice").focus({ preventScroll: true });
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
    const view = this.state.view || {};
    box.append(h("h3", { i18n: "game.decision" }));
    if (!d) {
      box.append(h("p", { class: "prompt", text: t("game.over") }));
      return;
    }
    const acts = this.actions();
    box.dataset.kind = d.kind;
    if (!acts.length) {
      box.append(h("p", { class: "prompt waiting", text: t("game.waiting", { seat: d.label, prompt: this.game.promptText(d, view) }) }));
    } else {
      box.append(h("p", { class: "prompt mine", id: "prompt" }, h("strong", { text: `${t("game.your_turn")}: ` }),
        this.game.promptText(d, view), d.rule ? h("span", { class: "rule", "data-anchor": d.rule, text: ` (${d.rule})` }) : null));
      for (const note of this.game.decisionNotes(d, view) || []) box.append(h("p", { class: "note-why", text: note }));
      if ([...(this.placed || [])].length) box.append(h("p", { class: "hint", i18n: "game.board_hint" }));
      if (d.policy) {
        box.append(h("button", { type: "button", id: "decide-for-me", class: "policy", title: t(d.policy),
          onclick: () => this.sendPolicy(), i18n: "game.decide_for_me" }));
      }
      const placed = this.placed || new Set();
      const onBoard = acts.filter((a) => placed.has(a)).length;
      if (acts.length - onBoard > 8) {
        box.append(h("input", { type: "search", id: "action-filter", placeholder: t("game.filter"), value: this.filter,
          oninput: (e) => { this.filter = e.target.value.toLowerCase(); this.filterActions(); } }));
      }
      // the list holds the actions without a place; the others are the board's (issue 25)
      const note = boardNote(onBoard, () => this.toBoard());
      if (note) box.append(note);
      box.append(actionList(this.game, acts, view, (a) => { this.lastFocus = "list"; this.send("action", a); }, placed));
      this.filterActions();
    }
    if (this.game.spec && this.game.spec.auto_decide && this.state.you !== null && this.state.you !== undefined) {
      box.append(autoTiesSwitch(this.summary.game, (on) => { if (on) this.autoDecide(); }));
    }
    if (this.state.can_undo) {
      box.append(h("button", { type: "button", id: "undo", class: "undo", onclick: () => this.send("undo"), i18n: "game.undo" }));
    }
    this.renderSelection();
    this.bringBoard();
    this.holdDecision();
    this.markReady();
  }

  /** On a phone the decision's panel is held at the screen's top only while the board it asks
   *  about is on the screen: once the person scrolls on past the board (to their cards, the
   *  log, the players) the panel leaves with the board's foot instead of covering what they
   *  read. Its sticky offset goes negative by as much as the board's foot has passed under
   *  it, as if the decision and the board were one box the panel sticks in. */
  holdDecision() {
    const box = this.root.querySelector("#decision");
    const col = this.root.querySelector(".board-col");
    if (!box || !col) return;
    if (!window.matchMedia("(max-width: 700px)").matches) { box.style.top = ""; return; }
    const passed = col.getBoundingClientRect().bottom - box.offsetHeight;
    box.style.top = `${Math.min(0, Math.round(passed))}px`;
  }

  /** On a phone the decision's panel holds the screen's top and the board lies under it: a
   *  new decision of this seat's scrolls the page just enough for the whole board to show
   *  under the question (choosing which raiders act, the raiders were below the fold). */
  bringBoard() {
    const d = this.state && this.state.decision;
    if (!d || !this.actions().length || this.broughtAt === this.state.index) return;
    this.broughtAt = this.state.index;
    if (!window.matchMedia("(max-width: 700px)").matches) return;
    const stage = this.root.querySelector("#board .vp-stage") || this.root.querySelector("#board");
    if (!stage) return;
    const below = stage.getBoundingClientRect().bottom - window.innerHeight;
    if (below > 0) window.scrollBy(0, below);
  }

  filterActions() {
    const f = this.filter;
    for (const b of this.root.querySelectorAll("#actions .action-btn")) {
      b.hidden = Boolean(f) && !(b.textContent.toLowerCase().includes(f) || b.dataset.action.includes(f));
    }
    for (const g of this.root.querySelectorAll("#actions .action-group")) {
      g.hidden = !g.querySelector(".action-btn:not([hidden])");
    }
  }

  renderMine() {
    const box = this.root.querySelector("#mine");
    box.textContent = "";
    box.hidden = false;
    const shown = this.game.renderSide(box, this.state.view || {}, {
      actions: this.actions(), choose: (candidates, ev) => this.choose(candidates, ev) });
    box.hidden = shown === false;
  }

  renderPlayers() {
    const box = this.root.querySelector("#players");
    if (!box || !this.state) return;
    box.textContent = "";
    const v = this.state.view || {};
    const seats = this.state.seats || [];
    const current = this.state.decision ? this.state.decision.label : null;
    seats.forEach((s, i) => {
      const who = s.kind === "bot" ? botName(s.bot) : s.taken ? seatText(s) : `${s.label} — ${t("seat.free")}`;
      const row = h("div", { class: `player-row${current === s.label ? " current" : ""}${this.state.you === i ? " you" : ""}`,
        "data-seat": s.label },
        h("span", { class: "dot", style: `background:${this.game.seatColour(v, i)}` }),
        s.kind === "bot" ? h("strong", {}, `${s.label} `, botMark(), ` ${who}`) : h("strong", { text: who }),
        this.state.you === i ? h("em", { text: ` (${t("seat.you")})` }) : null,
        s.kind === "human" && s.taken ? h("span", { class: `online ${s.online ? "on" : "off"}`, title: t(s.online ? "seat.online" : "seat.offline"), text: "●" }) : null);
      const facts = [...(this.game.playerFacts(v, i) || [])];
      if (s.clock !== null && s.clock !== undefined) facts.push(`⏱ ${Math.round(s.clock)}s`);
      row.append(h("div", { class: "facts", text: facts.join(" · ") }));
      box.append(row);
    });
  }
}
