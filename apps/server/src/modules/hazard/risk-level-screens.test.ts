import { RISK_LEVELS, SCORE_GRADES, scoreGradeOf } from '@aqzrx/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { hazardTokens, orgIdOf, post, submittedCheck, type Tokens } from './hazard.testkit.ts';

/**
 * One 风险等级 (issue 14): the enterprise risk of the rule table (ent_risk) is what the regulator reads as
 * 风险等级 on 企业列表 (GovEntList, its filter and export), 企业详情 (GovEntDetail), 企业风险查询
 * (GovRiskQuery) and 风险详情 (GovRiskDetail). The band of the safety score is a separate figure, 评分等级.
 */
let t: TestContext;
let tok: Tokens;

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  tok = await hazardTokens(t);
});
afterAll(() => t.close());

type Level = { level: number | null; label: string };

/** id → 风险等级 of every enterprise of the regulator, as the enterprise list shows it. */
async function entListLevels(token: string, query = ''): Promise<Map<number, Level>> {
  const out = new Map<number, Level>();
  for (let pageNo = 1; ; pageNo++) {
    const res = await post(t, `/api/enterprise/list?pageSize=500&pageNo=${pageNo}${query}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body.data.page as {
      list: Array<{ id: number; riskLevel: number | null; riskLevelLabel: string }>;
      total: number;
    };
    for (const r of page.list) out.set(r.id, { level: r.riskLevel, label: r.riskLevelLabel });
    if (pageNo * 500 >= page.total) return out;
  }
}

/** id → 风险等级 as the regulator's risk query shows it (0 = 未评定 there). */
async function riskListLevels(token: string, query = ''): Promise<Map<number, Level>> {
  const out = new Map<number, Level>();
  for (let pageNo = 1; ; pageNo++) {
    const res = await post(t, `/api/risk/list?pageSize=500&pageNo=${pageNo}${query}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as unknown as {
      list: Array<{ enterpriseId: number; riskLevel: number; riskLevelLabel: string }>;
      total: number;
    };
    for (const r of data.list)
      out.set(r.enterpriseId, { level: r.riskLevel || null, label: r.riskLevelLabel });
    if (pageNo * 500 >= data.total) return out;
  }
}

async function screensOf(id: number, token = tok.gov) {
  const [detail, risk] = await Promise.all([
    post(t, `/api/enterprise/detail?id=${id}`, token),
    post(t, `/api/risk/detail?enterpriseId=${id}`, token),
  ]);
  expect(detail.status, JSON.stringify(detail.body)).toBe(200);
  expect(risk.status, JSON.stringify(risk.body)).toBe(200);
  return {
    detail: detail.body.data as unknown as {
      riskLevel: number | null;
      riskLevelLabel: string;
      score: number | null;
      scoreGrade: number | null;
    },
    risk: risk.body.data as unknown as { riskLevel: number; riskLevelLabel: string; points: number },
  };
}

describe('one 风险等级 for an enterprise on every screen of the regulator', () => {
  it('企业列表 and 企业风险查询 give every enterprise the same level and label, for the city and a district', async () => {
    for (const token of [tok.gov, tok.gov_sy]) {
      const [ents, risks] = await Promise.all([entListLevels(token), riskListLevels(token)]);
      expect(ents.size).toBeGreaterThan(0);
      expect(ents).toEqual(risks);
    }
    // The demo data has all four colours, with the risk query's labels.
    const levels = [...(await entListLevels(tok.gov)).values()];
    for (const o of RISK_LEVELS)
      expect(levels.filter((l) => l.level === o.value).every((l) => l.label === o.label)).toBe(true);
    expect(new Set(levels.map((l) => l.level))).toEqual(new Set([1, 2, 3, 4]));
  });

  it('the 风险等级 filter of 企业列表 finds exactly the enterprises the risk query finds at that level', async () => {
    for (const o of RISK_LEVELS) {
      const [ents, risks] = await Promise.all([
        entListLevels(tok.gov, `&riskLevel=${o.value}`),
        riskListLevels(tok.gov, `&riskLevel=${o.value}`),
      ]);
      expect(ents.size, o.label).toBeGreaterThan(0);
      expect([...ents.keys()].sort()).toEqual([...risks.keys()].sort());
      expect([...ents.values()].every((l) => l.level === o.value && l.label === o.label)).toBe(true);
    }
    const bad = await post(t, '/api/enterprise/list?riskLevel=0', tok.gov);
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('风险等级为1重大、2较大、3一般或4低');
  });

  it('企业详情 and 风险详情 agree for an enterprise of each level; the 评分等级 is the score’s own band', async () => {
    const ents = await entListLevels(tok.gov);
    for (const o of RISK_LEVELS) {
      const id = [...ents].find(([, l]) => l.level === o.value)![0];
      const { detail, risk } = await screensOf(id);
      expect(detail.riskLevel).toBe(o.value);
      expect(risk.riskLevel).toBe(o.value);
      expect(detail.riskLevelLabel).toBe(risk.riskLevelLabel);
      expect(detail.score).not.toBeNull();
      expect(detail.scoreGrade).toBe(scoreGradeOf(detail.score!));
    }
  });

  it('a major hazard found at ent2 changes its level on all four screens at once', async () => {
    const ent2Id = await orgIdOf(t, 'ent2');
    const before = await screensOf(ent2Id);
    expect(before.detail.riskLevel).toBe(before.risk.riskLevel);
    // One major hazard, four general ones and one fixed on the spot (hazard.testkit).
    await submittedCheck(t, tok);
    const after = await screensOf(ent2Id);
    const listed = (await entListLevels(tok.gov, `&keyword=${encodeURIComponent('顺达')}`)).get(ent2Id);
    const queried = (await riskListLevels(tok.gov, `&keyword=${encodeURIComponent('顺达')}`)).get(ent2Id);
    // The open major hazard weighs: more points, a level no lower (1 重大 is the highest risk).
    expect(after.risk.points).toBeGreaterThan(before.risk.points);
    expect(after.risk.riskLevel).toBeLessThanOrEqual(before.risk.riskLevel);
    expect(after.detail).toMatchObject({
      riskLevel: after.risk.riskLevel,
      riskLevelLabel: after.risk.riskLevelLabel,
    });
    expect(listed).toEqual({ level: after.risk.riskLevel, label: after.risk.riskLevelLabel });
    expect(queried).toEqual(listed);
  });

  it('the .xlsx of 企业列表 labels the rule table’s level 风险等级 and the score band 评分等级', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/enterprise/export?districtCode=321311',
      token: tok.gov,
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    const col = (h: string) => headers.indexOf(h) + 1;
    expect(col('风险等级')).toBeGreaterThan(0);
    expect(col('评分等级')).toBeGreaterThan(0);
    const risks = await riskListLevels(tok.gov, '&districtCode=321311');
    const byName = new Map<string, string>();
    const list = await post(t, '/api/enterprise/list?districtCode=321311&pageSize=500', tok.gov);
    for (const r of list.body.data.page.list as Array<{ id: number; name: string }>)
      byName.set(r.name, risks.get(r.id)!.label);
    let rows = 0;
    ws.eachRow((row, i) => {
      if (i === 1) return;
      rows++;
      const name = String(row.getCell(1).value).replace(/^'/, '');
      expect(String(row.getCell(col('风险等级')).value), name).toBe(byName.get(name));
      const grade = String(row.getCell(col('评分等级')).value ?? '');
      expect(SCORE_GRADES.map((g) => g.label as string).concat([''])).toContain(grade);
    });
    expect(rows).toBe(byName.size);
  });
});
