import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { CaptchaChallenge } from '../src/platform/captcha/index.ts';
import { crc32, PNG_SIGNATURE } from '../src/platform/captcha/png.ts';

/**
 * Test support: decode the captcha PNGs and find the secret offset from the images alone, so API and
 * browser tests can pass the slide puzzle the way a person would (by looking).
 */
export interface DecodedPng {
  width: number;
  height: number;
  channels: number;
  pixels: Uint8Array;
}

/** What the solvers read: the images and the public geometry. */
export type SolvableChallenge = Pick<
  CaptchaChallenge,
  'images' | 'y' | 'width' | 'height' | 'pieceSize' | 'radius'
>;

/** A challenge as the API answers it (the images' addresses), with its two PNGs loaded through `load`. */
export async function withImages<C extends { background: string; piece: string }>(
  ch: C,
  load: (url: string) => Promise<Buffer>,
): Promise<C & Pick<CaptchaChallenge, 'images'>> {
  const [background, piece] = await Promise.all([load(ch.background), load(ch.piece)]);
  return { ...ch, images: { background, piece } };
}

export const DATA_URL_PREFIX = 'data:image/png;base64,';

/** Strict little PNG decoder for 8-bit truecolour images: checks signature, chunk CRCs and sizes. */
export function decodePng(png: Buffer | string): DecodedPng {
  if (typeof png === 'string') expect(png.startsWith(DATA_URL_PREFIX)).toBe(true);
  const buf = typeof png === 'string' ? Buffer.from(png.slice(DATA_URL_PREFIX.length), 'base64') : png;
  expect(buf.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  let pos = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  const types: string[] = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    expect(buf.readUInt32BE(pos + 8 + len)).toBe(crc32(buf, pos + 4, pos + 8 + len));
    types.push(type);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect(data[8]).toBe(8); // bit depth
      expect([2, 6]).toContain(data[9]);
      channels = data[9] === 6 ? 4 : 3;
      expect([data[10], data[11], data[12]]).toEqual([0, 0, 0]);
    } else if (type === 'IDAT') {
      idat.push(data);
    }
    pos += 12 + len;
  }
  expect(pos).toBe(buf.length);
  expect(types[0]).toBe('IHDR');
  expect(types.at(-1)).toBe('IEND');
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  expect(raw.length).toBe((stride + 1) * height);
  // Undo the scanline filters.
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const type = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= channels ? pixels[(y - 1) * stride + i - channels]! : 0;
      let pred = 0;
      if (type === 1) pred = a;
      else if (type === 2) pred = b;
      else if (type === 3) pred = (a + b) >> 1;
      else if (type === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else expect(type).toBe(0);
      pixels[y * stride + i] = (x + pred) & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

/** The piece's opaque pixels at least `erode` px inside its outline, as [i, j] pairs (from its alpha). */
function interiorOf(piece: DecodedPng, erode: number): number[] {
  const opaque = (i: number, j: number) =>
    i >= 0 &&
    j >= 0 &&
    i < piece.width &&
    j < piece.height &&
    piece.pixels[(j * piece.width + i) * 4 + 3] === 255;
  const out: number[] = [];
  for (let j = 0; j < piece.height; j++) {
    for (let i = 0; i < piece.width; i++) {
      let inside = true;
      for (let dj = -erode; dj <= erode && inside; dj++)
        for (let di = -erode; di <= erode && inside; di++) if (!opaque(i + di, j + dj)) inside = false;
      if (inside) out.push(i, j);
    }
  }
  return out;
}

/**
 * Recovers the secret offset from the two images alone, as a person does: the hole whose content is the
 * piece's, darkened. For each offset the best darkening factor is fitted and the residual compared; the
 * decoy holes hold other content. This proves the piece and the hole line up (and gives the tests the answer).
 */
export function solveCaptcha(ch: SolvableChallenge): number {
  const bg = decodePng(ch.images.background);
  const piece = decodePng(ch.images.piece);
  const interior = interiorOf(piece, 4);
  const scene: number[] = [];
  for (let k = 0; k < interior.length; k += 2) {
    const p = (interior[k + 1]! * piece.width + interior[k]!) * 4;
    for (let c = 0; c < 3; c++) scene.push((piece.pixels[p + c]! - 255 * 0.06) / 0.94);
  }
  let best = -1;
  let bestErr = Number.POSITIVE_INFINITY;
  for (let x = 0; x + piece.width <= bg.width; x++) {
    // Least-squares darkening factor k (bg ≈ k · scene), then the mean residual.
    let sxy = 0;
    let sxx = 0;
    for (let k = 0, q = 0; k < interior.length; k += 2) {
      const s = ((ch.y + interior[k + 1]!) * bg.width + x + interior[k]!) * 3;
      for (let c = 0; c < 3; c++, q++) {
        sxy += bg.pixels[s + c]! * scene[q]!;
        sxx += scene[q]! * scene[q]!;
      }
    }
    const f = sxx > 0 ? sxy / sxx : 0;
    let err = 0;
    for (let k = 0, q = 0; k < interior.length && err < bestErr * interior.length; k += 2) {
      const s = ((ch.y + interior[k + 1]!) * bg.width + x + interior[k]!) * 3;
      for (let c = 0; c < 3; c++, q++) err += Math.abs(bg.pixels[s + c]! - f * scene[q]!);
    }
    err /= interior.length;
    if (err < bestErr) {
      bestErr = err;
      best = x;
    }
  }
  // The match is essentially exact (rounding only).
  expect(bestErr).toBeLessThan(3);
  return best;
}

/**
 * The simple script of issue 17 finding 1, kept to prove the puzzle resists it: take the piece's outline from
 * its alpha, slide it along the row and pick the offset where the background inside the outline is darkest
 * compared with a ring just outside it (the darkened hole).
 */
export function darkestHoleSolver(ch: SolvableChallenge): number {
  const bg = decodePng(ch.images.background);
  const piece = decodePng(ch.images.piece);
  const inside = interiorOf(piece, 1);
  const opaque = (i: number, j: number) =>
    i >= 0 &&
    j >= 0 &&
    i < piece.width &&
    j < piece.height &&
    piece.pixels[(j * piece.width + i) * 4 + 3]! > 0;
  const ring: number[] = [];
  for (let j = 0; j < piece.height; j++)
    for (let i = 0; i < piece.width; i++) {
      if (opaque(i, j)) continue;
      let near = false;
      for (let d = -3; d <= 3 && !near; d++) if (opaque(i + d, j) || opaque(i, j + d)) near = true;
      if (near) ring.push(i, j);
    }
  const lum = (x: number, i: number, j: number) => {
    const s = ((ch.y + j) * bg.width + x + i) * 3;
    return 0.299 * bg.pixels[s]! + 0.587 * bg.pixels[s + 1]! + 0.114 * bg.pixels[s + 2]!;
  };
  let best = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let x = 0; x + piece.width <= bg.width; x++) {
    let a = 0;
    for (let k = 0; k < inside.length; k += 2) a += lum(x, inside[k]!, inside[k + 1]!);
    let b = 0;
    for (let k = 0; k < ring.length; k += 2) b += lum(x, ring[k]!, ring[k + 1]!);
    const score = b / (ring.length / 2) - a / (inside.length / 2);
    if (score > bestScore) {
      bestScore = score;
      best = x;
    }
  }
  return best;
}

/** The simple script's drag: a straight line from 0 to x, 20 samples 25 ms apart. */
export function straightTrail(x: number): Array<[number, number]> {
  return Array.from({ length: 20 }, (_, i): [number, number] => [
    Math.round((x * (i + 1)) / 20),
    1_000 + i * 25,
  ]);
}

/** A plausible human drag: eased motion with jitter over ~700 ms and a short pause before letting go. */
export function humanTrail(target: number): Array<[number, number]> {
  const trail: Array<[number, number]> = [];
  let t = 1_700_000_000_000;
  for (let k = 0; k <= 40; k++) {
    const u = k / 40;
    const eased = 1 - (1 - u) ** 3;
    trail.push([Math.round(target * eased + (k % 3) - 1), t]);
    t += 14 + (k % 5) * 3;
  }
  trail.push([target, t + 180]);
  return trail;
}
