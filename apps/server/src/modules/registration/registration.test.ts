import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RegMessages, usccCheckChar } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO_PASSWORD, type TestContext } from '../../../test/helpers.ts';
import { decryptPhone, phoneIndex, smsSubjectDigest } from '../../platform/pii.ts';

/**
 * Self-registration, SMS codes and password recovery through the API (issue 16): every kind (good,
 * duplicate, bad check digit, bad code), the approval machine with its messages, the code limits and expiry,
 * answers that never tell whether a mobile or account exists, and recovery ending every session.
 */
let t: TestContext;
let dataDir: string;
let admin: string;
let ipSeq = 0;
/** Each scenario calls from its own address, so the per-IP limits of one do not reach another. */
const freshIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const PASSWORD = 'Reg#2026safe';
const uscc = (first17: string) => `${first17}${usccCheckChar(first17)}`;
function idNo(first17: string): string {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, c, i) => s + Number(c) * w[i]!, 0);
  return `${first17}${'10X98765432'[sum % 11]}`;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-reg-'));
  t = await createTestContext({ DATA_DIR: dataDir, API_RATE_MAX: '100000', LOGIN_RATE_MAX: '1000' });
  admin = await t.login('admin');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const post = (
  url: string,
  opts: { ip?: string; token?: string; payload?: unknown; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { ...(opts.token ? { 'x-token': opts.token } : {}), ...(opts.headers ?? {}) },
    ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}),
  });

/** The newest code the development outbox holds for a mobile. */
async function outboxCode(mobile: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('sysSmsOutbox')
    .select('content')
    .where('mobileHash', '=', phoneIndex(mobile))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /验证码为(\d{6})/.exec(row.content)![1]!;
}

/** sendCode → outbox → verifyMobile: a ticket for a registration. */
async function proveMobile(mobile: string, ip = freshIp()): Promise<string> {
  const sent = await post(`/api/signup/sendCode.json?mobile=${mobile}`, { ip });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await outboxCode(mobile);
  const res = await post(`/api/signup/verifyMobile.json?mobile=${mobile}&code=${code}`, { ip });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.mobileTicket;
}

async function review(id: number, approve: boolean, reason?: string) {
  // The code-limit tests move the clock by hours: a fresh session each time.
  admin = await t.login('admin');
  const detail = await post(`/api/registration/detail?id=${id}`, { token: admin });
  expect(detail.statusCode, detail.body).toBe(200);
  return post('/api/registration/review', {
    token: admin,
    payload: { id, version: detail.json().data.version, approve, ...(reason ? { reason } : {}) },
  });
}

async function signIn(username: string, password = PASSWORD) {
  return post('/api/login', { payload: { username, password } });
}

async function messagesOf(userId: number) {
  return t.database.db.selectFrom('sysMessage').selectAll().where('userId', '=', userId).execute();
}

describe('SMS codes', () => {
  it('answers the same for a registered and an unregistered mobile, and never shows the code', async () => {
    const known = await post('/api/signup/sendCode.json?mobile=13805270003', { ip: freshIp() });
    const unknown = await post('/api/signup/sendCode.json?mobile=13912340001', { ip: freshIp() });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json().result).toBe(unknown.json().result);
    const code = await outboxCode('13912340001');
    expect(code).toMatch(/^\d{6}$/);
    expect(unknown.body).not.toContain(code);
    const stored = await t.database.db
      .selectFrom('sysSmsCode')
      .selectAll()
      .where('subject', '=', smsSubjectDigest('13912340001'))
      .executeTakeFirstOrThrow();
    expect(stored.codeHash).not.toContain(code);
    expect(decryptPhone(stored.mobileEnc)).toBe('13912340001');
  });

  it('1 a minute, 5 an hour, 10 a day per mobile → 429 with Retry-After', async () => {
    const mobile = '13912340002';
    const send = () => post(`/api/signup/sendCode.json?mobile=${mobile}`, { ip: freshIp() });
    expect((await send()).statusCode).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
    for (let i = 0; i < 4; i++) {
      t.clock.advance(61_000);
      expect((await send()).statusCode).toBe(200);
    }
    t.clock.advance(61_000);
    const hour = await send();
    expect(hour.statusCode).toBe(429);
    expect(hour.json().result).toContain('1小时内');
    t.clock.advance(3_600_000);
    for (let i = 0; i < 5; i++) {
      expect((await send()).statusCode).toBe(200);
      t.clock.advance(61_000);
    }
    t.clock.advance(3_600_000);
    const day = await send();
    expect(day.statusCode).toBe(429);
    expect(day.json().result).toContain('今日');
  });

  it('20 codes an hour from one IP address, across mobiles', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/signup/sendCode.json?mobile=1370000${String(1000 + i)}`,
        remoteAddress: ip,
      });
      // The route's own per-IP limit (10 in 10 minutes) comes first; the hourly count counts on past it.
      if (res.statusCode === 429) break;
    }
    const rows = await t.database.db
      .selectFrom('sysSmsCode')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBeLessThanOrEqual(20);
    const over = await post('/api/signup/sendCode.json?mobile=13700009999', { ip });
    expect(over.statusCode).toBe(429);
  });

  it('a code is single use, lasts 5 minutes, and 5 wrong tries invalidate it', async () => {
    const ip = freshIp();
    const mobile = '13912340003';
    await post(`/api/signup/sendCode.json?mobile=${mobile}`, { ip });
    const code = await outboxCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post(`/api/signup/verifyMobile.json?mobile=${mobile}&code=${wrong}`, {
        ip: freshIp(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().result).toBe(RegMessages.codeInvalid);
    }
    const locked = await post(`/api/signup/verifyMobile.json?mobile=${mobile}&code=${code}`, {
      ip: freshIp(),
    });
    expect(locked.statusCode).toBe(400);

    t.clock.advance(61_000);
    await post(`/api/signup/sendCode.json?mobile=${mobile}`, { ip: freshIp() });
    const second = await outboxCode(mobile);
    t.clock.advance(5 * 60_000 + 1000);
    const expired = await post(`/api/signup/verifyMobile.json?mobile=${mobile}&code=${second}`, {
      ip: freshIp(),
    });
    expect(expired.statusCode).toBe(400);

    await post(`/api/signup/sendCode.json?mobile=${mobile}`, { ip: freshIp() });
    const third = await outboxCode(mobile);
    const okRes = await post(`/api/signup/verifyMobile.json?mobile=${mobile}&code=${third}`, {
      ip: freshIp(),
    });
    expect(okRes.statusCode).toBe(200);
    const reuse = await post(`/api/signup/verifyMobile.json?mobile=${mobile}&code=${third}`, {
      ip: freshIp(),
    });
    expect(reuse.statusCode).toBe(400);
  });

  it('the outbox page is the operations admin’s only', async () => {
    admin = await t.login('admin');
    const res = await post('/api/sms/outbox?pageSize=5', { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.list[0].content).toMatch(/验证码为\d{6}/);
    const ent = await t.login('ent');
    expect((await post('/api/sms/outbox', { token: ent })).statusCode).toBe(403);
  });
});

describe('validUserName', () => {
  it('answers free or not, counting open applications', async () => {
    const ask = async (name: string) =>
      (await post(`/api/signUp/validUserName.json?userName=${name}`, { ip: freshIp() })).json().data;
    expect(await ask('ENT')).toEqual({ available: false });
    expect(await ask('reg_ent')).toEqual({ available: false });
    expect(await ask('brand_new_name')).toEqual({ available: true });
  });
});

describe('enterprise registration', () => {
  it('links to the imported record, waits 待审核, the applicant sees its status, approval lands on info completion', async () => {
    const imported = await t.database.db
      .selectFrom('sysOrg as o')
      .select(['o.id', 'o.name', 'o.uscc'])
      .where('o.orgType', '=', 'enterprise')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('sysUser as u').select('u.id').whereRef('u.orgId', '=', 'o.id'))),
      )
      .where('o.uscc', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('sysRegistration as g').select('g.id').whereRef('g.uscc', '=', 'o.uscc'))),
      )
      .orderBy('o.id', 'desc')
      .executeTakeFirstOrThrow();
    const mobile = '13912340010';
    const ticket = await proveMobile(mobile);
    const body = {
      kind: 'enterprise',
      username: 'new_ent_a',
      password: PASSWORD,
      mobile,
      mobileTicket: ticket,
      name: imported.name,
      uscc: imported.uscc,
      districtCode: '321302',
      contactName: '张经理',
    };
    const res = await post('/api/signUp/createUser.json', { ip: freshIp(), payload: body });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;

    // The ticket is spent.
    const again = await post('/api/signUp/createUser.json', {
      ip: freshIp(),
      payload: { ...body, username: 'new_ent_b' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().result).toBe(RegMessages.ticketInvalid);

    // The admins have a to-do.
    const adminId = (
      await t.database.db
        .selectFrom('sysUser')
        .select('id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    const todo = (await messagesOf(adminId)).find(
      (m) => m.bizType === 'registration' && m.bizId === String(id),
    );
    expect(todo?.kind).toBe('todo');
    expect(todo?.link).toBe(`/admin/biz/AdminRegistration/route?id=${id}`);

    // The applicant signs in to the status page.
    const pending = await signIn('new_ent_a');
    expect(pending.statusCode).toBe(403);
    expect(pending.json().code).toBe('REGISTRATION_PENDING');
    const appToken = pending.json().data.applicationToken as string;
    const mine = await post('/api/signUp/myApplication.json', { headers: { 'x-reg-token': appToken } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.statusLabel).toBe('待审核');
    expect(mine.json().data.linkedOrgName).toBe(imported.name);
    expect(mine.json().data.mobile).toBe('139****0010');
    expect(
      (await post('/api/signUp/myApplication.json', { headers: { 'x-reg-token': 'x'.repeat(43) } }))
        .statusCode,
    ).toBe(401);
    expect((await signIn('new_ent_a', 'Wrong#2026x')).statusCode).toBe(401);

    const approved = await review(id, true);
    expect(approved.statusCode, approved.body).toBe(200);
    const user = await t.database.db
      .selectFrom('sysUser')
      .selectAll()
      .where('username', '=', 'new_ent_a')
      .executeTakeFirstOrThrow();
    expect(user.orgId).toBe(imported.id);
    const orgs = await t.database.db
      .selectFrom('sysOrg')
      .select('id')
      .where('uscc', '=', imported.uscc)
      .execute();
    expect(orgs).toHaveLength(1);
    const login = await signIn('new_ent_a');
    expect(login.statusCode).toBe(200);
    expect(login.json().data.roleKey).toBe('ROLE_ENT');
    const complete = await t.database.db
      .selectFrom('insEnterprise')
      .select('infoComplete')
      .where('id', '=', imported.id)
      .executeTakeFirst();
    expect(login.json().data.status).toBe(complete?.infoComplete ? 1 : 3);
    const told = (await messagesOf(user.id)).find((m) => m.event === 'registration.approved');
    expect(told?.link).toBe('/ent/EntInfoEdit');
    expect(told?.title).toBe('注册申请已审核通过');
    // The admin's to-do is done, and a second decision is refused.
    const closed = (await messagesOf(adminId)).find(
      (m) => m.bizType === 'registration' && m.bizId === String(id),
    );
    expect(closed?.doneAt).not.toBeNull();
    expect((await review(id, false, '重复审核')).statusCode).toBe(409);

    // A second application for the same USCC: the enterprise has an account now.
    const dupTicket = await proveMobile('13912340011');
    const dup = await post('/api/signUp/createUser.json', {
      ip: freshIp(),
      payload: { ...body, username: 'new_ent_c', mobile: '13912340011', mobileTicket: dupTicket },
    });
    expect(dup.statusCode).toBe(409);

    const log = await t.database.db
      .selectFrom('sysOperLog')
      .select(['path', 'outcome', 'params'])
      .where('path', 'in', ['/api/signUp/createUser.json', '/api/registration/review'])
      .execute();
    expect(log.some((l) => l.path === '/api/registration/review' && l.outcome === 'success')).toBe(true);
    expect(log.every((l) => !l.params.includes(PASSWORD) && !l.params.includes(mobile))).toBe(true);
  });

  it('refuses a bad check digit, a taken username, a bad code, a weak password — changing nothing', async () => {
    const before = await t.database.db
      .selectFrom('sysRegistration')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const mobile = '13912340012';
    const ticket = await proveMobile(mobile);
    const good = uscc('91321302MA7TEXT01');
    const bad = `${good.slice(0, 17)}${good[17] === '0' ? '1' : '0'}`;
    const base = {
      kind: 'enterprise',
      username: 'new_ent_d',
      password: PASSWORD,
      mobile,
      mobileTicket: ticket,
      name: '宿迁市测试新材料有限公司',
      uscc: good,
      districtCode: '321311',
      contactName: '测试员',
    };
    const badUscc = await post('/api/signUp/createUser.json', {
      ip: freshIp(),
      payload: { ...base, uscc: bad },
    });
    expect(badUscc.statusCode).toBe(400);
    expect(badUscc.json().result).toContain('统一社会信用代码');
    const taken = await post('/api/signUp/createUser.json', {
      ip: freshIp(),
      payload: { ...base, username: 'ent' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().result).toContain('已被使用');
    const weak = await post('/api/signUp/createUser.json', {
      ip: freshIp(),
      payload: { ...base, password: 'abc' },
    });
    expect(weak.statusCode).toBe(400);
    const badCode = await post(`/api/signup/verifyMobile.json?mobile=${mobile}&code=123456`, {
      ip: freshIp(),
    });
    expect(badCode.statusCode).toBe(400);
    const noTicket = await post('/api/signUp/createUser.json', {
      ip: freshIp(),
      payload: { ...base, mobileTicket: 'y'.repeat(43) },
    });
    expect(noTicket.statusCode).toBe(400);
    const otherMobile = await post('/api/signUp/createUser.json', {
      ip: freshIp(),
      payload: { ...base, mobile: '13912340099' },
    });
    expect(otherMobile.statusCode).toBe(400);
    const after = await t.database.db
      .selectFrom('sysRegistration')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // The ticket survived the refusals: the corrected form goes through.
    const fixed = await post('/api/signUp/createUser.json', { ip: freshIp(), payload: base });
    expect(fixed.statusCode, fixed.body).toBe(200);
    // A new enterprise: approval makes the organisation; its record is incomplete → status 3.
    expect((await review(fixed.json().data.id, true)).statusCode).toBe(200);
    const login = await signIn('new_ent_d');
    expect(login.json().data.status).toBe(3);
  });
});

describe('service organisation registration', () => {
  it('scan upload, return with a reason, resubmit, approve → organisation, profile and service account', async () => {
    const mobile = '13912340020';
    const ticket = await proveMobile(mobile);
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4,
    ]);
    const boundary = '----regtest';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="资质.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const noTicket = await t.app.inject({
      method: 'POST',
      url: `/api/signUp/uploadScan.json?mobileTicket=${'z'.repeat(43)}`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(noTicket.statusCode).toBe(400);
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/signUp/uploadScan.json?mobileTicket=${ticket}`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.statusCode, up.body).toBe(200);
    const fileId = up.json().data.fileId as string;
    const body = {
      kind: 'service',
      username: 'new_svc',
      password: PASSWORD,
      mobile,
      mobileTicket: ticket,
      name: '宿迁市安评技术咨询有限公司',
      uscc: uscc('91321311MA7TEXT02'),
      districtCode: '321311',
      contactName: '顾安评',
      certNo: 'APJ-SQ-2026-1',
      certExpiry: '2029-12-31',
      certFileId: fileId,
      serviceItems: ['02', '03'],
      staffCount: 20,
      regionCodes: ['321311', '321302'],
    };
    const badItem = await post('/api/signUp/createUser.json', {
      ip: freshIp(),
      payload: { ...body, serviceItems: ['08'] },
    });
    expect(badItem.statusCode).toBe(400);
    const res = await post('/api/signUp/createUser.json', { ip: freshIp(), payload: body });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;

    const noReason = await review(id, false);
    expect(noReason.statusCode).toBe(400);
    expect((await review(id, false, '资质证书有效期填写有误')).statusCode).toBe(200);

    const pending = await signIn('new_svc');
    expect(pending.statusCode).toBe(403);
    const appToken = pending.json().data.applicationToken as string;
    const mine = (
      await post('/api/signUp/myApplication.json', { headers: { 'x-reg-token': appToken } })
    ).json().data;
    expect(mine.statusLabel).toBe('已退回');
    expect(mine.reason).toBe('资质证书有效期填写有误');
    // A new scan for the returned application, with the status page's token.
    const rescan = await t.app.inject({
      method: 'POST',
      url: '/api/signUp/uploadScan.json',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-reg-token': appToken },
    });
    expect(rescan.statusCode, rescan.body).toBe(200);
    const badToken = await t.app.inject({
      method: 'POST',
      url: '/api/signUp/uploadScan.json',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-reg-token': 'q'.repeat(43) },
    });
    expect(badToken.statusCode).toBe(401);
    const { username: _u, password: _p, mobile: _m, mobileTicket: _t, ...fields } = body;
    // Item 07 needs its text, as the pool's profile does.
    const no07Text = await post('/api/signUp/resubmit.json', {
      headers: { 'x-reg-token': appToken },
      payload: { ...fields, certExpiry: '2030-06-30', serviceItems: ['02', '07'] },
    });
    expect(no07Text.statusCode).toBe(400);
    expect(no07Text.json().result).toContain('选择“其他有关事故预防工作”时请填写具体内容');
    const resubmit = await post('/api/signUp/resubmit.json', {
      headers: { 'x-reg-token': appToken },
      payload: { ...fields, certExpiry: '2030-06-30', serviceItems: ['02', '07'], itemOther: '应急演练评估' },
    });
    expect(resubmit.statusCode, resubmit.body).toBe(200);
    expect(
      (await post('/api/signUp/resubmit.json', { headers: { 'x-reg-token': appToken }, payload: fields }))
        .statusCode,
    ).toBe(409);

    expect((await review(id, true)).statusCode).toBe(200);
    const login = await signIn('new_svc');
    expect(login.statusCode).toBe(200);
    expect(login.json().data.roleKey).toBe('ROLE_SERVICE');
    const user = await t.database.db
      .selectFrom('sysUser')
      .select(['orgId'])
      .where('username', '=', 'new_svc')
      .executeTakeFirstOrThrow();
    const org = await t.database.db
      .selectFrom('sysOrg')
      .selectAll()
      .where('id', '=', user.orgId!)
      .executeTakeFirstOrThrow();
    expect(org.orgType).toBe('service');
    const profile = await t.database.db
      .selectFrom('svServiceOrg')
      .selectAll()
      .where('orgId', '=', org.id)
      .executeTakeFirstOrThrow();
    // Written through the pool's upsertServiceOrgProfile (the one write path): same columns and audit.
    expect(profile).toMatchObject({
      certExpiry: '2030-06-30',
      serviceItems: ['02', '07'],
      itemOther: '应急演练评估',
      regionCodes: ['321311', '321302'],
      certType: '安全生产技术服务机构资质',
      certNo: 'APJ-SQ-2026-1',
      staffCount: 20,
      safetyName: '顾安评',
      version: 1,
    });
    expect(decryptPhone(profile.safetyPhoneEnc)).toBe(mobile);
    expect(JSON.stringify([profile, org])).not.toContain(mobile);
    const detail = await t.app.inject({
      method: 'POST',
      url: `/api/pool/org/detail?id=${org.id}`,
      headers: { 'x-token': await t.login('admin') },
    });
    expect(detail.json().data).toMatchObject({ itemOther: '应急演练评估', hasProfile: true });
    expect(profile.certFileId).toBe(fileId);
    const file = await t.database.db
      .selectFrom('sysFile')
      .select('ownerOrgId')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(file.ownerOrgId).toBe(org.id);
  });

  it('an application the pool’s rules refuse is not approved: the admin is told what to have added', async () => {
    const mobile = '13912340021';
    const ticket = await proveMobile(mobile);
    const boundary = '----regtest2';
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/signUp/uploadScan.json?mobileTicket=${ticket}`,
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="资质.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        Buffer.from([
          0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4,
        ]),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.statusCode, up.body).toBe(200);
    const body = {
      kind: 'service',
      username: 'old_svc',
      password: PASSWORD,
      mobile,
      mobileTicket: ticket,
      name: '宿迁市旧申请安全咨询有限公司',
      uscc: uscc('91321311MA7TEXT03'),
      districtCode: '321311',
      contactName: '钱旧申',
      certNo: 'APJ-SQ-2026-2',
      certExpiry: '2029-12-31',
      certFileId: up.json().data.fileId as string,
      serviceItems: ['07'],
      itemOther: '应急演练评估',
      staffCount: 8,
      regionCodes: ['321311'],
    };
    const res = await post('/api/signUp/createUser.json', { ip: freshIp(), payload: body });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    // As an application filed before the registration form asked for item 07's text.
    const reg = await t.database.db
      .selectFrom('sysRegistration')
      .select('form')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const { itemOther: _o, ...oldForm } = reg.form as Record<string, unknown>;
    await t.database.db
      .updateTable('sysRegistration')
      .set({ form: JSON.stringify(oldForm) })
      .where('id', '=', id)
      .execute();
    const refused = await review(id, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().result).toBe(
      '申请资料不完整：选择“其他有关事故预防工作”时请填写具体内容。请退回申请，请申请人补充后重新提交',
    );
    // Nothing was made; the application still waits and can be returned.
    const made = t.database.db.selectFrom('sysOrg').select('id').where('name', '=', body.name);
    expect(await made.executeTakeFirst()).toBeUndefined();
    expect((await signIn('old_svc')).statusCode).toBe(403);
    expect((await review(id, false, '请补充其他服务内容')).statusCode).toBe(200);
  });
});

describe('expert registration', () => {
  it('validates the ID number, stores it encrypted and masked, approval creates the pool row', async () => {
    const mobile = '13912340030';
    const ticket = await proveMobile(mobile);
    const id = idNo('32130219850101123');
    const body = {
      kind: 'expert',
      username: 'new_expert',
      password: PASSWORD,
      mobile,
      mobileTicket: ticket,
      name: '赵专家',
      idNo: `${id.slice(0, 17)}${id[17] === '1' ? '2' : '1'}`,
      title: '高级工程师',
      industries: ['AQ02'],
      serviceItems: ['03'],
      employer: '宿迁市安全技术研究院',
      certificates: [{ type: '注册安全工程师', no: 'ZA-001', validTo: '2027-05-31' }],
      targetOrgId: null,
    };
    const bad = await post('/api/signUp/createUser.json', { ip: freshIp(), payload: body });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('身份证');
    const res = await post('/api/signUp/createUser.json', { ip: freshIp(), payload: { ...body, idNo: id } });
    expect(res.statusCode, res.body).toBe(200);
    const regId = res.json().data.id as number;
    const stored = await t.database.db
      .selectFrom('sysRegistration')
      .selectAll()
      .where('id', '=', regId)
      .executeTakeFirstOrThrow();
    expect(stored.idNoEnc).not.toContain(id);
    expect(JSON.stringify(stored.form)).not.toContain(id);
    admin = await t.login('admin');
    const detail = (await post(`/api/registration/detail?id=${regId}`, { token: admin })).json().data;
    expect(detail.idNoMask).not.toContain(id.slice(6, 14));
    const list = await post('/api/registration/list?kind=expert&status=1', { token: admin });
    expect(list.body).not.toContain(mobile);
    expect(list.body).not.toContain(id);

    // The same person again → 409.
    const t2 = await proveMobile('13912340031');
    const dup = await post('/api/signUp/createUser.json', {
      ip: freshIp(),
      payload: { ...body, idNo: id, username: 'new_expert2', mobile: '13912340031', mobileTicket: t2 },
    });
    expect(dup.statusCode).toBe(409);

    expect((await review(regId, true)).statusCode).toBe(200);
    const user = await t.database.db
      .selectFrom('sysUser')
      .select(['id', 'orgId'])
      .where('username', '=', 'new_expert')
      .executeTakeFirstOrThrow();
    const expert = await t.database.db
      .selectFrom('svExpert')
      .selectAll()
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    const panel = await t.database.db
      .selectFrom('sysOrg')
      .select('id')
      .where('name', '=', '宿迁市安全生产专家委员会')
      .executeTakeFirstOrThrow();
    expect(expert.orgId).toBe(panel.id);
    expect(user.orgId).toBe(panel.id);
    expect(expert.idNoMask).toBe(stored.idNoMask);
    expect(expert.certExpiry).toBe('2027-05-31');
    expect((await signIn('new_expert')).json().data.roleKey).toBe('ROLE_EXPERT');
  });
});

describe('manager registration', () => {
  it('applies under an existing regulator; approval makes a government account', async () => {
    const orgs = (await post('/api/signUp/orgOptions.json?type=government', { ip: freshIp() })).json()
      .data as {
      id: number;
      orgType: string;
    }[];
    expect(orgs.length).toBeGreaterThan(0);
    expect(orgs.every((o) => o.orgType === 'government')).toBe(true);
    const mobile = '13912340040';
    const ticket = await proveMobile(mobile);
    const body = {
      username: 'new_gov',
      password: PASSWORD,
      mobile,
      mobileTicket: ticket,
      targetOrgId: orgs[0]!.id,
      name: '钱科员',
      position: '监管科科员',
    };
    const enterpriseOrg = await t.database.db
      .selectFrom('sysOrg')
      .select('id')
      .where('orgType', '=', 'enterprise')
      .executeTakeFirstOrThrow();
    const wrongOrg = await post('/api/signUp/createUserManager.json', {
      ip: freshIp(),
      payload: { ...body, targetOrgId: enterpriseOrg.id },
    });
    expect(wrongOrg.statusCode).toBe(400);
    const res = await post('/api/signUp/createUserManager.json', { ip: freshIp(), payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect((await review(res.json().data.id, true)).statusCode).toBe(200);
    const login = await signIn('new_gov');
    expect(login.json().data.roleKey).toBe('ROLE_GOVERNMENT');
  });

  it('only the operations admin reviews', async () => {
    admin = await t.login('admin');
    const gov = await t.login('gov');
    expect((await post('/api/registration/list', { token: gov })).statusCode).toBe(403);
    expect(
      (await post('/api/registration/review', { token: gov, payload: { id: 1, version: 1, approve: true } }))
        .statusCode,
    ).toBe(403);
    const list = await post('/api/registration/list?status=2', { token: admin });
    expect(list.json().data.list.some((r: { username: string }) => r.username === 'reg_returned')).toBe(true);
  });
});

describe('password recovery', () => {
  it('same answer for unknown accounts; the code resets the password and ends every session', async () => {
    const unknown = await post('/api/findpwd/cellphoneCode.json?account=nobody_here', { ip: freshIp() });
    const known = await post('/api/findpwd/cellphoneCode.json?account=service', { ip: freshIp() });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json().result).toBe(known.json().result);
    const unknownReset = await post('/api/findpwd/resetPwd.json', {
      ip: freshIp(),
      payload: { account: 'nobody_here', code: '123456', newPwd: 'New#Pass2026' },
    });
    expect(unknownReset.statusCode).toBe(400);
    expect(unknownReset.json().result).toBe(RegMessages.codeInvalid);

    const session = await t.login('service');
    const code = await outboxCode('13805270006');
    const weak = await post('/api/findpwd/resetPwd.json', {
      ip: freshIp(),
      payload: { account: 'service', code, newPwd: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    const wrong = await post('/api/findpwd/resetPwd.json', {
      ip: freshIp(),
      payload: { account: 'service', code: code === '999999' ? '888888' : '999999', newPwd: 'New#Pass2026' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().result).toBe(RegMessages.codeInvalid);
    const res = await post('/api/findpwd/resetPwd.json', {
      ip: freshIp(),
      payload: { account: 'service', code, newPwd: 'New#Pass2026' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await post('/api/sys/user/getUserInfo.json', { token: session })).statusCode).toBe(401);
    expect((await signIn('service', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await signIn('service', 'New#Pass2026')).statusCode).toBe(200);
    // Single use.
    const replay = await post('/api/findpwd/resetPwd.json', {
      ip: freshIp(),
      payload: { account: 'service', code, newPwd: 'Other#Pass2026' },
    });
    expect(replay.statusCode).toBe(400);
    const log = await t.database.db
      .selectFrom('sysOperLog')
      .select(['module', 'outcome', 'params'])
      .where('module', '=', '找回密码')
      .execute();
    expect(log.length).toBeGreaterThanOrEqual(4);
    expect(log.every((l) => !l.params.includes('New#Pass2026') && !l.params.includes(code))).toBe(true);
  });

  it('by mobile too', async () => {
    t.clock.advance(61_000);
    const res = await post('/api/findpwd/cellphoneCode.json?account=13805270007', { ip: freshIp() });
    expect(res.statusCode).toBe(200);
    const code = await outboxCode('13805270007');
    const reset = await post(
      `/api/findpwd/resetPwd.json?account=13805270007&code=${code}&newPwd=${encodeURIComponent('Exp#Pass2026')}`,
      { ip: freshIp() },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn('expert', 'Exp#Pass2026')).statusCode).toBe(200);
  });
});
