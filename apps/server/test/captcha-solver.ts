import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { CaptchaChallenge } from '../src/platform/captcha/index.ts';
import { crc32, PNG_SIGNATURE } from '../src/platform/captcha/png.ts';
import { pieceGeometry, pieceSdf } from '../src/platform/captcha/shape.ts';

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

export const DATA_URL_PREFIX = 'data:image/png;base64,';

/** Strict little PNG decoder for 8-bit truecolour images: checks signature, chunk CRCs and sizes. */
export function decodePng(dataUrl: string): DecodedPng {
  expect(dataUrl.startsWith(DATA_URL_PREFIX)).toBe(true);
  const buf = Buffer.from(dataUrl.slice(DATA_URL_PREFIX.length), 'base64');
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

/**
 * Recovers the secret offset from the two images alone: inside the hole the background is the piece's
 * pixels darkened. This proves the piece and the hole line up (and gives the tests the answer).
 */
export function solveCaptcha(ch: CaptchaChallenge): number {
  const bg = decodePng(ch.background);
  const piece = decodePng(ch.piece);
  const g = pieceGeometry(ch.pieceSize, ch.radius);
  const interior: number[] = [];
  for (let j = 0; j < piece.height; j++) {
    for (let i = 0; i < piece.width; i++) {
      // Well inside the shape, away from the outline.
      if (pieceSdf(g, i + 0.5, j + 0.5) < -4) interior.push(i, j);
    }
  }
  let best = -1;
  let bestErr = Number.POSITIVE_INFINITY;
  for (let x = 0; x + piece.width <= bg.width; x++) {
    let err = 0;
    for (let k = 0; k < interior.length && err < bestErr; k += 2) {
      const i = interior[k]!;
      const j = interior[k + 1]!;
      const p = (j * piece.width + i) * 4;
      const s = ((ch.y + j) * bg.width + x + i) * 3;
      for (let c = 0; c < 3; c++) {
        const scene = (piece.pixels[p + c]! - 255 * 0.06) / 0.94;
        err += Math.abs(bg.pixels[s + c]! - scene * 0.55);
      }
    }
    if (err < bestErr) {
      bestErr = err;
      best = x;
    }
  }
  // The match is essentially exact (rounding only).
  expect(bestErr / interior.length).toBeLessThan(3);
  return best;
}
