import { chinaDate, DISTRICTS } from '@aqzrx/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import type { Actor } from '../enterprise/index.ts';
import { makeUser, orgIdOf, post, secondInsurerId } from '../policy/policy.testkit.ts';
import { claimData, datasetTotals, premiumData, summaryData } from './insurance-data.service.ts';

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
    // The insurer's share of each policy it underwrites (lead or co-insurer).
    const expected = await sql<{ premium: string; n: number }>`
      SELECT coalesce(sum(round(p.premium * pc.share / 100, 2)), 0) AS premium, count(*)::int AS n FROM ins_policy p
      JOIN ins_policy_coinsurer pc ON pc.policy_id = p.id AND pc.insurer_id = ${me}
      WHERE p.status IN ('approved','cancelled') AND p.start_date BETWEEN ${`${year}-01-01`} AND ${`${year}-12-31`}`.execute(
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
    // Twelve months and the 合计 row, as on the page.
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(14);
    const data = await post(t, `/api/insuranceData/claim?year=${year}&groupBy=month`, insurer);
    const totals = datasetTotals('claim', data.body.data as never);
    const last = (ws.getRow(14).values as unknown[]).slice(1);
    expect(last[0]).toBe('合计');
    expect(last.slice(1)).toEqual(
      ['claims', 'closed', 'closeRate', 'paid', 'avgPaid', 'deaths', 'injuries'].map(
        (k) => totals[k] ?? undefined,
      ),
    );
    expect(ws.getRow(14).font?.bold).toBe(true);
    for (const dataset of ['premium', 'ap']) {
      const x = await t.call({
        method: 'POST',
        url: `/api/insuranceData/export?dataset=${dataset}&year=${year}&groupBy=district`,
        token: insurer,
      });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount).toBe(1 + 5 + 1);
      expect(sheet.getRow(7).getCell(1).text).toBe('合计');
    }
    for (const u of ['ent', 'gov'])
      expect((await post(t, '/api/insuranceData/premium', await t.login(u))).status).toBe(403);
  });
});

describe('co-insurance: each insurer counts its share, the regulator each policy once', () => {
  // A year with no demo data: one policy co-insured 70% (lead) / 30%, and one paid claim on it.
  const Y = 2001;
  let insurer2: string;
  beforeAll(async () => {
    const db = t.database.db;
    const me = await orgIdOf(t, 'insurer');
    const other = await secondInsurerId(t);
    insurer2 = await makeUser(t, 'insurer', 'data-insurer2', { orgId: other });
    const p = await sql<{ id: number; enterpriseId: number; districtCode: string }>`
      INSERT INTO ins_policy (application_no, policy_no, enterprise_id, insurer_id, holder_name, holder_uscc,
        district_code, ws_industry_code, status, entered_by, start_date, end_date, headcount, per_person_limit,
        per_accident_limit, benchmark_rate, premium_calc, premium, prevention_fee_pct, prevention_fee,
        prevention_frequency)
      SELECT 'TB-COINS-2001', 'COINS-2001-0001', enterprise_id, ${me}, holder_name, holder_uscc, district_code,
        ws_industry_code, 'approved', 'insurer', '2001-03-01', '2002-02-28', 10, per_person_limit, 2000000,
        benchmark_rate, 10000, 10000, 10, 1000, 2
      FROM ins_policy WHERE status = 'approved' ORDER BY id LIMIT 1
      RETURNING id, enterprise_id AS "enterpriseId", district_code AS "districtCode"`.execute(db);
    const policy = p.rows[0]!;
    await db
      .insertInto('insPolicyCoinsurer')
      .values([
        { policyId: policy.id, insurerId: me, role: '01', share: '70' },
        { policyId: policy.id, insurerId: other, role: '02', share: '30' },
      ])
      .execute();
    await sql`
      INSERT INTO ins_claim (report_no, policy_id, enterprise_id, insurer_id, district_code, phase, step,
        reporter_name, reporter_phone_enc, reported_at, accident_at, accident_district_code, accident_address,
        accident_desc, deaths, injuries, advance_total, payout_total, paid_at, closed_at, close_type)
      VALUES ('BA-COINS-2001', ${policy.id}, ${policy.enterpriseId}, ${me}, ${policy.districtCode}, 'closed', 8,
        '钱安全', '', '2001-05-10T02:00:00Z', '2001-05-09T02:00:00Z', ${policy.districtCode},
        '厂区', '装卸作业时一名工人受伤', 0, 1, 1000, 5000, '2001-06-01T02:00:00Z', '2001-06-02T02:00:00Z', 'paid')`.execute(
      db,
    );
  });

  const total = (rows: Row[], key: string) => rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);
  const figures = async (token: string) => {
    const prem = await post(t, `/api/insuranceData/premium?year=${Y}&groupBy=district`, token);
    const ap = await post(t, `/api/insuranceData/ap?year=${Y}&groupBy=district`, token);
    const claim = await post(t, `/api/insuranceData/claim?year=${Y}&groupBy=district`, token);
    const q = await post(t, `/api/insuranceData/query?year=${Y}`, token);
    const items = Object.fromEntries(
      (q.body.data.items as unknown as Array<{ name: string; value: number }>).map((i) => [i.name, i.value]),
    );
    const p = prem.body.data.rows as unknown as Row[];
    const c = claim.body.data.rows as unknown as Row[];
    return {
      policies: total(p, 'policies'),
      premium: total(p, 'premium'),
      sumInsuredWan: total(p, 'sumInsuredWan'),
      preventionFee: total(ap.body.data.rows as unknown as Row[], 'preventionFee'),
      claims: total(c, 'claims'),
      paid: total(c, 'paid'),
      items,
    };
  };

  it('the lead insurer counts 70% of premium, sum insured, prevention fee and payouts; the co-insurer 30%', async () => {
    const lead = await figures(insurer);
    expect(lead).toMatchObject({
      policies: 1,
      premium: 7000,
      sumInsuredWan: 140,
      preventionFee: 700,
      claims: 1,
      paid: 3500,
    });
    expect(lead.items).toMatchObject({
      insuredEnterprises: 1,
      premium: 7000,
      sumInsured: 140,
      preventionFee: 700,
      claims: 1,
      claimPaid: 3500,
    });
    const co = await figures(insurer2);
    expect(co).toMatchObject({
      policies: 1,
      premium: 3000,
      sumInsuredWan: 60,
      preventionFee: 300,
      claims: 1,
      paid: 1500,
    });
    expect(co.items).toMatchObject({ premium: 3000, sumInsured: 60, claimPaid: 1500 });
  });

  it('city-wide (regulator) figures count the policy and its payout once, in full', async () => {
    const gov: Actor = {
      kind: 'government',
      orgId: null,
      userId: 0,
      name: '监管',
      orgName: '宿迁市应急管理局',
      districts: DISTRICTS.map((d) => d.value),
    };
    const prem = await premiumData(t.database.db, gov, Y, 'month');
    expect(total(prem.rows as Row[], 'policies')).toBe(1);
    expect(total(prem.rows as Row[], 'premium')).toBe(10000);
    expect(total(prem.rows as Row[], 'sumInsuredWan')).toBe(200);
    const claim = await claimData(t.database.db, gov, Y, 'month');
    expect(total(claim.rows as Row[], 'paid')).toBe(5000);
    const summary = await summaryData(t.database.db, gov, Y, t.clock.now());
    expect(Object.fromEntries(summary.items.map((i) => [i.name, i.value]))).toMatchObject({
      premium: 10000,
      sumInsured: 200,
      preventionFee: 1000,
      claims: 1,
      claimPaid: 5000,
    });
  });

  it('综合查询 exports its summary and the combined table with 简单赔付率, in spec 9 labels and units', async () => {
    const res = await t.call({
      method: 'POST',
      url: `/api/insuranceData/export?dataset=query&year=${Y}&groupBy=month`,
      token: insurer,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`${Y}年综合查询（按月份）.xlsx`));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['汇总', '综合数据']);
    const values = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);
    const sum = wb.worksheets[0]!;
    expect(values(sum, 1)).toEqual(['项目', '数值', '单位']);
    const summary = Array.from({ length: sum.rowCount - 1 }, (_, i) => values(sum, i + 2));
    expect(summary.slice(0, 6)).toEqual([
      [`${Y}年投保企业`, 1, '家'],
      [`${Y}年保费`, 7000, '元'],
      [`${Y}年保额`, 140, '万元'],
      [`${Y}年事故预防费用`, 700, '元'],
      [`${Y}年理赔案件`, 1, '件'],
      [`${Y}年理赔费用`, 3500, '元'],
    ]);
    const table = wb.worksheets[1]!;
    expect(values(table, 1)).toEqual([
      '月份',
      '保单数（件）',
      '投保企业（家）',
      '保费（元）',
      '保额（万元）',
      '事故预防费用（元）',
      '理赔案件（件）',
      '理赔费用（元）',
      '简单赔付率（%）',
    ]);
    expect(table.rowCount).toBe(1 + 12 + 1);
    expect(values(table, 4)).toEqual(['3月', 1, 1, 7000, 140, 700, 0, 0, 0]);
    expect(values(table, 6).slice(0, 8)).toEqual(['5月', 0, 0, 0, 0, 0, 1, 3500]);
    expect(table.getRow(6).getCell(9).text).toBe(''); // no premium in May: no ratio
    expect(values(table, 14)).toEqual(['合计', 1, 1, 7000, 140, 700, 1, 3500, 50]);
    // Without the export action the same data cannot be downloaded.
    expect(
      (await post(t, `/api/insuranceData/export?dataset=query&year=${Y}`, await t.login('ent'))).status,
    ).toBe(403);
    expect((await post(t, `/api/insuranceData/export?dataset=all&year=${Y}`, insurer)).status).toBe(400);
  });
});

describe('money rounded once per share; 案均赔付金额 over closed claims only', () => {
  // A year with no demo data: two policies in which the insurer holds a third, with fees whose share has
  // a fraction of a cent; one claim closed and paid, one open with an advance.
  const Y = 2003;
  let policyIds: number[] = [];
  beforeAll(async () => {
    const db = t.database.db;
    const me = await orgIdOf(t, 'insurer');
    const other = await secondInsurerId(t);
    policyIds = [];
    for (const [n, start] of [
      [1, '2003-01-15'],
      [2, '2003-02-15'],
    ] as const) {
      const p = await sql<{ id: number; enterpriseId: number; districtCode: string }>`
        INSERT INTO ins_policy (application_no, policy_no, enterprise_id, insurer_id, holder_name, holder_uscc,
          district_code, ws_industry_code, status, entered_by, start_date, end_date, headcount, per_person_limit,
          per_accident_limit, benchmark_rate, premium_calc, premium, prevention_fee_pct, prevention_fee,
          prevention_frequency)
        SELECT ${`TB-ROUND-${n}`}, ${`ROUND-2003-000${n}`}, enterprise_id, ${me}, holder_name, holder_uscc,
          district_code, ws_industry_code, 'approved', 'insurer', ${start}::date, (${start}::date + 364), 10,
          per_person_limit, 2000000, benchmark_rate, 1000.01, 1000.01, 10, 100.01, 2
        FROM ins_policy WHERE status = 'approved' ORDER BY id LIMIT 1
        RETURNING id, enterprise_id AS "enterpriseId", district_code AS "districtCode"`.execute(db);
      const policy = p.rows[0]!;
      policyIds.push(policy.id);
      await db
        .insertInto('insPolicyCoinsurer')
        .values([
          { policyId: policy.id, insurerId: me, role: '01', share: '33.33' },
          { policyId: policy.id, insurerId: other, role: '02', share: '66.67' },
        ])
        .execute();
      // January: closed and paid 3000; February: open, 600 advanced.
      const closed = n === 1;
      await sql`
        INSERT INTO ins_claim (report_no, policy_id, enterprise_id, insurer_id, district_code, phase, step,
          reporter_name, reporter_phone_enc, reported_at, accident_at, accident_district_code, accident_address,
          accident_desc, deaths, injuries, advance_total, payout_total, paid_at, closed_at, close_type)
        VALUES (${`BA-ROUND-${n}`}, ${policy.id}, ${policy.enterpriseId}, ${me}, ${policy.districtCode},
          ${closed ? 'closed' : 'registered'}, ${closed ? 8 : 2}, '钱安全', '',
          ${`${start}T02:00:00Z`}::timestamptz, ${`${start}T01:00:00Z`}::timestamptz, ${policy.districtCode},
          '厂区', '装卸作业时一名工人受伤', 0, 1, ${closed ? 0 : 600}, ${closed ? 3000 : null},
          ${closed ? `${start}T03:00:00Z` : null}::timestamptz, ${closed ? `${start}T04:00:00Z` : null}::timestamptz,
          ${closed ? 'paid' : null})`.execute(db);
    }
  });

  it('groups, 合计 and the 综合查询 summary show the same cents', async () => {
    const ap = await post(t, `/api/insuranceData/ap?year=${Y}&groupBy=month`, insurer);
    const rows = ap.body.data.rows as unknown as Row[];
    // 100.01 × 33.33 % = 33.333333 → 33.33 per policy; rounding the unrounded sum (66.666666) would say
    // 66.67 in the summary while the months add up to 66.66.
    expect(rows.slice(0, 2).map((r) => r.preventionFee)).toEqual([33.33, 33.33]);
    expect(datasetTotals('ap', ap.body.data as never).preventionFee).toBe(66.66);
    const prem = await post(t, `/api/insuranceData/premium?year=${Y}&groupBy=month`, insurer);
    const premTotal = datasetTotals('premium', prem.body.data as never).premium;
    expect(premTotal).toBe(666.6); // 1000.01 × 33.33 % = 333.303333 → 333.30, twice
    const q = await post(t, `/api/insuranceData/query?year=${Y}`, insurer);
    const items = Object.fromEntries(
      (q.body.data.items as unknown as Array<{ name: string; value: number }>).map((i) => [i.name, i.value]),
    );
    expect(items.preventionFee).toBe(66.66);
    expect(items.premium).toBe(666.6);
    // The 综合查询 export agrees with both.
    const res = await t.call({
      method: 'POST',
      url: `/api/insuranceData/export?dataset=query&year=${Y}&groupBy=month`,
      token: insurer,
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(5).getCell(2).value).toBe(66.66);
    expect(wb.worksheets[1]!.getRow(14).getCell(6).value).toBe(66.66);
  });

  it('案均赔付金额 = paid on closed claims ÷ closed claims; none for a month without a closed claim', async () => {
    const claim = await post(t, `/api/insuranceData/claim?year=${Y}&groupBy=month`, insurer);
    const rows = claim.body.data.rows as unknown as Row[];
    // The insurer's third: 3000 → 999.90 paid on the closed claim; 600 → 199.98 advanced on the open one.
    expect(rows[0]).toMatchObject({ claims: 1, closed: 1, paid: 999.9, avgPaid: 999.9 });
    expect(rows[1]).toMatchObject({ claims: 1, closed: 0, paid: 199.98 });
    expect(rows[1]).not.toHaveProperty('avgPaid');
    expect(rows[2]).not.toHaveProperty('avgPaid');
    const totals = datasetTotals('claim', claim.body.data as never);
    expect(totals).toMatchObject({ claims: 2, closed: 1, closeRate: 50, paid: 1199.88, avgPaid: 999.9 });
    // The export: an empty cell where a month has no closed claim, the average of closed claims in 合计.
    const res = await t.call({
      method: 'POST',
      url: `/api/insuranceData/export?dataset=claim&year=${Y}&groupBy=month`,
      token: insurer,
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(2).getCell(6).value).toBe(999.9);
    expect(ws.getRow(3).getCell(6).text).toBe('');
    expect((ws.getRow(14).values as unknown[]).slice(1)).toEqual(['合计', 2, 1, 50, 1199.88, 999.9, 0, 2]);
  });
});
