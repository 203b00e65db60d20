import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';

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
          contactPhone: '13912345678',
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
          contactPhone: '0527-84361234',
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
