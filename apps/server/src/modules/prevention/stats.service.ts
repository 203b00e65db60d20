import {
  addDays,
  chinaDate,
  DISTRICTS,
  type PreventionOverview,
  SERVICE_ITEMS,
  type Statement,
  type StatementGroup,
  type Workbench,
} from '@aqzrx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/context.ts';
import { hazardStats as hazardStatsOf } from '../hazard/index.ts';
import { planFigures, refreshRollups } from '../stats/index.ts';
import { num, type PlanListDbRow, serviceSubTypes, toPlanRow } from './common.ts';
import { planRows } from './plan.repo.ts';
import { fundScope, overviewDistricts, type PrevActor, planScope } from './scope.ts';

/** Year bounds of planned starts, China time. */
const yearStart = (y: number) => new Date(`${y}-01-01T00:00:00+08:00`);
const chinaMonthOf = (ref: string) =>
  sql<number>`extract(month from (${sql.ref(ref)} AT TIME ZONE 'Asia/Shanghai'))::int`;

function plansOfYear(db: Db, a: PrevActor, year: number, districtCode?: string, insurerId?: number) {
  let s = db
    .selectFrom('apPlan as p')
    .where(planScope(a))
    .where('p.plannedStart', '>=', yearStart(year))
    .where('p.plannedStart', '<', yearStart(year + 1));
  if (districtCode) s = s.where('p.districtCode', '=', districtCode);
  if (insurerId) s = s.where('p.insurerId', '=', insurerId);
  return s;
}

const counts = () =>
  [
    sql<number>`count(*)::int`.as('planned'),
    sql<number>`count(*) FILTER (WHERE p.status = 2)::int`.as('done'),
    sql<string>`coalesce(sum(p.spend) FILTER (WHERE p.status = 2), 0)`.as('spend'),
    sql<number>`count(DISTINCT p.enterprise_id) FILTER (WHERE p.status = 2)::int`.as('served'),
    sql<number>`coalesce(sum(p.hazard_count) FILTER (WHERE p.status = 2), 0)::int`.as('hazards'),
    sql<number>`coalesce(sum(p.major_hazard_count) FILTER (WHERE p.status = 2), 0)::int`.as('major'),
  ] as const;

/**
 * The regulator's prevention overview (GovernmentAp): services done / planned by district, item and month
 * of a year; enterprises served vs insured; fund accrued vs spent; hazards found / rectified. A regulator
 * sees its districts; an insurer its own records.
 */
export async function overview(
  db: Db,
  a: PrevActor,
  q: { year?: number | undefined; districtCode?: string | undefined; insurerId?: number | undefined },
  now: Date,
): Promise<PreventionOverview> {
  const year = q.year ?? Number(chinaDate(now).slice(0, 4));
  const districts = overviewDistricts(a).filter((d) => !q.districtCode || d === q.districtCode);
  const base = () => plansOfYear(db, a, year, q.districtCode, q.insurerId);
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  let insured = db
    .selectFrom('insPolicy as ip')
    .select(['ip.districtCode as code', sql<number>`count(DISTINCT ip.enterprise_id)::int`.as('n')])
    .where('ip.status', '=', 'approved')
    .where('ip.startDate', '<=', to)
    .where('ip.endDate', '>=', from)
    .where('ip.districtCode', 'in', districts.length ? districts : ['-']);
  const insurerOnly = a.kind === 'insurer' ? a.orgId : q.insurerId;
  if (insurerOnly)
    insured = insured.where((eb) =>
      eb.exists(
        eb
          .selectFrom('insPolicyCoinsurer as c')
          .select(sql`1`.as('x'))
          .whereRef('c.policyId', '=', 'ip.id')
          .where('c.insurerId', '=', insurerOnly),
      ),
    );
  let funds = db
    .selectFrom('apFund as f')
    .where(fundScope(a))
    .innerJoin('insPolicy as ip', 'ip.id', 'f.policyId')
    .where('ip.startDate', '<=', to)
    .where('ip.endDate', '>=', from)
    .select([
      'f.districtCode as code',
      sql<string>`coalesce(sum(f.accrued), 0)`.as('accrued'),
      sql<string>`coalesce(sum(f.spent), 0)`.as('spent'),
    ])
    .groupBy('f.districtCode');
  if (q.districtCode) funds = funds.where('f.districtCode', '=', q.districtCode);
  if (q.insurerId) funds = funds.where('f.insurerId', '=', q.insurerId);
  const [byDistrict, byItem, byMonth, insuredRows, fundRows, rectified, totalsRow, projects] =
    await Promise.all([
      base()
        .select(['p.districtCode as code', ...counts()])
        .groupBy('p.districtCode')
        .execute(),
      base()
        .select(['p.item as code', ...counts()])
        .groupBy('p.item')
        .execute(),
      base()
        .select([chinaMonthOf('p.plannedStart').as('month'), ...counts()])
        .groupBy(sql`1`)
        .execute(),
      insured.groupBy('ip.districtCode').execute(),
      funds.execute(),
      db
        .selectFrom('apHazard as h')
        .innerJoin('apPlan as p', 'p.id', 'h.planId')
        .where(planScope(a))
        .where('p.plannedStart', '>=', yearStart(year))
        .where('p.plannedStart', '<', yearStart(year + 1))
        .where('h.state', '=', 2)
        .$if(!!q.districtCode, (s) => s.where('p.districtCode', '=', q.districtCode!))
        .$if(!!q.insurerId, (s) => s.where('p.insurerId', '=', q.insurerId!))
        .select(['p.districtCode as code', sql<number>`count(*)::int`.as('n')])
        .groupBy('p.districtCode')
        .execute(),
      base().select(counts()).executeTakeFirstOrThrow(),
      base().select(sql<number>`count(DISTINCT p.project_id)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
  const find = <T extends { code: string }>(rows: T[], code: string) => rows.find((r) => r.code === code);
  const districtRows = DISTRICTS.filter((d) => districts.includes(d.value)).map((d) => {
    const r = find(byDistrict, d.value);
    const f = find(fundRows, d.value);
    return {
      code: d.value,
      name: d.label,
      done: r?.done ?? 0,
      planned: r?.planned ?? 0,
      enterprisesServed: r?.served ?? 0,
      enterprisesInsured: find(insuredRows, d.value)?.n ?? 0,
      hazards: r?.hazards ?? 0,
      hazardsRectified: find(rectified, d.value)?.n ?? 0,
      accrued: num(f?.accrued),
      spent: num(f?.spent),
    };
  });
  const sum = (k: 'accrued' | 'spent' | 'enterprisesInsured' | 'hazardsRectified') =>
    Math.round(districtRows.reduce((s, r) => s + r[k], 0) * 100) / 100;
  // Hidden dangers of every source in the caller's scope, by the spec 4 codes (modules/hazard).
  const hazardStats = await hazardStatsOf(
    db,
    { ...a, orgName: '' },
    { districtCode: q.districtCode, year },
    now,
  );
  return {
    year,
    hazardStats,
    totals: {
      projects: projects.n,
      plans: totalsRow.planned,
      done: totalsRow.done,
      enterprisesServed: totalsRow.served,
      enterprisesInsured: sum('enterprisesInsured'),
      accrued: sum('accrued'),
      spent: sum('spent'),
      hazards: totalsRow.hazards,
      majorHazards: totalsRow.major,
      hazardsRectified: sum('hazardsRectified'),
    },
    byDistrict: districtRows,
    byItem: SERVICE_ITEMS.map((i) => {
      const r = byItem.find((x) => x.code === i.value);
      return {
        code: i.value,
        name: i.label,
        done: r?.done ?? 0,
        planned: r?.planned ?? 0,
        spend: num(r?.spend),
      };
    }),
    byMonth: Array.from({ length: 12 }, (_, i) => {
      const r = byMonth.find((x) => Number(x.month) === i + 1);
      return { month: i + 1, done: r?.done ?? 0, planned: r?.planned ?? 0, spend: num(r?.spend) };
    }),
  };
}

/** Per service/expert organisation (GovApService): projects, plans, done, enterprises, spend, ratings. */
export async function providerSummary(
  db: Db,
  a: PrevActor,
  q: {
    year?: number | undefined;
    districtCode?: string | undefined;
    keyword?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
  now: Date,
) {
  const year = q.year ?? Number(chinaDate(now).slice(0, 4));
  let s = plansOfYear(db, a, year, q.districtCode)
    .innerJoin('sysOrg as o', 'o.id', 'p.providerOrgId')
    .leftJoin('apFollowUp as fu', 'fu.planId', 'p.id');
  if (q.keyword) s = s.where('o.name', 'ilike', `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const rows = await s
    .select([
      'o.id as orgId',
      'o.orgType',
      'o.name',
      sql<number>`count(DISTINCT p.project_id)::int`.as('projects'),
      ...counts(),
      sql<number>`count(fu.id)::int`.as('followUps'),
      sql<string | null>`round(avg(fu.rating), 2)`.as('avgRating'),
      sql<string | null>`round(avg(fu.cooperation), 2)`.as('avgCooperation'),
    ])
    .groupBy(['o.id', 'o.orgType', 'o.name'])
    .orderBy('o.name')
    .execute();
  const list = rows.map((r) => ({
    orgId: r.orgId,
    orgType: r.orgType,
    name: r.name,
    projects: r.projects,
    plans: r.planned,
    done: r.done,
    enterprises: r.served,
    spend: num(r.spend),
    hazards: r.hazards,
    followUps: r.followUps,
    avgRating: r.avgRating === null ? null : Number(r.avgRating),
    avgCooperation: r.avgCooperation === null ? null : Number(r.avgCooperation),
  }));
  const start = (q.pageNo - 1) * q.pageSize;
  return {
    list: list.slice(start, start + q.pageSize),
    total: list.length,
    pageNum: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** The service statement (服务报表) of a service/expert organisation: by month, item or enterprise. */
export async function statement(
  db: Db,
  a: PrevActor,
  q: { year: number; groupBy: StatementGroup; item?: string | undefined },
): Promise<Statement> {
  // A provider's own plans, counted by the cockpit's plan figures (modules/stats); no one else has a statement.
  const providerOrgId = a.kind === 'service' || a.kind === 'expert' ? a.orgId : -1;
  await refreshRollups(db, new Date(), { uptake: false });
  const f = await planFigures(
    db,
    { providerOrgId, item: q.item },
    `${q.year}-01-01`,
    `${q.year}-12-31`,
    q.groupBy,
  );
  const rows = f.rows;
  const names =
    q.groupBy === 'enterprise' && rows.length
      ? new Map(
          (
            await db
              .selectFrom('sysOrg')
              .select(['id', 'name'])
              .where(
                'id',
                'in',
                rows.map((r) => Number(r.key)),
              )
              .execute()
          ).map((o) => [String(o.id), o.name]),
        )
      : new Map<string, string>();
  const nameOf = (k: string) =>
    q.groupBy === 'month'
      ? `${Number(k)}月`
      : q.groupBy === 'item'
        ? SERVICE_ITEMS.label(k)
        : (names.get(k) ?? k);
  const out = rows.map((r) => ({
    key: r.key,
    name: nameOf(r.key),
    planned: r.planned,
    done: r.done,
    enterprises: r.served,
    spend: r.spend,
    hazards: r.hazards,
  }));
  return {
    year: q.year,
    groupBy: q.groupBy,
    rows: out,
    totals: {
      key: 'total',
      name: '合计',
      planned: out.reduce((x, r) => x + r.planned, 0),
      done: out.reduce((x, r) => x + r.done, 0),
      enterprises: f.served,
      spend: Math.round(out.reduce((x, r) => x + r.spend * 100, 0)) / 100,
      hazards: out.reduce((x, r) => x + r.hazards, 0),
    },
  };
}

/** The service/expert workbench: today's visits, overdue plans and the counts of the to-do kinds. */
export async function workbench(db: Db, a: PrevActor, now: Date): Promise<Workbench> {
  const day = chinaDate(now);
  const dayStart = new Date(`${day}T00:00:00+08:00`);
  const dayEnd = new Date(`${addDays(day, 1)}T00:00:00+08:00`);
  const subs = await serviceSubTypes(db);
  const [today, overdue, c] = await Promise.all([
    planRows(db, a, {})
      .where('p.plannedStart', '<', dayEnd)
      .where('p.plannedEnd', '>=', dayStart)
      .where('p.status', '<', 2)
      .orderBy('p.plannedStart')
      .limit(50)
      .execute(),
    planRows(db, a, {})
      .where('p.plannedEnd', '<', now)
      .where('p.status', '<', 2)
      .orderBy('p.plannedEnd')
      .limit(50)
      .execute(),
    db
      .selectFrom('apPlan as p')
      .leftJoin('apFollowUp as fu', 'fu.planId', 'p.id')
      .where(planScope(a))
      .select([
        sql<number>`count(*) FILTER (WHERE p.status = 0)::int`.as('pending'),
        sql<number>`count(*) FILTER (WHERE p.status = 1)::int`.as('inProgress'),
        sql<number>`count(*) FILTER (WHERE p.status = 2)::int`.as('done'),
        sql<number>`count(*) FILTER (WHERE p.status < 2 AND p.visit_state = 'unconfirmed')::int`.as(
          'awaitingVisitConfirm',
        ),
        sql<number>`count(*) FILTER (WHERE p.record_state = 'submitted')::int`.as('awaitingRecordConfirm'),
        sql<number>`count(*) FILTER (WHERE p.record_state IN ('submitted','confirmed') AND fu.id IS NULL)::int`.as(
          'followUpsDue',
        ),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    today: today.map((r) => toPlanRow(r as PlanListDbRow, subs)),
    overdue: overdue.map((r) => toPlanRow(r as PlanListDbRow, subs)),
    counts: c,
  };
}

/** Portal 事故预防 figures: services completed, enterprises served, hazards found, spend (all, public). */
export async function portalFigures(db: Db) {
  const r = await db
    .selectFrom('apPlan as p')
    .select([
      sql<number>`count(*) FILTER (WHERE p.status = 2)::int`.as('services'),
      sql<number>`count(DISTINCT p.enterprise_id) FILTER (WHERE p.status = 2)::int`.as('enterprises'),
      sql<number>`coalesce(sum(p.hazard_count) FILTER (WHERE p.status = 2), 0)::int`.as('hazards'),
      sql<string>`coalesce(sum(p.spend) FILTER (WHERE p.status = 2), 0)`.as('spend'),
    ])
    .executeTakeFirstOrThrow();
  // Hidden dangers of every source (service and insurer checks, self-checks), spec 4 codes, city-wide.
  const hazardStats = await hazardStatsOf(db, CITY_READER, {}, new Date());
  return { ...r, spend: num(r.spend), hazardStats };
}

/** The public figures read hazards as a city-wide regulator would (no user behind the portal). */
const CITY_READER = {
  kind: 'government' as const,
  orgId: null,
  userId: 0,
  name: '',
  orgName: '',
  districts: DISTRICTS.map((d) => d.value),
};
