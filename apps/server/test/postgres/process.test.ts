/**
 * Process-level checks on a PostgreSQL server (security.md R01; issue 2): part of the PostgreSQL pass only
 * (test/postgres), as everything here needs a server to create databases on.
 */
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  DEMO_PASSWORD,
  killAll,
  ok,
  removeTempDirs,
  runMain,
  sleep,
  startServer,
  tempDir,
} from '../process-helpers.ts';
import { type Env, killMidWrite, stop } from '../process-kill.ts';

afterEach(killAll);
afterAll(async () => {
  await killAll();
  removeTempDirs();
});

const PG_URL = process.env.TEST_DATABASE_URL!;

describe('PostgreSQL server process', () => {
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
    // The second factor stays on: production refuses MFA=off (checked below).
    const env: Env = { NODE_ENV: 'production', DATABASE_URL: url, DATA_DIR: tempDir('prod'), MFA: undefined };

    const refused = await runMain(['serve'], { ...env, ADMIN_PASSWORD: undefined });
    expect(refused.code).not.toBe(0);
    expect(refused.code).not.toBeNull();
    expect(refused.stderr).toContain('ADMIN_PASSWORD');
    expect(refused.stdout).not.toContain('已启动');
    expect(await query(url, 'SELECT id FROM sys_user')).toEqual([]);

    const password = 'Init-Ops-Centre-2026!';
    // The second factor cannot be switched off in production (security A06).
    const noMfa = await runMain(['serve'], { ...env, ADMIN_PASSWORD: password, MFA: 'off' });
    expect(noMfa.code).not.toBe(0);
    expect(noMfa.stderr).toContain('MFA=off');

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

    // The password alone gives the code step; the first sign-in enrols an authenticator.
    const pending = await ok<{ mfaRequired: boolean; enrolled: boolean; ticket: string }>(
      srv.base,
      '/api/login',
      {
        body: { username: 'admin', password },
      },
    );
    expect(pending).toMatchObject({ mfaRequired: true, enrolled: false });
    const { secret } = await ok<{ secret: string }>(srv.base, '/api/login/mfa/enrol', {
      body: { ticket: pending.ticket },
    });
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const first = await ok<{ token: string; mustChangePassword: boolean; recoveryCodes: string[] }>(
      srv.base,
      '/api/login/mfa',
      { body: { ticket: pending.ticket, code } },
    );
    expect(first.recoveryCodes).toHaveLength(10);
    expect(first.mustChangePassword).toBe(true);
    const search = await call(srv.base, '/api/role/search?pageNo=1&pageSize=10', { token: first.token });
    expect(search.status).toBe(403);
    expect(search.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    await stop(srv);
  }, 90_000);
});
