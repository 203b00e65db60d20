// Claim reads beside the walk in claim.test.ts: accident grading, export, scope, counts and rules.
import { addDays, chinaDate, minAccidentLevel } from '@aqzrx/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers.ts';
import {
  download,
  makeUser,
  orgIdOf,
  post,
  secondInsurerId,
  TEST_PDF,
  uploadPdf,
  waitForLog,
} from '../policy/policy.testkit.ts';
import { type ClaimKit, openClaimKit } from './claim.testkit.ts';

let t: TestContext;
let ent: string;
let ent2: string;
let insurer: string;
let gov: string;
let report: ClaimKit['report'];
let detail: ClaimKit['detail'];
let step: ClaimKit['step'];

beforeAll(async () => {
  const k = await openClaimKit();
  ({ t, report, detail, step } = k);
  ({ ent, ent2, insurer, gov } = k.tok);
});
afterAll(() => t.close());

describe('accident level against casualties and loss (domain 1.7)', () => {
  const register = (id: number, over: Record<string, unknown>) =>
    step(insurer, id, {
      step: 3,
      accidentType: '09',
      cause: '临边防护缺失',
      estimatedLoss: 300000,
      ...over,
    });

  it('refuses a level lower than the deaths, serious injuries or estimated loss imply, naming both', async () => {
    const id = (await report(ent2, { deaths: 3, injuries: 12 })).body.data.id as number;
    let r = await register(id, { accidentLevel: 2 });
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('死亡3人及以上应为较大及以上事故等级');
    expect(r.body.result).toContain('一般事故');
    r = await register(id, { accidentLevel: 3, seriousInjuries: 13 });
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('不能超过报案时的受伤人数（12人）');
    r = await register(id, { accidentLevel: 3, estimatedLoss: 50_000_000 });
    expect(r.body.result).toContain('直接经济损失5000万元及以上应为重大及以上事故等级');
    r = await register(id, { accidentLevel: 3, seriousInjuries: 10 });
    expect(r.status).toBe(200);
    const d = await detail(insurer, id);
    expect(d.body.data).toMatchObject({ accidentLevel: 3, accidentLevelLabel: '较大事故' });
    const reg = (d.body.data.timeline as Array<{ step: number; data: Record<string, unknown> }>).find(
      (e) => e.step === 3,
    );
    expect(reg?.data).toMatchObject({ accidentLevel: 3, seriousInjuries: 10 });
  });

  it('a serious injury makes at least a general accident; none lets level 1 stand', async () => {
    const a = (await report(ent2, { deaths: 0, injuries: 2 })).body.data.id as number;
    const r = await register(a, { accidentLevel: 1, seriousInjuries: 1 });
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('重伤1人及以上应为一般及以上事故等级');
    expect((await register(a, { accidentLevel: 1 })).status).toBe(200);
  });

  it('every registered demo claim has a level at or above what its casualties and loss imply', async () => {
    const rows = await t.database.db
      .selectFrom('insClaim as c')
      .innerJoin('insClaimStep as s', (j) => j.onRef('s.claimId', '=', 'c.id').on('s.step', '=', 3))
      .select(['c.id', 'c.deaths', 'c.accidentLevel', 'c.estimatedLoss', 's.data'])
      .where('c.accidentLevel', 'is not', null)
      .execute();
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) {
      const seriousInjuries = Number((r.data as { seriousInjuries?: number }).seriousInjuries ?? 0);
      const min = minAccidentLevel({
        deaths: r.deaths,
        seriousInjuries,
        directLoss: Number(r.estimatedLoss),
      }).level;
      expect(r.accidentLevel, `claim ${r.id}`).toBeGreaterThanOrEqual(min);
    }
  });
});

describe('.xlsx export times', () => {
  it('writes China time (UTC+8) as YYYY-MM-DD HH:mm, not UTC ISO text', async () => {
    // 23:30 China time is 15:30 UTC, and 00:15 the next day is 16:15 UTC of the same UTC day.
    const day = chinaDate(new Date(t.clock.now().getTime() - 3 * 86_400_000));
    const next = addDays(day, 1);
    const r = await report(ent2, {
      accidentAt: `${day}T23:30:00+08:00`,
      reportedAt: `${next}T00:15:00+08:00`,
    });
    expect(r.status).toBe(200);
    const d = await detail(insurer, r.body.data.id as number);
    const x = await t.call({
      method: 'POST',
      url: `/api/claim/export?keyword=${d.body.data.reportNo}`,
      token: insurer,
    });
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const row = (ws.getRow(2).values as unknown[]).slice(1);
    expect(ws.rowCount).toBe(2);
    const cell = (h: string) => row[header.indexOf(h)];
    expect(cell('报案号')).toBe(d.body.data.reportNo);
    expect(cell('出险时间')).toBe(`${day} 23:30`);
    expect(cell('报案时间')).toBe(`${next} 00:15`);
    expect(cell('立案时间') ?? '').toBe('');
  });
});

describe('scope', () => {
  it('an enterprise reading another enterprise claim gets 404, the same as a missing one', async () => {
    const mine = await post(t, '/api/claim/list?pageSize=50', ent);
    expect(mine.body.data.page.total).toBeGreaterThan(0);
    const entId = await orgIdOf(t, 'ent');
    expect(mine.body.data.page.list.every((c) => c.enterpriseId === entId)).toBe(true);
    const theirs = mine.body.data.page.list[0]!.id as number;
    const res = await detail(ent2, theirs);
    expect(res.status).toBe(404);
    expect(res.body.result).toBe((await detail(ent2, 987654)).body.result);
    expect(
      (await post(t, '/api/claim/step', ent2, { id: theirs, version: 1, step: 2, reason: '撤案测试' }))
        .status,
    ).toBe(404);
    expect((await detail(ent, theirs)).status).toBe(200);
  });

  it('co-insurers read but do not handle; another insurer sees nothing of it; government reads its districts', async () => {
    const insurer2Id = await secondInsurerId(t);
    const insurer2 = await makeUser(t, 'insurer', 'claims-insurer2', { orgId: insurer2Id });
    const cid = (await report(ent2)).body.data.id as number;
    expect((await detail(insurer2, cid)).status).toBe(404);
    const list = await post(t, '/api/claim/list?pageSize=200', insurer2);
    expect(list.body.data.page.list.map((c) => c.id)).not.toContain(cid);
    const one = await makeUser(t, 'gov', 'claims-gov-suyu', { districtCodes: '321311' });
    expect((await post(t, `/api/govInsurance/claimDetail?id=${cid}`, one)).status).toBe(404);
    const g = await post(t, `/api/govInsurance/claimDetail?id=${cid}`, gov);
    expect(g.status).toBe(200);
    expect(g.body.data.actions).toMatchObject({ steps: [], satisfaction: false });
    expect((await post(t, `/api/claim/detail?id=${cid}`, gov)).status).toBe(403);
    expect(
      (await post(t, '/api/claim/step', gov, { id: cid, version: 1, step: 2, reason: '监管撤案' })).status,
    ).toBe(403);
  });

  it('/api/claim/file: the parties get the bytes; another enterprise or insurer gets 404 like a missing claim', async () => {
    const photo = await uploadPdf(t, ent2, '现场照片.pdf');
    const cid = (await report(ent2, { attachments: [photo] })).body.data.id as number;
    const survey = await uploadPdf(t, insurer, '立案材料.pdf');
    const reg = await step(insurer, cid, {
      step: 3,
      accidentType: '09',
      accidentLevel: 1,
      cause: '未系安全带',
      estimatedLoss: 50000,
      attachments: [survey],
    });
    expect(reg.status).toBe(200);
    for (const fileId of [photo, survey])
      for (const party of [ent2, insurer]) {
        const got = await download(t, `/api/claim/file?id=${cid}&fileId=${fileId}`, party);
        expect(got.status).toBe(200);
        expect(got.bytes.equals(TEST_PDF)).toBe(true);
      }
    const missing = await download(t, `/api/claim/file?id=987654&fileId=${photo}`, ent2);
    expect(missing.status).toBe(404);
    const insurer2 = await makeUser(t, 'insurer', 'claims-file-insurer2', {
      orgId: await secondInsurerId(t),
    });
    for (const stranger of [ent, insurer2]) {
      const res = await download(t, `/api/claim/file?id=${cid}&fileId=${photo}`, stranger);
      expect(res.status).toBe(404);
      expect(res.result).toBe(missing.result);
    }
    // The claim serves only its own attachments, not other files of the same owner.
    const loose = await uploadPdf(t, ent2, '其他.pdf');
    expect((await download(t, `/api/claim/file?id=${cid}&fileId=${loose}`, ent2)).status).toBe(404);
  });

  it('lists filter by phase and step and export to .xlsx', async () => {
    const reg = await post(t, '/api/claim/list?phase=registered&pageSize=100', insurer);
    expect(reg.body.data.page.list.every((c) => c.phase === 'registered')).toBe(true);
    const s4 = await post(t, '/api/claim/list?step=4&pageSize=100', gov);
    expect(s4.status).toBe(403);
    const g4 = await post(t, '/api/govInsurance/claimList?step=4&pageSize=100', gov);
    expect(g4.body.data.page.list.length).toBeGreaterThan(0);
    expect(g4.body.data.page.list.every((c) => c.step === 4 && c.stepColor === '#722ed1')).toBe(true);
    const x = await t.call({ method: 'POST', url: '/api/claim/export?phase=closed', token: insurer });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const log = await waitForLog(t, '/api/claim/export');
    expect(log).toMatchObject({ kind: 'export', outcome: 'success' });
  });
});

describe('counts and rules for the claim screens', () => {
  it('counts per phase match the filtered list totals, in scope; flags counted alike', async () => {
    const c = await post(t, '/api/claim/counts', insurer);
    expect(c.status).toBe(200);
    const { phases, total, late, unpaid } = c.body.data as unknown as {
      phases: Record<string, number>;
      total: number;
      late: number;
      unpaid: number;
    };
    expect(Object.keys(phases).sort()).toEqual(
      ['assessed', 'closed', 'paid', 'registered', 'reported', 'surveyed', 'withdrawn'].sort(),
    );
    expect(total).toBe((await post(t, '/api/claim/list', insurer)).body.data.page.total);
    for (const phase of ['reported', 'closed'])
      expect(phases[phase]).toBe(
        (await post(t, `/api/claim/list?phase=${phase}`, insurer)).body.data.page.total,
      );
    expect(late).toBe((await post(t, '/api/claim/list?flag=late', insurer)).body.data.page.total);
    expect(unpaid).toBe((await post(t, '/api/claim/list?flag=unpaid', insurer)).body.data.page.total);
    // The demo data has late reports (after the default 720 h) and claims unpaid 60 days after
    // registration, for the insurer and for the regulator's list.
    expect(late).toBeGreaterThan(0);
    expect(unpaid).toBeGreaterThan(0);
    for (const flag of ['late', 'unpaid']) {
      const g = await post(t, `/api/govInsurance/claimList?flag=${flag}&pageSize=100`, gov);
      expect(g.body.data.page.total).toBeGreaterThan(0);
    }
    // The enterprise counts only its own; a district filter narrows.
    const mine = await post(t, '/api/claim/counts', ent);
    expect(mine.body.data.total).toBe((await post(t, '/api/claim/list', ent)).body.data.page.total);
    expect(mine.body.data.total).toBeLessThan(total);
    const d = await post(t, '/api/claim/counts?districtCode=321324', insurer);
    expect(d.body.data.total).toBe(
      (await post(t, '/api/claim/list?districtCode=321324', insurer)).body.data.page.total,
    );
    expect((await post(t, '/api/claim/counts?phase=closed', insurer)).status).toBe(400);
    expect((await post(t, '/api/claim/counts', gov)).status).toBe(403);
  });

  it('rules give the report deadline and the unpaid flag days from the settings', async () => {
    const r = await post(t, '/api/claim/rules', ent);
    expect(r.status).toBe(200);
    const s = await t.app.deps.settings.get('insurance');
    expect(r.body.data).toEqual({
      reportDeadlineHours: s.reportDeadlineHours,
      claimUnpaidFlagDays: s.claimUnpaidFlagDays,
    });
    expect((await post(t, '/api/claim/rules', gov)).status).toBe(403);
  });
});

describe('报案日期 range (reportFrom, reportTo: China days, both included)', () => {
  it('counts a claim reported at 00:00 of the first day and at 23:59:59 of the last, not a second outside', async () => {
    const today = chinaDate(t.clock.now());
    const from = addDays(today, -6);
    const to = addDays(today, -5);
    const before = addDays(from, -1);
    const after = addDays(to, 1);
    const made: Record<string, string> = {};
    for (const [name, accidentAt, reportedAt] of [
      ['before', `${before}T20:00:00+08:00`, `${before}T23:59:59+08:00`],
      ['first', `${before}T21:00:00+08:00`, `${from}T00:00:00+08:00`],
      ['last', `${from}T10:00:00+08:00`, `${to}T23:59:59+08:00`],
      ['after', `${from}T11:00:00+08:00`, `${after}T00:00:00+08:00`],
    ] as const) {
      const r = await report(ent2, { accidentAt, reportedAt });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      made[name] = (await detail(insurer, r.body.data.id as number)).body.data.reportNo as string;
    }
    const range = `reportFrom=${from}&reportTo=${to}`;
    const found = async (url: string, token: string) =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(made).map(async ([name, no]) => {
            const res = await post(t, `${url}?keyword=${no}&${range}`, token);
            expect(res.status).toBe(200);
            return [name, res.body.data.page.total] as const;
          }),
        ),
      );
    const expected = { before: 0, first: 1, last: 1, after: 0 };
    expect(await found('/api/claim/list', insurer)).toEqual(expected);
    expect(await found('/api/govInsurance/claimList', gov)).toEqual(expected);

    // Open ends: from the first day on, and up to the last day.
    const one = async (q: string, no: string) =>
      (await post(t, `/api/claim/list?keyword=${no}&${q}`, insurer)).body.data.page.total;
    expect(await one(`reportFrom=${from}`, made.before!)).toBe(0);
    expect(await one(`reportFrom=${from}`, made.after!)).toBe(1);
    expect(await one(`reportTo=${to}`, made.before!)).toBe(1);
    expect(await one(`reportTo=${to}`, made.after!)).toBe(0);
    // One day: from = to.
    expect(await one(`reportFrom=${from}&reportTo=${from}`, made.first!)).toBe(1);
    expect(await one(`reportFrom=${from}&reportTo=${from}`, made.last!)).toBe(0);

    // The counts above the list and the .xlsx export take the same range.
    const counts = await post(t, `/api/claim/counts?${range}`, insurer);
    expect(counts.body.data.total).toBe(
      (await post(t, `/api/claim/list?${range}`, insurer)).body.data.page.total,
    );
    const x = await t.call({ method: 'POST', url: `/api/claim/export?${range}`, token: insurer });
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const nos: unknown[] = [];
    ws.eachRow((row, i) => {
      if (i > 1) nos.push((row.values as unknown[]).slice(1)[header.indexOf('报案号')]);
    });
    expect(nos).toContain(made.first);
    expect(nos).toContain(made.last);
    expect(nos).not.toContain(made.before);
    expect(nos).not.toContain(made.after);
    expect(nos).toHaveLength(counts.body.data.total as number);
  });

  it('a range ending before it starts, or a date that does not exist, is refused with a Chinese message', async () => {
    for (const url of ['/api/claim/list', '/api/claim/counts', '/api/claim/export']) {
      const r = await post(t, `${url}?reportFrom=2026-03-02&reportTo=2026-03-01`, insurer);
      expect(r.status, url).toBe(400);
      expect(r.body.result).toContain('报案日期的结束日期不能早于开始日期');
    }
    const g = await post(t, '/api/govInsurance/claimList?reportFrom=2026-03-02&reportTo=2026-03-01', gov);
    expect(g.status).toBe(400);
    expect(g.body.result).toContain('报案日期的结束日期不能早于开始日期');
    const bad = await post(t, '/api/claim/list?reportFrom=2026-02-30', insurer);
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('日期不存在');
  });
});
