/**
 * The city's figures (domain 2.14) from the records, in one place: the cockpit, the big screen and the
 * periodic reports all read `computeCockpit`. Each figure is counted the way the list of its records
 * filters, so a figure's drill-down link (web: modules/stats/drill.ts) opens exactly the rows counted:
 *  - uptake: enterprises (sys_org of type enterprise, not deleted) of the districts; 应保 = must_insure;
 *    已保 = must-insure and holding an approved policy covering the day counted (the enterprise list's
 *    `insured` filter); 鼓励投保 = insured without the obligation; 参保率 = 已保 / 应保;
 *  - business: issued policies (approved or cancelled: the policy list's `issued` state) starting within the
 *    period; 保额 is the per-accident limit in 万元; co-insured = more than one insurer on the policy;
 *  - claims: claims reported within the period, withdrawn ones left out (as the portal and the insurers'
 *    statistics count them; the claim list shows them too unless filtered by phase); 结案 =
 *    phase closed; 赔付 = payout, or the advances while no payout is fixed; 案均赔付 = payouts of closed
 *    claims / closed claims; unpaid after N days = the claim list's `unpaid` flag (a current state);
 *  - prevention: service plans planned to start within the period; done = status 2; fund accrued and spent
 *    of the policies in force during the period (the prevention overview's rules);
 *  - hazards: live hazards checked within the period; overdue and major-open are their current state;
 *  - complaints: complaints submitted within the period; on time = replied and not late;
 *  - experts: active experts of the pool by title.
 */
import {
  ACCIDENT_LEVELS,
  ACCIDENT_TYPES,
  addDays,
  CITY_CODE,
  CITY_NAME,
  type Cockpit,
  type CockpitKpi,
  chinaDate,
  DISTRICTS,
  optionLabel,
  periodBounds,
  periodLabel,
  ratePct,
  type StatPeriod,
  shiftYears,
  WS_INDUSTRIES,
  yoyPct,
} from '@aqzrx/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/context.ts';
import { chinaDayStart } from '../../platform/dates.ts';
import { insurerTotals, money, wan } from './figures.ts';
import { refreshRollups, rollupsAsOf, uptakeRows } from './rollup.ts';

/** What one call counts: the districts, the period and the day it is counted on. */
export interface StatScope {
  districts: string[];
}

const inList = (col: string, values: readonly string[]): RawBuilder<boolean> =>
  values.length ? sql<boolean>`${sql.ref(col)} in (${sql.join(values)})` : sql<boolean>`false`;

export function scopeName(districts: readonly string[]): string {
  if (districts.length === DISTRICTS.length) return CITY_NAME;
  return districts.map((d) => optionLabel(DISTRICTS, d)).join('、');
}
/** The district code a report of these districts is filed under (the city's code for the whole city). */
export function scopeCode(districts: readonly string[]): string {
  return districts.length === 1 ? (districts[0] as string) : CITY_CODE;
}

const districtList = (districts: readonly string[]) =>
  DISTRICTS.filter((d) => districts.includes(d.value)).map((d) => ({ code: d.value, name: d.label }));

/** The days counted: the period, cut at `cutoff` (today while the period runs). */
export function countedDays(p: StatPeriod, cutoff: string) {
  const { from, to } = periodBounds(p);
  return { from, to: to < cutoff ? to : cutoff };
}

interface Window {
  from: string;
  to: string;
  /** The instant after the last day counted. */
  fromTs: Date;
  toTs: Date;
}
const windowOf = (from: string, to: string): Window => ({
  from,
  to,
  fromTs: chinaDayStart(from),
  toTs: chinaDayStart(addDays(to, 1)),
});

async function uptake(db: Db, ds: string[], asOf: string, now: Date, makeDb?: Db) {
  // The snapshot of the day (rollup.ts): every district's enterprises; the scope's picked here.
  const rows = (await uptakeRows(db, asOf, now, makeDb)).filter((r) => ds.includes(r.code));
  const total = (pick: (r: (typeof rows)[number]) => boolean) => {
    const rs = rows.filter(pick);
    const must = rs.reduce((s, r) => s + r.must, 0);
    const insured = rs.reduce((s, r) => s + r.insured, 0);
    return {
      mustInsure: must,
      insured,
      rate: ratePct(insured, must),
      voluntary: rs.reduce((s, r) => s + r.vol, 0),
    };
  };
  return {
    ...total(() => true),
    asOf,
    byDistrict: districtList(ds).map((d) => ({ ...d, ...total((r) => r.code === d.code) })),
    byIndustry: WS_INDUSTRIES.filter((i) => i.mustInsure).map((i) => ({
      code: i.value,
      name: i.label,
      ...total((r) => r.ind === i.value),
    })),
  };
}

/** Month keys YYYY-MM from the window's first to its last. */
function monthsOf(w: Window): string[] {
  const months: string[] = [];
  for (let m = w.from.slice(0, 7); m <= w.to.slice(0, 7); ) {
    months.push(m);
    const [y, mm] = m.split('-').map(Number) as [number, number];
    m = mm === 12 ? `${y + 1}-01` : `${y}-${String(mm + 1).padStart(2, '0')}`;
  }
  return months;
}

/** Cents of a sum of money rows (each row's figure exact to the cent). */
const centsOf = <K extends string>(rs: ReadonlyArray<Record<K, string | number>>, k: K) =>
  rs.reduce((s, r) => s + Math.round(Number(r[k]) * 100), 0);

async function business(db: Db, ds: string[], w: Window) {
  // The lead rows of the days (each policy whole, once) grouped by codes; names read after.
  const { rows } = await sql<{
    code: string;
    ind: string;
    mon: string;
    n: number;
    co: number;
    premium: string;
    lim: string;
    fee: string;
  }>`
    select d.district_code as code, d.ind, to_char(date_trunc('month', d.day), 'YYYY-MM') as mon,
      sum(d.policies)::int as n, sum(d.coinsured)::int as co, sum(d.premium) as premium, sum(d.lim) as lim,
      sum(d.fee) as fee
    from st_policy_day d
    where d.kind = 'L' and d.day >= ${w.from}::date and d.day <= ${w.to}::date and ${inList('d.district_code', ds)}
    group by d.district_code, d.ind, date_trunc('month', d.day)`.execute(db);
  const agg = (rs: typeof rows) => ({
    policies: rs.reduce((s, r) => s + r.n, 0),
    premium: centsOf(rs, 'premium') / 100,
    sumInsuredWan: wan(centsOf(rs, 'lim') / 100),
    fee: centsOf(rs, 'fee') / 100,
    co: rs.reduce((s, r) => s + r.co, 0),
  });
  const row = (code: string, name: string, rs: typeof rows) => {
    const a = agg(rs);
    return { code, name, policies: a.policies, premium: a.premium, sumInsuredWan: a.sumInsuredWan };
  };
  const all = agg(rows);
  return {
    policies: all.policies,
    premium: all.premium,
    sumInsuredWan: all.sumInsuredWan,
    preventionFee: all.fee,
    coinsured: all.co,
    coinsuredShare: ratePct(all.co, all.policies),
    byMonth: monthsOf(w).map((m) =>
      row(
        m,
        `${Number(m.slice(5))}月`,
        rows.filter((r) => r.mon === m),
      ),
    ),
    byDistrict: districtList(ds).map((d) =>
      row(
        d.code,
        d.name,
        rows.filter((r) => r.code === d.code),
      ),
    ),
    byIndustry: WS_INDUSTRIES.map((i) =>
      row(
        i.value,
        i.label,
        rows.filter((r) => r.ind === i.value),
      ),
    ).filter((r) => r.policies > 0),
    // Each insurer's own figures: the policies it takes part in, money by its share (as its statements).
    byInsurer: (await insurerTotals(db, ds, w.from, w.to)).sort((a, b) => b.premium - a.premium),
  };
}

async function claims(db: Db, ds: string[], w: Window, now: Date, unpaidDays: number) {
  const [{ rows: all }, unpaid] = await Promise.all([
    sql<{
      code: string;
      mon: string;
      t: string | null;
      l: number | null;
      n: number;
      closed: number;
      paid: string;
      closedPaid: string;
      satSum: number;
      satN: number;
    }>`
      select d.district_code as code, to_char(date_trunc('month', d.day), 'YYYY-MM') as mon,
        nullif(d.accident_type, '') as t,
        nullif(d.accident_level, -1)::int as l, sum(d.claims)::int as n, sum(d.closed)::int as closed,
        sum(d.paid) as paid, sum(d.closed_paid) as "closedPaid", sum(d.sat_sum)::int as "satSum",
        sum(d.sat_n)::int as "satN"
      from st_claim_day d
      where d.kind = 'L' and d.day >= ${w.from}::date and d.day <= ${w.to}::date and ${inList('d.district_code', ds)}
      group by d.district_code, date_trunc('month', d.day), d.accident_type, d.accident_level`.execute(db),
    sql<{ n: number }>`
      select count(*)::int as n from ins_claim c
      where c.phase in ('registered', 'surveyed', 'assessed') and c.first_paid_at is null
        and c.registered_at < ${new Date(now.getTime() - unpaidDays * 86_400_000)}
        and ${inList('c.district_code', ds)}`.execute(db),
  ]);
  // Groups of withdrawn claims only count for satisfaction.
  const rows = all.filter((r) => r.n > 0);
  const satN = all.reduce((s, r) => s + r.satN, 0);
  const sumCents = (rs: typeof rows, k: 'paid' | 'closedPaid') => centsOf(rs, k) / 100;
  const count = (rs: typeof rows, k: 'n' | 'closed') => rs.reduce((s, r) => s + r[k], 0);
  const row = (code: string, name: string, rs: typeof rows) => ({
    code,
    name,
    reported: count(rs, 'n'),
    closed: count(rs, 'closed'),
    paid: sumCents(rs, 'paid'),
  });
  const reported = count(rows, 'n');
  const closed = count(rows, 'closed');
  const closedPaid = sumCents(rows, 'closedPaid');
  const months = [...new Set(rows.map((r) => r.mon))].sort();
  return {
    reported,
    closed,
    closeRate: ratePct(closed, reported),
    paid: sumCents(rows, 'paid'),
    closedPaid,
    avgPaid: closed ? money(closedPaid / closed) : 0,
    unpaidOverdue: unpaid.rows[0]?.n ?? 0,
    unpaidDays,
    /** Average satisfaction of the claims reported (withdrawn ones too), for the complaints section. */
    satisfaction: satN ? money(all.reduce((s, r) => s + r.satSum, 0) / satN) : 0,
    byMonth: months.map((m) =>
      row(
        m,
        `${Number(m.slice(5))}月`,
        rows.filter((r) => r.mon === m),
      ),
    ),
    byDistrict: districtList(ds).map((d) =>
      row(
        d.code,
        d.name,
        rows.filter((r) => r.code === d.code),
      ),
    ),
    byType: [
      ...ACCIDENT_TYPES.map((t) => ({
        code: String(t.value),
        name: t.label,
        value: count(
          rows.filter((r) => r.t === t.value),
          'n',
        ),
      })),
      {
        code: '',
        name: '未定',
        value: count(
          rows.filter((r) => r.t === null),
          'n',
        ),
      },
    ].filter((r) => r.value > 0),
    byLevel: [
      ...ACCIDENT_LEVELS.map((l) => ({
        code: String(l.value),
        name: l.label,
        value: count(
          rows.filter((r) => r.l === l.value),
          'n',
        ),
      })),
      {
        code: '',
        name: '未定',
        value: count(
          rows.filter((r) => r.l === null),
          'n',
        ),
      },
    ].filter((r) => r.value > 0),
  };
}

async function prevention(db: Db, ds: string[], w: Window) {
  const [plans, served, funds] = await Promise.all([
    sql<{ code: string | null; planned: number; done: number; spend: string }>`
      select d.district_code as code, sum(d.planned)::int as planned, sum(d.done)::int as done,
        coalesce(sum(d.spend), 0) as spend
      from st_plan_day d
      where d.day >= ${w.from}::date and d.day <= ${w.to}::date and ${inList('d.district_code', ds)}
      group by rollup (1)`.execute(db),
    // Distinct enterprises do not add up over days: counted live (an index-only scan of done plans).
    sql<{ n: number }>`
      select count(distinct p.enterprise_id)::int as n from ap_plan p
      where p.status = 2 and p.planned_start >= ${w.fromTs} and p.planned_start < ${w.toTs}
        and ${inList('p.district_code', ds)}`.execute(db),
    sql<{ insurerId: number; name: string; accrued: string; spent: string }>`
      select f.insurer_id as "insurerId", io.name, coalesce(sum(f.accrued), 0) as accrued,
        coalesce(sum(f.spent), 0) as spent
      from st_fund_day f join sys_org io on io.id = f.insurer_id
      where f.day <= ${w.to}::date and f.end_day >= ${w.from}::date and ${inList('f.district_code', ds)}
      group by 1, 2 order by 1`.execute(db),
  ]);
  const sum = plans.rows.find((r) => r.code === null);
  const total = {
    planned: sum?.planned ?? 0,
    done: sum?.done ?? 0,
    served: served.rows[0]?.n ?? 0,
    spend: sum?.spend ?? '0',
  };
  const byInsurer = funds.rows.map((r) => ({
    code: String(r.insurerId),
    name: r.name,
    accrued: money(r.accrued),
    spent: money(r.spent),
  }));
  const fundCents = (k: 'accrued' | 'spent') =>
    byInsurer.reduce((s, r) => s + Math.round(r[k] * 100), 0) / 100;
  return {
    planned: total.planned,
    done: total.done,
    doneRate: ratePct(total.done, total.planned),
    enterprisesServed: total.served,
    spend: money(total.spend),
    accrued: fundCents('accrued'),
    spent: fundCents('spent'),
    byDistrict: districtList(ds).map((d) => {
      const r = plans.rows.find((x) => x.code === d.code);
      return { ...d, planned: r?.planned ?? 0, done: r?.done ?? 0 };
    }),
    byInsurer,
  };
}

async function hazards(db: Db, ds: string[], w: Window, today: string) {
  const { rows } = await sql<{
    code: string | null;
    found: number;
    rectified: number;
    overdue: number;
    majorOpen: number;
  }>`
    select d.district_code as code, coalesce(sum(d.found), 0)::int as found,
      coalesce(sum(d.found) filter (where d.rectified), 0)::int as rectified,
      coalesce(sum(d.found) filter (where not d.rectified and d.deadline < ${today}::date), 0)::int as overdue,
      coalesce(sum(d.found) filter (where not d.rectified and d.major), 0)::int as "majorOpen"
    from st_hazard_day d
    where d.day >= ${w.from}::date and d.day <= ${w.to}::date and ${inList('d.district_code', ds)}
    group by rollup (1)`.execute(db);
  const t = rows.find((r) => r.code === null) ?? { found: 0, rectified: 0, overdue: 0, majorOpen: 0 };
  return {
    found: t.found,
    rectified: t.rectified,
    rectifyRate: ratePct(t.rectified, t.found),
    overdue: t.overdue,
    majorOpen: t.majorOpen,
    byDistrict: districtList(ds).map((d) => {
      const r = rows.find((x) => x.code === d.code);
      return { ...d, found: r?.found ?? 0, rectified: r?.rectified ?? 0 };
    }),
  };
}

async function complaints(db: Db, ds: string[], w: Window, claimSatisfaction: number) {
  const [cp, policySat] = await Promise.all([
    sql<{ received: number; replied: number; onTime: number; rated: number; satisfied: number }>`
      select count(*)::int as received, count(*) filter (where c.replied_at is not null)::int as replied,
        count(*) filter (where c.replied_at is not null and not c.replied_late)::int as "onTime",
        count(*) filter (where c.satisfied is not null)::int as rated,
        count(*) filter (where c.satisfied)::int as satisfied
      from cp_complaint c
      where c.submitted_at >= ${w.fromTs} and c.submitted_at < ${w.toTs} and ${inList('c.district_code', ds)}`.execute(
      db,
    ),
    sql<{ avg: string | null }>`
      select avg(s.score) as avg from ev_satisfaction s
      where s.item = 'policy' and s.created_at >= ${w.fromTs} and s.created_at < ${w.toTs}
        and ${inList('s.district_code', ds)}`.execute(db),
  ]);
  const r = cp.rows[0] ?? { received: 0, replied: 0, onTime: 0, rated: 0, satisfied: 0 };
  return {
    ...r,
    onTimeRate: ratePct(r.onTime, r.replied),
    satisfactionRate: ratePct(r.satisfied, r.rated),
    claimSatisfaction,
    policySatisfaction: money(policySat.rows[0]?.avg),
  };
}

async function experts(db: Db, ds: string[]) {
  const city = ds.length === DISTRICTS.length;
  const { rows } = await sql<{ title: string; n: number }>`
    select coalesce(nullif(x.title, ''), '未填写') as title, count(*)::int as n
    from sv_expert x
    where x.deleted_at is null and x.status = 1 and ${city ? sql`true` : inList('x.district_code', ds)}
    group by 1 order by 2 desc, 1`.execute(db);
  return {
    total: rows.reduce((s, r) => s + r.n, 0),
    byTitle: rows.map((r) => ({ code: r.title, name: r.title, value: r.n })),
  };
}

type Sections = Omit<Cockpit, 'period' | 'districts' | 'scopeName' | 'computedAt' | 'dataAsOf' | 'kpis'>;

async function sections(
  db: Db,
  ds: string[],
  from: string,
  to: string,
  today: string,
  now: Date,
  unpaidDays: number,
  makeDb?: Db,
): Promise<Sections> {
  const w = windowOf(from, to);
  // One section after another (each runs at most three statements at once): a cockpit holds few pool
  // connections, so the lists and forms of other users keep theirs.
  const u = await uptake(db, ds, to, now, makeDb);
  const b = await business(db, ds, w);
  const { satisfaction, ...c } = await claims(db, ds, w, now, unpaidDays);
  const p = await prevention(db, ds, w);
  const h = await hazards(db, ds, w, today);
  const cp = await complaints(db, ds, w, satisfaction);
  const x = await experts(db, ds);
  return { uptake: u, business: b, claims: c, prevention: p, hazards: h, complaints: cp, experts: x };
}

/** The headline figures with last year's (the same days a year earlier) and the change. */
function kpis(cur: Sections, prev: Sections): CockpitKpi[] {
  const k = (key: string, label: string, unit: string, pick: (s: Sections) => number): CockpitKpi => ({
    key,
    label,
    unit,
    value: pick(cur),
    previous: pick(prev),
    yoy: yoyPct(pick(cur), pick(prev)),
  });
  return [
    k('mustInsure', '应保企业', '家', (s) => s.uptake.mustInsure),
    k('insured', '已保企业', '家', (s) => s.uptake.insured),
    k('coverageRate', '参保率', '%', (s) => s.uptake.rate),
    k('voluntary', '鼓励投保企业', '家', (s) => s.uptake.voluntary),
    k('policies', '保单', '件', (s) => s.business.policies),
    k('premium', '保费', '元', (s) => s.business.premium),
    k('sumInsured', '保额', '万元', (s) => s.business.sumInsuredWan),
    k('preventionFee', '事故预防费用', '元', (s) => s.business.preventionFee),
    k('claims', '理赔案件', '件', (s) => s.claims.reported),
    k('closeRate', '结案率', '%', (s) => s.claims.closeRate),
    k('claimPaid', '理赔费用', '元', (s) => s.claims.paid),
    k('avgPaid', '案均赔付', '元', (s) => s.claims.avgPaid),
    k('services', '预防服务', '次', (s) => s.prevention.done),
    k('served', '服务企业', '家', (s) => s.prevention.enterprisesServed),
    k('hazards', '发现隐患', '条', (s) => s.hazards.found),
    k('rectifyRate', '隐患整改率', '%', (s) => s.hazards.rectifyRate),
    k('onTimeRate', '投诉按时答复率', '%', (s) => s.complaints.onTimeRate),
  ];
}

/**
 * Every figure of the cockpit for the districts and the period, counted up to `cutoff` (a China day; today
 * while the period runs). Uptake is counted on the last day counted; last year's figures on the same days
 * a year earlier.
 */
export async function computeCockpit(
  db: Db,
  ds: string[],
  period: StatPeriod,
  opts: {
    now: Date;
    cutoff?: string;
    unpaidDays: number;
    refreshUptake?: boolean;
    /** Where a missing uptake snapshot is made (the jobs connection: longer statements than a request's). */
    snapshotDb?: Db;
  },
): Promise<Cockpit> {
  const today = chinaDate(opts.now);
  const { from, to } = countedDays(period, opts.cutoff ?? today);
  // The days written since the last refresh first (usually none: the schedule keeps them few), so the
  // figures hold every committed write unless another refresh is running (then `dataAsOf` says since when).
  // A request leaves touched uptake snapshots to the schedule (a scan of the enterprises); a report, which
  // is archived, makes them now.
  await refreshRollups(db, opts.now, { uptake: opts.refreshUptake ?? false });
  const dataAsOf = await rollupsAsOf(db, opts.now);
  // This year's and last year's figures side by side (each section runs its statements one after another).
  const [cur, prev] = await Promise.all([
    sections(db, ds, from, to, today, opts.now, opts.unpaidDays, opts.snapshotDb),
    sections(
      db,
      ds,
      shiftYears(from, -1),
      shiftYears(to, -1),
      today,
      opts.now,
      opts.unpaidDays,
      opts.snapshotDb,
    ),
  ]);
  return {
    period: { kind: period.kind, year: period.year, n: period.n, label: periodLabel(period), from, to },
    districts: districtList(ds),
    scopeName: scopeName(ds),
    computedAt: opts.now.toISOString(),
    dataAsOf: dataAsOf.toISOString(),
    kpis: kpis(cur, prev),
    ...cur,
  };
}

/**
 * This year's claims of the whole city (reported, paid), as the cockpit counts them: the public portal's
 * 理赔案件 and 理赔费用.
 */
export async function cityClaimTotals(db: Db, now: Date, unpaidDays: number) {
  const today = chinaDate(now);
  await refreshRollups(db, now, { uptake: false });
  const c = await claims(
    db,
    DISTRICTS.map((d) => d.value),
    windowOf(`${today.slice(0, 4)}-01-01`, today),
    now,
    unpaidDays,
  );
  return { claims: c.reported, paid: c.paid };
}
