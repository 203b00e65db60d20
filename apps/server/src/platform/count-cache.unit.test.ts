import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from './context.ts';
import {
  cachedCount,
  cachedTotal,
  configureCounts,
  invalidateCounts,
  keywordPageValues,
} from './count-cache.ts';

/** A count whose answer the test releases when it wants (no timing involved). */
function gate() {
  let calls = 0;
  const pending: Array<(n: number) => void> = [];
  const run = () => {
    calls++;
    return new Promise<number>((resolve) => pending.push(resolve));
  };
  return {
    run,
    calls: () => calls,
    release: (n: number) => pending.shift()!(n),
    waiting: () => pending.length,
  };
}

// The cache is keyed by the database object only; a plain object stands in for one.
const newDb = () => ({}) as Db;

describe('count cache (platform/count-cache.ts)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T02:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('concurrent requests for an unknown total share one count', async () => {
    const db = newDb();
    const g = gate();
    const asks = [cachedCount(db, 'k', g.run), cachedCount(db, 'k', g.run), cachedCount(db, 'k', g.run)];
    expect(g.calls()).toBe(1);
    g.release(42);
    expect(await Promise.all(asks)).toEqual([42, 42, 42]);
  });

  it('a stale total is answered at once while one recount runs; the recount then replaces it', async () => {
    const db = newDb();
    const g = gate();
    const first = cachedCount(db, 'k', g.run);
    g.release(10);
    expect(await first).toBe(10);

    vi.setSystemTime(new Date('2026-03-01T02:00:20Z')); // past the 15 s TTL
    // The recount never finishes until released: every request meanwhile gets the old value at once.
    expect(await cachedCount(db, 'k', g.run)).toBe(10);
    expect(await cachedCount(db, 'k', g.run)).toBe(10);
    expect(await Promise.all([cachedCount(db, 'k', g.run), cachedCount(db, 'k', g.run)])).toEqual([10, 10]);
    expect(g.calls()).toBe(2); // the first count and one recount, however many asked
    expect(g.waiting()).toBe(1);

    g.release(11);
    await vi.waitFor(async () => expect(await cachedCount(db, 'k', g.run)).toBe(11));
    expect(g.calls()).toBe(2);
  });

  it('a failed recount keeps the stale total and the next request tries again', async () => {
    const db = newDb();
    let n = 0;
    const run = vi.fn(async () => {
      n++;
      if (n === 2) throw new Error('statement timeout');
      return n * 100;
    });
    expect(await cachedCount(db, 'k', run)).toBe(100);
    vi.setSystemTime(new Date('2026-03-01T02:00:20Z'));
    expect(await cachedCount(db, 'k', run)).toBe(100); // starts the recount that fails
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(2));
    // Still the stale value, until a later request's recount succeeds.
    await vi.waitFor(async () => expect(await cachedCount(db, 'k', run)).toBe(300));
  });

  it('a write drops the totals: the next request counts anew, and a recount started before it is not kept', async () => {
    const db = newDb();
    const g = gate();
    const first = cachedCount(db, 'k', g.run);
    g.release(5);
    await first;
    vi.setSystemTime(new Date('2026-03-01T02:00:20Z'));
    expect(await cachedCount(db, 'k', g.run)).toBe(5); // recount running
    invalidateCounts(db);
    const after = cachedCount(db, 'k', g.run); // waits for its own count
    g.release(6); // the recount that began before the write
    g.release(7);
    expect(await after).toBe(7);
    expect(await cachedCount(db, 'k', g.run)).toBe(7);
  });

  it('totals above the cap come back as the cap, flagged', async () => {
    const db = newDb();
    configureCounts(db, { cap: 3 });
    const limits: number[] = [];
    const upTo = (rows: number) => async (limit: number) => {
      limits.push(limit);
      return Math.min(rows, limit);
    };
    expect(await cachedTotal(db, 'three', upTo(3))).toEqual({ total: 3, totalCapped: false });
    expect(await cachedTotal(db, 'four', upTo(4))).toEqual({ total: 3, totalCapped: true });
    expect(await cachedTotal(db, 'many', upTo(1_000_000))).toEqual({ total: 3, totalCapped: true });
    expect(limits).toEqual([4, 4, 4]); // never more than cap + 1 rows counted
  });
});

describe('keywordPageValues: how a keyword page is read', () => {
  const fv = { kwExact: '危化', kwPairs: '危化', districtCode: '321302' };
  const few = { total: 48, totalCapped: false };
  const many = { total: 10_000, totalCapped: true };

  it('a keyword below the cap: the pair lookup, marked kwFew (one generic plan)', () => {
    expect(keywordPageValues(fv, few, 0, 10)).toEqual({ ...fv, kwFew: true });
    expect(keywordPageValues(fv, few, 40, 10)).toEqual({ ...fv, kwFew: true });
  });

  it('a keyword at the cap: its first pages in list order (no pair lookup), deeper ones by the index, value visible', () => {
    const { kwPairs: _p, ...walk } = fv;
    expect(keywordPageValues(fv, many, 0, 10)).toEqual(walk);
    expect(keywordPageValues(fv, many, 490, 10)).toEqual(walk);
    expect(keywordPageValues(fv, many, 500, 10)).toEqual(fv);
  });

  it('no pair lookup (no keyword, or one character): the values unchanged', () => {
    const plain = { kwExact: '危', districtCode: '321302' };
    expect(keywordPageValues(plain, few, 0, 10)).toBe(plain);
  });
});
