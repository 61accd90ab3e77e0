// The Fallout round end's legend: what each shape and colour on the map stands for, as the
// components would tell a player at the table (places and roads, quest markers, survivors,
// enemies face up and face down, the highlight of where an option goes). Items: {sym, cls, colour, text}.
import { t } from "/js/i18n.js";

export const SEAT_COLOURS = ["#2f9e44", "#1c7ed6", "#ae3ec9", "#f08c00"];
export const SPACE_FILL = "#f1f3f5";
export const MARKER_COLOUR = "#f59f00";
// white letters on both at 4.5:1 or more (WCAG 1.4.3)
export const ENEMY_COLOURS = { up: "#c92a2a", down: "#495057" };

export function legend(view = {}) {
  const items = [
    { sym: "", cls: "round fo-lg-space", colour: SPACE_FILL, text: t("fo.legend.space"), key: "space" },
    { sym: "—", text: t("fo.legend.road"), key: "road" },
    { sym: "", cls: "round fo-lg-marker", colour: SPACE_FILL, text: t("fo.legend.marker"), key: "marker" },
  ];
  const seats = (view.survivors || []).map((s) => s.seat);
  for (const seat of seats.length ? seats : [0]) {
    items.push({ sym: String(seat + 1), cls: "round", colour: SEAT_COLOURS[seat % SEAT_COLOURS.length],
                 text: t("fo.legend.survivor", { seat: seat + 1 }), key: `survivor-${seat}` });
  }
  // the enemy kinds on the map, each by the letters its square shows
  const kinds = [...new Set((view.enemies || []).filter((e) => e.face_up).map((e) => e.type))].sort();
  for (const kind of kinds) {
    items.push({ sym: t(`fo.enemy.${kind}`).slice(0, 2), colour: ENEMY_COLOURS.up,
                 text: t("fo.legend.enemy", { enemy: t(`fo.enemy.${kind}`) }), key: `enemy-${kind}` });
  }
  items.push({ sym: "?", colour: ENEMY_COLOURS.down, text: t("fo.legend.enemy_down"), key: "enemy-down" });
  items.push({ sym: "", cls: "hl-reach", text: t("fo.legend.reach"), key: "reach" });
  items.push({ sym: "", cls: "hl-target", text: t("fo.legend.target"), key: "target" });
  return items;
}
