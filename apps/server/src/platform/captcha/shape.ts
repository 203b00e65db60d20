/**
 * Geometry of the classic slide-puzzle jigsaw piece: a square of side `pieceSize` with a round tab on the
 * top edge, a round tab on the right edge and a round notch cut into the left edge.
 *
 * Everything is expressed in piece-local pixel coordinates: (0, 0) is the top-left corner of the piece
 * image, and the piece image is `width` x `height` pixels. The shape is described by a signed distance
 * function (negative inside, positive outside) so that rendering can anti-alias the edge and draw an
 * outline without any canvas library.
 */

export interface PieceGeometry {
  /** Side of the square body of the piece. */
  readonly size: number;
  /** Radius of the tabs and of the notch. */
  readonly radius: number;
  /** Transparent margin kept around the shape for anti-aliasing. */
  readonly margin: number;
  /** Width of the piece image in pixels. */
  readonly width: number;
  /** Height of the piece image in pixels. */
  readonly height: number;
  /** Left edge of the square body inside the piece image. */
  readonly squareX: number;
  /** Top edge of the square body inside the piece image. */
  readonly squareY: number;
}

/** Transparent border around the shape inside the piece image. */
const MARGIN = 2;

/** Tab and notch circle centres sit this far from the square edge (the classic `r - 2` look). */
function tabOffset(radius: number): number {
  return radius - 2;
}

export function pieceGeometry(size: number, radius: number): PieceGeometry {
  // A tab protrudes by (radius - 2) + radius beyond the square edge.
  const protrusion = tabOffset(radius) + radius;
  return {
    size,
    radius,
    margin: MARGIN,
    width: MARGIN + size + protrusion + MARGIN,
    height: MARGIN + protrusion + size + MARGIN,
    squareX: MARGIN,
    squareY: MARGIN + protrusion,
  };
}

/**
 * One side of the piece: a round tab out, a round notch in, or straight; `shift` moves the tab or notch
 * along the side (px from the middle) and `radius` is its own (at most the geometry's radius). Tabs fit
 * only on the top and right sides (the image keeps room there); bottom and left take notches or nothing.
 */
export interface PieceEdge {
  readonly kind: 'tab' | 'notch' | 'flat';
  readonly shift: number;
  readonly radius: number;
}

export interface PieceShape {
  readonly top: PieceEdge;
  readonly right: PieceEdge;
  readonly bottom: PieceEdge;
  readonly left: PieceEdge;
}

/** The classic piece: tabs on top and right, a notch on the left, a straight bottom. */
export function classicShape(g: PieceGeometry): PieceShape {
  return {
    top: { kind: 'tab', shift: 0, radius: g.radius },
    right: { kind: 'tab', shift: 0, radius: g.radius },
    bottom: { kind: 'flat', shift: 0, radius: g.radius },
    left: { kind: 'notch', shift: 0, radius: g.radius },
  };
}

/**
 * A random piece (issue 17 finding 1: shape variety): each side a tab, a notch or straight, the tab or notch
 * moved along its side and of its own size; at least one tab and one notch, so it stays a jigsaw piece.
 * `rnd(n)` is a uniform integer in [0, n).
 */
export function randomShape(g: PieceGeometry, rnd: (n: number) => number): PieceShape {
  const maxShift = Math.max(0, Math.floor(g.size / 2 - g.radius - 3));
  const edge = (kinds: ReadonlyArray<PieceEdge['kind']>): PieceEdge => ({
    kind: kinds[rnd(kinds.length)]!,
    shift: rnd(2 * maxShift + 1) - maxShift,
    radius: g.radius - rnd(3),
  });
  for (;;) {
    const shape = {
      top: edge(['tab', 'tab', 'notch', 'flat']),
      right: edge(['tab', 'tab', 'notch', 'flat']),
      bottom: edge(['notch', 'flat']),
      left: edge(['notch', 'notch', 'flat']),
    };
    const sides = [shape.top, shape.right, shape.bottom, shape.left];
    if (sides.some((e) => e.kind === 'tab') && sides.some((e) => e.kind === 'notch')) return shape;
  }
}

/** Whether two shapes have the same outline (a decoy must look different from the piece). */
export function sameShape(a: PieceShape, b: PieceShape): boolean {
  const key = (s: PieceShape) => [s.top, s.right, s.bottom, s.left].map((e) => e.kind).join('|');
  return key(a) === key(b);
}

function circleSdf(px: number, py: number, cx: number, cy: number, r: number): number {
  return Math.hypot(px - cx, py - cy) - r;
}

function boxSdf(px: number, py: number, cx: number, cy: number, half: number): number {
  const qx = Math.abs(px - cx) - half;
  const qy = Math.abs(py - cy) - half;
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0));
  const inside = Math.min(Math.max(qx, qy), 0);
  return outside + inside;
}

/** The circle of each tab or notch: centre, radius and whether it adds (tab) or cuts (notch). */
function edgeCircles(
  g: PieceGeometry,
  shape: PieceShape,
): Array<{ cx: number; cy: number; r: number; tab: boolean }> {
  const half = g.size / 2;
  const midX = g.squareX + half;
  const midY = g.squareY + half;
  const out: Array<{ cx: number; cy: number; r: number; tab: boolean }> = [];
  const add = (e: PieceEdge, edgeX: number, edgeY: number, nx: number, ny: number) => {
    if (e.kind === 'flat') return;
    const off = tabOffset(e.radius);
    const tx = ny !== 0 ? e.shift : 0;
    const ty = nx !== 0 ? e.shift : 0;
    // Tabs sit outside the edge (along the outward normal), notches inside.
    const sign = e.kind === 'tab' ? 1 : -1;
    out.push({
      cx: edgeX + tx + sign * nx * off,
      cy: edgeY + ty + sign * ny * off,
      r: e.kind === 'tab' ? e.radius : e.radius + 0.4,
      tab: e.kind === 'tab',
    });
  };
  add(shape.top, midX, g.squareY, 0, -1);
  add(shape.right, g.squareX + g.size, midY, 1, 0);
  add(shape.bottom, midX, g.squareY + g.size, 0, 1);
  add(shape.left, g.squareX, midY, -1, 0);
  return out;
}

/**
 * Signed distance (in pixels) from point (px, py) to the jigsaw outline; < 0 inside, > 0 outside.
 * Sample pixel (i, j) at its centre: (i + 0.5, j + 0.5). Without a shape: the classic piece.
 */
export function pieceSdf(
  g: PieceGeometry,
  px: number,
  py: number,
  shape: PieceShape = classicShape(g),
): number {
  const half = g.size / 2;
  let d = boxSdf(px, py, g.squareX + half, g.squareY + half, half);
  const circles = edgeCircles(g, shape);
  for (const c of circles) if (c.tab) d = Math.min(d, circleSdf(px, py, c.cx, c.cy, c.r));
  for (const c of circles) if (!c.tab) d = Math.max(d, -circleSdf(px, py, c.cx, c.cy, c.r));
  return d;
}

/** Spacing of the boundary samples used to compute exact distances, in px. */
const BOUNDARY_STEP = 0.2;
/** Distances are refined only this close to the outline; farther away only the sign matters. */
const REFINE_BAND = 3;

/**
 * Points on the true outline of the composite shape. The composite SDF is exact in sign but only a bound
 * in magnitude (min/max of primitives), which would draw outlines through the narrow tab necks; exact
 * distances to these samples avoid that.
 */
function boundarySamples(g: PieceGeometry, shape: PieceShape): Float64Array {
  const candidates: number[] = [];
  const steps = Math.ceil(g.size / BOUNDARY_STEP);
  for (let k = 0; k <= steps; k++) {
    const t = (k / steps) * g.size;
    candidates.push(g.squareX + t, g.squareY, g.squareX + t, g.squareY + g.size);
    candidates.push(g.squareX, g.squareY + t, g.squareX + g.size, g.squareY + t);
  }
  for (const { cx, cy, r } of edgeCircles(g, shape)) {
    const n = Math.ceil((2 * Math.PI * r) / BOUNDARY_STEP);
    for (let k = 0; k < n; k++) {
      const a = (k / n) * 2 * Math.PI;
      candidates.push(cx + r * Math.cos(a), cy + r * Math.sin(a));
    }
  }
  const kept: number[] = [];
  for (let i = 0; i < candidates.length; i += 2) {
    const x = candidates[i]!;
    const y = candidates[i + 1]!;
    if (Math.abs(pieceSdf(g, x, y, shape)) < 1e-6) kept.push(x, y);
  }
  return Float64Array.from(kept);
}

export interface PieceMask {
  /** Anti-aliased coverage (0..1) per pixel of the piece image, row-major. */
  readonly coverage: Float32Array;
  /** Outline strength (0..1) per pixel of the piece image, row-major. */
  readonly outline: Float32Array;
}

/** Computes coverage and outline of every pixel of the piece image for one shape. */
export function pieceMask(g: PieceGeometry, shape: PieceShape = classicShape(g)): PieceMask {
  const coverage = new Float32Array(g.width * g.height);
  const outline = new Float32Array(g.width * g.height);
  const boundary = boundarySamples(g, shape);
  // Boundary samples bucketed by cell, so each pixel near the outline looks only at nearby samples.
  const cell = REFINE_BAND;
  const cols = Math.ceil(g.width / cell) + 2;
  const rows = Math.ceil(g.height / cell) + 2;
  const buckets: number[][] = Array.from({ length: cols * rows }, () => []);
  const cellOf = (v: number, n: number) => Math.min(n - 1, Math.max(0, Math.floor(v / cell) + 1));
  for (let k = 0; k < boundary.length; k += 2) {
    buckets[cellOf(boundary[k + 1]!, rows) * cols + cellOf(boundary[k]!, cols)]!.push(k);
  }
  for (let j = 0; j < g.height; j++) {
    for (let i = 0; i < g.width; i++) {
      const px = i + 0.5;
      const py = j + 0.5;
      let d = pieceSdf(g, px, py, shape);
      if (Math.abs(d) < REFINE_BAND) {
        let best = Number.POSITIVE_INFINITY;
        const ci = cellOf(px, cols);
        const cj = cellOf(py, rows);
        for (let bj = Math.max(0, cj - 1); bj <= Math.min(rows - 1, cj + 1); bj++) {
          for (let bi = Math.max(0, ci - 1); bi <= Math.min(cols - 1, ci + 1); bi++) {
            for (const k of buckets[bj * cols + bi]!) {
              const dx = boundary[k]! - px;
              const dy = boundary[k + 1]! - py;
              const q = dx * dx + dy * dy;
              if (q < best) best = q;
            }
          }
        }
        // No outline sample in the neighbouring cells: the outline is at least a cell (REFINE_BAND) away, even
        // where the composite bound claims it is nearer (a notch's arc outside the body is no outline).
        d =
          Math.sign(d) *
          (best < Number.POSITIVE_INFINITY ? Math.sqrt(best) : Math.max(Math.abs(d), REFINE_BAND));
      }
      coverage[j * g.width + i] = coverageFromSdf(d);
      outline[j * g.width + i] = outlineFromSdf(d);
    }
  }
  return { coverage, outline };
}

/** Anti-aliased coverage (0..1) of a pixel whose centre is at signed distance `d`. */
export function coverageFromSdf(d: number): number {
  const c = 0.5 - d;
  return c <= 0 ? 0 : Math.min(c, 1);
}

/** Strength (0..1) of a ~2 px outline drawn just inside the edge. */
export function outlineFromSdf(d: number): number {
  const s = 1 - Math.abs(d + 1);
  return Math.max(s, 0);
}
