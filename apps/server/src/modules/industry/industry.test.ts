import type { IndustryNode } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { industryMustInsure } from './industry.service.ts';

let t: TestContext;
let admin: string;
let gov: string;
let ent: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  admin = await t.login('admin');
  gov = await t.login('gov');
  ent = await t.login('ent');
});
afterAll(() => t.close());

const post = (url: string, token?: string, payload?: Record<string, unknown>) =>
  t.call({ method: 'POST', url, ...(token ? { token } : {}), ...(payload !== undefined ? { payload } : {}) });

const flatten = (nodes: IndustryNode[]): IndustryNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const tree = async (query = '?pid=1', token = admin): Promise<IndustryNode[]> => {
  const res = await post(`/api/industry/findByPid${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.industryList as IndustryNode[];
};
const node = async (code: string) => {
  const found = flatten(await tree('?pid=1&all=true')).find((n) => n.code === code);
  if (!found) throw new Error(`industry ${code} not found`);
  return found;
};

describe('industry tree', () => {
  it('findByPid?pid=1 returns data.industryList: the GB/T 4754-2017 and work-safety branches', async () => {
    const list = await tree('?pid=1', ent);
    expect(list.map((n) => [n.code, n.name])).toEqual([
      ['GB4754', '国民经济行业分类'],
      ['AQ', '安全生产行业领域'],
    ]);
    // "An industry tree call with id 1": id is accepted as an alias of pid.
    expect(await tree('?id=1', ent)).toEqual(list);
    expect(await tree('', ent)).toEqual(list);
    expect((await post('/api/industry/findByPid?pid=1')).statusCode).toBe(401);
  });

  it('holds the 20 sections and 97 divisions of GB/T 4754-2017 with their official names', async () => {
    const [gb] = await tree();
    const sections = gb!.children;
    expect(sections.map((s) => s.code).join('')).toBe('ABCDEFGHIJKLMNOPQRST');
    const divisions = sections.flatMap((s) => s.children);
    expect(divisions.map((d) => d.code)).toEqual(
      Array.from({ length: 97 }, (_, i) => String(i + 1).padStart(2, '0')),
    );
    const name = (code: string) => divisions.find((d) => d.code === code)!.name;
    expect(sections[0]!.name).toBe('农、林、牧、渔业');
    expect(sections[0]!.children.map((d) => d.code)).toEqual(['01', '02', '03', '04', '05']);
    expect(sections.find((s) => s.code === 'C')!.children).toHaveLength(31);
    expect(name('06')).toBe('煤炭开采和洗选业');
    expect(name('26')).toBe('化学原料和化学制品制造业');
    expect(name('58')).toBe('多式联运和运输代理业');
    expect(name('94')).toBe('社会保障');
    expect(name('97')).toBe('国际组织');
    expect(divisions.every((d) => d.level === 3 && !d.mustInsure)).toBe(true);
  });

  it('the eight high-risk fields of the 2025 办法 must insure; other fields are encouraged only', async () => {
    const [, aq] = await tree();
    const fields = aq!.children;
    expect(fields.slice(0, 8).map((f) => f.name)).toEqual([
      '矿山',
      '危险化学品',
      '烟花爆竹',
      '交通运输',
      '建筑施工',
      '民用爆炸物品',
      '金属冶炼',
      '渔业生产',
    ]);
    for (const f of fields.slice(0, 8)) {
      expect(flatten([f]).every((n) => n.isHighRisk && n.mustInsure)).toBe(true);
    }
    expect(fields[0]!.children.map((c) => c.name)).toEqual(['煤矿', '非煤矿山']);
    const other = fields[8]!;
    expect(other.name).toBe('其他行业领域');
    expect(flatten([other]).some((n) => n.mustInsure)).toBe(false);
    expect(flatten([other]).map((n) => n.name)).toEqual(
      expect.arrayContaining(['涉氨制冷', '粉尘涉爆', '工贸行业']),
    );
    expect(await industryMustInsure(t.database.db, 'AQ020203')).toBe(true);
    expect(await industryMustInsure(t.database.db, 'AQ0902')).toBe(false);
    expect(await industryMustInsure(t.database.db, 'nope')).toBe(false);
  });

  it('findByPid answers a subtree, 404 for an unknown pid and 400 naming a bad pid', async () => {
    const mining = await node('AQ01');
    const sub = await tree(`?pid=${mining.id}`);
    expect(sub.map((n) => n.code)).toEqual(['AQ0101', 'AQ0102']);
    expect((await post('/api/industry/findByPid?pid=99999999', admin)).statusCode).toBe(404);
    const bad = await post('/api/industry/findByPid?pid=x', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('pid');
  });

  it('GET getIndustry.json serves the selects, whole or by branch code', async () => {
    const get = (q = '', token: string | null = ent) =>
      t.call({
        method: 'GET',
        url: `/api/manage/parameter/getIndustry.json${q}`,
        ...(token ? { token } : {}),
      });
    const all = await get();
    expect(all.statusCode).toBe(200);
    expect((all.json().data.industryList as IndustryNode[]).map((n) => n.code)).toEqual(['GB4754', 'AQ']);
    const aq = (await get('?code=AQ')).json().data.industryList as IndustryNode[];
    expect(aq[0]!.code).toBe('AQ01');
    expect((await get('?code=NOPE')).statusCode).toBe(404);
    expect((await get('?code=a%20b')).statusCode).toBe(400);
    expect((await get('', null)).statusCode).toBe(401);
  });
});

describe('industry writes', () => {
  let id: number;
  let parentId: number;

  it('add creates a node one level below its parent', async () => {
    parentId = (await node('AQ09')).id;
    const res = await post('/api/industry/add', admin, {
      pid: parentId,
      code: 'AQ0999',
      name: '游乐设施运营',
      mustInsure: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().data.id;
    expect(await node('AQ0999')).toMatchObject({
      id,
      pid: parentId,
      level: 3,
      mustInsure: true,
      isSystem: false,
    });
    expect(await industryMustInsure(t.database.db, 'AQ0999')).toBe(true);
  });

  it('add refuses bad input (400 naming the field), a missing parent (400) and a duplicate code (409)', async () => {
    const bad = await post('/api/industry/add', admin, { pid: parentId, code: 'AQ0998' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('name');
    const badFlag = await post('/api/industry/add', admin, {
      pid: parentId,
      code: 'AQ0998',
      name: 'x',
      mustInsure: 'yes',
    });
    expect(badFlag.statusCode).toBe(400);
    expect(badFlag.json().result).toContain('mustInsure');
    const noParent = await post('/api/industry/add', admin, { pid: 99999999, code: 'AQ0998', name: 'x' });
    expect(noParent.statusCode).toBe(400);
    expect(noParent.json().result).toContain('pid');
    const dup = await post('/api/industry/add', admin, { pid: parentId, code: '06', name: '重复' });
    expect(dup.statusCode).toBe(409);
  });

  it('writes need industry.* (403) and a token (401)', async () => {
    for (const token of [gov, ent]) {
      expect(
        (await post('/api/industry/add', token, { pid: parentId, code: 'Z1', name: 'x' })).statusCode,
      ).toBe(403);
      expect(
        (await post('/api/industry/update', token, { id, version: 1, code: 'AQ0999', name: 'x' })).statusCode,
      ).toBe(403);
      expect((await post(`/api/industry/delete?id=${id}`, token)).statusCode).toBe(403);
    }
    expect((await post(`/api/industry/delete?id=${id}`)).statusCode).toBe(401);
  });

  it('update needs the current version; a disabled node leaves the selects but not the admin tree', async () => {
    const ok = await post('/api/industry/update', admin, {
      id,
      version: 1,
      code: 'AQ0999',
      name: '大型游乐设施运营',
      mustInsure: false,
      status: 0,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await node('AQ0999')).toMatchObject({
      name: '大型游乐设施运营',
      mustInsure: false,
      status: 0,
      version: 2,
    });
    const select = await t.call({
      method: 'GET',
      url: '/api/manage/parameter/getIndustry.json?code=AQ09',
      token: ent,
    });
    expect((select.json().data.industryList as IndustryNode[]).map((n) => n.code)).not.toContain('AQ0999');
    const stale = await post('/api/industry/update', admin, { id, version: 1, code: 'AQ0999', name: 'x' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const missing = await post('/api/industry/update', admin, {
      id: 99999999,
      version: 1,
      code: 'Z9',
      name: 'x',
    });
    expect(missing.statusCode).toBe(404);
    const dup = await post('/api/industry/update', admin, { id, version: 2, code: 'AQ01', name: 'x' });
    expect(dup.statusCode).toBe(409);
  });

  it('seeded codes are fixed; the root cannot be changed or deleted', async () => {
    const coal = await node('AQ0101');
    const res = await post('/api/industry/update', admin, {
      id: coal.id,
      version: coal.version,
      code: 'AQ0101X',
      name: coal.name,
      isHighRisk: true,
      mustInsure: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toContain('code');
    expect((await post('/api/industry/delete?id=1', admin)).statusCode).toBe(400);
    expect(
      (await post('/api/industry/update', admin, { id: 1, version: 1, code: 'ROOT', name: 'x' })).statusCode,
    ).toBe(400);
  });

  it('delete refuses a node with children (409), deletes a leaf, then 404s', async () => {
    const withKids = await post(`/api/industry/delete?id=${parentId}`, admin);
    expect(withKids.statusCode).toBe(409);
    expect(withKids.json().result).toContain('下级');
    expect((await post(`/api/industry/delete?id=${id}`, admin)).statusCode).toBe(200);
    expect(flatten(await tree('?pid=1&all=true')).some((n) => n.code === 'AQ0999')).toBe(false);
    expect((await post(`/api/industry/delete?id=${id}`, admin)).statusCode).toBe(404);
    expect((await post('/api/industry/delete', admin)).statusCode).toBe(400);
  });
});

describe('query parameters (spec 7: params go in the query unless a JSON body is stated)', () => {
  const qs = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

  it('add and update take their fields in the query, checked by the same schema', async () => {
    const parent = await node('AQ09');
    const add = await post(
      `/api/industry/add${qs({ pid: String(parent.id), code: 'AQ0997', name: '查询串行业', mustInsure: 'true', sort: '5' })}`,
      admin,
    );
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().data.id as number;
    expect(await node('AQ0997')).toMatchObject({ id, pid: parent.id, name: '查询串行业', mustInsure: true });

    const update = await post(
      `/api/industry/update${qs({ id: String(id), version: '1', code: 'AQ0997', name: '查询串修改', mustInsure: 'false', isHighRisk: '1' })}`,
      admin,
    );
    expect(update.statusCode, update.body).toBe(200);
    expect(await node('AQ0997')).toMatchObject({ name: '查询串修改', mustInsure: false, isHighRisk: true });

    const bad = await post(
      `/api/industry/add${qs({ pid: String(parent.id), code: 'AQ0996', name: 'x', mustInsure: 'yes' })}`,
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('mustInsure');
    const noPid = await post(`/api/industry/add${qs({ pid: 'abc', code: 'AQ0996', name: 'x' })}`, admin);
    expect(noPid.statusCode).toBe(400);
    expect(noPid.json().result).toContain('pid');
    const stale = await post(
      `/api/industry/update${qs({ id: String(id), version: '1', code: 'AQ0997', name: 'x' })}`,
      admin,
    );
    expect(stale.statusCode).toBe(409);
    const denied = await post(
      `/api/industry/add${qs({ pid: String(parent.id), code: 'AQ0996', name: 'x' })}`,
      ent,
    );
    expect(denied.statusCode).toBe(403);
    expect(flatten(await tree('?pid=1&all=true')).some((n) => n.code === 'AQ0996')).toBe(false);
    expect((await node('AQ0997')).name).toBe('查询串修改');
  });
});
