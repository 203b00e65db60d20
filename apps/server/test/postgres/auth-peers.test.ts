import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { peerBumpCount } from '../../src/platform/session-cache.ts';
import { pgUrl } from '../global-setup.ts';
import { openTestDatabase } from '../helpers.ts';

/**
 * db/database.ts: instances sharing a PostgreSQL announce their writes to the auth tables (NOTIFY
 * aqzrx_auth) and each drops its cached sessions on what another announces (session-cache.ts). Two
 * Database objects on one database stand for two instances here.
 */
describe('auth write announcements between instances', () => {
  let one: { database: Database; drop: () => Promise<void> };
  let other: Database;
  beforeAll(async () => {
    one = await openTestDatabase();
    const r = await sql<{ d: string }>`SELECT current_database() AS d`.execute(one.database.db);
    other = await openDatabase({ databaseUrl: pgUrl(process.env.TEST_DATABASE_URL!, r.rows[0]!.d) });
  });
  afterAll(async () => {
    await other?.close();
    await one?.drop();
  });

  async function until(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<boolean> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return check();
  }

  it('a write to an auth table through one reaches the other; reads and other tables do not announce', async () => {
    // Both are listening once their LISTEN connections are in.
    expect(
      await until(async () => {
        const r = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'aqzrx-listen'`.execute(one.database.db);
        return (r.rows[0]?.n ?? 0) >= 2;
      }),
    ).toBe(true);
    const before = peerBumpCount();
    await one.database.db.selectFrom('sysUser').select('id').limit(1).execute();
    await one.database.db
      .insertInto('sysSetting')
      .values({ key: 'test.peers', value: '1', updatedAt: new Date(), updatedBy: null })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '2' }))
      .execute();
    await new Promise((r) => setTimeout(r, 300));
    expect(peerBumpCount()).toBe(before);
    await one.database.db
      .updateTable('sysUser')
      .set({ nickname: '通告测试' })
      .where('username', '=', 'gov')
      .execute();
    // The other's listener hears it (in one test process both objects announce every bump of the process,
    // so each hears the other's: at least one peer bump; a server process has one database and announces
    // its own writes only).
    expect(await until(() => peerBumpCount() > before)).toBe(true);
    const after = peerBumpCount();
    await new Promise((r) => setTimeout(r, 300));
    expect(peerBumpCount()).toBe(after);
  });
});
