// The hex board as SVG, from one seat's view. Flat-topped hexes on axial (q, r):
// x = size * 3/2 * q, y = size * sqrt(3) * (r + q/2).
import { t } from "./i18n.js";
import { SIZE, hexXY, el, corners } from "./svg.js";
import { raiderName, tokenName, charName } from "./notation.js";

const TILE_RADIUS = 2;
const DIRS = ["N", "NE", "SE", "S", "SW", "NW"];
const DIR_ANGLE = { N: -90, NE: -30, SE: 30, S: 90, SW: 150, NW: -150 };
export const SEAT_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf"];
const RAIDER_COLOURS = { speedster: "#e8590c", pickup: "#c92a2a", truck: "#5f3dc4", bulldozer: "#862e9c",
                         hovercraft: "#0b7285", apc: "#343a40" };
const MARKER_COLOURS = { blue: "#1c7ed6", green: "#2f9e44", red: "#e03131" };

function tileCentre(at) {
  const [a, b] = at.slice(1).split(",").map(Number);
  const R = TILE_RADIUS;
  return `${a * (R + 1) - b * R},${a * R + b * (2 * R + 1)}`;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Draw ``view`` into ``container``. ``marks`` maps a hex name to the classes it gets
 * (reach, target, collect, explore); ``onHex(hex, event)`` is called on a click on a
 * marked hex or on a figure standing on one.
 */
export function renderBoard(container, view, { marks = new Map(), onHex = null, you = null } = {}) {
  container.textContent = "";
  if (!view || !Array.isArray(view.hexes)) {
    const pre = document.createElement("pre");
    pre.className = "raw-view";
    pre.textContent = JSON.stringify(view, null, 1);
    container.appendChild(pre);
    return null;
  }
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const h of view.hexes) {
    const [x, y] = hexXY(h.hex);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const pad = SIZE * 1.5;
  const svg = el("svg", { viewBox: `${minX - pad} ${minY - pad} ${maxX - minX + 2 * pad} ${maxY - minY + 2 * pad}`,
                          class: "board", role: "img", "aria-label": "board" });
  container.appendChild(svg);
  const gHex = el("g", { class: "hexes" }, svg);
  const gTile = el("g", { class: "tiles" }, svg);
  const gMark = el("g", { class: "marks" }, svg);
  const gFig = el("g", { class: "figures" }, svg);
  const gOver = el("g", { class: "overlay" }, svg);

  const tileOfHex = new Map();
  view.hexes.forEach((h, i) => tileOfHex.set(h.hex, Math.floor(i / 19)));

  for (const h of view.hexes) {
    const [x, y] = hexXY(h.hex);
    const cls = ["hex", `terrain-${h.terrain}`, ...(marks.get(h.hex) || [])];
    const g = el("g", { class: cls.join(" "), "data-hex": h.hex }, gHex);
    const poly = el("polygon", { points: corners(x, y, SIZE - 0.6) }, g);
    const title = el("title", {}, g);
    title.textContent = `${h.hex} — ${t(`terrain.${h.terrain}`)}` + (h.spawn ? ` — ${t("legend.spawn")} ${h.spawn}` : "")
      + (h.wreck ? ` — ${t("legend.wreck")}` : "");
    if (h.spawn) {
      const txt = el("text", { x, y: y + 4, class: "spawn" }, g);
      txt.textContent = h.spawn;
    }
    if (h.wreck) el("path", { d: `M${x - 7},${y - 7} l14,14 M${x + 7},${y - 7} l-14,14`, class: "wreck" }, g);
    if (marks.has(h.hex) && onHex) {
      g.addEventListener("click", (ev) => onHex(h.hex, ev));
    }
    void poly;
  }

  // tile outlines: a face-down tile shows a "?"; rumor markers sit on their tile.
  for (const tile of view.tiles || []) {
    const [x, y] = hexXY(tileCentre(tile.at));
    if (!tile.face_up) {
      const q = el("text", { x, y: y + 9, class: "facedown" }, gTile);
      q.textContent = "?";
    }
  }
  const markerCount = {};
  for (const [colour, at] of Object.entries(view.markers || {})) {
    const [x, y] = hexXY(tileCentre(at));
    const k = (markerCount[at] = (markerCount[at] || 0) + 1);
    const g = el("g", { class: "marker", "data-marker": colour }, gTile);
    const mx = x - SIZE + (k - 1) * 12, my = y - SIZE * 1.6;
    el("path", { d: `M${mx},${my + 14} L${mx},${my - 6} L${mx + 10},${my - 1} L${mx},${my + 4}`,
                 fill: MARKER_COLOURS[colour] || colour, stroke: "#222", "stroke-width": 1 }, g);
    el("title", {}, g).textContent = `rumor marker: ${colour}`;
  }

  // tokens
  for (const [hex, tok] of Object.entries(view.tokens || {})) {
    const [x, y] = hexXY(hex);
    const id = tok.split("#")[0];
    const g = el("g", { class: `token token-${id.split("_")[0]}`, "data-hex": hex, "data-token": tok }, gFig);
    let fill = "#f8f0c8";
    if (id.startsWith("victory_")) fill = MARKER_COLOURS[id.slice(8)] || "#fff";
    el("rect", { x: x - 7, y: y - 7, width: 14, height: 14, rx: 3, fill }, g);
    el("text", { x, y: y + 4, class: "token-label" }, g).textContent = id.startsWith("crew") || id === "exp_crew" ? "C"
      : id.startsWith("loot") || id === "exp_loot" ? "L" : id.startsWith("victory") ? "V" : id[0].toUpperCase();
    el("title", {}, g).textContent = tokenName(tok);
    if (marks.has(hex) && onHex) g.addEventListener("click", (ev) => onHex(hex, ev));
  }

  // raiders: a coloured shape, the type's initial and the crew left
  const raiderEls = new Map();
  for (const r of view.raiders || []) {
    const g = drawRaider(gFig, r.type, r.hex, r.crew);
    if (marks.has(r.hex) && onHex) {
      g.classList.add("clickable");
      g.addEventListener("click", (ev) => onHex(r.hex, ev));
    }
    raiderEls.set(r.hex, g);
  }

  // players
  (view.players || []).forEach((p, i) => {
    if (!p.hex) return;
    const [x, y] = hexXY(p.hex);
    const seat = p.seat;  // a view numbers seats from 0; players read "p1"
    const label = `p${seat + 1}`;
    const g = el("g", { class: `player${seat === you ? " you" : ""}`, "data-seat": label, "data-hex": p.hex,
                        transform: `translate(${x},${y})` }, gFig);
    el("circle", { r: SIZE * 0.62, fill: SEAT_COLOURS[seat % SEAT_COLOURS.length] }, g);
    el("text", { y: 4, class: "player-label" }, g).textContent = label;
    el("title", {}, g).textContent = `${label} — ${charName(p.character)}`;
    if (marks.has(p.hex) && onHex) g.addEventListener("click", (ev) => onHex(p.hex, ev));
    void i;
  });

  // wind rose
  const wind = view.wind_dir;
  if (wind) {
    const wx = minX - pad + 30, wy = minY - pad + 30;
    const g = el("g", { class: "wind", transform: `translate(${wx},${wy})` }, gOver);
    el("circle", { r: 22, class: "wind-rose" }, g);
    const arrow = el("g", { transform: `rotate(${DIR_ANGLE[wind] + 90})` }, g);
    el("path", { d: "M0,14 L0,-12 M-6,-5 L0,-14 L6,-5", class: "wind-arrow" }, arrow);
    el("text", { x: 0, y: 38, class: "wind-label" }, g).textContent = `${view.wind_strength ?? ""}${view.storm ? " ⚠" : ""}`;
    el("title", {}, g).textContent = t("game.wind", { strength: view.wind_strength, dir: t(`dir.${wind}`) });
  }

  return {
    svg,
    raiders: raiderEls,
    overlay: gOver,
    figures: gFig,
    /** Move the raider standing at ``from`` (or a new figure of ``type``) along ``path``. */
    async animateRaider(type, from, path, stepMs) {
      let g = raiderEls.get(from);
      if (!g) g = drawRaider(gFig, type, from, null);
      raiderEls.delete(from);
      g.classList.add("moving");
      const trail = el("polyline", { points: path.map((h) => hexXY(h).join(",")).join(" "), class: "trail" }, gOver);
      for (const h of path.slice(1)) {
        const [x, y] = hexXY(h);
        g.setAttribute("transform", `translate(${x},${y})`);
        g.setAttribute("data-hex", h);
        await sleep(stepMs);
      }
      g.classList.remove("moving");
      raiderEls.set(path[path.length - 1], g);
      setTimeout(() => trail.remove(), stepMs * 2);
    },
    flash(hex, cls, ms) {
      const [x, y] = hexXY(hex);
      const c = el("circle", { cx: x, cy: y, r: SIZE, class: cls }, gOver);
      setTimeout(() => c.remove(), ms);
    },
  };
}

function drawRaider(parent, type, hex, crew) {
  const [x, y] = hexXY(hex);
  const g = el("g", { class: `raider raider-${type}`, "data-hex": hex, "data-raider": type,
                      transform: `translate(${x},${y})` }, parent);
  const s = SIZE * 0.62;
  el("polygon", { points: `0,${-s} ${s},0 0,${s} ${-s},0`, fill: RAIDER_COLOURS[type] || "#333" }, g);
  el("text", { y: 4, class: "raider-label" }, g).textContent = (type[0] || "?").toUpperCase();
  if (crew !== null && crew !== undefined) {
    el("circle", { cx: s * 0.8, cy: -s * 0.8, r: 6, class: "crew-badge" }, g);
    el("text", { x: s * 0.8, y: -s * 0.8 + 3.5, class: "crew-label" }, g).textContent = String(crew);
  }
  el("title", {}, g).textContent = `${raiderName(type)} — ${hex}` + (crew != null ? ` — ${t("game.crew", { n: crew })}` : "");
  return g;
}

export { DIRS };
