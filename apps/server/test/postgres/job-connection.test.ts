import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.ts';

/**
 * database.ts: background jobs (the nightly risk and alarm runs over a city's records) run on their own
 * connection whose statements may take minutes; requests keep the pool's few-second timeout (PostgreSQL
 * only: PGlite has one connection and no timeouts).
 */
describe('the job connection on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL!, statementTimeoutMs: 300 });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('a statement longer than the request timeout fails on the request pool and completes as a job', async () => {
    await expect(sql`SELECT pg_sleep(0.8)`.execute(database.db)).rejects.toThrow(/timeout|cancel/i);
    const r = await sql<{ ok: number }>`SELECT 1 AS ok FROM pg_sleep(0.8)`.execute(database.jobs());
    expect(r.rows[0]?.ok).toBe(1);
    const name = await sql<{ n: string }>`SELECT current_setting('application_name') AS n`.execute(
      database.jobs(),
    );
    expect(name.rows[0]?.n).toBe('aqzrx-jobs');
    // One connection for all jobs, reused.
    expect(database.jobs()).toBe(database.jobs());
  });
});
