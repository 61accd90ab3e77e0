// The board component of every page that shows a board (the game page, the replay page and
// the table companion): the game's board module draws its SVG into the component's stage,
// and the component owns what the person sees of it.
//
// * It opens fitted to the area in play: the elements a board marks ``data-play`` (explored
//   tiles, figures, enemies) and the spots the decision offers, not the whole printed board.
// * Pinch-zoom and pan on touch, wheel and drag on a desktop, "+", "−" and "fit" buttons.
// * The view the person chose is kept across updates (the board is redrawn on each one);
//   "fit" gives the view back to the component, which then follows the play again.
// * The step just shown (a move, a bot's or the engine's step) is brought into view and
//   its spots highlighted.
//
// The view is the SVG's viewBox (no transform on the drawing), so a board's coordinates,
// hover titles and click handlers stay the board module's own. A board that animates its
// events returns an object with ``animate(event, ms)``; one that returns its SVG element
// has none (Element.animate is the DOM's own, no event player).
import { t } from "./i18n.js";
import { h } from "./dom.js";

// the smallest spot a fit leaves on a narrow screen: over WCAG 2.5.8's 24 px target, so that
// the whole area in play opens in view (pinch or "+" for more)
const TAP_PX = 30;
const NARROW = 700; // px: a phone's width, where spots are kept a finger's size
// ... and where a board names its smallest text (its data-read, SVG units), that text is kept
// readable at arm's length: one map's place names and enemy letters were 6 px on a phone
const READ_PX = 12;
const DRAG_PX = 8; // a pointer moved less than this is a click, not a drag
const MARKED = ".reach, .target, .collect, .explore, .source, .pick, .acting";
const SPOT_ATTRS = ["data-hex", "data-space", "data-zone"];
// what a keyboard reaches on the board: the spots the decision offers and the pieces that
// carry a choice (each answers Enter and Space as its click)
const FOCUSABLE = ".reach, .target, .collect, .explore, .source, .pick, .clickable";
const ARROWS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

/** The spot elements named ``name`` in ``svg`` (a hex, a space of a map of places, a zone of a tile). */
export function spotElements(svg, name) {
  const v = CSS.escape(String(name));
  return [...svg.querySelectorAll(SPOT_ATTRS.map((a) => `[${a}="${v}"]`).join(","))];
}

/** The spots a step names: the words of its action and the string fields of its events
 *  that are spots of the board drawn (a hex "2,-1", a space, a zone). */
export function stepSpots(svg, step) {
  if (!svg || !step) return [];
  const words = new Set();
  const take = (v, depth) => {
    if (typeof v === "string") {
      words.add(v);
      for (const w of v.split(/[\s>]+/)) if (w) words.add(w);
    } else if (Array.isArray(v) && depth < 3) v.forEach((x) => take(x, depth + 1));
    else if (v && typeof v === "object" && depth < 3) Object.values(v).forEach((x) => take(x, depth + 1));
  };
  take(step.action || "", 0);
  for (const e of step.events || []) take(e, 1);
  return [...words].filter((w) => w.length < 40 && spotElements(svg, w).length);
}

export class BoardView {
  /** ``label``: the board's accessible name (the page's language, asked at each draw). */
  constructor({ label = () => t("game.board") } = {}) {
    this.label = label;
    this.box = null;
    this.svg = null;
    this.full = null; // the whole drawing, in the SVG's units {x, y, w, h}
    this.vb = null; // what is shown now
    this.chosen = false; // the person zoomed or panned: their view is kept
    this.pointers = new Map();
    this.gesture = null;
    this.swallowClick = false;
    this.resize = new ResizeObserver(() => this.onResize());
  }

  /** Build the stage and the tools inside ``box`` (once per box: a page may rebuild its box). */
  attach(box) {
    if (this.box === box && this.stage && this.stage.isConnected) return;
    if (this.stage) this.resize.unobserve(this.stage);
    this.box = box;
    box.classList.add("vp");
    box.textContent = "";
    this.stage = h("div", { class: "vp-stage" });
    this.tools = h("div", { class: "vp-tools" },
      h("button", { type: "button", class: "vp-zoom-in", "aria-label": t("game.zoom_in"), title: t("game.zoom_in"),
        onclick: () => this.zoomBy(1.4), text: "+" }),
      h("button", { type: "button", class: "vp-zoom-out", "aria-label": t("game.zoom_out"), title: t("game.zoom_out"),
        onclick: () => this.zoomBy(1 / 1.4), text: "−" }),
      h("button", { type: "button", class: "vp-fit", id: "board-fit", onclick: () => this.fit(), text: t("game.fit") }));
    box.append(this.stage, this.tools);
    this.listen(this.stage);
    this.resize.observe(this.stage);
  }

  /**
   * Draw ``view`` with the game's board module into ``box`` and set the view: the person's,
   * if they chose one, else fitted to the area in play; ``step`` (an action and its events)
   * is brought into view and highlighted. Returns the handle the pages use:
   * ``{svg, animate}`` (``animate`` null where the board plays no events).
   */
  draw(box, game, view, opts = {}, step = null) {
    this.attach(box);
    const drawn = game.renderBoard(this.stage, view, opts);
    const svg = drawn instanceof Element ? drawn : (drawn && drawn.svg) || this.stage.querySelector("svg");
    const animate = drawn && !(drawn instanceof Element) && typeof drawn.animate === "function"
      ? (e, ms) => drawn.animate(e, ms) : null;
    this.svg = svg || null;
    this.tools.hidden = !svg;
    if (!svg) return { svg: null, animate: null, spots: [] };
    svg.classList.add("vp-svg");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", this.label());
    const vb = (svg.getAttribute("viewBox") || "0 0 100 100").split(/[\s,]+/).map(Number);
    this.full = { x: vb[0], y: vb[1], w: vb[2], h: vb[3] };
    this.tapUnits = Number(svg.dataset.tap) || 40;
    this.readUnits = Number(svg.dataset.read) || 0;
    this.keyboard(svg);
    const spots = stepSpots(svg, step);
    for (const name of spots) for (const e of spotElements(svg, name)) e.classList.add("vp-last");
    if (this.chosen && this.vb) {
      this.apply(this.vb);
      if (spots.length) this.bringIntoView(spots);
    } else {
      this.fitTo(this.playArea(spots));
    }
    return { svg, animate, spots };
  }

  // -- the keyboard ----------------------------------------------------------------------

  /** Every spot and piece that offers a choice: a Tab stop named by its hover text, Enter
   *  or Space for a click, the arrow keys to the nearest one that way. */
  keyboard(svg) {
    // (an overlay drawn over a spot, pointer-events none, is no target of its own)
    const targets = [...svg.querySelectorAll(FOCUSABLE)]
      .filter((e) => !e.closest("[aria-hidden=true]") && e.getAttribute("pointer-events") !== "none");
    for (const e of targets) {
      const title = [...e.children].find((c) => c.tagName === "title");
      e.setAttribute("tabindex", "0");
      e.setAttribute("role", "button");
      e.setAttribute("aria-label", (title ? title.textContent : "").split("\n").join(" — ") || this.label());
      e.classList.add("vp-focusable");
    }
    svg.addEventListener("keydown", (ev) => {
      const at = ev.target.closest && ev.target.closest(".vp-focusable");
      if (!at) return;
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        const r = at.getBoundingClientRect();
        at.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: r.left + r.width / 2, clientY: r.bottom }));
      } else if (ARROWS[ev.key]) {
        ev.preventDefault();
        const next = this.nearest(at, targets, ARROWS[ev.key]);
        if (next) next.focus();
      }
    });
    svg.addEventListener("focusin", (ev) => {
      const at = ev.target.closest && ev.target.closest(".vp-focusable");
      if (at) this.bringElementsIntoView([at]);
    });
  }

  /** The focusable spot nearest ``from`` in the direction ``[dx, dy]`` (within 60° of it). */
  nearest(from, all, [dx, dy]) {
    const centre = (e) => { const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
    const [x0, y0] = centre(from);
    let best = null, bestScore = Infinity;
    for (const e of all) {
      if (e === from) continue;
      const [x, y] = centre(e);
      const along = (x - x0) * dx + (y - y0) * dy;
      const across = Math.abs((x - x0) * dy - (y - y0) * dx);
      if (along <= 0 || across > along * 1.8) continue;
      const score = along + across * 2;
      if (score < bestScore) { bestScore = score; best = e; }
    }
    return best;
  }

  // -- the area in play and fitting ----------------------------------------------------

  /** The SVG-unit bounds of ``elements`` as drawn now (null: none drawn). */
  bounds(elements) {
    const ctm = this.svg && this.svg.getScreenCTM();
    if (!ctm) return null;
    const inv = ctm.inverse();
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const e of elements) {
      const r = e.getBoundingClientRect();
      if (!r.width && !r.height) continue;
      for (const [px, py] of [[r.left, r.top], [r.right, r.bottom]]) {
        const p = new DOMPoint(px, py).matrixTransform(inv);
        x0 = Math.min(x0, p.x); y0 = Math.min(y0, p.y); x1 = Math.max(x1, p.x); y1 = Math.max(y1, p.y);
      }
    }
    return x0 < Infinity ? { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } : null;
  }

  /** The area in play: what the board marks ``data-play``, the decision's spots, ``spots``. */
  playArea(spots = []) {
    if (!this.svg) return null;
    const els = [...this.svg.querySelectorAll(`[data-play], ${MARKED}`)];
    for (const s of spots) els.push(...spotElements(this.svg, s));
    const area = els.length ? this.bounds(els) : null;
    if (!area) return { ...this.full, focus: null };
    // the decision's spots first: on a phone the fit may have to choose what it centres
    const marked = [...this.svg.querySelectorAll(MARKED)];
    for (const s of spots) marked.push(...spotElements(this.svg, s));
    return { ...area, focus: marked.length ? this.bounds(marked) : null };
  }

  /** The person's "fit": back to the area in play, and the view follows the play again. */
  fit() {
    this.chosen = false;
    this.fitTo(this.playArea());
  }

  /** Show ``area`` (SVG units) whole, a little margin around it; on a narrow screen never
   *  below a finger's size: then centred on its focus (the decision's spots). */
  fitTo(area) {
    const W = this.stage.clientWidth, H = this.stage.clientHeight;
    if (!this.svg || !area || !W || !H) return;
    const pad = this.tapUnits * 0.6;
    const a = { x: area.x - pad, y: area.y - pad, w: area.w + 2 * pad, h: area.h + 2 * pad };
    let scale = Math.min(W / a.w, H / a.h);
    scale = Math.min(scale, this.maxScale(W, H));
    let cx = a.x + a.w / 2, cy = a.y + a.h / 2;
    const tap = Math.max(TAP_PX / this.tapUnits, this.readUnits ? READ_PX / this.readUnits : 0);
    if (W < NARROW && scale < tap) {
      scale = tap;
      const f = area.focus;
      if (f) { cx = f.x + f.w / 2; cy = f.y + f.h / 2; }
      // ... but where the whole area fits at that size, all of it stays in view (the focus
      // as near the centre as that allows)
      // (its margin too where that fits)
      const vw = W / scale, vh = H / scale;
      const keep = (c, lo, size, view) => (view >= size ? Math.min(Math.max(c, lo + size - view / 2), lo + view / 2) : c);
      cx = keep(keep(cx, area.x, area.w, vw), a.x, a.w, vw);
      cy = keep(keep(cy, area.y, area.h, vh), a.y, a.h, vh);
    }
    this.apply({ x: cx - W / scale / 2, y: cy - H / scale / 2, w: W / scale, h: H / scale });
  }

  /** Move the view (its zoom kept) so that ``spots`` are in it, if they are not. */
  bringIntoView(spots) {
    this.bringElementsIntoView(spots.flatMap((s) => spotElements(this.svg, s)));
  }

  bringElementsIntoView(els) {
    const b = this.bounds(els);
    const v = this.vb;
    if (!b || !v) return;
    const inside = b.x >= v.x && b.y >= v.y && b.x + b.w <= v.x + v.w && b.y + b.h <= v.y + v.h;
    if (inside) return;
    this.apply({ ...v, x: b.x + b.w / 2 - v.w / 2, y: b.y + b.h / 2 - v.h / 2 });
  }

  maxScale(W, H) {
    // at most a spot half the stage's smaller side
    return Math.min(W, H) / 2 / this.tapUnits;
  }

  minScale(W, H) {
    const f = this.full;
    return Math.min(W / f.w, H / f.h) * 0.8;
  }

  /** Set the view, kept within reach of the drawing (its centre on the board). */
  apply(v) {
    const f = this.full;
    const cx = Math.min(Math.max(v.x + v.w / 2, f.x), f.x + f.w);
    const cy = Math.min(Math.max(v.y + v.h / 2, f.y), f.y + f.h);
    this.vb = { x: cx - v.w / 2, y: cy - v.h / 2, w: v.w, h: v.h };
    if (this.stage && this.stage.clientWidth) this.pxPerUnit = this.stage.clientWidth / v.w; // kept across a resize
    if (this.svg) this.svg.setAttribute("viewBox", [this.vb.x, this.vb.y, this.vb.w, this.vb.h].map((n) => n.toFixed(2)).join(" "));
  }

  onResize() {
    if (!this.svg || !this.vb) {
      if (this.svg) this.fit();
      return;
    }
    const W = this.stage.clientWidth, H = this.stage.clientHeight;
    if (!W || !H) return;
    if (!this.chosen) { this.fitTo(this.playArea()); return; }
    // the person's view keeps its centre and its zoom across a resize
    const scale = Math.min(this.pxPerUnit || W / this.vb.w, this.maxScale(W, H));
    const cx = this.vb.x + this.vb.w / 2, cy = this.vb.y + this.vb.h / 2;
    this.apply({ x: cx - W / scale / 2, y: cy - H / scale / 2, w: W / scale, h: H / scale });
  }

  // -- zooming and panning -------------------------------------------------------------

  /** Zoom by ``factor`` around the stage's point (px, py) (its centre by default). */
  zoomBy(factor, px = null, py = null) {
    if (!this.svg || !this.vb) return;
    const W = this.stage.clientWidth, H = this.stage.clientHeight;
    const scale = W / this.vb.w;
    const next = Math.min(Math.max(scale * factor, this.minScale(W, H)), Math.max(this.maxScale(W, H), scale));
    px = px ?? W / 2;
    py = py ?? H / 2;
    const ux = this.vb.x + px / scale, uy = this.vb.y + py / scale; // the unit under the point stays
    this.chosen = true;
    this.apply({ x: ux - px / next, y: uy - py / next, w: W / next, h: H / next });
  }

  listen(stage) {
    const local = (ev) => {
      const r = stage.getBoundingClientRect();
      return [ev.clientX - r.left, ev.clientY - r.top];
    };
    stage.addEventListener("wheel", (ev) => {
      if (!this.vb) return;
      ev.preventDefault();
      const [px, py] = local(ev);
      this.zoomBy(Math.exp(-ev.deltaY * (ev.deltaMode === 1 ? 0.05 : 0.0015)), px, py);
    }, { passive: false });
    stage.addEventListener("pointerdown", (ev) => {
      if (!this.vb || (ev.pointerType === "mouse" && ev.button !== 0)) return;
      this.pointers.set(ev.pointerId, local(ev));
      this.startGesture();
    });
    stage.addEventListener("pointermove", (ev) => {
      if (!this.pointers.has(ev.pointerId)) return;
      this.pointers.set(ev.pointerId, local(ev));
      this.moveGesture(ev);
    });
    const end = (ev) => {
      if (!this.pointers.delete(ev.pointerId)) return;
      if (this.gesture && this.gesture.moved) this.swallowClick = true;
      this.startGesture();
    };
    stage.addEventListener("pointerup", end);
    stage.addEventListener("pointercancel", end);
    // the click that ends a drag is no tap on a spot
    stage.addEventListener("click", (ev) => {
      if (!this.swallowClick) return;
      this.swallowClick = false;
      ev.stopPropagation();
      ev.preventDefault();
    }, true);
  }

  startGesture() {
    const pts = [...this.pointers.values()];
    const moved = this.gesture ? this.gesture.moved : false;
    if (!pts.length) { this.gesture = null; return; }
    const mid = pts.length > 1 ? [(pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2] : pts[0];
    const dist = pts.length > 1 ? Math.hypot(pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]) : 0;
    this.gesture = { vb: { ...this.vb }, mid, dist, n: pts.length, moved };
  }

  moveGesture(ev) {
    const g = this.gesture;
    if (!g) return;
    const pts = [...this.pointers.values()];
    const W = this.stage.clientWidth, H = this.stage.clientHeight;
    const scale0 = W / g.vb.w;
    if (g.n === 1) {
      const dx = pts[0][0] - g.mid[0], dy = pts[0][1] - g.mid[1];
      if (!g.moved && Math.hypot(dx, dy) < DRAG_PX) return;
      if (!g.moved) this.stage.setPointerCapture?.(ev.pointerId);
      g.moved = true;
      this.chosen = true;
      this.apply({ ...g.vb, x: g.vb.x - dx / scale0, y: g.vb.y - dy / scale0 });
      return;
    }
    if (pts.length < 2 || !g.dist) return;
    const mid = [(pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2];
    const dist = Math.hypot(pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]);
    const next = Math.min(Math.max(scale0 * dist / g.dist, this.minScale(W, H)), Math.max(this.maxScale(W, H), scale0));
    const ux = g.vb.x + g.mid[0] / scale0, uy = g.vb.y + g.mid[1] / scale0; // under the fingers' first midpoint
    g.moved = true;
    this.chosen = true;
    this.apply({ x: ux - mid[0] / next, y: uy - mid[1] / next, w: W / next, h: H / next });
  }
}

// The two board settings a person keeps across pages and visits (the game page and the replay
// page): hex coordinates shown, the legend open.
export const COORDS_KEY = "wasteland.coords";
export const LEGEND_KEY = "wasteland.legend";
export const shown = (key) => localStorage.getItem(key) === "1";

/** The buttons that switch the two settings, each telling its state; ``toggle(key)`` does it. */
export function boardTools(toggle) {
  return h("div", { class: "board-tools" },
    h("button", { type: "button", id: "coords-toggle", "aria-pressed": String(shown(COORDS_KEY)),
      onclick: () => toggle(COORDS_KEY), i18n: "game.coords" }),
    h("button", { type: "button", id: "legend-toggle", "aria-pressed": String(shown(LEGEND_KEY)),
      onclick: () => toggle(LEGEND_KEY), i18n: "game.legend" }));
}
