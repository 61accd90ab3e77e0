// SVG helpers shared by both boards: flat-topped hexes on axial (q, r),
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

// The six corners of a flat-topped hex of radius s around (x, y), as a polygon's points.
export function corners(x, y, s) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    pts.push(`${(x + s * Math.cos(a)).toFixed(2)},${(y + s * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}
