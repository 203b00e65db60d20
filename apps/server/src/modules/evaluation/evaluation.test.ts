import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, makeOrg, type TestContext } from '../../../test/helpers.ts';
import { download, idem, type Json, makeUser, orgIdOf, post, uploadPdf } from '../policy/policy.testkit.ts';

/** Satisfaction (GovEvaluation) and the service evaluation (GovApEval), issue 15. */
let t: TestContext;
const tok = {} as Record<'ent' | 'ent2' | 'insurer' | 'gov' | 'gov_sy' | 'service' | 'govOther', string>;
let entId: number;
let insurerId: number;

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  for (const u of ['ent', 'ent2', 'insurer', 'gov', 'gov_sy', 'service'] as const) tok[u] = await t.login(u);
  tok.govOther = await makeUser(t, 'gov', 'eval-gov-other', {
    orgId: await makeOrg(t, 'government', '宿迁市某区应急管理局', '321302'),
    districtCodes: '321302',
  });
  entId = await orgIdOf(t, 'ent');
  insurerId = await orgIdOf(t, 'insurer');
});
afterAll(() => t.close());

describe('satisfaction (满意度评价)', () => {
  it('the enterprise answers 投保满意度 for its issued policy once; the regulator sees it by insurer with the comment', async () => {
    const pending = await post(t, '/api/evaluation/pending', tok.ent);
    expect(pending.status).toBe(200);
    const policy = (pending.body.data as unknown as Array<Json & { item: string; targetId: number }>).find(
      (p) => p.item === 'policy',
    );
    expect(policy, 'ent has an issued policy to rate').toBeDefined();
    const body = {
      item: 'policy',
      targetId: policy!.targetId,
      score: 2,
      comment: '保费说明不清楚，希望改进',
    };
    expect((await post(t, '/api/evaluation/answer', tok.ent, body)).status).toBe(200);
    const again = await post(t, '/api/evaluation/answer', tok.ent, body);
    expect(again.status).toBe(409);
    expect(again.body.result).toContain('已评价');
    // Another enterprise cannot rate it (404 like a missing policy); a bad score names the range.
    expect((await post(t, '/api/evaluation/answer', tok.ent2, body)).status).toBe(404);
    const bad = await post(t, '/api/evaluation/answer', tok.ent, { ...body, score: 6 });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('评分为1-5');
    const after = await post(t, '/api/evaluation/pending', tok.ent);
    const left = (after.body.data as unknown as Array<Json & { item: string }>).filter(
      (p) => p.item === 'policy',
    );
    expect(left.map((p) => p.targetId)).not.toContain(policy!.targetId);

    const report = await post(t, '/api/evaluation/report?groupBy=insurer&item=policy', tok.gov);
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const rows = report.body.data.rows as unknown as Array<{
      key: string;
      items: { policy: { count: number } };
    }>;
    expect(rows.find((r) => r.key === String(insurerId))?.items.policy.count).toBeGreaterThan(0);
    const comments = await post(t, '/api/evaluation/comments?item=policy&pageSize=500', tok.gov);
    expect(comments.body.data.list).toContainEqual(
      expect.objectContaining({ comment: '保费说明不清楚，希望改进', score: 2, itemLabel: '投保满意度' }),
    );
  });

  it('all four items appear in the report; the district regulator sees only its districts; export is a workbook', async () => {
    const report = await post(t, '/api/evaluation/report?groupBy=district', tok.gov);
    const totals = report.body.data.totals as unknown as { items: Record<string, { count: number }> };
    expect(totals.items.policy!.count).toBeGreaterThan(0);
    expect(totals.items.record!.count).toBeGreaterThan(0);
    const sy = await post(t, '/api/evaluation/report?groupBy=district', tok.gov_sy);
    const keys = (sy.body.data.rows as unknown as Array<{ key: string }>).map((r) => r.key);
    expect(keys.every((k) => k === '321323')).toBe(true);
    expect((await post(t, '/api/evaluation/report', tok.insurer)).status).toBe(403);
    const file = await download(t, '/api/evaluation/export?groupBy=insurer', tok.gov);
    expect(file.status).toBe(200);
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('satisfaction figures are added up in the database', () => {
  it('per insurer and in total they agree with the ratings listed one by one; pages do not overlap', async () => {
    type Row = { score: number; insurerName: string; itemLabel: string; ratedAt: string; source: string };
    const all: Row[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const res = await post(t, `/api/evaluation/comments?pageNo=${pageNo}&pageSize=7`, tok.gov);
      expect(res.status).toBe(200);
      const list = res.body.data.list as unknown as Row[];
      all.push(...list);
      if (list.length < 7) {
        expect(all.length).toBe(res.body.data.total);
        break;
      }
    }
    expect(all.length).toBeGreaterThan(7);
    expect(new Set(all.map((r) => JSON.stringify(r))).size).toBe(all.length);
    const times = all.map((r) => Date.parse(r.ratedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Hand-computed from the rows: count, average (2 decimals), share of 4 and 5 (1 decimal).
    const fig = (rows: Row[]) => ({
      count: rows.length,
      average: Math.round((rows.reduce((s, r) => s + r.score, 0) / rows.length) * 100) / 100,
      satisfiedRate: Math.round((rows.filter((r) => r.score >= 4).length / rows.length) * 1000) / 10,
    });
    const report = await post(t, '/api/evaluation/report?groupBy=insurer', tok.gov);
    const data = report.body.data as unknown as {
      rows: Array<{ name: string; overall: ReturnType<typeof fig> }>;
      totals: { overall: ReturnType<typeof fig>; items: Record<string, { count: number }> };
    };
    expect(data.totals.overall).toEqual(fig(all));
    const byInsurer = new Map<string, Row[]>();
    for (const r of all)
      if (r.insurerName) byInsurer.set(r.insurerName, [...(byInsurer.get(r.insurerName) ?? []), r]);
    expect(data.rows.length).toBe(byInsurer.size);
    for (const row of data.rows) expect(row.overall, row.name).toEqual(fig(byInsurer.get(row.name)!));
    const claims = all.filter((r) => r.itemLabel === '理赔满意度').length;
    expect(data.totals.items.claim!.count).toBe(claims);
  });
});

describe('service evaluation (服务评估)', () => {
  const body = async (over: Json = {}) => ({
    evalType: '01',
    year: 2025,
    projectName: '2025年度事故预防服务评估',
    commissioningUnit: '宿迁市应急管理局',
    insurerId,
    implementingUnit: '江苏某安全评价有限公司',
    evalDate: '2026-03-15',
    result: 'good',
    score: 88,
    summary: '服务计划执行到位',
    reports: [await uploadPdf(t, tok.gov, '评估报告.pdf')],
    ...over,
  });

  it('the regulator records one with its report; the insurer evaluated reads it, another insurer does not', async () => {
    const res = await post(t, '/api/apEval/add', tok.gov, await body(), idem());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id as number;
    const mine = await post(t, `/api/apEval/detail?id=${id}`, tok.insurer);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ resultLabel: '良好', insurerId, score: 88 });
    const reports = mine.body.data.reports as unknown as Array<{ id: string }>;
    expect(reports).toHaveLength(1);
    const dl = await download(t, `/api/apEval/file?id=${id}&fileId=${reports[0]!.id}`, tok.insurer);
    expect(dl.status).toBe(200);
    const other = await makeUser(t, 'insurer', 'eval-insurer-x', {
      orgId: await makeOrg(t, 'insurer', '某某保险宿迁支公司'),
    });
    expect((await post(t, `/api/apEval/detail?id=${id}`, other)).status).toBe(404);
    const list = await post(t, '/api/apEval/list?pageSize=100', other);
    expect((list.body.data.list as Json[]).map((r) => r.id)).not.toContain(id);
    // The insurer cannot record or change one.
    expect((await post(t, '/api/apEval/add', tok.insurer, await body(), idem())).status).toBe(400);
    // Only the recording organisation edits it; a stale version is 409.
    const v = mine.body.data.version as number;
    expect(
      (await post(t, '/api/apEval/save', tok.govOther, { id, version: v, ...(await body()) })).status,
    ).toBe(404);
    const saved = await post(t, '/api/apEval/save', tok.gov_sy, {
      id,
      version: v,
      ...(await body({ result: 'excellent' })),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await post(t, '/api/apEval/save', tok.gov, { id, version: v, ...(await body()) })).status).toBe(
      409,
    );
    expect((await post(t, '/api/apEval/delete', tok.gov, { id, version: v + 1 })).status).toBe(200);
    expect((await post(t, `/api/apEval/detail?id=${id}`, tok.gov)).status).toBe(404);
  });

  it('refuses a missing report and a non-insurer object with the field to fix', async () => {
    const noReport = await post(t, '/api/apEval/add', tok.gov, await body({ reports: [] }), idem());
    expect(noReport.status).toBe(400);
    expect(noReport.body.result).toContain('请上传评估报告');
    const notInsurer = await post(t, '/api/apEval/add', tok.gov, await body({ insurerId: entId }), idem());
    expect(notInsurer.status).toBe(400);
    expect(notInsurer.body.result).toContain('评估对象须为保险机构');
  });

  it('indicators come from the platform data; the insurer reads its own only; each demo insurer has an evaluation', async () => {
    const year = Number(new Date(t.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 4));
    const ind = await post(t, `/api/apEval/indicators?insurerId=${insurerId}&year=${year}`, tok.gov);
    expect(ind.status, JSON.stringify(ind.body)).toBe(200);
    expect(ind.body.data).toMatchObject({ insurerId, year });
    expect(ind.body.data.complaints as number).toBeGreaterThan(0);
    expect(
      (await post(t, `/api/apEval/indicators?insurerId=${insurerId}&year=${year}`, tok.insurer)).status,
    ).toBe(200);
    const other = await orgIdOf(t, 'ent');
    expect(
      (await post(t, `/api/apEval/indicators?insurerId=${other}&year=${year}`, tok.insurer)).status,
    ).toBe(404);
    // The demo insurers (not the one a test above made).
    const all = (await post(t, '/api/apEval/insurers', tok.gov)).body.data as unknown as Array<{
      orgId: number;
      name: string;
    }>;
    const insurers = all.filter((i) => !i.name.startsWith('某某'));
    expect(insurers.length).toBeGreaterThan(1);
    const list = await post(t, `/api/apEval/list?year=${year - 1}&pageSize=100`, tok.gov);
    const evaluated = new Set(
      (list.body.data.list as Array<Json & { insurerId: number }>).map((r) => r.insurerId),
    );
    for (const i of insurers)
      expect(evaluated.has(i.orgId), `insurer ${i.orgId} ${i.name} evaluated`).toBe(true);
    // Pages of one row walk the same list in the same order, with the full total on each page.
    const all1 = list.body.data.list as Array<Json & { id: number }>;
    const paged: number[] = [];
    for (let pageNo = 1; pageNo <= all1.length; pageNo++) {
      const p = await post(t, `/api/apEval/list?year=${year - 1}&pageSize=1&pageNo=${pageNo}`, tok.gov);
      expect(p.body.data.total).toBe(all1.length);
      paged.push(...(p.body.data.list as Array<Json & { id: number }>).map((r) => r.id));
    }
    expect(paged).toEqual(all1.map((r) => r.id));
  });
});
