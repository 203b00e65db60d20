/**
 * The process-level write-kill check (security.md R01) and a clean stop, shared by the PGlite and the
 * PostgreSQL process tests (process.test.ts, postgres/process.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import {
  call,
  findRole,
  fire,
  type Grant,
  grantsOf,
  login,
  pickGrants,
  roleAddLogs,
  type ServerProc,
  sleep,
  startServer,
  waitForOutput,
  within,
} from './process-helpers.ts';

export type Env = Record<string, string | undefined>;
export const LOCK_FILE = 'server.lock';

export const sortGrants = (g: Grant[]) => [...g].sort((a, b) => a.resourceId - b.resourceId);

export function roleBody(roleKey: string, roleName: string, resources: Grant[]) {
  return { roleKey, roleName, description: '', resources };
}

/** SIGTERM and wait for a clean exit. */
export async function stop(srv: ServerProc): Promise<void> {
  srv.child.kill('SIGTERM');
  const exit = await within(srv.exited, 30_000, `SIGTERM exit of pid ${srv.pid}`);
  expect(exit, srv.stdout() + srv.stderr()).toEqual({ code: 0, signal: null });
}

/**
 * R01: SIGKILL the server while /api/role/add is between the inserts of its one transaction, restart,
 * and show the role is all there or not there at all; then show the database takes the same write.
 */
export async function killMidWrite(
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
  await waitForOutput(first, /"url":"\/api\/role\/add".*"msg":"incoming request"/, 30_000);
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
  // The operation log is the audit administrator's to read (三权分立).
  const auditor2 = (await login(second.base, 'auditor')).token;
  const role = await findRole(second.base, admin2, roleKey);
  if (role) {
    // Committed: every grant row is there.
    expect(sortGrants(await grantsOf(second.base, admin2, role.id))).toEqual(sortGrants(grants));
  } else {
    // Rolled back: never acknowledged, and no success row in the operation log.
    expect(acknowledged, 'an acknowledged write was lost').toBe(false);
    expect((await roleAddLogs(second.base, auditor2)).filter((r) => r.outcome === 'success')).toEqual([]);
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
  const logs = (await roleAddLogs(second.base, auditor2)).filter((r) => r.outcome === 'success');
  const expected = role ? [String(created?.id), String(role.id)] : [String(created?.id)];
  expect(logs.map((r) => r.targetId).sort()).toEqual(expected.sort());
  await stop(second);
}
