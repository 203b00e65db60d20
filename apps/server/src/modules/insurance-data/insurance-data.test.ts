import { chinaDate } from '@aqzrx/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { orgIdOf, post } from '../policies/policies.testkit.ts';

let t: TestContext;
let insurer: string;
let year: number;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  insurer = await t.login('insurer');
  year = Number(chinaDate(t.clock.now()).slice(0, 4));
});
afterAll(() => t.close());

type Row = { key: string; name: string; [k: string]: number | string };

describe('insurer data pages', () => {
  it('premium by month: twelve rows whose totals match the insurer’s own issued policies', async () => {
    const res = await post(t, `/api/insuranceData/premium?year=${year}&groupBy=month`, insurer);
    expect(res.status).toBe(200);
    const rows = res.body.data.rows as unknown as Row[];
    expect(rows).toHaveLength(12);
    expect(rows[0]!.name).toBe('1月');
    const cols = res.body.data.columns as unknown as Array<{ label: string; unit: string }>;
    expect(cols.map((c) => `${c.label}(${c.unit})`)).toEqual([
      '保单数(件)',
      '投保企业(家)',
      '保费(元)',
      '保额(万元)',
      '参保人数(人)',
    ]);
    const me = await orgIdOf(t, 'insurer');
    const expected = await sql<{ premium: string; n: number }>`
      SELECT coalesce(sum(p.premium), 0) AS premium, count(*)::int AS n FROM ins_policy p
      WHERE p.status IN ('approved','cancelled') AND p.start_date BETWEEN ${`${year}-01-01`} AND ${`${year}-12-31`}
        AND p.id IN (SELECT policy_id FROM ins_policy_coinsurer WHERE insurer_id = ${me})`.execute(
      t.database.db,
    );
    const sum = rows.reduce((s, r) => s + (r.premium as number), 0);
    expect(Math.round(sum * 100)).toBe(Math.round(Number(expected.rows[0]!.premium) * 100));
    expect(rows.reduce((s, r) => s + (r.policies as number), 0)).toBe(expected.rows[0]!.n);
  });

  it('by district and industry, with Chinese names; claims with close rate; prevention fee', async () => {
    const d = await post(t, `/api/insuranceData/premium?year=${year}&groupBy=district`, insurer);
    expect((d.body.data.rows as unknown as Row[]).map((r) => r.name)).toEqual([
      '宿城区',
      '宿豫区',
      '沭阳县',
      '泗阳县',
      '泗洪县',
    ]);
    const i = await post(t, `/api/insuranceData/premium?year=${year}&groupBy=industry`, insurer);
    expect((i.body.data.rows as unknown as Row[])[1]!.name).toBe('危险化学品');
    const c = await post(t, `/api/insuranceData/claim?year=${year}&groupBy=district`, insurer);
    const crow = c.body.data.rows as unknown as Row[];
    for (const r of crow) expect((r.closeRate as number) >= 0 && (r.closeRate as number) <= 100).toBe(true);
    expect((c.body.data.columns as unknown as Array<{ label: string }>).map((x) => x.label)).toContain(
      '理赔费用',
    );
    const ap = await post(t, `/api/insuranceData/ap?year=${year}`, insurer);
    for (const r of ap.body.data.rows as unknown as Row[]) expect((r.feeRatio as number) <= 21).toBe(true);
    const q = await post(t, `/api/insuranceData/query?year=${year}`, insurer);
    const items = q.body.data.items as unknown as Array<{ name: string; unit: string; value: number }>;
    expect(items.map((x) => x.unit)).toEqual(['家', '元', '万元', '元', '件', '元']);
    expect(items[0]!.value).toBeGreaterThan(0);
    expect((await post(t, '/api/insuranceData/premium?groupBy=week', insurer)).status).toBe(400);
  });

  it('exports to .xlsx with the labels and units; other roles have no access', async () => {
    const res = await t.call({
      method: 'POST',
      url: `/api/insuranceData/export?dataset=claim&year=${year}&groupBy=month`,
      token: insurer,
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      '月份',
      '理赔案件（件）',
      '结案数（件）',
      '结案率（%）',
      '理赔费用（元）',
      '案均赔付金额（元）',
      '死亡人数（人）',
      '受伤人数（人）',
    ]);
    expect(wb.worksheets[0]!.rowCount).toBe(13);
    for (const u of ['ent', 'gov'])
      expect((await post(t, '/api/insuranceData/premium', await t.login(u))).status).toBe(403);
  });
});
