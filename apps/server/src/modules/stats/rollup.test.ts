import { chinaDate, DISTRICTS, type StatPeriod } from '@aqzrx/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { orgIdOf, post } from '../policy/policy.testkit.ts';
import { clearCockpitCache } from './cache.ts';
import { refreshRollups } from './rollup.ts';
import { computeCockpit } from './stats.service.ts';

/**
 * The per-day rollups (rollup.ts) against a live computation over the records: on the demo seed every
 * rollup-based figure equals the same figure counted straight from the tables (the SQL the cockpit ran before
 * the rollups); a policy or claim written afterwards is queued by the triggers and counted after a refresh;
 * the insurer's own statement and the cockpit's by-insurer figure agree.
 */
let t: TestContext;
const CITY = DISTRICTS.map((d) => d.value);
type Db = TestContext['database']['db'];

const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);

/** The figures counted live from the records, for the districts and days (the definitions of README.md). */
async function live(db: Db, ds: string[], from: string, to: string, today: string) {
  const inDs = sql.join(ds);
  const fromTs = sql`${from}::date::timestamp at time zone 'Asia/Shanghai'`;
  const toTs = sql`(${to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`;
  const b = await sql<Record<string, string>>`
    with co as (select policy_id from ins_policy_coinsurer group by policy_id having count(*) > 1)
    select count(*)::int as policies, count(co.policy_id)::int as co, coalesce(sum(ip.premium), 0) as premium,
      coalesce(sum(ip.per_accident_limit), 0) as lim, coalesce(sum(ip.prevention_fee), 0) as fee
    from ins_policy ip left join co on co.policy_id = ip.id
    where ip.status in ('approved', 'cancelled') and ip.start_date >= ${from}::date and ip.start_date <= ${to}::date
      and ip.district_code in (${inDs})`.execute(db);
  const bd = await sql<{ code: string; n: number; premium: string }>`
    select ip.district_code as code, count(*)::int as n, coalesce(sum(ip.premium), 0) as premium from ins_policy ip
    where ip.status in ('approved', 'cancelled') and ip.start_date >= ${from}::date and ip.start_date <= ${to}::date
      and ip.district_code in (${inDs}) group by 1`.execute(db);
  const c = await sql<Record<string, string>>`
    select count(*)::int as n, count(*) filter (where c.phase = 'closed')::int as closed,
      coalesce(sum(coalesce(c.payout_total, c.advance_total)), 0) as paid,
      coalesce(sum(coalesce(c.payout_total, c.advance_total)) filter (where c.phase = 'closed'), 0) as "closedPaid"
    from ins_claim c where c.reported_at >= ${fromTs} and c.reported_at < ${toTs} and c.phase <> 'withdrawn'
      and c.district_code in (${inDs})`.execute(db);
  const sat = await sql<{ avg: string | null }>`
    select avg(c.satisfaction) as avg from ins_claim c where c.satisfaction is not null
      and c.reported_at >= ${fromTs} and c.reported_at < ${toTs} and c.district_code in (${inDs})`.execute(
    db,
  );
  const covered = sql`exists (select 1 from ins_policy ip where ip.enterprise_id = o.id and ip.status = 'approved'
    and ip.start_date <= ${to}::date and ip.end_date >= ${to}::date)`;
  const u = await sql<{ must: number; insured: number; vol: number }>`
    select count(*) filter (where coalesce(e.must_insure, false))::int as must,
      count(*) filter (where coalesce(e.must_insure, false) and ${covered})::int as insured,
      count(*) filter (where not coalesce(e.must_insure, false) and ${covered})::int as vol
    from sys_org o left join ins_enterprise e on e.id = o.id
    where o.org_type = 'enterprise' and o.deleted_at is null and o.district_code in (${inDs})`.execute(db);
  const p = await sql<Record<string, string>>`
    select count(*)::int as planned, count(*) filter (where p.status = 2)::int as done,
      count(distinct p.enterprise_id) filter (where p.status = 2)::int as served,
      coalesce(sum(p.spend) filter (where p.status = 2), 0) as spend
    from ap_plan p where p.planned_start >= ${fromTs} and p.planned_start < ${toTs} and p.district_code in (${inDs})`.execute(
    db,
  );
  const f = await sql<Record<string, string>>`
    select coalesce(sum(f.accrued), 0) as accrued, coalesce(sum(f.spent), 0) as spent
    from ap_fund f join ins_policy ip on ip.id = f.policy_id
    where ip.start_date <= ${to}::date and ip.end_date >= ${from}::date and f.district_code in (${inDs})`.execute(
    db,
  );
  const h = await sql<Record<string, number>>`
    select count(*)::int as found, count(*) filter (where h.rectify_status = 1)::int as rectified,
      count(*) filter (where h.rectify_status <> 1 and h.deadline < ${today}::date)::int as overdue,
      count(*) filter (where h.rectify_status <> 1 and h.level = 2)::int as "majorOpen"
    from ap_hazard h where h.live and h.check_date >= ${from}::date and h.check_date <= ${to}::date
      and h.district_code in (${inDs})`.execute(db);
  const B = b.rows[0]!;
  const C = c.rows[0]!;
  return {
    business: {
      policies: Number(B.policies),
      premium: cents(B.premium) / 100,
      sumInsuredWan: Math.round(cents(B.lim) / 100 / 100) / 100,
      preventionFee: cents(B.fee) / 100,
      coinsured: Number(B.co),
    },
    byDistrict: Object.fromEntries(bd.rows.map((r) => [r.code, [r.n, cents(r.premium) / 100]])),
    claims: {
      reported: Number(C.n),
      closed: Number(C.closed),
      paid: cents(C.paid) / 100,
      closedPaid: cents(C.closedPaid) / 100,
    },
    claimSatisfaction: Math.round(Number(sat.rows[0]?.avg ?? 0) * 100) / 100,
    uptake: { mustInsure: u.rows[0]!.must, insured: u.rows[0]!.insured, voluntary: u.rows[0]!.vol },
    prevention: {
      planned: Number(p.rows[0]!.planned),
      done: Number(p.rows[0]!.done),
      enterprisesServed: Number(p.rows[0]!.served),
      spend: cents(p.rows[0]!.spend) / 100,
      accrued: cents(f.rows[0]!.accrued) / 100,
      spent: cents(f.rows[0]!.spent) / 100,
    },
    hazards: h.rows[0]!,
  };
}

async function compare(ds: string[], period: StatPeriod) {
  const db = t.database.db;
  const now = t.clock.now();
  const c = await computeCockpit(db, ds, period, { now, unpaidDays: 60 });
  const l = await live(db, ds, c.period.from, c.period.to, chinaDate(now));
  expect(c.business, `${ds} ${period.year}`).toMatchObject(l.business);
  expect(
    Object.fromEntries(
      c.business.byDistrict.filter((d) => d.policies > 0).map((d) => [d.code, [d.policies, d.premium]]),
    ),
  ).toEqual(l.byDistrict);
  expect(c.claims).toMatchObject(l.claims);
  expect(c.complaints.claimSatisfaction).toBe(l.claimSatisfaction);
  expect(c.uptake).toMatchObject(l.uptake);
  expect(c.prevention).toMatchObject(l.prevention);
  expect(c.hazards).toMatchObject(l.hazards);
  return c;
}

beforeAll(async () => {
  t = await createTestContext();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('rollups against a live computation (demo seed)', () => {
  it('every year of the seed, the city and each district: the same figures to the cent', async () => {
    const db = t.database.db;
    const thisYear = Number(chinaDate(t.clock.now()).slice(0, 4));
    const years = (
      await sql<{ y: number }>`
        select distinct extract(year from start_date)::int as y from ins_policy
        union select distinct extract(year from reported_at at time zone 'Asia/Shanghai')::int from ins_claim`.execute(
        db,
      )
    ).rows
      .map((r) => r.y)
      .filter((y) => y <= thisYear);
    expect(years.length).toBeGreaterThan(0);
    let policies = 0;
    for (const year of years) {
      const period: StatPeriod = { kind: 'year', year, n: 0 };
      policies += (await compare(CITY, period)).business.policies;
      for (const d of CITY) await compare([d], period);
    }
    // The seed's policies were counted (a comparison of empty sets would prove nothing).
    expect(policies).toBeGreaterThan(0);
  });

  it('a policy and a claim written later are queued and counted after the refresh; a change and a deletion too', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const today = chinaDate(now);
    const year = Number(today.slice(0, 4));
    const period: StatPeriod = { kind: 'year', year, n: 0 };
    await refreshRollups(db, now);
    const before = await computeCockpit(db, CITY, period, { now, unpaidDays: 60 });
    const src = (
      await sql<{ id: number; enterpriseId: number; insurerId: number; districtCode: string }>`
        select id, enterprise_id as "enterpriseId", insurer_id as "insurerId", district_code as "districtCode"
        from ins_policy where status = 'approved' order by id limit 1`.execute(db)
    ).rows[0]!;
    const { rows } = await sql<{ id: number }>`
      insert into ins_policy (application_no, policy_no, enterprise_id, insurer_id, holder_name, holder_uscc,
        district_code, ws_industry_code, status, entered_by, start_date, end_date, headcount, per_person_limit,
        medical_limit, per_accident_limit, benchmark_rate, float_pct, premium_calc, premium, prevention_fee_pct,
        prevention_fee, prevention_frequency)
      values ('ROLLUP-A1', 'ROLLUP-P1', ${src.enterpriseId}, ${src.insurerId}, '汇总', '', ${src.districtCode},
        'AQ0201', 'approved', 'insurer', ${`${year}-01-02`}::date, ${`${year}-12-31`}::date, 10, 400000, 0,
        1000000, 0, 0, 1234.56, 1234.56, 0, 100, 1)
      returning id`.execute(db);
    const pid = rows[0]!.id;
    await sql`insert into ins_policy_coinsurer (policy_id, insurer_id, role, share)
      values (${pid}, ${src.insurerId}, '03', 100)`.execute(db);
    await sql`
      insert into ins_claim (report_no, policy_id, enterprise_id, insurer_id, district_code, phase, step, reporter_name,
        reporter_phone_enc, reported_at, accident_at, accident_district_code, accident_address, accident_desc, payout_total)
      values ('ROLLUP-C1', ${pid}, ${src.enterpriseId}, ${src.insurerId}, ${src.districtCode}, 'closed', 8, '报案人',
        '', ${new Date(`${year}-01-03T09:00:00+08:00`)}, ${new Date(`${year}-01-03T08:00:00+08:00`)},
        ${src.districtCode}, '地址', '经过', 777.77)`.execute(db);
    // Queued by the triggers in the writing statement's transaction: the start day and the report day.
    const queued = await sql<{ kind: string; day: string }>`
      select distinct kind, day::text as day from st_dirty where kind in ('policy', 'claim') order by 1`.execute(
      db,
    );
    expect(queued.rows).toEqual([
      { kind: 'claim', day: `${year}-01-03` },
      { kind: 'policy', day: `${year}-01-02` },
    ]);
    // Not in the rollup until refreshed.
    const stale = await sql<{ n: number }>`
      select coalesce(sum(policies), 0)::int as n from st_policy_day where day = ${`${year}-01-02`}::date and kind = 'L'`.execute(
      db,
    );
    const r = await refreshRollups(db, now);
    expect(r).toMatchObject({ ran: true, policyDays: 1, claimDays: 1 });
    const fresh = await sql<{ n: number }>`
      select coalesce(sum(policies), 0)::int as n from st_policy_day where day = ${`${year}-01-02`}::date and kind = 'L'`.execute(
      db,
    );
    expect(fresh.rows[0]!.n).toBe(stale.rows[0]!.n + 1);
    clearCockpitCache(db);
    const after = await computeCockpit(db, CITY, period, { now, unpaidDays: 60 });
    expect(after.business.policies).toBe(before.business.policies + 1);
    expect(after.business.premium).toBe((cents(before.business.premium) + 123456) / 100);
    expect(after.claims.reported).toBe(before.claims.reported + 1);
    expect(after.claims.paid).toBe((cents(before.claims.paid) + 77777) / 100);
    // Nothing queued any more: the figures are up to date as of their computation.
    expect(after.dataAsOf).toBe(now.toISOString());
    // Through the endpoint too (the cockpit refreshes what is queued before it counts).
    await sql`update ins_policy set premium = premium + 1 where id = ${pid}`.execute(db);
    const admin = await t.login('admin');
    clearCockpitCache(db);
    const res = await t.call({ method: 'POST', url: `/api/stats/cockpit?year=${year}`, token: admin });
    expect(res.json().data.business.premium).toBe((cents(before.business.premium) + 123556) / 100);
    // A deletion takes the figures back.
    await sql`delete from ins_claim where report_no = 'ROLLUP-C1'`.execute(db);
    await sql`delete from ins_policy where id = ${pid}`.execute(db);
    await refreshRollups(db, now);
    await compare(CITY, period);
    const back = await computeCockpit(db, CITY, period, { now, unpaidDays: 60 });
    expect(back.business.policies).toBe(before.business.policies);
    expect(back.claims.paid).toBe(before.claims.paid);
  });
});

describe('one place: the insurer’s statement is the cockpit’s by-insurer figure', () => {
  it('the insurer’s 保费数据 totals equal its row in the cockpit (policies, premium, sum insured)', async () => {
    const db = t.database.db;
    const me = await orgIdOf(t, 'insurer');
    const year = Number(
      (
        await sql<{ y: number }>`
          select extract(year from p.start_date)::int as y from ins_policy p
          join ins_policy_coinsurer pc on pc.policy_id = p.id and pc.insurer_id = ${me}
          where p.status in ('approved', 'cancelled') group by 1 order by count(*) desc limit 1`.execute(db)
      ).rows[0]!.y,
    );
    const insurer = await t.login('insurer');
    const prem = await post(t, `/api/insuranceData/premium?year=${year}&groupBy=district`, insurer);
    const rows = prem.body.data.rows as unknown as Array<Record<string, number>>;
    const sum = (k: string): number =>
      rows.reduce((s, r) => s + Math.round(Number(r[k] ?? 0) * 100), 0) / 100;
    const admin = await t.login('admin');
    clearCockpitCache(db);
    const res = await t.call({ method: 'POST', url: `/api/stats/cockpit?year=${year}`, token: admin });
    const mine = (res.json().data.business.byInsurer as Array<Record<string, number | string>>).find(
      (r) => r.code === String(me),
    );
    expect(mine).toBeDefined();
    expect(sum('policies')).toBeGreaterThan(0);
    expect({ policies: sum('policies'), premium: sum('premium') }).toEqual({
      policies: mine!.policies,
      premium: mine!.premium,
    });
    // The 综合查询 summary (sum insured of the whole year in 万元, not a sum of rounded groups).
    const q = await post(t, `/api/insuranceData/query?year=${year}`, insurer);
    const items = Object.fromEntries(
      (q.body.data.items as unknown as Array<{ name: string; value: number }>).map((i) => [i.name, i.value]),
    );
    expect({ premium: items.premium, sumInsured: items.sumInsured }).toEqual({
      premium: mine!.premium,
      sumInsured: mine!.sumInsuredWan,
    });
  });
});
