import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { SharedStore } from '../src/platform/shared-store.ts';

/**
 * What every shared store (platform/shared-store.ts) must do, run against each: memory and the database in
 * shared-store.test.ts, Redis in postgres/redis.test.ts. Keys are random, so runs never meet. Redis does not
 * sweep (its keys carry a TTL: redis.test.ts checks that).
 */
export function sharedStoreContract(store: () => SharedStore, opts: { sweeps: boolean }): void {
  const key = (label: string) => `test:${label}:${randomBytes(6).toString('hex')}`;
  const T = 1_800_000_000_000;

  it('take answers a value once, and nothing once it has expired', async () => {
    const s = store();
    const k = key('take');
    await s.put(k, '137', T + 1000, T);
    expect(await s.take(k, T + 10)).toBe('137');
    expect(await s.take(k, T + 10)).toBeUndefined();
    await s.put(k, 'late', T + 1000, T);
    expect(await s.take(k, T + 1000)).toBeUndefined();
    expect(await s.take(k, T)).toBeUndefined(); // the expired take removed it
  });

  it('of parallel takes of one key exactly one gets the value', async () => {
    const s = store();
    const k = key('race');
    await s.put(k, 'x', T + 60_000, T);
    const got = await Promise.all(Array.from({ length: 12 }, () => s.take(k, T)));
    expect(got.filter((v) => v === 'x')).toHaveLength(1);
  });

  it('claim holds a key until it expires; of parallel claims exactly one wins', async () => {
    const s = store();
    const k = key('claim');
    expect(await s.claim(k, T + 100, T)).toBe(true);
    expect(await s.claim(k, T + 100, T + 99)).toBe(false);
    expect(await s.claim(k, T + 300, T + 100)).toBe(true);
    const k2 = key('claims');
    const won = await Promise.all(Array.from({ length: 12 }, () => s.claim(k2, T + 1000, T)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it('counts windows: the first hit opens one, hits add up, an ended window starts again', async () => {
    const s = store();
    const [a, b] = [key('ca'), key('cb')];
    expect(
      await s.count(
        [
          { key: a, delta: 3, windowMs: 1000 },
          { key: b, delta: 1, windowMs: 5000 },
        ],
        T,
      ),
    ).toEqual([
      { count: 3, resetAt: T + 1000 },
      { count: 1, resetAt: T + 5000 },
    ]);
    expect(await s.count([{ key: a, delta: 2, windowMs: 1000 }], T + 500)).toEqual([
      { count: 5, resetAt: T + 1000 },
    ]);
    expect(await s.peek(a, T + 999)).toBe(5);
    expect(await s.peek(a, T + 1000)).toBe(0);
    expect(await s.count([{ key: a, delta: 1, windowMs: 1000 }], T + 1000)).toEqual([
      { count: 1, resetAt: T + 2000 },
    ]);
    expect(await s.peek(key('none'), T)).toBe(0);
    // Parallel hits are all counted.
    const c = key('cc');
    await Promise.all(Array.from({ length: 10 }, () => s.count([{ key: c, delta: 1, windowMs: 60_000 }], T)));
    expect(await s.peek(c, T)).toBe(10);
  });

  if (!opts.sweeps) return;
  it('sweep removes expired keys and ended windows, and keeps live ones', async () => {
    const s = store();
    const [gone, kept, ended] = [key('gone'), key('kept'), key('ended')];
    await s.put(gone, 'g', T + 10, T);
    await s.put(kept, 'k', T + 10_000, T);
    await s.count([{ key: ended, delta: 4, windowMs: 10 }], T);
    await s.sweep(T + 20);
    expect(await s.take(kept, T + 20)).toBe('k');
    // Read as of before their expiry: only a removed key answers nothing then.
    expect(await s.take(gone, T)).toBeUndefined();
    expect(await s.peek(ended, T)).toBe(0);
  });
}
