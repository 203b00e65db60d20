import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { FakeClock } from '../src/platform/clock.ts';
import { DEMO_PASSWORD } from '../src/seed/seed.ts';
import { pgUrl } from './global-setup.ts';

export { DEMO_PASSWORD };

export interface TestContext {
  app: FastifyInstance;
  clock: FakeClock;
  config: Config;
  database: Database;
  /** Logs in a demo (or any) account and returns its token. */
  login(username: string, password?: string): Promise<string>;
  /** inject() with an optional token. */
  call(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

/** A fresh database cloned from the migrated, seeded template, and an app on it. */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (onPostgres) {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `${inject('testDbPrefix')}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
    const database = await openDatabase({ databaseUrl: pgUrl(base, name), poolMax: 5 });
    return {
      database,
      drop: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = new Blob([fs.readFileSync(inject('templateDump'))]);
  const database = await openDatabase({ pgliteDir: 'memory://', loadDataDir: dump });
  return { database, drop: () => database.close() };
}

/**
 * An app on a fresh copy of the template database, or on `opened` (a database the test set up itself, e.g. a
 * primary with its replica; closing the context closes it).
 */
export async function createTestContext(
  env: Record<string, string> = {},
  opened?: (config: ReturnType<typeof loadConfig>) => Promise<Database>,
): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA: 'off',
    MFA: 'off',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/aqzrx-test-unused',
    ...env,
  });
  const { database, drop } = opened
    ? await opened(config).then((d) => ({ database: d, drop: () => d.close() }))
    : await openTestDatabase();
  const clock = new FakeClock(Date.now());
  const app = await buildApp({ config, database, clock, logger: false });
  await app.ready();
  const call = (opts: InjectOptions & { token?: string }) => {
    const { token, ...rest } = opts;
    return app.inject({
      ...rest,
      headers: { ...(rest.headers ?? {}), ...(token ? { 'x-token': token } : {}) },
    });
  };
  return {
    app,
    clock,
    config,
    database,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const res = await call({ method: 'POST', url: '/api/login', payload: { username, password } });
      const body = res.json();
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      return body.data.token as string;
    },
    async close() {
      await app.close();
      await drop();
    },
  };
}

/**
 * A further organisation of a kind (a second service organisation, expert panel, insurer ...), so a test
 * can act as a non-owner of the same role; pair it with a user made like a demo account of that role.
 */
export async function makeOrg(
  t: TestContext,
  orgType: 'government' | 'enterprise' | 'insurer' | 'service' | 'expert',
  name: string,
  districtCode = '321302',
): Promise<number> {
  const now = t.clock.now();
  const row = await t.database.db
    .insertInto('sysOrg')
    .values({
      orgType,
      name,
      uscc: null,
      districtCode,
      createdAt: now,
      updatedAt: now,
      createdBy: null,
      updatedBy: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The ids a streamed export yields (platform/export-pages.ts), in order. */
export async function idsOf(rows: AsyncIterable<{ id: number }>): Promise<number[]> {
  const ids: number[] = [];
  for await (const r of rows) ids.push(r.id);
  return ids;
}

/** A read runner that runs every page on `db` itself (the read router's role in the server). */
export const onDb =
  (db: Database['db']) =>
  <T>(work: (d: Database['db']) => Promise<T>): Promise<T> =>
    work(db);
