import { COCKPIT_CACHE_SECONDS, type Cockpit } from '@aqzrx/contracts';
import type { Db } from '../../platform/context.ts';

/**
 * Computed cockpits kept per database for COCKPIT_CACHE_SECONDS (the freshness the screen states with
 * `computedAt`): a wall of screens refreshing every few minutes, or many regulators opening the cockpit,
 * cost one computation per scope and period in that time. Concurrent misses share one computation.
 */
const caches = new WeakMap<Db, Map<string, { at: number; value: Promise<Cockpit> }>>();

export async function cachedCockpit(db: Db, key: string, now: Date, compute: () => Promise<Cockpit>) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const t = now.getTime();
  const hit = cache.get(key);
  if (hit && t >= hit.at && t - hit.at < COCKPIT_CACHE_SECONDS * 1000) return hit.value;
  if (cache.size > 500) cache.clear();
  const value = compute();
  cache.set(key, { at: t, value });
  value.catch(() => cache.delete(key));
  return value;
}

/** Forgets the computed cockpits of a database (tests that change records between reads). */
export function clearCockpitCache(db: Db): void {
  caches.delete(db);
}
