/**
 * REDIS_URL (issue 18): the shared state in Redis instead of PostgreSQL. Runs against TEST_REDIS_URL, by
 * default the Redis at 127.0.0.1:6379 that .ci/run starts; each run uses keys of its own prefix.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import type { CaptchaChallenge } from '../../src/platform/captcha/index.ts';
import { redisStore } from '../../src/platform/shared-store.ts';
import { humanTrail, solveCaptcha, withImages } from '../captcha-solver.ts';
import { pgUrl } from '../global-setup.ts';
import { createTestContext, type TestContext } from '../helpers.ts';
import { sharedStoreContract } from '../shared-store-contract.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `aqzrx-test:${randomBytes(6).toString('hex')}:`;
let redis: Redis;

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 3000 });
  redis.on('error', () => undefined);
  // Not a skip: without Redis this fails and says where it looked (.ci/run starts one).
  expect(await redis.ping().catch((err: Error) => `no Redis at ${REDIS_URL}: ${err.message}`)).toBe('PONG');
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

describe('shared store in Redis', () => {
  sharedStoreContract(() => redisStore(redis, prefix), { sweeps: false });

  it('keys and windows expire in Redis by themselves, a few seconds after their end', async () => {
    const s = redisStore(redis, prefix);
    const now = Date.now();
    await s.put('ttl:key', 'v', now + 2_000, now);
    await s.claim('ttl:claim', now + 2_000, now);
    await s.count([{ key: 'ttl:window', delta: 1, windowMs: 2_000 }], now);
    for (const k of ['ttl:key', 'ttl:claim', 'ttl:window']) {
      const ttl = await redis.pttl(`${prefix}${k}`);
      expect(ttl, k).toBeGreaterThan(2_000);
      expect(ttl, k).toBeLessThanOrEqual(7_000);
    }
  });
});

describe('two apps on one database sharing Redis', () => {
  let one: TestContext;
  let other: TestContext;
  beforeAll(async () => {
    const env = { REDIS_URL, REDIS_PREFIX: prefix, LOGIN_RATE_MAX: '4', API_RATE_MAX: '100000' };
    one = await createTestContext(env);
    const name = (await sql<{ d: string }>`SELECT current_database() AS d`.execute(one.database.db)).rows[0]!
      .d;
    other = await createTestContext(env, (config) =>
      openDatabase({ databaseUrl: pgUrl(process.env.TEST_DATABASE_URL!, name), poolMax: 3 }).then((d) => {
        expect(config.REDIS_URL).toBe(REDIS_URL);
        return d;
      }),
    );
  });
  afterAll(async () => {
    await other?.close();
    await one?.close();
  });

  it('a captcha issued by one is checked at the other once, and kept in Redis, not in the database', async () => {
    const issued = await one.call({ method: 'POST', url: '/api/captcha/get' });
    const ch = await withImages(issued.json().data as CaptchaChallenge, async (url) => {
      const img = await other.call({ method: 'GET', url });
      expect(img.statusCode).toBe(200);
      return img.rawPayload;
    });
    expect(await redis.exists(`${prefix}captcha:c:${ch.id}`)).toBe(1);
    expect(await redis.exists(`${prefix}captcha:i:${ch.id}:background`)).toBe(1);
    const x = solveCaptcha(ch);
    const payload = { id: ch.id, x, trail: humanTrail(x) };
    const passed = await other.call({ method: 'POST', url: '/api/captcha/check', payload });
    expect(passed.statusCode, passed.body).toBe(200);
    const again = await one.call({ method: 'POST', url: '/api/captcha/check', payload });
    expect(again.statusCode).toBe(400);
    const rows = await one.database.db.selectFrom('sysSingleUse').select('key').execute();
    expect(rows.filter((r) => r.key.startsWith('captcha:'))).toEqual([]);
  });

  it('the sign-in limit of one IP is counted over both', async () => {
    const attempt = (t: TestContext) =>
      t.call({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'nobody', password: 'x' },
        remoteAddress: '10.18.1.1',
      });
    const codes = [];
    for (const t of [one, other, one, other, one]) codes.push((await attempt(t)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
  });
});

describe('Redis unreachable', () => {
  it('what needs the shared state answers 503 with Retry-After; the rest keeps working', async () => {
    const t = await createTestContext({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: prefix });
    try {
      const puzzle = await t.call({ method: 'POST', url: '/api/captcha/get' });
      expect(puzzle.statusCode, puzzle.body).toBe(503);
      expect(puzzle.headers['retry-after']).toBeDefined();
      expect((await t.call({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
