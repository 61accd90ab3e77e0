// The quest on the companion page: what a tap on a zone can correct, as the companion's
// correction steps ("edit set|add|del PATH VALUE") over the quest position format
// (docs/quest-scenarios.md; its writer lists heroes in seat order and enemy models by id,
// as the view does), and the words of those corrections. Tiles, gates and deployment are
// the engine's to lay (the table answers its draws and its leader's ties); what a tap
// corrects is where the figures stand and what they carry.
import { edit, json, pathOf, wordsOf } from "/js/companion-words.js";

// The words of the corrections, kept here with them (the board's words come from i18n/).
const WORDS = {
  en: { move_to: "move to…", remove: "take away", stands_here: "stands here", place: "Place an enemy of group {n}",
        wounds: "{n} wounds left", out: "out of action", item_on: "a mystic item lies here", item_off: "take the mystic item away",
        quest_on: "the quest symbol is here", cond_on: "{cond}: put the token on", cond_off: "{cond}: take the token off",
        dusk: "Dusk token on zone {n}", group_stun: "Enemy group {n} is stunned", group_unstun: "Enemy group {n} is not stunned",
        ch_enemy_tokens: "enemy {n}: {list}", ch_stunned: "stunned enemy groups: {list}", inspiration: "inspiration {n}", ch_hero_inspiration: "hero {n}: inspiration {v}",
        ch_enemy_add: "{enemy} of group {g} placed in {zone}", ch_enemy_zone: "enemy {n} now in {zone}",
        ch_enemy_wounds: "enemy {n}: {v} wounds left", ch_enemy_del: "enemy {n} taken away",
        ch_hero_zone: "hero {n} now in {zone}", ch_hero_out: "hero {n} out of action", ch_hero_wounds: "hero {n}: {v} wounds left",
        ch_hero_tokens: "hero {n}: {list}", ch_items: "mystic items in {list}", ch_quest: "the quest symbol in {zone}",
        ch_dusk: "the dusk token on zone {v}", ch_other: "{path} changed", none: "none",
        exploration_card: "Draw the top exploration card: which is it?", encounter_card: "Draw an encounter card: which is it?",
        crisis_card: "Draw a crisis card: which is it?", event_die: "Roll the event die (1D12)",
        destiny_die: "Throw a destiny die", activation_die: "Hero {hero} throws an activation die",
        weapon_die: "Throw the weapon die of enemy {model}" },
  ru: { move_to: "переставить…", remove: "убрать", stands_here: "стоит здесь", place: "Поставить врага группы {n}",
        wounds: "осталось ран: {n}", out: "выбыл из игры", item_on: "здесь лежит мистический предмет", item_off: "убрать мистический предмет",
        quest_on: "здесь символ задания", cond_on: "{cond}: положить жетон", cond_off: "{cond}: снять жетон",
        dusk: "Жетон сумерек на зоне {n}", group_stun: "Группа врагов {n} потрясена", group_unstun: "Группа врагов {n} не потрясена",
        ch_enemy_tokens: "враг {n}: {list}", ch_stunned: "потрясённые группы врагов: {list}", inspiration: "вдохновение {n}", ch_hero_inspiration: "герой {n}: вдохновение {v}",
        ch_enemy_add: "{enemy} группы {g} поставлен в {zone}", ch_enemy_zone: "враг {n} теперь в {zone}",
        ch_enemy_wounds: "враг {n}: осталось ран {v}", ch_enemy_del: "враг {n} убран",
        ch_hero_zone: "герой {n} теперь в {zone}", ch_hero_out: "герой {n} выбыл из игры", ch_hero_wounds: "герой {n}: осталось ран {v}",
        ch_hero_tokens: "герой {n}: {list}", ch_items: "мистические предметы: {list}", ch_quest: "символ задания в {zone}",
        ch_dusk: "жетон сумерек на зоне {v}", ch_other: "изменено: {path}", none: "нет",
        exploration_card: "Вытяните верхнюю карту разведки: какая это?", encounter_card: "Вытяните карту схватки: какая это?",
        crisis_card: "Вытяните карту кризиса: какая это?", event_die: "Бросьте кубик событий (1D12)",
        destiny_die: "Бросьте кубик судьбы", activation_die: "Герой {hero} бросает кубик активации",
        weapon_die: "Бросьте кубик оружия врага {model}" },
  uk: { move_to: "переставити…", remove: "прибрати", stands_here: "стоїть тут", place: "Поставити ворога групи {n}",
        wounds: "лишилося ран: {n}", out: "вибув із гри", item_on: "тут лежить містичний предмет", item_off: "прибрати містичний предмет",
        quest_on: "тут символ завдання", cond_on: "{cond}: покласти жетон", cond_off: "{cond}: зняти жетон",
        dusk: "Жетон сутінків на зоні {n}", group_stun: "Група ворогів {n} приголомшена", group_unstun: "Група ворогів {n} не приголомшена",
        ch_enemy_tokens: "ворог {n}: {list}", ch_stunned: "приголомшені групи ворогів: {list}", inspiration: "натхнення {n}", ch_hero_inspiration: "герой {n}: натхнення {v}",
        ch_enemy_add: "{enemy} групи {g} поставлено в {zone}", ch_enemy_zone: "ворог {n} тепер у {zone}",
        ch_enemy_wounds: "ворог {n}: лишилося ран {v}", ch_enemy_del: "ворога {n} прибрано",
        ch_hero_zone: "герой {n} тепер у {zone}", ch_hero_out: "герой {n} вибув із гри", ch_hero_wounds: "герой {n}: лишилося ран {v}",
        ch_hero_tokens: "герой {n}: {list}", ch_items: "містичні предмети: {list}", ch_quest: "символ завдання в {zone}",
        ch_dusk: "жетон сутінків на зоні {v}", ch_other: "змінено: {path}", none: "немає",
        exploration_card: "Витягніть верхню карту розвідки: яка це?", encounter_card: "Витягніть карту сутички: яка це?",
        crisis_card: "Витягніть карту кризи: яка це?", event_die: "Киньте кубик подій (1D12)",
        destiny_die: "Киньте кубик долі", activation_die: "Герой {hero} кидає кубик активації",
        weapon_die: "Киньте кубик зброї ворога {model}" },
};

const { t, c, known } = wordsOf(WORDS);

// WQ-39.1: the enemy kinds of the data; WQ-40.3: the condition tokens a hero may carry
const ENEMY_KINDS = ["ghoul", "zombie", "banshee", "gravehand", "wraith", "brute"];
const CONDITIONS = ["buried", "cursed", "disease", "fatigue", "stunned", "trapped"];
const ENEMY_CONDITIONS = ["cursed", "disease", "trapped"];

const tileName = (id) => known(`wq.tile.${id}`, id);
const zoneName = (zone) => { if (!zone) return t("wq.out"); const [tile, z] = String(zone).split("."); return `${tileName(tile)} ${z}`; };
const enemyName = (kind) => known(`wq.enemy.${kind}`, kind);
const hero = (seat) => t("wq.hero_n", { seat: seat + 1 });
const cond = (x) => known(`wq.cond.${x}`, x);

/** Every zone of the battlefield: a tap on any of them may correct what stands there. */
export function spots(view) {
  return Object.keys((view.board && view.board.zones) || {});
}

/** The name of a tapped zone, as the menu of its corrections is titled. */
export function spotTitle(view, zone) {
  return zoneName(zone);
}

/** The corrections a tap on ``zone`` offers: [{label, step}], [{label, pickHex(dest) -> step}]
 *  or [{label, entries}] (a second list to choose from). */
export function hexEdits(view, zone) {
  const out = [];
  (view.enemies || []).forEach((e, i) => {
    if (e.zone !== zone) return;
    const name = `${e.model} ${enemyName(e.enemy)}`;
    out.push({ label: `${name}: ${c("move_to")}`, pickHex: (dest) => `edit set enemy.${i}.zone ${json(dest)}` });
    const wounds = [1, 2, 3, 4, 5].filter((n) => n !== e.wounds);
    out.push({ label: `${name}: ${c("wounds", { n: e.wounds })}…`, entries: wounds.map((n) => ({ label: c("wounds", { n }),
      step: `edit set enemy.${i}.wounds ${n}` })) });
    const tokens = e.tokens || [];
    out.push({ label: `${name}: ${ENEMY_CONDITIONS.map(cond).join(", ")}…`, entries: ENEMY_CONDITIONS.map((x) => (tokens.includes(x)
      ? { label: c("cond_off", { cond: cond(x) }), step: `edit set enemy.${i}.tokens ${json(tokens.filter((y) => y !== x))}` }
      : { label: c("cond_on", { cond: cond(x) }), step: `edit set enemy.${i}.tokens ${json([...tokens, x])}` })) });
    // WQ-40.3: a stunned group is moved back on the battle track instead of acting
    const stunned = (view.enemies || []).filter((x) => x.stunned).map((x) => x.group);
    const groups = [...new Set(stunned)].sort((a, b) => a - b);
    out.push({ label: c(e.stunned ? "group_unstun" : "group_stun", { n: e.group }),
      step: `edit set state.stunned_groups ${json(e.stunned ? groups.filter((g) => g !== e.group) : [...groups, e.group].sort((a, b) => a - b))}` });
    out.push({ label: `${name}: ${c("remove")}`, step: `edit del enemy.${i}` });
  });
  (view.players || []).forEach((p, i) => {
    if (p.zone === zone) {
      out.push({ label: `${hero(p.seat)}: ${c("move_to")}`, mover: p.seat, pickHex: (dest) => `edit set hero.${i}.zone ${json(dest)}` });
    } else {
      // a hero out of action comes back with a wound left at least
      const back = p.zone ? [["set", `hero.${i}.zone`, zone]] : [["set", `hero.${i}.zone`, zone], ["set", `hero.${i}.wounds`, Math.max(1, p.wounds)]];
      out.push({ label: `${hero(p.seat)}: ${c("stands_here")}`, mover: p.seat, step: edit(back) });
    }
  });
  for (const s of view.slots || []) {
    if (!s.card) continue;
    out.push({ label: `${c("place", { n: s.slot })}…`, entries: ENEMY_KINDS.map((kind) => ({ label: enemyName(kind),
      step: edit([["add", "enemy", { enemy: kind, group: s.slot, zone }]]) })) });
  }
  const board = view.board || {};
  const items = board.items || [];
  out.push({ label: `${zoneName(zone)}: ${c(items.includes(zone) ? "item_off" : "item_on")}`,
    step: `edit set gates.items ${json(items.includes(zone) ? items.filter((z) => z !== zone) : [...items, zone])}` });
  if (board.quest_zone !== zone) out.push({ label: `${zoneName(zone)}: ${c("quest_on")}`, step: `edit set gates.quest_symbol ${json(zone)}` });
  return out;
}

/** The corrections of each hero: wounds, out of action, condition tokens (WQ-40.3). */
export function playerEdits(view) {
  const out = [];
  (view.players || []).forEach((p, i) => {
    const from = out.length; // this seat's corrections: the page offers them beside its turn
    const who = hero(p.seat);
    const wounds = Array.from({ length: p.vitality }, (_, k) => k + 1).filter((n) => n !== p.wounds);
    if (p.zone) {
      out.push({ label: `${who}: ${c("wounds", { n: p.wounds })}…`, entries: wounds.map((n) => ({ label: c("wounds", { n }),
        step: `edit set hero.${i}.wounds ${n}` })) });
      out.push({ label: `${who}: ${c("out")}`, step: edit([["set", `hero.${i}.zone`, ""], ["set", `hero.${i}.wounds`, 0], ["set", `hero.${i}.dice`, []]]) });
    }
    for (const v of [p.inspiration - 1, p.inspiration + 1]) {
      if (v >= 0) out.push({ label: `${who}: ${c("inspiration", { n: v })}`, step: `edit set hero.${i}.inspiration ${v}` });
    }
    const tokens = p.tokens || [];
    out.push({ label: `${who}: ${CONDITIONS.map(cond).join(", ")}…`, entries: CONDITIONS.map((x) => (tokens.includes(x)
      ? { label: c("cond_off", { cond: cond(x) }), step: `edit set hero.${i}.tokens ${json(tokens.filter((y) => y !== x))}` }
      : { label: c("cond_on", { cond: cond(x) }), step: `edit set hero.${i}.tokens ${json([...tokens, x])}` })) });
    for (const e of out.slice(from)) e.seat = p.seat ?? i;
  });
  return out;
}

/** The corrections of the whole table: the dusk token. */
export function tableEdits(view) {
  const dusk = view.dusk || { zone: 0, zones: 0 };
  return [dusk.zone - 1, dusk.zone + 1].filter((z) => z >= 0 && z < dusk.zones)
    .map((z) => ({ label: c("dusk", { n: z }), step: `edit set state.dusk ${z}` }));
}

/** One change of a correction in words (the paths this module makes). */
export function editText(change) {
  const { verb, path, value } = change;
  const { p, n } = pathOf(path);
  if (p[0] === "enemy") {
    if (verb === "add" && value && typeof value === "object") return c("ch_enemy_add", { enemy: enemyName(value.enemy), g: value.group, zone: zoneName(value.zone) });
    if (verb === "del") return c("ch_enemy_del", { n: n(1) });
    if (p[2] === "zone") return c("ch_enemy_zone", { n: n(1), zone: zoneName(value) });
    if (p[2] === "wounds") return c("ch_enemy_wounds", { n: n(1), v: value });
    if (p[2] === "tokens" && Array.isArray(value)) return c("ch_enemy_tokens", { n: n(1), list: value.map(cond).join(", ") || c("none") });
  }
  if (path === "state.stunned_groups" && Array.isArray(value)) return c("ch_stunned", { list: value.join(", ") || c("none") });
  if (p[0] === "hero") {
    if (p[2] === "zone") return value ? c("ch_hero_zone", { n: n(1), zone: zoneName(value) }) : c("ch_hero_out", { n: n(1) });
    if (p[2] === "wounds") return value ? c("ch_hero_wounds", { n: n(1), v: value }) : "";
    if (p[2] === "dice") return "";
    if (p[2] === "inspiration") return c("ch_hero_inspiration", { n: n(1), v: value });
    if (p[2] === "tokens" && Array.isArray(value)) return c("ch_hero_tokens", { n: n(1), list: value.map(cond).join(", ") || c("none") });
  }
  if (path === "gates.items" && Array.isArray(value)) return c("ch_items", { list: value.map(zoneName).join(", ") || c("none") });
  if (path === "gates.quest_symbol") return c("ch_quest", { zone: zoneName(value) });
  if (path === "state.dusk") return c("ch_dusk", { v: value });
  return c("ch_other", { path });
}

/** What the table is asked at a chance point, in the page's language (``view.chance``:
 *  its ``term`` and ``about``); null where this module has no words for it. */
export function chanceText(view) {
  const point = view && view.chance;
  if (!point || !point.term || !WORDS.en[point.term]) return null;
  const about = point.about || {};
  return c(point.term, { hero: about.hero, model: about.model });
}
