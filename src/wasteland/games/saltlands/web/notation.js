// Saltlands' actions in notation and its events, put into words in the chosen language.
import { t, tOwn, has, lang } from "/js/i18n.js";
import { humanize } from "/js/dom.js";
import { tilePlace } from "./places.js";
import { componentName, componentWord } from "/js/cards.js";
import { fieldsOf } from "/js/fields.js";

const HEX = /^-?\d+,-?\d+$/;
const TILE = /^t-?\d+,-?\d+$/;

export const isHex = (w) => HEX.test(w);
export const isTile = (w) => TILE.test(w);

/** A card's name: "water#1" → "Water", "flamethrower#1/2" → "Flamethrower (2)". */
export function cardName(card) {
  if (card === null || card === undefined) return "";
  const s = String(card);
  if (s === "a card") return t("card.hidden");
  const [base, alt] = s.split("/");
  const id = base.split("#")[0];
  const entered = /^table-(\d+)$/.exec(id); // a damage card the table entered by its printed values
  const name = entered && has("card.table_entered") ? t("card.table_entered", { n: entered[1] })
    : textName("card", id, "card") ?? textName("character", id, "char") ?? humanize(id);
  return alt ? `${name} (${alt})` : name;
}

// Names come from the component texts (the same words as a card's hover text and
// `help`); the page's own catalogue is the fallback until they have loaded.
function textName(kind, id, key) {
  return componentName(`${kind}:${id}`, [], null) ?? (has(`${key}.${id}`) ? t(`${key}.${id}`) : null);
}

export const charName = (c) => (c ? textName("character", c, "char") ?? humanize(c) : "");
export const raiderName = (r) => textName("raider", r, "raider") ?? humanize(r);
export function tokenName(tok) {
  const id = String(tok).split("#")[0];
  return has(`token.${id}`) ? t(`token.${id}`) : humanize(id);
}
// Seats are 0-based numbers in the view (older views wrote "p1"): both read the same.
export const seatName = (x) => (typeof x === "number" ? `p${x + 1}` : String(x));
export const seatNumber = (x) => (typeof x === "number" ? x : Number(String(x).slice(1)) - 1);

/** A tile's name as printed: the compass tile, a starting tile, a numbered terrain tile. */
export function tileName(id) {
  if (id === "compass") return t("tile.compass");
  const m = /^(start|tile)_0*(\d+)$/.exec(String(id));
  if (m) return t(m[1] === "start" ? "tile.start" : "tile.number", { n: m[2] });
  return t("tile.other");
}

/** A card word as the notation writes it: the card, and its option when not the first
 *  ("curved_scythe#1/2"), from an action's fields. */
const optionCard = (f) => (f.option && f.option > 1 ? `${f.card}/${f.option}` : f.card);

/** The parts of an action: its verb, the hexes, tiles, cards and seats it names, from the
 *  fields the server sent with the decision (Saltlands' notation.py read them; the page
 *  never splits an action's text). An action no decision here offered has no parts. */
export function parseAction(action) {
  const f = fieldsOf(action) || {};
  const out = { action, verb: f.verb ?? null, fields: f, hexes: [], tiles: [], cards: [], seats: [], target: null };
  if (f.hex !== undefined) out.hexes.push(f.hex);
  if (f.at !== undefined) {
    out.hexes.push(f.at);
    out.target = f.at;
  }
  if (f.tile !== undefined) out.tiles.push(f.tile);
  // the cards it names by instance ("axe#2"); a character card is named by the character
  // itself ("use plowman", "by plowman"), a card of "use" all the same
  const card = f.card !== undefined ? optionCard(f) : undefined;
  for (const c of [card, f.crew]) if (c !== undefined && c.includes("#")) out.cards.push(c);
  if (out.verb === "use" && !out.cards.length && card) out.cards.push(card);
  for (const seat of [f.seat, f.to]) if (seat !== undefined) out.seats.push(seatName(seat));
  return out;
}

/** An action in words. */
export function actionLabel(action, view = null) {
  const p = parseAction(action);
  const f = p.fields;
  const card = f.card !== undefined ? optionCard(f) : undefined;
  switch (p.verb) {
    case "chance": {  // a chance outcome: a card or a token by its kind, else as written
      const what = f.outcome;
      if (what.startsWith("custom ")) return t("act.chance_custom", { values: what.slice("custom ".length) });
      if (has(`card.${what}`)) return cardName(what);
      if (has(`token.${what}`)) return tokenName(what);
      return what;
    }
    case "move":
      return f.fuel ? t("act.move_fuel", { hex: f.hex, fuel: f.fuel }) : t("act.move", { hex: f.hex });
    case "enter":
      return t("act.enter", { hex: f.hex });
    case "character":
      return t("act.character", { character: charName(f.character) });
    case "use": {
      let s = f.crew ? t("act.use_by", { card: cardName(card), crew: cardName(f.crew) }) : t("act.use", { card: cardName(card) });
      if (f.at !== undefined) {
        s += " " + t("act.at", { hex: f.at });
        // the weapon chooser shows what each weapon deals (SL §85 to SL §87): "(2 damage)"
        const deals = componentWord(`weapon.${f.card.split("#")[0]}/${f.option || 1}`);
        if (deals) s += ` (${deals})`;
      }
      if (f.tile !== undefined) s += " " + t("act.tile", { tile: tilePlace(f.tile, view) });
      if (f.rot !== undefined) s += " " + t("act.rot", { n: f.rot });
      return s;
    }
    case "discard":
      return t("act.discard", { card: cardName(card) });
    case "collect":
      return t("act.collect", { hex: f.hex, crew: cardName(f.crew) });
    case "refresh":
      return t("act.refresh", { card: cardName(f.crew) });
    case "trade":
      return t("act.trade", { seat: seatName(f.seat) });
    case "give":
      return f.to !== undefined ? t("act.give_to", { card: cardName(card), seat: seatName(f.to) }) : t("act.give", { card: cardName(card) });
    case "steal":
      return t("act.steal", { seat: seatName(f.seat) });
    case "ability":
      return card ? t("act.ability_card", { card: cardName(card) }) : t("act.ability");
    case "end":
      return t("act.end");
    case "activate":
      return t("act.activate", { raider: raiderName(f.vehicle) });
    case "place":
      return t("act.place", { card: cardName(card) });
    case "replace":
      return t("act.replace", { card: cardName(card) });
    case "take":
      return t("act.take", { card: cardName(card) });
    case "raider":
    case "goto":
    case "spawn":
      return t(`act.${p.verb}`, { hex: f.hex });
    case "chase":
    case "attack":
      return t(`act.${p.verb}`, { seat: seatName(f.seat) });
    case "orient":
      return t("act.orient", { dir: has(`dir.${f.orientation}`) ? t(`dir.${f.orientation}`) : f.orientation });
    case "armor":
    case "heal":
    case "yield":
      return t(`act.soak_${p.verb}`, { card: cardName(card) });
    case "lose":
      return t("act.soak_lose", { card: cardName(f.crew) });
    case "pass":
    case "done":
    case "accept":
    case "decline":
    case "top":
    case "bottom":
    case "join":
    case "alone":
      return t(`act.${p.verb}`);
    default:
      return action;
  }
}

/** The prompt of a decision in words; a tie of the raiders' turn names its raider (the
 *  view's ``acting``: the type activated, the raider that moves and where it stands). */
export function promptText(decision, view = {}) {
  if (!decision) return "";
  if (decision.kind === "chance") return chanceText((view && view.chance) || {}) || decision.prompt;
  const acting = view && view.acting;
  if (acting && (decision.kind === "activation" || decision.kind === "lure") && acting.stage) {
    const key = `prompt.${decision.kind}.${acting.stage}`;
    if (has(key)) {
      return t(key, { raider: acting.raider ? raiderName(acting.raider) : "", hex: acting.hex || "",
        n: acting.figures ?? "" });
    }
  }
  const key = `prompt.${decision.kind}`;
  return has(key) ? t(key) : decision.prompt;
}

/** What the table must reveal (a view's ``chance``), in the chosen language; "" unknown. */
export function chanceText(chance) {
  const key = `chance.${chance.term}`;
  if (!chance.term || !has(key)) return "";
  const about = { ...(chance.about || {}) };
  if (about.raider) about.raider = raiderName(about.raider);
  if (about.seat !== undefined) about.seat = seatName(Number(about.seat));
  if (isTile(about.at)) about.at = tilePlace(about.at);
  return t(key, about);
}

const DIRS = ["N", "NE", "SE", "S", "SW", "NW"];
const SEAT_FIELDS = ["seat", "by", "partner"];

const PRINTED_NUMBER = { weather: /^w0*(\d+)$/, damage_card: /^d(\d+-\d+)$/, rumor: /^r(\d+)$/, rumor_drawn: /^r(\d+)$/ };

function eventParams(e) {
  const p = { ...e };
  for (const f of SEAT_FIELDS) if (typeof e[f] === "number") p[f] = seatName(e[f]);
  if (e.type === "trade" || e.type === "theft") {
    if (typeof e.from === "number") p.from = seatName(e.from);
    if (typeof e.to === "number") p.to = seatName(e.to);
  }
  if (e.card !== undefined && typeof e.card === "string") p.card = cardName(e.card);
  // a weather, damage or rumor card by the number printed on it ("w04" is weather card 4)
  const printed = PRINTED_NUMBER[e.type] && PRINTED_NUMBER[e.type].exec(String(e.card));
  if (printed) p.card = printed[1];
  if (e.type === "ability" && typeof e.ability === "string") {
    p.ability = componentName(`ability:${e.ability}`, [], null) ?? humanize(e.ability);
  }
  if (e.crew !== undefined && typeof e.crew === "string") p.crew = cardName(e.crew);
  if (e.raider) p.raider = raiderName(e.raider);
  if (e.character) p.character = charName(e.character);
  if (e.token) p.token = tokenName(e.token);
  if (e.source && has(`raider.${e.source}`)) p.source = raiderName(e.source);
  if (e.cause && has(`raider.${e.cause}`)) p.cause = raiderName(e.cause);
  if (e.damage_type) p.damage_type = t(`dt.${e.damage_type}`);
  if (typeof e.wind_dir === "number") p.wind_dir = t(`dir.${DIRS[e.wind_dir]}`);
  if (e.direction && has(`dir.${e.direction}`)) p.direction = t(`dir.${e.direction}`);
  if (e.arrow && has(`dir.${e.arrow}`)) p.arrow = t(`dir.${e.arrow}`);
  if (e.reason && has(`reason.${e.reason}`)) p.reason = t(`reason.${e.reason}`);
  if (Array.isArray(e.path)) p.path = e.path.join(" → ");
  if (Array.isArray(e.hexes)) p.hexes = e.hexes.join("; ");
  if (typeof e.letters === "string") p.letters = [...e.letters].join(", ");  // spawn letters, one by one
  if (e.type === "lure" && typeof e.raiders === "string") p.raiders = raiderName(e.raiders);
  if (e.scores && typeof e.scores === "object") p.scores = Object.entries(e.scores).map(([s, n]) => `${s} ${n}`).join(", ");
  if (e.type === "rumor" && has(`rumor.option.${e.option}`)) p.option = t(`rumor.option.${e.option}`);
  if (typeof e.marker === "string" && has(`colour.${e.marker}`)) p.marker = t(`colour.${e.marker}`);
  if (typeof e.tile === "string") p.tile = tileName(e.tile);  // explore, orient, marker_move: by name
  if (e.mode) p.mode = t(`mode.${e.mode}`);
  if (e.difficulty) p.difficulty = t(`difficulty.${e.difficulty}`);
  if (e.area && has(`area.${e.area}`)) p.area = t(`area.${e.area}`);
  if (Array.isArray(e.winners)) p.winners = e.winners.join(", ");
  for (const f of ["how", "why", "effect", "cause", "respawn", "deck", "area"]) {
    if (typeof e[f] === "string" && tOwn(`word.${e[f]}`) !== undefined) p[f] = tOwn(`word.${e[f]}`);
  }
  return p;
}

function eventVariant(e) {
  switch (e.type) {
    case "enter": return e.occupied ? "occupied" : null;
    case "move": return e.fuel ? "fuel" : null;
    case "use": return e.crew ? "crew" : null;
    case "refresh": return e.card ? "card" : null;
    case "attack_raider":
    case "attacked": return e.armor ? "armor" : null;
    case "respawn": return e.black_side ? "black" : null;
    case "damage_card": return e.move_bonus ? "bonus" : null;
    case "raider_move": return e.target ? "target" : null;
    case "weather": return e.storm ? "storm" : null;
    case "marker_move": return e.tile ? null : "facedown";
    case "game_over": return e.winners && e.winners.length ? null : "none";
    default: return null;
  }
}

/** An event in words: the server's English text, or the chosen language's template. */
export function eventText(e) {
  if (lang() !== "en") {
    const variant = eventVariant(e);
    const params = eventParams(e);
    const own = (variant && tOwn(`ev.${e.type}.${variant}`, params)) || tOwn(`ev.${e.type}`, params);
    if (own) return own;
  }
  return e.text || JSON.stringify(e);
}
