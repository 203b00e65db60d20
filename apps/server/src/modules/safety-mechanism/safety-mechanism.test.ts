import { isIpOrCidr, type MechanismApiInfo, type MechanismRow } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';

let t: TestContext;
let secadmin: string;
let gov: string;
let ent: string;
let subsystemId: number;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  // Safety mechanisms are the security administrator's (三权分立, security.md Z04).
  secadmin = await t.login('secadmin');
  gov = await t.login('gov');
  ent = await t.login('ent');
  subsystemId = (
    await t.database.db
      .selectFrom('sysSubsystem')
      .select('id')
      .where('code', '=', 'sqfx')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const post = (url: string, token?: string, payload?: Record<string, unknown>) =>
  t.call({ method: 'POST', url, ...(token ? { token } : {}), ...(payload !== undefined ? { payload } : {}) });
const get = (url: string, token?: string) => t.call({ method: 'GET', url, ...(token ? { token } : {}) });

describe('IP allowlist entries', () => {
  it('accepts IPv4/IPv6 addresses and CIDR blocks only', () => {
    for (const ok of [
      '10.1.2.3',
      '10.1.0.0/16',
      '0.0.0.0/0',
      '::1',
      'fe80::/10',
      '2001:db8::8a2e:370:7334',
      '::ffff:10.0.0.1',
    ])
      expect(isIpOrCidr(ok), ok).toBe(true);
    for (const bad of [
      '10.1.2',
      '256.1.1.1',
      '10.1.2.3/33',
      '01.1.1.1',
      '::1/129',
      '1::2::3',
      'example.com',
      '10.0.0.0/8/1',
      '',
    ])
      expect(isIpOrCidr(bad), bad).toBe(false);
  });
});

describe('safety mechanisms', () => {
  let id: number;
  let version: number;

  it('add creates a mechanism for a subsystem', async () => {
    const res = await post('/api/safetymechanism/add', secadmin, {
      name: '双重预防系统数据接口',
      orderNo: 'SM-001',
      subsystemId,
      ipAllowlist: ['10.32.13.0/24', '10.32.13.0/24', '2001:db8::1'],
      ratePerMinute: 120,
      remark: '只读字典与行业',
    });
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().data.id;
    const one = await post(`/api/safetymechanism/findOne?id=${id}`, secadmin);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({
      id,
      name: '双重预防系统数据接口',
      orderNo: 'SM-001',
      subsystemId,
      subsystemName: '双重预防机制信息系统',
      status: 1,
      ipAllowlist: ['10.32.13.0/24', '2001:db8::1'],
      ratePerMinute: 120,
      apiCount: 0,
      apis: [],
      version: 1,
    });
    version = 1;
  });

  it('add refuses bad input naming the field, an unknown subsystem (400) and a taken order number (409)', async () => {
    const badIp = await post('/api/safetymechanism/add', secadmin, {
      name: 'x',
      orderNo: 'SM-X',
      ipAllowlist: ['10.0.0.300'],
    });
    expect(badIp.statusCode).toBe(400);
    expect(badIp.json().result).toContain('ipAllowlist');
    const badRate = await post('/api/safetymechanism/add', secadmin, {
      name: 'x',
      orderNo: 'SM-X',
      ratePerMinute: 0,
    });
    expect(badRate.statusCode).toBe(400);
    expect(badRate.json().result).toContain('ratePerMinute');
    const badNo = await post('/api/safetymechanism/add', secadmin, { name: 'x', orderNo: 'SM X' });
    expect(badNo.statusCode).toBe(400);
    expect(badNo.json().result).toContain('orderNo');
    const noSub = await post('/api/safetymechanism/add', secadmin, {
      name: 'x',
      orderNo: 'SM-X',
      subsystemId: 99999,
    });
    expect(noSub.statusCode).toBe(400);
    expect(noSub.json().result).toContain('subsystemId');
    const dup = await post('/api/safetymechanism/add', secadmin, { name: 'x', orderNo: 'sm-001' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().result).toContain('sm-001');
  });

  it('checkOrderNo tells whether an order number is free, ignoring the mechanism being edited', async () => {
    const check = async (q: string) => {
      const res = await post(`/api/safetymechanism/checkOrderNo?${q}`, secadmin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.available as boolean;
    };
    expect(await check('orderNo=SM-001')).toBe(false);
    expect(await check('orderNo=sm-001')).toBe(false);
    expect(await check(`orderNo=SM-001&id=${id}`)).toBe(true);
    expect(await check('orderNo=SM-002')).toBe(true);
    const bad = await post('/api/safetymechanism/checkOrderNo', secadmin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('orderNo');
  });

  it('findAll pages with filters; findOne 404s a missing id', async () => {
    const second = await post('/api/safetymechanism/add', secadmin, {
      name: '执法系统接入',
      orderNo: 'SM-002',
      status: 0,
    });
    expect(second.statusCode).toBe(200);
    const all = await post('/api/safetymechanism/findAll?pageNo=1&pageSize=10', secadmin);
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toMatchObject({ total: 2, pageNum: 1, pageSize: 10 });
    expect(all.json().data.list.map((r: MechanismRow) => r.orderNo)).toEqual(['SM-001', 'SM-002']);
    const filtered = await post(
      `/api/safetymechanism/findAll?name=${encodeURIComponent('双重')}&subsystemId=${subsystemId}&status=1`,
      secadmin,
    );
    expect(filtered.json().data.list.map((r: MechanismRow) => r.id)).toEqual([id]);
    expect((await post('/api/safetymechanism/findAll?status=0', secadmin)).json().data.total).toBe(1);
    expect((await post('/api/safetymechanism/findAll?pageSize=0', secadmin)).statusCode).toBe(400);
    expect((await post('/api/safetymechanism/findOne?id=99999999', secadmin)).statusCode).toBe(404);
    expect((await post('/api/safetymechanism/findOne', secadmin)).statusCode).toBe(400);
  });

  it('every call needs safetymechanism.* (403 for gov, ent and the system admin) and a token (401)', async () => {
    const body = { mechanismId: id, apis: [{ method: 'POST', url: '/api/dict/findAll' }] };
    const admin = await t.login('admin');
    for (const token of [gov, ent, admin]) {
      const calls = [
        post('/api/safetymechanism/findAll', token),
        post(`/api/safetymechanism/findOne?id=${id}`, token),
        post('/api/safetymechanism/add', token, { name: 'x', orderNo: 'SM-9' }),
        post('/api/safetymechanism/update', token, { id, version, name: 'x', orderNo: 'SM-001' }),
        post(`/api/safetymechanism/delete?id=${id}`, token),
        post('/api/safetymechanism/checkOrderNo?orderNo=SM-9', token),
        post('/api/safetymechanism/addSysApiInfos', token, body),
        post('/api/safetymechanism/delSysApiInfos', token, body),
        get(`/api/safetymechanism/listSysApiInfos?mechanismId=${id}`, token),
        get(`/api/safetymechanism/listNoneSysApiInfos?mechanismId=${id}`, token),
        get('/api/manage/parameter/findAllSafetyMechanism', token),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(403);
    }
    expect((await get('/api/manage/parameter/findAllSafetyMechanism')).statusCode).toBe(401);
  });

  it('update needs the current version (stale 409), 404s a missing one, 409s a taken order number', async () => {
    const res = await post('/api/safetymechanism/update', secadmin, {
      id,
      version,
      name: '双重预防系统数据接口（生产）',
      orderNo: 'SM-001',
      subsystemId,
      ipAllowlist: [],
      ratePerMinute: 60,
    });
    expect(res.statusCode, res.body).toBe(200);
    const one = (await post(`/api/safetymechanism/findOne?id=${id}`, secadmin)).json().data;
    expect(one).toMatchObject({
      name: '双重预防系统数据接口（生产）',
      ipAllowlist: [],
      ratePerMinute: 60,
      version: 2,
    });
    const stale = await post('/api/safetymechanism/update', secadmin, {
      id,
      version,
      name: 'x',
      orderNo: 'SM-001',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    version = 2;
    const taken = await post('/api/safetymechanism/update', secadmin, {
      id,
      version,
      name: 'x',
      orderNo: 'SM-002',
    });
    expect(taken.statusCode).toBe(409);
    const missing = await post('/api/safetymechanism/update', secadmin, {
      id: 99999999,
      version: 1,
      name: 'x',
      orderNo: 'Z',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('API entries: only registered routes attach; listed attached and not attached', async () => {
    const routes = (t.app as unknown as { state: { apiRoutes: Array<{ method: string; url: string }> } })
      .state.apiRoutes;
    const before = (await get(`/api/safetymechanism/listNoneSysApiInfos?mechanismId=${id}`, secadmin)).json()
      .data.list as MechanismApiInfo[];
    const expected = routes.filter((r) => !r.url.startsWith('/api/docs'));
    expect(before).toHaveLength(expected.length);
    expect(before.some((r) => r.url.startsWith('/api/docs'))).toBe(false);
    expect(before).toContainEqual({
      method: 'GET',
      url: '/api/manage/parameter/getIndustry.json',
      permission: 'authenticated',
      registered: true,
    });

    const add = await post('/api/safetymechanism/addSysApiInfos', secadmin, {
      mechanismId: id,
      apis: [
        { method: 'POST', url: '/api/dict/findAll' },
        { method: 'GET', url: '/api/manage/parameter/getIndustry.json' },
        { method: 'POST', url: '/api/dict/findAll' },
      ],
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().data.added).toBe(2);
    const again = await post('/api/safetymechanism/addSysApiInfos', secadmin, {
      mechanismId: id,
      apis: [{ method: 'POST', url: '/api/dict/findAll' }],
    });
    expect(again.json().data.added).toBe(0);

    const attached = (await get(`/api/safetymechanism/listSysApiInfos?mechanismId=${id}`, secadmin)).json()
      .data.list as MechanismApiInfo[];
    expect(attached).toEqual([
      { method: 'POST', url: '/api/dict/findAll', permission: 'authenticated', registered: true },
      {
        method: 'GET',
        url: '/api/manage/parameter/getIndustry.json',
        permission: 'authenticated',
        registered: true,
      },
    ]);
    const none = (await get(`/api/safetymechanism/listNoneSysApiInfos?mechanismId=${id}`, secadmin)).json()
      .data.list as MechanismApiInfo[];
    expect(none).toHaveLength(expected.length - 2);
    expect(none.some((r) => r.url === '/api/dict/findAll' && r.method === 'POST')).toBe(false);
    expect((await post(`/api/safetymechanism/findOne?id=${id}`, secadmin)).json().data.apiCount).toBe(2);
    const options = (await get('/api/manage/parameter/findAllSafetyMechanism', secadmin)).json().data.list;
    expect(options.map((o: { orderNo: string }) => o.orderNo)).toEqual(['SM-001', 'SM-002']);
  });

  it('addSysApiInfos refuses unregistered routes (400 naming the entry) and a missing mechanism (404)', async () => {
    const unknown = await post('/api/safetymechanism/addSysApiInfos', secadmin, {
      mechanismId: id,
      apis: [
        { method: 'POST', url: '/api/dict/add' },
        { method: 'GET', url: '/api/dict/findAll' },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().result).toContain('apis[1]');
    const docs = await post('/api/safetymechanism/addSysApiInfos', secadmin, {
      mechanismId: id,
      apis: [{ method: 'GET', url: '/api/docs' }],
    });
    expect(docs.statusCode).toBe(400);
    const shape = await post('/api/safetymechanism/addSysApiInfos', secadmin, {
      mechanismId: id,
      apis: [{ method: 'POST', url: 'dict/findAll' }],
    });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().result).toContain('apis.0.url');
    const empty = await post('/api/safetymechanism/addSysApiInfos', secadmin, { mechanismId: id, apis: [] });
    expect(empty.statusCode).toBe(400);
    // Nothing of the refused batch was attached.
    expect(
      (await get(`/api/safetymechanism/listSysApiInfos?mechanismId=${id}`, secadmin)).json().data.list,
    ).toHaveLength(2);
    const missing = await post('/api/safetymechanism/addSysApiInfos', secadmin, {
      mechanismId: 99999999,
      apis: [{ method: 'POST', url: '/api/dict/findAll' }],
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await get('/api/safetymechanism/listSysApiInfos?mechanismId=99999999', secadmin)).statusCode,
    ).toBe(404);
    expect((await get('/api/safetymechanism/listNoneSysApiInfos?mechanismId=x', secadmin)).statusCode).toBe(
      400,
    );
  });

  it('delSysApiInfos detaches entries (also ones whose route is gone)', async () => {
    await t.database.db
      .insertInto('safetyMechanismApi')
      .values({
        mechanismId: id,
        method: 'POST',
        url: '/api/old/removed',
        createdAt: new Date(),
        createdBy: null,
      })
      .execute();
    const listed = (await get(`/api/safetymechanism/listSysApiInfos?mechanismId=${id}`, secadmin)).json().data
      .list as MechanismApiInfo[];
    expect(listed.find((r) => r.url === '/api/old/removed')).toEqual({
      method: 'POST',
      url: '/api/old/removed',
      permission: '',
      registered: false,
    });
    const del = await post('/api/safetymechanism/delSysApiInfos', secadmin, {
      mechanismId: id,
      apis: [
        { method: 'POST', url: '/api/old/removed' },
        { method: 'POST', url: '/api/dict/findAll' },
        { method: 'POST', url: '/api/dict/update' },
      ],
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data.removed).toBe(2);
    const left = (await get(`/api/safetymechanism/listSysApiInfos?mechanismId=${id}`, secadmin)).json().data
      .list;
    expect(left.map((r: MechanismApiInfo) => r.url)).toEqual(['/api/manage/parameter/getIndustry.json']);
    expect(
      (
        await post('/api/safetymechanism/delSysApiInfos', secadmin, {
          mechanismId: 99999999,
          apis: [{ method: 'GET', url: '/api/x' }],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('delete removes the mechanism with its entries, then 404s', async () => {
    expect((await post(`/api/safetymechanism/delete?id=${id}`, secadmin)).statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom('safetyMechanismApi')
      .select('url')
      .where('mechanismId', '=', id)
      .execute();
    expect(rows).toEqual([]);
    expect((await post(`/api/safetymechanism/delete?id=${id}`, secadmin)).statusCode).toBe(404);
    expect((await post(`/api/safetymechanism/findOne?id=${id}`, secadmin)).statusCode).toBe(404);
    expect((await post('/api/safetymechanism/delete', secadmin)).statusCode).toBe(400);
    const log = await t.database.db
      .selectFrom('sysOperLog')
      .select(['kind', 'module', 'targetId', 'outcome'])
      .where('path', 'like', '/api/safetymechanism/delete%')
      .where('outcome', '=', 'success')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ kind: 'delete', module: '安全机制', targetId: String(id), outcome: 'success' });
  });
});

describe('query parameters (spec 7: params go in the query unless a JSON body is stated)', () => {
  const qs = (params: Record<string, string | string[]>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) for (const one of [v].flat()) p.append(k, one);
    return `?${p.toString()}`;
  };

  it('add, update, addSysApiInfos and delSysApiInfos take their fields in the query', async () => {
    const add = await post(
      `/api/safetymechanism/add${qs({
        name: '查询串机制',
        orderNo: 'SM-Q01',
        subsystemId: String(subsystemId),
        ipAllowlist: '10.1.0.0/16,10.2.0.1',
        ratePerMinute: '30',
      })}`,
      secadmin,
    );
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().data.id as number;
    const one = async () => (await post(`/api/safetymechanism/findOne?id=${id}`, secadmin)).json().data;
    expect(await one()).toMatchObject({
      name: '查询串机制',
      orderNo: 'SM-Q01',
      subsystemId,
      ipAllowlist: ['10.1.0.0/16', '10.2.0.1'],
      ratePerMinute: 30,
      version: 1,
    });

    const update = await post(
      `/api/safetymechanism/update${qs({
        id: String(id),
        version: '1',
        name: '查询串机制（改）',
        orderNo: 'SM-Q01',
        subsystemId: '',
        status: '0',
        ipAllowlist: '',
      })}`,
      secadmin,
    );
    expect(update.statusCode, update.body).toBe(200);
    expect(await one()).toMatchObject({
      name: '查询串机制（改）',
      subsystemId: null,
      status: 0,
      ipAllowlist: [],
    });

    const apis = JSON.stringify([
      { method: 'POST', url: '/api/dict/findAll' },
      { method: 'GET', url: '/api/manage/parameter/getIndustry.json' },
    ]);
    const attach = await post(
      `/api/safetymechanism/addSysApiInfos${qs({ mechanismId: String(id), apis })}`,
      secadmin,
    );
    expect(attach.statusCode, attach.body).toBe(200);
    expect(attach.json().data.added).toBe(2);
    // One object per repeated key works too.
    const detach = await post(
      `/api/safetymechanism/delSysApiInfos${qs({
        mechanismId: String(id),
        apis: [JSON.stringify({ method: 'POST', url: '/api/dict/findAll' })],
      })}`,
      secadmin,
    );
    expect(detach.statusCode, detach.body).toBe(200);
    expect(detach.json().data.removed).toBe(1);
    expect((await one()).apis.map((a: MechanismApiInfo) => a.url)).toEqual([
      '/api/manage/parameter/getIndustry.json',
    ]);
  });

  it('bad query input answers 400 naming the field and changes nothing; 403 for an enterprise', async () => {
    const cases: Array<[string, string, string]> = [
      [
        '/api/safetymechanism/add',
        qs({ name: 'x', orderNo: 'SM-Q02', ipAllowlist: '10.1.2' }),
        'ipAllowlist',
      ],
      [
        '/api/safetymechanism/add',
        qs({ name: 'x', orderNo: 'SM-Q02', ratePerMinute: 'many' }),
        'ratePerMinute',
      ],
      ['/api/safetymechanism/add', qs({ orderNo: 'SM-Q02' }), 'name'],
      ['/api/safetymechanism/addSysApiInfos', qs({ mechanismId: '1', apis: 'not-json' }), 'apis'],
      ['/api/safetymechanism/addSysApiInfos', qs({ mechanismId: '1', apis: '[]' }), 'apis'],
      ['/api/safetymechanism/delSysApiInfos', qs({ mechanismId: 'x', apis: '[]' }), 'mechanismId'],
    ];
    for (const [url, query, field] of cases) {
      const res = await post(`${url}${query}`, secadmin);
      expect(res.statusCode, `${url}${query}`).toBe(400);
      expect(res.json().result, `${url}${query}`).toContain(field);
    }
    const denied = await post(`/api/safetymechanism/add${qs({ name: 'x', orderNo: 'SM-Q02' })}`, ent);
    expect(denied.statusCode).toBe(403);
    const taken = await post(`/api/safetymechanism/checkOrderNo?orderNo=SM-Q02`, secadmin);
    expect(taken.json().data.available).toBe(true);
  });
});
