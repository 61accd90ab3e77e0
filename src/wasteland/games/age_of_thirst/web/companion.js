// Age of Thirst on the companion page: what a tap on a hex, a clan or the table can
// correct, as the companion's correction steps ("edit set|add|del|take PATH VALUE") over
// the Age of Thirst position format (docs/age-of-thirst-scenarios.md; its writer lists the
// clans in seat order and the tokens sorted as the view lists them), and the words of those
// corrections. A card moves by a "take" out of the deck or pile it lies in, so that it is
// never in two places (the position reader keeps the game's card counts, LO-A).
import { edit, json, pathOf, wordsOf } from "/js/companion-words.js";
import { componentName } from "/js/cards.js";
import { fieldsOf, verbOf } from "/js/fields.js";

// The words of the corrections, kept here with them (the board's words come from i18n/).
const WORDS = {
  en: { move_to: "move to…", remove: "take away", place: "Place a {colour} token…", flip: "mark as done this phase",
        unflip: "not done this phase", water: "{colour}: water {n}", level: "{colour}: {kind} level {n}",
        eye: "{colour}: Eye on circle {n}", pump_add: "{colour}: one more pump", pump_del: "{colour}: one pump less",
        hand_add: "{colour}: a ray-tower card into the hand…", hand_del: "{colour}: a ray-tower card out of the hand…",
        status_add: "{colour}: a status card laid on it…", status_del: "{colour}: {card} taken off",
        inject_add: "{colour}: a bunker card in force…", inject_del: "{colour}: {card} on {kind} taken off",
        on_kind: "{card} on the {kind} card", current: "It is {colour}'s turn", phase: "{phase} phase",
        market: "Black market: add {card}",
        ch_piece_hex: "token {n} now on {hex}", ch_piece_add: "{colour} {kind} placed on {hex}", ch_piece_del: "token {n} taken away",
        damage: "damage taken: {n}", ch_piece_damage: "token {n}: {v} damage taken",
        ch_piece_acted: "token {n}: {done}", done: "done this phase", not_done: "not done this phase",
        ch_water: "{colour}: {v} gallons", ch_level: "{colour}: {kind} at level {v}", ch_eye: "{colour}: Eye on circle {v}",
        ch_pumps: "{colour}: {v} pumps", ch_hand: "{card} into {colour}'s hand", ch_statuses: "{card} laid on {colour}",
        ch_injections: "{card} in force for {colour}'s {kind}", ch_discard: "{card} to the discard pile",
        ch_gone: "{colour}: a card taken off", ch_current: "{colour}'s turn", ch_phase: "the {phase} phase",
        ch_other: "{path} changed",
        source_card: "Turn the top source card: which card is it?", bunker_card: "Turn the top bunker card: which card is it?",
        tower_card: "Turn the top ray-tower card: which card is it?", at_hex: "On {hex}" },
  ru: { move_to: "переставить…", remove: "убрать", place: "Поставить жетон: {colour}…", flip: "отметить: уже ходил в этой фазе",
        unflip: "ещё не ходил в этой фазе", water: "{colour}: вода {n}", level: "{colour}: «{kind}», уровень {n}",
        eye: "{colour}: Око на круге {n}", pump_add: "{colour}: ещё один насос", pump_del: "{colour}: на один насос меньше",
        hand_add: "{colour}: карту лучевой башни в руку…", hand_del: "{colour}: карту лучевой башни из руки…",
        status_add: "{colour}: на них положена карта статуса…", status_del: "{colour}: снять {card}",
        inject_add: "{colour}: карта бункера в действии…", inject_del: "{colour}: снять {card} с карты «{kind}»",
        on_kind: "{card} на карту «{kind}»", current: "Ходят {colour}", phase: "фаза: {phase}",
        market: "Чёрный рынок: добавить {card}",
        ch_piece_hex: "жетон {n} теперь на {hex}", ch_piece_add: "{colour}: «{kind}» поставлен на {hex}", ch_piece_del: "жетон {n} убран",
        damage: "получено урона: {n}", ch_piece_damage: "жетон {n}: получено урона {v}",
        ch_piece_acted: "жетон {n}: {done}", done: "уже ходил в этой фазе", not_done: "ещё не ходил в этой фазе",
        ch_water: "{colour}: {v} гал.", ch_level: "{colour}: «{kind}» на уровне {v}", ch_eye: "{colour}: Око на круге {v}",
        ch_pumps: "{colour}: насосов {v}", ch_hand: "{card} в руку: {colour}", ch_statuses: "{card} положена на: {colour}",
        ch_injections: "{card} действует: {colour}, «{kind}»", ch_discard: "{card} в сброс",
        ch_gone: "{colour}: карта снята", ch_current: "ходят {colour}", ch_phase: "фаза: {phase}",
        ch_other: "изменено: {path}",
        source_card: "Откройте верхнюю карту источника: какая это карта?", bunker_card: "Откройте верхнюю карту бункера: какая это карта?",
        tower_card: "Откройте верхнюю карту лучевой башни: какая это карта?", at_hex: "На {hex}" },
  uk: { move_to: "переставити…", remove: "прибрати", place: "Поставити жетон: {colour}…", flip: "позначити: вже ходив у цій фазі",
        unflip: "ще не ходив у цій фазі", water: "{colour}: вода {n}", level: "{colour}: «{kind}», рівень {n}",
        eye: "{colour}: Око на колі {n}", pump_add: "{colour}: ще один насос", pump_del: "{colour}: на один насос менше",
        hand_add: "{colour}: карту променевої вежі в руку…", hand_del: "{colour}: карту променевої вежі з руки…",
        status_add: "{colour}: на них покладено карту статусу…", status_del: "{colour}: зняти {card}",
        inject_add: "{colour}: карта бункера в дії…", inject_del: "{colour}: зняти {card} з карти «{kind}»",
        on_kind: "{card} на карту «{kind}»", current: "Ходять {colour}", phase: "фаза: {phase}",
        market: "Чорний ринок: додати {card}",
        ch_piece_hex: "жетон {n} тепер на {hex}", ch_piece_add: "{colour}: «{kind}» поставлено на {hex}", ch_piece_del: "жетон {n} прибрано",
        damage: "отримано шкоди: {n}", ch_piece_damage: "жетон {n}: отримано шкоди {v}",
        ch_piece_acted: "жетон {n}: {done}", done: "вже ходив у цій фазі", not_done: "ще не ходив у цій фазі",
        ch_water: "{colour}: {v} гал.", ch_level: "{colour}: «{kind}» на рівні {v}", ch_eye: "{colour}: Око на колі {v}",
        ch_pumps: "{colour}: насосів {v}", ch_hand: "{card} у руку: {colour}", ch_statuses: "{card} покладено на: {colour}",
        ch_injections: "{card} діє: {colour}, «{kind}»", ch_discard: "{card} у скид",
        ch_gone: "{colour}: карту знято", ch_current: "ходять {colour}", ch_phase: "фаза: {phase}",
        ch_other: "змінено: {path}",
        source_card: "Відкрийте верхню карту джерела: яка це карта?", bunker_card: "Відкрийте верхню карту бункера: яка це карта?",
        tower_card: "Відкрийте верхню карту променевої вежі: яка це карта?", at_hex: "На {hex}" },
};

const { t, c } = wordsOf(WORDS);

// LO-2, LO-5: the token kinds, the troops among them, and the three levels of a species card
const KINDS = ["skinny", "handsome", "smart", "hedge"];
const TROOPS = ["skinny", "handsome", "smart"];
const LEVELS = [1, 2, 3];
const EYE = [0, 1, 2, 3]; // LO-12: the Eye's circles
// LO-7.2: the damage a tap offers; a troop's health grows with each regenerative injection
// in force, and the reader refuses as much damage as the token's health
const DAMAGE = [0, 1, 2, 3, 4, 5];
// the cards of the data (LO-A), by deck
const TOWER_CARDS = ["strike", "blast", "collapse", "paralysis", "blindness", "madness"];
const STATUS_CARDS = ["paralysis", "blindness", "madness"];
const BUNKER_CARDS = ["regen1", "regen2", "neuro1", "neuro2", "anabolic"];
// LO-4.3: the starting troops, 5 Skinnies, 3 Handsomes, 2 Smarts
const STARTING = { skinny: 5, handsome: 3, smart: 2 };

const kindName = (k) => t(`aot.kind.${k}`);
const colourName = (colour) => t(`aot.colour.${colour}`);
const cardName = (id) => componentName(id, ["source", "bunker", "tower"], id);
const clanOf = (view, seat) => ((view.players || [])[seat] || {}).colour || `p${seat + 1}`;

/** Every hex of the map: a tap on any of them may correct what stands there. */
export function spots(view) {
  return (view.board && view.board.hexes) || [];
}

/** The corrections a tap on ``hex`` offers: [{label, step}], [{label, pickHex(dest) -> step}]
 *  or [{label, entries}] (a second list to choose from). The tokens are listed as the
 *  position's [[piece]] tables are (sorted as the view lists them). */
export function hexEdits(view, hex) {
  const out = [];
  (view.pieces || []).forEach((p, i) => {
    if (p.hex !== hex) return;
    const name = `${kindName(p.kind)} (${colourName(p.colour)})`;
    // ``mover``: the seat whose figure it is (its own turn's result: the figure, then where it stands)
    out.push({ label: `${name}: ${c("move_to")}`, mover: p.owner, pickHex: (dest) => `edit set piece.${i}.hex ${json(dest)}` });
    // LO-7.1: the current clan's troops are flipped once done in its tactical phase
    if (p.kind !== "hedge" && view.phase === "tactical" && p.owner === view.current) {
      out.push({ label: `${name}: ${c(p.flipped ? "unflip" : "flip")}`, step: `edit set piece.${i}.acted ${json(!p.flipped)}` });
    }
    // LO-7.2: damage adds up until the health reset; the reader refuses as much as its health
    out.push({ label: `${name}: ${c("damage", { n: "…" })}`, entries: DAMAGE.map((d) => ({
      label: c("damage", { n: d }), step: `edit set piece.${i}.damage ${d}` })) });
    out.push({ label: `${name}: ${c("remove")}`, step: `edit del piece.${i}` });
  });
  if (out.length) return out;
  for (const player of view.players || []) {
    out.push({ label: c("place", { colour: colourName(player.colour) }), entries: KINDS.map((kind) => ({
      label: kindName(kind), step: edit([["add", "piece", { hex, colour: player.colour, kind }]]) })) });
  }
  return out;
}

/** A card out of whichever deck or pile of ``[decks]`` holds it, then to ``path``. */
const fromDecks = (card, path, value = "$taken") => edit([["take", "decks", card], ["add", path, value]]);

/** The corrections of each clan: water, species levels, the Eye, pumps and cards. */
export function playerEdits(view) {
  const out = [];
  (view.players || []).forEach((p, q) => {
    const from = out.length; // this seat's corrections: the page offers them beside its turn
    const colour = colourName(p.colour);
    const around = [-5, -2, -1, 1, 2, 5, 10].map((d) => p.water + d).filter((v) => v >= 0);
    out.push({ label: `${c("water", { colour, n: p.water })}…`, entries: around.map((v) => ({
      label: c("water", { colour, n: v }), step: `edit set clan.${q}.water ${v}` })) });
    out.push({ label: `${colour}: ${t("aot.levels")}…`, entries: KINDS.flatMap((kind) => LEVELS
      .filter((v) => v !== (p.levels || {})[kind])
      .map((v) => ({ label: c("level", { colour, kind: kindName(kind), n: v }), step: `edit set clan.${q}.levels.${kind} ${v}` }))) });
    out.push({ label: `${c("eye", { colour, n: p.eye })}…`, entries: EYE.filter((v) => v !== p.eye)
      .map((v) => ({ label: c("eye", { colour, n: v }), step: `edit set clan.${q}.eye ${v}` })) });
    // LO-9: a pump comes out of the source deck; one taken back goes to the discard pile
    out.push({ label: c("pump_add", { colour }), step: edit([["take", "decks", "pump"], ["set", `clan.${q}.pumps`, p.pumps + 1]]) });
    if (p.pumps > 0) {
      out.push({ label: c("pump_del", { colour }),
        step: edit([["set", `clan.${q}.pumps`, p.pumps - 1], ["add", "decks.source_discard", "pump"]]) });
    }
    out.push({ label: c("hand_add", { colour }), entries: TOWER_CARDS.map((card) => ({
      label: cardName(card), step: fromDecks(card, `clan.${q}.hand`) })) });
    out.push({ label: c("hand_del", { colour }), entries: TOWER_CARDS.map((card) => ({
      label: cardName(card), step: edit([["take", `clan.${q}.hand`, card], ["add", "decks.ray_tower_discard", "$taken"]]) })) });
    // LO-11: status cards other clans laid on this clan's species cards
    out.push({ label: c("status_add", { colour }), entries: STATUS_CARDS.map((card) => ({
      label: cardName(card), step: fromDecks(card, `clan.${q}.statuses`) })) });
    for (const card of new Set(p.statuses || [])) {
      out.push({ label: c("status_del", { colour, card: cardName(card) }),
        step: edit([["take", `clan.${q}.statuses`, card], ["add", "decks.ray_tower_discard", "$taken"]]) });
    }
    // LO-10.1: a bunker card in force lies on one troop species card
    out.push({ label: c("inject_add", { colour }), entries: BUNKER_CARDS.flatMap((card) => TROOPS.map((kind) => ({
      label: c("on_kind", { card: cardName(card), kind: kindName(kind) }),
      step: fromDecks(card, `clan.${q}.injections`, ["$taken", kind]) }))) });
    (p.injections || []).forEach(([card, kind], k) => {
      out.push({ label: c("inject_del", { colour, card: cardName(card), kind: kindName(kind) }),
        step: edit([["del", `clan.${q}.injections.${k}`], ["add", "decks.bunker_discard", card]]) });
    });
    for (const e of out.slice(from)) e.seat = q;
  });
  return out;
}

/** The corrections of the whole table: whose turn and which phase it is (LO-7), and the
 *  black market's cards (the bunker discard pile, LO-10.2). */
export function tableEdits(view) {
  const out = [];
  for (const p of view.players || []) {
    if (p.seat !== view.current) out.push({ label: c("current", { colour: colourName(p.colour) }), step: `edit set state.current ${json(p.colour)}` });
  }
  for (const phase of ["tactical", "economic"]) {
    if (view.phase !== phase && view.phase !== "setup") {
      out.push({ label: c("phase", { phase: t(`aot.phase.${phase}`) }), step: `edit set state.phase ${json(phase)}` });
    }
  }
  for (const card of BUNKER_CARDS) {
    out.push({ label: c("market", { card: cardName(card) }), step: fromDecks(card, "decks.bunker_discard") });
  }
  return out;
}

/** One change of a correction in words (the paths this module makes); a ``take`` says
 *  nothing of its own, the change that lays the card says where it went. */
export function editText(change, ctx = {}) {
  const { verb, path, value } = change;
  const view = ctx.view || {};
  const { p, n } = pathOf(path);
  const colour = p[0] === "clan" ? colourName(clanOf(view, Number(p[1]))) : "";
  if (verb === "take") return null;
  if (p[0] === "piece") {
    if (verb === "add" && value && typeof value === "object") {
      return c("ch_piece_add", { colour: colourName(value.colour), kind: kindName(value.kind), hex: value.hex });
    }
    if (verb === "del") return c("ch_piece_del", { n: n(1) });
    if (p[2] === "hex") return c("ch_piece_hex", { n: n(1), hex: value });
    if (p[2] === "damage") return c("ch_piece_damage", { n: n(1), v: value });
    if (p[2] === "acted") return c("ch_piece_acted", { n: n(1), done: c(value ? "done" : "not_done") });
  }
  if (p[0] === "clan") {
    if (p[2] === "water") return c("ch_water", { colour, v: value });
    if (p[2] === "levels") return c("ch_level", { colour, kind: kindName(p[3]), v: value });
    if (p[2] === "eye") return c("ch_eye", { colour, v: value });
    if (p[2] === "pumps") return c("ch_pumps", { colour, v: value });
    if (verb === "del" && p[2] === "injections") return c("ch_gone", { colour });
    if (verb === "add" && p[2] === "hand") return c("ch_hand", { colour, card: cardName(value) });
    if (verb === "add" && p[2] === "statuses") return c("ch_statuses", { colour, card: cardName(value) });
    if (verb === "add" && p[2] === "injections" && Array.isArray(value)) {
      return c("ch_injections", { colour, card: cardName(value[0]), kind: kindName(value[1]) });
    }
  }
  if (p[0] === "decks" && verb === "add" && String(p[1]).endsWith("_discard")) return c("ch_discard", { card: cardName(value) });
  if (path === "state.current") return c("ch_current", { colour: colourName(value) });
  if (path === "state.phase") return c("ch_phase", { phase: t(`aot.phase.${value}`) });
  return c("ch_other", { path });
}

// LO-9, LO-10.1, LO-11: the rule that draws names the deck the table turns a card of
const DRAWN = { "LO-9": "source_card", "LO-10.1": "bunker_card", "LO-11": "tower_card" };

/** What the table is asked at a chance point, in the page's language (``view.chance``
 *  names the rule that draws); null where this module has no words for it. */
export function chanceText(view) {
  const point = view && view.chance;
  const key = point && DRAWN[point.rule];
  return key ? c(key) : null;
}

/** LO-4.3: a clan's starting troops entered as the table placed them, in one step: one
 *  choice per free hex of its base, filled with the troops still to place in the order of
 *  the kinds (the table changes the hexes where its own arrangement differs). Sent as the
 *  placements one after another ("place skinny 4,-2; place handsome 5,-4; ..."), which the
 *  engine checks each by LO-4.3 (and LO-13.5's 9 of 10) and refuses whole with the rule. */
export function actionForm(decision, view) {
  if (!decision || decision.kind !== "place") return null;
  const hexes = [];
  for (const a of decision.actions) {
    const hex = (fieldsOf(a) || {}).hex;
    if (hex !== undefined && !hexes.includes(hex)) hexes.push(hex);
  }
  const placed = (((view.players || [])[decision.seat] || {}).on_board) || {};
  const pool = TROOPS.flatMap((k) => Array(Math.max(0, STARTING[k] - (placed[k] || 0))).fill(k));
  // each placement is the offered action of that troop and hex, as the server wrote it: the
  // page never writes an action's text itself (every troop may go on every free hex, LO-4.3)
  const placing = (kind, hex) => decision.actions.find((a) => verbOf(a) === "place" && fieldsOf(a).kind === kind
    && fieldsOf(a).hex === hex);
  const offered = TROOPS.filter((k) => hexes.some((hex) => placing(k, hex)));
  const shown = hexes.slice(0, pool.length);
  return {
    fields: shown.map((hex, i) => ({ key: hex, label: c("at_hex", { hex }), value: pool[i],
      options: offered.map((k) => ({ value: k, label: kindName(k) })) })),
    action: (v) => shown.map((hex) => placing(v[hex], hex)).join("; "),
  };
}
