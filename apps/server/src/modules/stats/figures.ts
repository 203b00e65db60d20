/**
 * Policy and claim figures from the rollups (rollup.ts), for any scope: the cockpit (districts, each policy
 * whole), its by-insurer figures and an insurer's own statements (the policies and claims it takes part in,
 * money by its share, each share rounded to the cent). One definition of every figure: issued policies
 * (approved or cancelled) by start day; claims by China day of report, withdrawn ones left out; paid = payout,
 * or the advances while none is fixed; closed paid = paid on closed claims.
 */
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/context.ts';

/** Whose figures: one insurer's shares, or the districts' (each policy whole; `share` splits by insurer). */
export type FigureScope = { insurerId: number } | { districts: readonly string[]; share?: boolean };
export type FigureGroup = 'month' | 'district' | 'industry' | 'insurer' | 'all';

/** Rounds to the cent. */
export const money = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;
/** Yuan to 万元, two decimals. */
export const wan = (v: number) => Math.round(v / 100) / 100;

const inList = (col: string, values: readonly string[]): RawBuilder<boolean> =>
  values.length ? sql<boolean>`${sql.ref(col)} in (${sql.join([...values])})` : sql<boolean>`false`;

function where(scope: FigureScope, from: string, to: string): RawBuilder<boolean> {
  const days = sql`d.day >= ${from}::date and d.day <= ${to}::date`;
  if ('insurerId' in scope)
    return sql<boolean>`d.kind = 'S' and d.insurer_id = ${scope.insurerId} and ${days}`;
  return sql<boolean>`d.kind = ${scope.share ? 'S' : 'L'} and ${days} and ${inList('d.district_code', scope.districts)}`;
}

function keyOf(g: FigureGroup): RawBuilder<string> {
  if (g === 'month') return sql<string>`to_char(date_trunc('month', d.day), 'YYYY-MM')`;
  if (g === 'district') return sql<string>`d.district_code`;
  if (g === 'industry') return sql<string>`d.ind`;
  if (g === 'insurer') return sql<string>`d.insurer_id::text`;
  return sql<string>`''`;
}

export interface PolicyFigures {
  key: string;
  policies: number;
  coinsured: number;
  /** Yuan, exact to the cent. */
  premium: number;
  sumInsured: number;
  preventionFee: number;
  headcount: number;
  /** Agreed prevention services (the policies' frequency). */
  services: number;
}

/** Issued policies starting from `from` to `to` (China days) of the scope, by the group. */
export async function policyFigures(
  db: Db,
  scope: FigureScope,
  from: string,
  to: string,
  group: FigureGroup,
): Promise<PolicyFigures[]> {
  const { rows } = await sql<{
    key: string;
    policies: number;
    coinsured: number;
    premium: string;
    lim: string;
    fee: string;
    headcount: string;
    frequency: string;
  }>`
    select ${keyOf(group)} as key, sum(d.policies)::int as policies, sum(d.coinsured)::int as coinsured,
      sum(d.premium) as premium, sum(d.lim) as lim, sum(d.fee) as fee, sum(d.headcount) as headcount,
      sum(d.frequency) as frequency
    from st_policy_day d where ${where(scope, from, to)}
    group by 1`.execute(db);
  return rows.map((r) => ({
    key: r.key,
    policies: r.policies,
    coinsured: r.coinsured,
    premium: money(r.premium),
    sumInsured: money(r.lim),
    preventionFee: money(r.fee),
    headcount: Number(r.headcount),
    services: Number(r.frequency),
  }));
}

export interface ClaimFigures {
  key: string;
  claims: number;
  closed: number;
  paid: number;
  closedPaid: number;
  deaths: number;
  injuries: number;
  /** Satisfaction scores given (sum and number). */
  satSum: number;
  satN: number;
}

/** Claims reported from `from` to `to` (China days) of the scope, by the group (groups with claims only). */
export async function claimFigures(
  db: Db,
  scope: FigureScope,
  from: string,
  to: string,
  group: FigureGroup,
): Promise<ClaimFigures[]> {
  const { rows } = await sql<{
    key: string;
    claims: number;
    closed: number;
    paid: string;
    closedPaid: string;
    deaths: string;
    injuries: string;
    satSum: string;
    satN: number;
  }>`
    select ${keyOf(group)} as key, sum(d.claims)::int as claims, sum(d.closed)::int as closed, sum(d.paid) as paid,
      sum(d.closed_paid) as "closedPaid", sum(d.deaths) as deaths, sum(d.injuries) as injuries,
      sum(d.sat_sum) as "satSum", sum(d.sat_n)::int as "satN"
    from st_claim_day d where ${where(scope, from, to)}
    group by 1`.execute(db);
  return rows
    .map((r) => ({
      key: r.key,
      claims: r.claims,
      closed: r.closed,
      paid: money(r.paid),
      closedPaid: money(r.closedPaid),
      deaths: Number(r.deaths),
      injuries: Number(r.injuries),
      satSum: Number(r.satSum),
      satN: r.satN,
    }))
    .filter((r) => group === 'all' || r.claims > 0);
}

/** Each insurer's own figures in the districts (the policies it takes part in, money by its share). */
export async function insurerTotals(db: Db, districts: readonly string[], from: string, to: string) {
  const rows = await policyFigures(db, { districts, share: true }, from, to, 'insurer');
  const ids = rows.map((r) => Number(r.key));
  const names = new Map(
    ids.length
      ? (await db.selectFrom('sysOrg').select(['id', 'name']).where('id', 'in', ids).execute()).map((o) => [
          String(o.id),
          o.name,
        ])
      : [],
  );
  return rows.map((r) => ({
    code: r.key,
    name: names.get(r.key) ?? '',
    policies: r.policies,
    premium: r.premium,
    sumInsuredWan: wan(r.sumInsured),
  }));
}

/** The issued policies of the scope starting from `from` to `to` (alias p), for the figures counted live. */
function issued(scope: FigureScope, from: string, to: string) {
  const own =
    'insurerId' in scope
      ? sql`join ins_policy_coinsurer pc on pc.policy_id = p.id and pc.insurer_id = ${scope.insurerId}`
      : sql``;
  const where =
    'insurerId' in scope ? sql`true` : inList('p.district_code', scope.districts as readonly string[]);
  return sql`ins_policy p ${own}
    where p.status in ('approved', 'cancelled') and p.start_date >= ${from}::date and p.start_date <= ${to}::date
      and ${where}`;
}

function policyKey(g: FigureGroup): RawBuilder<string> {
  if (g === 'month') return sql<string>`to_char(p.start_date, 'YYYY-MM')`;
  if (g === 'district') return sql<string>`p.district_code`;
  if (g === 'industry') return sql<string>`substr(p.ws_industry_code, 1, 4)`;
  if (g === 'insurer') return sql<string>`p.insurer_id::text`;
  return sql<string>`''`;
}

/**
 * Figures of the scope's issued policies that do not add up over days, counted live: distinct insured
 * enterprises, policies in force on `today` (approved, covering it), and the completed prevention services
 * and their spend (of the insurer's own plans for an insurer; every insurer's otherwise).
 */
export async function policyLiveFigures(
  db: Db,
  scope: FigureScope,
  from: string,
  to: string,
  group: FigureGroup,
  opts: { today?: string; services?: boolean } = {},
) {
  const by = 'insurerId' in scope ? sql`ap.insurer_id = ${scope.insurerId}` : sql`true`;
  const { rows } = await sql<{
    key: string;
    enterprises: number;
    inForce: number;
    servicesDone: string;
    serviceSpend: string;
  }>`
    select ${policyKey(group)} as key, count(distinct p.enterprise_id)::int as enterprises,
      ${
        opts.today
          ? sql`count(*) filter (where p.status = 'approved' and p.start_date <= ${opts.today}::date and p.end_date >= ${opts.today}::date)::int`
          : sql`0`
      } as "inForce",
      ${
        opts.services
          ? sql`coalesce(sum((select count(*) from ap_plan ap where ap.policy_id = p.id and ap.status = 2 and ${by})), 0)`
          : sql`0`
      } as "servicesDone",
      ${
        opts.services
          ? sql`coalesce(sum((select coalesce(sum(ap.spend), 0) from ap_plan ap where ap.policy_id = p.id and ap.status = 2 and ${by})), 0)`
          : sql`0`
      } as "serviceSpend"
    from ${issued(scope, from, to)}
    group by 1`.execute(db);
  return rows.map((r) => ({
    key: r.key,
    enterprises: r.enterprises,
    inForce: r.inForce,
    servicesDone: Number(r.servicesDone),
    serviceSpend: money(r.serviceSpend),
  }));
}

export type PlanGroup = 'month' | 'item' | 'district' | 'enterprise' | 'all';

/**
 * Service plans planned to start from `from` to `to` (China days) of a provider (a service organisation or
 * expert) or of districts, by the group: planned, done, spend, hazards and major hazards of done ones from the
 * rollup (st_plan_day); enterprises served (distinct) and the by-enterprise figures counted live. The
 * cockpit's 预防 section and a provider's 服务报表 both read this.
 */
export async function planFigures(
  db: Db,
  scope: { providerOrgId: number; item?: string | undefined } | { districts: readonly string[] },
  from: string,
  to: string,
  group: PlanGroup,
) {
  const fromTs = sql`${from}::date::timestamp at time zone 'Asia/Shanghai'`;
  const toTs = sql`(${to}::date + 1)::timestamp at time zone 'Asia/Shanghai'`;
  const rollWhere =
    'providerOrgId' in scope
      ? sql`d.provider_org_id = ${scope.providerOrgId} ${scope.item ? sql`and d.item = ${scope.item}` : sql``}`
      : inList('d.district_code', scope.districts);
  const liveWhere =
    'providerOrgId' in scope
      ? sql`p.provider_org_id = ${scope.providerOrgId} ${scope.item ? sql`and p.item = ${scope.item}` : sql``}`
      : inList('p.district_code', scope.districts);
  // Distinct enterprises served do not add up over days: counted live per group (done plans).
  const liveKey =
    group === 'month'
      ? sql`lpad(extract(month from (p.planned_start at time zone 'Asia/Shanghai'))::text, 2, '0')`
      : group === 'item'
        ? sql`p.item`
        : group === 'district'
          ? sql`p.district_code`
          : group === 'enterprise'
            ? sql`p.enterprise_id::text`
            : sql`''`;
  const servedRows = await sql<{ key: string | null; n: number }>`
    select ${liveKey} as key, count(distinct p.enterprise_id)::int as n from ap_plan p
    where p.status = 2 and p.planned_start >= ${fromTs} and p.planned_start < ${toTs} and ${liveWhere}
    group by rollup (1)`.execute(db);
  const servedOf = new Map(servedRows.rows.map((r) => [r.key, r.n]));
  type Row = {
    key: string;
    planned: number;
    done: number;
    spend: string;
    hazards: number;
    major: number;
    served: number;
  };
  let rows: Row[];
  if (group === 'enterprise') {
    rows = (
      await sql<Row>`
        select p.enterprise_id::text as key, count(*)::int as planned, count(*) filter (where p.status = 2)::int as done,
          coalesce(sum(p.spend) filter (where p.status = 2), 0) as spend,
          coalesce(sum(p.hazard_count) filter (where p.status = 2), 0)::int as hazards,
          coalesce(sum(p.major_hazard_count) filter (where p.status = 2), 0)::int as major, 0 as served
        from ap_plan p where p.planned_start >= ${fromTs} and p.planned_start < ${toTs} and ${liveWhere}
        group by 1 order by 1`.execute(db)
    ).rows;
  } else {
    const key =
      group === 'month'
        ? sql`lpad(extract(month from d.day)::text, 2, '0')`
        : group === 'item'
          ? sql`d.item`
          : group === 'district'
            ? sql`d.district_code`
            : sql`''`;
    rows = (
      await sql<Row>`
        select ${key} as key, sum(d.planned)::int as planned, sum(d.done)::int as done,
          coalesce(sum(d.spend), 0) as spend, coalesce(sum(d.hazards), 0)::int as hazards,
          coalesce(sum(d.major), 0)::int as major, 0 as served
        from st_plan_day d where d.day >= ${from}::date and d.day <= ${to}::date and ${rollWhere}
        group by 1 order by 1`.execute(db)
    ).rows;
  }
  return {
    rows: rows.map((r) => ({ ...r, spend: money(r.spend), served: servedOf.get(r.key) ?? 0 })),
    /** Distinct enterprises served over all groups. */
    served: servedOf.get(null) ?? 0,
  };
}
