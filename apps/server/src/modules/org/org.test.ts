import { usccCheckChar } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { decryptPhone, encryptPhone } from '../../platform/pii.ts';
import { makeUser } from '../policy/policy.testkit.ts';
import { createRole, createUser, lastLog, STRONG } from '../user/user.testkit.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  admin = await t.login('admin');
});
afterAll(() => t.close());

interface Org {
  id: number;
  orgType: string;
  orgTypeLabel: string;
  name: string;
  uscc: string;
  districtCode: string;
  contactPhone: string;
  userCount: number;
}
const orgs = async (query = '', token = admin) => {
  const res = await t.call({ method: 'POST', url: `/api/sys/org/getOrgList.json?${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: Org[]; total: number; pageNum: number; pageSize: number };
};

describe('POST /api/sys/org/getOrgList.json', () => {
  it('pages organisations with their type in Chinese and the number of users', async () => {
    const page = await orgs('pageNo=1&pageSize=2');
    expect(page).toMatchObject({ pageNum: 1, pageSize: 2 });
    expect(page.list).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(6);
    const labels: Record<string, string> = {
      government: '政府监管部门',
      enterprise: '企业',
      insurer: '保险机构',
      service: '服务机构',
      expert: '专家机构',
    };
    for (const [type, label] of Object.entries(labels)) {
      const one = await orgs(`orgType=${type}&pageSize=500`);
      expect(one.total, type).toBeGreaterThanOrEqual(1);
      expect(
        one.list.every((o) => o.orgType === type && o.orgTypeLabel === label),
        type,
      ).toBe(true);
    }
    const hengan = (await orgs(`name=${encodeURIComponent('宿迁市恒安化工有限公司')}`)).list[0]!;
    expect(hengan).toMatchObject({ orgType: 'enterprise', districtCode: '321302', userCount: 1 });
    expect(hengan.uscc).toHaveLength(18);
  });

  it('filters by type, name and district', async () => {
    const insurers = (await orgs('orgType=insurer&pageSize=500')).list.map((o) => o.name);
    expect(insurers).toContain('中国人民财产保险股份有限公司宿迁市分公司');
    expect(insurers).not.toContain('宿迁市恒安化工有限公司');
    expect((await orgs(`name=${encodeURIComponent('恒安化工')}`)).list.map((o) => o.name)).toEqual([
      '宿迁市恒安化工有限公司',
    ]);
    const sihong = await orgs('districtCode=321324&pageSize=500');
    expect(sihong.list.every((o) => o.districtCode === '321324')).toBe(true);
    expect(sihong.list.map((o) => o.name)).toContain('泗洪县顺达建筑工程有限公司');
    const both = await orgs(`districtCode=321324&orgType=enterprise&name=${encodeURIComponent('顺达')}`);
    expect(both.list.map((o) => o.name)).toEqual(['泗洪县顺达建筑工程有限公司']);
    expect((await orgs(`name=${encodeURIComponent("' OR 1=1--")}`)).total).toBe(0);
  });

  it('masks mobile contact numbers and hides deleted organisations', async () => {
    await t.database.db
      .insertInto('sysOrg')
      .values([
        {
          orgType: 'service',
          name: '测试服务机构甲',
          uscc: null,
          districtCode: '321311',
          contactName: '张三',
          contactPhoneEnc: encryptPhone('13912345678'),
          createdAt: new Date(),
          updatedAt: new Date(),
          createdBy: null,
          updatedBy: null,
        },
        {
          orgType: 'service',
          name: '测试服务机构乙（已删除）',
          uscc: null,
          districtCode: '321311',
          contactPhoneEnc: encryptPhone('0527-84361234'),
          deletedAt: new Date(),
          createdAt: new Date(),
          updatedAt: new Date(),
          createdBy: null,
          updatedBy: null,
        },
      ])
      .execute();
    const list = (await orgs(`name=${encodeURIComponent('测试服务机构')}`)).list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ contactPhone: '139****5678', orgTypeLabel: '服务机构' });
  });

  it('400 naming the field, 401 without token, 403 for an enterprise', async () => {
    for (const [q, field] of [
      ['orgType=bank', 'orgType'],
      ['districtCode=3213', 'districtCode'],
      ['pageSize=0', 'pageSize'],
      ['uscc=1', ''],
    ] as const) {
      const res = await t.call({ method: 'POST', url: `/api/sys/org/getOrgList.json?${q}`, token: admin });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().result).toContain(field);
    }
    expect((await t.call({ method: 'POST', url: '/api/sys/org/getOrgList.json' })).statusCode).toBe(401);
    const ent = await t.login('ent');
    expect(
      (await t.call({ method: 'POST', url: '/api/sys/org/getOrgList.json', token: ent })).statusCode,
    ).toBe(403);
  });
});

describe('demo contacts', () => {
  it('every organisation of the demo has a contact person and phone; enterprises their legal representative', async () => {
    const db = t.database.db;
    const empty = await db
      .selectFrom('sysOrg')
      .select(['name'])
      .where('deletedAt', 'is', null)
      .where((eb) => eb.or([eb('contactName', '=', ''), eb('contactPhoneEnc', '=', '')]))
      .execute();
    expect(empty.map((o) => o.name)).toEqual([]);
    const heng = await db
      .selectFrom('sysOrg as o')
      .innerJoin('insEnterprise as e', 'e.id', 'o.id')
      .select(['o.contactName', 'o.contactPhoneEnc', 'e.legalName', 'e.legalMobileEnc'])
      .where('o.name', '=', '宿迁市恒安化工有限公司')
      .executeTakeFirstOrThrow();
    expect([heng.contactName, decryptPhone(heng.contactPhoneEnc)]).toEqual([
      heng.legalName,
      decryptPhone(heng.legalMobileEnc),
    ]);
    const listed = (await orgs('pageSize=500')).list as Array<Org & { contactName: string }>;
    expect(listed.every((o) => o.contactName !== '' && o.contactPhone !== '')).toBe(true);
  });
});

const call = (url: string, token: string | undefined, payload?: unknown) =>
  t.call({
    method: 'POST',
    url,
    ...(token ? { token } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
/** The stored row, with its contact phone decrypted (it is kept encrypted, security.md P03). */
const stored = async (id: number) => {
  const row = await t.database.db
    .selectFrom('sysOrg')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...row, contactPhone: decryptPhone(row.contactPhoneEnc) };
};
const newOrg = {
  orgType: 'service',
  name: '宿迁市安盾安全技术咨询有限公司',
  uscc: '',
  districtCode: '321311',
  contactName: '郑安盾',
  contactPhone: '13951234567',
};
/** The fields an edit takes (the type is fixed once added). */
const { orgType: _type, ...editable } = newOrg;
let seq = 0;
/** A valid unified social credit code not used yet (check character computed the GB 32100 way). */
async function freshUscc(): Promise<string> {
  const body = `91321311MA2${String(1000 + ++seq).padStart(6, '0')}`;
  return body + usccCheckChar(body);
}

describe('adding and editing organisations (机构管理)', () => {
  it('adds a service organisation with its contacts; it is listed, masked, and the add is logged', async () => {
    const uscc = await freshUscc();
    const res = await call('/api/sys/org/add', admin, { ...newOrg, uscc });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toBe('新增成功');
    const id = res.json().data.id as number;
    expect(await stored(id)).toMatchObject({
      orgType: 'service',
      name: newOrg.name,
      uscc,
      districtCode: '321311',
      contactName: '郑安盾',
      contactPhone: '13951234567',
      status: 1,
      version: 1,
    });
    const row = (await orgs(`name=${encodeURIComponent('安盾安全')}`)).list[0] as Org & {
      contactName: string;
      status: number;
    };
    expect(row).toMatchObject({
      id,
      contactName: '郑安盾',
      contactPhone: '139****4567',
      status: 1,
      userCount: 0,
    });
    expect(await lastLog(t, '/api/sys/org/add')).toMatchObject({
      kind: 'add',
      module: '机构管理',
      outcome: 'success',
    });
    // A landline and an expert panel without a code of its own are fine too.
    const panel = await call('/api/sys/org/add', admin, {
      orgType: 'expert',
      name: '泗阳县安全生产专家组',
      districtCode: '321323',
      contactName: '钱专家',
      contactPhone: '0527-85216688',
    });
    expect(panel.statusCode, panel.body).toBe(200);
    expect(await stored(panel.json().data.id)).toMatchObject({ uscc: null, contactPhone: '0527-85216688' });
  });

  it('400 says in Chinese what to fix, and creates nothing', async () => {
    const before = (await orgs('pageSize=1')).total;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ contactPhone: '1234' }, '联系电话格式不正确，请输入11位手机号或座机号（如0527-84361234）'],
      [{ contactPhone: '' }, '联系电话格式不正确'],
      [{ contactName: '张' }, '联系人为2-20个字'],
      [{ uscc: '91321311MA21TEST01' }, '统一社会信用代码格式或校验位不正确'],
      [{ orgType: 'insurer', uscc: '' }, '保险机构须填写统一社会信用代码'],
      [{ orgType: 'enterprise' }, '企业请在企业管理中新增'],
      [{ districtCode: '320100' }, '所在区县须为宿迁市（321300）或其区县的代码'],
      [{ name: '' }, '机构名称至少2个字'],
      [{ status: 2 }, 'status'],
    ];
    for (const [over, message] of cases) {
      const res = await call('/api/sys/org/add', admin, { ...newOrg, uscc: await freshUscc(), ...over });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().result, JSON.stringify(over)).toContain(message);
    }
    expect((await orgs('pageSize=1')).total).toBe(before);
  });

  it('403 without the action, 401 without a token', async () => {
    const body = { ...newOrg, uscc: await freshUscc() };
    const gov = await t.login('gov');
    expect((await call('/api/sys/org/add', gov, body)).statusCode).toBe(403);
    const roleId = await createRole(t, admin, 'ROLE_ORG_READER', { org: ['query', 'get'] });
    await createUser(t, admin, { username: 'org-reader', roleId });
    const reader = await t.login('org-reader', STRONG);
    expect((await call('/api/sys/org/getOrgList.json', reader)).statusCode).toBe(200);
    expect((await call('/api/sys/org/add', reader, body)).statusCode).toBe(403);
    const target = (await orgs(`name=${encodeURIComponent('安泰安全技术')}`)).list[0]!;
    const v = (await stored(target.id)).version;
    expect(
      (await call('/api/sys/org/save', reader, { ...editable, id: target.id, version: v })).statusCode,
    ).toBe(403);
    expect((await call(`/api/sys/org/disable?id=${target.id}&version=${v}`, reader)).statusCode).toBe(403);
    expect((await call(`/api/sys/org/enable?id=${target.id}&version=${v}`, reader)).statusCode).toBe(403);
    expect((await call('/api/sys/org/add', undefined, body)).statusCode).toBe(401);
    expect((await stored(target.id)).version).toBe(v);
  });

  it('edits with the current version; 409 when stale or the code is taken; the phone is kept when left out', async () => {
    const add = await call('/api/sys/org/add', admin, {
      ...newOrg,
      name: '宿迁市编辑测试服务有限公司',
      uscc: await freshUscc(),
    });
    const id = add.json().data.id as number;
    const { contactPhone: _p, ...noPhone } = editable;
    const saved = await call('/api/sys/org/save', admin, {
      ...noPhone,
      id,
      version: 1,
      name: '宿迁市编辑测试服务有限公司（更名）',
      uscc: '',
      contactName: '王联系',
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().result).toContain('服务机构须填写统一社会信用代码');
    const uscc = (await stored(id)).uscc!;
    const ok = await call('/api/sys/org/save', admin, {
      ...noPhone,
      id,
      version: 1,
      uscc,
      name: '宿迁市编辑测试服务有限公司（更名）',
      districtCode: '321302',
      contactName: '王联系',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ id, version: 2 });
    const after = await stored(id);
    expect(after).toMatchObject({
      name: '宿迁市编辑测试服务有限公司（更名）',
      districtCode: '321302',
      contactName: '王联系',
      contactPhone: '13951234567',
      version: 2,
    });
    const stale = await call('/api/sys/org/save', admin, {
      ...editable,
      uscc,
      id,
      version: 1,
      contactName: '过期版本',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().result).toBe('数据已被他人修改，请刷新后重试');
    // The demo service organisation's code is in use.
    const demoUscc = (
      await t.database.db
        .selectFrom('sysOrg')
        .select('uscc')
        .where('name', '=', '宿迁市安泰安全技术服务有限公司')
        .executeTakeFirstOrThrow()
    ).uscc!;
    const dup = await call('/api/sys/org/save', admin, { ...editable, id, version: 2, uscc: demoUscc });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().result).toContain('已被“宿迁市安泰安全技术服务有限公司”使用');
    expect(await stored(id)).toEqual(after);
    expect(await lastLog(t, '/api/sys/org/save', { outcome: 'fail' })).toMatchObject({ kind: 'edit' });
  });

  it('enterprises are edited in 企业管理, not here; a missing organisation is 404', async () => {
    const heng = (await orgs(`name=${encodeURIComponent('恒安化工')}`)).list[0]!;
    const v = (await stored(heng.id)).version;
    const res = await call('/api/sys/org/save', admin, {
      ...editable,
      uscc: heng.uscc,
      id: heng.id,
      version: v,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe('企业的名称、信用代码、区县和联系人请在企业管理中修改');
    expect(
      (await call('/api/sys/org/save', admin, { ...editable, uscc: '', id: 987654, version: 1 })).statusCode,
    ).toBe(404);
    expect((await call('/api/sys/org/disable?id=987654&version=1', admin)).statusCode).toBe(404);
  });
});

describe('suspending an organisation (停用/启用)', () => {
  it('its users cannot sign in and their sessions end at once; enabling lets them in again', async () => {
    const org = (await orgs(`name=${encodeURIComponent('安泰安全技术')}`)).list[0]!;
    const service = await t.login('service');
    const colleague = await makeUser(t, 'service', 'org-suspend-colleague');
    const other = await t.login('expert');
    expect((await call('/api/sys/user/getUserInfo.json', service)).statusCode).toBe(200);
    const v = (await stored(org.id)).version;

    const stale = await call(`/api/sys/org/disable?id=${org.id}&version=${v + 1}`, admin);
    expect(stale.statusCode).toBe(409);
    expect((await stored(org.id)).status).toBe(1);

    const off = await call(`/api/sys/org/disable?id=${org.id}&version=${v}`, admin);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().result).toBe('已停用，该机构的用户不能再登录');
    expect(await stored(org.id)).toMatchObject({ status: 2, version: v + 1 });
    expect((await orgs(`name=${encodeURIComponent('安泰安全技术')}&status=2`)).list.map((o) => o.id)).toEqual(
      [org.id],
    );
    for (const token of [service, colleague]) {
      const res = await call('/api/sys/user/getUserInfo.json', token);
      expect(res.statusCode).toBe(401);
    }
    const login = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'service', password: 'Safe2026' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({
      code: 'ORG_SUSPENDED',
      result: '所属机构已停用，暂不能登录，请联系管理员',
    });
    // A wrong password still answers as a wrong password: the suspension is named only to the account holder.
    const wrong = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'service', password: 'Wrong#2026x' },
    });
    expect(wrong.statusCode).toBe(401);
    // Other organisations are untouched.
    expect((await call('/api/sys/user/getUserInfo.json', other)).statusCode).toBe(200);
    expect(await lastLog(t, '/api/sys/org/disable')).toMatchObject({
      kind: 'disable',
      module: '机构管理',
      outcome: 'success',
    });

    const again = await call(`/api/sys/org/disable?id=${org.id}&version=${v + 1}`, admin);
    expect(again.json().result).toBe('该机构已是停用状态');
    const on = await call(`/api/sys/org/enable?id=${org.id}&version=${v + 1}`, admin);
    expect(on.statusCode).toBe(200);
    expect(on.json().result).toBe('已启用');
    expect((await stored(org.id)).status).toBe(1);
    expect((await call('/api/sys/user/getUserInfo.json', await t.login('service'))).statusCode).toBe(200);
  });

  it('the admin cannot suspend its own organisation; enable and disable are separate permissions', async () => {
    const gov = (await orgs(`orgType=government&name=${encodeURIComponent('宿迁市应急管理局')}`)).list[0]!;
    const roleId = await createRole(t, admin, 'ROLE_ORG_ENABLER', { org: ['query', 'enable'] });
    await createUser(t, admin, { username: 'org-enabler', roleId, orgId: gov.id });
    const enabler = await t.login('org-enabler', STRONG);
    const v = (await stored(gov.id)).version;
    expect((await call(`/api/sys/org/disable?id=${gov.id}&version=${v}`, enabler)).statusCode).toBe(403);
    expect((await call(`/api/sys/org/enable?id=${gov.id}&version=${v}`, enabler)).statusCode).toBe(200);
    const own = await createRole(t, admin, 'ROLE_ORG_SUSPENDER', { org: ['query', 'disable'] });
    await createUser(t, admin, { username: 'org-suspender', roleId: own, orgId: gov.id });
    const suspender = await t.login('org-suspender', STRONG);
    const res = await call(`/api/sys/org/disable?id=${gov.id}&version=${v}`, suspender);
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe('不能停用当前登录用户所属的机构');
    expect((await stored(gov.id)).status).toBe(1);
  });
});
