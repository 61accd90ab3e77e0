// The quest's legend: what each shade, line and mark on the battlefield stands for, as the
// components would tell a player at the table (tiles and their zones, walls, the closed
// gate, lychgates, mystic items, the quest's zone, heroes, enemies, the highlights of
// where an option goes). Items: {sym, cls, colour, text}.
import { t } from "/js/i18n.js";

// white labels on these at 4.5:1 or more (WCAG 1.4.3)
export const SEAT_COLOURS = ["#1a76c8", "#278238", "#ae3ec9", "#a96200"];
export const TILE_FILLS = ["#e9ecef", "#fff4e6", "#e6fcf5", "#f3f0ff", "#fff0f6", "#e7f5ff", "#f4fce3", "#fff9db"];
export const ENEMY_COLOURS = { ready: "#c92a2a", stunned: "#6c747d" };
export const LINES = { zone: "#adb5bd", tile: "#343a40", closed: "#c92a2a", lych: "#ae3ec9" };

export function legend(view = {}) {
  const board = view.board || {};
  const items = [
    { sym: "a", colour: TILE_FILLS[1], text: t("wq.legend.tile"), key: "tile" },
    { sym: "", cls: "wq-lg-line wq-lg-zone", text: t("wq.legend.zone_wall"), key: "zone-wall" },
    { sym: "", cls: "wq-lg-line wq-lg-tile", text: t("wq.legend.tile_wall"), key: "tile-wall" },
    { sym: "", cls: "wq-lg-line wq-lg-closed", text: t("wq.legend.closed_gate"), key: "closed-gate" },
  ];
  if ((board.lychgates || []).length) items.push({ sym: "", cls: "wq-lg-line wq-lg-lych", text: t("wq.legend.lychgate"), key: "lychgate" });
  if ((board.items || []).length) items.push({ sym: "✦", cls: "wq-lg-item", text: t("wq.legend.item"), key: "item" });
  if (board.quest_zone) items.push({ sym: "⚑", cls: "wq-lg-quest", text: t("wq.legend.quest"), key: "quest" });
  for (const p of view.players || []) {
    items.push({ sym: String(p.seat + 1), cls: "round", colour: SEAT_COLOURS[p.seat % SEAT_COLOURS.length],
                 text: t("wq.legend.hero", { seat: p.seat + 1 }), key: `hero-${p.seat}` });
  }
  if ((view.enemies || []).length) {
    items.push({ sym: "", colour: ENEMY_COLOURS.ready, text: t("wq.legend.enemy"), key: "enemy" });
    if (view.enemies.some((e) => e.stunned)) items.push({ sym: "", colour: ENEMY_COLOURS.stunned, text: t("wq.legend.stunned"), key: "stunned" });
  }
  if (view.laying) items.push({ sym: "", cls: "wq-lg-preview", text: t("wq.legend.preview"), key: "preview" });
  items.push({ sym: "", cls: "hl-reach", text: t("wq.legend.reach"), key: "reach" });
  items.push({ sym: "", cls: "hl-target", text: t("wq.legend.target"), key: "target" });
  return items;
}
