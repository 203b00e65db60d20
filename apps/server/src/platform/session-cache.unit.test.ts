import {
  CamelCasePlugin,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { AuthWriteWatcher, authSeq, bumpAuthSeq, SessionCache } from './session-cache.ts';

// A Kysely that compiles and "executes" against a dummy driver: enough to drive the plugin hooks.
function dummyDb() {
  // biome-ignore lint/suspicious/noExplicitAny: an untyped builder, only the plugin hooks matter here
  return new Kysely<any>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    plugins: [new AuthWriteWatcher(), new CamelCasePlugin()],
  });
}

describe('AuthWriteWatcher', () => {
  const db = dummyDb();
  const bumps = async (run: () => Promise<unknown>) => {
    const before = authSeq();
    await run();
    return authSeq() - before;
  };

  it('bumps after writes to the tables a session is built from', async () => {
    expect(
      await bumps(() => db.updateTable('sysUser').set({ status: 0 }).where('id', '=', 1).execute()),
    ).toBe(1);
    expect(await bumps(() => db.deleteFrom('sysRoleResource').where('roleId', '=', 1).execute())).toBe(1);
    expect(await bumps(() => db.insertInto('sysSession').values({ userId: 1 }).execute())).toBe(1);
    expect(
      await bumps(() =>
        db.updateTable('sysSession').set({ revokedAt: new Date() }).where('id', '=', 1).execute(),
      ),
    ).toBe(1);
    expect(await bumps(() => sql`UPDATE sys_resource SET hide = true`.execute(db))).toBe(1);
    // A table named through a node among raw SQL's parameters counts too.
    expect(await bumps(() => sql`DELETE FROM ${sql.table('sys_user')} WHERE id = ${1}`.execute(db))).toBe(1);
  });

  it('reads the statement, not its values: a value that reads like a table name is only a value', async () => {
    expect(
      await bumps(() =>
        db.insertInto('sysRequestLog').values({ path: '/api/sys_user/x', ip: 'sys_session' }).execute(),
      ),
    ).toBe(0);
    expect(
      await bumps(() =>
        sql`INSERT INTO sys_request_log (path) SELECT * FROM unnest(${['sys_user', 'sys_role']}::varchar[])`.execute(
          db,
        ),
      ),
    ).toBe(0);
  });

  it('ignores reads, other tables and the last-seen touch', async () => {
    expect(await bumps(() => db.selectFrom('sysUser').selectAll().execute())).toBe(0);
    // bigint and binary parameters (advisory locks, file bodies) must not break the check
    expect(
      await bumps(() => sql`SELECT pg_advisory_unlock(${BigInt(3853314791062309107n)})`.execute(db)),
    ).toBe(0);
    expect(
      await bumps(() =>
        db
          .insertInto('sysFile')
          .values({ body: new Uint8Array([1, 2]) })
          .execute(),
      ),
    ).toBe(0);
    expect(await bumps(() => db.insertInto('sysRequestLog').values({ path: '/x' }).execute())).toBe(0);
    expect(await bumps(() => db.updateTable('insPolicy').set({ status: 'x' }).execute())).toBe(0);
    expect(
      await bumps(() =>
        db.updateTable('sysSession').set({ lastSeenAt: new Date() }).where('id', '=', 1).execute(),
      ),
    ).toBe(0);
    expect(
      await bumps(() =>
        db
          .updateTable('sysSession')
          .set({ lastSeenAt: new Date(), revokedAt: new Date() })
          .where('id', '=', 1)
          .execute(),
      ),
    ).toBe(1);
  });
});

describe('SessionCache', () => {
  it('returns an entry until anything is written to an auth table', () => {
    const cache = new SessionCache<string>(60_000);
    cache.set('a', 'row', authSeq());
    expect(cache.get('a')).toBe('row');
    bumpAuthSeq();
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not store a row read before a write it may have missed', () => {
    const cache = new SessionCache<string>(60_000);
    const seqAtRead = authSeq();
    bumpAuthSeq(); // a revocation committed while the row was being read
    cache.set('a', 'stale', seqAtRead);
    expect(cache.get('a')).toBeUndefined();
  });

  it('expires entries after the configured time and stores nothing when off', async () => {
    const short = new SessionCache<string>(20);
    short.set('a', 'row', authSeq());
    expect(short.get('a')).toBe('row');
    await new Promise((r) => setTimeout(r, 40));
    expect(short.get('a')).toBeUndefined();

    const off = new SessionCache<string>(0);
    off.set('a', 'row', authSeq());
    expect(off.get('a')).toBeUndefined();
  });

  it('stays bounded', () => {
    const cache = new SessionCache<number>(60_000, 3);
    for (let i = 0; i < 5; i++) cache.set(`k${i}`, i, authSeq());
    expect(cache.get('k4')).toBe(4);
    expect(cache.get('k0')).toBeUndefined();
  });
});
