// Saltlands' legend: what each colour, letter and shape on the board stands for, as the
// components would tell a player at the table (terrain, spawn letters, tokens, raiders,
// rumor markers, players, highlights). Items: {sym, cls, colour, text}.
import { t } from "/js/i18n.js";
import { raiderName } from "./notation.js";

const TERRAIN_COLOURS = { salt: "#f3efe4", dune: "#e2bd74", mountain: "#8f8170", unexplored: "#5b5566" };
export const RAIDER_COLOURS = { speedster: "#e8590c", pickup: "#c92a2a", truck: "#5f3dc4", bulldozer: "#862e9c",
                                hovercraft: "#0b7285", apc: "#343a40" };
export const MARKER_COLOURS = { blue: "#1c7ed6", green: "#2f9e44", red: "#e03131" };

export function legend(view = {}) {
  const items = [];
  for (const [terrain, colour] of Object.entries(TERRAIN_COLOURS)) {
    items.push({ sym: "", colour, text: t(`terrain.${terrain}`), key: `terrain-${terrain}` });
  }
  // SL §18: the difficulty decides which spawn letters are active
  const difficulty = (view.config || {}).difficulty || "normal";
  const active = { easy: "A B C", normal: "A B C M", hard: "A B C M H" }[difficulty] || "A B C M";
  items.push({ sym: "A", cls: "spawn", text: t("legend.spawn_letters", { letters: active }), key: "spawn" });
  items.push({ sym: "✕", text: t("legend.wreck"), key: "wreck" });
  items.push({ sym: "C", colour: "#f8f0c8", text: t("legend.token_crew"), key: "token-crew" });
  items.push({ sym: "L", colour: "#f8f0c8", text: t("legend.token_loot"), key: "token-loot" });
  items.push({ sym: "R", colour: "#f8f0c8", text: t("legend.token_rumor"), key: "token-rumor" });
  items.push({ sym: "V", colour: "#ffd43b", text: t("legend.token_victory"), key: "token-victory" });
  const types = new Set((view.raiders || []).map((r) => r.type));
  for (const type of Object.keys(view.damage_stacks || {})) types.add(type);
  for (const type of types) {
    items.push({ sym: (type[0] || "?").toUpperCase(), cls: "round", colour: RAIDER_COLOURS[type] || "#333",
                 text: raiderName(type), key: `raider-${type}` });
  }
  items.push({ sym: "2", cls: "round badge", colour: "#fff", text: t("legend.crew_badge"), key: "crew-badge" });
  items.push({ sym: "⚑", text: t("legend.markers"), key: "markers" });
  items.push({ sym: "p1", cls: "round", colour: "#1f77b4", text: t("legend.player"), key: "player" });
  items.push({ sym: "", cls: "hl-reach", text: t("legend.reach"), key: "reach" });
  // SL §53: only in a sandstorm do the reachable hexes carry their toll
  if (view.storm) items.push({ sym: "1", cls: "storm-cost", text: t("legend.storm_cards"), key: "storm-cards" });
  items.push({ sym: "", cls: "hl-target", text: t("legend.target"), key: "target" });
  return items;
}
