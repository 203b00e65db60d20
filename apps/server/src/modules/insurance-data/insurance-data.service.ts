import {
  type CombinedDataKey,
  type CombinedDataRow,
  chinaDate,
  combinedTotals,
  combineInsuranceData,
  DISTRICTS,
  type InsuranceDataResult,
  type InsuranceGroupBy,
  type InsuranceSummary,
  optionLabel,
  STAT_LABELS,
  WS_INDUSTRIES,
} from '@aqzrx/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/context.ts';
import { chinaDayStart } from '../../platform/dates.ts';
import { claimScope } from '../claim/index.ts';
import type { Actor } from '../enterprise/index.ts';
import { policyScope } from '../policy/index.ts';
import { policyServiceFigures } from '../prevention/index.ts';

/**
 * Insurer data pages (保费数据, 理赔数据, 预防数据, 综合查询): aggregates over the insurer's own
 * policies (lead or co-insurer) and their claims, by month, district or work-safety industry, with the
 * labels and units of spec 9. Issued policies only (approved or cancelled); a year is the policies'
 * start year and the claims' report year (China time).
 *
 * Money is counted by share: an insurer's premium, sum insured, prevention fee and claim payouts are its
 * lead or co-insurance share of each policy (ins_policy_coinsurer.share), so co-insurers of one policy
 * together count it once. Any other reader in scope (the regulator) counts each policy whole, once.
 * Counts (policies, enterprises, claims, persons) are not split.
 *
 * Money is rounded once, to the cent, where a fraction arises: each policy's (or claim's) share. Every
 * sum after that is exact, so a group's figure, the 合计 row (the sum of the groups) and the 综合查询
 * summary show the same amount.
 */
/** Month of a timestamptz in China time, independent of the session time zone. */
const chinaMonth = (col: string) =>
  sql<string>`to_char((${sql.ref(col)} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM')`;

function groupExpr(groupBy: InsuranceGroupBy, kind: 'policy' | 'claim'): RawBuilder<string> {
  if (groupBy === 'district')
    return sql<string>`${sql.ref(kind === 'policy' ? 'p.districtCode' : 'c.districtCode')}`;
  if (groupBy === 'industry')
    return sql<string>`substring(${sql.ref(kind === 'policy' ? 'p.wsIndustryCode' : 'c.wsIndustryCode')} from 1 for 4)`;
  return kind === 'policy' ? sql<string>`to_char(p.start_date, 'YYYY-MM')` : chinaMonth('c.reportedAt');
}

/** Every group key of the dimension, so charts show zero bars instead of gaps. */
function allKeys(groupBy: InsuranceGroupBy, year: number): Array<{ key: string; name: string }> {
  if (groupBy === 'month')
    return Array.from({ length: 12 }, (_, i) => {
      const key = `${year}-${String(i + 1).padStart(2, '0')}`;
      return { key, name: `${i + 1}月` };
    });
  if (groupBy === 'district') return DISTRICTS.map((d) => ({ key: d.value, name: d.label }));
  return WS_INDUSTRIES.map((i) => ({ key: i.value, name: i.label }));
}

function nameOf(groupBy: InsuranceGroupBy, key: string): string {
  if (groupBy === 'district') return optionLabel(DISTRICTS, key) || key || '未知';
  if (groupBy === 'industry') return optionLabel(WS_INDUSTRIES, key) || key || '未分类';
  return key;
}

function merge<R extends Record<string, number>>(
  groupBy: InsuranceGroupBy,
  year: number,
  rows: Array<{ key: string | null } & R>,
  zero: R,
): Array<{ key: string; name: string } & R> {
  const by = new Map(rows.map((r) => [r.key ?? '', r]));
  const keys = allKeys(groupBy, year);
  const out = keys.map((k) => ({ ...zero, ...(by.get(k.key) ?? {}), key: k.key, name: k.name }));
  for (const r of rows)
    if (!keys.some((k) => k.key === (r.key ?? '')))
      out.push({ ...r, key: r.key ?? '', name: nameOf(groupBy, r.key ?? '') });
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The reader's fraction of a policy: an insurer's share (0-1) of it; 1 for everyone else. */
function shareOf(actor: Actor, policyId: 'p.id' | 'c.policyId'): RawBuilder<number> {
  if (actor.kind !== 'insurer') return sql<number>`1`;
  return sql<number>`coalesce((select pc.share from ins_policy_coinsurer pc where pc.policy_id = ${sql.ref(policyId)} and pc.insurer_id = ${actor.orgId}), 0) / 100`;
}

/**
 * Sum of a money column (or expression) times the reader's share, each share rounded to the cent before
 * it is added (so sums of groups equal the sum of all); '0' when there are no rows.
 */
function sharedSum(actor: Actor, policyId: 'p.id' | 'c.policyId', money: RawBuilder<unknown>) {
  return sql<string>`coalesce(sum(round(${money} * ${shareOf(actor, policyId)}, 2)), 0)`;
}
const col = (ref: string) => sql`${sql.ref(ref)}`;
/** Money paid on a claim: the payout, or the advances while there is none. */
const claimPaid = sql`coalesce(c.payout_total, c.advance_total)`;
/** Money paid on a closed claim (advances on open claims left out): the base of 案均赔付金额. */
const closedPaid = sql`case when c.phase = 'closed' then coalesce(c.payout_total, c.advance_total) else 0 end`;

/** Sum of figures with two decimals, added as whole cents (no binary-fraction drift). */
export const sumCents = (values: Iterable<number>) => {
  let cents = 0;
  for (const v of values) cents += Math.round(v * 100);
  return cents / 100;
};
const ratio = (part: number, whole: number) => (whole > 0 ? round2((part / whole) * 100) : 0);

function issuedPolicies(db: Db, actor: Actor, year: number) {
  return policyScope(db.selectFrom('insPolicy as p'), actor)
    .where('p.status', 'in', ['approved', 'cancelled'])
    .where('p.startDate', '>=', `${year}-01-01`)
    .where('p.startDate', '<=', `${year}-12-31`);
}

export async function premiumData(
  db: Db,
  actor: Actor,
  year: number,
  groupBy: InsuranceGroupBy,
): Promise<InsuranceDataResult> {
  const g = groupExpr(groupBy, 'policy');
  const rows = await issuedPolicies(db, actor, year)
    .select((eb) => [
      g.as('key'),
      eb.fn.countAll<number>().as('policies'),
      eb.fn.count<number>('p.enterpriseId').distinct().as('enterprises'),
      sharedSum(actor, 'p.id', col('p.premium')).as('premium'),
      sharedSum(actor, 'p.id', col('p.perAccidentLimit')).as('sumInsured'),
      eb.fn.coalesce(eb.fn.sum<string>('p.headcount'), sql<string>`0`).as('headcount'),
    ])
    .groupBy(g)
    .execute();
  const data = merge(
    groupBy,
    year,
    rows.map((r) => ({
      key: r.key,
      policies: Number(r.policies),
      enterprises: Number(r.enterprises),
      premium: round2(Number(r.premium)),
      sumInsuredWan: round2(Number(r.sumInsured) / 10000),
      headcount: Number(r.headcount),
    })),
    { policies: 0, enterprises: 0, premium: 0, sumInsuredWan: 0, headcount: 0 },
  );
  return {
    year,
    groupBy,
    columns: [
      { key: 'policies', label: '保单数', unit: '件' },
      {
        key: 'enterprises',
        label: STAT_LABELS.insuredEnterprises.label,
        unit: STAT_LABELS.insuredEnterprises.unit,
      },
      { key: 'premium', label: STAT_LABELS.premium.label, unit: STAT_LABELS.premium.unit },
      { key: 'sumInsuredWan', label: STAT_LABELS.sumInsured.label, unit: STAT_LABELS.sumInsured.unit },
      { key: 'headcount', label: '参保人数', unit: '人' },
    ],
    rows: data,
  };
}

export async function apData(
  db: Db,
  actor: Actor,
  year: number,
  groupBy: InsuranceGroupBy,
): Promise<InsuranceDataResult> {
  const g = groupExpr(groupBy, 'policy');
  // Completed prevention services and their spend, from the service records (modules/prevention): an
  // insurer counts the services of its own projects, other readers every insurer's.
  const served = policyServiceFigures('p.id', actor.kind === 'insurer' ? actor.orgId : null);
  const rows = await issuedPolicies(db, actor, year)
    .select((eb) => [
      g.as('key'),
      eb.fn.countAll<number>().as('policies'),
      sharedSum(actor, 'p.id', col('p.preventionFee')).as('preventionFee'),
      sharedSum(actor, 'p.id', col('p.premium')).as('premium'),
      eb.fn.coalesce(eb.fn.sum<string>('p.preventionFrequency'), sql<string>`0`).as('services'),
      sql<string>`coalesce(sum(${served.done}), 0)`.as('servicesDone'),
      sql<string>`coalesce(sum(${served.spend}), 0)`.as('serviceSpend'),
    ])
    .groupBy(g)
    .execute();
  const data = merge(
    groupBy,
    year,
    rows.map((r) => {
      const premium = Number(r.premium);
      const fee = Number(r.preventionFee);
      return {
        key: r.key,
        policies: Number(r.policies),
        preventionFee: round2(fee),
        feeRatio: ratio(fee, premium),
        services: Number(r.services),
        servicesDone: Number(r.servicesDone),
        serviceSpend: round2(Number(r.serviceSpend)),
        premium: round2(premium),
      };
    }),
    { policies: 0, preventionFee: 0, feeRatio: 0, services: 0, servicesDone: 0, serviceSpend: 0, premium: 0 },
  );
  return {
    year,
    groupBy,
    columns: [
      { key: 'policies', label: '保单数', unit: '件' },
      { key: 'preventionFee', label: STAT_LABELS.preventionFee.label, unit: STAT_LABELS.preventionFee.unit },
      { key: 'feeRatio', label: '占保费比例', unit: '%' },
      { key: 'services', label: '约定服务次数', unit: '次' },
      { key: 'servicesDone', label: '已完成服务次数', unit: '次' },
      { key: 'serviceSpend', label: '服务支出', unit: '元' },
    ],
    // `premium` is no column: it is the base of 占保费比例, for the ratio of the 合计 row.
    rows: data,
  };
}

export async function claimData(
  db: Db,
  actor: Actor,
  year: number,
  groupBy: InsuranceGroupBy,
): Promise<InsuranceDataResult> {
  const g = groupExpr(groupBy, 'claim');
  const rows = await claimScope(db.selectFrom('insClaim as c'), actor)
    .where('c.reportedAt', '>=', chinaDayStart(`${year}-01-01`))
    .where('c.reportedAt', '<', chinaDayStart(`${year + 1}-01-01`))
    .where('c.phase', '!=', 'withdrawn')
    .select((eb) => [
      g.as('key'),
      eb.fn.countAll<number>().as('claims'),
      eb.fn.count<number>(sql`case when c.phase = 'closed' then 1 end`).as('closed'),
      sharedSum(actor, 'c.policyId', claimPaid).as('paid'),
      sharedSum(actor, 'c.policyId', closedPaid).as('paidClosed'),
      eb.fn.coalesce(eb.fn.sum<string>('c.deaths'), sql<string>`0`).as('deaths'),
      eb.fn.coalesce(eb.fn.sum<string>('c.injuries'), sql<string>`0`).as('injuries'),
    ])
    .groupBy(g)
    .execute();
  const data = merge(
    groupBy,
    year,
    rows.map((r) => {
      const claims = Number(r.claims);
      const closed = Number(r.closed);
      return {
        key: r.key,
        claims,
        closed,
        closeRate: ratio(closed, claims),
        paid: round2(Number(r.paid)),
        deaths: Number(r.deaths),
        injuries: Number(r.injuries),
        paidClosed: round2(Number(r.paidClosed)),
      };
    }),
    { claims: 0, closed: 0, closeRate: 0, paid: 0, deaths: 0, injuries: 0, paidClosed: 0 },
  ).map((r) =>
    // 案均赔付金额 = paid on closed claims ÷ closed claims; a group without a closed claim has none (the
    // key is left out and shown as '-'). `paidClosed` is no column: the base of the 合计 row's average.
    r.closed > 0 ? { ...r, avgPaid: round2(r.paidClosed / r.closed) } : r,
  );
  return {
    year,
    groupBy,
    columns: [
      { key: 'claims', label: STAT_LABELS.claims.label, unit: STAT_LABELS.claims.unit },
      { key: 'closed', label: '结案数', unit: '件' },
      { key: 'closeRate', label: '结案率', unit: '%' },
      { key: 'paid', label: STAT_LABELS.claimPaid.label, unit: STAT_LABELS.claimPaid.unit },
      { key: 'avgPaid', label: '案均赔付金额', unit: '元' },
      { key: 'deaths', label: '死亡人数', unit: '人' },
      { key: 'injuries', label: '受伤人数', unit: '人' },
    ],
    rows: data,
  };
}

export type DatasetTotals = Record<string, number | null>;

/**
 * The 合计 row of a dataset (its .xlsx export; the web's data-model.ts totalsOf computes the same):
 * sums added in cents; ratios of the sums, not sums of ratios — 结案率 = closed ÷ claims, 案均赔付金额 =
 * paid on closed claims ÷ closed claims (null without a closed claim), 占保费比例 = fee ÷ premium.
 */
export function datasetTotals(
  dataset: 'premium' | 'claim' | 'ap',
  data: Pick<InsuranceDataResult, 'columns' | 'rows'>,
): DatasetTotals {
  const sum = (key: string) => sumCents(data.rows.map((r) => Number(r[key] ?? 0) || 0));
  const t: DatasetTotals = {};
  for (const c of data.columns) t[c.key] = sum(c.key);
  if (dataset === 'claim') {
    const closed = t.closed ?? 0;
    t.closeRate = ratio(closed, t.claims ?? 0);
    t.avgPaid = closed > 0 ? round2(sum('paidClosed') / closed) : null;
  }
  if (dataset === 'ap') t.feeRatio = ratio(t.preventionFee ?? 0, sum('premium'));
  return t;
}

/** 综合查询: the six portal figures of spec 9 for this insurer and year, plus claim satisfaction. */
export async function summaryData(db: Db, actor: Actor, year: number, now: Date): Promise<InsuranceSummary> {
  const today = chinaDate(now);
  const policies = issuedPolicies(db, actor, year)
    .select((eb) => [
      eb.fn.count<number>('p.enterpriseId').distinct().as('enterprises'),
      sharedSum(actor, 'p.id', col('p.premium')).as('premium'),
      sharedSum(actor, 'p.id', col('p.perAccidentLimit')).as('sumInsured'),
      sharedSum(actor, 'p.id', col('p.preventionFee')).as('preventionFee'),
      eb.fn
        .count<number>(
          sql`case when p.status = 'approved' and p.start_date <= ${today} and p.end_date >= ${today} then 1 end`,
        )
        .as('inForce'),
    ])
    .executeTakeFirstOrThrow();
  const claims = claimScope(db.selectFrom('insClaim as c'), actor)
    .where('c.reportedAt', '>=', chinaDayStart(`${year}-01-01`))
    .where('c.reportedAt', '<', chinaDayStart(`${year + 1}-01-01`))
    .where('c.phase', '!=', 'withdrawn')
    .select((eb) => [
      eb.fn.countAll<number>().as('claims'),
      sharedSum(actor, 'c.policyId', claimPaid).as('paid'),
      eb.fn.avg<string>('c.satisfaction').as('satisfaction'),
    ])
    .executeTakeFirstOrThrow();
  const [p, c] = await Promise.all([policies, claims]);
  const value = {
    insuredEnterprises: Number(p.enterprises),
    premium: round2(Number(p.premium)),
    sumInsured: round2(Number(p.sumInsured) / 10000),
    preventionFee: round2(Number(p.preventionFee)),
    claims: Number(c.claims),
    claimPaid: round2(Number(c.paid)),
  };
  return {
    year,
    items: (Object.keys(STAT_LABELS) as Array<keyof typeof STAT_LABELS>).map((name) => ({
      name,
      ...STAT_LABELS[name],
      value: value[name],
    })),
    policiesInForce: Number(p.inForce),
    claimSatisfaction: c.satisfaction === null ? null : round2(Number(c.satisfaction)),
  };
}

export interface InsuranceQueryData {
  summary: InsuranceSummary;
  groupBy: InsuranceGroupBy;
  /** Premium, prevention and claim figures side by side per group, with 简单赔付率. */
  rows: CombinedDataRow[];
  totals: Record<CombinedDataKey, number | null>;
}

/** 综合查询 as a whole (its export): the summary figures and the combined table with its 合计 row. */
export async function queryData(
  db: Db,
  actor: Actor,
  year: number,
  groupBy: InsuranceGroupBy,
  now: Date,
): Promise<InsuranceQueryData> {
  const [summary, premium, ap, claim] = await Promise.all([
    summaryData(db, actor, year, now),
    premiumData(db, actor, year, groupBy),
    apData(db, actor, year, groupBy),
    claimData(db, actor, year, groupBy),
  ]);
  const rows = combineInsuranceData(premium.rows, ap.rows, claim.rows);
  return { summary, groupBy, rows, totals: combinedTotals(rows) };
}
