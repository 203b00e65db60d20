/**
 * Process-level checks (security.md R01, R02, R07, R09; issue 2): the real server is spawned as
 * `node --import tsx apps/server/src/main.ts serve`, killed, stopped and restarted on the same data.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../src/db/database.ts';
import {
  call,
  DEMO_PASSWORD,
  findRole,
  fire,
  type Grant,
  grantsOf,
  killAll,
  login,
  ok,
  pickGrants,
  removeTempDirs,
  roleAddLogs,
  runMain,
  type ServerProc,
  sleep,
  startServer,
  tempDir,
  waitForOutput,
  within,
} from './process-helpers.ts';

type Env = Record<string, string | undefined>;

const DEMO_USERS = ['admin', 'gov', 'gov_sy', 'ent', 'ent2', 'ent3', 'insurer', 'service', 'expert'];
const LOCK_FILE = 'server.lock';

afterEach(killAll);
afterAll(async () => {
  await killAll();
  removeTempDirs();
});

const sortGrants = (g: Grant[]) => [...g].sort((a, b) => a.resourceId - b.resourceId);

function roleBody(roleKey: string, roleName: string, resources: Grant[]) {
  return { roleKey, roleName, description: '', resources };
}

/** SIGTERM and wait for a clean exit. */
async function stop(srv: ServerProc): Promise<void> {
  srv.child.kill('SIGTERM');
  const exit = await within(srv.exited, 15_000, `SIGTERM exit of pid ${srv.pid}`);
  expect(exit, srv.stdout() + srv.stderr()).toEqual({ code: 0, signal: null });
}

/**
 * R01: SIGKILL the server while /api/role/add is between the inserts of its one transaction, restart,
 * and show the role is all there or not there at all; then show the database takes the same write.
 */
async function killMidWrite(
  env: Env,
  hooks: {
    /** Runs just before the kill (PostgreSQL: confirm a transaction is open). */
    beforeKill?: () => Promise<void>;
    /** Runs after the restart with the role's id if it exists (PostgreSQL: check the tables directly). */
    afterRestart?: (roleId: number | undefined) => Promise<void>;
  } = {},
): Promise<void> {
  const roleKey = 'ROLE_KILLTEST';
  // LOG_LEVEL info: Fastify logs "incoming request", so the kill is timed from the server's receipt.
  const first = await startServer({ ...env, TEST_WRITE_DELAY_MS: '200', LOG_LEVEL: 'info' });
  const admin1 = (await login(first.base, 'admin')).token;
  const grants = await pickGrants(first.base, admin1, 10);
  expect(await findRole(first.base, admin1, roleKey)).toBeUndefined();

  // 10 grants x 200 ms: the transaction stays open for about 2 s.
  const pending = fire(first.base, '/api/role/add', {
    token: admin1,
    body: roleBody(roleKey, '断电测试', grants),
  });
  let settled = false;
  void pending.then(() => {
    settled = true;
  });
  await waitForOutput(first, /"url":"\/api\/role\/add".*"msg":"incoming request"/, 10_000);
  await sleep(700);
  await hooks.beforeKill?.();
  expect(settled, 'the slow write answered before the kill: the delay hook is not in effect').toBe(false);
  first.child.kill('SIGKILL');
  const exit = await within(first.exited, 10_000, 'SIGKILL');
  expect(exit.signal).toBe('SIGKILL');
  const outcome = await within(pending, 5_000, 'in-flight request after SIGKILL');
  const acknowledged = 'status' in outcome && outcome.status === 200;

  if (env.DATABASE_URL === undefined) {
    // The dead server leaves its lock behind; the restart must take it over.
    const lockFile = path.join(env.DATA_DIR ?? '', LOCK_FILE);
    expect(fs.readFileSync(lockFile, 'utf8').trim()).toBe(String(first.pid));
  }
  const second = await startServer(env);
  const admin2 = (await login(second.base, 'admin')).token;
  const role = await findRole(second.base, admin2, roleKey);
  if (role) {
    // Committed: every grant row is there.
    expect(sortGrants(await grantsOf(second.base, admin2, role.id))).toEqual(sortGrants(grants));
  } else {
    // Rolled back: never acknowledged, and no success row in the operation log.
    expect(acknowledged, 'an acknowledged write was lost').toBe(false);
    expect((await roleAddLogs(second.base, admin2)).filter((r) => r.outcome === 'success')).toEqual([]);
  }
  await hooks.afterRestart?.(role?.id);

  // The database is fully writable: the same add, without the delay, succeeds (under a new key if the
  // first one survived the kill).
  const retryKey = role ? `${roleKey}_2` : roleKey;
  const again = await call<{ id: number }>(second.base, '/api/role/add', {
    token: admin2,
    body: roleBody(retryKey, '断电测试', grants),
  });
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  const created = await findRole(second.base, admin2, retryKey);
  expect(created?.id).toBe(again.body.data?.id);
  expect(sortGrants(await grantsOf(second.base, admin2, created?.id ?? 0))).toEqual(sortGrants(grants));
  const logs = (await roleAddLogs(second.base, admin2)).filter((r) => r.outcome === 'success');
  const expected = role ? [String(created?.id), String(role.id)] : [String(created?.id)];
  expect(logs.map((r) => r.targetId).sort()).toEqual(expected.sort());
  await stop(second);
}

describe('embedded PGlite server process', () => {
  /** A migrated, seeded data directory, copied for each test (a first start costs ~5 s). */
  let template: string;
  beforeAll(async () => {
    template = tempDir('template');
    const dump = inject('templateDump');
    if (dump) {
      // The run's migrated, seeded template (global setup), written out as a data directory.
      const pglite = await openPglite(path.join(template, 'pgdata'), new Blob([fs.readFileSync(dump)]));
      await pglite.close();
      return;
    }
    const seeded = await runMain(['seed'], { DATA_DIR: template }, 90_000);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(fs.existsSync(path.join(template, LOCK_FILE))).toBe(false);
  }, 100_000);

  function dataDir(label: string): string {
    const dir = tempDir(label);
    fs.cpSync(path.join(template, 'pgdata'), path.join(dir, 'pgdata'), { recursive: true });
    return dir;
  }

  it('R01: SIGKILL in the middle of a multi-row write leaves no partial role; restart takes over the stale lock', async () => {
    await killMidWrite({ DATA_DIR: dataDir('kill') });
  }, 90_000);

  it('R02: a second server on the same DATA_DIR exits 3 naming the holder; the first keeps serving', async () => {
    const dir = dataDir('lock');
    const first = await startServer({ DATA_DIR: dir });
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(first.pid));

    const second = await runMain(['serve'], { DATA_DIR: dir });
    expect(second.code, second.stderr).toBe(3);
    expect(second.stderr).toContain(`数据目录已被进程 ${first.pid} 占用`);
    expect(second.stdout).not.toContain('已启动');

    // The first server is unharmed and still owns the directory.
    expect(first.exit).toBeUndefined();
    const health = await call(first.base, '/api/health', { method: 'GET' });
    expect(health.status).toBe(200);
    const token = (await login(first.base, 'admin')).token;
    expect(await findRole(first.base, token, 'ROLE_ADMIN')).toBeDefined();
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(first.pid));
    await stop(first);
  }, 60_000);

  it('R07: SIGTERM drains the in-flight write, refuses new requests, exits 0 and releases the lock', async () => {
    const dir = dataDir('term');
    const roleKey = 'ROLE_SHUTDOWN';
    const srv = await startServer({ DATA_DIR: dir, TEST_WRITE_DELAY_MS: '300' });
    const token = (await login(srv.base, 'admin')).token;
    const grants = await pickGrants(srv.base, token, 8);

    const started = Date.now();
    const pending = fire(srv.base, '/api/role/add', { token, body: roleBody(roleKey, '停机测试', grants) });
    await sleep(300);
    const sigterm = Date.now();
    srv.child.kill('SIGTERM');
    await sleep(150);
    // Sent after SIGTERM: 503 or a refused/closed connection, never served.
    const late = await fetch(`${srv.base}/api/role/search?pageNo=1&pageSize=10`, {
      method: 'POST',
      headers: { 'x-token': token },
      signal: AbortSignal.timeout(5_000),
    }).then(
      (r) => r.status,
      (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
    );
    if (typeof late === 'number') expect(late).toBe(503);
    else expect(late.message).toMatch(/fetch failed|other side closed|ECONNREFUSED|ECONNRESET|socket/i);

    const outcome = await within(pending, 10_000, 'in-flight request during shutdown');
    expect(outcome).toMatchObject({ status: 200, body: { error: 0 } });
    // It really was in flight across the signal (8 x 300 ms).
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);

    const exit = await within(srv.exited, 10_000, 'exit after SIGTERM');
    expect(exit, srv.stdout() + srv.stderr()).toEqual({ code: 0, signal: null });
    expect(Date.now() - sigterm).toBeLessThan(10_000);
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);

    // The next start opens the database cleanly and the drained write is there in full.
    const again = await startServer({ DATA_DIR: dir });
    expect(again.stderr()).toBe('');
    expect((await call(again.base, '/api/ready', { method: 'GET' })).status).toBe(200);
    const t2 = (await login(again.base, 'admin')).token;
    const role = await findRole(again.base, t2, roleKey);
    expect(role).toBeDefined();
    expect(sortGrants(await grantsOf(again.base, t2, role?.id ?? 0))).toEqual(sortGrants(grants));
    await stop(again);
  }, 90_000);

  it('R09: backup with the server stopped, restore refused while it runs, restore brings back the backed-up state', async () => {
    const dir = dataDir('backup');
    const backup = await runMain(['backup'], { DATA_DIR: dir });
    expect(backup.code, backup.stderr).toBe(0);
    const file = /备份完成: (\S+\.tar\.gz)/.exec(backup.stdout)?.[1] ?? '';
    expect(path.dirname(file)).toBe(path.join(dir, 'backups'));
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);

    const srv = await startServer({ DATA_DIR: dir });
    let token = (await login(srv.base, 'admin')).token;
    const grants = await pickGrants(srv.base, token, 3);
    await ok(srv.base, '/api/role/add', { token, body: roleBody('ROLE_AFTERBACKUP', '备份之后', grants) });
    expect(await findRole(srv.base, token, 'ROLE_AFTERBACKUP')).toBeDefined();

    // Restoring under a running server is refused before anything is touched.
    const refused = await runMain(['restore', file], { DATA_DIR: dir });
    expect(refused.code, refused.stderr).toBe(3);
    expect(refused.stderr).toContain(`数据目录已被进程 ${srv.pid} 占用`);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('pgdata.before-restore-'))).toEqual([]);
    expect(await findRole(srv.base, token, 'ROLE_AFTERBACKUP')).toBeDefined();
    await stop(srv);

    const restored = await runMain(['restore', file], { DATA_DIR: dir });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`已从 ${file} 恢复，用户数 ${DEMO_USERS.length}`);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('pgdata.before-restore-'))).toHaveLength(1);
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);

    const after = await startServer({ DATA_DIR: dir });
    token = (await login(after.base, 'admin')).token;
    expect(await findRole(after.base, token, 'ROLE_AFTERBACKUP')).toBeUndefined();
    for (const username of DEMO_USERS) {
      const res = await call(after.base, '/api/login', { body: { username, password: DEMO_PASSWORD } });
      expect(res.status, `${username}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    await stop(after);
  }, 120_000);
});

const PG_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG_URL)('PostgreSQL server process', () => {
  let admin: pg.Client;
  const databases: string[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await killAll();
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  /** A fresh, empty database; returns its URL. */
  async function freshDatabase(): Promise<{ name: string; url: string }> {
    const name = `aqzrx_proc_${randomBytes(5).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    databases.push(name);
    const u = new URL(PG_URL ?? '');
    u.pathname = `/${name}`;
    return { name, url: u.toString() };
  }

  async function query<R extends pg.QueryResultRow>(
    url: string,
    sql: string,
    params: unknown[] = [],
  ): Promise<R[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<R>(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  it('R01 on PostgreSQL: SIGKILL in the middle of a multi-row write leaves no partial role', async () => {
    const { name, url } = await freshDatabase();
    await killMidWrite(
      { DATABASE_URL: url, DATA_DIR: tempDir('pgkill') },
      {
        async beforeKill() {
          // The write is really mid-transaction: a server connection sits idle inside an open transaction.
          let open = 0;
          for (let i = 0; i < 20 && open === 0; i++) {
            const rows = await query<{ n: number }>(
              url,
              `SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE datname = $1 AND application_name = 'aqzrx-server' AND state = 'idle in transaction'`,
              [name],
            );
            open = rows[0]?.n ?? 0;
            if (open === 0) await sleep(50);
          }
          expect(open, 'no open transaction on the server connection').toBe(1);
        },
        async afterRestart(roleId) {
          const roles = await query<{ id: number }>(
            url,
            "SELECT id FROM sys_role WHERE role_key = 'ROLE_KILLTEST'",
          );
          expect(roles.map((r) => r.id)).toEqual(roleId === undefined ? [] : [roleId]);
          const orphans = await query<{ n: number }>(
            url,
            `SELECT count(*)::int AS n FROM sys_role_resource rr
              WHERE NOT EXISTS (SELECT 1 FROM sys_role r WHERE r.id = rr.role_id AND r.deleted_at IS NULL)`,
          );
          expect(orphans[0]?.n).toBe(0);
        },
      },
    );
  }, 90_000);

  it('production first start: refuses without ADMIN_PASSWORD, then creates only admin who must change it', async () => {
    const { url } = await freshDatabase();
    const env: Env = { NODE_ENV: 'production', DATABASE_URL: url, DATA_DIR: tempDir('prod') };

    const refused = await runMain(['serve'], { ...env, ADMIN_PASSWORD: undefined });
    expect(refused.code).not.toBe(0);
    expect(refused.code).not.toBeNull();
    expect(refused.stderr).toContain('ADMIN_PASSWORD');
    expect(refused.stdout).not.toContain('已启动');
    expect(await query(url, 'SELECT id FROM sys_user')).toEqual([]);

    const password = 'Init-Ops-Centre-2026!';
    const srv = await startServer({ ...env, ADMIN_PASSWORD: password });
    expect(srv.stdout()).not.toContain('演示账号');
    const users = await query<{ username: string }>(url, 'SELECT username FROM sys_user ORDER BY id');
    expect(users.map((u) => u.username)).toEqual(['admin']);

    const gov = await call(srv.base, '/api/login', { body: { username: 'gov', password: DEMO_PASSWORD } });
    expect(gov.status).toBe(401);
    const demoAdmin = await call(srv.base, '/api/login', {
      body: { username: 'admin', password: DEMO_PASSWORD },
    });
    expect(demoAdmin.status).toBe(401);

    const first = await login(srv.base, 'admin', password);
    expect(first.mustChangePassword).toBe(true);
    const search = await call(srv.base, '/api/role/search?pageNo=1&pageSize=10', { token: first.token });
    expect(search.status).toBe(403);
    expect(search.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    await stop(srv);
  }, 90_000);
});
