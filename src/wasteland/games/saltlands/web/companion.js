// Saltlands on the companion page: what a tap on a hex can correct, as the companion's
// correction steps ("edit set|add|del PATH VALUE") over the Saltlands scenario format
// (its writer lists raiders, tokens, players and tiles in the order the view does). A new
// raider takes the next free number: the step drops ``state.next_raider`` so that the
// scenario reader counts it again.
import { t as gameWord, lang } from "/js/i18n.js";
import { raiderName, tokenName, seatName } from "./notation.js";

// The words of the corrections, kept here with them (the board's words come from i18n/).
const WORDS = {
  en: { move_to: "move to…", remove: "take away", stands_here: "stands here", place: "Place a raider",
        tile: "Tile", face_up: "turn face up", rotation: "turned {n}", wind: "Wind toward",
        storm_on: "Sandstorm rages", storm_off: "No sandstorm" },
  ru: { move_to: "переставить…", remove: "убрать", stands_here: "стоит здесь", place: "Поставить рейдера",
        tile: "Тайл", face_up: "открыть", rotation: "поворот {n}", wind: "Ветер на",
        storm_on: "Бушует песчаная буря", storm_off: "Бури нет" },
  uk: { move_to: "переставити…", remove: "прибрати", stands_here: "стоїть тут", place: "Поставити рейдера",
        tile: "Тайл", face_up: "відкрити", rotation: "поворот {n}", wind: "Вітер на",
        storm_on: "Лютує піщана буря", storm_off: "Бурі немає" },
};

function t(key, params = {}) {
  if (!key.startsWith("companion.")) return gameWord(key, params);
  const k = key.slice("companion.".length);
  const s = (WORDS[lang()] || WORDS.en)[k] ?? WORDS.en[k] ?? k;
  return s.replace(/\{(\w+)\}/g, (m, p) => (params[p] === undefined ? m : String(params[p])));
}

const DIRS = ["N", "NE", "SE", "S", "SW", "NW"];
const RAIDER_TYPES = ["speedster", "pickup", "truck", "bulldozer", "hovercraft", "apc"];
const MOST_CREW = 4;

const json = (v) => JSON.stringify(v);

/** The corrections a tap on ``hex`` offers: [{label, step}] or [{label, pickHex(dest) -> step}]. */
export function hexEdits(view, hex) {
  const out = [];
  const raiders = view.raiders || [];
  const ri = raiders.findIndex((r) => r.hex === hex);
  if (ri >= 0) {
    const r = raiders[ri];
    const name = raiderName(r.type);
    out.push({ label: `${name}: ${t("companion.move_to")}`, pickHex: (dest) => `edit set raider.${ri}.hex ${json(dest)}` });
    for (let n = 1; n <= MOST_CREW; n++) {
      if (n !== r.crew) out.push({ label: `${name}: ${t("game.crew", { n })}`, step: `edit set raider.${ri}.crew ${n}` });
    }
    out.push({ label: `${name}: ${t("companion.remove")}`, step: `edit del raider.${ri}` });
  }
  const tokens = Object.keys(view.tokens || {});
  const ti = tokens.indexOf(hex);
  if (ti >= 0) {
    out.push({ label: `${tokenName(view.tokens[hex])}: ${t("companion.remove")}`, step: `edit del token.${ti}` });
  }
  (view.players || []).forEach((p, i) => {
    if (p.hex === hex) {
      out.push({ label: `${seatName(p.seat)}: ${t("companion.move_to")}`, pickHex: (dest) => `edit set player.${i}.hex ${json(dest)}` });
    } else {
      out.push({ label: `${seatName(p.seat)}: ${t("companion.stands_here")}`, step: `edit set player.${i}.hex ${json(hex)}` });
    }
  });
  if (ri < 0 && ti < 0) {
    const types = Object.keys(view.damage_stacks || {}).length ? Object.keys(view.damage_stacks) : RAIDER_TYPES;
    for (const type of types) {
      out.push({ label: `${t("companion.place")}: ${raiderName(type)}`, step: `edit ${json([["add", "raider", { type, hex }], ["del", "state.next_raider"]])}` });
    }
  }
  const cell = (view.hexes || []).findIndex((c) => c.hex === hex);
  if (cell >= 0) {
    const k = Math.floor(cell / 19);
    const tile = (view.tiles || [])[k];
    if (tile && !tile.face_up) out.push({ label: `${t("companion.tile")} ${tile.at}: ${t("companion.face_up")}`, step: `edit set tile.${k}.face_up true` });
    if (tile && tile.face_up) {
      for (let r = 0; r < 6; r++) {
        if (r !== tile.rotation) out.push({ label: `${t("companion.tile")} ${tile.at}: ${t("companion.rotation", { n: r })}`, step: `edit set tile.${k}.rotation ${r}` });
      }
    }
  }
  return out;
}

/** The corrections of the whole table: the wind's direction, the sandstorm. */
export function tableEdits(view) {
  const out = DIRS.filter((d) => d !== view.wind_dir).map((d) => ({ label: `${t("companion.wind")} ${t(`dir.${d}`)}`, step: `edit set state.wind ${json(d)}` }));
  out.push({ label: view.storm ? t("companion.storm_off") : t("companion.storm_on"), step: `edit set state.storm ${!view.storm}` });
  return out;
}
