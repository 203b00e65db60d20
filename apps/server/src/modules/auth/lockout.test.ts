import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO_PASSWORD, type TestContext } from '../../../test/helpers.ts';
import { DEVICE_COOKIE } from '../../platform/login-client.ts';
import { totpCode } from './mfa.service.ts';

/**
 * Issue 17 finding 1: a stranger who knows a username cannot keep its owner out. Failures count per username
 * and client (IP + device cookie); the account as a whole locks only after ACCOUNT_LOCK_THRESHOLD (here 12),
 * and even then its owner gets in with password + second factor.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    MFA: 'on',
    ACCOUNT_LOCK_THRESHOLD: '12',
    LOGIN_RATE_MAX: '1000',
    API_RATE_MAX: '100000',
  });
});
afterAll(() => t.close());

interface Client {
  ip: string;
  cookie: string;
}
let ipSeq = 1;
async function newClient(ip = `10.9.0.${ipSeq++}`): Promise<Client> {
  const res = await t.call({ method: 'POST', url: '/api/captcha/get', remoteAddress: ip });
  const did = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  return { ip, cookie: did!.split(';')[0]! };
}
const post = (c: Client, url: string, payload?: Record<string, unknown>) =>
  t.call({
    method: 'POST',
    url,
    remoteAddress: c.ip,
    headers: { cookie: c.cookie },
    ...(payload ? { payload } : {}),
  });
const login = (c: Client, username: string, password: string, otp?: string) =>
  post(c, '/api/login', { username, password, ...(otp ? { otp } : {}) });

async function failFive(c: Client, username: string) {
  for (let i = 1; i <= 5; i++) {
    const res = await login(c, username, `Wrong-pass${i}`);
    expect(res.statusCode, `attempt ${i}`).toBe(401);
  }
}

describe('sign-in locks per client', () => {
  it("five wrong passwords lock the stranger's browser, not the owner's", async () => {
    const stranger = await newClient();
    const owner = await newClient();
    await failFive(stranger, 'insurer');
    const locked = await login(stranger, 'insurer', DEMO_PASSWORD);
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      result: '密码输入错误5次，帐户锁定30分钟',
    });
    const mine = await login(owner, 'insurer', DEMO_PASSWORD);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.token).toBeTruthy();
    // The owner's success resets the owner's count (security A02), not the stranger's lock.
    expect((await login(stranger, 'insurer', DEMO_PASSWORD)).statusCode).toBe(403);
    t.clock.advance(30 * 60_000 + 1);
    expect((await login(stranger, 'insurer', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('the same IP with another device cookie (an office behind NAT) is another client', async () => {
    const stranger = await newClient('10.9.1.1');
    const colleague = await newClient('10.9.1.1');
    expect(colleague.cookie).not.toBe(stranger.cookie);
    await failFive(stranger, 'service');
    expect((await login(stranger, 'service', DEMO_PASSWORD)).statusCode).toBe(403);
    expect((await login(colleague, 'service', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('a browser without a device cookie gets one with its first answer, even a refusal', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.9.3.1',
      payload: { username: 'nobody', password: 'Wrong-pass1' },
    });
    expect(res.statusCode).toBe(401);
    const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(set.find((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toMatch(/HttpOnly; SameSite=Lax/);
  });

  it('a forged device cookie counts as no cookie (the IP alone)', async () => {
    const a = { ip: '10.9.2.1', cookie: `${DEVICE_COOKIE}=AAAAAAAAAAAAAAAAAAAAAA.${'0'.repeat(32)}` };
    const b = { ip: '10.9.2.1', cookie: `${DEVICE_COOKIE}=BBBBBBBBBBBBBBBBBBBBBB.${'0'.repeat(32)}` };
    await failFive(a, 'expert');
    expect((await login(b, 'expert', DEMO_PASSWORD)).statusCode).toBe(403);
    await t.database.db.deleteFrom('sysLoginAttemptClient').execute();
    await t.database.db.deleteFrom('sysLoginAttempt').execute();
  });

  it('the account locks as a whole after the higher count; the owner still gets in with the second factor', async () => {
    // The regulator enrols its authenticator first.
    const owner = await newClient();
    const first = await login(owner, 'gov', DEMO_PASSWORD);
    const ticket = first.json().data.ticket;
    const secret = (await post(owner, '/api/login/mfa/enrol', { ticket })).json().data.secret as string;
    expect(
      (await post(owner, '/api/login/mfa', { ticket, code: totpCode(secret, t.clock.now()) })).statusCode,
    ).toBe(200);

    // Strangers from three browsers: 4 + 4 + 4 = 12 failures, none of them locked on its own.
    const strangers = [await newClient(), await newClient(), await newClient()];
    for (const s of strangers) {
      for (let i = 1; i <= 4; i++) expect((await login(s, 'gov', `Wrong-pass${i}`)).statusCode).toBe(401);
    }
    const msg =
      '该帐户密码错误次数过多，已锁定30分钟；已开通二次验证的用户可输入动态验证码登录，或联系管理员解锁';
    // Now the account is locked: the right password alone is refused, from any browser, before it is checked.
    const pwdOnly = await login(owner, 'gov', DEMO_PASSWORD);
    expect(pwdOnly.statusCode).toBe(403);
    expect(pwdOnly.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', result: msg, data: { scope: 'account' } });
    // A wrong password with a valid code, and the right password with a wrong code, answer the same.
    t.clock.advance(30_000);
    const wrongPwd = await login(owner, 'gov', 'Wrong-pass9', totpCode(secret, t.clock.now()));
    expect(wrongPwd.statusCode).toBe(403);
    expect(wrongPwd.json().result).toBe(msg);
    const wrongCode = await login(owner, 'gov', DEMO_PASSWORD, '000000');
    expect(wrongCode.statusCode).toBe(403);
    expect(wrongCode.json().result).toBe(msg);
    // Password + valid code (a step not used yet) signs the owner in directly.
    t.clock.advance(30_000);
    const both = await login(owner, 'gov', DEMO_PASSWORD, totpCode(secret, t.clock.now()));
    expect(both.statusCode).toBe(200);
    expect(both.headers['x-token']).toBe(both.json().data.token);
    // The code never reaches the operation log.
    const rows = await t.database.db
      .selectFrom('sysOperLog')
      .select('params')
      .where('path', '=', '/api/login')
      .where('username', '=', 'gov')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.params).not.toMatch(/"otp":"\d/);
  });

  it('without a second factor the account lock holds until it runs out or an admin unlocks it', async () => {
    const strangers = [await newClient(), await newClient(), await newClient()];
    for (const s of strangers) {
      for (let i = 1; i <= 4; i++) expect((await login(s, 'ent', `Wrong-pass${i}`)).statusCode).toBe(401);
    }
    const owner = await newClient();
    const res = await login(owner, 'ent', DEMO_PASSWORD, '123456');
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toEqual({ scope: 'account' });
    t.clock.advance(30 * 60_000 + 1);
    expect((await login(owner, 'ent', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
