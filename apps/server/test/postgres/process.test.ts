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
  login,
  ok,
  removeTempDirs,
  runMain,
  sleep,
  solvedCaptcha,
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
  }, 300_000);

  it('production first start: refuses without ADMIN_PASSWORD, then creates only admin who must change it; secadmin and auditor from their own passwords', async () => {
    const { url } = await freshDatabase();
    // The second factor and the captcha stay on: production refuses MFA=off and CAPTCHA=off (checked below).
    const env: Env = {
      NODE_ENV: 'production',
      DATABASE_URL: url,
      DATA_DIR: tempDir('prod'),
      MFA: undefined,
      CAPTCHA: undefined,
      LOG_HMAC_KEY: 'process-test-log-hmac-key-0123456789',
      // Production scans uploads (AV_SCAN=off is refused); clamd is only connected to when a file arrives.
      AV_SCAN: 'on',
    };

    // The operation log's chain key is required in production (issue 17 finding 9).
    const noKey = await runMain(['serve'], { ...env, LOG_HMAC_KEY: undefined, ADMIN_PASSWORD: 'x' });
    expect(noKey.code).not.toBe(0);
    expect(noKey.stderr).toContain('LOG_HMAC_KEY');

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
    // Nor the slide puzzle on sign-in (security.md A01/A03: automated password guessing).
    const noCaptcha = await runMain(['serve'], { ...env, ADMIN_PASSWORD: password, CAPTCHA: 'off' });
    expect(noCaptcha.code).not.toBe(0);
    expect(noCaptcha.stderr).toContain('CAPTCHA=off');
    expect(await query(url, 'SELECT id FROM sys_user')).toEqual([]);

    const srv = await startServer({ ...env, ADMIN_PASSWORD: password });
    expect(srv.stdout()).not.toContain('演示账号');
    const users = await query<{ username: string }>(url, 'SELECT username FROM sys_user ORDER BY id');
    expect(users.map((u) => u.username)).toEqual(['admin']);

    // The puzzle is required: a password without a pass is refused before it is checked.
    const bare = await call(srv.base, '/api/login', { body: { username: 'admin', password } });
    expect(bare.status).toBe(400);
    expect(bare.body.code).toBe('CAPTCHA_INVALID');
    expect(bare.body.result).toBe('请先完成滑块验证');
    // With a solved puzzle, the demo accounts and the demo password are refused.
    const gov = await call(srv.base, '/api/login', {
      body: {
        username: 'gov',
        password: DEMO_PASSWORD,
        captchaToken: (await solvedCaptcha(srv.base)).captchaToken,
      },
    });
    expect(gov.status).toBe(401);
    const demoAdmin = await call(srv.base, '/api/login', {
      body: {
        username: 'admin',
        password: DEMO_PASSWORD,
        captchaToken: (await solvedCaptcha(srv.base)).captchaToken,
      },
    });
    expect(demoAdmin.status).toBe(401);

    // The password alone gives the code step; the first sign-in enrols an authenticator. The code step
    // belongs to the browser that gave the password: its device cookie (set by the puzzle call) goes along,
    // as a browser's would.
    const pass = await solvedCaptcha(srv.base);
    const cookie = pass.cookie;
    expect(cookie).toContain('aqzrx_did=');
    const signIn = await call<{ mfaRequired: boolean; enrolled: boolean; ticket: string }>(
      srv.base,
      '/api/login',
      { body: { username: 'admin', password, captchaToken: pass.captchaToken }, cookie },
    );
    const pending = signIn.body.data!;
    expect(pending).toMatchObject({ mfaRequired: true, enrolled: false });
    const { secret } = await ok<{ secret: string }>(srv.base, '/api/login/mfa/enrol', {
      body: { ticket: pending.ticket },
      cookie,
    });
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const first = await ok<{ token: string; mustChangePassword: boolean; recoveryCodes: string[] }>(
      srv.base,
      '/api/login/mfa',
      { body: { ticket: pending.ticket, code }, cookie },
    );
    expect(first.recoveryCodes).toHaveLength(10);
    expect(first.mustChangePassword).toBe(true);
    const search = await call(srv.base, '/api/role/search?pageNo=1&pageSize=10', { token: first.token });
    expect(search.status).toBe(403);
    expect(search.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    await stop(srv);

    // 三权分立 (Z04): the security and audit administrators come from passwords of their own, on the next start
    // (an upgrade too), and must change them at first login; a password that fails the rule stops the start.
    const weak = await runMain(['serve'], { ...env, SECURITY_ADMIN_PASSWORD: 'short' });
    expect(weak.code).not.toBe(0);
    expect(weak.stderr).toContain('SECURITY_ADMIN_PASSWORD');
    const duty = await startServer({
      ...env,
      SECURITY_ADMIN_PASSWORD: 'Init-Security-2026!',
      AUDIT_ADMIN_PASSWORD: 'Init-Audit-Trail-2026!',
    });
    expect(duty.stdout()).toContain('secadmin');
    const admins = await query<{ username: string; role_key: string; must_change_password: boolean }>(
      url,
      `SELECT u.username, r.role_key, u.must_change_password FROM sys_user u JOIN sys_role r ON r.id = u.role_id
        ORDER BY u.id`,
    );
    expect(admins).toEqual([
      { username: 'admin', role_key: 'ROLE_ADMIN', must_change_password: true },
      { username: 'secadmin', role_key: 'ROLE_SECURITY_ADMIN', must_change_password: true },
      { username: 'auditor', role_key: 'ROLE_AUDIT_ADMIN', must_change_password: true },
    ]);
    await stop(duty);
  }, 300_000);

  it('two instances on one database: sessions ended through one are refused by the other on its next request', async () => {
    const { url } = await freshDatabase();
    // A minute of session cache: the other instance must not serve the ended session from it.
    const env: Env = { DATABASE_URL: url, SESSION_CACHE_MS: '60000' };
    const a = await startServer({ ...env, DATA_DIR: tempDir('inst-a') });
    const b = await startServer({ ...env, DATA_DIR: tempDir('inst-b') });
    // Both listen for the other's announcements (until then an instance does not use its cache at all).
    const name = url.split('/').at(-1);
    const listening = async () =>
      Number(
        (
          await query<{ n: string }>(
            url,
            "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = 'aqzrx-listen'",
            [name],
          )
        )[0]?.n,
      );
    for (let i = 0; i < 100 && (await listening()) < 2; i++) await sleep(100);
    expect(await listening()).toBe(2);
    const ent = (await login(b.base, 'ent')).token;
    const info = async () => (await call(b.base, '/api/sys/user/getUserInfo.json', { token: ent })).status;
    expect(await info()).toBe(200);
    expect(await info()).toBe(200);
    const [row] = await query<{ id: number }>(url, "SELECT id FROM sys_user WHERE username = 'ent'");
    const adminToken = (await login(a.base, 'secadmin')).token;
    const ended = await call(a.base, `/api/sys/user/forceLogout?id=${row!.id}`, { token: adminToken });
    expect(ended.status).toBe(200);
    // The announcement leaves A after its commit; B refuses the session from then on (polled for the
    // delivery, milliseconds, not the minute of its cache).
    const until = Date.now() + 5_000;
    let status = await info();
    while (status === 200 && Date.now() < until) {
      await sleep(50);
      status = await info();
    }
    expect(status).toBe(401);
    await stop(a);
    await stop(b);
  }, 300_000);
});
