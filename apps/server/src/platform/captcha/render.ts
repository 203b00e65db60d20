/**
 * Pure-TypeScript renderer for slide-puzzle images: a procedurally generated landscape (gradient sky,
 * sun, clouds, layered hills, pine trees, luminance noise) with a jigsaw hole, and the matching piece.
 *
 * Randomness for the picture comes from a fast PRNG seeded from the CSPRNG; the secret hole position is
 * chosen by the caller with crypto.randomInt and only passed in here.
 */
import { randomBytes } from 'node:crypto';
import { coverageFromSdf, type PieceGeometry, type PieceMask } from './shape.ts';

/** Uniform random number in [0, 1). */
export type Rng = () => number;

/** sfc32 PRNG seeded with 128 bits from the CSPRNG. Used only for the decorative picture. */
export function createPictureRng(seed: Uint8Array = randomBytes(16)): Rng {
  const view = new DataView(seed.buffer, seed.byteOffset, seed.byteLength);
  let a = view.getUint32(0) | 0;
  let b = view.getUint32(4) | 0;
  let c = view.getUint32(8) | 0;
  let d = view.getUint32(12) | 0;
  const next: Rng = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Discard the first outputs so that weak seeds are mixed.
  for (let i = 0; i < 12; i++) next();
  return next;
}

interface Rgb {
  r: number;
  g: number;
  b: number;
}

function hsl(h: number, s: number, l: number): Rgb {
  // h in degrees, s and l in 0..1; result in 0..255.
  const hue = (((h % 360) + 360) % 360) / 360;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number): number => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return { r: channel(hue + 1 / 3) * 255, g: channel(hue) * 255, b: channel(hue - 1 / 3) * 255 };
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return { r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t };
}

function scale(c: Rgb, k: number): Rgb {
  return { r: c.r * k, g: c.g * k, b: c.b * k };
}

const clamp01 = (v: number): number => (v < 0 ? 0 : Math.min(v, 1));

/** Float RGB canvas (0..255 per channel) with alpha blending. */
class Canvas {
  readonly data: Float32Array;
  readonly width: number;
  readonly height: number;
  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.data = new Float32Array(width * height * 3);
  }

  blend(x: number, y: number, c: Rgb, alpha: number): void {
    this.blendRgb(x, y, c.r, c.g, c.b, alpha);
  }

  blendRgb(x: number, y: number, r: number, g: number, b: number, alpha: number): void {
    if (alpha <= 0) return;
    const i = (y * this.width + x) * 3;
    const d = this.data;
    if (alpha >= 1) {
      d[i] = r;
      d[i + 1] = g;
      d[i + 2] = b;
      return;
    }
    d[i] = d[i]! + (r - d[i]!) * alpha;
    d[i + 1] = d[i + 1]! + (g - d[i + 1]!) * alpha;
    d[i + 2] = d[i + 2]! + (b - d[i + 2]!) * alpha;
  }
}

interface Palette {
  skyTop: Rgb;
  skyBottom: Rgb;
  sun: Rgb;
  cloud: Rgb;
  hillHue: number;
  hillSat: number;
  /** Lightness of the farthest and of the nearest hill layer. */
  hillLight: [number, number];
}

function between(rng: Rng, min: number, max: number): number {
  return min + (max - min) * rng();
}

function pickPalette(rng: Rng): Palette {
  const kind = Math.floor(rng() * 4);
  switch (kind) {
    case 0: // clear day
      return {
        skyTop: hsl(between(rng, 198, 218), 0.65, between(rng, 0.5, 0.58)),
        skyBottom: hsl(between(rng, 185, 200), 0.7, between(rng, 0.84, 0.9)),
        sun: hsl(between(rng, 45, 55), 1, 0.88),
        cloud: { r: 255, g: 255, b: 255 },
        hillHue: between(rng, 90, 150),
        hillSat: between(rng, 0.35, 0.55),
        hillLight: [0.6, 0.3],
      };
    case 1: // sunset
      return {
        skyTop: hsl(between(rng, 245, 280), 0.45, between(rng, 0.32, 0.4)),
        skyBottom: hsl(between(rng, 18, 38), 0.85, between(rng, 0.66, 0.74)),
        sun: hsl(between(rng, 35, 48), 1, 0.78),
        cloud: hsl(between(rng, 330, 360), 0.6, 0.85),
        hillHue: between(rng, 250, 290),
        hillSat: between(rng, 0.2, 0.32),
        hillLight: [0.45, 0.17],
      };
    case 2: // pastel dawn
      return {
        skyTop: hsl(between(rng, 315, 345), 0.5, between(rng, 0.66, 0.74)),
        skyBottom: hsl(between(rng, 38, 55), 0.8, between(rng, 0.86, 0.9)),
        sun: hsl(between(rng, 50, 60), 1, 0.92),
        cloud: { r: 255, g: 250, b: 252 },
        hillHue: between(rng, 160, 200),
        hillSat: between(rng, 0.3, 0.45),
        hillLight: [0.58, 0.27],
      };
    default: // autumn afternoon
      return {
        skyTop: hsl(between(rng, 205, 225), 0.55, between(rng, 0.55, 0.62)),
        skyBottom: hsl(between(rng, 40, 55), 0.6, between(rng, 0.85, 0.9)),
        sun: hsl(between(rng, 40, 50), 1, 0.85),
        cloud: { r: 255, g: 253, b: 245 },
        hillHue: between(rng, 20, 45),
        hillSat: between(rng, 0.45, 0.6),
        hillLight: [0.6, 0.3],
      };
  }
}

function drawSky(cv: Canvas, p: Palette): void {
  const { width: w, height: h } = cv;
  for (let y = 0; y < h; y++) {
    const c = mix(p.skyTop, p.skyBottom, (y / (h - 1)) ** 0.8);
    for (let x = 0; x < w; x++) cv.blend(x, y, c, 1);
  }
}

function drawSun(cv: Canvas, p: Palette, rng: Rng): void {
  const { width: w, height: h } = cv;
  const cx = between(rng, 0.1, 0.9) * w;
  const cy = between(rng, 0.12, 0.38) * h;
  const r = between(rng, 0.07, 0.11) * h;
  const glowFalloff = r * 1.1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy) - r;
      if (d > -0.5) cv.blend(x, y, p.sun, 0.45 * Math.exp(-Math.max(d, 0) / glowFalloff));
      cv.blend(x, y, p.sun, coverageFromSdf(d));
    }
  }
}

function drawClouds(cv: Canvas, p: Palette, rng: Rng): void {
  const { width: w, height: h } = cv;
  const count = 2 + Math.floor(rng() * 3);
  for (let n = 0; n < count; n++) {
    const puffs: Array<{ x: number; y: number; r: number }> = [];
    let px = between(rng, -0.1, 0.9) * w;
    const baseY = between(rng, 0.15, 0.45) * h;
    const puffCount = 3 + Math.floor(rng() * 4);
    for (let k = 0; k < puffCount; k++) {
      const r = between(rng, 0.04, 0.09) * h * (k === 0 || k === puffCount - 1 ? 0.75 : 1);
      puffs.push({ x: px, y: baseY - r * between(rng, 0.3, 0.7), r });
      px += r * between(rng, 0.9, 1.4);
    }
    const minX = Math.max(0, Math.floor(Math.min(...puffs.map((q) => q.x - q.r)) - 3));
    const maxX = Math.min(w - 1, Math.ceil(Math.max(...puffs.map((q) => q.x + q.r)) + 3));
    const top = Math.max(0, Math.floor(Math.min(...puffs.map((q) => q.y - q.r)) - 3));
    const bottom = Math.min(h - 1, Math.ceil(baseY + 3));
    const shadow = scale(p.cloud, 0.88);
    const opacity = between(rng, 0.7, 0.9);
    for (let y = top; y <= bottom; y++) {
      const c = mix(p.cloud, shadow, clamp01((y - top) / Math.max(1, baseY - top)) * 0.8);
      for (let x = minX; x <= maxX; x++) {
        let d = Number.POSITIVE_INFINITY;
        for (const q of puffs) d = Math.min(d, Math.hypot(x + 0.5 - q.x, y + 0.5 - q.y) - q.r);
        d = Math.max(d, y + 0.5 - baseY); // flat bottom
        cv.blend(x, y, c, opacity * clamp01(0.5 - d / 2.5));
      }
    }
  }
}

type Ridge = (x: number) => number;

function makeRidge(rng: Rng, w: number, base: number, amp: number): Ridge {
  const comps = [
    { a: amp, f: (2 * Math.PI) / (w * between(rng, 0.8, 1.6)), ph: rng() * 2 * Math.PI },
    { a: amp * 0.45, f: (2 * Math.PI) / (w * between(rng, 0.28, 0.45)), ph: rng() * 2 * Math.PI },
    { a: amp * 0.15, f: (2 * Math.PI) / (w * between(rng, 0.08, 0.15)), ph: rng() * 2 * Math.PI },
  ];
  return (x) => {
    let v = base;
    for (const c of comps) v += c.a * Math.sin(c.f * x + c.ph);
    return v;
  };
}

function drawHill(cv: Canvas, ridge: Ridge, color: Rgb): void {
  const { width: w, height: h } = cv;
  for (let x = 0; x < w; x++) {
    const top = ridge(x + 0.5);
    const start = Math.max(0, Math.floor(top));
    for (let y = start; y < h; y++) {
      const cov = clamp01(y + 1 - top);
      const shade = 1 - (0.22 * Math.max(0, y - top)) / h;
      cv.blendRgb(x, y, color.r * shade, color.g * shade, color.b * shade, cov);
    }
  }
}

function drawTrees(cv: Canvas, rng: Rng, ridge: Ridge, color: Rgb, count: number, size: number): void {
  const { width: w, height: h } = cv;
  for (let n = 0; n < count; n++) {
    const cx = between(rng, 0.02, 0.98) * w;
    const height = size * between(rng, 0.7, 1.3);
    const halfW = height * between(rng, 0.26, 0.34);
    const baseY = ridge(cx) + height * 0.25;
    const apexY = baseY - height;
    const norm = height / Math.hypot(height, halfW);
    const tint = scale(color, between(rng, 0.85, 1.1));
    const x0 = Math.max(0, Math.floor(cx - halfW - 1));
    const x1 = Math.min(w - 1, Math.ceil(cx + halfW + 1));
    const y0 = Math.max(0, Math.floor(apexY - 1));
    const y1 = Math.min(h - 1, Math.ceil(baseY + 1));
    for (let y = y0; y <= y1; y++) {
      const py = y + 0.5;
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5;
        const side = (Math.abs(px - cx) - (halfW * (py - apexY)) / height) * norm;
        const d = Math.max(side, apexY - py, py - baseY);
        cv.blend(x, y, tint, coverageFromSdf(d));
      }
    }
  }
}

function drawLandscape(cv: Canvas, p: Palette, rng: Rng): void {
  const { width: w, height: h } = cv;
  const layers = 3;
  const ridges: Ridge[] = [];
  for (let i = 0; i < layers; i++) {
    const depth = i / (layers - 1); // 0 = far, 1 = near
    const base = h * (0.5 + 0.15 * i + between(rng, -0.04, 0.04));
    const amp = h * between(rng, 0.05, 0.09) * (1.2 - 0.3 * depth);
    const ridge = makeRidge(rng, w, base, amp);
    ridges.push(ridge);
    const light = p.hillLight[0] + (p.hillLight[1] - p.hillLight[0]) * depth;
    const own = hsl(p.hillHue + between(rng, -12, 12), p.hillSat, light);
    const color = mix(own, p.skyBottom, 0.5 * (1 - depth)); // aerial perspective
    drawHill(cv, ridge, color);
    if (i === 1) drawTrees(cv, rng, ridge, scale(color, 0.78), 3 + Math.floor(rng() * 5), h * 0.07);
    if (i === 2) drawTrees(cv, rng, ridge, scale(color, 0.7), 4 + Math.floor(rng() * 7), h * 0.12);
  }
}

/**
 * Clutter against scripts that look for the darkest patch (issue 17 finding 1): soft translucent dark and
 * light blobs of about the piece's size and a few thin strokes, anywhere on the picture.
 */
function drawClutter(cv: Canvas, rng: Rng): void {
  const { width: w, height: h } = cv;
  const blobs = 5 + Math.floor(rng() * 5);
  for (let n = 0; n < blobs; n++) {
    const cx = rng() * w;
    const cy = rng() * h;
    const rx = between(rng, 0.06, 0.16) * h + 6;
    const ry = rx * between(rng, 0.6, 1.4);
    const dark = rng() < 0.6;
    const c: Rgb = dark ? { r: 20, g: 24, b: 30 } : { r: 255, g: 255, b: 250 };
    const alpha = between(rng, 0.12, 0.3);
    for (let y = Math.max(0, Math.floor(cy - ry - 2)); y <= Math.min(h - 1, Math.ceil(cy + ry + 2)); y++) {
      for (let x = Math.max(0, Math.floor(cx - rx - 2)); x <= Math.min(w - 1, Math.ceil(cx + rx + 2)); x++) {
        const q = ((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2;
        if (q < 1) cv.blend(x, y, c, alpha * (1 - q ** 2));
      }
    }
  }
  const strokes = 2 + Math.floor(rng() * 3);
  for (let n = 0; n < strokes; n++) {
    let x = rng() * w;
    let y = rng() * h;
    const angle = rng() * 2 * Math.PI;
    const len = between(rng, 0.2, 0.5) * w;
    const c: Rgb = rng() < 0.5 ? { r: 30, g: 30, b: 30 } : { r: 250, g: 250, b: 250 };
    for (let k = 0; k < len; k++) {
      x += Math.cos(angle + Math.sin(k / 9) * 0.4);
      y += Math.sin(angle + Math.sin(k / 9) * 0.4);
      const xi = Math.round(x);
      const yi = Math.round(y);
      if (xi >= 0 && xi < w && yi >= 0 && yi < h) cv.blend(xi, yi, c, 0.35);
    }
  }
}

/** Renders an opaque landscape as 8-bit RGB (width * height * 3 bytes). */
export function renderScene(width: number, height: number, rng: Rng): Uint8Array {
  const cv = new Canvas(width, height);
  const palette = pickPalette(rng);
  drawSky(cv, palette);
  drawSun(cv, palette, rng);
  drawClouds(cv, palette, rng);
  drawLandscape(cv, palette, rng);
  drawClutter(cv, rng);
  // Luminance noise so that no two pictures are identical and template matching is less trivial.
  const out = new Uint8Array(width * height * 3);
  const src = cv.data;
  for (let i = 0; i < out.length; i += 3) {
    const n = (rng() - 0.5) * 7;
    out[i] = Math.max(0, Math.min(255, Math.round(src[i]! + n)));
    out[i + 1] = Math.max(0, Math.min(255, Math.round(src[i + 1]! + n)));
    out[i + 2] = Math.max(0, Math.min(255, Math.round(src[i + 2]! + n)));
  }
  return out;
}

/**
 * Copies the jigsaw-shaped region whose piece image has its top-left corner at (x, y) out of the RGB
 * `scene` into an RGBA piece image (transparent outside the shape, with a light outline).
 */
export function cutPiece(
  scene: Uint8Array,
  sceneWidth: number,
  g: PieceGeometry,
  mask: PieceMask,
  x: number,
  y: number,
): Uint8Array {
  const out = new Uint8Array(g.width * g.height * 4);
  for (let j = 0; j < g.height; j++) {
    for (let i = 0; i < g.width; i++) {
      const m = j * g.width + i;
      const cov = mask.coverage[m]!;
      if (cov <= 0) continue; // stays fully transparent (0,0,0,0)
      const s = ((y + j) * sceneWidth + (x + i)) * 3;
      const o = m * 4;
      const line = 0.9 * mask.outline[m]!;
      for (let k = 0; k < 3; k++) {
        const lifted = scene[s + k]! + (255 - scene[s + k]!) * 0.06;
        out[o + k] = Math.round(lifted + (255 - lifted) * line);
      }
      out[o + 3] = Math.round(cov * 255);
    }
  }
  return out;
}

/**
 * Darkens the jigsaw-shaped hole at (x, y) in the RGB `scene` in place by `depth` (0..1) and outlines it with
 * `line` (0..1). The true hole and the decoys are drawn alike, with their own depth and outline.
 */
export function drawHole(
  scene: Uint8Array,
  sceneWidth: number,
  g: PieceGeometry,
  mask: PieceMask,
  x: number,
  y: number,
  depthOf = 0.45,
  lineOf = 0.75,
): void {
  for (let j = 0; j < g.height; j++) {
    for (let i = 0; i < g.width; i++) {
      const m = j * g.width + i;
      const cov = mask.coverage[m]!;
      if (cov <= 0) continue;
      const s = ((y + j) * sceneWidth + (x + i)) * 3;
      const depth = depthOf * cov;
      const line = lineOf * mask.outline[m]!;
      for (let k = 0; k < 3; k++) {
        const dark = scene[s + k]! * (1 - depth);
        scene[s + k] = Math.round(dark + (255 - dark) * line);
      }
    }
  }
}
