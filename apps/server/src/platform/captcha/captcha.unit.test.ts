import { describe, expect, it } from 'vitest';
import {
  DATA_URL_PREFIX,
  darkestHoleSolver,
  decodePng,
  humanTrail,
  solveCaptcha as solve,
  straightTrail,
} from '../../../test/captcha-solver.ts';
import { memoryStore } from '../shared-store.ts';
import { type CaptchaService, createCaptchaService, isPlausibleTrail, isSyntheticTrail } from './index.ts';
import { crc32, encodePng } from './png.ts';
import { classicShape, pieceGeometry, pieceMask, pieceSdf, randomShape } from './shape.ts';

function fakeClock(start = 1_000_000): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => (t += ms) };
}

describe('PNG encoder', () => {
  it('computes the standard CRC-32', async () => {
    expect(crc32(Buffer.from('IEND', 'latin1'))).toBe(0xae426082);
    expect(crc32(Buffer.from('123456789', 'latin1'))).toBe(0xcbf43926);
  });

  it('round-trips RGB and RGBA pixels', async () => {
    const rgba = new Uint8Array(5 * 3 * 4).map((_, i) => (i * 37) & 0xff);
    const out = decodePng(`${DATA_URL_PREFIX}${encodePng(5, 3, rgba, 4).toString('base64')}`);
    expect([out.width, out.height, out.channels]).toEqual([5, 3, 4]);
    expect(Array.from(out.pixels)).toEqual(Array.from(rgba));
    const rgb = new Uint8Array(4 * 4 * 3).map((_, i) => (i * 91 + 7) & 0xff);
    expect(
      Array.from(decodePng(`${DATA_URL_PREFIX}${encodePng(4, 4, rgb, 3).toString('base64')}`).pixels),
    ).toEqual(Array.from(rgb));
  });
});

describe('slide-puzzle captcha', () => {
  const service: CaptchaService = createCaptchaService();

  it('issues a challenge with the spec defaults and random ids', async () => {
    const a = await service.issue();
    const b = await service.issue();
    expect(a).toMatchObject({ width: 310, height: 155, pieceSize: 42, radius: 10, expiresInMs: 120_000 });
    expect(a.id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(a.id).not.toBe(b.id);
    expect(Number.isInteger(a.y)).toBe(true);
    expect(a.y).toBeGreaterThanOrEqual(0);
    expect(a.y + 64).toBeLessThanOrEqual(155);
    // Random colours and noise: two pictures never coincide.
    expect(a.images.background.equals(b.images.background)).toBe(false);
    expect(a.background).toBe(`/api/captcha/image/${a.id}/background`);
  });

  it('returns a valid background PNG of width x height', async () => {
    const bg = decodePng((await service.issue()).images.background);
    expect([bg.width, bg.height, bg.channels]).toEqual([310, 155, 3]);
  });

  it('returns a piece PNG that is transparent outside the jigsaw shape and opaque inside', async () => {
    // The classic piece pinned, so the outline is known here.
    const ch = await createCaptchaService({ shape: classicShape }).issue();
    const piece = decodePng(ch.images.piece);
    const g = pieceGeometry(42, 10);
    expect([piece.width, piece.height, piece.channels]).toEqual([g.width, g.height, 4]);
    expect(g.width).toBe(42 + 2 * 10 + 2);
    let transparent = 0;
    let opaque = 0;
    for (let j = 0; j < piece.height; j++) {
      for (let i = 0; i < piece.width; i++) {
        const alpha = piece.pixels[(j * piece.width + i) * 4 + 3]!;
        const d = pieceSdf(g, i + 0.5, j + 0.5);
        if (d >= 0.5) {
          expect(alpha).toBe(0);
          transparent++;
        } else if (d <= -0.5) {
          expect(alpha).toBe(255);
          opaque++;
        }
      }
    }
    // Corners and the middle of the left notch are outside; the centre of the body is inside.
    const alphaAt = (i: number, j: number): number => piece.pixels[(j * piece.width + i) * 4 + 3]!;
    expect(alphaAt(0, 0)).toBe(0);
    expect(alphaAt(g.width - 1, 0)).toBe(0);
    expect(alphaAt(g.width - 1, g.height - 1)).toBe(0);
    expect(alphaAt(g.squareX + 2, g.squareY + 21)).toBe(0);
    expect(alphaAt(g.squareX + 30, g.squareY + 30)).toBe(255);
    expect(transparent).toBeGreaterThan(800);
    expect(opaque).toBeGreaterThan(1500);
  });

  it('accepts the exact offset and offsets within the tolerance, with a one-time token', async () => {
    for (const delta of [0, 5, -5, 4.5]) {
      const ch = await service.issue();
      const secret = solve(ch);
      expect(secret).toBeGreaterThanOrEqual(64 + 10);
      expect(secret).toBeLessThanOrEqual(310 - 64 - 10);
      const res = await service.check(ch.id, secret + delta, humanTrail(secret + delta));
      expect(res.ok).toBe(true);
      if (res.ok) expect(res.captchaToken).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    }
    // The trail is optional.
    const ch = await service.issue();
    expect((await service.check(ch.id, solve(ch))).ok).toBe(true);
  });

  it('rejects offsets outside the tolerance as mismatch and burns the challenge', async () => {
    for (const delta of [6, -6, 40]) {
      const ch = await service.issue();
      const secret = solve(ch);
      expect(await service.check(ch.id, secret + delta)).toEqual({ ok: false, reason: 'mismatch' });
      expect(await service.check(ch.id, secret)).toEqual({ ok: false, reason: 'expired' });
    }
    const ch = await service.issue();
    expect(await service.check(ch.id, Number.NaN)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('is single use: a replay after success is expired', async () => {
    const ch = await service.issue();
    const secret = solve(ch);
    expect((await service.check(ch.id, secret)).ok).toBe(true);
    expect(await service.check(ch.id, secret)).toEqual({ ok: false, reason: 'expired' });
  });

  it('treats unknown or malformed ids as expired', async () => {
    expect(await service.check('nope', 100)).toEqual({ ok: false, reason: 'expired' });
    expect(await service.check('', 100)).toEqual({ ok: false, reason: 'expired' });
    expect(await service.check('x'.repeat(500), 100)).toEqual({ ok: false, reason: 'expired' });
    expect(await service.check('__proto__', 100)).toEqual({ ok: false, reason: 'expired' });
  });

  it('expires challenges after ttlMs (fake clock)', async () => {
    const clock = fakeClock();
    const svc = createCaptchaService({ now: clock.now });
    const late = await svc.issue();
    const lateX = solve(late);
    const onTime = await svc.issue();
    const onTimeX = solve(onTime);
    clock.advance(119_999);
    expect((await svc.check(onTime.id, onTimeX)).ok).toBe(true);
    clock.advance(1);
    expect(await svc.check(late.id, lateX)).toEqual({ ok: false, reason: 'expired' });
  });

  it('flags obviously synthetic trails as robot', async () => {
    const cases: Array<Array<[number, number]>> = [
      [],
      [
        [0, 0],
        [150, 10],
      ],
      [
        [0, 5],
        [80, 5],
        [150, 5],
      ], // zero elapsed time: a teleport
      [
        [0, 10],
        [80, 30],
        [150, 20],
      ], // time going backwards
      [
        [150, 0],
        [150, 100],
        [150, 200],
      ], // no movement
      [
        [0, 0],
        [Number.NaN, 10],
        [150, 20],
      ],
    ];
    for (const trail of cases) {
      expect(isSyntheticTrail(trail)).toBe(true);
      const ch = await service.issue();
      const secret = solve(ch);
      expect(await service.check(ch.id, secret, trail)).toEqual({ ok: false, reason: 'robot' });
      expect(await service.check(ch.id, secret)).toEqual({ ok: false, reason: 'expired' });
    }
    expect(isSyntheticTrail(humanTrail(150))).toBe(false);
    // Keyboard drag (arrow key auto-repeat, coarse timestamps) is uniform but well-formed.
    expect(isSyntheticTrail(Array.from({ length: 60 }, (_, k): [number, number] => [k * 2, k * 33]))).toBe(
      false,
    );
  });

  it('scores trails on the server: a straight line in time is a script, eased drags and keyboard use pass', async () => {
    expect(isPlausibleTrail(straightTrail(150))).toBe(false);
    expect(isPlausibleTrail(humanTrail(150))).toBe(true);
    // Too fast for a hand.
    expect(
      isPlausibleTrail([
        [0, 0],
        [60, 40],
        [150, 90],
      ]),
    ).toBe(false);
    // Keyboard, as the widget records it: the first press at once, the key repeat after its delay, then
    // Enter some time after the last step.
    const keys: Array<[number, number]> = [
      [0, 0],
      [4, 2],
    ];
    for (let k = 1; k <= 36; k++) keys.push([4 + 4 * k, 500 + 33 * k]);
    keys.push([148, 500 + 33 * 36 + 600]);
    expect(isPlausibleTrail(keys)).toBe(true);
    // The straight-line drag is refused by check() even at the right offset.
    const ch = await service.issue();
    const x = solve(ch);
    expect(await service.check(ch.id, x, straightTrail(x))).toEqual({ ok: false, reason: 'robot' });
  });

  it('draws no outline deep inside any piece shape (where a notch arc outside the body is no outline)', async () => {
    // A fixed sequence of shapes, so a failure repeats. Before the fix one challenge in ~600 had outline pixels
    // inside the piece, which broke the hole-to-piece match the test solver (and a person) relies on.
    let seed = 1;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const g = pieceGeometry(42, 10);
    let checked = 0;
    for (let k = 0; k < 600; k++) {
      const { coverage, outline } = pieceMask(g, randomShape(g, rnd));
      const full = (i: number, j: number) =>
        i >= 0 && j >= 0 && i < g.width && j < g.height && coverage[j * g.width + i] === 1;
      for (let j = 0; j < g.height; j++)
        for (let i = 0; i < g.width; i++) {
          let deep = true;
          for (let dj = -3; dj <= 3 && deep; dj++)
            for (let di = -3; di <= 3 && deep; di++) if (!full(i + di, j + dj)) deep = false;
          if (!deep) continue;
          checked++;
          if (outline[j * g.width + i] !== 0)
            throw new Error(`shape ${k}: outline at (${i}, ${j}) deep inside`);
        }
    }
    expect(checked).toBeGreaterThan(100_000);
  });

  it('varies the piece shape from one challenge to the next', async () => {
    const outlines = new Set<string>();
    for (let k = 0; k < 20; k++) {
      const piece = decodePng((await service.issue()).images.piece);
      let key = '';
      for (let p = 3; p < piece.pixels.length; p += 4) key += piece.pixels[p]! > 127 ? '1' : '0';
      outlines.add(key);
    }
    expect(outlines.size).toBeGreaterThanOrEqual(12);
  });

  it('defeats the simple script (darkest piece-shaped hole, straight-line drag) on at least 90 % of 50 challenges', async () => {
    const runs = 50;
    let failed = 0;
    let wrongOffset = 0;
    for (let k = 0; k < runs; k++) {
      const ch = await service.issue();
      const x = darkestHoleSolver(ch);
      if (Math.abs(x - solve(ch)) > 5) wrongOffset++;
      if (!(await service.check(ch.id, x, straightTrail(x))).ok) failed++;
    }
    console.log(
      `[captcha] simple solver: failed ${failed}/${runs}; its offset alone was wrong on ${wrongOffset}/${runs}`,
    );
    expect(failed / runs).toBeGreaterThanOrEqual(0.9);
    // The pictures alone (decoys, clutter) already mislead it most of the time, whatever its drag (about 70 %
    // measured; 50 % asserted so that chance cannot fail the test).
    expect(wrongOffset / runs).toBeGreaterThanOrEqual(0.5);
  });

  it('redeems a captcha token exactly once and not after tokenTtlMs', async () => {
    const clock = fakeClock();
    const svc = createCaptchaService({ now: clock.now, tokenTtlMs: 60_000 });
    const a = await svc.issue();
    const resA = await svc.check(a.id, solve(a));
    const b = await svc.issue();
    const resB = await svc.check(b.id, solve(b));
    if (!resA.ok || !resB.ok) throw new Error('expected success');
    expect(resA.captchaToken).not.toBe(resB.captchaToken);
    expect(await svc.consume(resA.captchaToken)).toBe(true);
    expect(await svc.consume(resA.captchaToken)).toBe(false);
    expect(await svc.consume('unknown-token')).toBe(false);
    expect(await svc.consume('')).toBe(false);
    clock.advance(60_000);
    expect(await svc.consume(resB.captchaToken)).toBe(false);
  });

  it('two services on one store stand for two instances: issued by one, solved at the other once', async () => {
    const store = memoryStore();
    const one = createCaptchaService({ store });
    const other = createCaptchaService({ store });
    const ch = await await one.issue();
    const x = solve(ch);
    const res = await await other.check(ch.id, x, humanTrail(x));
    if (!res.ok) throw new Error('expected success');
    expect(await await one.check(ch.id, x, humanTrail(x))).toEqual({ ok: false, reason: 'expired' });
    expect(await await one.consume(res.captchaToken)).toBe(true);
    expect(await await other.consume(res.captchaToken)).toBe(false);
  });

  it('bounds memory: beyond maxEntries the oldest challenges and tokens are evicted', async () => {
    const svc = createCaptchaService({ maxEntries: 5 });
    const issued = await Promise.all(Array.from({ length: 8 }, () => svc.issue()));
    for (const old of issued.slice(0, 3)) {
      expect(await svc.check(old.id, solve(old))).toEqual({ ok: false, reason: 'expired' });
    }
    const newest = issued[7]!;
    expect((await svc.check(newest.id, solve(newest))).ok).toBe(true);

    const tokens: string[] = [];
    for (let k = 0; k < 7; k++) {
      const ch = await svc.issue();
      const res = await svc.check(ch.id, solve(ch));
      if (!res.ok) throw new Error('expected success');
      tokens.push(res.captchaToken);
    }
    expect(await svc.consume(tokens[0]!)).toBe(false); // evicted
    expect(await svc.consume(tokens[6]!)).toBe(true);
  });

  it('rejects geometry that does not fit', async () => {
    expect(() => createCaptchaService({ width: 120 })).toThrow(RangeError);
    expect(() => createCaptchaService({ radius: 1 })).toThrow(RangeError);
    expect(() => createCaptchaService({ maxEntries: 0 })).toThrow(RangeError);
  });

  it('renders a challenge quickly (logged, not asserted)', async () => {
    const svc = createCaptchaService();
    await svc.issue(); // warm-up
    const times: number[] = [];
    for (let k = 0; k < 30; k++) {
      const t = performance.now();
      await svc.issue();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const fmt = (v: number): string => v.toFixed(1);
    console.log(
      `[captcha] render time over ${times.length} challenges: median ${fmt(times[15]!)} ms, ` +
        `p90 ${fmt(times[27]!)} ms, max ${fmt(times[29]!)} ms`,
    );
    expect(times.length).toBe(30);
  });
});

describe('captcha images in the store', () => {
  it('serves a live challenge image from the store (any process), none once it is checked or expired', async () => {
    const clock = fakeClock();
    const store = memoryStore();
    const svc = createCaptchaService({ store, now: clock.now });
    const ch = await svc.issue();
    // Another service on the same store (another process) serves the same bytes, more than once.
    const other = createCaptchaService({ store, now: clock.now });
    expect((await other.image(ch.id, 'background'))?.equals(ch.images.background)).toBe(true);
    expect((await other.image(ch.id, 'piece'))?.equals(ch.images.piece)).toBe(true);
    expect((await svc.image(ch.id, 'piece'))?.equals(ch.images.piece)).toBe(true);
    await other.check(ch.id, solve(ch), humanTrail(solve(ch)));
    expect(await svc.image(ch.id, 'background')).toBeUndefined();
    const late = await svc.issue();
    clock.advance(120_001);
    expect(await svc.image(late.id, 'piece')).toBeUndefined();
    expect(await svc.image('', 'piece')).toBeUndefined();
  });
});
