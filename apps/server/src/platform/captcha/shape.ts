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

/**
 * Signed distance (in pixels) from point (px, py) to the jigsaw outline; < 0 inside, > 0 outside.
 * Sample pixel (i, j) at its centre: (i + 0.5, j + 0.5).
 */
export function pieceSdf(g: PieceGeometry, px: number, py: number): number {
  const half = g.size / 2;
  const off = tabOffset(g.radius);
  const midX = g.squareX + half;
  const midY = g.squareY + half;
  const body = boxSdf(px, py, midX, midY, half);
  const topTab = circleSdf(px, py, midX, g.squareY - off, g.radius);
  const rightTab = circleSdf(px, py, g.squareX + g.size + off, midY, g.radius);
  const leftNotch = circleSdf(px, py, g.squareX + off, midY, g.radius + 0.4);
  return Math.max(Math.min(body, topTab, rightTab), -leftNotch);
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
function boundarySamples(g: PieceGeometry): Float64Array {
  const half = g.size / 2;
  const off = tabOffset(g.radius);
  const midX = g.squareX + half;
  const midY = g.squareY + half;
  const candidates: number[] = [];
  const steps = Math.ceil(g.size / BOUNDARY_STEP);
  for (let k = 0; k <= steps; k++) {
    const t = (k / steps) * g.size;
    candidates.push(g.squareX + t, g.squareY, g.squareX + t, g.squareY + g.size);
    candidates.push(g.squareX, g.squareY + t, g.squareX + g.size, g.squareY + t);
  }
  const circles: Array<[number, number, number]> = [
    [midX, g.squareY - off, g.radius],
    [g.squareX + g.size + off, midY, g.radius],
    [g.squareX + off, midY, g.radius + 0.4],
  ];
  for (const [cx, cy, r] of circles) {
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
    if (Math.abs(pieceSdf(g, x, y)) < 1e-6) kept.push(x, y);
  }
  return Float64Array.from(kept);
}

export interface PieceMask {
  /** Anti-aliased coverage (0..1) per pixel of the piece image, row-major. */
  readonly coverage: Float32Array;
  /** Outline strength (0..1) per pixel of the piece image, row-major. */
  readonly outline: Float32Array;
}

/** Precomputes coverage and outline of every pixel of the piece image (done once per service). */
export function pieceMask(g: PieceGeometry): PieceMask {
  const coverage = new Float32Array(g.width * g.height);
  const outline = new Float32Array(g.width * g.height);
  const boundary = boundarySamples(g);
  for (let j = 0; j < g.height; j++) {
    for (let i = 0; i < g.width; i++) {
      const px = i + 0.5;
      const py = j + 0.5;
      let d = pieceSdf(g, px, py);
      if (Math.abs(d) < REFINE_BAND) {
        let best = Number.POSITIVE_INFINITY;
        for (let k = 0; k < boundary.length; k += 2) {
          const dx = boundary[k]! - px;
          const dy = boundary[k + 1]! - py;
          const q = dx * dx + dy * dy;
          if (q < best) best = q;
        }
        d = Math.sign(d) * Math.sqrt(best);
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
