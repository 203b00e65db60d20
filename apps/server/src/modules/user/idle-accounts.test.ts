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
  it('tells the security administrators and the organisation’s user administrators once; nobody is disabled', async () => {
    await makeUser('gov_idle', 'gov', 200);
    const first = await t.app.dailyJobs.runOnce();
    expect(first.idleAccounts.reported).toBeGreaterThanOrEqual(3);
    expect(first.idleAccounts.disabled).toBe(0);

    // 三权分立: handling idle accounts is the security duty. The security administrator hears of every one, once,
    // with a link to its 账号安全 page filtered to them; the system and audit administrators are not told.
    const toSecurity = await messagesOf('secadmin');
    expect(toSecurity).toHaveLength(1);
    expect(toSecurity[0]!.content).toContain('expert_idle');
    expect(toSecurity[0]!.content).toContain('gov_idle');
    expect(toSecurity[0]!.content).toContain('超过 90 天未登录');
    expect(toSecurity[0]!.link).toBe('/security/manage/AccountSecurity/route?idle=1');
    expect(await messagesOf('admin')).toEqual([]);
    expect(await messagesOf('auditor')).toEqual([]);
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
    expect(await messagesOf('secadmin')).toHaveLength(1);
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
    const [told] = await messagesOf('secadmin').then((m) => m.slice(-1));
    expect(told?.content).toContain('已按平台设置自动停用');
    expect(told?.content).toContain('由系统管理员在“用户管理”中启用');
  });
});

describe('the security administrator disables an idle account (账号安全)', () => {
  let secadmin: string;
  beforeAll(async () => {
    secadmin = await t.login('secadmin');
  });
  const disableIdle = (id: number, token: string) =>
    t.call({ method: 'POST', url: `/api/sys/user/disableIdle?id=${id}`, token });
  const statusOf = async (id: number) =>
    (
      await t.database.db
        .selectFrom('sysUser')
        .select(['status', 'statusBeforeDisable'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('lists the idle accounts on its page (the report’s link) and disables one: sessions end, the log has it', async () => {
    const id = await makeUser('idle_secadmin', 'service', 150);
    const idle = await list('idle=1', secadmin);
    expect(idle.map((r) => r.username)).toContain('idle_secadmin');
    // The account signed in long ago and still holds a session (tokens outlive sign-ins): it ends with the disable.
    const token = await t.login('idle_secadmin');
    await t.database.db
      .updateTable('sysUser')
      .set({ lastLoginAt: new Date(t.clock.now().getTime() - 100 * DAY) })
      .where('id', '=', id)
      .execute();
    const info = () => t.call({ method: 'POST', url: '/api/sys/user/getUserInfo.json', token, payload: {} });
    expect((await info()).statusCode).toBe(200);

    const res = await disableIdle(id, secadmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toBe('已停用，该用户的登录已失效');
    expect(await statusOf(id)).toBe(UserStatus.DISABLED);
    expect((await info()).statusCode).toBe(401);
    const log = await t.database.db
      .selectFrom('sysOperLog')
      .select(['kind', 'module', 'username', 'outcome'])
      .where('targetId', '=', String(id))
      .where('path', 'like', '/api/sys/user/disableIdle%')
      .execute();
    expect(log).toEqual([{ kind: 'disable', module: '账号安全', username: 'secadmin', outcome: 'success' }]);
    // Again: nothing to do.
    const again = await disableIdle(id, secadmin);
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toBe('该用户已是停用状态');
  });

  it('refuses an account that signed in recently (409, the system administrator’s to disable), nothing changed', async () => {
    const id = await makeUser('recent_secadmin', 'service', 150);
    await t.login('recent_secadmin');
    const res = await disableIdle(id, secadmin);
    expect(res.statusCode).toBe(409);
    expect(res.json().result).toBe(
      '该账号 90 天内登录过，不是长期未登录账号；如需停用，请由系统管理员在“用户管理”中办理',
    );
    expect(await statusOf(id)).toBe(UserStatus.ACTIVE);
  });

  it('is the security administrator’s: the system administrator gets 403; an unknown account 404', async () => {
    const id = await makeUser('idle_admin_try', 'service', 150);
    expect((await disableIdle(id, admin)).statusCode).toBe(403);
    expect(await statusOf(id)).toBe(UserStatus.ACTIVE);
    const missing = await disableIdle(99_999_999, secadmin);
    expect(missing.statusCode).toBe(404);
  });
});
