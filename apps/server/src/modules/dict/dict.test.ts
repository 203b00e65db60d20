import { DictCategory } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { syncReference } from '../../db/seeds/reference.ts';

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

interface Item {
  id: number;
  pid: string;
  code: string;
  name: string;
  value: string;
  status: number;
  isSystem: boolean;
  areaCodes: string[];
  version: number;
  children: Item[];
}
interface Opt {
  code: string;
  name: string;
  value: string;
  isLeaf: boolean;
  children: Opt[];
}

const list = async (query: string, token = admin): Promise<Item[]> => {
  const res = await post(`/api/dict/findAll${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list as Item[];
};
const byCode = async (code: string): Promise<Item> => {
  const found = await list(`?code=${code}`);
  expect(found, code).toHaveLength(1);
  return found[0]!;
};

describe('reads', () => {
  it('findAll lists the categories under the root 031 to any logged-in user', async () => {
    const cats = await list('', ent);
    const codes = cats.map((c) => c.code);
    for (const code of Object.values(DictCategory)) expect(codes).toContain(code);
    expect(cats.every((c) => c.pid === '031' && c.children.length === 0)).toBe(true);
    expect(cats.find((c) => c.code === '032')!.name).toBe('事故类型');
    expect((await post('/api/dict/findAll')).statusCode).toBe(401);
  });

  it('the seeded categories carry the domain values', async () => {
    const accident = await list('?pid=032');
    expect(accident).toHaveLength(20);
    expect(accident.map((a) => a.value)).toEqual(
      Array.from({ length: 20 }, (_, i) => String(i + 1).padStart(2, '0')),
    );
    expect(accident[0]).toMatchObject({ code: '03201', name: '物体打击', pid: '032', isSystem: true });
    expect(accident[19]!.name).toBe('其他伤害');
    const close = await list('?pid=035');
    expect(close.map((c) => [c.value, c.name])).toEqual([
      ['401', '赔付结案'],
      ['402', '无效结案'],
      ['403', '销案'],
      ['404', '拒赔'],
      ['405', '零结'],
    ]);
    expect((await list('?pid=034')).map((c) => [c.value, c.name])).toEqual([
      ['0', '一般事故隐患'],
      ['1', '重大事故隐患'],
    ]);
    expect((await list('?pid=039')).map((c) => [c.value, c.name])).toEqual([
      ['1', '预付'],
      ['2', '垫付'],
      ['3', '快付'],
    ]);
    expect((await list('?pid=038')).map((c) => c.value)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('tree=true returns the whole subtree; service items 01-07 with their sub-items', async () => {
    const items = await list('?pid=033&tree=true');
    expect(items.map((i) => i.value)).toEqual(['01', '02', '03', '04', '05', '06', '07']);
    expect(items[0]!.children.map((c) => c.value)).toEqual(['101', '102', '103', '104']);
    expect(items[2]!.children.at(-1)!.value).toBe('303');
    expect(items[4]!.children.at(-1)!.value).toBe('503');
    expect(items[6]!.children).toEqual([]);
  });

  it('name and code search any depth below pid, flat', async () => {
    const hits = await list(`?name=${encodeURIComponent('爆炸')}&pid=032`);
    expect(hits.map((h) => h.name)).toEqual(['火药爆炸', '瓦斯爆炸', '锅炉爆炸', '容器爆炸', '其他爆炸']);
    const deep = await list(`?name=${encodeURIComponent('顶板')}`);
    expect(deep.map((h) => h.code)).toEqual(['0370101']);
  });

  it('findAll answers 404 for an unknown pid and 400 naming a bad parameter', async () => {
    expect((await post('/api/dict/findAll?pid=999999', admin)).statusCode).toBe(404);
    const bad = await post('/api/dict/findAll?tree=maybe', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('tree');
    const extra = await post('/api/dict/findAll?foo=1', admin);
    expect(extra.statusCode).toBe(400);
  });

  it('findChildrenByPid?pid=036 returns the enterprise-type cascader tree under data.page', async () => {
    const res = await post('/api/manage/parameter/findChildrenByPid?pid=036', ent);
    expect(res.statusCode).toBe(200);
    const page = res.json().data.page as Opt[];
    expect(page.map((p) => p.name)).toEqual(['内资企业', '港、澳、台商投资企业', '外商投资企业']);
    const privateCo = page[0]!.children.find((c) => c.value === '170')!;
    expect(privateCo.name).toBe('私营企业');
    expect(privateCo.isLeaf).toBe(false);
    expect(privateCo.children.map((c) => c.value)).toEqual(['171', '172', '173', '174']);
    expect(privateCo.children[0]!.isLeaf).toBe(true);
    expect((await post('/api/manage/parameter/findChildrenByPid?pid=nope', ent)).statusCode).toBe(404);
    const missing = await post('/api/manage/parameter/findChildrenByPid', ent);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().result).toContain('pid');
    expect((await post('/api/manage/parameter/findChildrenByPid?pid=036')).statusCode).toBe(401);
  });

  it('findChildrenByAccidentType gives the children of an accident-type node', async () => {
    const call = (code: string, token: string | null = ent) =>
      post(`/api/manage/parameter/findChildrenByAccidentType?accidentType=${code}`, token ?? undefined);
    const fields = (await call('037')).json().data.list as Opt[];
    expect(fields[0]).toMatchObject({ code: '03701', name: '煤矿', isLeaf: false, children: [] });
    const coal = (await call('03701')).json().data.list as Opt[];
    expect(coal.map((c) => c.name)).toContain('瓦斯事故');
    expect(coal.every((c) => c.isLeaf)).toBe(true);
    expect((await call('032')).json().data.list).toHaveLength(20);
    expect((await call('03201')).json().data.list).toEqual([]);
    // Not an accident type: the close types are another category.
    expect((await call('035')).statusCode).toBe(404);
    expect((await call('does-not-exist')).statusCode).toBe(404);
    const bad = await post('/api/manage/parameter/findChildrenByAccidentType', ent);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('accidentType');
    expect((await call('037', null)).statusCode).toBe(401);
  });
});

describe('writes', () => {
  let id: number;

  it('add creates an entry under a category and logs it', async () => {
    const res = await post('/api/dict/add', admin, {
      pid: '046',
      code: '04699',
      name: '测试批改类型',
      value: '99',
      sort: 990,
    });
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().data.id;
    const item = await byCode('04699');
    expect(item).toMatchObject({
      id,
      pid: '046',
      name: '测试批改类型',
      value: '99',
      isSystem: false,
      version: 1,
    });
    const log = await t.database.db
      .selectFrom('sysOperLog')
      .select(['kind', 'module', 'outcome', 'targetId'])
      .where('path', '=', '/api/dict/add')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ kind: 'add', module: '数据字典', outcome: 'success', targetId: String(id) });
  });

  it('add refuses bad input (400 naming the field), a missing parent, a duplicate code (409)', async () => {
    const bad = await post('/api/dict/add', admin, { pid: '046', code: 'a b', name: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('code');
    const noName = await post('/api/dict/add', admin, { pid: '046', code: 'x1' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().result).toContain('name');
    const noParent = await post('/api/dict/add', admin, { pid: '999999', code: 'x1', name: 'x' });
    expect(noParent.statusCode).toBe(400);
    expect(noParent.json().result).toContain('pid');
    const dup = await post('/api/dict/add', admin, { pid: '032', code: '03201', name: '重复' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().result).toContain('03201');
  });

  it('writes need dict.* (403 for gov and ent) and a token (401)', async () => {
    for (const token of [gov, ent]) {
      expect((await post('/api/dict/add', token, { pid: '046', code: 'x2', name: 'x' })).statusCode).toBe(
        403,
      );
      expect(
        (await post('/api/dict/update', token, { id, version: 1, code: '04699', name: 'x' })).statusCode,
      ).toBe(403);
      expect((await post(`/api/dict/delete?id=${id}`, token)).statusCode).toBe(403);
      expect((await post('/api/dict/linkArea', token, { id, version: 1, areaCodes: [] })).statusCode).toBe(
        403,
      );
    }
    expect((await post('/api/dict/add', undefined, { pid: '046', code: 'x2', name: 'x' })).statusCode).toBe(
      401,
    );
  });

  it('update needs the current version (stale 409) and 404s a missing entry', async () => {
    const first = await post('/api/dict/update', admin, {
      id,
      version: 1,
      code: '04699',
      name: '测试批改类型（改）',
      value: '99',
      status: 0,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(await byCode('04699')).toMatchObject({ name: '测试批改类型（改）', status: 0, version: 2 });
    const stale = await post('/api/dict/update', admin, { id, version: 1, code: '04699', name: 'x' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const missing = await post('/api/dict/update', admin, {
      id: 99999999,
      version: 1,
      code: 'zz',
      name: 'x',
    });
    expect(missing.statusCode).toBe(404);
    const noVersion = await post('/api/dict/update', admin, { id, code: '04699', name: 'x' });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().result).toContain('version');
  });

  it('update refuses a duplicate code (409) and a new code for a seeded entry (400)', async () => {
    const dup = await post('/api/dict/update', admin, { id, version: 2, code: '04601', name: 'x' });
    expect(dup.statusCode).toBe(409);
    const seeded = await byCode('04601');
    const renamed = await post('/api/dict/update', admin, {
      id: seeded.id,
      version: seeded.version,
      code: '04601x',
      name: seeded.name,
      value: seeded.value,
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().result).toContain('code');
    const relabel = await post('/api/dict/update', admin, {
      id: seeded.id,
      version: seeded.version,
      code: '04601',
      name: '增加被保险人员',
      value: seeded.value,
    });
    expect(relabel.statusCode).toBe(200);
  });

  it('delete refuses an entry with children (409) and the root (400), then deletes a leaf', async () => {
    const cat = await byCode('046');
    const withKids = await post(`/api/dict/delete?id=${cat.id}`, admin);
    expect(withKids.statusCode).toBe(409);
    expect(withKids.json().result).toContain('下级');
    const root = await t.database.db
      .selectFrom('sysDict')
      .select('id')
      .where('code', '=', '031')
      .executeTakeFirstOrThrow();
    expect((await post(`/api/dict/delete?id=${root.id}`, admin)).statusCode).toBe(400);
    expect((await post(`/api/dict/delete?id=${id}`, admin)).statusCode).toBe(200);
    expect(await list('?code=04699')).toEqual([]);
    expect((await post(`/api/dict/delete?id=${id}`, admin)).statusCode).toBe(404);
    expect((await post('/api/dict/delete?id=abc', admin)).statusCode).toBe(400);
    // The code is free again once the entry is deleted.
    const again = await post('/api/dict/add', admin, { pid: '046', code: '04699', name: '重新添加' });
    expect(again.statusCode).toBe(200);
  });
});

describe('linkArea', () => {
  it('links an entry to regions; findAll?areaCode keeps unlinked entries and those of the region chain', async () => {
    const zone = await byCode('05101');
    expect(zone.areaCodes).toEqual(['321300']);
    // Linked to the city: applies in all its districts, not in another city.
    expect((await list('?pid=051&areaCode=321302')).map((z) => z.code)).toContain('05101');
    expect((await list('?pid=051&areaCode=320100')).map((z) => z.code)).not.toContain('05101');

    const res = await post('/api/dict/linkArea', admin, {
      id: zone.id,
      version: zone.version,
      areaCodes: ['321302', '321302', '321311'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.areaCodes).toEqual(['321302', '321311']);
    expect((await list('?pid=051&areaCode=321302')).map((z) => z.code)).toContain('05101');
    expect((await list('?pid=051&areaCode=321324')).map((z) => z.code)).not.toContain('05101');
    // Unlinked entries apply everywhere.
    expect((await list('?pid=032&areaCode=110101')).length).toBe(20);

    const stale = await post('/api/dict/linkArea', admin, {
      id: zone.id,
      version: zone.version,
      areaCodes: [],
    });
    expect(stale.statusCode).toBe(409);
    const fresh = await byCode('05101');
    const unknown = await post('/api/dict/linkArea', admin, {
      id: zone.id,
      version: fresh.version,
      areaCodes: ['329999'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().result).toContain('329999');
    const badFormat = await post('/api/dict/linkArea', admin, { id: zone.id, version: 1, areaCodes: ['32'] });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().result).toContain('areaCodes');
    const missing = await post('/api/dict/linkArea', admin, { id: 99999999, version: 1, areaCodes: [] });
    expect(missing.statusCode).toBe(404);
    const clear = await post('/api/dict/linkArea', admin, {
      id: zone.id,
      version: fresh.version,
      areaCodes: [],
    });
    expect(clear.statusCode).toBe(200);
    expect((await byCode('05101')).areaCodes).toEqual([]);
  });
});

describe('seed sync', () => {
  it('is additive: adds missing entries, keeps edited and deleted ones as they are', async () => {
    expect((await syncReference(t.database.db)).added).toBe(0);
    // An administrator's edit stays (04601 was renamed above), a deleted entry stays deleted.
    const leaf = await byCode('04802');
    expect((await post(`/api/dict/delete?id=${leaf.id}`, admin)).statusCode).toBe(200);
    // A row that never existed (simulated by removing it outright) is added back.
    await t.database.db.deleteFrom('sysDict').where('code', '=', '05004').execute();
    expect((await syncReference(t.database.db)).added).toBe(1);
    expect((await byCode('04601')).name).toBe('增加被保险人员');
    expect(await list('?code=04802')).toEqual([]);
    expect(await byCode('05004')).toMatchObject({ name: '初级', pid: '050', isSystem: true });
  });
});

describe('query parameters (spec 7: params go in the query unless a JSON body is stated)', () => {
  const qs = (params: Record<string, string | string[]>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) for (const one of [v].flat()) p.append(k, one);
    return `?${p.toString()}`;
  };

  it('add, update and linkArea take their fields in the query, checked by the same schema', async () => {
    const add = await post(
      `/api/dict/add${qs({ pid: '046', code: '04698', name: '查询串新增', value: '98', sort: '980' })}`,
      admin,
    );
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().data.id as number;
    expect(await byCode('04698')).toMatchObject({
      id,
      pid: '046',
      name: '查询串新增',
      value: '98',
      version: 1,
    });

    const update = await post(
      `/api/dict/update${qs({ id: String(id), version: '1', code: '04698', name: '查询串修改', status: '0' })}`,
      admin,
    );
    expect(update.statusCode, update.body).toBe(200);
    expect(await byCode('04698')).toMatchObject({ name: '查询串修改', status: 0, version: 2 });
    // The version check applies as with a JSON body.
    expect(
      (await post(`/api/dict/update${qs({ id: String(id), version: '1', code: '04698', name: 'x' })}`, admin))
        .statusCode,
    ).toBe(409);

    // Lists: comma-separated, or the key repeated; empty clears.
    const comma = await post(
      `/api/dict/linkArea${qs({ id: String(id), version: '2', areaCodes: '321302,321311' })}`,
      admin,
    );
    expect(comma.statusCode, comma.body).toBe(200);
    expect([...comma.json().data.areaCodes].sort()).toEqual(['321302', '321311']);
    const repeated = await post(
      `/api/dict/linkArea${qs({ id: String(id), version: '3', areaCodes: ['321324', '321322'] })}`,
      admin,
    );
    expect(repeated.statusCode, repeated.body).toBe(200);
    expect([...repeated.json().data.areaCodes].sort()).toEqual(['321322', '321324']);
    const clear = await post(
      `/api/dict/linkArea${qs({ id: String(id), version: '4', areaCodes: '' })}`,
      admin,
    );
    expect(clear.statusCode, clear.body).toBe(200);
    expect((await byCode('04698')).areaCodes).toEqual([]);

    // Where both carry a field, the JSON body wins.
    const both = await post(`/api/dict/update${qs({ name: '查询串' })}`, admin, {
      id,
      version: 5,
      code: '04698',
      name: '请求体',
    });
    expect(both.statusCode, both.body).toBe(200);
    expect((await byCode('04698')).name).toBe('请求体');
  });

  it('bad query input answers 400 naming the field, changes nothing; 403 and 401 as with a body', async () => {
    const cases: Array<[string, string, string]> = [
      ['/api/dict/add', qs({ pid: '046', code: 'a b', name: 'x' }), 'code'],
      ['/api/dict/add', qs({ pid: '046', code: '04697' }), 'name'],
      ['/api/dict/add', qs({ pid: '046', code: '04697', name: 'x', sort: 'abc' }), 'sort'],
      ['/api/dict/add', qs({ pid: '046', code: '04697', name: 'x', unknown: '1' }), 'unknown'],
      ['/api/dict/update', qs({ id: 'x', version: '1', code: '04697', name: 'x' }), 'id'],
      ['/api/dict/linkArea', qs({ id: '1', version: '1', areaCodes: '32' }), 'areaCodes'],
    ];
    for (const [url, query, field] of cases) {
      const res = await post(`${url}${query}`, admin);
      expect(res.statusCode, `${url}${query}`).toBe(400);
      expect(res.json().result, `${url}${query}`).toContain(field);
      expect(res.json().result, `${url}${query}`).toMatch(/^参数/);
    }
    expect(await list('?code=04697')).toHaveLength(0);
    const add = `/api/dict/add${qs({ pid: '046', code: '04697', name: 'x' })}`;
    expect((await post(add, ent)).statusCode).toBe(403);
    expect((await post(add)).statusCode).toBe(401);
    expect(await list('?code=04697')).toHaveLength(0);
  });
});
