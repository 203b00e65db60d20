import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../src/db/database.ts';
import {
  call,
  DEMO_PASSWORD,
  findRole,
  fire,
  grantsOf,
  killAll,
  login,
  ok,
  pickGrants,
  removeTempDirs,
  runMain,
  sleep,
  spawnProc,
  startServer,
  tempDir,
  within,
} from './process-helpers.ts';
import { killMidWrite, LOCK_FILE, roleBody, sortGrants, stop } from './process-kill.ts';

const DEMO_USERS = [
  'admin',
  // The security and audit administrators (三权分立, security.md Z04).
  'secadmin',
  'auditor',
  'gov',
  'gov_sy',
  'ent',
  'ent2',
  'ent3',
  'insurer',
  'service',
  'expert',
  // The two demo accounts 长期未登录 (security.md A08); flagged only, they still sign in.
  'service_idle',
  'expert_idle',
];

afterEach(killAll);
afterAll(async () => {
  await killAll();
  removeTempDirs();
});

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
    const seeded = await runMain(['seed'], { DATA_DIR: template }, 300_000);
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
  }, 300_000);

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
  }, 300_000);

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
    // Sent after SIGTERM on a new connection while the write drains: answered 503 with Connection: close and
    // Retry-After, not refused (issue 17 finding 14), and never served.
    const late = await fetch(`${srv.base}/api/role/search?pageNo=1&pageSize=10`, {
      method: 'POST',
      headers: { 'x-token': token },
      signal: AbortSignal.timeout(5_000),
    });
    expect(late.status).toBe(503);
    expect(late.headers.get('connection')).toBe('close');
    expect(late.headers.get('retry-after')).toBe('5');
    expect(((await late.json()) as { result?: string }).result).toBe('服务正在停止，请稍后重试');

    const outcome = await within(pending, 30_000, 'in-flight request during shutdown');
    expect(outcome).toMatchObject({ status: 200, body: { error: 0 } });
    // It really was in flight across the signal (8 x 300 ms).
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);

    const exit = await within(srv.exited, 30_000, 'exit after SIGTERM');
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
  }, 300_000);

  it('npm start: SIGTERM sent to npm reaches the server, which drains, exits and releases the lock (issue 18)', async () => {
    const dir = dataDir('npm');
    const npm = spawnProc('npm', ['run', 'start', '--workspace', 'apps/server'], {
      DATA_DIR: dir,
      LOG_LEVEL: 'info',
    });
    const srv = await startServer({}, undefined, npm);
    expect((await fetch(`${srv.base}/api/health`)).status).toBe(200);
    npm.child.kill('SIGTERM');
    const exit = await within(
      npm.exited,
      30_000,
      () => `exit of npm start\n${npm.stdout()}\n${npm.stderr()}`,
    );
    expect(npm.stdout()).toContain('正在停止服务');
    expect(exit.code, npm.stdout() + npm.stderr()).toBe(0);
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    await expect(fetch(`${srv.base}/api/health`)).rejects.toThrow();
  }, 300_000);

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
  }, 300_000);
});
