import type { Clock } from './clock.ts';
import type { CounterState, SharedStore } from './shared-store.ts';

/**
 * Rate-limit counting across processes and instances (issue 18), in two kinds:
 *
 * - `hit` is exact: one round trip to the shared store (PostgreSQL or Redis) per counted request. For the limits
 *   of the routes that touch the database anyway and whose limits are small (sign-in 10 per 3 minutes, the
 *   puzzle, SMS codes, uploads, a subsystem's calls per minute): an instance must not grant what another
 *   already used.
 * - `hitLocal` costs no round trip: the request is counted in this process at once (so one process alone
 *   behaves exactly as before), and every `syncMs` the counts of the interval go to the store in one
 *   statement, which answers each key's total over all instances. For the limits every request passes (the API
 *   limit per session or IP, the per-IP ceiling), whose maxima are large: another instance's hits are seen at
 *   most two intervals late (it sends them within one; a key used here is refreshed with the next sync after
 *   each use), so N instances together may pass such a limit by what they serve in two intervals.
 *
 * With `syncMs` 0 (the embedded database: one process by design) local counts are never shared.
 */
export interface RateCounters {
  readonly store: SharedStore;
  /** Whether local counts are shared with other instances. */
  readonly shared: boolean;
  hit(key: string, windowMs: number): Promise<CounterState>;
  hitLocal(key: string, windowMs: number, delta?: number): CounterState;
  /** The local view of a window's count without adding to it (0 when it has ended). */
  peekLocal(key: string): number;
  /** When the local window of a key ends (now when there is none). */
  resetAt(key: string): number;
  /** Sends the counts of the interval now (the timer does it every syncMs). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

interface LocalWindow {
  /** The window's total over all instances as of the last sync (this process's synced hits included). */
  synced: number;
  /** This process's hits not yet sent. */
  pending: number;
  resetAt: number;
  windowMs: number;
  /** Syncs still to refresh the total after the last local hit (another instance's hits are learnt then). */
  refresh: number;
}

/** Local windows kept at most; past it, ended ones go first, then those with nothing to send. */
const MAX_LOCAL_KEYS = 200_000;

export function createRateCounters(opts: {
  store: SharedStore;
  clock: Clock;
  syncMs: number;
  onError?: (err: unknown) => void;
}): RateCounters {
  const { store, clock, syncMs } = opts;
  const windows = new Map<string, LocalWindow>();
  let flushing: Promise<void> | undefined;

  function trim(now: number): void {
    for (const [key, w] of windows) if (w.resetAt <= now && w.pending === 0) windows.delete(key);
    if (windows.size < MAX_LOCAL_KEYS) return;
    for (const [key, w] of windows) {
      if (windows.size < MAX_LOCAL_KEYS * 0.9) break;
      if (w.pending === 0) windows.delete(key);
    }
  }

  async function send(): Promise<void> {
    const now = clock.now().getTime();
    const batch: Array<{ key: string; delta: number; windowMs: number; w: LocalWindow }> = [];
    for (const [key, w] of windows) {
      // Sent with this process's new hits, and once more after the last one (delta 0), so a key used here learns
      // the others' hits of the interval in which it was last used too.
      if (w.pending > 0 || w.refresh > 0) {
        batch.push({ key, delta: w.pending, windowMs: w.windowMs, w });
        w.pending = 0;
        w.refresh--;
      }
    }
    if (batch.length === 0) {
      if (windows.size > 0) trim(now);
      return;
    }
    try {
      const states = await store.count(batch, now);
      for (let i = 0; i < batch.length; i++) {
        const { key, w } = batch[i]!;
        const s = states[i]!;
        // The window may have ended here meanwhile and been started afresh: that one keeps its own count.
        if (windows.get(key) !== w) continue;
        w.synced = s.count;
        w.resetAt = s.resetAt;
      }
    } catch (err) {
      // Sent again with the next interval's counts; local counting goes on.
      for (const b of batch) b.w.pending += b.delta;
      opts.onError?.(err);
    }
    trim(now);
  }

  const flush = (): Promise<void> => {
    flushing ??= send().finally(() => {
      flushing = undefined;
    });
    return flushing;
  };

  const timer = syncMs > 0 ? setInterval(() => void flush(), syncMs) : undefined;
  timer?.unref();

  return {
    store,
    shared: syncMs > 0,
    hit(key, windowMs) {
      return store.count([{ key, delta: 1, windowMs }], clock.now().getTime()).then((s) => s[0]!);
    },
    hitLocal(key, windowMs, delta = 1) {
      const now = clock.now().getTime();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { synced: 0, pending: 0, resetAt: now + windowMs, windowMs, refresh: 0 };
        windows.set(key, w);
      }
      w.pending += delta;
      w.refresh = 2;
      return { count: w.synced + w.pending, resetAt: w.resetAt };
    },
    peekLocal(key) {
      const w = windows.get(key);
      return w && w.resetAt > clock.now().getTime() ? w.synced + w.pending : 0;
    },
    resetAt(key) {
      const now = clock.now().getTime();
      const w = windows.get(key);
      return w && w.resetAt > now ? w.resetAt : now;
    },
    flush,
    async close() {
      if (timer) clearInterval(timer);
      if (syncMs > 0) await flush();
    },
  };
}

interface LimitResult {
  current: number;
  ttl: number;
}
type Done = (err: Error | null, res: LimitResult | null) => void;
interface RouteOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for @fastify/rate-limit over the counters: the global limit (every API route without a limit of its
 * own) counts locally and syncs; a route's own limit (`config.rateLimit`) counts exactly, per route.
 */
export function rateLimitStore(counters: RateCounters, clock: Clock) {
  const result = (s: CounterState): LimitResult => ({
    current: s.count,
    ttl: Math.max(0, s.resetAt - clock.now().getTime()),
  });
  class RouteStore {
    readonly prefix: string;
    constructor(routeOptions: RouteOptions) {
      const info = routeOptions.routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      this.prefix = `rl:${method}${info.url ?? ''}:`;
    }
    incr(key: string, cb: Done, timeWindow: number): void {
      counters.hit(this.prefix + key, timeWindow).then(
        (s) => cb(null, result(s)),
        (err: Error) => cb(err, null),
      );
    }
    child(routeOptions: RouteOptions): RouteStore {
      return new RouteStore(routeOptions);
    }
  }
  return class GlobalStore {
    incr(key: string, cb: Done, timeWindow: number): void {
      cb(null, result(counters.hitLocal(`rl:${key}`, timeWindow)));
    }
    child(routeOptions: RouteOptions): RouteStore {
      return new RouteStore(routeOptions);
    }
  };
}
