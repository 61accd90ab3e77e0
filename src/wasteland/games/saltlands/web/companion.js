// Saltlands on the companion page: what a tap can correct, as the companion's correction
// steps ("edit set|add|del|take PATH VALUE") over the Saltlands scenario format (its writer
// lists raiders, tokens, players and tiles in the order the view does), and the words of
// those corrections, of a raider's "why no attack" and of a damage card's printed values.
// A new raider takes the next free number: the step drops ``state.next_raider`` so that the
// scenario reader counts it again. A card or token that moves is taken out of where it lay
// (``take``, "$taken"), since the reader refuses a component in two places.
import { has } from "/js/i18n.js";
import { edit, json, pathOf, wordsOf } from "/js/companion-words.js";
import { raiderName, tokenName, seatName, cardName, tileName } from "./notation.js";

// The words of the corrections, kept here with them (the board's words come from i18n/).
const WORDS = {
  en: { move_to: "move to…", remove: "take away", stands_here: "stands here", place: "Place a raider",
        tile: "Tile", face_up: "turn face up", rotation: "turned {n}", wind: "Wind toward",
        storm_on: "Sandstorm rages", storm_off: "No sandstorm", which_tile: "which tile is it…",
        tile_is: "{tile}, turned {n}", token: "Place a token", vehicle: "vehicle…", armor_more: "armor +1 ({card})",
        armor_less: "armor −1 ({card})", crew_more: "crew +1", crew_less: "crew −1", weather: "Weather card",
        weather_is: "the weather card is {card}", player: "Player {seat}",
        ch_raider_add: "{raider} placed on {hex}", ch_raider_hex: "raider {n} now on {hex}",
        ch_raider_crew: "raider {n}: crew {crew}", ch_raider_del: "raider {n} taken away",
        ch_token_add: "token “{token}” placed on {hex}", ch_token_del: "token {n} taken away",
        ch_player_hex: "{seat} now on {hex}", ch_vehicle: "{seat} drives {card}", ch_cargo_add: "{seat} gets {card}",
        ch_cargo_take: "{seat} gives up {card}", ch_tile: "tile at {at}: {tile}", ch_tile_up: "tile at {at} face up",
        ch_rotation: "tile at {at} turned {n}", ch_wind: "wind toward {dir}", ch_storm_on: "a sandstorm rages",
        ch_storm_off: "no sandstorm", ch_weather: "weather card {card}", ch_other: "{path} changed",
        na_bonus: "its damage card gives movement instead of damage", na_hidden: "the player next to it is hidden, and it was not next to her when she hid",
        na_none: "no player is next to it",
        cf_letters: "Spawn letters", cf_damage: "Damage", cf_type: "Damage type", cf_move: "Movement instead of damage",
        f_raider: "raider", f_token: "token", f_player: "player", f_tile: "tile", f_hex: "hex", f_crew: "crew", f_wind: "wind", f_storm: "sandstorm", f_vehicle: "vehicle", f_cargo: "cargo", f_rotation: "orientation", f_face_up: "face up", f_type: "type", f_weather_drawn: "weather card",
        marker_here: "{colour} rumor marker: here", ch_marker: "{colour} rumor marker on the tile at {at}", f_markers: "rumor markers",
        cv_normal: "normal", cv_ap: "armor-piercing" },
  ru: { move_to: "переставить…", remove: "убрать", stands_here: "стоит здесь", place: "Поставить рейдера",
        tile: "Тайл", face_up: "открыть", rotation: "поворот {n}", wind: "Ветер на",
        storm_on: "Бушует песчаная буря", storm_off: "Бури нет", which_tile: "какой это тайл…",
        tile_is: "{tile}, поворот {n}", token: "Положить жетон", vehicle: "транспорт…", armor_more: "броня +1 ({card})",
        armor_less: "броня −1 ({card})", crew_more: "экипаж +1", crew_less: "экипаж −1", weather: "Карта погоды",
        weather_is: "карта погоды — {card}", player: "Игрок {seat}",
        ch_raider_add: "рейдер «{raider}» поставлен на {hex}", ch_raider_hex: "рейдер {n} теперь на {hex}",
        ch_raider_crew: "рейдер {n}: экипаж {crew}", ch_raider_del: "рейдер {n} убран",
        ch_token_add: "жетон «{token}» положен на {hex}", ch_token_del: "жетон {n} убран",
        ch_player_hex: "{seat} теперь на {hex}", ch_vehicle: "у {seat} транспорт «{card}»", ch_cargo_add: "{seat} получает «{card}»",
        ch_cargo_take: "{seat} отдаёт «{card}»", ch_tile: "тайл в {at}: {tile}", ch_tile_up: "тайл в {at} открыт",
        ch_rotation: "тайл в {at}: поворот {n}", ch_wind: "ветер на {dir}", ch_storm_on: "бушует песчаная буря",
        ch_storm_off: "бури нет", ch_weather: "карта погоды «{card}»", ch_other: "изменено: {path}",
        na_bonus: "карта урона даёт движение вместо урона", na_hidden: "игрок рядом скрыт, а когда он скрывался, этого рейдера рядом не было",
        na_none: "рядом нет игрока",
        cf_letters: "Буквы точек появления", cf_damage: "Урон", cf_type: "Тип урона", cf_move: "Движение вместо урона",
        f_raider: "рейдер", f_token: "жетон", f_player: "игрок", f_tile: "тайл", f_hex: "гекс", f_crew: "экипаж", f_wind: "ветер", f_storm: "песчаная буря", f_vehicle: "транспорт", f_cargo: "груз", f_rotation: "поворот", f_face_up: "открыт", f_type: "тип", f_weather_drawn: "карта погоды",
        marker_here: "{colour} маркер слухов: сюда", ch_marker: "{colour} маркер слухов на тайле в {at}", f_markers: "маркеры слухов",
        cv_normal: "обычный", cv_ap: "бронебойный" },
  uk: { move_to: "переставити…", remove: "прибрати", stands_here: "стоїть тут", place: "Поставити рейдера",
        tile: "Тайл", face_up: "відкрити", rotation: "поворот {n}", wind: "Вітер на",
        storm_on: "Лютує піщана буря", storm_off: "Бурі немає", which_tile: "який це тайл…",
        tile_is: "{tile}, поворот {n}", token: "Покласти жетон", vehicle: "транспорт…", armor_more: "броня +1 ({card})",
        armor_less: "броня −1 ({card})", crew_more: "екіпаж +1", crew_less: "екіпаж −1", weather: "Карта погоди",
        weather_is: "карта погоди — {card}", player: "Гравець {seat}",
        ch_raider_add: "рейдера «{raider}» поставлено на {hex}", ch_raider_hex: "рейдер {n} тепер на {hex}",
        ch_raider_crew: "рейдер {n}: екіпаж {crew}", ch_raider_del: "рейдера {n} прибрано",
        ch_token_add: "жетон «{token}» покладено на {hex}", ch_token_del: "жетон {n} прибрано",
        ch_player_hex: "{seat} тепер на {hex}", ch_vehicle: "у {seat} транспорт «{card}»", ch_cargo_add: "{seat} отримує «{card}»",
        ch_cargo_take: "{seat} віддає «{card}»", ch_tile: "тайл у {at}: {tile}", ch_tile_up: "тайл у {at} відкрито",
        ch_rotation: "тайл у {at}: поворот {n}", ch_wind: "вітер на {dir}", ch_storm_on: "лютує піщана буря",
        ch_storm_off: "бурі немає", ch_weather: "карта погоди «{card}»", ch_other: "змінено: {path}",
        na_bonus: "карта шкоди дає рух замість шкоди", na_hidden: "гравець поруч прихований, а коли він ховався, цього рейдера поруч не було",
        na_none: "поруч немає гравця",
        cf_letters: "Літери точок появи", cf_damage: "Шкода", cf_type: "Тип шкоди", cf_move: "Рух замість шкоди",
        f_raider: "рейдер", f_token: "жетон", f_player: "гравець", f_tile: "тайл", f_hex: "гекс", f_crew: "екіпаж", f_wind: "вітер", f_storm: "піщана буря", f_vehicle: "транспорт", f_cargo: "вантаж", f_rotation: "поворот", f_face_up: "відкритий", f_type: "тип", f_weather_drawn: "карта погоди",
        marker_here: "{colour} маркер чуток: сюди", ch_marker: "{colour} маркер чуток на тайлі в {at}", f_markers: "маркери чуток",
        cv_normal: "звичайна", cv_ap: "бронебійна" },
};

const { t, c } = wordsOf(WORDS);

const DIRS = ["N", "NE", "SE", "S", "SW", "NW"];
const RAIDER_TYPES = ["speedster", "pickup", "truck", "bulldozer", "hovercraft", "apc"];
// a raider's crew as printed (data/raiders.toml): a correction offers no more than it holds
const MOST_CREW = { speedster: 1, pickup: 2, truck: 2, bulldozer: 1, hovercraft: 1, apc: 2 };
// SL §35: the numbered terrain tiles (and the expansion's, SL §140)
const TILES = ["tile_01", "tile_02", "tile_03", "tile_04", "tile_05", "tile_06", "tile_07", "tile_08", "tile_09"];
const EXP_TILES = ["exp_1", "exp_2", "exp_3", "exp_4"];
// SL §70: the vehicle cards a figure may drive (its vehicle slot, SL §54); SL §144: the expansion's
const VEHICLES = ["sailer", "armored_sailer", "speedster_vehicle", "pickup_vehicle", "truck_vehicle", "bulldozer_vehicle",
  "hovercraft_vehicle", "apc_vehicle"];
const EXP_VEHICLES = ["wind_tractor"];
// SL §88: cargo cards of passive armor
const ARMOR_CARDS = ["scrap_plating", "body_armor"];
// How a tile may lie: north by the arrow on its back (SL §110); with Explorer's luck an
// explored tile may also lie a sixth to either side (SL §152). The reader refuses any other.
function turns(view, tile) {
  const lucky = ((view.config || {}).variants || []).includes("explorers_luck") && !/^(compass|start_)/.test(tile.tile || "");
  return lucky ? [0, 1, 5] : [0];
}

// SL §37: the tokens laid on wrecks, by kind (the pool's copies are taken as they come)
const TOKEN_KINDS = ["loot", "crew", "rumor", "victory_blue", "victory_green"];
const WEATHER = ["w01", "w02", "w03", "w04", "w05", "w06", "w07", "w08", "w09", "w10"];

const colourName = (colour) => {
  const word = has(`colour.${colour}`) ? t(`colour.${colour}`) : colour;
  return word.charAt(0).toUpperCase() + word.slice(1);
};
const kindOf = (card) => String(card).split("#")[0];
const expansion = (view) => Boolean(view.config && view.config.expansion);

/** The corrections a tap on ``hex`` offers: [{label, step}], [{label, pickHex(dest) -> step}]
 *  or [{label, entries}] (a second list to choose from). */
export function hexEdits(view, hex) {
  const out = [];
  const raiders = view.raiders || [];
  const ri = raiders.findIndex((r) => r.hex === hex);
  if (ri >= 0) {
    const r = raiders[ri];
    const name = raiderName(r.type);
    out.push({ label: `${name}: ${c("move_to")}`, pickHex: (dest) => `edit set raider.${ri}.hex ${json(dest)}` });
    for (let n = 1; n <= (MOST_CREW[r.type] || 2); n++) {
      if (n !== r.crew) out.push({ label: `${name}: ${t("game.crew", { n })}`, step: `edit set raider.${ri}.crew ${n}` });
    }
    out.push({ label: `${name}: ${c("remove")}`, step: `edit del raider.${ri}` });
  }
  const tokens = Object.keys(view.tokens || {});
  const ti = tokens.indexOf(hex);
  if (ti >= 0) {
    out.push({ label: `${tokenName(view.tokens[hex])}: ${c("remove")}`, step: `edit del token.${ti}` });
  }
  (view.players || []).forEach((p, i) => {
    // The player whose turn it is, once moved, has moved off the start dune she entered on
    // while another figure stood there (SL §45: she moves off at once): the flag goes with her.
    const goes = (dest) => (p.seat === view.current
      ? edit([["set", `player.${i}.hex`, dest], ["set", "state.must_move", false]])
      : `edit set player.${i}.hex ${json(dest)}`);
    if (p.hex === hex) {
      out.push({ label: `${seatName(p.seat)}: ${c("move_to")}`, mover: p.seat, pickHex: goes });
    } else {
      out.push({ label: `${seatName(p.seat)}: ${c("stands_here")}`, mover: p.seat, step: goes(hex) });
    }
  });
  if (ri < 0 && ti < 0) {
    const types = Object.keys(view.damage_stacks || {}).length ? Object.keys(view.damage_stacks) : RAIDER_TYPES;
    out.push({ label: `${c("place")}…`, entries: types.map((type) => ({ label: raiderName(type),
      step: edit([["add", "raider", { type, hex }], ["del", "state.next_raider"]]) })) });
    out.push({ label: `${c("token")}…`, entries: TOKEN_KINDS.map((kind) => ({ label: tokenName(kind),
      step: edit([["take", "state.token_pool", `${kind}#*`], ["add", "token", { hex, token: "$taken" }]]) })) });
  }
  const cell = (view.hexes || []).findIndex((x) => x.hex === hex);
  if (cell >= 0) {
    const k = Math.floor(cell / 19);
    const tile = (view.tiles || [])[k];
    if (tile && !tile.face_up) out.push({ label: `${c("tile")} ${tile.at}: ${c("face_up")}`, step: `edit set tile.${k}.face_up true` });
    if (tile && tile.face_up) {
      for (const r of turns(view, tile)) {
        if (r !== tile.rotation) out.push({ label: `${c("tile")} ${tile.at}: ${c("rotation", { n: r })}`, step: `edit set tile.${k}.rotation ${r}` });
      }
    }
    // SL §108: a rumor marker stands on a tile, not on a hex (a colony's at the start,
    // SL §43; an unexplored one after a rumor card moved it, SL §109)
    if (tile) {
      for (const [colour, at] of Object.entries(view.markers || {})) {
        if (at !== tile.at) out.push({ label: c("marker_here", { colour: colourName(colour) }), step: `edit set state.markers.${colour} ${json(tile.at)}` });
      }
    }
    if (tile && !/^(compass|start_)/.test(tile.tile || "")) {
      // which tile lies here, and how it is turned (a face-down one is turned up by it)
      const ids = TILES.concat(expansion(view) ? EXP_TILES : []);
      const lay = (id, r) => edit([["swap", `tile.${k}.tile`, id], ["set", `tile.${k}.face_up`, true], ["set", `tile.${k}.rotation`, r]]);
      const rs = turns(view, tile);
      out.push({ label: `${c("tile")} ${tile.at}: ${c("which_tile")}`, entries: ids.map((id) => (rs.length === 1
        ? { label: tileName(id), step: lay(id, rs[0]) }
        : { label: tileName(id), entries: rs.map((r) => ({ label: c("tile_is", { tile: tileName(id), n: r }), step: lay(id, r) })) })) });
    }
  }
  return out;
}

/** The corrections of each player's figure: vehicle, armor, crew. [{label, entries|step}] */
export function playerEdits(view) {
  const out = [];
  (view.players || []).forEach((p, i) => {
    const from = out.length; // this seat's corrections: the page offers them beside its turn
    const who = seatName(p.seat);
    const vehicles = VEHICLES.concat(expansion(view) ? EXP_VEHICLES : []).filter((v) => kindOf(p.vehicle) !== v);
    const old = p.vehicle ? [["add", "state.supply", p.vehicle]] : [];
    out.push({ label: `${who}: ${c("vehicle")}`, entries: vehicles.map((v) => ({ label: cardName(v),
      step: edit([["take", "state", `${v}#*`], ...old, ["set", `player.${i}.vehicle`, "$taken"]]) })) });
    for (const card of ARMOR_CARDS) {
      out.push({ label: `${who}: ${c("armor_more", { card: cardName(card) })}`,
        step: edit([["take", "state", `${card}#*`], ["add", `player.${i}.cargo`, "$taken"]]) });
    }
    const armor = (p.cargo || []).find((x) => ARMOR_CARDS.includes(kindOf(x)));
    if (armor) {
      out.push({ label: `${who}: ${c("armor_less", { card: cardName(armor) })}`,
        step: edit([["take", `player.${i}.cargo`, armor], ["add", "state.discard", "$taken"]]) });
    }
    out.push({ label: `${who}: ${c("crew_more")}`, step: edit([["take", "state.supply", "crew#*"], ["add", `player.${i}.cargo`, "$taken"]]) });
    const crew = (p.cargo || []).find((x) => kindOf(x) === "crew");
    if (crew) out.push({ label: `${who}: ${c("crew_less")}`, step: edit([["take", `player.${i}.cargo`, crew], ["add", "state.supply", "$taken"]]) });
    for (const e of out.slice(from)) e.seat = p.seat;
  });
  return out;
}

/** The corrections of the whole table: the wind's direction, the sandstorm, the weather card. */
export function tableEdits(view, ctx = {}) {
  const out = DIRS.filter((d) => d !== view.wind_dir).map((d) => ({ label: `${c("wind")} ${t(`dir.${d}`)}`, step: `edit set state.wind ${json(d)}` }));
  out.push({ label: view.storm ? c("storm_off") : c("storm_on"), step: `edit set state.storm ${!view.storm}` });
  const drawn = view.weather || [];
  const now = drawn[drawn.length - 1];
  if (now) {
    const name = (id) => (ctx.name ? ctx.name(id) : id);
    out.push({ label: `${c("weather")}…`, entries: WEATHER.filter((w) => !drawn.includes(w)).map((w) => ({
      label: c("weather_is", { card: name(w) }),
      step: edit([["take", "state.weather_deck", w], ["add", "state.weather_deck", now], ["set", "state.weather_drawn", [...drawn.slice(0, -1), "$taken"]]]) })) });
  }
  return out;
}

/** One change of a correction in words (the paths of the scenario, as this module makes them). */
export function editText(change, ctx = {}) {
  const { verb, path, value } = change;
  const { p, n } = pathOf(path);
  const name = (id) => (ctx.name ? ctx.name(id) : cardName(id));
  const seat = (i) => seatName(Number(i));
  if (verb === "take") { // what a player gives up, in words; a card taken out of a deck is bookkeeping
    return p[0] === "player" && p[2] === "cargo" ? c("ch_cargo_take", { seat: seat(p[1]), card: cardName(value) }) : "";
  }
  if (path === "state.next_raider" || path === "state.must_move") return ""; // bookkeeping of the step
  if (p[0] === "raider") {
    if (verb === "add" && value && typeof value === "object") return c("ch_raider_add", { raider: raiderName(value.type), hex: value.hex });
    if (verb === "del") return c("ch_raider_del", { n: n(1) });
    if (p[2] === "hex") return c("ch_raider_hex", { n: n(1), hex: value });
    if (p[2] === "crew") return c("ch_raider_crew", { n: n(1), crew: value });
  }
  if (p[0] === "token") {
    if (verb === "add" && value && typeof value === "object") return c("ch_token_add", { token: tokenName(value.token), hex: value.hex });
    if (verb === "del") return c("ch_token_del", { n: n(1) });
  }
  if (p[0] === "player") {
    if (p[2] === "hex") return c("ch_player_hex", { seat: seat(p[1]), hex: value });
    if (p[2] === "vehicle") return c("ch_vehicle", { seat: seat(p[1]), card: cardName(value) });
    if (p[2] === "cargo" && verb === "add") return c("ch_cargo_add", { seat: seat(p[1]), card: cardName(value) });
  }
  if (p[0] === "tile") {
    const at = (ctx.view && ctx.view.tiles && ctx.view.tiles[Number(p[1])] || {}).at || n(1);
    if (p[2] === "tile") return c("ch_tile", { at, tile: tileName(value) });
    if (p[2] === "face_up") return c("ch_tile_up", { at });
    if (p[2] === "rotation") return c("ch_rotation", { at, n: value });
  }
  if (p[0] === "state" && p[1] === "markers" && p[2]) return c("ch_marker", { colour: colourName(p[2]), at: value });
  if (path === "state.wind") return c("ch_wind", { dir: has(`dir.${value}`) ? t(`dir.${value}`) : value });
  if (path === "state.storm") return value ? c("ch_storm_on") : c("ch_storm_off");
  if (path === "state.weather_drawn" && Array.isArray(value)) return c("ch_weather", { card: name(value[value.length - 1]) });
  if (path === "state.discard" || path === "state.supply" || path === "state.weather_deck") return ""; // where a taken card goes
  return c("ch_other", { path });
}

/** Why the raider made no attack, in words (the event's ``no_attack_rule`` tells which). */
export function noAttackText(e) {
  if (e.no_attack_rule === "SL §106") return c("na_bonus");
  if (e.no_attack_rule === "SL §147") return c("na_hidden");
  if (e.no_attack_rule === "SL §103") return c("na_none");
  return e.no_attack;
}

/** The name of a printed value of a card the table enters (``chance custom KEY=VALUE``). */
export function customLabel(key, value) {
  if (value !== undefined) return WORDS.en[`cv_${value}`] ? c(`cv_${value}`) : value;
  return WORDS.en[`cf_${key}`] ? c(`cf_${key}`) : key;
}

/** The field of a refused correction in words ("raider.9.hex": "raider 10, hex"); the path
 *  itself where a part has no word here. */
export function fieldText(field) {
  const words = [];
  for (const part of String(field).split(".")) {
    if (part === "state") continue; // the table of the whole game: its keys say enough
    if (/^\d+$/.test(part) && words.length) words[words.length - 1] += ` ${Number(part) + 1}`;
    else if (WORDS.en[`f_${part}`]) words.push(c(`f_${part}`));
    else return field;
  }
  return words.length ? words.join(", ") : field;
}
