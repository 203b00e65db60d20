import { UserStatus } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { verifyOperLogChain } from '../../platform/log-chain.ts';
import { runIdleAccounts } from './idle-accounts.ts';

/** Issue 17 finding 14 (security.md A08): accounts not signed in for IDLE_ACCOUNT_DAYS (90). */
let t: TestContext;
let admin: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000' });
  admin = await t.login('admin');
});
afterAll(() => t.close());

type Row = { username: string; idle: boolean; lastLoginAt: string | null };
async function list(query: string, token = admin): Promise<Row[]> {
  const res = await t.call({
    method: 'POST',
    url: `/api/sys/user/searchUserList.json?pageNo=1&pageSize=100&${query}`,
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list;
}

/** A further account of an organisation, created `createdDays` ago and never signed in. */
async function makeUser(username: string, orgUsername: string, createdDays: number): Promise<number> {
  const db = t.database.db;
  const like = await db
    .selectFrom('sysUser')
    .select(['roleId', 'orgId', 'passwordHash', 'districtCodes'])
    .where('username', '=', orgUsername)
    .executeTakeFirstOrThrow();
  const at = new Date(t.clock.now().getTime() - createdDays * DAY);
  const row = await db
    .insertInto('sysUser')
    .values({
      username,
      nickname: username,
      mobileEnc: null,
      passwordHash: like.passwordHash,
      passwordChangedAt: t.clock.now(),
      roleId: like.roleId,
      orgId: like.orgId,
      districtCodes: like.districtCodes,
      createdAt: at,
      updatedAt: at,
      createdBy: null,
      updatedBy: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function messagesOf(username: string) {
  return t.database.db
    .selectFrom('sysMessage as m')
    .innerJoin('sysUser as u', 'u.id', 'm.userId')
    .select(['m.title', 'm.content', 'm.link'])
    .where('u.username', '=', username)
    .where('m.title', 'like', '长期未登录账号提醒%')
    .orderBy('m.id')
    .execute();
}

describe('长期未登录 in the user list', () => {
  it('the seeded idle accounts are flagged; the filter selects them, or the others', async () => {
    const all = await list('');
    const flagged = all.filter((r) => r.idle).map((r) => r.username);
    expect(flagged).toEqual(expect.arrayContaining(['service_idle', 'expert_idle']));
    expect(all.find((r) => r.username === 'admin')?.idle).toBe(false);

    const idle = await list('idle=1');
    expect(idle.map((r) => r.username)).toEqual(expect.arrayContaining(['service_idle', 'expert_idle']));
    expect(idle.every((r) => r.idle)).toBe(true);
    const active = await list('idle=0');
    expect(active.some((r) => r.idle)).toBe(false);
    expect(active.map((r) => r.username)).toContain('admin');
    expect(idle.length + active.length).toBe(all.length);
  });

  it('a bad filter value is refused in Chinese', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/sys/user/searchUserList.json?pageNo=1&pageSize=10&idle=yes',
      token: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toContain('长期未登录');
  });

  it('an account idles at 90 days (not at 89), and a sign-in clears the flag', async () => {
    await makeUser('idle_89', 'service', 89);
    await makeUser('idle_91', 'service', 91);
    const idle = (await list('idle=1')).map((r) => r.username);
    expect(idle).toContain('idle_91');
    expect(idle).not.toContain('idle_89');

    await t.login('service_idle');
    expect((await list('idle=1')).map((r) => r.username)).not.toContain('service_idle');
  });
});

describe('the daily job reports idle accounts (flag only by default)', () => {
  it('tells the operations admins and the organisation’s user administrators once; nobody is disabled', async () => {
    await makeUser('gov_idle', 'gov', 200);
    const first = await t.app.dailyJobs.runOnce();
    expect(first.idleAccounts.reported).toBeGreaterThanOrEqual(3);
    expect(first.idleAccounts.disabled).toBe(0);

    const [toAdmin] = await messagesOf('admin');
    expect(toAdmin?.content).toContain('expert_idle');
    expect(toAdmin?.content).toContain('gov_idle');
    expect(toAdmin?.content).toContain('超过 90 天未登录');
    expect(toAdmin?.link).toBe('/admin/system/UserSearch/route');
    // The regulator's own department manages its accounts: its user administrators hear of gov_idle only.
    const toGov = await messagesOf('gov');
    expect(toGov).toHaveLength(1);
    expect(toGov[0]!.content).toContain('gov_idle');
    expect(toGov[0]!.content).not.toContain('expert_idle');
    expect(toGov[0]!.link).toBe('/government/govSystem/GovUsers/route');

    const statuses = await t.database.db
      .selectFrom('sysUser')
      .select('status')
      .where('username', 'in', ['gov_idle', 'expert_idle'])
      .execute();
    expect(statuses.every((s) => s.status !== UserStatus.DISABLED)).toBe(true);

    // Once a day, and an account once until a later sign-in: a second run reports nothing.
    const second = await t.app.dailyJobs.runOnce();
    expect(second.idleAccounts.reported).toBe(0);
    expect(await messagesOf('admin')).toHaveLength(1);
  });

  it('with IDLE_ACCOUNT_ACTION=disable the accounts are disabled, logged in the chained operation log, and cannot sign in', async () => {
    const id = await makeUser('idle_disable', 'service', 120);
    const res = await runIdleAccounts(t.database.db, t.clock.now(), {
      days: 90,
      action: 'disable',
      logKey: t.app.operLog.key,
    });
    expect(res).toMatchObject({ reported: 1, disabled: 1 });
    const user = await t.database.db
      .selectFrom('sysUser')
      .select(['status', 'statusBeforeDisable'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ status: UserStatus.DISABLED, statusBeforeDisable: UserStatus.ACTIVE });
    const log = await t.database.db
      .selectFrom('sysOperLog')
      .select(['kind', 'module', 'username'])
      .where('targetId', '=', String(id))
      .where('kind', '=', 'disable')
      .execute();
    expect(log).toEqual([{ kind: 'disable', module: '用户管理', username: '系统任务' }]);
    expect((await verifyOperLogChain(t.database.db, t.app.operLog.key)).ok).toBe(true);
    const login = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'idle_disable', password: 'Safe2026' },
    });
    expect(login.statusCode).toBe(403);
    const [told] = await messagesOf('admin').then((m) => m.slice(-1));
    expect(told?.content).toContain('已按平台设置自动停用');
  });
});
