/**
 * The operation log on PostgreSQL (security.md L03; issue 17 finding 9): the application's connection cannot
 * UPDATE or DELETE log rows (SQLSTATE 42501), and `npm run logs:verify` names the first edited row and exits
 * non-zero. PostgreSQL pass only: the verifier runs as its own process against the test's database.
 */
import { formatChinaTime } from '@aqzrx/contracts';
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
  await t.login('admin');
  await t.login('gov');
  const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.database.db);
  url = pgUrl(process.env.TEST_DATABASE_URL!, rows[0]!.name);
});
afterAll(async () => {
  await t.close();
  removeTempDirs();
});

const verify = () =>
  runMain(['logs:verify'], { NODE_ENV: 'test', DATABASE_URL: url, DATA_DIR: tempDir('verify') });

describe('operation log on PostgreSQL', () => {
  it('the application connection cannot UPDATE or DELETE log rows (42501)', async () => {
    const update = await sql`UPDATE sys_oper_log SET outcome = 'fail'`.execute(t.database.db).catch((e) => e);
    expect(update).toMatchObject({ code: '42501' });
    const del = await sql`DELETE FROM sys_oper_log`.execute(t.database.db).catch((e) => e);
    expect(del).toMatchObject({ code: '42501' });
  });

  it('logs:verify passes on the chain, then names the row edited in SQL and exits 1', async () => {
    const ok = await verify();
    expect(ok.stdout).toContain('操作日志防篡改校验通过');
    expect(ok.code).toBe(0);

    const row = await t.database.db
      .selectFrom('sysOperLog')
      .select(['id', 'createdAt'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // An intruder with the owner's rights, around the guard trigger.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL session_replication_role = replica');
      await client.query(`UPDATE sys_oper_log SET ip = '10.0.0.1' WHERE id = $1`, [row.id]);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    const broken = await verify();
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain(`第一条异常记录 #${row.id}`);
    expect(broken.stdout).toContain(formatChinaTime(row.createdAt, 'second'));
  }, 120_000);
});
