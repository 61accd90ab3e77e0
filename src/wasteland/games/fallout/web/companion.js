// The Fallout round end on the companion page: what a tap on a space can correct, as the
// companion's correction steps ("edit set|add|del PATH VALUE") over the Fallout position
// format (docs/fallout-scenarios.md; its writer lists survivors in seat order and enemies
// sorted by id, as the view does), and the words of those corrections and of an agenda
// card's printed icons. A new enemy token takes the next number of its type: the position
// reader counts it.
import { edit, json, pathOf, wordsOf } from "/js/companion-words.js";
import { fieldsOf } from "/js/fields.js";

// The words of the corrections, kept here with them (the board's words come from i18n/).
const WORDS = {
  en: { move_to: "move to…", remove: "take away", stands_here: "stands here", place: "Place an enemy",
        flip_down: "turn face down", flip_up: "turn face up", marker_on: "put a quest marker here",
        marker_off: "take the quest marker away", health: "health {n}", radiation: "radiation {n}",
        kills: "enemies defeated: {n}", quests: "quests completed: {n}",
        ch_survivor_kills: "survivor {n}: {v} enemies defeated", ch_survivor_quests: "survivor {n}: {v} quests completed",
        track: "{faction}: step {n}", first: "First player: survivor {n}",
        ch_enemy_add: "{enemy} placed on {space}", ch_enemy_space: "enemy {n} now on {space}",
        ch_enemy_side: "enemy {n} turned {side}", ch_enemy_del: "enemy {n} taken away", up: "face up", down: "face down",
        ch_survivor_space: "survivor {n} now on {space}", ch_survivor_health: "survivor {n}: health {v}",
        ch_survivor_radiation: "survivor {n}: radiation {v}", ch_markers: "quest markers on {list}",
        ch_track: "{faction} on step {v}", ch_first: "survivor {v} holds the agenda deck", ch_other: "{path} changed",
        icon: "Icon {n} (left to right)", none: "no more icons",
        agenda_card: "Turn the top card of the agenda deck: which card is it?",
        fight_die: "Survivor {survivor} fights {enemy}: throw the die",
        f_health: "Health after the fight", f_radiation: "Radiation after the fight", f_end: "The enemy",
        stands: "stands", defeated: "is defeated" },
  ru: { move_to: "переставить…", remove: "убрать", stands_here: "стоит здесь", place: "Поставить врага",
        flip_down: "перевернуть лицом вниз", flip_up: "перевернуть лицом вверх", marker_on: "положить сюда маркер задания",
        marker_off: "убрать маркер задания", health: "здоровье {n}", radiation: "радиация {n}",
        kills: "побеждено врагов: {n}", quests: "выполнено заданий: {n}",
        ch_survivor_kills: "выживший {n}: побеждено врагов {v}", ch_survivor_quests: "выживший {n}: выполнено заданий {v}",
        track: "{faction}: шаг {n}", first: "Первый игрок: выживший {n}",
        ch_enemy_add: "{enemy} поставлен на {space}", ch_enemy_space: "враг {n} теперь на {space}",
        ch_enemy_side: "враг {n} перевёрнут {side}", ch_enemy_del: "враг {n} убран", up: "лицом вверх", down: "лицом вниз",
        ch_survivor_space: "выживший {n} теперь на {space}", ch_survivor_health: "выживший {n}: здоровье {v}",
        ch_survivor_radiation: "выживший {n}: радиация {v}", ch_markers: "маркеры заданий: {list}",
        ch_track: "{faction} на шаге {v}", ch_first: "колода замыслов у выжившего {v}", ch_other: "изменено: {path}",
        icon: "Значок {n} (слева направо)", none: "больше значков нет",
        agenda_card: "Откройте верхнюю карту колоды замыслов: какая это карта?",
        fight_die: "Выживший {survivor} сражается с врагом {enemy}: бросьте кубик",
        f_health: "Здоровье после боя", f_radiation: "Радиация после боя", f_end: "Враг",
        stands: "устоял", defeated: "побеждён" },
  uk: { move_to: "переставити…", remove: "прибрати", stands_here: "стоїть тут", place: "Поставити ворога",
        flip_down: "перевернути лицем униз", flip_up: "перевернути лицем угору", marker_on: "покласти сюди маркер завдання",
        marker_off: "прибрати маркер завдання", health: "здоров'я {n}", radiation: "радіація {n}",
        kills: "переможено ворогів: {n}", quests: "виконано завдань: {n}",
        ch_survivor_kills: "вцілілий {n}: переможено ворогів {v}", ch_survivor_quests: "вцілілий {n}: виконано завдань {v}",
        track: "{faction}: крок {n}", first: "Перший гравець: вцілілий {n}",
        ch_enemy_add: "{enemy} поставлено на {space}", ch_enemy_space: "ворог {n} тепер на {space}",
        ch_enemy_side: "ворога {n} перевернуто {side}", ch_enemy_del: "ворога {n} прибрано", up: "лицем угору", down: "лицем униз",
        ch_survivor_space: "вцілілий {n} тепер на {space}", ch_survivor_health: "вцілілий {n}: здоров'я {v}",
        ch_survivor_radiation: "вцілілий {n}: радіація {v}", ch_markers: "маркери завдань: {list}",
        ch_track: "{faction} на кроці {v}", ch_first: "колода задумів у вцілілого {v}", ch_other: "змінено: {path}",
        icon: "Значок {n} (зліва направо)", none: "більше значків немає",
        agenda_card: "Відкрийте верхню карту колоди задумів: яка це карта?",
        fight_die: "Вцілілий {survivor} б'ється з ворогом {enemy}: киньте кубик",
        f_health: "Здоров'я після бою", f_radiation: "Радіація після бою", f_end: "Ворог",
        stands: "вистояв", defeated: "переможений" },
};

const { t, c, known } = wordsOf(WORDS);

// FO-13.2: the enemy types of the demo data, in the order the data lists them
const ENEMY_TYPES = ["mole_rat", "radroach", "marauder", "ghoul", "super_mutant"];
const TRACK = 12; // FO-13.3: the health/radiation track runs 0-12

const spaceName = (id) => known(`fo.space.${id}`, String(id).replaceAll("_", " "));
const enemyName = (kind) => known(`fo.enemy.${kind}`, kind);
const enemyLabel = (id) => { const [kind, n] = String(id).split("#"); return `${enemyName(kind)} ${n || ""}`.trim(); };
const survivor = (seat) => t("fo.survivor", { seat: seat + 1 });

/** Every space of the map: a tap on any of them may correct what stands there. */
export function spots(view) {
  return ((view.map && view.map.spaces) || []).map((sp) => sp.id);
}

/** The name of a tapped space, as the menu of its corrections is titled. */
export function spotTitle(view, space) {
  return spaceName(space);
}

/** The corrections a tap on ``space`` offers: [{label, step}], [{label, pickHex(dest) -> step}]
 *  or [{label, entries}] (a second list to choose from). */
export function hexEdits(view, space) {
  const out = [];
  (view.enemies || []).forEach((e, i) => {
    if (e.space !== space) return;
    const name = enemyLabel(e.id);
    out.push({ label: `${name}: ${c("move_to")}`, pickHex: (dest) => `edit set enemy.${i}.space ${json(dest)}` });
    out.push({ label: `${name}: ${c(e.face_up ? "flip_down" : "flip_up")}`,
      step: `edit set enemy.${i}.side ${json(e.face_up ? "down" : "up")}` });
    out.push({ label: `${name}: ${c("remove")}`, step: `edit del enemy.${i}` });
  });
  (view.survivors || []).forEach((p, i) => {
    if (p.space === space) {
      out.push({ label: `${survivor(p.seat)}: ${c("move_to")}`, mover: p.seat, pickHex: (dest) => `edit set survivor.${i}.space ${json(dest)}` });
    } else {
      out.push({ label: `${survivor(p.seat)}: ${c("stands_here")}`, mover: p.seat, step: `edit set survivor.${i}.space ${json(space)}` });
    }
  });
  out.push({ label: `${c("place")}…`, entries: ENEMY_TYPES.map((type) => ({ label: enemyName(type),
    step: edit([["add", "enemy", { type, space, side: "up" }]]) })) });
  const quests = (view.map && view.map.quests) || [];
  if (quests.includes(space)) {
    const markers = view.markers || [];
    const on = markers.includes(space);
    out.push({ label: `${spaceName(space)}: ${c(on ? "marker_off" : "marker_on")}`,
      step: `edit set state.markers ${json(on ? markers.filter((m) => m !== space) : [...markers, space])}` });
  }
  return out;
}

/** The corrections of each survivor: health and radiation on the track (FO-13.3). */
export function playerEdits(view) {
  const out = [];
  (view.survivors || []).forEach((p, i) => {
    const from = out.length; // this seat's corrections: the page offers them beside its turn
    const who = survivor(p.seat);
    const values = (low, high) => Array.from({ length: high - low + 1 }, (_, k) => low + k);
    out.push({ label: `${who}: ${c("health", { n: p.health })}…`, entries: values(p.radiation + 1, TRACK)
      .filter((v) => v !== p.health).map((v) => ({ label: c("health", { n: v }), step: `edit set survivor.${i}.health ${v}` })) });
    out.push({ label: `${who}: ${c("radiation", { n: p.radiation })}…`, entries: values(0, p.health - 1)
      .filter((v) => v !== p.radiation).map((v) => ({ label: c("radiation", { n: v }), step: `edit set survivor.${i}.radiation ${v}` })) });
    // the counts the agenda cards' requirements read (FO-13.5)
    for (const key of ["kills", "quests"]) {
      for (const v of [p[key] - 1, p[key] + 1]) {
        if (v >= 0) out.push({ label: `${who}: ${c(key, { n: v })}`, step: `edit set survivor.${i}.${key} ${v}` });
      }
    }
    for (const e of out.slice(from)) e.seat = p.seat ?? i;
  });
  return out;
}

/** The corrections of the whole table: the faction tokens on the scenario track, the
 *  holder of the agenda deck (FO-13.4). */
export function tableEdits(view) {
  const out = [];
  const length = view.track || 0;
  for (const [faction, step] of Object.entries(view.factions || {})) {
    const name = known(`fo.faction.${faction}`, faction);
    for (const v of [step - 1, step + 1]) {
      if (v >= 0 && v < length) out.push({ label: c("track", { faction: name, n: v }), step: `edit set track.${faction} ${v}` });
    }
  }
  for (const p of view.survivors || []) {
    if (p.seat !== view.first) out.push({ label: c("first", { n: p.seat + 1 }), step: `edit set first ${p.seat + 1}` });
  }
  return out;
}

/** One change of a correction in words (the paths this module makes). */
export function editText(change) {
  const { verb, path, value } = change;
  const { p, n } = pathOf(path);
  if (p[0] === "enemy") {
    if (verb === "add" && value && typeof value === "object") return c("ch_enemy_add", { enemy: enemyName(value.type), space: spaceName(value.space) });
    if (verb === "del") return c("ch_enemy_del", { n: n(1) });
    if (p[2] === "space") return c("ch_enemy_space", { n: n(1), space: spaceName(value) });
    if (p[2] === "side") return c("ch_enemy_side", { n: n(1), side: c(value === "down" ? "down" : "up") });
  }
  if (p[0] === "survivor") {
    if (p[2] === "space") return c("ch_survivor_space", { n: n(1), space: spaceName(value) });
    if (p[2] === "health") return c("ch_survivor_health", { n: n(1), v: value });
    if (p[2] === "radiation") return c("ch_survivor_radiation", { n: n(1), v: value });
    if (p[2] === "kills") return c("ch_survivor_kills", { n: n(1), v: value });
    if (p[2] === "quests") return c("ch_survivor_quests", { n: n(1), v: value });
  }
  if (path === "state.markers" && Array.isArray(value)) return c("ch_markers", { list: value.map(spaceName).join(", ") || "—" });
  if (p[0] === "track") return c("ch_track", { faction: known(`fo.faction.${p[1]}`, p[1]), v: value });
  if (path === "first") return c("ch_first", { v: value });
  return c("ch_other", { path });
}

/** The name of a printed value of the agenda card the table enters (``chance custom
 *  icon1=marauder icon2=none``): the icons left to right, each an enemy type. */
export function customLabel(key, value) {
  if (value !== undefined) return value === "none" ? c("none") : enemyName(value);
  const m = /^icon(\d+)$/.exec(key);
  return m ? c("icon", { n: m[1] }) : key;
}

/** What the table is asked at a chance point, in the page's language (``view.chance``:
 *  its ``term`` and ``about``); null where this module has no words for it. */
export function chanceText(view) {
  const point = view && view.chance;
  if (!point || !point.term || !WORDS.en[point.term]) return null;
  const about = point.about || {};
  return c(point.term, { survivor: about.survivor, enemy: about.enemy ? enemyLabel(about.enemy) : "" });
}

/** A fight's result as three choices (FO-13.2: the table fights by the real rules and
 *  enters what came of it), instead of one button per result; null for other decisions. */
export function actionForm(decision, view) {
  if (!decision || decision.kind !== "fight") return null;
  const p = (view.survivors || [])[decision.seat] || { health: TRACK, radiation: 0 };
  const track = Array.from({ length: TRACK + 1 }, (_, k) => ({ value: k, label: String(k) }));
  return {
    fields: [
      { key: "health", label: c("f_health"), options: track, value: p.health },
      { key: "radiation", label: c("f_radiation"), options: track, value: p.radiation },
      { key: "end", label: c("f_end"), options: ["stands", "defeated"].map((v) => ({ value: v, label: c(v) })), value: "stands" },
    ],
    // the offered action with these fields (the page writes no action text itself)
    action: (v) => decision.actions.find((a) => {
      const f = fieldsOf(a) || {};
      return f.health === Number(v.health) && f.radiation === Number(v.radiation) && f.fate === v.end;
    }),
  };
}
