// The companion page (companion.html): a table playing with the box enters its set-up and
// position, answers chance with what it revealed, and lets the engine run the enemies,
// each step explained with its rule. Everything particular to a game comes from its board
// module and, for corrections by tapping, its companion module (``web.companion`` in the
// spec the server lists). Sessions live on the server (see server/companion.py).
import { LANGS, LANG_NAMES, preferredLang, setLang, lang, onLangChange, has, tIn, useGame, loadGameTexts } from "./i18n.js";
import { api } from "./api.js";
import { serverInfo, specOf, loadBoard } from "./boards.js";
import { h, humanize, moveListeners } from "./dom.js";
import { w, correctionText } from "./companion-i18n.js";
import { chanceAnswer, chancePrompt, outcomeLabel, outcomeWordsOf } from "./chance-words.js";
import { call, Link } from "./companion-link.js";
import { apply as applySettings, settingsBox, keepAwake, say } from "./companion-comfort.js";
import { BoardView } from "./viewport.js";
import { learnAction, learnFields, verbOf } from "./fields.js";

let view = null;

function toast(text, ms = 5000) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (box.hidden = true), ms);
}

/** A game's title in the page's language (its spec's English title as the fallback). */
// The actions that end a player's turn ("end"), or the turn and its phases where a turn has
// several: the table played them with the box and ends them beside the question.
const TURN_ENDS = ["end", "end turn", "end phase"];
/** How a player's own turn ends: its end among the actions, or "end" where a rule holds the end
 *  back until the figure has moved (SL §45: off an occupied start dune first), which the
 *  table enters as where the figure now stands like any turn's result. */
const turnEnd = (d) => TURN_ENDS.find((a) => d.actions.includes(a)) || (d.kind === "turn" && d.seat >= 0 ? "end" : undefined);
/** A question starts with a capital letter in every language, whatever words the game gives it. */
const capitalised = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);
const gameTitle = (spec) => (has("game.title", spec.name) ? tIn(spec.name, "game.title") : spec.title || spec.name);

/** A refusal in the page's language: the rule it breaks (its anchor and the rule's words),
 *  or the field of a step of the wrong form; the server's own words only in English. */
function refusal(e, rules = {}, fieldText = null) {
  const body = e.body || {};
  const parts = [];
  if (e.rule && e.rule !== "notation") parts.push(w("refused_rule", { rule: e.rule }) + (rules[e.rule] ? ` — ${rules[e.rule]}` : ""));
  else if (body.field) parts.push(w("refused_field", { field: fieldText ? fieldText(body.field) : body.field }));
  else if (e.code && has(`refused.${e.code}`)) parts.push(w(`refused.${e.code}`));
  else if (e.code) parts.push(w(e.code === "illegal" ? "refused_illegal" : "refused_other"));
  if (lang() === "en" || !parts.length) parts.push(e.message);
  return w("error", { error: parts.join(": ") });
}

const optLabel = (game, o) => (has(`option.${o.name}`, game) ? tIn(game, `option.${o.name}`) : o.description || humanize(o.name));
const valueLabel = (game, o, v) => (has(`option.${o.name}.${v}`, game) ? tIn(game, `option.${o.name}.${v}`)
  : has(`${o.name}.${v}`, game) ? tIn(game, `${o.name}.${v}`) : humanize(v));

// -- the lobby: saved sessions and a new one -------------------------------------------

class Lobby {
  constructor(root) { this.root = root; }

  async start() {
    const info = await serverInfo();
    const list = (await call("GET", "/api/companion")).sessions; // this browser's own
    const games = info.specs || [];
    await Promise.all(games.map((s) => loadGameTexts(s.name, s.web && s.web.texts).catch(() => null)));
    const pick = h("select", { id: "new-game" }, ...games.map((s) => h("option", { value: s.name, text: gameTitle(s) })));
    this.root.append(
      h("section", { class: "card-box stack" }, h("h2", { text: w("new") }),
        h("label", { class: "row" }, h("span", { text: w("game") }), pick),
        h("button", { type: "button", class: "primary", id: "new-session",
          onclick: () => (location.hash = `#/new/${pick.value}`), text: w("start") })),
      this.joinBox(),
      h("section", { class: "card-box" }, h("h2", { text: w("sessions") }),
        list.length ? h("div", { class: "choices", id: "sessions" }, ...list.map((s) => h("button", {
          type: "button", class: "resume", "data-session": s.id, onclick: () => (location.hash = `#/s/${s.id}`),
          text: `${w("resume")}: ${gameTitle(games.find((g) => g.name === s.game) || { name: s.game, title: s.game })} — `
            + `${s.name || w("unnamed", { when: new Date(s.updated_at * 1000).toLocaleString(lang()) })} (${w("steps", { n: s.steps })})` })))
          : h("p", { text: w("none") })),
      settingsBox());
  }

  /** Another phone's table: its short code, typed (the QR code opens the session itself). */
  joinBox() {
    const input = h("input", { type: "text", id: "join-code", autocomplete: "off", inputmode: "numeric",
      maxlength: 12, "aria-describedby": "join-error" });
    const error = h("p", { class: "error", id: "join-error", role: "alert" });
    const join = async () => {
      error.textContent = "";
      try {
        const out = await call("GET", `/api/companion-code/${encodeURIComponent(input.value.replace(/\D/g, ""))}`);
        location.hash = `#/s/${out.id}`;
      } catch (e) {
        error.textContent = refusal(e);
      }
    };
    return h("form", { class: "card-box stack", id: "join", onsubmit: (e) => { e.preventDefault(); join(); } },
      h("h2", { text: w("join") }), h("label", { class: "row" }, h("span", { text: w("join_code") }), input), error,
      h("button", { type: "submit", id: "join-go", text: w("join_go") }));
  }
}

// -- set-up: the game's options from its spec --------------------------------------------

class Setup {
  constructor(root, game) { this.root = root; this.game = game; }

  async start() {
    const spec = await specOf(this.game);
    if (!spec) { this.root.append(h("p", { text: this.game })); return; }
    await loadBoard(this.game); // the game's strings: its options' words
    useGame(this.game);
    this.spec = spec;
    this.render();
  }

  render() {
    const spec = this.spec, game = this.game;
    const form = h("form", { class: "card-box stack", id: "setup", onsubmit: (e) => { e.preventDefault(); this.create(); } },
      h("h2", { text: gameTitle(spec) }));
    this.fields = [];
    const players = spec.options.find((o) => o.name === "players");
    for (const o of spec.options) {
      if (o.hidden || o.rulebook === false) continue;
      const id = `opt-${o.name}`;
      let input;
      if (o.kind === "int") {
        input = h("select", { id, "data-option": o.name, onchange: () => o.name === "players" && this.seatsChanged() },
          h("option", { value: "", text: `${w("default")}${o.default !== null ? ` (${o.default})` : ""}` }),
          ...range(o.low ?? 0, o.high ?? 6).map((n) => h("option", { value: String(n), text: String(n) })));
        this.fields.push(() => (input.value === "" ? undefined : Number(input.value)));
      } else if (o.kind === "choice") {
        input = h("select", { id, "data-option": o.name }, h("option", { value: "", text: w("default") }),
          ...o.values.map((v) => h("option", { value: v, text: valueLabel(game, o, v) })));
        this.fields.push(() => input.value || undefined);
      } else if (o.kind === "bool") {
        input = h("div", { class: "checks" }, h("label", {}, h("input", { type: "checkbox", id, "data-option": o.name,
          checked: Boolean(o.default) }), h("span", { text: optLabel(game, o) })));
        this.fields.push(() => input.querySelector("input").checked);
      } else if (o.kind === "names") {
        input = h("div", { class: "checks", id, "data-option": o.name }, ...o.values.map((v) => h("label", {},
          h("input", { type: "checkbox", value: v }), h("span", { text: valueLabel(game, o, v) }))));
        this.fields.push(() => [...input.querySelectorAll("input:checked")].map((c) => c.value));
      } else { // seats: one name per seat
        input = h("div", { class: "stack", id, "data-option": o.name });
        this.seatBox = { box: input, option: o };
        this.fields.push(() => {
          const names = [...input.querySelectorAll("select")].map((s) => s.value);
          return names.length && names.every(Boolean) ? names : undefined;
        });
      }
      const names = this.fields.length - 1;
      void names;
      form.append(h("label", { class: "row" }, h("span", { text: optLabel(game, o) }), input));
      this.fields[this.fields.length - 1].option = o;
    }
    this.players = players;
    if ((spec.params || []).length) { // a designer's tuned numbers, kept with the session (issue 31)
      form.append(h("details", { class: "params", id: "params-box" }, h("summary", { text: w("params") }),
        h("p", { class: "hint", text: w("params_hint") }),
        h("textarea", { id: "params", rows: 3, spellcheck: "false", autocomplete: "off", "aria-label": w("params"),
          placeholder: spec.params.slice(0, 2).map((p) => `${p.name} = ${p.default}`).join("\n") }),
        h("ul", { class: "params-list" }, ...spec.params.map((p) => h("li", { "data-param": p.name, title: p.text },
          `${p.name}: ${p.low}–${p.high} (${p.rule})`)))));
    }
    form.append(h("label", { class: "row" }, h("span", { text: w("name") }), h("input", { type: "text", id: "session-name", maxlength: 60 })),
      h("button", { type: "submit", class: "primary", id: "create", text: w("create") }));
    this.root.textContent = "";
    this.root.append(form);
    this.seatsChanged();
  }

  seatsChanged() {
    if (!this.seatBox) return;
    const sel = this.root.querySelector("#opt-players");
    const n = sel && sel.value ? Number(sel.value) : (this.players ? this.players.default || 1 : 1);
    const { box, option } = this.seatBox;
    box.textContent = "";
    for (let i = 0; i < n; i++) {
      box.append(h("select", { "data-seat": String(i), "aria-label": w("seat", { n: i + 1 }) },
        h("option", { value: "", text: `${w("seat", { n: i + 1 })}: ${w("random")}` }),
        ...option.values.map((v) => h("option", { value: v, text: `${w("seat", { n: i + 1 })}: ${valueLabel(this.game, option, v)}` }))));
    }
  }

  async create() {
    const config = {};
    for (const get of this.fields) {
      const v = get();
      if (v !== undefined && !(Array.isArray(v) && !v.length && get.option.kind === "names")) config[get.option.name] = v;
    }
    const body = { game: this.game, config, name: this.root.querySelector("#session-name").value };
    const tuned = this.root.querySelector("#params");
    if (tuned && tuned.value.trim()) body.params = tuned.value;
    try {
      const out = await call("POST", `/api/companion?lang=${lang()}`, body);
      location.hash = `#/s/${out.session.id}`;
    } catch (e) {
      toast(e.code === "bad_params" ? paramsRefusal(this.spec, e) : refusal(e));
    }
  }
}

/** A refused tuned set in the page's language: the parameter, its range and its rule. */
function paramsRefusal(spec, e) {
  const field = (e.body && e.body.field) || "";
  const name = field.startsWith("params.") ? field.slice(7) : null;
  const p = name ? (spec.params || []).find((x) => x.name === name) : null;
  const text = p ? w("params_bad", { name: p.name, low: p.low, high: p.high, rule: p.rule })
    : name ? w("params_unknown", { name, names: (spec.params || []).map((x) => x.name).join(", ") })
      : w("params_unreadable", { error: e.message });
  return w("error", { error: `${w("params")}: ${text}` });
}

/** A join code as it is read aloud: two groups of four digits. */
const spaced = (code) => code.replace(/(\d{4})(?=\d)/g, "$1 ");

const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

// -- a session -----------------------------------------------------------------------------

// Buttons kept across redraws: each button of the page stays the same element when the page
// is drawn again (its attributes, words and handlers the new drawing's), so a tap that lands
// while another phone's step redraws the page reaches it (a tap resolved on a button that is
// then replaced reaches neither). A button is known by its id, else by its place among the
// buttons of the nearest part of the page with an id.
function steadyKey(button) {
  if (button.id) return `#${button.id}`;
  const part = button.parentElement && button.parentElement.closest("[id]");
  if (!part) return null;
  return `${part.id}:${[...part.querySelectorAll("button")].indexOf(button)}`;
}

function steadyButtons(root) {
  const found = new Map();
  for (const button of root.querySelectorAll("#session button")) {
    const key = steadyKey(button);
    if (key !== null) found.set(key, found.has(key) ? null : button); // twice: neither is kept
  }
  return found;
}

function keepButtons(page, kept) {
  for (const fresh of [...page.querySelectorAll("button")]) {
    const key = steadyKey(fresh);
    const old = key !== null ? kept.get(key) : null;
    if (!old) continue;
    kept.delete(key);
    for (const a of [...old.attributes]) if (!fresh.hasAttribute(a.name)) old.removeAttribute(a.name);
    for (const a of [...fresh.attributes]) if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
    old.disabled = fresh.disabled;
    old.replaceChildren(...fresh.childNodes);
    moveListeners(fresh, old);
    fresh.replaceWith(old);
  }
}

class SessionView {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.snap = null;
    this.correcting = false;
    // A player's own turn is entered as its result from the start (the board's taps say where
    // things now stand); "Step by step" plays it action by action instead.
    this.turnResult = true;
    this.pickHex = null; // a correction waiting for the hex it goes to
    this.shown = 0; // events of the last step shown so far (step by step)
    this.events = [];
  }

  async start() {
    try {
      this.snap = await call("GET", `/api/companion/${this.id}?lang=${lang()}`);
      learnFields(this.snap && this.snap.decision);
    } catch (e) {
      this.root.append(h("p", { class: "error", text: e.message }));
      return;
    }
    call("POST", `/api/companion/${this.id}/join`).catch(() => null); // this browser's lobby lists it
    this.link = new Link(this.id, lang(), { onSnapshot: (snap, news) => this.heard(snap, news),
      onLink: () => this.linkStatus() });
    keepAwake(true);
    this.guardPresses();
    this.board = await loadBoard(this.snap.session.game);
    useGame(this.snap.session.game);
    const spec = await specOf(this.snap.session.game);
    this.spec = spec;
    this.edits = {};
    const url = spec && spec.web && spec.web.companion;
    if (url) {
      try { this.edits = await import(url); } catch (e) { console.warn("no companion module", e); }
    }
    await this.loadTexts();
    this.ctx = { name: (id) => this.outcomeLabel(id).name, view: this.snap.view }; // for the game's module
    const last = this.snap.log[this.snap.log.length - 1];
    this.events = last ? last.events : this.snap.setup;
    this.shown = this.events.length;
    this.render();
    this.link.listen();
    this.link.flush(); // taps a dropped connection kept from the last visit
  }

  close() {
    if (this.link) this.link.close();
    if (this.boardSeen) this.boardSeen.disconnect();
    keepAwake(false);
    if (this.unguard) this.unguard();
  }

  /** No tap is lost to a redraw: a press that lands on a button and is released on the
   *  button drawn in its place (another phone's step arriving in between) is a click on
   *  neither, so the page holds its redraws from a finger's press to its click (or its
   *  cancel), then draws once, the latest position. */
  guardPresses() {
    const press = () => { this.pressing = true; clearTimeout(this.pressTimer); };
    const release = (later) => {
      clearTimeout(this.pressTimer);
      // the click follows the release (a touch's a little later): draw after it, and at the
      // latest soon after a release no click follows (a press dragged off the button)
      this.pressTimer = setTimeout(() => {
        this.pressing = false;
        if (this.held) { this.held = false; this.render(); }
      }, later);
    };
    // The click itself: drawn at once, before the button's own handler (the button kept,
    // keepButtons, with the new drawing's handler), so what the tap does is seen at once.
    const clicked = () => {
      clearTimeout(this.pressTimer);
      this.pressing = false;
      if (this.held) { this.held = false; this.render(); }
    };
    const handlers = { pointerdown: press, pointerup: () => release(400), pointercancel: () => release(0), click: clicked };
    for (const [type, fn] of Object.entries(handlers)) document.addEventListener(type, fn, true);
    this.unguard = () => {
      for (const [type, fn] of Object.entries(handlers)) document.removeEventListener(type, fn, true);
      clearTimeout(this.pressTimer);
    };
  }

  /** Where the session stands by another phone's tap (or this one's, sent again after a
   *  drop): taken unless this page shows it already. */
  heard(snap, news) {
    if (!this.newer(snap)) return;
    this.take(snap, news);
    this.render();
  }

  /** Whether ``snap`` shows a later position than the page's: the server's time of the
   *  session's last change (a step or an undo) orders them, whichever came first here,
   *  the socket's news or this page's own answer. */
  newer(snap) {
    const mark = (x) => `${x.index}:${x.log.length ? x.log[x.log.length - 1].at : 0}`;
    if (!this.snap) return true;
    return snap.session.updated_at > this.snap.session.updated_at
      || (snap.session.updated_at === this.snap.session.updated_at && mark(snap) !== mark(this.snap));
  }

  take(snap, news) {
    this.snap = snap;
    learnFields(snap && snap.decision);
    if (news.undone) {
      const last = snap.log[snap.log.length - 1];
      this.events = last ? last.events : snap.setup;
      if (news.by !== (this.link && this.link.client)) toast(w("step_undone", { step: this.stepWords(news.undone) }), 2500);
    } else if (this.running) {
      this.events = this.events.concat(news.events || []);
    } else {
      this.events = news.events || [];
      if (news.by !== (this.link && this.link.client)) say(this.events.map((e) => this.eventWords(e)));
    }
    this.shown = this.events.length;
  }

  linkStatus() {
    const bar = this.root.querySelector("#link-status");
    if (!bar) return;
    bar.hidden = this.link.up;
    bar.textContent = this.link.up ? "" : w("offline", { n: this.link.pending });
  }

  rerender() { if (this.snap) this.loadTexts().then(() => this.render()); }

  /** The words of the game's components (GET /api/texts), so that a chance outcome reads
   *  as the card the table holds ("Damage card 1-1: round 1, spawns at B...") rather than
   *  its id; a game without them shows the ids. */
  async loadTexts() {
    this.ruleWords = {};
    try { // every rule's words, for refusals that name a rule the snapshot does not list
      const out = await api("GET", `/api/games/${this.snap.session.game}/rules/${lang()}`);
      for (const [anchor, r] of Object.entries(out.rules || {})) this.ruleWords[anchor] = r.title || r.text || "";
    } catch {
      // no rules reference: refusals show the anchor alone
    }
    this.outcomeWords = await outcomeWordsOf(this.snap.session.game);
  }

  /** A step in words, as the log says it (a correction by its kind alone). */
  stepWords(notation) {
    if (/^edit( |$)/.test(notation)) return w("corrected");
    if (/^chance /.test(notation)) return this.chanceLabel(notation);
    // a step entered as its result: each of its actions (companion_session.BATCH)
    return String(notation ?? "").split(";").map((a) => this.board.actionLabel(a.trim())).join("; ");
  }

  /** A chance answer in words: the faces rolled, the component's name, or the printed values
   *  the table entered. */
  chanceLabel(action) {
    return chanceAnswer(action, { board: this.board, edits: this.edits, words: this.outcomeWords });
  }

  outcomeLabel(action) {
    return outcomeLabel(this.outcomeWords, action);
  }

  /** A tap: numbered and queued by the link (a dropped connection keeps it and sends it
   *  again), answered in the order the server took the table's taps. */
  async send(path, body) {
    this.busy = (this.busy || 0) + 1; // taps made meanwhile queue behind it, in order
    this.sent = (this.sent || 0) + 1;
    this.mark();
    const { played, ...sent } = body; // ("played": this page's own note, not the server's)
    const answer = await this.link.tap(path, { ...sent, index: this.snap.index });
    this.busy -= 1;
    this.answers = (this.answers || 0) + 1;
    if (answer.out && !this.newer(answer.out)) {
      // the socket brought a later position already
    } else if (answer.out) {
      const out = answer.out;
      if (path === "undo") {
        toast(w("step_undone", { step: this.stepWords(out.undone) }), 2500);
        this.take(out, { undone: out.undone, by: this.link.client });
      } else {
        this.take(out, { events: out.events || [], by: this.link.client });
        if (!this.running) say(this.events.map((e) => this.eventWords(e)));
      }
    } else {
      const e = answer.error;
      if (e.code === "stale" || e.code === "duplicate") { // another phone's tap came first: its position
        toast(w("other_first"), 5000);
        await this.link.refresh();
      } else if (this.customDraft && /^chance custom /.test(body.step || "")) {
        this.customDraft.error = refusal(e, { ...this.ruleWords, ...(this.snap.rules || {}) }, this.edits.fieldText);
      } else {
        toast(refusal(e, { ...this.ruleWords, ...(this.snap.rules || {}) }, this.edits.fieldText), 8000);
      }
    }
    if (answer.out) this.customDraft = null;
    this.render();
    // "Run the enemies" goes on after the card or die the table revealed, until the table's
    // own choice (or the end): one tap runs the whole automated part, every draw asked
    // A turn the table ended on this phone as played ("Turn played: end it"): the automated
    // part that follows runs at once (the actions one by one leave it to "Run" or each tap).
    const d = this.snap.decision;
    if (answer.out && played) this.runningOn = true;
    // an undo, a correction, a choice of the table's own: the run stops there
    if (!this.running && (path !== "steps" || !(played || /^chance /.test(sent.step || "")))) this.runningOn = false;
    if (this.runningOn && !this.running && !this.busy && answer.out) {
      if (d && !d.chance && d.policy) await this.run(!played);
      else if (!d || !d.chance) this.runningOn = false;
    }
  }

  step(text) { return this.send("steps", { step: text }); }

  /** "Run the enemies for us": "decide" again and again while the game's policy covers the
   *  choice; it stops where the table must answer (a chance point, a choice of its own). */
  async run(goingOn = false) {
    this.running = true;
    this.runningOn = true; // goes on after each card or die the table reveals, to its own choice
    if (!goingOn) { this.events = []; this.shown = 0; }
    try {
      for (let n = 0; n < 200; n++) {
        const d = this.snap.decision;
        if (!d || d.chance || !d.policy) break;
        const before = this.snap.index;
        await this.send("steps", { step: "decide" });
        if (this.snap.index === before) break; // refused: the toast says why
      }
    } finally {
      this.running = false;
      const d = this.snap.decision;
      if (!d || !d.chance) this.runningOn = false; // stopped at the table's own choice
    }
    this.shown = this.events.length;
    this.render();
  }

  ruleText(anchor) { return (this.snap.rules || {})[anchor] || this.ruleWords[anchor] || ""; }

  /** The rule of the question: its anchor, its words on a tap (read once, not every time). */
  rule(anchor) {
    if (!anchor) return null;
    const text = (this.snap.rules || {})[anchor];
    if (!text) return h("span", { class: "rule", "data-rule": anchor }, h("b", { text: anchor }));
    return h("details", { class: "rule", "data-rule": anchor }, h("summary", {}, h("b", { text: anchor })), h("span", { text }));
  }

  mark() {
    const page = this.root.querySelector("#session");
    if (page) {
      page.dataset.ready = this.busy || this.running ? "0" : "1";
      page.dataset.sent = String(this.sent || 0); // taps this page sent
      page.dataset.answered = String(this.answers || 0); // ... and the server answered
    }
  }

  render() {
    if (this.pressing) { // drawn after the click (guardPresses); meanwhile the page is not ready
      this.held = true;
      const page = this.root.querySelector("#session");
      if (page) page.dataset.ready = "0";
      return;
    }
    const s = this.snap, b = this.board;
    if (this.ctx) this.ctx.view = s.view;
    const kept = steadyButtons(this.root);
    this.root.textContent = "";
    const page = h("section", { id: "session", "data-index": String(s.index), "data-kind": s.decision ? s.decision.kind : "over" });
    page.append(h("div", { class: "bar" },
      h("a", { href: "#/", class: "button", text: w("lobby") }),
      h("strong", { text: s.session.name || (this.spec ? gameTitle(this.spec) : s.session.title) }),
      h("span", { class: "spacer" }),
      s.session.code ? h("button", { type: "button", class: "code-chip", id: "code-chip", "aria-label": `${w("share")}: ${s.session.code}`,
        onclick: () => { const box = this.root.querySelector("#share"); box.open = true; box.scrollIntoView({ block: "start" }); },
        text: spaced(s.session.code) }) : null,
      h("span", { id: "step-count", text: w("steps", { n: s.index }) }),
      h("button", { type: "button", id: "undo", disabled: !s.can_undo, onclick: () => this.send("undo", {}), text: w("undo") })));
    page.append(h("p", { id: "link-status", class: "link-status", role: "status", hidden: true }));
    const status = h("div", { class: "status-line" });
    for (const part of b.statusParts(s.view) || []) status.append(h("span", { class: part.class || null, text: part.text }), " ");
    page.append(status);
    // Read once, in the order a table needs it: the question (or the automated step) first,
    // then what happened as one line a step, then the board.
    // a box that scrolls is reachable by keyboard too (tabindex), and named
    const boardBox = h("div", { class: "board-box card-box", id: "board", tabindex: "0", role: "region", "aria-label": w("board") });
    // A turn being entered as its result: the board right under the question, the figure
    // and where it now stands in reach without a swipe; what happened after it.
    // On a phone, a question whose answers are spots on the map (where a figure enters, where
    // troops start, where the enemies go) has the board under it too, not one tap away (a
    // wide screen's page keeps its order).
    const onBoard = window.matchMedia("(max-width: 700px)").matches && this.asksOnBoard();
    if (this.enteringResult() || onBoard) page.append(this.decisionBox(), boardBox, this.explainBox());
    else page.append(this.decisionBox(), this.explainBox(), boardBox);
    page.classList.toggle("asks-on-board", onBoard);
    page.append(this.correctBox(), this.logBox(), this.shareBox(), settingsBox(), this.exportBox());
    keepButtons(page, kept);
    this.root.append(page);
    this.drawBoard(boardBox);
    // Entering a turn's result, the board comes into view (its figure and where it went in
    // reach, the turn's end fixed at the screen's foot); the turn ended, the next question.
    const entering = this.enteringResult();
    page.classList.toggle("entering", entering);
    if (entering !== Boolean(this.wasEntering)) {
      if (entering) boardBox.scrollIntoView({ block: "start" });
      else window.scrollTo(0, 0);
    }
    this.wasEntering = entering;
    if (onBoard && !entering) this.bringBoard(page, boardBox);
    this.boardInReach(page, boardBox, entering);
    this.linkStatus();
    this.mark();
  }

  /** The board one tap away: a card's or a die's question, with what happened, can fill
   *  several screens above the board; while the board is out of view a button at the
   *  screen's foot brings it up (entering a turn's result, the board is under the question). */
  boardInReach(page, boardBox, entering) {
    if (this.boardSeen) this.boardSeen.disconnect();
    if (entering || typeof IntersectionObserver === "undefined") return;
    const jump = h("button", { type: "button", id: "to-board", class: "to-board", hidden: true,
      onclick: () => boardBox.scrollIntoView({ block: "start" }), text: `↓ ${w("board")}` });
    page.append(jump);
    this.boardSeen = new IntersectionObserver(([seen]) => { jump.hidden = seen.intersectionRatio >= 0.25; },
      { threshold: [0, 0.25, 0.5] });
    this.boardSeen.observe(boardBox);
  }

  /** Does the question offer spots on the board (its answers are places on the map)? */
  asksOnBoard() {
    const d = this.snap.decision;
    if (!d || this.correcting || this.enteringResult()) return false;
    const marks = this.board.boardMarks(d.actions, this.snap.view) || new Map();
    return [...marks.values()].some((m) => m.actions && m.actions.length);
  }

  /** A new question about places on the board: the page scrolls just enough for the board's
   *  foot to show under it, never so far that the question's own top leaves the screen. */
  bringBoard(page, boardBox) {
    if (this.broughtAt === this.snap.index) return;
    this.broughtAt = this.snap.index;
    const question = page.querySelector("#decision");
    const below = boardBox.getBoundingClientRect().bottom - window.innerHeight;
    const room = question ? question.getBoundingClientRect().top : 0;
    const by = Math.min(below, room);
    if (by > 0) window.scrollBy(0, by);
  }

  /** Is a player's own turn being entered as its result ("Where things stand now" open)? */
  enteringResult() {
    const d = this.snap.decision;
    return Boolean(this.turnResult && this.snap.can_edit && d && !d.chance && !d.policy && turnEnd(d));
  }

  /** Other phones at the table: the session's short code and its link as a QR code. */
  shareBox() {
    const s = this.snap;
    if (!s.session.code) return null;
    const link = `${location.origin}/companion.html#/s/${encodeURIComponent(this.id)}`;
    return h("details", { class: "card-box fold", id: "share" }, h("summary", { class: "button", text: w("share") }),
      h("p", { class: "join-code", id: "share-code", text: w("share_code", { code: spaced(s.session.code) }) }),
      h("img", { id: "share-qr", class: "qr", src: `/api/companion/${encodeURIComponent(this.id)}/qr.svg`, width: 240, height: 240,
        alt: w("share_qr", { code: s.session.code }) }),
      h("p", { class: "policy", text: w("share_hint") }),
      h("a", { href: link, id: "share-link", class: "share-link", text: w("share_link") }));
  }

  drawBoard(box) {
    const s = this.snap, b = this.board;
    const d = s.decision;
    let marks;
    if (this.correcting || this.enteringResult()) {
      marks = new Map();
      // every spot a tap may correct: the game's companion module says which (a map of
      // spaces or zones), else the board's hexes
      const spots = this.edits.spots ? this.edits.spots(s.view) : (s.view.hexes || []).map((cell) => cell.hex);
      for (const spot of spots) marks.set(spot, { classes: ["pick"], actions: [] });
    } else {
      marks = b.boardMarks(d ? d.actions : [], s.view) || new Map();
    }
    // the shared board component (viewport.js): fitted to the play, zoom and pan kept across
    // updates, the automated step being shown brought into view
    this.boardView = this.boardView || new BoardView();
    const step = { events: (this.events || []).slice(0, this.shown || 0).slice(-1) };
    this.drawn = this.boardView.draw(box, b, s.view, { marks, you: s.view.seat,
      onSpot: (hex, ev) => (this.correcting || this.enteringResult() ? this.tapToCorrect(hex) : this.choose((marks.get(hex) || { actions: [] }).actions, ev)) }, step);
    // a map drawn as an image without a name gets the page's (a screen reader says what it is)
    for (const svg of box.querySelectorAll("svg[role='img']:not([aria-label]):not([aria-labelledby])")) {
      if (!svg.querySelector(":scope > title")) svg.setAttribute("aria-label", w("board"));
    }
  }

  choose(actions) {
    if (!actions || !actions.length) return;
    if (actions.length === 1) { this.step(actions[0]); return; }
    this.menu(actions.map((a) => ({ label: this.board.actionLabel(a), step: a })));
  }

  /** A list of choices under the board (a hex with several actions, or its corrections). */
  menu(entries, title = "") {
    const old = this.root.querySelector("#hex-menu");
    if (old) old.remove();
    const box = h("div", { class: "card-box choices", id: "hex-menu" }, title ? h("h3", { text: title }) : null,
      ...entries.map((e) => h("button", { type: "button", class: "menu-choice", "data-step": e.step || "", "data-menu": e.entries ? "1" : null,
        onclick: () => {
          box.remove();
          if (e.entries) this.menu(e.entries, e.label);
          else if (e.pickHex) { this.pickHex = e.pickHex; toast(w("pick_hex"), 3000); } else this.step(e.step);
        }, text: e.label })),
      h("button", { type: "button", class: "cancel", onclick: () => box.remove(), text: w("cancel") }));
    this.root.querySelector("#board").after(box);
    box.scrollIntoView({ block: "nearest" });
  }

  tapToCorrect(hex) {
    if (this.pickHex) {
      const make = this.pickHex;
      this.pickHex = null;
      this.step(make(hex));
      return;
    }
    const entries = this.edits.hexEdits ? this.edits.hexEdits(this.snap.view, hex) : [];
    // A player's own turn entered as its result: a tap on the deciding seat's figure takes
    // it straight to where it now stands (the next tap), no list between.
    const d = this.snap.decision;
    // (with "Correct the position" open, every tap lists all that a spot may change instead)
    const mine = this.enteringResult() && !this.correcting ? entries.filter((e) => e.mover === d.seat) : [];
    const own = mine.filter((e) => e.pickHex);
    // ... and a tap on any other spot, where the deciding seat's one figure now stands
    const there = mine.filter((e) => e.step);
    if (!own.length && there.length === 1) {
      this.step(there[0].step);
      return;
    }
    if (own.length === 1) {
      this.pickHex = own[0].pickHex;
      this.root.querySelectorAll("#board .vp-picked").forEach((e) => e.classList.remove("vp-picked"));
      for (const e of this.root.querySelectorAll(`#board [data-hex="${CSS.escape(hex)}"], #board [data-space="${CSS.escape(hex)}"], #board [data-zone="${CSS.escape(hex)}"]`)) e.classList.add("vp-picked");
      toast(w("pick_hex"), 3000);
      return;
    }
    // the spot by the game's name for it (a space, a zone), else as a hex
    const title = this.edits.spotTitle ? this.edits.spotTitle(this.snap.view, hex) : null;
    this.menu(entries, title || w("hex", { hex }));
  }

  decisionBox() {
    const s = this.snap, d = s.decision, b = this.board;
    const box = h("section", { class: "card-box", id: "decision" });
    if (!d) {
      const o = s.outcome || {};
      box.append(h("h2", { text: w("over") }), h("p", { text: `${(o.labels || []).length ? w("winners", { list: o.labels.join(", ") }) : ""} ${o.reason || ""}` }));
      return box;
    }
    box.dataset.kind = d.kind;
    box.append(h("h3", { text: w("decides", { who: d.chance ? w("table") : d.label }) }));
    if (!d.chance) box.append(h("p", { class: "prompt", id: "prompt", text: capitalised(b.promptText(d)) }));
    if (d.rule) box.append(this.rule(d.rule));
    if (d.chance) {
      const c = s.chance || {};
      // what to reveal in the game's words ("Reveal the pickup's damage card"), else the engine's
      box.append(h("p", { id: "chance-what", text: chancePrompt(d, { ...s.view, chance: s.chance || (s.view || {}).chance }, { board: b, edits: this.edits }) }));
      const outcomes = d.actions.filter((a) => !a.startsWith("chance custom"));
      if (d.roll > 1 && outcomes.length <= 12) { // dice rolled together: one screen (the roll says how to enter them)
        box.append(this.rollBox(outcomes, d.roll));
        return box;
      }
      box.append(h("p", { text: w("pick") }));
      if (outcomes.length > 12) {
        const sel = h("select", { id: "chance-pick", "aria-label": w("pick") }, ...outcomes.map((a) => h("option", { value: a, text: this.outcomeLabel(a).name })));
        box.append(sel, h("button", { type: "button", class: "primary", id: "chance-go", onclick: () => this.step(sel.value), text: w("edit_go") }));
      } else {
        box.append(h("div", { class: "choices" }, ...outcomes.map((a) => {
          const words = this.outcomeLabel(a);
          return h("button", { type: "button", class: "action-btn chance", "data-action": a, onclick: () => this.step(a) },
            h("strong", { text: words.name }), words.text ? h("span", { class: "outcome-text", text: words.text }) : null);
        })));
      }
      if (c.custom) box.append(this.customBox(c.custom));
      return box;
    }
    // A player's own turn, played with the box: the table says where things now stand
    // (a figure tapped, then its hex; cards, armor, crew, health in the corrections) and
    // ends the turn; no step-by-step replay of what it already played.
    // A turn of several phases (LO-7: tactical, then economic) ends one phase at a time.
    const ending = turnEnd(d);
    if (ending && !d.policy && this.snap.can_edit) {
      box.append(h("div", { class: "bar turn-result", id: "turn-result" },
        this.adjusting && this.enteringResult() ? this.adjustSheet() : null,
        h("button", { type: "button", id: "turn-correct", class: this.turnResult ? "" : "primary", "aria-pressed": String(this.turnResult),
          onclick: () => { this.turnResult = !this.turnResult; this.correcting = false; this.pickHex = null; this.render(); },
          text: this.turnResult ? w("step_by_step") : w("turn_correct") }),
        this.adjustEdits().length ? h("button", { type: "button", id: "turn-adjust", "aria-expanded": String(Boolean(this.adjusting)),
          "aria-controls": "adjust-sheet", class: this.adjusting ? "primary" : "",
          onclick: () => { this.adjusting = !this.adjusting; this.adjustMenu = null; this.render(); }, text: w("adjust") }) : null,
        h("button", { type: "button", class: "primary", id: "turn-end", "data-end": ending,
          onclick: () => { this.adjusting = false; this.adjustMenu = null; this.send("steps", { step: ending, played: true }); },
          text: w(ending === "end phase" ? "phase_end" : "turn_end") })));
    }
    if (d.policy) {
      box.append(h("button", { type: "button", class: "primary", id: "decide", onclick: () => this.step("decide"), text: w("decide") }),
        h("p", { class: "policy", id: "policy", text: w("policy", { text: d.policy.text }) }),
        h("button", { type: "button", id: "run", onclick: () => this.run(), text: w("run") }),
        h("p", { class: "policy", text: w("run_hint") }));
    }
    // A choice among very many actions of one form (a fight's result: health, radiation,
    // defeated) the game's companion module may offer as a few fields; the list then folds.
    const form = this.edits.actionForm ? this.edits.actionForm(d, s.view) : null;
    if (form) box.append(this.formBox(form));
    // Long lists fold by verb (the board offers the same by a tap), so the choice fits a phone.
    const button = (a) => h("button", { type: "button", class: "action-btn", "data-action": a,
      onclick: () => this.step(a), text: b.actionLabel(a) });
    const byVerb = new Map();
    for (const a of d.actions) {
      const verb = verbOf(a);
      if (!byVerb.has(verb)) byVerb.set(verb, []);
      byVerb.get(verb).push(a);
    }
    const list = h("div", { class: "choices", id: "actions" });
    for (const [verb, acts] of byVerb) {
      if (d.actions.length > 12 && acts.length > 6 && (byVerb.size > 1 || form)) {
        list.append(h("details", { class: "fold", "data-verb": verb },
          h("summary", { class: "button", text: `${b.actionLabel(acts[0])} … (${acts.length})` }),
          h("div", { class: "choices" }, ...acts.map(button))));
      } else list.append(...acts.map(button));
    }
    box.append(list);
    return box;
  }

  /** Dice the table rolled together (the server's ``roll``: the same die asked ``size``
   *  times in a row, whatever each shows): one screen, a tap on each die's face in any
   *  order, sent as one step once the last is tapped (as many taps as one die a screen). */
  rollBox(outcomes, size) {
    if (!this.rolled || this.rolled.index !== this.snap.index) this.rolled = { index: this.snap.index, faces: [] };
    const faces = this.rolled.faces;
    const name = (a) => this.outcomeLabel(a).name;
    const tapped = (a) => {
      faces.push(a);
      if (faces.length < size) { this.render(); return; }
      const step = faces.join(";");
      this.rolled.faces = [];
      this.step(step);
    };
    return h("div", { class: "stack", id: "roll", "data-roll": String(size), "data-rolled": String(faces.length) },
      h("p", { id: "roll-what", text: w("roll_pick", { n: size }) }),
      h("div", { class: "roll-faces", id: "roll-faces", role: "group", "aria-label": w("pick") },
        ...outcomes.map((a) => h("button", { type: "button", class: "chance roll-face", "data-face": a,
          onclick: () => tapped(a), text: name(a) }))),
      h("p", { class: "roll-so-far", id: "roll-so-far", role: "status", text: w("roll_so_far", { k: faces.length, n: size }) }),
      faces.length ? h("div", { class: "roll-chips", id: "roll-chips" }, ...faces.map((a, i) => h("button", {
        type: "button", class: "chip roll-chip", "aria-label": w("roll_take_back", { face: name(a) }),
        onclick: () => { faces.splice(i, 1); this.render(); }, text: `${name(a)} ✕` }))) : null);
  }

  /** What a table adjusts beside its turn (the cards it holds or drew, armor, crew, health):
   *  the deciding seat's own corrections first, then the table's (wind, weather, tracks). */
  adjustEdits() {
    const s = this.snap, d = s.decision;
    if (!s.can_edit || !d || !this.enteringResult()) return [];
    const players = this.edits.playerEdits ? this.edits.playerEdits(s.view, this.ctx) : [];
    const own = players.filter((e) => e.seat === d.seat);
    const table = this.edits.tableEdits ? this.edits.tableEdits(s.view, this.ctx) : [];
    return [...(own.length ? own : players), ...table];
  }

  /** The adjustments as a sheet over the board's foot, above the turn's end: in reach without
   *  a swipe (they lay below the board and the log); a list of values opens in the sheet. */
  adjustSheet() {
    const menu = this.adjustMenu;
    const entries = menu ? menu.entries : this.adjustEdits();
    const pick = (e) => {
      if (e.entries) { this.adjustMenu = { label: e.label, entries: e.entries }; this.render(); return; }
      if (e.pickHex) { this.adjusting = false; this.pickHex = e.pickHex; toast(w("pick_hex"), 3000); this.render(); return; }
      this.adjustMenu = null;
      this.step(e.step);
    };
    return h("div", { class: "card-box adjust-sheet", id: "adjust-sheet", role: "region", "aria-label": menu ? menu.label : w("adjust") },
      h("div", { class: "bar" },
        menu ? h("button", { type: "button", id: "adjust-back", onclick: () => { this.adjustMenu = null; this.render(); }, text: `← ${w("adjust")}` }) : null,
        h("h3", { text: menu ? menu.label : w("adjust") }), h("span", { class: "spacer" }),
        h("button", { type: "button", id: "adjust-close", "aria-label": w("done"),
          onclick: () => { this.adjusting = false; this.adjustMenu = null; this.render(); }, text: "✕" })),
      h("div", { class: "choices", id: "adjust-list" }, ...entries.map((e) => h("button", { type: "button", "data-step": e.step || null,
        "data-menu": e.entries ? "1" : null, onclick: () => pick(e), text: e.label }))));
  }

  /** ``form`` of the game's module: {fields: [{key, label, options: [{value, label}], value}],
   *  action(values) -> the action's notation}, one choice per field. */
  formBox(form) {
    const inputs = form.fields.map((f) => {
      const sel = h("select", { "data-field": f.key }, ...f.options.map((o) => h("option", { value: String(o.value), text: o.label })));
      if (f.value !== undefined) sel.value = String(f.value);
      return [f, sel];
    });
    // many fields (a clan's ten starting troops) in two columns, so its button stays in view
    return h("div", { class: form.fields.length > 4 ? "stack many" : "stack", id: "action-form" },
      ...inputs.map(([f, sel]) => h("label", { class: "row" }, h("span", { text: f.label }), sel)),
      h("button", { type: "button", class: "primary", id: "action-form-go", text: w("edit_go"),
        onclick: () => this.step(form.action(Object.fromEntries(inputs.map(([f, sel]) => [f.key, sel.value])))) }));
  }

  /** The printed values of a card the table holds, one field each, from the point's format
   *  ("letters=<spawn letters> damage=<n> type=<normal|ap> move=<n>"): a choice where the
   *  format lists the values, else a text; sent as ``chance custom KEY=VALUE ...``. */
  customBox(format) {
    const label = (key, value) => (this.edits.customLabel ? this.edits.customLabel(key, value) : value ?? key);
    const fields = [];
    const box = h("div", { class: "stack", id: "chance-custom" }, h("h3", { text: w("custom") }));
    for (const [, key, what] of format.matchAll(/(\w+)=<([^>]*)>/g)) {
      const values = what.includes("|") ? what.split("|") : null;
      const input = values
        ? h("select", { "data-custom": key }, ...values.map((v) => h("option", { value: v, text: label(key, v) })))
        : h("input", { type: what === "n" ? "number" : "text", "data-custom": key, min: what === "n" ? "0" : null,
          inputmode: what === "n" ? "numeric" : null, value: what === "n" ? "0" : "" });
      // a refused entry keeps what the table typed (the error stands beside it, not over it)
      const draft = this.customDraft && this.customDraft.format === format ? this.customDraft.values : {};
      if (draft[key] !== undefined) input.value = draft[key];
      fields.push([key, input]);
      box.append(h("label", { class: "row" }, h("span", { text: label(key) }), input));
    }
    if (this.customDraft && this.customDraft.error) {
      box.append(h("p", { class: "error", id: "chance-custom-error", role: "alert", text: this.customDraft.error }));
    }
    box.append(h("button", { type: "button", id: "chance-custom-go", text: w("custom_go"), onclick: () => {
      this.customDraft = { format, values: Object.fromEntries(fields.map(([k, i]) => [k, i.value])), error: "" };
      this.step(`chance custom ${fields.map(([k, i]) => `${k}=${String(i.value).trim().replace(/\s+/g, "")}`).join(" ")}`);
    } }));
    return box;
  }

  /** What happened: one line an event, its rules' anchors as chips; a chip opens the rule's
   *  words, each rule once for the whole step (a raider activation names SL §100 once, not
   *  on each of its events). */
  explainBox() {
    const box = h("section", { class: "card-box", id: "explain" }, h("h3", { text: w("happened") }));
    const last = this.snap.log[this.snap.log.length - 1];
    if (last && last.source === "policy") box.append(h("p", { class: "policy", id: "decided", text: w("decided", { text: last.note_text }) }));
    const shown = this.events.slice(0, this.shown);
    if (!shown.length) box.append(h("p", { text: w("nothing") }));
    const words = h("div", { class: "rule-words", id: "rule-words" });
    const opened = new Map();
    const open = (anchor) => {
      let para = opened.get(anchor);
      if (para) { para.remove(); opened.delete(anchor); return false; }
      para = h("p", { class: "rule", "data-rule-words": anchor }, h("b", { text: anchor }), ` — ${this.ruleText(anchor) || ""}`);
      opened.set(anchor, para);
      words.append(para);
      return true;
    };
    const list = h("ul", { class: "events", id: "events" });
    for (const e of shown) {
      const item = h("li", { class: `explain ev-${e.type}`, "data-type": e.type }, h("span", { class: "event-text", text: this.eventWords(e) }));
      if (e.no_attack) {
        const why = this.edits.noAttackText ? this.edits.noAttackText(e) : e.no_attack;
        item.append(h("span", { class: "no-attack", text: ` ${w("no_attack")}: ${why}` }));
      }
      for (const a of e.rules || []) {
        const chip = h("button", { type: "button", class: "rule chip", "data-rule": a, "aria-expanded": "false",
          onclick: () => { const now = open(a); for (const c of list.querySelectorAll(`[data-rule="${CSS.escape(a)}"]`)) c.setAttribute("aria-expanded", String(now)); },
          text: a });
        item.append(" ", chip);
      }
      list.append(item);
    }
    if (shown.length) box.append(list, words);
    const e = shown[shown.length - 1];
    // a board that animates returns its animator; one that returns its SVG element has the
    // DOM's own Element.animate, which is no event player
    const animator = this.drawn && !(this.drawn instanceof Element) && typeof this.drawn.animate === "function";
    if (e && animator) setTimeout(() => this.drawn && this.drawn.animate(e, 200), 0);
    return box;
  }

  /** An event in words: a correction is the companion's own, the rest the game's. */
  eventWords(e) {
    return e.type === "correction" ? correctionText(e, this.edits, this.ctx) : this.board.eventText(e);
  }

  correctBox() {
    const s = this.snap;
    const box = h("section", { class: "card-box", id: "correct" });
    if (!s.can_edit) {
      box.append(h("p", { class: "rule", text: w("no_edits") }));
      return box;
    }
    box.append(h("button", { type: "button", id: "correct-toggle", class: this.correcting ? "primary" : "",
      onclick: () => { this.correcting = !this.correcting; this.pickHex = null; this.render(); },
      text: this.correcting ? w("done") : w("correct") }));
    if (!this.correcting && !this.enteringResult()) return box;
    box.append(h("p", { text: w("correcting") }));
    const button = (e) => h("button", { type: "button", "data-step": e.step || null, "data-menu": e.entries ? "1" : null,
      onclick: () => (e.entries ? this.menu(e.entries, e.label) : this.step(e.step)), text: e.label });
    const players = this.edits.playerEdits ? this.edits.playerEdits(s.view, this.ctx) : [];
    if (players.length) {
      box.append(h("h3", { text: w("player_edits") }), h("div", { class: "choices", id: "player-edits" }, ...players.map(button)));
    }
    const table = this.edits.tableEdits ? this.edits.tableEdits(s.view, this.ctx) : [];
    if (table.length) {
      box.append(h("h3", { text: w("table_edits") }), h("div", { class: "choices", id: "table-edits" }, ...table.map(button)));
    }
    const input = h("input", { type: "text", id: "edit-input", placeholder: "edit set state.wind \"N\"" });
    box.append(h("label", { class: "row" }, h("span", { text: w("edit") }), input),
      h("button", { type: "button", id: "edit-go", onclick: () => this.step(input.value), text: w("edit_go") }));
    return box;
  }

  logBox() {
    const s = this.snap;
    const list = h("ol", { class: "steps", id: "steps", start: String(s.log_from + 1) });
    for (const entry of s.log) {
      learnAction(entry.step, entry.fields); // the page reads a step's fields, never its text
      const chance = entry.seat === -1;
      const who = entry.source === "edit" ? "✎" : chance ? w("table") : entry.label;
      const what = entry.source === "edit" ? (entry.events[0] ? this.eventWords(entry.events[0]) : entry.step)
        : chance ? this.chanceLabel(entry.step) : this.logStepWords(entry);
      const last = entry.index === s.index - 1;
      list.append(h("li", { "data-step": String(entry.index), "data-source": entry.source }, h("span", { text: `${who}: ${what}` }),
        h("button", { type: "button", class: "undo-step", "data-undo": String(entry.index),
          "aria-label": `${w("undo_this")}: ${what}`, onclick: () => this.send("undo", { step: entry.index }), text: w("undo_this") }),
        // back to the position right after this line: every later step taken back at once
        last ? null : h("button", { type: "button", class: "back-to", "data-back": String(entry.index + 1),
          "aria-label": `${w("back_here")}: ${what}`, onclick: () => this.send("undo", { to: entry.index + 1 }), text: w("back_here") })));
    }
    return h("section", { class: "card-box", id: "log" }, h("h3", { text: w("log") }), list);
  }

  /** A step of the log in words: one action by its label; a step the table entered as its
   *  result (several actions joined by ";", companion_session.BATCH) by what its events say,
   *  the same on every phone and after a reload (the page knows an action's fields only
   *  from a decision it has seen, and the server sends none for such a step). */
  logStepWords(entry) {
    const parts = String(entry.step ?? "").split(";").map((a) => a.trim()).filter(Boolean);
    if (parts.length < 2) return this.board.actionLabel(entry.step);
    if (!(entry.events || []).length) return parts.map((a) => this.board.actionLabel(a)).join("; ");
    return entry.events.map((e) => this.eventWords(e)).join(" ");
  }

  exportBox() {
    return h("section", { class: "card-box exports", id: "exports" }, h("h3", { text: w("export") }),
      h("a", { class: "button", id: "export-record", href: `/api/companion/${this.id}/record`, download: "", text: w("record") }),
      h("a", { class: "button", id: "replay-link", href: `/#/replay/companion/${encodeURIComponent(this.id)}`, text: w("replay") }),
      this.snap.can_edit ? h("a", { class: "button", id: "export-scenario", href: `/api/companion/${this.id}/scenario`, download: "", text: w("scenario") }) : null);
  }
}

// -- the page --------------------------------------------------------------------------

function route() {
  const parts = (location.hash.replace(/^#/, "") || "/").split("/").filter(Boolean);
  // Each view draws into a box of its own, so one left while it waits on the server draws,
  // when the answer comes, off the page and not over the view that replaced it.
  const main = h("div", { class: "view" });
  document.getElementById("main").replaceChildren(main);
  if (view && view.close) view.close();
  if (parts[0] === "s" && parts[1]) view = new SessionView(main, decodeURIComponent(parts[1]));
  else if (parts[0] === "new" && parts[1]) view = new Setup(main, decodeURIComponent(parts[1]));
  else view = new Lobby(main);
  view.start().catch((e) => { main.textContent = String(e); });
}

async function main() {
  const params = new URLSearchParams(location.search);
  const wanted = params.get("lang");
  await setLang(wanted && LANGS.includes(wanted) ? wanted : preferredLang(), Boolean(wanted));
  applySettings();
  const select = document.getElementById("lang");
  for (const l of LANGS) select.append(h("option", { value: l, text: LANG_NAMES[l] }));
  select.value = lang();
  select.addEventListener("change", () => setLang(select.value));
  const title = () => { document.getElementById("brand").textContent = w("title"); document.title = w("title"); };
  onLangChange(() => { title(); route(); });
  title();
  window.addEventListener("hashchange", route);
  route();
  // installable: the page's files load without the network (companion-sw.js)
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/companion-sw.js", { scope: "/companion" }).catch(() => null);
}

main().catch((e) => { document.getElementById("main").textContent = `The page failed to start: ${e}`; });
