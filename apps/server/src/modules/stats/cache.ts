import { COCKPIT_CACHE_SECONDS, type Cockpit } from '@aqzrx/contracts';
import type { Db } from '../../platform/context.ts';

/**
 * Computed cockpits kept per database and key (scope, period, day): a wall of screens refreshing every few
 * minutes, or many regulators opening the cockpit, cost one computation per key. Stale-while-revalidate:
 * a value older than COCKPIT_CACHE_SECONDS is still answered at once while one recomputation runs in the
 * background, so only the very first request of a key waits for the computation (a few hundred
 * milliseconds over the rollups, rollup.ts). The figures carry `dataAsOf` and the screen shows it
 * (数据更新于 HH:mm).
 */
interface Entry {
  at: number;
  value: Promise<Cockpit>;
  refreshing?: Promise<unknown>;
}
const caches = new WeakMap<Db, Map<string, Entry>>();
const MAX_KEYS = 500;

export async function cachedCockpit(db: Db, key: string, now: Date, compute: () => Promise<Cockpit>) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const t = now.getTime();
  const hit = cache.get(key);
  if (hit) {
    const fresh = t >= hit.at && t - hit.at < COCKPIT_CACHE_SECONDS * 1000;
    if (!fresh && !hit.refreshing) {
      const next = compute();
      hit.refreshing = next
        .then(() => cache.set(key, { at: t, value: next }))
        .catch(() => undefined)
        .finally(() => {
          hit.refreshing = undefined;
        });
    }
    return hit.value;
  }
  if (cache.size >= MAX_KEYS) cache.clear();
  const value = compute();
  cache.set(key, { at: t, value });
  value.catch(() => cache.delete(key));
  return value;
}

/** Forgets the computed cockpits of a database (tests that change records between reads). */
export function clearCockpitCache(db: Db): void {
  caches.delete(db);
}
