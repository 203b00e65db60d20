import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { syncBase } from '../../seed/seed.ts';
import { makeUser } from '../policy/policy.testkit.ts';

let t: TestContext;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  for (const u of ['admin', 'gov', 'ent', 'insurer', 'service', 'expert']) tok[u] = await t.login(u);
});
afterAll(() => t.close());

const post = (url: string, token?: string, payload?: unknown) =>
  t.call({
    method: 'POST',
    url,
    ...(token ? { token } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
const get = (url: string) => t.call({ method: 'GET', url });

interface Rule {
  id: number;
  name: string;
  docNo: string;
  issuer: string;
  level: string;
  levelName: string;
  publishDate: string;
  effectiveDate: string | null;
  status: string;
  statusName: string;
  revisedById: number | null;
  revisedByName: string;
  repealedDate: string | null;
  version: number;
}

const newRule = {
  name: '宿迁市安全生产责任保险工作实施意见',
  docNo: '宿应急〔2026〕1号',
  issuer: '宿迁市应急管理局',
  level: 'local',
  publishDate: '2026-01-15',
  effectiveDate: '2026-02-01',
  summary: '本市实施意见',
  body: '<p>实施意见全文<script>alert(1)</script><img src=x onerror=alert(1)></p>',
};

describe('the seeded rules library (domain.md 1.1)', () => {
  it('lists the instruments with numbers, issuers, dates and status, without a token', async () => {
    const res = await get('/api/public/rule/list?pageSize=50');
    expect(res.statusCode).toBe(200);
    const list = res.json().data.list as Rule[];
    const byDoc = Object.fromEntries(list.map((r) => [r.docNo || r.name, r]));
    expect(byDoc['应急〔2025〕27号']).toMatchObject({
      name: '安全生产责任保险实施办法（2025年修订）',
      level: 'normative',
      levelName: '规范性文件',
      publishDate: '2025-03-29',
      status: 'current',
      statusName: '现行有效',
    });
    expect(byDoc['应急〔2025〕27号']!.issuer).toContain('金融监管总局');
    const old = byDoc['安监总办〔2017〕140号'];
    expect(old).toMatchObject({
      issuer: '国家安全监管总局、保监会、财政部',
      publishDate: '2017-12-12',
      effectiveDate: '2018-01-01',
      status: 'repealed',
      statusName: '已废止',
      repealedDate: '2025-03-29',
      revisedById: byDoc['应急〔2025〕27号']!.id,
      revisedByName: '安全生产责任保险实施办法（2025年修订）',
    });
    expect(byDoc['AQ 9010-2019']).toMatchObject({
      level: 'standard',
      publishDate: '2019-08-12',
      effectiveDate: '2020-02-01',
    });
    expect(byDoc.国务院令第493号).toMatchObject({
      level: 'regulation',
      name: '生产安全事故报告和调查处理条例',
    });
    expect(byDoc.中华人民共和国主席令第八十八号).toMatchObject({
      level: 'law',
      effectiveDate: '2021-09-01',
    });
  });

  it('filters by level, status and keyword; detail counts views; 404 for a missing id', async () => {
    const laws = (await get('/api/public/rule/list?level=law')).json().data.list as Rule[];
    expect(laws.length).toBe(2);
    expect(laws.every((r) => r.level === 'law')).toBe(true);
    const repealed = (await get('/api/public/rule/list?status=repealed')).json().data.list as Rule[];
    expect(repealed.map((r) => r.docNo)).toEqual(['安监总办〔2017〕140号']);
    const kw = (await get(`/api/public/rule/list?keyword=${encodeURIComponent('隐患')}`)).json().data
      .list as Rule[];
    expect(kw.map((r) => r.name)).toContain('安全生产事故隐患排查治理暂行规定');
    expect((await get('/api/public/rule/list?level=bylaw')).statusCode).toBe(400);

    const d1 = await get(`/api/public/rule/detail?id=${laws[0]!.id}`);
    expect(d1.statusCode).toBe(200);
    expect(d1.json().data.body).toContain('<p>');
    expect(d1.json().data.viewCount).toBe(1);
    expect((await get(`/api/public/rule/detail?id=${laws[0]!.id}`)).json().data.viewCount).toBe(2);
    expect((await get('/api/public/rule/detail?id=999999')).statusCode).toBe(404);
  });
});

describe('rule keyword search (search_vec, text-search.ts)', () => {
  const names = async (keyword: string) =>
    (
      (await get(`/api/public/rule/list?pageSize=50&keyword=${encodeURIComponent(keyword)}`)).json().data
        .list as Rule[]
    ).map((r) => r.name);

  it('finds document numbers: Chinese (主席令第二十六号), ASCII standards (AQ 9010), numbers by word prefix', async () => {
    expect(await names('主席令第二十六号')).toEqual(['中华人民共和国保险法']);
    expect(await names('国务院令第493号')).toEqual(['生产安全事故报告和调查处理条例']);
    for (const k of ['AQ 9010-2019', 'aq 9010', 'AQ', '9010', '2019']) {
      expect(await names(k), k).toContain('安全生产责任保险事故预防技术服务规范');
    }
    expect(await names('AQ 9011')).toEqual([]);
  });

  it('two-character and one-character keywords; characters that appear apart do not match', async () => {
    expect(await names('保险')).toEqual(expect.arrayContaining(['中华人民共和国保险法']));
    const one = await names('赔');
    const scan = await t.database.db
      .selectFrom('cmsRule')
      .select('name')
      .where('deletedAt', 'is', null)
      .where('searchText', 'like', '%赔%')
      .execute();
    expect(one.length).toBeGreaterThan(0);
    expect([...one].sort()).toEqual(scan.map((r) => r.name).sort());
    // 保险法 holds 保 and 法 in many places but never 法保 (nor 险保) next to each other.
    expect(await names('法保')).toEqual([]);
    expect(await names('险保')).toEqual([]);
  });

  it('a saved rule is found by its name, number and body at once; an edit replaces the old words', async () => {
    const add = await post('/api/rule/add', tok.admin, {
      ...newRule,
      name: '宿迁市危险化学品企业投保指引',
      docNo: '宿应急〔2026〕9号',
      body: '<p>适用于GB 30000.18所列危险化学品生产企业。</p>',
    });
    expect(add.statusCode).toBe(200);
    const id = add.json().data.id as number;
    for (const k of ['危险化学品企业投保', '〔2026〕9号', 'GB 30000', '30000.18']) {
      expect(await names(k), k).toEqual(['宿迁市危险化学品企业投保指引']);
    }
    const d = (await post(`/api/rule/detail?id=${id}`, tok.admin)).json().data;
    const edit = await post('/api/rule/save', tok.admin, {
      ...newRule,
      id,
      version: d.version,
      name: '宿迁市烟花爆竹企业投保指引',
      docNo: '宿应急〔2026〕9号',
      body: '<p>适用于烟花爆竹经营企业。</p>',
    });
    expect(edit.statusCode).toBe(200);
    expect(await names('危险化学品企业投保')).toEqual([]);
    expect(await names('烟花爆竹')).toEqual(['宿迁市烟花爆竹企业投保指引']);
  });
});

describe('rule administration (rule.*)', () => {
  it('add (sanitised) → save with a stale version 409 → mark revised → delete refused while referenced', async () => {
    const add = await post('/api/rule/add', tok.admin, newRule);
    expect(add.statusCode).toBe(200);
    const id = add.json().data.id as number;
    const d = (await post(`/api/rule/detail?id=${id}`, tok.admin)).json().data;
    expect(d.body).toBe('<p>实施意见全文<img src="x" /></p>');
    expect(d.viewCount).toBe(0);

    const v2 = await post('/api/rule/add', tok.admin, {
      ...newRule,
      name: '实施意见（修订）',
      publishDate: '2026-06-01',
      effectiveDate: null,
    });
    const newId = v2.json().data.id as number;
    const stale = await post('/api/rule/save', tok.admin, {
      ...newRule,
      id,
      version: 9,
      status: 'revised',
      revisedById: newId,
    });
    expect(stale.statusCode).toBe(409);
    const revised = await post('/api/rule/save', tok.admin, {
      ...newRule,
      id,
      version: d.version,
      status: 'revised',
      revisedById: newId,
    });
    expect(revised.statusCode).toBe(200);
    const after = (await post(`/api/rule/detail?id=${id}`, tok.admin)).json().data;
    expect(after).toMatchObject({
      status: 'revised',
      statusName: '已修订',
      revisedById: newId,
      revisedByName: '实施意见（修订）',
    });

    const refused = await post(`/api/rule/delete?id=${newId}`, tok.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().result).toContain('新版本');
    expect((await post(`/api/rule/delete?id=${id}&version=${after.version}`, tok.admin)).statusCode).toBe(
      200,
    );
    expect((await post(`/api/rule/delete?id=${newId}`, tok.admin)).statusCode).toBe(200);
    expect((await get(`/api/public/rule/detail?id=${id}`)).statusCode).toBe(404);
    expect((await post(`/api/rule/delete?id=${id}`, tok.admin)).statusCode).toBe(404);
  });

  it('400 names the field and states the rule to follow', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...newRule, name: '' }, 'name'],
      [{ ...newRule, level: 'bylaw' }, 'level'],
      [{ ...newRule, publishDate: '2026/01/15' }, 'publishDate'],
      [{ ...newRule, effectiveDate: '2025-12-31' }, 'effectiveDate'],
      [{ ...newRule, status: 'revised' }, 'revisedById'],
      [{ ...newRule, status: 'repealed' }, 'repealedDate'],
      [{ ...newRule, status: 'current', repealedDate: '2026-03-01' }, 'repealedDate'],
      [{ ...newRule, status: 'revised', revisedById: 999999 }, 'revisedById'],
      [{ ...newRule, sourceUrl: 'javascript:alert(1)' }, 'sourceUrl'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/api/rule/add', tok.admin, body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().result, field).toContain(field);
    }
    const noVersion = await post('/api/rule/save', tok.admin, { ...newRule, id: 1 });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().result).toContain('version');
    expect((await post('/api/rule/save', tok.admin, { ...newRule, id: 999999, version: 1 })).statusCode).toBe(
      404,
    );
  });

  it('the government (rule CRUD) may manage rules; other roles get 403; no token 401', async () => {
    const gov = await post('/api/rule/add', tok.gov, { ...newRule, name: '监管部门新增法规' });
    expect(gov.statusCode).toBe(200);
    for (const u of ['ent', 'insurer', 'service', 'expert']) {
      expect((await post('/api/rule/add', tok[u], newRule)).statusCode, u).toBe(403);
      expect((await post('/api/rule/list', tok[u])).statusCode, u).toBe(403);
      expect((await post(`/api/rule/delete?id=${gov.json().data.id}`, tok[u])).statusCode, u).toBe(403);
      expect((await post('/api/rule/save', tok[u], { ...newRule, id: 1, version: 1 })).statusCode, u).toBe(
        403,
      );
      expect((await post('/api/rule/detail?id=1', tok[u])).statusCode, u).toBe(403);
    }
    for (const url of ['/api/rule/list', '/api/rule/detail?id=1', '/api/rule/delete?id=1']) {
      expect((await post(url)).statusCode, url).toBe(401);
    }
    expect((await post('/api/rule/add', undefined, newRule)).statusCode).toBe(401);
    const list = await post('/api/rule/list?pageSize=5', tok.admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({ pageNum: 1, pageSize: 5 });
  });
});

describe('district regulators and the city library', () => {
  it('a district regulator changes its district’s entries only; the city changes any', async () => {
    const siyang = await t.login('gov_sy');
    const colleague = await makeUser(t, 'gov', 'rules-gov-siyang-2', { districtCodes: '321323' });
    const sucheng = await makeUser(t, 'gov', 'rules-gov-sucheng', { districtCodes: '321302' });
    const version = async (id: number) =>
      (await post(`/api/rule/detail?id=${id}`, tok.admin)).json().data.version;
    const save = (token: string, id: number, v: number, name: string) =>
      post('/api/rule/save', token, { ...newRule, id, version: v, name });

    const own = (await post('/api/rule/add', siyang, { ...newRule, name: '泗阳县实施细则' })).json().data
      .id as number;
    expect((await save(colleague, own, await version(own), '泗阳县实施细则（修订）')).statusCode).toBe(200);
    expect((await save(sucheng, own, await version(own), '宿城区改写泗阳县细则')).statusCode).toBe(404);
    expect((await save(tok.gov!, own, await version(own), '泗阳县实施细则（市局校对）')).statusCode).toBe(
      200,
    );

    const city = (await post('/api/rule/add', tok.gov, { ...newRule, name: '市级实施意见' })).json().data
      .id as number;
    const before = await version(city);
    const refused = await save(siyang, city, before, '泗阳县改写市级文件');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().result).toBe('法规不存在');
    expect((await post(`/api/rule/delete?id=${city}`, siyang)).statusCode).toBe(404);
    expect(await version(city)).toBe(before);
    // Reading the whole library stays open to it.
    expect((await post(`/api/rule/detail?id=${city}`, siyang)).statusCode).toBe(200);
    expect((await post(`/api/rule/delete?id=${own}`, siyang)).statusCode).toBe(200);
  });
});

describe('reference content sync', () => {
  it('runs on every start without duplicating rules, pages or classes, and keeps deletions deleted', async () => {
    const count = async () => {
      const db = t.database.db;
      const c = async (table: 'cmsRule' | 'cmsArticle' | 'cmsClass') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return [await c('cmsRule'), await c('cmsArticle'), await c('cmsClass')];
    };
    const seeded = (await get('/api/public/rule/list?level=standard')).json().data.list[0];
    await post(`/api/rule/delete?id=${seeded.id}`, tok.admin);
    const before = await count();
    await syncBase(t.database.db);
    expect(await count()).toEqual(before);
    expect((await get(`/api/public/rule/detail?id=${seeded.id}`)).statusCode).toBe(404);
  });
});
