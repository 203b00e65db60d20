import { UserStatus, WX_NOT_CONFIGURED } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { humanTrail, solveCaptcha, withImages } from '../../../test/captcha-solver.ts';
import { createTestContext, DEMO_PASSWORD, type TestContext } from '../../../test/helpers.ts';
import {
  startWechatStandIn,
  type WechatStandIn,
  WX_TEST_APP_ID,
  WX_TEST_SECRET,
} from '../../../test/wechat-standin.ts';

const CALLBACK = 'http://127.0.0.1:9/user/loginByQRCode';

let wx: WechatStandIn;
let t: TestContext;

function wxEnv(standIn: WechatStandIn): Record<string, string> {
  return {
    WX_APP_ID: WX_TEST_APP_ID,
    WX_APP_SECRET: WX_TEST_SECRET,
    WX_CALLBACK_URL: CALLBACK,
    WX_OPEN_BASE_URL: standIn.url,
    WX_API_BASE_URL: standIn.url,
    LOGIN_RATE_MAX: '1000',
    API_RATE_MAX: '100000',
  };
}

beforeAll(async () => {
  wx = await startWechatStandIn();
  t = await createTestContext(wxEnv(wx));
});
afterAll(async () => {
  await t.close();
  await wx.close();
});

/** A browser: its cookie jar holds the WeChat nonce cookie the server sets. */
function browser(ctx: () => TestContext = () => t) {
  let cookie = '';
  const call = async (url: string, opts: { token?: string; payload?: Record<string, unknown> } = {}) => {
    const res = await ctx().call({
      method: 'POST',
      url,
      headers: cookie ? { cookie } : {},
      ...(opts.token ? { token: opts.token } : {}),
      ...(opts.payload ? { payload: opts.payload } : {}),
    });
    const set = res.headers['set-cookie'];
    const first = Array.isArray(set) ? set[0] : set;
    if (first) cookie = first.split(';')[0]!;
    return res;
  };
  return {
    call,
    get cookie() {
      return cookie;
    },
    /** Opens the QR page's address; the state it carries. */
    async qr(token?: string): Promise<string> {
      const res = await call(token ? '/api/wx/bindQrConnect.json' : '/api/wx/qrConnect.json', {
        ...(token ? { token } : {}),
      });
      expect(res.statusCode).toBe(200);
      return res.json().data.state as string;
    },
    callback(state: string, code: string, token?: string) {
      const q = new URLSearchParams({ code, state }).toString();
      return call(`/api/wx/${token ? 'loginUserBindWx' : 'loginByScanQrcode'}.json?${q}`, {
        ...(token ? { token } : {}),
      });
    },
  };
}

async function logRows(module: string) {
  return t.database.db
    .selectFrom('sysOperLog')
    .select(['username', 'kind', 'outcome', 'errorMsg', 'params'])
    .where('module', '=', module)
    .orderBy('id')
    .execute();
}

/** Bindings of a WeChat openid (the demo data binds `gov` to one of its own). */
function bindingsOf(openid: string) {
  return t.database.db.selectFrom('sysWxBinding').selectAll().where('openid', '=', openid).execute();
}

async function sessionsOf(username: string): Promise<number> {
  const r = await t.database.db
    .selectFrom('sysSession as s')
    .innerJoin('sysUser as u', 'u.id', 's.userId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('u.username', '=', username)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('WeChat QR login not configured', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestContext();
  });
  afterAll(() => plain.close());

  it('says so plainly and hands out no QR address', async () => {
    const cfg = await plain.call({ method: 'POST', url: '/api/wx/config.json' });
    expect(cfg.json().data).toEqual({ enabled: false });
    const qr = await plain.call({ method: 'POST', url: '/api/wx/qrConnect.json' });
    expect(qr.statusCode).toBe(400);
    expect(qr.json().result).toBe(WX_NOT_CONFIGURED);
    const scan = await plain.call({ method: 'POST', url: '/api/wx/loginByScanQrcode.json?code=x&state=l.y' });
    expect(scan.statusCode).toBe(400);
  });

  it('refuses a partial configuration at start', async () => {
    await expect(createTestContext({ WX_APP_ID: 'wx1' })).rejects.toThrow(/WX_APP_SECRET/);
  });
});

describe('qrconnect address and state', () => {
  it('builds the documented qrconnect URL and sets an HttpOnly browser cookie', async () => {
    expect((await t.call({ method: 'POST', url: '/api/wx/config.json' })).json().data).toEqual({
      enabled: true,
    });
    const b = browser();
    const res = await b.call('/api/wx/qrConnect.json');
    expect(res.statusCode).toBe(200);
    const { url, state, expiresIn } = res.json().data;
    expect(expiresIn).toBe(600);
    expect(state).toMatch(/^l\.[A-Za-z0-9_-]{32}$/);
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe(`${wx.url}/connect/qrconnect`);
    expect(Object.fromEntries(u.searchParams)).toEqual({
      appid: WX_TEST_APP_ID,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    });
    expect(u.hash).toBe('#wechat_redirect');
    // The secret never leaves the server.
    expect(res.body).not.toContain(WX_TEST_SECRET);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^aqzrx_wx=[A-Za-z0-9_-]{43}; Path=\/api\/wx; HttpOnly; SameSite=Lax; Max-Age=600/,
    );
    // Only hashes are stored.
    const rows = await t.database.db
      .selectFrom('sysWxOauthState')
      .select(['stateHash', 'browserHash'])
      .execute();
    expect(rows.some((r) => r.stateHash === state)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.stateHash))).toBe(true);
  });

  it('refuses a replayed state, even with a fresh code', async () => {
    const b = browser();
    const state = await b.qr();
    const first = await b.callback(state, wx.issueCode('carol'));
    expect(first.statusCode).toBe(200);
    const again = await b.callback(state, wx.issueCode('carol'));
    expect(again.statusCode).toBe(400);
    expect(again.json().result).toBe('该扫码结果已使用过，请重新扫码');
  });

  it('refuses a state from another browser (or none), and the owner can still use it', async () => {
    const owner = browser();
    const state = await owner.qr();
    const attacker = browser();
    await attacker.qr(); // the attacker's own cookie
    const foreign = await attacker.callback(state, wx.issueCode('carol'));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().result).toBe('扫码请求无效或不是在本浏览器发起的，请重新扫码');
    const noCookie = await t.call({
      method: 'POST',
      url: `/api/wx/loginByScanQrcode.json?code=${wx.issueCode('carol')}&state=${state}`,
    });
    expect(noCookie.statusCode).toBe(400);
    const made = await owner.callback(state, wx.issueCode('carol'));
    expect(made.statusCode).toBe(200);
    // A state nobody issued.
    const forged = await owner.callback('l.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', wx.issueCode('carol'));
    expect(forged.statusCode).toBe(400);
  });

  it('refuses an expired state (10 minutes)', async () => {
    const b = browser();
    const state = await b.qr();
    t.clock.advance(10 * 60_000 + 1000);
    const res = await b.callback(state, wx.issueCode('carol'));
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe('二维码已过期，请重新扫码');
  });

  it('refuses a missing code or state with 400 naming it', async () => {
    const b = browser();
    const res = await b.call('/api/wx/loginByScanQrcode.json?state=l.x');
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toContain('code');
  });
});

describe('code exchange', () => {
  it('a code WeChat refuses answers 400 and signs nobody in', async () => {
    const b = browser();
    const res = await b.callback(await b.qr(), 'not-a-real-code');
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe('微信授权失败：授权码无效或已过期，请重新扫码');
    const call = wx.calls.filter((c) => c.path === '/sns/oauth2/access_token').at(-1)!;
    expect(call.query).toEqual({
      appid: WX_TEST_APP_ID,
      secret: WX_TEST_SECRET,
      code: 'not-a-real-code',
      grant_type: 'authorization_code',
    });
  });

  it('WeChat unreachable answers 502', async () => {
    const b = browser();
    const state = await b.qr();
    wx.failing = true;
    try {
      const res = await b.callback(state, wx.issueCode('carol'));
      expect(res.statusCode).toBe(502);
      expect(res.json().result).toBe('暂时无法连接微信服务器，请稍后重试');
    } finally {
      wx.failing = false;
    }
  });
});

describe('unbound scan → bind with password → bound scan signs in', () => {
  it('runs the whole flow for ent with the operation log', async () => {
    const b = browser();
    const scan = await b.callback(await b.qr(), wx.issueCode('alice'));
    expect(scan.statusCode).toBe(200);
    const data = scan.json().data;
    expect(data).toMatchObject({ bound: false, nickname: '微信用户甲' });
    expect(data.login).toBeUndefined();
    expect(data.ticket).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // A wrong password: 401, the ticket stays good, nothing is bound.
    const wrong = await b.call('/api/wx/bindWXUser.json', {
      payload: { ticket: data.ticket, username: 'ent', password: 'Wrong-pass1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await bindingsOf('o_standin_alice')).toEqual([]);

    // Another browser cannot use the ticket.
    const other = browser();
    await other.qr();
    const stolen = await other.call('/api/wx/bindWXUser.json', {
      payload: { ticket: data.ticket, username: 'ent', password: DEMO_PASSWORD },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().result).toBe('绑定凭证无效或已过期，请重新扫码');

    const sessionsBefore = await sessionsOf('ent');
    const bind = await b.call('/api/wx/bindWXUser.json', {
      payload: { ticket: data.ticket, username: 'ent', password: DEMO_PASSWORD },
    });
    expect(bind.statusCode).toBe(200);
    expect(bind.json().data).toMatchObject({ username: 'ent', roleKey: 'ROLE_ENT' });
    expect(await sessionsOf('ent')).toBe(sessionsBefore + 1);
    const rows = await bindingsOf('o_standin_alice');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      openid: 'o_standin_alice',
      unionid: 'u_standin_alice',
      nickname: '微信用户甲',
    });

    // The ticket was single use.
    const replay = await b.call('/api/wx/bindWXUser.json', {
      payload: { ticket: data.ticket, username: 'ent', password: DEMO_PASSWORD },
    });
    expect(replay.statusCode).toBe(400);

    // The next scan signs ent in.
    const next = await b.callback(await b.qr(), wx.issueCode('alice'));
    expect(next.statusCode).toBe(200);
    const login = next.json().data.login;
    expect(next.json().data.bound).toBe(true);
    const info = await t.call({ method: 'POST', url: '/api/sys/user/getUserInfo.json', token: login.token });
    expect(info.json().data.username).toBe('ent');

    const binds = await logRows('微信绑定');
    expect(binds.at(-1)).toMatchObject({ username: 'ent', kind: 'add', outcome: 'success' });
    expect(binds.at(-1)!.params).not.toContain(data.ticket);
    expect(binds.at(-1)!.params).not.toContain(DEMO_PASSWORD);
    const logins = await logRows('微信扫码登录');
    expect(logins.at(-1)).toMatchObject({ username: 'ent', kind: 'login', outcome: 'success' });
    expect(logins.some((r) => r.outcome === 'fail' && r.errorMsg.includes('未绑定'))).toBe(true);
  });

  it('an account bound to another WeChat cannot take a second one (409, no session)', async () => {
    const b = browser();
    const scan = await b.callback(await b.qr(), wx.issueCode('bob'));
    const ticket = scan.json().data.ticket;
    const before = await sessionsOf('ent');
    const res = await b.call('/api/wx/bindWXUser.json', {
      payload: { ticket, username: 'ent', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().result).toContain('该账号已绑定其他微信');
    expect(await sessionsOf('ent')).toBe(before);
    expect(await bindingsOf('o_standin_bob')).toEqual([]);
  });

  it('a bound user who is disabled, in a suspended organisation or locked is refused', async () => {
    const db = t.database.db;
    const scanAlice = async () => {
      const b = browser();
      return b.callback(await b.qr(), wx.issueCode('alice'));
    };
    const before = await sessionsOf('ent');
    await db
      .updateTable('sysUser')
      .set({ status: UserStatus.DISABLED })
      .where('username', '=', 'ent')
      .execute();
    const disabled = await scanAlice();
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().code).toBe('ACCOUNT_DISABLED');
    await db
      .updateTable('sysUser')
      .set({ status: UserStatus.ACTIVE })
      .where('username', '=', 'ent')
      .execute();

    const ent = await db
      .selectFrom('sysUser')
      .select('orgId')
      .where('username', '=', 'ent')
      .executeTakeFirstOrThrow();
    await db.updateTable('sysOrg').set({ status: 2 }).where('id', '=', ent.orgId!).execute();
    const suspended = await scanAlice();
    expect(suspended.statusCode).toBe(403);
    await db.updateTable('sysOrg').set({ status: 1 }).where('id', '=', ent.orgId!).execute();

    await db
      .insertInto('sysLoginAttempt')
      .values({
        usernameLower: 'ent',
        failedCount: 5,
        lastFailedAt: t.clock.now(),
        lockedUntil: new Date(t.clock.now().getTime() + 60_000),
      })
      .onConflict((oc) =>
        oc.column('usernameLower').doUpdateSet({ lockedUntil: new Date(t.clock.now().getTime() + 60_000) }),
      )
      .execute();
    const locked = await scanAlice();
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('ACCOUNT_LOCKED');
    await db.deleteFrom('sysLoginAttempt').where('usernameLower', '=', 'ent').execute();

    expect(await sessionsOf('ent')).toBe(before);
    const fails = (await logRows('微信扫码登录')).filter((r) => r.outcome === 'fail' && r.username === 'ent');
    expect(fails.length).toBeGreaterThanOrEqual(3);
  });

  it('a user who must change the password is told so on a QR sign-in', async () => {
    const db = t.database.db;
    await db.updateTable('sysUser').set({ mustChangePassword: true }).where('username', '=', 'ent').execute();
    const b = browser();
    const res = await b.callback(await b.qr(), wx.issueCode('alice'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.login.mustChangePassword).toBe(true);
    await db
      .updateTable('sysUser')
      .set({ mustChangePassword: false })
      .where('username', '=', 'ent')
      .execute();
  });
});

describe('binding and unbinding in the settings', () => {
  it('a signed-in user binds through the QR page, sees it, and unbinds', async () => {
    const token = await t.login('ent2');
    const b = browser();
    const status0 = await b.call('/api/wx/myBinding.json', { token });
    expect(status0.json().data).toEqual({ enabled: true, bound: false, nickname: '', boundAt: null });

    const state = await b.qr(token);
    expect(state.startsWith('b.')).toBe(true);
    // A bind state is no sign-in state.
    const asLogin = await b.callback(state, wx.issueCode('bob'));
    expect(asLogin.statusCode).toBe(400);
    const bind = await b.callback(await b.qr(token), wx.issueCode('bob'), token);
    expect(bind.statusCode).toBe(200);
    expect(bind.json().data).toMatchObject({ bound: true, nickname: '微信用户乙' });
    const status1 = (await b.call('/api/wx/myBinding.json', { token })).json().data;
    expect(status1).toMatchObject({ enabled: true, bound: true, nickname: '微信用户乙' });

    const unbind = await b.call('/api/wx/unbindWx.json', { token });
    expect(unbind.statusCode).toBe(200);
    const again = await b.call('/api/wx/unbindWx.json', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().result).toBe('当前账号未绑定微信');
    expect((await b.call('/api/wx/myBinding.json', { token })).json().data.bound).toBe(false);

    // A refusal's log row is written once the answer has gone out: wait for it (it raced on PostgreSQL).
    await vi.waitFor(async () => {
      const rows = (await logRows('微信绑定')).filter((r) => r.username === 'ent2');
      expect(rows.map((r) => `${r.kind}:${r.outcome}`)).toEqual([
        'add:success',
        'delete:success',
        'delete:fail',
      ]);
    });
  });

  it("a bind state belongs to its session: another session of the same browser can't use it", async () => {
    const b = browser();
    const tokenA = await t.login('ent3');
    const tokenB = await t.login('ent3');
    const state = await b.qr(tokenA);
    const res = await b.callback(state, wx.issueCode('carol'), tokenB);
    expect(res.statusCode).toBe(400);
    expect(await bindingsOf('o_standin_carol')).toEqual([]);
  });

  it('a WeChat bound to another account is refused (409)', async () => {
    const token = await t.login('ent3');
    const b = browser();
    const res = await b.callback(await b.qr(token), wx.issueCode('alice'), token);
    expect(res.statusCode).toBe(409);
    expect(res.json().result).toBe('该微信已绑定其他平台账号，请先登录该账号解除绑定');
  });

  it('the demo data binds gov, which its settings show', async () => {
    const token = await t.login('gov');
    const res = await t.call({ method: 'POST', url: '/api/wx/myBinding.json', token });
    expect(res.json().data).toMatchObject({ enabled: true, bound: true, nickname: '宿迁应急演示' });
  });

  it('needs a signed-in user', async () => {
    const res = await t.call({ method: 'POST', url: '/api/wx/bindQrConnect.json' });
    expect(res.statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/wx/unbindWx.json' })).statusCode).toBe(401);
  });
});

describe('binding with the slide puzzle on', () => {
  let c: TestContext;
  beforeAll(async () => {
    c = await createTestContext({ ...wxEnv(wx), CAPTCHA: 'on' });
  });
  afterAll(() => c.close());

  it('asks for the puzzle and binds once it is solved', async () => {
    const b = browser(() => c);
    const scan = await b.callback(await b.qr(), wx.issueCode('carol'));
    const ticket = scan.json().data.ticket;
    const without = await b.call('/api/wx/bindWXUser.json', {
      payload: { ticket, username: 'insurer', password: DEMO_PASSWORD },
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().code).toBe('CAPTCHA_INVALID');
    const ch = await withImages(
      (await c.call({ method: 'POST', url: '/api/captcha/get' })).json().data,
      async (url) => (await c.call({ method: 'GET', url })).rawPayload,
    );
    const x = solveCaptcha(ch);
    const trail = humanTrail(x);
    const check = await c.call({
      method: 'POST',
      url: '/api/captcha/check',
      payload: { id: ch.id, x, trail },
    });
    const captchaToken = check.json().data.captchaToken;
    const ok = await b.call('/api/wx/bindWXUser.json', {
      payload: { ticket, username: 'insurer', password: DEMO_PASSWORD, captchaToken },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.username).toBe('insurer');
  });
});

describe('the second factor after a scan (MFA on)', () => {
  let c: TestContext;
  beforeAll(async () => {
    c = await createTestContext({ ...wxEnv(wx), MFA: 'on' });
    // The demo data binds gov to a WeChat of its own; here to the stand-in's alice.
    await c.database.db
      .updateTable('sysWxBinding')
      .set({ openid: 'o_standin_alice', unionid: 'u_standin_alice' })
      .where('openid', '=', 'o_demo_gov_0000000000000000')
      .execute();
  });
  afterAll(() => c.close());

  it("a regulator's scan is one factor: no session, the code step's ticket", async () => {
    const b = browser(() => c);
    const before = await c.database.db.selectFrom('sysSession').select('id').execute();
    const res = await b.callback(await b.qr(), wx.issueCode('alice'));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.bound).toBe(true);
    expect(data.login).toBeUndefined();
    expect(data.mfa).toMatchObject({ mfaRequired: true, enrolled: false });
    expect(await c.database.db.selectFrom('sysSession').select('id').execute()).toHaveLength(before.length);
  });

  it('binding a scan to an account with a second factor by password alone is refused', async () => {
    const b = browser(() => c);
    const scan = await b.callback(await b.qr(), wx.issueCode('carol'));
    const res = await b.call('/api/wx/bindWXUser.json', {
      payload: { ticket: scan.json().data.ticket, username: 'gov_sy', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().result).toBe(
      '管理员和监管人员须使用动态验证码登录：请先用账号密码登录，再在“微信绑定”中绑定微信',
    );
    expect(
      await c.database.db
        .selectFrom('sysWxBinding')
        .select('id')
        .where('openid', '=', 'o_standin_carol')
        .execute(),
    ).toEqual([]);
  });
});
