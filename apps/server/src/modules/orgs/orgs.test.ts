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
    const page = await orgs('pageSize=50');
    expect(page).toMatchObject({ pageNum: 1, pageSize: 50 });
    expect(page.total).toBeGreaterThanOrEqual(6);
    const labels = new Map(page.list.map((o) => [o.orgType, o.orgTypeLabel]));
    expect(Object.fromEntries(labels)).toMatchObject({
      government: '政府监管部门',
      enterprise: '企业',
      insurer: '保险机构',
      service: '服务机构',
      expert: '专家机构',
    });
    const hengan = page.list.find((o) => o.name === '宿迁市恒安化工有限公司')!;
    expect(hengan).toMatchObject({ orgType: 'enterprise', districtCode: '321302', userCount: 1 });
    expect(hengan.uscc).toHaveLength(18);
    const first = await orgs('pageNo=1&pageSize=2');
    expect(first.list).toHaveLength(2);
  });

  it('filters by type, name and district', async () => {
    expect((await orgs('orgType=insurer')).list.map((o) => o.name)).toEqual([
      '中国人民财产保险股份有限公司宿迁市分公司',
    ]);
    expect((await orgs('orgType=enterprise')).total).toBe(2);
    expect((await orgs(`name=${encodeURIComponent('恒安')}`)).list.map((o) => o.name)).toEqual([
      '宿迁市恒安化工有限公司',
    ]);
    expect((await orgs('districtCode=321324')).list.map((o) => o.name)).toEqual([
      '泗洪县顺达建筑工程有限公司',
    ]);
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
