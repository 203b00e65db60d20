import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { clearCockpitCache } from './cache.ts';
import { runDueReports } from './stats.routes.ts';

/**
 * The cockpit's figures against a small fixed data set in 2035 (the demo's enterprises are removed, its
 * records lie years earlier), hand-computed in the comments: district scope, period rules, last year's
 * figures, and the reports (idempotent, archived bytes unchanged, scheduled ones made once).
 */
let t: TestContext;
const tok: Record<string, string> = {};
const SC = '321302'; // 宿城区
const SY = '321323'; // 泗阳县
// biome-ignore lint/suspicious/noExplicitAny: response bodies read field by field in the assertions
type Json = Record<string, any>;

async function call(method: 'GET' | 'POST', url: string, who: string, payload?: unknown) {
  return t.call({ method, url, token: tok[who], ...(payload ? { payload: payload as object } : {}) });
}
async function cockpit(who: string, qs = '') {
  clearCockpitCache(t.database.db);
  const res = await call('POST', `/api/stats/cockpit${qs}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
}
const kpi = (c: Json, key: string) => (c.kpis as Json[]).find((k) => k.key === key)!;

beforeAll(async () => {
  t = await createTestContext();
  t.clock.set(new Date('2035-06-15T10:00:00+08:00'));
  const db = t.database.db;
  // Accounts as of the test's day (password age runs on the clock).
  await db.updateTable('sysUser').set({ passwordChangedAt: t.clock.now() }).execute();
  for (const u of ['gov', 'gov_sy', 'admin', 'ent']) tok[u] = await t.login(u);
  await sql`update sys_org set deleted_at = now() where org_type = 'enterprise'`.execute(db);
  await sql`delete from sv_expert`.execute(db);
  const ins = (
    await db
      .selectFrom('sysOrg')
      .select('id')
      .where('orgType', '=', 'insurer')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const svc = (
    await db
      .selectFrom('sysOrg')
      .select('id')
      .where('orgType', '=', 'service')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const project = (await db.selectFrom('apProject').select('id').orderBy('id').executeTakeFirstOrThrow()).id;

  const ent = async (name: string, district: string, industry: string, must: boolean) => {
    const { id } = await db
      .insertInto('sysOrg')
      .values({ orgType: 'enterprise', name, districtCode: district, uscc: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into ins_enterprise (id, ws_industry_code, must_insure) values (${id}, ${industry}, ${must})`.execute(
      db,
    );
    return id;
  };
  const E1 = await ent('统计甲化工', SC, 'AQ0201', true); // insured by P1
  const E2 = await ent('统计乙化工', SC, 'AQ0202', true); // not insured (P6 cancelled, P5 submitted)
  const E3 = await ent('统计丙建筑', SY, 'AQ0501', true); // insured by P2
  const E4 = await ent('统计丁商贸', SY, 'AQ0901', false); // voluntary, insured by P3
  const E5 = await ent('统计戊建筑', SY, 'AQ0502', true); // insured only in 2034 (P4)

  let seq = 0;
  const policy = async (
    e: number,
    district: string,
    industry: string,
    status: string,
    start: string,
    end: string,
    premium: number,
    limit: number,
    fee: number,
  ) => {
    seq++;
    const no = ['approved', 'cancelled'].includes(status) ? `TJ2035${seq}` : null;
    const { rows } = await sql<{ id: number }>`
      insert into ins_policy (application_no, policy_no, enterprise_id, insurer_id, holder_name, holder_uscc,
        district_code, ws_industry_code, status, entered_by, start_date, end_date, headcount, per_person_limit,
        medical_limit, per_accident_limit, benchmark_rate, float_pct, premium_calc, premium, prevention_fee_pct,
        prevention_fee, prevention_frequency)
      values (${`TJA${seq}`}, ${no}, ${e}, ${ins}, '统计', '', ${district}, ${industry}, ${status}, 'insurer',
        ${start}::date, ${end}::date, 10, 400000, 0, ${limit}, 0, 0, ${premium}, ${premium}, 0, ${fee}, 1)
      returning id`.execute(db);
    return rows[0]!.id;
  };
  const P1 = await policy(E1, SC, 'AQ0201', 'approved', '2035-02-01', '2036-01-31', 10000.5, 1_000_000, 1000);
  const P2 = await policy(E3, SY, 'AQ0501', 'approved', '2035-03-10', '2036-03-09', 5000, 500_000, 500);
  const P3 = await policy(E4, SY, 'AQ0901', 'approved', '2035-01-01', '2035-12-31', 2000, 200_000, 0);
  await policy(E5, SY, 'AQ0502', 'approved', '2034-01-01', '2034-12-31', 3000, 300_000, 0);
  await policy(E2, SC, 'AQ0202', 'submitted', '2035-05-01', '2036-04-30', 900, 90_000, 0);
  await policy(E2, SC, 'AQ0202', 'cancelled', '2035-04-01', '2036-03-31', 1000, 100_000, 0);
  const other = (
    await db
      .selectFrom('sysOrg')
      .select('id')
      .where('orgType', '=', 'insurer')
      .where('id', '!=', ins)
      .executeTakeFirst()
  )?.id;
  await sql`insert into ins_policy_coinsurer (policy_id, insurer_id, role, share) values
    (${P1}, ${ins}, '01', 60), (${P1}, ${other ?? svc}, '02', 40), (${P2}, ${ins}, '01', 100)`.execute(db);

  const claim = async (
    p: number,
    e: number,
    district: string,
    phase: string,
    reported: string,
    extra: {
      registered?: string;
      payout?: number;
      advance?: number;
      type?: string;
      level?: number;
      sat?: number;
    },
  ) => {
    seq++;
    await sql`
      insert into ins_claim (report_no, policy_id, enterprise_id, insurer_id, district_code, phase, step, reporter_name,
        reporter_phone_enc, reported_at, accident_at, accident_district_code, accident_address, accident_desc,
        registered_at, payout_total, advance_total, accident_type, accident_level, satisfaction)
      values (${`TJC${seq}`}, ${p}, ${e}, ${ins}, ${district}, ${phase}, 1, '报案人', '',
        ${new Date(`${reported}T09:00:00+08:00`)}, ${new Date(`${reported}T08:00:00+08:00`)}, ${district}, '地址', '经过',
        ${extra.registered ? new Date(`${extra.registered}T09:00:00+08:00`) : null}, ${extra.payout ?? null},
        ${extra.advance ?? 0}, ${extra.type ?? null}, ${extra.level ?? null}, ${extra.sat ?? null})`.execute(
      db,
    );
  };
  await claim(P1, E1, SC, 'closed', '2035-03-01', { payout: 8000, type: '01', level: 2, sat: 5 });
  await claim(P2, E3, SY, 'paid', '2035-04-01', { advance: 1500, type: '01', level: 1, sat: 3 });
  await claim(P2, E3, SY, 'registered', '2035-05-01', { registered: '2035-05-02' });
  await claim(P1, E1, SC, 'surveyed', '2035-02-01', { registered: '2035-02-02' }); // unpaid after 60 days
  await claim(P3, E4, SY, 'withdrawn', '2035-01-15', {});
  await claim(P1, E1, SC, 'closed', '2034-12-20', { payout: 999 }); // last year

  const plan = async (
    p: number,
    e: number,
    district: string,
    status: number,
    start: string,
    spend: number,
  ) => {
    await sql`
      insert into ap_plan (project_id, insurer_id, enterprise_id, policy_id, district_code, item, name,
        provider_org_id, planned_start, planned_end, place_district_code, status, spend)
      values (${project}, ${ins}, ${e}, ${p}, ${district}, '01', '检查', ${svc},
        ${new Date(`${start}T09:00:00+08:00`)}, ${new Date(`${start}T17:00:00+08:00`)}, ${district}, ${status}, ${spend})`.execute(
      db,
    );
  };
  await plan(P1, E1, SC, 2, '2035-03-05', 300);
  await plan(P2, E3, SY, 2, '2035-04-05', 200);
  await plan(P2, E3, SY, 2, '2035-05-05', 100);
  await plan(P3, E4, SY, 0, '2035-07-01', 0); // after today: not yet counted
  await plan(P1, E1, SC, 0, '2035-06-01', 0);
  await sql`insert into ap_fund (policy_id, insurer_id, enterprise_id, district_code, premium, accrued, spent) values
    (${P1}, ${ins}, ${E1}, ${SC}, 10000.5, 1000, 300), (${P2}, ${ins}, ${E3}, ${SY}, 5000, 500, 300)`.execute(
    db,
  );

  const hazard = async (
    e: number,
    district: string,
    level: number,
    status: number,
    deadline: string,
    live = true,
  ) => {
    await sql`
      insert into ap_hazard (enterprise_id, district_code, check_date, description, level, rectify_status, deadline,
        source, live)
      values (${e}, ${district}, '2035-04-10'::date, '隐患', ${level}, ${status}, ${deadline}::date, 3, ${live})`.execute(
      db,
    );
  };
  await hazard(E1, SC, 1, 1, '2035-05-01');
  await hazard(E1, SC, 2, -1, '2035-06-01'); // overdue, major open
  await hazard(E3, SY, 1, -1, '2035-07-01');
  await hazard(E3, SY, 1, -1, '2035-05-01', false); // not live

  const complaint = async (district: string, replied: boolean, late: boolean, satisfied: boolean | null) => {
    seq++;
    await sql`
      insert into cp_complaint (complaint_no, complainant_org_id, complainant_side, complainant_name, district_code,
        target_kind, target_name, category, title, content, demand, contact_name, contact_phone_enc, handler_kind,
        handler_name, submitted_at, replied_at, replied_late, satisfied, state)
      values (${`TJK${seq}`}, ${E1}, 'enterprise', '统计甲化工', ${district}, 'insurer', '保险公司', '01', '标题', '内容',
        '诉求', '联系人', '', 'insurer', '保险公司', ${new Date('2035-04-01T09:00:00+08:00')},
        ${replied ? new Date('2035-04-05T09:00:00+08:00') : null}, ${late}, ${satisfied}, 1)`.execute(db);
  };
  await complaint(SC, true, false, true);
  await complaint(SY, true, true, false);
  await complaint(SY, false, false, null);
  await sql`insert into ev_satisfaction (item, target_id, enterprise_id, district_code, score, created_at) values
    ('policy', ${P1}, ${E1}, ${SC}, 4, ${new Date('2035-03-01T09:00:00+08:00')}),
    ('policy', ${P2}, ${E3}, ${SY}, 5, ${new Date('2035-04-01T09:00:00+08:00')})`.execute(db);
  let n = 0;
  const expert = async (title: string, district: string, deleted = false) => {
    n++;
    await sql`insert into sv_expert (name, id_no_enc, id_no_hash, id_no_mask, mobile_enc, mobile_hash, title, district_code, deleted_at)
      values ('专家', 'x', ${`h${n}`}, 'm', '', '', ${title}, ${district}, ${deleted ? new Date() : null})`.execute(
      db,
    );
  };
  await expert('高级工程师', SC);
  await expert('高级工程师', SY);
  await expert('工程师', SY);
  await expert('工程师', SY, true);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('cockpit figures (this year by default, to today)', () => {
  it('the city (gov): every section against the hand-computed values', async () => {
    const c = await cockpit('gov');
    expect(c.period).toMatchObject({ kind: 'year', year: 2035, from: '2035-01-01', to: '2035-06-15' });
    expect(c.scopeName).toBe('宿迁市');
    // Must insure E1 E2 E3 E5; insured E1 E3; voluntary E4.
    expect(c.uptake).toMatchObject({ mustInsure: 4, insured: 2, rate: 50, voluntary: 1, asOf: '2035-06-15' });
    expect(c.uptake.byDistrict.find((d: Json) => d.code === SY)).toMatchObject({
      mustInsure: 2,
      insured: 1,
      rate: 50,
      voluntary: 1,
    });
    expect(c.uptake.byIndustry.find((d: Json) => d.code === 'AQ02')).toMatchObject({
      mustInsure: 2,
      insured: 1,
    });
    // Issued and starting in the period: P1 P2 P3 P6 (cancelled); P5 submitted and P4 (2034) not.
    expect(c.business).toMatchObject({
      policies: 4,
      premium: 18000.5,
      sumInsuredWan: 180,
      preventionFee: 1500,
      coinsured: 1,
      coinsuredShare: 25,
    });
    expect(c.business.byMonth.map((m: Json) => m.policies)).toEqual([1, 1, 1, 1, 0, 0]);
    expect(c.business.byDistrict.find((d: Json) => d.code === SY)).toMatchObject({
      policies: 2,
      premium: 7000,
    });
    // Reported in 2035: four (the withdrawn one left out); closed 1; paid 8000 + 1500 advance; average of closed.
    expect(c.claims).toMatchObject({
      reported: 4,
      closed: 1,
      closeRate: 25,
      paid: 9500,
      closedPaid: 8000,
      avgPaid: 8000,
      unpaidDays: 60,
    });
    // A current state over every claim (the demo's as well): the claim list's unpaid flag counts the same.
    const unpaid = await call('POST', '/api/govInsurance/claimList?flag=unpaid&pageSize=1', 'gov');
    expect(unpaid.json().data.page.total).toBe(c.claims.unpaidOverdue);
    expect(c.claims.byType).toEqual([
      { code: '01', name: expect.any(String), value: 2 },
      { code: '', name: '未定', value: 2 },
    ]);
    // Plans starting by today: 4 (the July one not yet); done 3 over E1 E3; funds of P1 P2.
    expect(c.prevention).toMatchObject({
      planned: 4,
      done: 3,
      doneRate: 75,
      enterprisesServed: 2,
      spend: 600,
      accrued: 1500,
      spent: 600,
    });
    expect(c.hazards).toMatchObject({ found: 3, rectified: 1, rectifyRate: 33.3, overdue: 1, majorOpen: 1 });
    expect(c.complaints).toMatchObject({
      received: 3,
      replied: 2,
      onTime: 1,
      onTimeRate: 50,
      rated: 2,
      satisfied: 1,
      satisfactionRate: 50,
      claimSatisfaction: 4,
      policySatisfaction: 4.5,
    });
    expect(c.experts).toEqual({
      total: 3,
      byTitle: [
        { code: '高级工程师', name: '高级工程师', value: 2 },
        { code: '工程师', name: '工程师', value: 1 },
      ],
    });
  });

  it('last year: the same days of 2034 (P4 insured E5; premium 3000; the December claim falls outside)', async () => {
    const c = await cockpit('gov');
    expect(kpi(c, 'premium')).toMatchObject({ value: 18000.5, previous: 3000, yoy: 500 });
    expect(kpi(c, 'coverageRate')).toMatchObject({ value: 50, previous: 25, yoy: 100 });
    expect(kpi(c, 'claims')).toMatchObject({ value: 4, previous: 0, yoy: null });
  });

  it('the public portal shows the same claim figures as the cockpit (one place computes them)', async () => {
    const c = await cockpit('gov');
    const res = await t.call({ method: 'GET', url: '/api/public/portalStats' });
    const items = res.json().data.items as Array<{ name: string; value: number }>;
    const by = Object.fromEntries(items.map((i) => [i.name, i.value]));
    expect([by.claims, by.claimPaid]).toEqual([c.claims.reported, c.claims.paid]);
    expect([by.claims, by.claimPaid]).toEqual([4, 9500]);
  });

  it('the operations admin sees the whole city as the city regulator does', async () => {
    const a = await cockpit('admin');
    const g = await cockpit('gov');
    expect({ ...a, computedAt: '' }).toEqual({ ...g, computedAt: '' });
  });

  it('a district regulator (gov_sy) sees 泗阳县 only; another district answers 404, an enterprise 403', async () => {
    const c = await cockpit('gov_sy');
    expect(c.districts).toEqual([{ code: SY, name: '泗阳县' }]);
    expect(c.uptake).toMatchObject({ mustInsure: 2, insured: 1, rate: 50, voluntary: 1 });
    expect(c.business).toMatchObject({ policies: 2, premium: 7000, sumInsuredWan: 70 });
    expect(c.claims).toMatchObject({ reported: 2, closed: 0, paid: 1500 });
    expect(c.prevention).toMatchObject({
      planned: 2,
      done: 2,
      enterprisesServed: 1,
      accrued: 500,
      spent: 300,
    });
    expect(c.hazards).toMatchObject({ found: 1, rectified: 0, overdue: 0 });
    expect(c.complaints).toMatchObject({ received: 2, replied: 1, onTime: 0, onTimeRate: 0 });
    expect(c.experts.total).toBe(2);
    const other = await call('POST', `/api/stats/cockpit?districtCode=${SC}`, 'gov_sy');
    expect(other.statusCode).toBe(404);
    const one = await cockpit('gov', `?districtCode=${SY}`);
    expect(one.uptake.insured).toBe(1);
    expect((await call('POST', '/api/stats/cockpit', 'ent')).statusCode).toBe(403);
  });

  it('drill-down: the enterprise list filtered the same way counts the same enterprises', async () => {
    const c = await cockpit('gov_sy');
    const list = await call(
      'POST',
      '/api/enterprise/list?mustInsure=true&insured=true&pageSize=100',
      'gov_sy',
    );
    expect(list.json().data.page.total).toBe(c.uptake.insured);
    const must = await call('POST', '/api/enterprise/list?mustInsure=true&pageSize=100', 'gov_sy');
    expect(must.json().data.page.total).toBe(c.uptake.mustInsure);
  });
});

describe('period rules', () => {
  it('a month counts its days only; a period not begun, or a month without its number, is refused', async () => {
    const march = await cockpit('gov', '?kind=month&year=2035&n=3');
    expect(march.period).toMatchObject({ from: '2035-03-01', to: '2035-03-31', label: '2035年3月' });
    expect(march.business.policies).toBe(1); // P2
    expect(march.claims.reported).toBe(1); // C1
    const q1 = await cockpit('gov', '?kind=quarter&year=2035&n=1');
    expect(q1.business.policies).toBe(3); // P1 P2 P3
    for (const qs of [
      '?kind=quarter&year=2035&n=3',
      '?kind=month&year=2035',
      '?year=2036',
      '?kind=quarter&year=2035&n=5',
    ]) {
      const res = await call('POST', `/api/stats/cockpit${qs}`, 'gov');
      expect(res.statusCode, qs).toBe(400);
    }
  });
});

describe('reports', () => {
  it('a monthly report is made once for the same period, scope and cut-off, and downloads unchanged', async () => {
    const body = { kind: 'month', year: 2035, n: 4 };
    const first = await call('POST', '/api/stats/report/generate', 'gov_sy', body);
    expect(first.statusCode, first.body).toBe(200);
    const r = first.json().data;
    expect(r).toMatchObject({ created: true, period: '2035-04', districtCode: SY, cutoff: '2035-04-30' });
    const april = await cockpit('gov_sy', '?kind=month&year=2035&n=4');
    expect(r.totals).toMatchObject({ policies: april.business.policies, claims: april.claims.reported });
    t.clock.advance(60_000);
    const again = await call('POST', '/api/stats/report/generate', 'gov_sy', body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ created: false, id: r.id, sha256: r.sha256 });
    const file = await call('GET', `/api/stats/report/download?id=${r.id}`, 'gov_sy');
    expect(file.statusCode).toBe(200);
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(r.sha256);
    // The city sees the district's report; the list of the district shows it.
    const cityList = await call('POST', '/api/stats/report/list', 'gov');
    expect(cityList.json().data.list.map((x: Json) => x.id)).toContain(r.id);
    // A city report is not the district's to read.
    const city = await call('POST', '/api/stats/report/generate', 'gov', body);
    const cityId = city.json().data.id;
    expect((await call('GET', `/api/stats/report/download?id=${cityId}`, 'gov_sy')).statusCode).toBe(404);
    const bad = await call('POST', '/api/stats/report/generate', 'gov', { ...body, cutoff: '2035-07-01' });
    expect(bad.statusCode).toBe(400);
    // A district regulator makes reports of its own district only: another district is not found.
    const other = await call('POST', '/api/stats/report/generate', 'gov_sy', {
      ...body,
      districtCode: '321302',
    });
    expect(other.statusCode).toBe(404);
  });

  it('the schedule makes the due reports for the city and each district once', async () => {
    const now = t.clock.now();
    const made = await runDueReports(t.database.db, now, 60);
    // Due on 2035-06-15: May (5 June), Q1 (15 April), 2034 (31 January); six scopes each.
    expect(made).toBe(18);
    expect(await runDueReports(t.database.db, now, 60)).toBe(0);
    // (The demo's archived report of the month before the template was made is left out.)
    const rows = await t.database.db
      .selectFrom('statReport')
      .select(['period'])
      .where('trigger', '=', 'schedule')
      .where('generatedAt', '=', now)
      .execute();
    expect(new Set(rows.map((x) => x.period))).toEqual(new Set(['2035-05', '2035-Q1', '2034']));
  });
});
