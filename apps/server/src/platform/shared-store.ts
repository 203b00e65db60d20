import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from './context.ts';

/**
 * State that every server process and instance must see alike (issue 18: `WORKERS=N`, several instances on one
 * PostgreSQL): single-use keys (captcha challenges and pass tokens, signed-call nonces) and rate-limit windows.
 * In PostgreSQL (tables sys_single_use and sys_rate_counter, migration 0036) by default, in Redis when REDIS_URL
 * is set; in memory only for unit tests that have no database.
 *
 * Times are the application clock's milliseconds (tests move a fake clock), passed in by the caller: an expiry is
 * compared with `now`, never with the database's or Redis's own clock. Redis also expires its keys by itself;
 * the database's expired rows are removed by sweep().
 */
export interface SharedStore {
  readonly kind: 'database' | 'redis' | 'memory';
  /** Keeps `value` under `key` until `expiresAt` (replacing what was there). */
  put(key: string, value: string, expiresAt: number, now: number): Promise<void>;
  /** Removes the key and answers its value if it had not expired: of callers racing for one key, one gets it. */
  take(key: string, now: number): Promise<string | undefined>;
  /** The key's value if it has not expired, leaving it in place (what may be read more than once). */
  get(key: string, now: number): Promise<string | undefined>;
  /** Records the key unless it is held and unexpired: true for exactly one of callers racing for it. */
  claim(key: string, expiresAt: number, now: number): Promise<boolean>;
  /**
   * Adds each entry's delta to its window and answers the window's count and end, in the order given. A key's
   * first hit (or the first after its window ended) opens a window of `windowMs` from `now`. Keys must be
   * distinct.
   */
  count(entries: readonly CounterDelta[], now: number): Promise<CounterState[]>;
  /** The count of a window without adding to it (0 when there is none or it has ended). */
  peek(key: string, now: number): Promise<number>;
  /** Removes expired keys and ended windows (the database; Redis expires them itself). */
  sweep(now: number): Promise<void>;
  close(): Promise<void>;
}

export interface CounterDelta {
  key: string;
  delta: number;
  windowMs: number;
}

export interface CounterState {
  count: number;
  /** When the window ends (ms). */
  resetAt: number;
}

/** At most this many counters go to the database in one statement. */
const COUNT_BATCH = 500;

/**
 * PostgreSQL (or the embedded PGlite, where one process holds the data directory anyway). Each operation is one
 * statement on a pooled connection, outside any request transaction. Counter batches take their rows in key
 * order, so two instances flushing overlapping keys never deadlock.
 */
export function databaseStore(db: Db): SharedStore {
  return {
    kind: 'database',
    async put(key, value, expiresAt) {
      const at = new Date(expiresAt);
      await db
        .insertInto('sysSingleUse')
        .values({ key, value, expiresAt: at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, expiresAt: at }))
        .execute();
    },
    async get(key, now) {
      const row = await db
        .selectFrom('sysSingleUse')
        .select(['value', 'expiresAt'])
        .where('key', '=', key)
        .executeTakeFirst();
      return row && row.expiresAt.getTime() > now ? row.value : undefined;
    },
    async take(key, now) {
      const row = await db
        .deleteFrom('sysSingleUse')
        .where('key', '=', key)
        .returning(['value', 'expiresAt'])
        .executeTakeFirst();
      return row && row.expiresAt.getTime() > now ? row.value : undefined;
    },
    async claim(key, expiresAt, now) {
      const at = new Date(expiresAt);
      const row = await db
        .insertInto('sysSingleUse')
        .values({ key, value: '', expiresAt: at })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({ value: '', expiresAt: at })
            .where('sysSingleUse.expiresAt', '<=', new Date(now)),
        )
        .returning('key')
        .executeTakeFirst();
      return row !== undefined;
    },
    async count(entries, now) {
      const out = new Map<string, CounterState>();
      const sorted = [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const at = new Date(now);
      for (let i = 0; i < sorted.length; i += COUNT_BATCH) {
        const part = sorted.slice(i, i + COUNT_BATCH);
        // A window that has ended starts again with this delta; a live one adds it.
        const rows = await db
          .insertInto('sysRateCounter')
          .values(part.map((e) => ({ key: e.key, count: e.delta, resetAt: new Date(now + e.windowMs) })))
          .onConflict((oc) =>
            oc.column('key').doUpdateSet({
              count: sql<number>`CASE WHEN sys_rate_counter.reset_at <= ${at} THEN excluded.count
                ELSE sys_rate_counter.count + excluded.count END`,
              resetAt: sql<Date>`CASE WHEN sys_rate_counter.reset_at <= ${at} THEN excluded.reset_at
                ELSE sys_rate_counter.reset_at END`,
            }),
          )
          .returning(['key', 'count', 'resetAt'])
          .execute();
        for (const r of rows) out.set(r.key, { count: r.count, resetAt: r.resetAt.getTime() });
      }
      return entries.map((e) => out.get(e.key) ?? { count: e.delta, resetAt: now + e.windowMs });
    },
    async peek(key, now) {
      const row = await db
        .selectFrom('sysRateCounter')
        .select('count')
        .where('key', '=', key)
        .where('resetAt', '>', new Date(now))
        .executeTakeFirst();
      return row?.count ?? 0;
    },
    async sweep(now) {
      const at = new Date(now);
      await db.deleteFrom('sysSingleUse').where('expiresAt', '<=', at).execute();
      await db.deleteFrom('sysRateCounter').where('resetAt', '<=', at).execute();
    },
    async close() {},
  };
}

/** Keys outlive their expiry in Redis by this much (the application clock decides; Redis only cleans up). */
const REDIS_SLACK_MS = 5_000;

/** Claims a key unless it holds an unexpired time: KEYS[1]; ARGV expiresAt, now, ttl ms. */
const CLAIM_LUA = `
local held = redis.call('GET', KEYS[1])
if held and tonumber(held) > tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
return 1`;

/** Counters as hashes {c, r}: KEYS are the counters; ARGV now, then delta and window ms per key. */
const COUNT_LUA = `
local now = tonumber(ARGV[1])
local out = {}
for i, key in ipairs(KEYS) do
  local delta = tonumber(ARGV[2 * i])
  local win = tonumber(ARGV[2 * i + 1])
  local r = tonumber(redis.call('HGET', key, 'r') or '0')
  local c
  if r <= now then
    r = now + win
    c = delta
    redis.call('HSET', key, 'c', c, 'r', r)
    redis.call('PEXPIRE', key, win + ${REDIS_SLACK_MS})
  else
    c = redis.call('HINCRBY', key, 'c', delta)
  end
  out[#out + 1] = c
  out[#out + 1] = r
end
return out`;

type ScriptedRedis = Redis & {
  aqzrxClaim(key: string, expiresAt: number, now: number, ttl: number): Promise<number>;
  aqzrxCount(numKeys: number, ...args: Array<string | number>): Promise<number[]>;
};

/**
 * Redis (REDIS_URL): one round trip per operation; counters and claims are Lua scripts, so they are atomic.
 * Keys carry `prefix` (REDIS_PREFIX), so deployments (and test runs) can share one Redis.
 */
export function redisStore(redis: Redis, prefix: string): SharedStore {
  const r = redis as ScriptedRedis;
  if (typeof r.aqzrxClaim !== 'function') {
    redis.defineCommand('aqzrxClaim', { numberOfKeys: 1, lua: CLAIM_LUA });
    redis.defineCommand('aqzrxCount', { lua: COUNT_LUA });
  }
  const k = (key: string) => `${prefix}${key}`;
  const ttl = (expiresAt: number, now: number) => Math.max(1, expiresAt - now) + REDIS_SLACK_MS;
  return {
    kind: 'redis',
    async put(key, value, expiresAt, now) {
      await redis.set(k(key), `${expiresAt}|${value}`, 'PX', ttl(expiresAt, now));
    },
    async get(key, now) {
      const raw = await redis.get(k(key));
      if (raw === null) return undefined;
      const bar = raw.indexOf('|');
      return Number(raw.slice(0, bar)) > now ? raw.slice(bar + 1) : undefined;
    },
    async take(key, now) {
      const raw = await redis.getdel(k(key));
      if (raw === null) return undefined;
      const bar = raw.indexOf('|');
      return Number(raw.slice(0, bar)) > now ? raw.slice(bar + 1) : undefined;
    },
    async claim(key, expiresAt, now) {
      return (await r.aqzrxClaim(k(key), expiresAt, now, ttl(expiresAt, now))) === 1;
    },
    async count(entries, now) {
      const out: CounterState[] = [];
      for (let i = 0; i < entries.length; i += COUNT_BATCH) {
        const part = entries.slice(i, i + COUNT_BATCH);
        const args: Array<string | number> = [...part.map((e) => k(e.key)), now];
        for (const e of part) args.push(e.delta, e.windowMs);
        const res = await r.aqzrxCount(part.length, ...args);
        for (let j = 0; j < part.length; j++)
          out.push({ count: Number(res[2 * j]), resetAt: Number(res[2 * j + 1]) });
      }
      return out;
    },
    async peek(key, now) {
      const [c, reset] = await redis.hmget(k(key), 'c', 'r');
      return c !== null && Number(reset) > now ? Number(c) : 0;
    },
    async sweep() {},
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** A Redis connection for the store: commands fail after a few retries instead of queueing for ever. */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    connectTimeout: 5_000,
    lazyConnect: false,
  });
  // A lost connection reconnects by itself; the error is logged by the caller's failing command.
  redis.on('error', () => undefined);
  return redis;
}

/** One process's memory: unit tests without a database (a server always has one of the two above). */
export function memoryStore(maxKeys = 100_000): SharedStore {
  const once = new Map<string, { value: string; expiresAt: number }>();
  const counters = new Map<string, CounterState>();
  const room = (now: number) => {
    if (once.size < maxKeys) return;
    for (const [key, v] of once) if (v.expiresAt <= now) once.delete(key);
    // Still full: the oldest go (insertion order), as the bounded in-process stores did.
    for (const key of once.keys()) {
      if (once.size < maxKeys) break;
      once.delete(key);
    }
  };
  return {
    kind: 'memory',
    async put(key, value, expiresAt, now) {
      once.delete(key);
      room(now);
      once.set(key, { value, expiresAt });
    },
    async get(key, now) {
      const v = once.get(key);
      return v && v.expiresAt > now ? v.value : undefined;
    },
    async take(key, now) {
      const v = once.get(key);
      once.delete(key);
      return v && v.expiresAt > now ? v.value : undefined;
    },
    async claim(key, expiresAt, now) {
      const v = once.get(key);
      if (v && v.expiresAt > now) return false;
      once.delete(key);
      room(now);
      once.set(key, { value: '', expiresAt });
      return true;
    },
    async count(entries, now) {
      return entries.map((e) => {
        let c = counters.get(e.key);
        if (!c || c.resetAt <= now) c = { count: e.delta, resetAt: now + e.windowMs };
        else c = { count: c.count + e.delta, resetAt: c.resetAt };
        counters.set(e.key, c);
        return { ...c };
      });
    },
    async peek(key, now) {
      const c = counters.get(key);
      return c && c.resetAt > now ? c.count : 0;
    },
    async sweep(now) {
      for (const [key, v] of once) if (v.expiresAt <= now) once.delete(key);
      for (const [key, c] of counters) if (c.resetAt <= now) counters.delete(key);
    },
    async close() {},
  };
}
