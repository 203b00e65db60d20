import type { Db, Tx } from './context.ts';
import { afterCommit } from './transaction.ts';

/**
 * Totals of the large paged lists (policies, claims). Counting tens of thousands of matching rows costs
 * far more than fetching one page, and people page through the same filter, so a total is kept for a
 * short while per database, scope and filter set: concurrent requests share one count (single flight),
 * a write to these records drops the totals when its transaction commits (countsChanged, called by the
 * writing code), and otherwise a total is at most TTL old (the rows of the page itself are always read
 * fresh).
 */
const TTL_MS = 15_000;
const MAX_ENTRIES = 5000;

interface Entry {
  at: number;
  value: Promise<number>;
}
const caches = new WeakMap<Db, Map<string, Entry>>();

export function cachedCount(db: Db, key: string, run: () => Promise<number>): Promise<number> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < TTL_MS && now >= hit.at) return hit.value;
  const value = run();
  const entry = { at: now, value };
  cache.set(key, entry);
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  if (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return value;
}

/** After a write to policies, endorsements or claims: every cached total of this database is dropped. */
export function invalidateCounts(db: Db): void {
  caches.get(db)?.clear();
}

/**
 * Called by the code that writes policies, endorsements or claims, inside its transaction: the cached totals
 * of the database are dropped once that transaction commits (a rollback keeps them).
 */
export function countsChanged(trx: Tx | Db): void {
  afterCommit(trx, invalidateCounts);
}
