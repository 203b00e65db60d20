import { type Expression, sql } from 'kysely';
import type { Db, Tx } from './context.ts';
import { afterCommit } from './transaction.ts';

/**
 * Totals of the large paged lists (policies, claims, enterprises; prevention plans, projects, funds and
 * service requests). Counting tens of thousands of matching rows costs far more than fetching one page, and
 * people page through the same filter, so a total is kept for a short while per database, scope and filter
 * set:
 *
 * - concurrent requests for a total not yet known share one count (single flight);
 * - a total older than TTL is still answered at once while one request counts it again in the background
 *   (stale while revalidate, again single flight): a refresh never makes a request wait;
 * - a write to these records drops the totals when its transaction commits (countsChanged, called by the
 *   writing code), so the writer's next page shows the new total (that one request waits for the count);
 * - the list totals (cachedTotal) count at most `cap` rows (LIST_COUNT_CAP, configureCounts): a larger
 *   total is answered as the cap with `totalCapped`, shown as "10,000+ 条", so no count reads more than
 *   cap + 1 rows however many match. The rows of the page itself are always read fresh.
 */
const TTL_MS = 15_000;
const MAX_ENTRIES = 5000;
/** Default of LIST_COUNT_CAP (config.ts). */
export const DEFAULT_COUNT_CAP = 10_000;

interface Entry {
  /** When the value was counted (or its count started). */
  at: number;
  value: Promise<unknown>;
  /** The last counted value, once there is one (what a stale hit answers). */
  settled?: { v: unknown };
  /** A background recount is running. */
  refreshing: boolean;
}
const caches = new WeakMap<Db, Map<string, Entry>>();
const caps = new WeakMap<Db, number>();

/** Sets the largest total counted exactly on this database's lists (LIST_COUNT_CAP). */
export function configureCounts(db: Db, opts: { cap: number }): void {
  caps.set(db, opts.cap);
}

export function countCap(db: Db): number {
  return caps.get(db) ?? DEFAULT_COUNT_CAP;
}

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** A cached value (see above): fresh, stale while one recount runs, or counted now by the first asker. */
function cached<T>(db: Db, key: string, run: () => Promise<T>): Promise<T> {
  const cache = cacheOf(db);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit) {
    const fresh = now - hit.at < TTL_MS && now >= hit.at;
    // Fresh, or still being counted for the first time: everyone waits for that one count.
    if (fresh || !hit.settled) return hit.value as Promise<T>;
    if (!hit.refreshing) {
      hit.refreshing = true;
      run().then(
        (v) => {
          hit.refreshing = false;
          // Dropped by a write meanwhile: this count may predate it, so it is not kept.
          if (cache.get(key) !== hit) return;
          hit.at = Date.now();
          hit.value = Promise.resolve(v);
          hit.settled = { v };
        },
        () => {
          // The stale value stays; the next request after this tries again.
          hit.refreshing = false;
        },
      );
    }
    return Promise.resolve(hit.settled.v as T);
  }
  const value = run();
  const entry: Entry = { at: now, value, refreshing: false };
  cache.set(key, entry);
  value.then(
    (v) => {
      entry.settled = { v };
    },
    () => {
      if (cache.get(key) === entry) cache.delete(key);
    },
  );
  if (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return value;
}

/** A cached exact count (`run` counts every matching row). */
export function cachedCount(db: Db, key: string, run: () => Promise<number>): Promise<number> {
  return cached(db, key, run);
}

/** A list's total: exact up to the cap, else the cap with `totalCapped` (the web shows "10,000+ 条"). */
export interface ListTotal {
  total: number;
  totalCapped: boolean;
}

/**
 * A cached list total counted up to the database's cap: `count(limit)` counts the matching rows but at most
 * `limit` of them (countUpTo). The cap is part of the key, so a changed cap never answers an old total.
 */
export function cachedTotal(
  db: Db,
  key: string,
  count: (limit: number) => Promise<number>,
): Promise<ListTotal> {
  const cap = countCap(db);
  return cached(db, `${key}|cap:${cap}`, async () => {
    const n = await count(cap + 1);
    return n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false };
  });
}

/** How far into a list a frequent keyword's pages are read in list order (denseFirstRows). */
export const DENSE_FIRST_ROWS = 500;

/**
 * Whether the page of a keyword search is better read along the list's own order (newest first) than
 * looked up in a pair index (db/sql.ts bigramMatch): when the keyword matches at least the count cap
 * (thousands of rows, so every few rows read in list order is a match) and the page is among the first
 * DENSE_FIRST_ROWS. The index lookup would read every match to sort them; the walk stops after the page.
 * Deeper pages of such a keyword, and every page of a rarer one, use the index.
 */
export function denseFirstRows(total: ListTotal, offset: number, limit: number): boolean {
  return total.totalCapped && offset + limit <= DENSE_FIRST_ROWS;
}

/**
 * The filter values of a keyword list's page, from the values of its total (`fv`, with `kwPairs` when the
 * keyword is looked up in a pair index): a keyword matching at least the cap reads its first pages in list
 * order (denseFirstRows: `kwPairs` dropped); one whose total is below the cap is marked `kwFew`, so its pair
 * lookup hides the keyword from the planner and runs one generic plan (db/sql.ts bigramMatch `few`). Either
 * changes the keys, hence the page template's shape.
 */
export function keywordPageValues(
  fv: Record<string, unknown>,
  total: ListTotal,
  offset: number,
  limit: number,
): Record<string, unknown> {
  if (!Object.hasOwn(fv, 'kwPairs')) return fv;
  if (denseFirstRows(total, offset, limit)) {
    const { kwPairs: _pairs, ...walk } = fv;
    return walk;
  }
  return total.totalCapped ? fv : { ...fv, kwFew: true };
}

/**
 * The first sort key of a rare keyword's page (`kwFew`), as an expression no index provides: the page's few
 * matching rows are then found by the pair indexes and sorted. With the column itself a generic plan may walk
 * the list's order index instead, checking every row of the scope against the keyword (a plan list page at
 * 1,000,000 plans: 39 ms and seconds under load, against under a millisecond). The order is the column's.
 */
export function fewRowsOrder(
  column: Expression<unknown>,
  /** `number`: an integer or date column (+ 0); `instant`: a timestamp (+ interval '0 second'). */
  kind: 'number' | 'instant' = 'number',
): Expression<unknown> {
  return kind === 'number' ? sql`(${column}) + 0` : sql`(${column}) + interval '0 second'`;
}

/**
 * Counts the rows of a query, reading at most `limit` of them:
 * `SELECT count(*) FROM (<query> LIMIT limit) t`. The query's own columns are not computed (PostgreSQL drops
 * a subquery's outputs nobody reads).
 */
export async function countUpTo(
  db: Db,
  query: { limit(n: number): Expression<unknown> },
  limit: number,
): Promise<number> {
  const r = await sql<{ c: number }>`SELECT count(*) AS c FROM ${query.limit(limit)} AS t`.execute(db);
  return Number(r.rows[0]?.c ?? 0);
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
