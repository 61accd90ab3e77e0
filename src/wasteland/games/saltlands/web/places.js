// Tiles in words, as the board shows them: a face-up tile by its printed name, a face-down
// one by where it lies next to a face-up tile ("the face-down tile north of Start tile 1"),
// or, with no face-up tile beside it, by its centre hex, whose coordinates the board shows
// on demand. Never the notation's position ("t0,-2"). The board module keeps the last view
// it drew, so that texts without a view of their own (the log, a chance prompt) can name tiles.
import { t } from "/js/i18n.js";
import { tileName } from "./notation.js";

// SL §109: tiles neighbour in the six hex directions, on the tiles' own lattice
const DIRS = [["N", 0, -1], ["NE", 1, -1], ["SE", 1, 0], ["S", 0, 1], ["SW", -1, 1], ["NW", -1, 0]];
const TILE_RADIUS = 2;
let drawn = null;

/** The view the board drew last (only its tiles are read). */
export function rememberTiles(view) {
  if (view && Array.isArray(view.tiles)) drawn = view;
}

const lattice = (at) => String(at).slice(1).split(",").map(Number);

/** The tile at position ``at`` ("tA,B") in words, from ``view`` (or the board's last view). */
export function tilePlace(at, view = null) {
  const tiles = ((view && view.tiles) || (drawn && drawn.tiles) || []);
  const here = tiles.find((x) => x.at === at);
  if (here && here.face_up && here.tile) return tileName(here.tile);
  const [a, b] = lattice(at);
  for (const [dir, da, db] of DIRS) {
    // the direction from the face-up neighbour to this tile
    const next = tiles.find((x) => x.face_up && x.tile && x.at === `t${a - da},${b - db}`);
    if (next) return t("tile.facedown_of", { dir: t(`dir.${dir}`), tile: tileName(next.tile) });
  }
  return t("tile.facedown_around", { hex: tileCentre(at) });
}

/** The centre hex ("q,r") of the tile at ``at`` ("tA,B"): tiles are hexes of radius 2. */
export function tileCentre(at) {
  const [a, b] = lattice(at);
  return `${a * (TILE_RADIUS + 1) - b * TILE_RADIUS},${a * TILE_RADIUS + b * (2 * TILE_RADIUS + 1)}`;
}
