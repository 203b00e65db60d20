/**
 * Migrations run on the job connection (main.ts): a migration building an index over a large table, or waiting
 * for a table lock, takes longer than the request connections' statement timeout (DB_STATEMENT_TIMEOUT_MS, a
 * few seconds) and must still complete. Shown with a 100 ms request timeout and a migration held up for 1 s
 * by another session's lock on the table it indexes. PostgreSQL pass only (PGlite has no timeouts).
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgUrl } from '../global-setup.ts';
import { createTestContext, type TestContext } from '../helpers.ts';
import { removeTempDirs, runMain, tempDir } from '../process-helpers.ts';

let t: TestContext;
let url: string;
beforeAll(async () => {
  t = await createTestContext();
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.database.db);
  url = pgUrl(process.env.TEST_DATABASE_URL!, rows[0]!.name);
});
afterAll(async () => {
  await t.close();
  removeTempDirs();
});

describe('migrations on PostgreSQL', () => {
  it('a migration that waits longer than the request statement timeout completes (job connection)', async () => {
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: url,
      DATA_DIR: tempDir('migrate'),
      DB_STATEMENT_TIMEOUT_MS: '100',
    };
    // Back to before 0039 (which indexes ap_plan), one migration at a time.
    for (let i = 0; i < 10; i++) {
      const down = await runMain(['migrate:down'], env);
      expect(down.code, down.stderr).toBe(0);
      if (down.stdout.includes('0039_plan_project_keyword')) break;
    }

    // Another session writes to ap_plan and keeps its transaction open for 1.5 s: CREATE INDEX waits for it.
    const writer = new pg.Client({ connectionString: url });
    await writer.connect();
    // Another client watches (pg_stat_activity is a snapshot per transaction: the writer's would not change).
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    try {
      await writer.query('BEGIN');
      await writer.query('LOCK TABLE ap_plan IN ROW EXCLUSIVE MODE');
      const migrate = runMain(['migrate'], env);
      // Until the migration's CREATE INDEX is seen waiting for the lock, then 1 s more (10 × the timeout).
      const waiting = async () =>
        (
          await watcher.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%ap_plan_name_bigrams%'`,
          )
        ).rows[0].n as number;
      const until = Date.now() + 30_000;
      while ((await waiting()) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(await waiting()).toBe(1);
      await new Promise((r) => setTimeout(r, 1000));
      await writer.query('COMMIT');
      const up = await migrate;
      expect(up.code, up.stderr).toBe(0);
      expect(up.stdout).toContain('0039_plan_project_keyword');
    } finally {
      await writer.end();
      await watcher.end();
    }
    const idx = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'ap_plan_name_bigrams'`.execute(
      t.database.db,
    );
    expect(idx.rows[0]?.n).toBe(1);
  });
});
