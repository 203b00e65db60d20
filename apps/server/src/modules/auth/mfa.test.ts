import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO_PASSWORD, type TestContext } from '../../../test/helpers.ts';
import { DEVICE_COOKIE } from '../../platform/login-client.ts';
import { totpCode } from './mfa.service.ts';

/** Security A06 / issue 17 finding 8, with the second factor on (MFA default). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ MFA: 'on', LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
});
afterAll(() => t.close());

/** A browser: its own IP and device cookie. */
interface Client {
  ip: string;
  cookie: string;
}
let ipSeq = 1;
async function newClient(): Promise<Client> {
  const ip = `10.8.0.${ipSeq++}`;
  const res = await t.call({ method: 'POST', url: '/api/captcha/get', remoteAddress: ip });
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const did = set.find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  expect(did).toMatch(/HttpOnly/);
  expect(did).toMatch(/SameSite=Lax/);
  return { ip, cookie: did!.split(';')[0]! };
}

const post = (c: Client, url: string, payload?: Record<string, unknown>, token?: string) =>
  t.call({
    method: 'POST',
    url,
    remoteAddress: c.ip,
    headers: { cookie: c.cookie },
    ...(token ? { token } : {}),
    ...(payload !== undefined ? { payload } : {}),
  });

const now = () => t.clock.now();
/** Authenticator secrets of the users enrolled so far (tests run in order). */
const secrets = new Map<string, string>();

/** Signs in with the password and enrols a new authenticator; returns the secret and the recovery codes. */
async function enrol(c: Client, username: string) {
  const first = await post(c, '/api/login', { username, password: DEMO_PASSWORD });
  expect(first.statusCode).toBe(200);
  expect(first.json().data).toMatchObject({ mfaRequired: true, enrolled: false });
  const ticket = first.json().data.ticket as string;
  const qr = await post(c, '/api/login/mfa/enrol', { ticket });
  expect(qr.statusCode).toBe(200);
  const secret = qr.json().data.secret as string;
  const done = await post(c, '/api/login/mfa', { ticket, code: totpCode(secret, now()) });
  expect(done.statusCode).toBe(200);
  secrets.set(username, secret);
  return { secret, recoveryCodes: done.json().data.recoveryCodes as string[], token: done.json().data.token };
}

/** Password then code; returns the code step's response. */
async function signIn(c: Client, username: string, code: string) {
  const first = await post(c, '/api/login', { username, password: DEMO_PASSWORD });
  expect(first.json().data).toMatchObject({ mfaRequired: true, enrolled: true });
  return post(c, '/api/login/mfa', { ticket: first.json().data.ticket, code });
}

describe('second factor for the administrators and regulators', () => {
  it('a correct password alone gives no token, only a ticket; enrolment shows a QR and ten recovery codes', async () => {
    const c = await newClient();
    const sessionsBefore = await t.database.db.selectFrom('sysSession').select('id').execute();
    const res = await post(c, '/api/login', { username: 'gov', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result).toBe('请先开通二次验证：用验证器扫描二维码');
    expect(body.data).toEqual({
      mfaRequired: true,
      enrolled: false,
      ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresIn: 300,
    });
    expect(res.headers['x-token']).toBeUndefined();
    expect(body.data.token).toBeUndefined();
    expect(await t.database.db.selectFrom('sysSession').select('id').execute()).toHaveLength(
      sessionsBefore.length,
    );

    const qr = await post(c, '/api/login/mfa/enrol', { ticket: body.data.ticket });
    expect(qr.statusCode).toBe(200);
    const e = qr.json().data;
    expect(e.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(e.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(e.otpauthUri).toContain('otpauth://totp/');
    expect(e.otpauthUri).toContain(`secret=${e.secret}`);
    expect(e.otpauthUri).toContain('period=30');

    // A wrong code: refused, no token.
    const wrong = await post(c, '/api/login/mfa', { ticket: body.data.ticket, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('MFA_CODE_INVALID');
    expect(wrong.headers['x-token']).toBeUndefined();
    // Not six digits nor a recovery code: the field says what to type.
    const malformed = await post(c, '/api/login/mfa', { ticket: body.data.ticket, code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().result).toContain('请输入6位动态验证码或恢复码');

    const ok = await post(c, '/api/login/mfa', { ticket: body.data.ticket, code: totpCode(e.secret, now()) });
    secrets.set('gov', e.secret);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().result).toBe('二次验证已开通，登录成功');
    const data = ok.json().data;
    expect(ok.headers['x-token']).toBe(data.token);
    expect(data).toMatchObject({ username: 'gov', roleKey: 'ROLE_GOVERNMENT' });
    expect(data.recoveryCodes).toHaveLength(10);
    expect(new Set(data.recoveryCodes).size).toBe(10);
    for (const code of data.recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);

    // At rest: the secret is SM4 ciphertext, the recovery codes only hashes.
    const user = await t.database.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'gov')
      .executeTakeFirstOrThrow();
    const row = await t.database.db
      .selectFrom('sysUserMfa')
      .selectAll()
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.secretEnc.startsWith('v1.')).toBe(true);
    expect(row.secretEnc).not.toContain(e.secret);
    const hashes = await t.database.db
      .selectFrom('sysMfaRecoveryCode')
      .select('codeHash')
      .where('userId', '=', user.id)
      .execute();
    expect(hashes).toHaveLength(10);
    for (const h of hashes) {
      expect(h.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(data.recoveryCodes.map((c: string) => c.replace('-', ''))).not.toContain(h.codeHash);
    }
    // The ticket was single use.
    const again = await post(c, '/api/login/mfa', {
      ticket: body.data.ticket,
      code: totpCode(e.secret, now()),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('MFA_TICKET_INVALID');
    expect(again.json().result).toBe('登录验证已失效，请重新输入密码登录');
  });

  it('a code is good once within its window (replay refused), with ±1 step of drift', async () => {
    const c = await newClient();
    const { secret } = await enrol(c, 'gov_sy');
    // The enrolment used this step's code: the same code again is a replay.
    const replay = await signIn(c, 'gov_sy', totpCode(secret, now()));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('MFA_CODE_INVALID');
    // The authenticator runs 30 s ahead: the next step's code is accepted once.
    const ahead = totpCode(secret, new Date(now().getTime() + 30_000));
    expect((await signIn(c, 'gov_sy', ahead)).statusCode).toBe(200);
    expect((await signIn(c, 'gov_sy', ahead)).statusCode).toBe(400);
    // Two steps later: the code of one step ago (slow authenticator) is still good, two steps ago is not.
    t.clock.advance(90_000);
    expect((await signIn(c, 'gov_sy', totpCode(secret, new Date(now().getTime() - 60_000)))).statusCode).toBe(
      400,
    );
    expect((await signIn(c, 'gov_sy', totpCode(secret, new Date(now().getTime() - 30_000)))).statusCode).toBe(
      200,
    );
  });

  it('a recovery code signs in once; the ticket expires and is bound to its browser', async () => {
    const c = await newClient();
    const { recoveryCodes, secret } = await enrol(c, 'admin');
    const rc = recoveryCodes[3]!;
    const first = await signIn(c, 'admin', rc.toLowerCase());
    expect(first.statusCode).toBe(200);
    expect(first.json().data.recoveryCodes).toBeUndefined();
    expect((await signIn(c, 'admin', rc)).statusCode).toBe(400);

    // Another browser cannot use this browser's ticket.
    const other = await newClient();
    const pending = await post(c, '/api/login', { username: 'admin', password: DEMO_PASSWORD });
    t.clock.advance(30_000);
    const stolen = await post(other, '/api/login/mfa', {
      ticket: pending.json().data.ticket,
      code: totpCode(secret, now()),
    });
    expect(stolen.json().code).toBe('MFA_TICKET_INVALID');
    // After five minutes the ticket is gone.
    t.clock.advance(5 * 60_000);
    const late = await post(c, '/api/login/mfa', {
      ticket: pending.json().data.ticket,
      code: totpCode(secret, now()),
    });
    expect(late.json().code).toBe('MFA_TICKET_INVALID');
  });

  it('wrong codes count as failed sign-ins: the fifth locks this browser out', async () => {
    const c = await newClient();
    // gov_sy is enrolled above; a stranger's browser knows the password but not the code.
    const b = await newClient();
    const first = await post(b, '/api/login', { username: 'gov_sy', password: DEMO_PASSWORD });
    const ticket = first.json().data.ticket;
    for (let i = 1; i <= 4; i++) {
      const res = await post(b, '/api/login/mfa', { ticket, code: '000000' });
      expect(res.statusCode, `code ${i}`).toBe(400);
    }
    const fifth = await post(b, '/api/login/mfa', { ticket, code: '000000' });
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json().code).toBe('ACCOUNT_LOCKED');
    const locked = await post(b, '/api/login', { username: 'gov_sy', password: DEMO_PASSWORD });
    expect(locked.statusCode).toBe(403);
    // The owner's own browser is not locked out.
    const mine = await post(c, '/api/login', { username: 'gov_sy', password: DEMO_PASSWORD });
    expect(mine.json().data).toMatchObject({ mfaRequired: true });
  });

  it("a browser's first sign-in without a device cookie: the code step comes with the cookie it was given", async () => {
    const ip = '10.8.9.1';
    const first = await t.call({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      payload: { username: 'gov_sy', password: DEMO_PASSWORD },
    });
    const cookie = ([] as string[])
      .concat(first.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!
      .split(';')[0]!;
    t.clock.advance(30_000);
    const res = await post({ ip, cookie }, '/api/login/mfa', {
      ticket: first.json().data.ticket,
      code: totpCode(secrets.get('gov_sy')!, now()),
    });
    expect(res.statusCode).toBe(200);
  });

  it('other roles sign in with the password alone', async () => {
    const c = await newClient();
    const res = await post(c, '/api/login', { username: 'insurer', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const status = await post(c, '/api/sys/user/mfa/status', {}, res.json().data.token);
    expect(status.json().data).toEqual({
      required: false,
      enrolled: false,
      enrolledAt: null,
      recoveryCodesLeft: 0,
    });
  });

  it('the user sees the status and re-enrols (password, new QR, code): old secret and codes stop working', async () => {
    const c = await newClient();
    t.clock.advance(30_000);
    const token = (await signIn(c, 'gov', totpCode(secrets.get('gov')!, now()))).json().data.token as string;
    const status = await post(c, '/api/sys/user/mfa/status', {}, token);
    expect(status.json().data).toMatchObject({ required: true, enrolled: true, recoveryCodesLeft: 10 });
    expect(status.json().data.enrolledAt).toMatch(/^\d{4}-/);

    const wrongPwd = await post(c, '/api/sys/user/mfa/enrol', { password: 'Wrong-pass1' }, token);
    expect(wrongPwd.statusCode).toBe(400);
    const start = await post(c, '/api/sys/user/mfa/enrol', { password: DEMO_PASSWORD }, token);
    expect(start.statusCode).toBe(200);
    const { ticket, secret, qrDataUrl } = start.json().data;
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(secret).not.toBe(secrets.get('gov'));
    // A code of the old authenticator does not confirm the new one.
    const old = await post(
      c,
      '/api/sys/user/mfa/confirm',
      { ticket, code: totpCode(secrets.get('gov')!, new Date(now().getTime() + 30_000)) },
      token,
    );
    expect(old.json().code).toBe('MFA_CODE_INVALID');
    const confirmed = await post(
      c,
      '/api/sys/user/mfa/confirm',
      { ticket, code: totpCode(secret, now()) },
      token,
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.recoveryCodes).toHaveLength(10);
    const log = await t.database.db
      .selectFrom('sysOperLog')
      .selectAll()
      .where('path', '=', '/api/sys/user/mfa/confirm')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ kind: 'security', module: '二次验证', outcome: 'success' });

    t.clock.advance(30_000);
    const b = await newClient();
    expect((await signIn(b, 'gov', totpCode(secrets.get('gov')!, now()))).statusCode).toBe(400);
    expect((await signIn(b, 'gov', totpCode(secret, now()))).statusCode).toBe(200);
    secrets.set('gov', secret);
  });

  it('the security and audit administrators sign in with a second factor too', async () => {
    for (const username of ['secadmin', 'auditor']) {
      const c = await newClient();
      const { token } = await enrol(c, username);
      expect((await post(c, '/api/sys/user/mfa/status', {}, token)).json().data).toMatchObject({
        required: true,
        enrolled: true,
      });
    }
  });

  it('the security admin resets a second factor (audited; sessions end; next sign-in enrols again)', async () => {
    const c = await newClient();
    t.clock.advance(30_000);
    const adminToken = (await signIn(c, 'admin', totpCode(secrets.get('admin')!, now()))).json().data
      .token as string;
    t.clock.advance(30_000);
    const secToken = (await signIn(c, 'secadmin', totpCode(secrets.get('secadmin')!, now()))).json().data
      .token as string;
    t.clock.advance(30_000);
    const govToken = (await signIn(c, 'gov', totpCode(secrets.get('gov')!, now()))).json().data
      .token as string;
    const gov = await t.database.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'gov')
      .executeTakeFirstOrThrow();
    const govSy = await t.database.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'gov_sy')
      .executeTakeFirstOrThrow();

    // A regulator may manage users but not reset second factors; nor may the system administrator (三权分立).
    const refused = await post(c, `/api/sys/user/mfa/reset?id=${govSy.id}`, {}, govToken);
    expect(refused.statusCode).toBe(403);
    expect((await post(c, `/api/sys/user/mfa/reset?id=${gov.id}`, {}, adminToken)).statusCode).toBe(403);
    expect((await post(c, '/api/sys/user/mfa/reset?id=999999', {}, secToken)).statusCode).toBe(404);

    const res = await post(c, `/api/sys/user/mfa/reset?id=${gov.id}`, {}, secToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe('已重置二次验证，该用户下次登录须重新绑定验证器');
    const log = await t.database.db
      .selectFrom('sysOperLog')
      .selectAll()
      .where('path', '=', '/api/sys/user/mfa/reset')
      .where('outcome', '=', 'success')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      kind: 'security',
      module: '账号安全',
      targetId: String(gov.id),
      username: 'secadmin',
    });
    // The regulator's session ended; its next sign-in asks to enrol.
    expect((await post(c, '/api/sys/user/getUserInfo.json', {}, govToken)).statusCode).toBe(401);
    const next = await post(c, '/api/login', { username: 'gov', password: DEMO_PASSWORD });
    expect(next.json().data).toMatchObject({ mfaRequired: true, enrolled: false });
    expect(
      await t.database.db
        .selectFrom('sysMfaRecoveryCode')
        .select('id')
        .where('userId', '=', gov.id)
        .execute(),
    ).toEqual([]);
  });
});
