import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { SubsystemCredentials, SubsystemRow } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { decryptPii } from '../../platform/pii.ts';
import { ipAllowed } from '../../platform/signed-calls.ts';

let t: TestContext;
let admin: string;
/** Safety mechanisms are the security administrator's (三权分立, security.md Z04). */
let secadmin: string;
let gov: string;

const post = (url: string, token?: string, payload?: Record<string, unknown>) =>
  t.call({ method: 'POST', url, ...(token ? { token } : {}), ...(payload !== undefined ? { payload } : {}) });

/** An integrator's signing, written from the README (not the server's helper). */
function signature(
  secret: string,
  method: string,
  pathWithQuery: string,
  ts: string,
  nonce: string,
  body = '',
) {
  const bodyHash = createHash('sha256').update(body).digest('hex');
  const text = [method, pathWithQuery, ts, nonce, bodyHash].join('\n');
  return createHmac('sha256', secret).update(text).digest('hex');
}

interface SignedOpts {
  method?: 'GET' | 'POST';
  body?: string;
  creds?: { appKey: string; secret: string };
  ts?: number;
  nonce?: string;
  ip?: string;
  /** Sign this instead of the request actually sent (tampering). */
  signUrl?: string;
  signBody?: string;
  headers?: Record<string, string>;
}

let creds: { appKey: string; secret: string };

function signed(url: string, o: SignedOpts = {}) {
  const method = o.method ?? 'POST';
  const c = o.creds ?? creds;
  const ts = String(o.ts ?? t.clock.now().getTime());
  const nonce = o.nonce ?? randomBytes(16).toString('hex');
  const body = o.body ?? '';
  return t.app.inject({
    method,
    url,
    ...(body ? { payload: body } : {}),
    ...(o.ip ? { remoteAddress: o.ip } : {}),
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      'x-app-key': c.appKey,
      'x-timestamp': ts,
      'x-nonce': nonce,
      'x-signature': signature(c.secret, method, o.signUrl ?? url, ts, nonce, o.signBody ?? body),
      ...o.headers,
    },
  });
}

const db = () => t.database.db;
let subsystemId: number;
let mechanismId: number;
let entUserId: number;
let govUserId: number;
let adminUserId: number;

async function serviceUser(username: string, roleKey: string, orgOf?: string, districtCodes = '') {
  const role = await db()
    .selectFrom('sysRole')
    .select('id')
    .where('roleKey', '=', roleKey)
    .executeTakeFirstOrThrow();
  const org = orgOf
    ? (
        await db()
          .selectFrom('sysUser')
          .select('orgId')
          .where('username', '=', orgOf)
          .executeTakeFirstOrThrow()
      ).orgId
    : null;
  const now = new Date();
  const row = await db()
    .insertInto('sysUser')
    .values({
      username,
      nickname: `${username}服务账号`,
      passwordHash: 'not-a-login-account',
      passwordChangedAt: now,
      roleId: role.id,
      orgId: org,
      districtCodes,
      mobileEnc: null,
      email: null,
      lastLoginIp: null,
      createdAt: now,
      updatedAt: now,
      createdBy: null,
      updatedBy: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function row(): Promise<SubsystemRow> {
  const res = await post('/api/subsystem/list?code=sigtest', admin);
  return (res.json().data.list as SubsystemRow[]).find((r) => r.code === 'sigtest')!;
}

async function setMechanism(patch: Record<string, unknown>) {
  const one = (await post(`/api/safetymechanism/findOne?id=${mechanismId}`, secadmin)).json().data;
  const res = await post('/api/safetymechanism/update', secadmin, {
    id: mechanismId,
    version: one.version,
    name: one.name,
    orderNo: one.orderNo,
    subsystemId: one.subsystemId,
    status: one.status,
    ipAllowlist: one.ipAllowlist,
    ratePerMinute: one.ratePerMinute,
    ...patch,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function setSubsystem(patch: Record<string, unknown>) {
  const r = await row();
  const res = await post('/api/subsystem/update', admin, {
    id: r.id,
    version: r.version,
    name: r.name,
    code: r.code,
    url: r.url,
    status: r.status,
    helpContent: r.helpContent,
    sort: r.sort,
    ...patch,
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  admin = await t.login('admin');
  secadmin = await t.login('secadmin');
  gov = await t.login('gov');
  entUserId = await serviceUser('svc_ent_sig', 'ROLE_ENT', 'ent');
  govUserId = await serviceUser(
    'svc_gov_sig',
    'ROLE_GOVERNMENT',
    'gov',
    '321302,321311,321322,321323,321324',
  );
  adminUserId = await serviceUser('svc_admin_sig', 'ROLE_ADMIN');
  const sub = await post('/api/subsystem/add', admin, {
    name: '签名测试系统',
    code: 'sigtest',
    url: 'https://sig.example.gov.cn/',
  });
  expect(sub.statusCode, sub.body).toBe(200);
  subsystemId = sub.json().data.id;
  const mech = await post('/api/safetymechanism/add', secadmin, {
    name: '签名测试接入',
    orderNo: 'SIG-01',
    subsystemId,
    ratePerMinute: 1000,
  });
  expect(mech.statusCode, mech.body).toBe(200);
  mechanismId = mech.json().data.id;
  const apis = await post('/api/safetymechanism/addSysApiInfos', secadmin, {
    mechanismId,
    apis: [
      { method: 'POST', url: '/api/dict/findAll' },
      { method: 'GET', url: '/api/manage/parameter/getIndustry.json' },
      { method: 'POST', url: '/api/enterprise/list' },
      { method: 'POST', url: '/api/subsystem/list' },
      { method: 'POST', url: '/api/subsystem/add' },
    ],
  });
  expect(apis.statusCode, apis.body).toBe(200);
});
afterAll(() => t.close());

describe('credentials', () => {
  it('generate needs a bound service user, then answers key and secret once; the secret is stored encrypted', async () => {
    const unbound = await post(`/api/subsystem/credentials/generate?id=${subsystemId}`, admin);
    expect(unbound.statusCode).toBe(400);
    expect(unbound.json().result).toContain('服务账号');

    const current = await row();
    const badUser = await post('/api/subsystem/update', admin, {
      id: current.id,
      version: current.version,
      name: current.name,
      code: current.code,
      serviceUserId: 99999999,
    });
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json().result).toContain('serviceUserId');
    await setSubsystem({ serviceUserId: entUserId });
    expect(await row()).toMatchObject({
      serviceUserId: entUserId,
      serviceUsername: 'svc_ent_sig',
      serviceUserRole: '企业用户',
      serviceUserActive: true,
      appKey: null,
    });

    const res = await post(`/api/subsystem/credentials/generate?id=${subsystemId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().data as SubsystemCredentials;
    expect(c.appKey).toMatch(/^ak[0-9a-f]{32}$/);
    expect(c.secret).toMatch(/^sk[A-Za-z0-9_-]{43}$/);
    creds = c;

    const stored = await db()
      .selectFrom('sysSubsystem')
      .select(['appKey', 'secretEnc'])
      .where('id', '=', subsystemId)
      .executeTakeFirstOrThrow();
    expect(stored.appKey).toBe(c.appKey);
    expect(stored.secretEnc).not.toContain(c.secret);
    expect(decryptPii(stored.secretEnc!)).toBe(c.secret);

    const listed = await post('/api/subsystem/list?code=sigtest', admin);
    expect(listed.body).not.toContain(c.secret);
    expect(await row()).toMatchObject({ appKey: c.appKey, lastUsedAt: null });
    expect((await row()).credentialIssuedAt).not.toBeNull();

    const again = await post(`/api/subsystem/credentials/generate?id=${subsystemId}`, admin);
    expect(again.statusCode).toBe(409);
    const log = await db()
      .selectFrom('sysOperLog')
      .select(['kind', 'module', 'targetId', 'params'])
      .where('path', '=', '/api/subsystem/credentials/generate')
      .where('outcome', '=', 'success')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ kind: 'edit', module: '子系统', targetId: String(subsystemId) });
    expect(log.params).not.toContain(c.secret);
  });

  it('credential routes need subsystem.edit (403), a token (401) and an existing subsystem (404)', async () => {
    for (const op of ['generate', 'rotate', 'revoke']) {
      expect((await post(`/api/subsystem/credentials/${op}?id=${subsystemId}`, gov)).statusCode).toBe(403);
      expect((await post(`/api/subsystem/credentials/${op}?id=${subsystemId}`)).statusCode).toBe(401);
      expect((await post(`/api/subsystem/credentials/${op}?id=99999999`, admin)).statusCode).toBe(404);
      expect((await post(`/api/subsystem/credentials/${op}?id=x`, admin)).statusCode).toBe(400);
    }
  });
});

describe('signed calls', () => {
  it('a signed call runs as the bound user; the call is traced in the request log and last-used time', async () => {
    const res = await signed('/api/dict/findAll?pid=031');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().error).toBe(0);
    const get = await signed('/api/manage/parameter/getIndustry.json', { method: 'GET' });
    expect(get.statusCode, get.body).toBe(200);
    expect((await row()).lastUsedAt).not.toBeNull();
    await t.app.requestLog.flush();
    const logged = await db()
      .selectFrom('sysRequestLog')
      .select(['userId', 'status'])
      .where('path', '=', '/api/dict/findAll')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged).toEqual({ userId: entUserId, status: 200 });
  });

  it('401 for a wrong secret, a changed query or body, missing or malformed headers, an unknown key', async () => {
    const wrong = await signed('/api/dict/findAll', { creds: { ...creds, secret: `${creds.secret}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().result).toContain('签名校验失败');
    const query = await signed('/api/dict/findAll?pid=032', { signUrl: '/api/dict/findAll?pid=031' });
    expect(query.statusCode).toBe(401);
    const body = await signed('/api/dict/findAll', { body: '{"a":2}', signBody: '{"a":1}' });
    expect(body.statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/dict/findAll',
      headers: { 'x-app-key': creds.appKey },
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().result).toBe('子系统调用缺少请求头 X-TIMESTAMP、X-NONCE、X-SIGNATURE');
    const shortNonce = await signed('/api/dict/findAll', { nonce: 'abc' });
    expect(shortNonce.statusCode).toBe(401);
    expect(shortNonce.json().result).toContain('X-NONCE');
    const unknown = await signed('/api/dict/findAll', { creds: { ...creds, appKey: `ak${'0'.repeat(32)}` } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().result).toContain('X-APP-KEY 无效');
    const garbage = await signed('/api/dict/findAll', { creds: { ...creds, appKey: 'a b<c>' } });
    expect(garbage.statusCode).toBe(401);
  });

  it('401 for a timestamp more than 5 minutes off, either way', async () => {
    const now = t.clock.now().getTime();
    const stale = await signed('/api/dict/findAll', { ts: now - 5 * 60_000 - 1000 });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().result).toContain('超过5分钟');
    expect((await signed('/api/dict/findAll', { ts: now + 6 * 60_000 })).statusCode).toBe(401);
    expect((await signed('/api/dict/findAll', { ts: now - 4 * 60_000 })).statusCode).toBe(200);
    const seconds = await signed('/api/dict/findAll', { ts: Math.floor(now / 1000) });
    expect(seconds.statusCode).toBe(401);
    expect(seconds.json().result).toContain('13位毫秒时间戳');
  });

  it('401 for a replayed nonce (also with a fresh signature of the same nonce)', async () => {
    const nonce = randomBytes(16).toString('hex');
    const ts = t.clock.now().getTime();
    expect((await signed('/api/dict/findAll', { nonce, ts })).statusCode).toBe(200);
    const replay = await signed('/api/dict/findAll', { nonce, ts });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().result).toContain('重放');
    expect((await signed('/api/dict/findAll?pid=031', { nonce })).statusCode).toBe(401);
  });

  it('a signed JSON body reaches the handler unchanged; audited writes name the service user', async () => {
    await setSubsystem({ serviceUserId: adminUserId });
    const payload = JSON.stringify({ name: '经签名调用新增', code: 'sigadded', url: 'https://x.example/' });
    const res = await signed('/api/subsystem/add', { body: payload });
    expect(res.statusCode, res.body).toBe(200);
    const made = await post('/api/subsystem/list?code=sigadded', admin);
    expect(made.json().data.list[0]).toMatchObject({ name: '经签名调用新增', url: 'https://x.example/' });
    const log = await db()
      .selectFrom('sysOperLog')
      .select(['username', 'userId', 'outcome'])
      .where('path', '=', '/api/subsystem/add')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ username: 'svc_admin_sig', userId: adminUserId, outcome: 'success' });
    const bad = await signed('/api/subsystem/add', { body: '{"name":"x"}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('code');
    const multipart = await signed('/api/subsystem/add', {
      body: '--x--',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(multipart.statusCode).toBe(415);
    await setSubsystem({ serviceUserId: entUserId });
  });

  it("403 for a route no mechanism lists (even a public one); the bound user's permissions still apply", async () => {
    const unlisted = await signed('/api/manage/patient/getProvince.json');
    expect(unlisted.statusCode).toBe(403);
    expect(unlisted.json().result).toContain('不在其任何已启用的安全机制中');
    expect(unlisted.json().result).toContain('POST /api/manage/patient/getProvince.json');
    // Listed, but the enterprise role holds no subsystem.query.
    const role = await signed('/api/subsystem/list');
    expect(role.statusCode).toBe(403);
    expect(role.json().result).toBe('没有权限，请联系管理员授权');
    const log = await db()
      .selectFrom('sysOperLog')
      .select(['module', 'kind', 'username', 'errorMsg'])
      .where('path', '=', '/api/manage/patient/getProvince.json')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ module: '子系统调用', kind: 'security', username: '子系统:sigtest' });
    expect(log.errorMsg).toMatch(/^403 /);
  });

  it("the bound user's data scope applies: an enterprise account sees its own enterprise only", async () => {
    const own = await signed('/api/enterprise/list?pageNo=1&pageSize=50');
    expect(own.statusCode, own.body).toBe(200);
    const ownPage = own.json().data.page;
    expect(ownPage.total).toBe(1);
    await setSubsystem({ serviceUserId: govUserId });
    const all = await signed('/api/enterprise/list?pageNo=1&pageSize=50');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.page.total).toBeGreaterThan(1);
    await setSubsystem({ serviceUserId: entUserId });
  });

  it('403 for an address outside the allow-list (CIDR and exact, IPv4 and IPv6)', async () => {
    await setMechanism({ ipAllowlist: ['10.0.0.0/8', '192.168.1.20', '2001:db8::/32'] });
    const outside = await signed('/api/dict/findAll', { ip: '127.0.0.1' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().result).toBe('调用方IP 127.0.0.1 不在安全机制“签名测试接入”的IP白名单中');
    expect((await signed('/api/dict/findAll', { ip: '10.20.30.40' })).statusCode).toBe(200);
    expect((await signed('/api/dict/findAll', { ip: '192.168.1.20' })).statusCode).toBe(200);
    expect((await signed('/api/dict/findAll', { ip: '192.168.1.21' })).statusCode).toBe(403);
    expect((await signed('/api/dict/findAll', { ip: '2001:db8:1::5' })).statusCode).toBe(200);
    await setMechanism({ ipAllowlist: [] });
  });

  it('429 with Retry-After beyond the mechanism rate, again allowed in the next minute', async () => {
    await setMechanism({ ratePerMinute: 2 });
    t.clock.advance(61_000); // a fresh window
    expect((await signed('/api/dict/findAll')).statusCode).toBe(200);
    expect((await signed('/api/dict/findAll')).statusCode).toBe(200);
    const limited = await signed('/api/dict/findAll');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().result).toContain('每分钟2次');
    t.clock.advance(61_000);
    expect((await signed('/api/dict/findAll')).statusCode).toBe(200);
    await setMechanism({ ratePerMinute: 1000 });
  });

  it('disabled subsystem 401, disabled mechanism 403, disabled service user 401', async () => {
    await setSubsystem({ status: 0 });
    const sub = await signed('/api/dict/findAll');
    expect(sub.statusCode).toBe(401);
    expect(sub.json().result).toContain('已停用');
    await setSubsystem({ status: 1 });

    await setMechanism({ status: 0 });
    const mech = await signed('/api/dict/findAll');
    expect(mech.statusCode).toBe(403);
    expect(mech.json().result).toContain('安全机制“签名测试接入”已停用');
    await setMechanism({ status: 1 });

    await db().updateTable('sysUser').set({ status: 2 }).where('id', '=', entUserId).execute();
    const user = await signed('/api/dict/findAll');
    expect(user.statusCode).toBe(401);
    expect(user.json().result).toContain('服务账号已停用或删除');
    expect((await row()).serviceUserActive).toBe(false);
    await db().updateTable('sysUser').set({ status: 1 }).where('id', '=', entUserId).execute();
    expect((await signed('/api/dict/findAll')).statusCode).toBe(200);
  });

  it('browser calls are unaffected: with X-TOKEN the app key is ignored', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/subsystem/list',
      token: admin,
      headers: { 'x-app-key': 'whatever' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/subsystem/list' })).statusCode).toBe(401);
  });

  it('rotate keeps the key and replaces the secret; revoke ends every call (401)', async () => {
    const rotated = await post(`/api/subsystem/credentials/rotate?id=${subsystemId}`, admin);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const next = rotated.json().data as SubsystemCredentials;
    expect(next.appKey).toBe(creds.appKey);
    expect(next.secret).not.toBe(creds.secret);
    expect((await signed('/api/dict/findAll')).statusCode).toBe(401);
    creds = next;
    expect((await signed('/api/dict/findAll')).statusCode).toBe(200);

    expect((await post(`/api/subsystem/credentials/revoke?id=${subsystemId}`, admin)).statusCode).toBe(200);
    const revoked = await signed('/api/dict/findAll');
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().result).toContain('吊销');
    expect(await row()).toMatchObject({ appKey: null, credentialIssuedAt: null });
    expect((await post(`/api/subsystem/credentials/revoke?id=${subsystemId}`, admin)).statusCode).toBe(409);
    expect((await post(`/api/subsystem/credentials/rotate?id=${subsystemId}`, admin)).statusCode).toBe(409);
    const fresh = await post(`/api/subsystem/credentials/generate?id=${subsystemId}`, admin);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.appKey).not.toBe(creds.appKey);
    creds = fresh.json().data;
  });

  it('a real HTTP client (fetch) calls a listed endpoint on a listening server', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const call = async (path: string, body: string, secret = creds.secret) => {
      const ts = String(t.clock.now().getTime());
      const nonce = randomBytes(16).toString('base64url');
      return fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-APP-KEY': creds.appKey,
          'X-TIMESTAMP': ts,
          'X-NONCE': nonce,
          'X-SIGNATURE': signature(secret, 'POST', path, ts, nonce, body),
        },
        body,
      });
    };
    const res = await call('/api/dict/findAll?pid=031', '{}');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { error: number }).error).toBe(0);
    const bad = await call('/api/dict/findAll?pid=031', '{}', 'wrong');
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { result: string }).result).toContain('签名校验失败');
  });
});

describe('helpers', () => {
  it('ipAllowed matches exact addresses and CIDR blocks of both families', () => {
    expect(ipAllowed('10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(ipAllowed('::ffff:10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(ipAllowed('11.1.2.3', ['10.0.0.0/8'])).toBe(false);
    expect(ipAllowed('1.2.3.4', ['1.2.3.4'])).toBe(true);
    expect(ipAllowed('1.2.3.5', ['1.2.3.4'])).toBe(false);
    expect(ipAllowed('2001:db8::1', ['2001:db8::/64'])).toBe(true);
    expect(ipAllowed('2001:db9::1', ['2001:db8::/64'])).toBe(false);
    expect(ipAllowed('not-an-ip', ['0.0.0.0/0'])).toBe(false);
  });

  it('the shared nonce store takes a key once until it expires', async () => {
    const store = t.app.deps.shared;
    const key = `nonce:test:${randomBytes(8).toString('hex')}`;
    const now = t.clock.now().getTime();
    expect(await store.claim(key, now + 100, now)).toBe(true);
    expect(await store.claim(key, now + 100, now + 50)).toBe(false);
    expect(await store.claim(key, now + 300, now + 100)).toBe(true); // expired: claimed afresh
    expect(await store.claim(key, now + 300, now + 299)).toBe(false);
  });
});
