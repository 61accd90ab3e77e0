// The replay of a finished game, step by step, from any seat's view or a spectator's.
import { t, useGame, lang } from "./i18n.js";
import { api, seatFor } from "./api.js";
import { loadBoard, specOf } from "./boards.js";
import { w, correctionText } from "./companion-i18n.js";
import { chanceAnswer, chancePrompt, outcomeWordsOf } from "./chance-words.js";
import * as generic from "./generic.js";
import { h } from "./dom.js";
import { toast } from "./app.js";
import { watchRules } from "./rules.js";
import { BoardView, COORDS_KEY, LEGEND_KEY, boardTools, shown } from "./viewport.js";
import { learnAction } from "./fields.js";

// the person's settings of the game page, shared with it: coordinates and legend on or off

export class ReplayView {
  /** ``base``: where the steps come from (a table companion's session has its own route). */
  constructor(root, gameId, base = null) {
    this.root = root;
    this.id = gameId;
    this.base = base || `/api/games/${gameId}`;
    // a game still being played is stepped through as this browser's seat saw it (its token)
    // or as a spectator; a finished one from any seat
    const held = base ? null : seatFor(gameId);
    this.token = held ? held.token : null;
    this.live = false;
    this.step = 0;
    this.steps = 0;
    this.seat = "";
    this.data = null;
    this.game = generic;
    this.playing = null;
    this.boardView = new BoardView(); // the view the person chose, kept from step to step
    this.keys = (e) => {
      if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
      if (e.key === "ArrowRight") this.go(this.step + 1);
      if (e.key === "ArrowLeft") this.go(this.step - 1);
    };
  }

  async start() {
    document.addEventListener("keydown", this.keys);
    try {
      const first = await api("GET", `${this.base}/replay?step=0`, undefined, this.token);
      this.live = Boolean(first.live);
      if (this.live && first.seat !== null && first.seat !== undefined) this.seat = String(first.seat);
      this.game = await loadBoard(first.record.game);
      this.edits = {}; // a table companion's session: its game's words for corrections and chance
      if (first.companion) {
        const spec = await specOf(first.record.game);
        const url = spec && spec.web && spec.web.companion;
        if (url) this.edits = await import(url).catch(() => ({}));
        this.gameName = first.record.game;
        await this.loadOutcomeWords(this.gameName);
      }
      useGame(first.record.game);
      watchRules(this.root, first.record.game); // every anchor shown gets its rule's words, as on the game page
      this.steps = first.steps;
      this.data = first;
      learnAction(first.action, first.action_fields);
      this.players = (first.view && first.view.players ? first.view.players.length : 0) || (first.record.config.players || 1);
      this.render();
      if (this.live) await this.go(this.steps); // a game being played: step back from where it is now
    } catch (e) {
      this.root.textContent = t("game.error", { error: e.message });
    }
  }

  destroy() {
    document.removeEventListener("keydown", this.keys);
    clearInterval(this.playing);
  }

  /** The names of the cards a table session drew, in the page's language. */
  async loadOutcomeWords(game) {
    this.outcomeLang = lang();
    this.outcomeWords = await outcomeWordsOf(game);
  }

  async rerender() {
    if (!this.data) return;
    if (this.data.companion && this.outcomeLang !== lang()) await this.loadOutcomeWords(this.gameName);
    this.render();
  }

  async go(step) {
    step = Math.max(0, Math.min(this.steps, step));
    // a live game: the token's seat, or a spectator's view without the token
    const seat = this.seat === "" || this.live ? "" : `&seat=${this.seat}`;
    const token = this.live && this.seat === "" ? null : this.token;
    try {
      const words = this.data && this.data.companion ? `&lang=${lang()}` : ""; // the policy's words
      this.data = await api("GET", `${this.base}/replay?step=${step}${seat}${words}`, undefined, token);
      learnAction(this.data.action, this.data.action_fields);
      this.step = step;
      this.render();
    } catch (e) {
      toast(t("game.error", { error: e.message }));
    }
  }

  toggle() {
    if (this.playing) {
      clearInterval(this.playing);
      this.playing = null;
    } else {
      this.playing = setInterval(() => {
        if (this.step >= this.steps) this.toggle();
        else this.go(this.step + 1);
      }, 700);
    }
    this.render();
  }

  /** An event in words and, when its words do not cite it, the rule it applies (rules.js
   *  marks the anchor with the rule's title and text), as the game page's log does. */
  eventItem(e) {
    const words = e.type === "correction" ? correctionText(e, this.edits, {}) : this.game.eventText(e);
    const text = String(words && words.textContent !== undefined ? words.textContent : words);
    const cites = e.rule && !text.includes(e.rule);
    return h("li", { "data-type": e.type }, words, cites ? h("span", { class: "rule", text: ` (${e.rule})` }) : null);
  }

  /** The coordinates or the legend on or off, as on the game page (the same setting). */
  toggleSetting(key) {
    localStorage.setItem(key, shown(key) ? "0" : "1");
    this.render();
  }

  /** What each mark of the board stands for (the game's legend), when the legend is on. */
  legendBox(view) {
    const box = h("div", { id: "legend", class: "legend card-box", hidden: !shown(LEGEND_KEY) });
    if (box.hidden) return box;
    for (const item of this.game.legend(view || {}) || []) {
      const sym = h("span", { class: `lg-sym ${item.cls || ""}`, text: item.sym || "" });
      if (item.colour) sym.style.background = item.colour;
      box.append(h("span", { class: "lg-item", "data-legend": item.key || null }, sym, h("span", { text: item.text })));
    }
    return box;
  }

  /** Who gave the step and what it was; a table companion's correction and chance answer
   *  are the table's. */
  actionLine(d) {
    if (d.companion && /^edit( |$)/.test(d.action)) return `✎ ${w("corrected")}`;
    const seat = d.companion && d.action_label === "table" ? w("table") : d.action_label || `p${d.action_seat + 1}`;
    const chance = d.companion && /^chance /.test(d.action)
      ? chanceAnswer(d.action, { board: this.game, edits: this.edits, words: this.outcomeWords }) : null;
    const line = t("replay.action", { action: chance || this.game.actionLabel(d.action), seat });
    // "decide for us" chose it: by which rule of the game's policy
    return d.companion && d.policy ? `${line} — ${w("by_policy")}: ${d.policy_text || d.policy}` : line;
  }

  /** The seats at this step as the game page lists them: each one's colour and what the
   *  game says of it (a team game's team among it), so teams show wherever seats do. */
  playersList(view) {
    if (!view) return null;
    const rows = Array.from({ length: this.players }, (_, i) => {
      const facts = this.game.playerFacts(view, i) || [];
      return h("li", { class: "player-row", "data-seat": `p${i + 1}` },
        h("span", { class: "dot", style: `background:${this.game.seatColour(view, i)}` }),
        h("strong", { text: `p${i + 1}` }), facts.length ? ` ${facts.join(" · ")}` : "");
    });
    return h("ul", { id: "r-players", class: "r-players", "aria-label": t("game.players") }, ...rows);
  }

  /** The decision the game waits on at this step, with the rule that gives it (null: over). */
  decisionLine(view) {
    const d = view && view.decision;
    if (!d || view.over) return null;
    // a table session waits on the table's chance answer: what it reveals, in the page's words
    const prompt = d.kind === "chance" ? chancePrompt(d, view, { board: this.game, edits: this.edits || {} }) : this.game.promptText(d, view);
    return h("p", { id: "r-decision", class: "decision" }, prompt,
      d.rule ? h("span", { class: "rule", "data-anchor": d.rule, text: ` (${d.rule})` }) : null);
  }

  render() {
    const d = this.data;
    this.root.textContent = "";
    // a live game offers only what this browser may see: its own seat's view or a spectator's
    const own = this.live && this.data && this.data.seat !== null && this.data.seat !== undefined ? this.data.seat : null;
    const seats = this.live ? (this.token && own !== null ? [own] : []) : Array.from({ length: this.players }, (_, i) => i);
    const seatSel = h("select", { id: "replay-seat", "aria-label": t("replay.seat"),
      onchange: (e) => { this.seat = e.target.value; this.go(this.step); } },
      h("option", { value: "", selected: this.seat === "", text: t("lobby.spectate") }),
      ...seats.map((i) => h("option", { value: String(i), selected: this.seat === String(i),
        text: this.live ? t("replay.as_you", { seat: `p${i + 1}` }) : `p${i + 1}` })));
    const page = h("section", { class: "replay", id: "replay", "data-step": this.step },
      h("div", { class: "gamebar" },
        h("a", { href: "#/", class: "button", i18n: "game.back" }),
        this.live ? h("a", { href: `#/game/${encodeURIComponent(this.id)}`, class: "button", id: "r-to-game", i18n: "replay.to_game" }) : null,
        h("strong", { i18n: "replay.title" }), h("span", { class: "gid", text: this.id }),
        h("button", { type: "button", id: "r-first", onclick: () => this.go(0), text: t("replay.first") }),
        h("button", { type: "button", id: "r-prev", onclick: () => this.go(this.step - 1), text: t("replay.prev") }),
        h("span", { id: "r-step", text: t("replay.step", { step: this.step, steps: this.steps }) }),
        h("button", { type: "button", id: "r-next", onclick: () => this.go(this.step + 1), text: t("replay.next") }),
        h("button", { type: "button", id: "r-last", onclick: () => this.go(this.steps), text: t("replay.last") }),
        h("button", { type: "button", id: "r-play", onclick: () => this.toggle(), text: t(this.playing ? "replay.pause" : "replay.play") }),
        seatSel,
        this.live ? null : h("a", { class: "button", href: `${this.base}/record`, download: "", i18n: "replay.download" })),
      h("input", { type: "range", id: "r-range", min: 0, max: this.steps, value: this.step, "aria-label": t("replay.step_back"),
        onchange: (e) => this.go(Number(e.target.value)) }),
      h("div", { class: "replay-body" },
        h("div", { class: "board-col" },
          h("div", { id: "board", class: `board-box${shown(COORDS_KEY) ? " show-coords" : ""}` }),
          boardTools((key) => this.toggleSetting(key)),
          this.legendBox(d.view)),
        h("aside", { class: "side card-box" },
          h("p", { id: "r-action", text: d.action ? this.actionLine(d) : t("replay.start") }),
          this.decisionLine(d.view),
          this.playersList(d.view),
          h("ol", { id: "r-events", class: "events" }, ...(d.events || []).map((e) => this.eventItem(e))))));
    this.root.append(page);
    this.boardView.draw(page.querySelector("#board"), this.game, d.view, { you: d.view && d.view.seat },
      d.action ? { action: d.action, events: d.events || [] } : null);
  }
}
