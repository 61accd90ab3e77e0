// SVG helpers shared by the boards: flat-topped hexes on axial (q, r),
// x = size * 3/2 * q, y = size * sqrt(3) * (r + q/2).
export const NS = "http://www.w3.org/2000/svg";
export const SIZE = 20;
export const SQ3 = Math.sqrt(3);

// The centre of hex "q,r" on the page.
export function hexXY(name) {
  const [q, r] = name.split(",").map(Number);
  return [SIZE * 1.5 * q, SIZE * SQ3 * (r + q / 2)];
}

// A new SVG element with the given attributes (null/undefined ones left out), appended to parent.
export function el(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// A new SVG element with the given attributes and, where given, its text (the boards drawn
// with text labels: a zone's or a space's name written on it).
export function svgText(tag, attrs = {}, text = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== null) e.textContent = text;
  return e;
}

// The six corners of a flat-topped hex of radius s around (x, y), as a polygon's points.
export function corners(x, y, s) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(x + s * Math.cos(a)).toFixed(2)},${(y + s * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

// Highlights keep the terrain visible: a marked hex gets a hatched, outlined overlay
// (style.css colours it by the mark's class) instead of a fill over its terrain.
const HATCHES = { reach: "#2f9e44", target: "#e03131", collect: "#1c7ed6", explore: "#7048e8", source: "#2f9e44" };

/** The hatch patterns the overlays use, once per board. */
export function hatchDefs(svg) {
  const defs = el("defs", {}, svg);
  for (const [name, colour] of Object.entries(HATCHES)) {
    const p = el("pattern", { id: `hl-${name}`, width: 6, height: 6, patternUnits: "userSpaceOnUse",
                              patternTransform: "rotate(45)" }, defs);
    el("line", { x1: 0, y1: 0, x2: 0, y2: 6, stroke: colour, "stroke-width": 2.2, "stroke-opacity": 0.55 }, p);
  }
  return defs;
}

/** The overlay of a marked hex at (x, y) (nothing if it has no mark). */
export function highlight(g, x, y, classes) {
  if (!classes || !classes.length) return null;
  return el("polygon", { points: corners(x, y, SIZE - 2.4), class: "hl" }, g);
}

/** The hex's coordinates, shown only while the page's "coordinates" switch is on. */
export function coordLabel(g, x, y, name) {
  const t = el("text", { x, y: y + SIZE * 0.72, class: "coord" }, g);
  t.textContent = name;
  return t;
}

// The edge of a flat-topped hex between corners i and i + 1 faces this axial neighbour.
const EDGE_NEIGHBOUR = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

/**
 * The outline of groups of hexes (tiles): ``groupOf`` maps a hex name to its group; an edge
 * is drawn wherever the hex beyond it is of another group or none. Returns path data.
 */
export function groupOutline(names, groupOf) {
  const parts = [];
  for (const name of names) {
    const [q, r] = name.split(",").map(Number);
    const [x, y] = hexXY(name);
    const g = groupOf.get(name);
    for (let i = 0; i < 6; i++) {
      const [dq, dr] = EDGE_NEIGHBOUR[i];
      if (groupOf.get(`${q + dq},${r + dr}`) === g) continue;
      const a = (Math.PI / 3) * i, b = (Math.PI / 3) * (i + 1);
      parts.push(`M${(x + SIZE * Math.cos(a)).toFixed(1)},${(y + SIZE * Math.sin(a)).toFixed(1)}`
        + `L${(x + SIZE * Math.cos(b)).toFixed(1)},${(y + SIZE * Math.sin(b)).toFixed(1)}`);
    }
  }
  return parts.join("");
}
