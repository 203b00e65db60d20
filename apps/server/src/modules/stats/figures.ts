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
