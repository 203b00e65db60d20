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
import type { Db } from '../../platform/context.ts';
import type { Actor } from '../enterprise/index.ts';
import {
  claimFigures,
  type FigureScope,
  policyFigures,
  policyLiveFigures,
  refreshRollups,
  wan,
} from '../stats/index.ts';

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
 *
 * The figures come from modules/stats (the cockpit's per-day rollups, scoped to the insurer), so an
 * insurer's totals are its row of the cockpit's 按保险机构; only the pages' shaping (groups, columns, 合计)
 * is done here.
 */
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

/**
 * Whose figures (modules/stats): an insurer's own (the policies and claims it takes part in, money by its
 * share); a regulator's districts (each policy whole, once); nobody else's.
 */
function scopeOf(actor: Actor): FigureScope {
  if (actor.kind === 'insurer') return { insurerId: actor.orgId };
  if (actor.kind === 'government') return { districts: actor.districts };
  return { districts: [] };
}

/** The year's figures of the scope, the rollups brought up to date first. */
async function yearFigures(db: Db, actor: Actor, year: number) {
  await refreshRollups(db, new Date(), { uptake: false });
  return { scope: scopeOf(actor), from: `${year}-01-01`, to: `${year}-12-31` };
}

/** Sum of figures with two decimals, added as whole cents (no binary-fraction drift). */
export const sumCents = (values: Iterable<number>) => {
  let cents = 0;
  for (const v of values) cents += Math.round(v * 100);
  return cents / 100;
};
const ratio = (part: number, whole: number) => (whole > 0 ? round2((part / whole) * 100) : 0);

export async function premiumData(
  db: Db,
  actor: Actor,
  year: number,
  groupBy: InsuranceGroupBy,
): Promise<InsuranceDataResult> {
  const { scope, from, to } = await yearFigures(db, actor, year);
  const [figures, live] = await Promise.all([
    policyFigures(db, scope, from, to, groupBy),
    policyLiveFigures(db, scope, from, to, groupBy),
  ]);
  const enterprises = new Map(live.map((r) => [r.key, r.enterprises]));
  const data = merge(
    groupBy,
    year,
    figures.map((r) => ({
      key: r.key,
      policies: r.policies,
      enterprises: enterprises.get(r.key) ?? 0,
      premium: r.premium,
      sumInsuredWan: wan(r.sumInsured),
      headcount: r.headcount,
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
  const { scope, from, to } = await yearFigures(db, actor, year);
  // Completed prevention services and their spend, from the service records: an insurer counts the
  // services of its own plans, other readers every insurer's.
  const [figures, live] = await Promise.all([
    policyFigures(db, scope, from, to, groupBy),
    policyLiveFigures(db, scope, from, to, groupBy, { services: true }),
  ]);
  const served = new Map(live.map((r) => [r.key, r]));
  const data = merge(
    groupBy,
    year,
    figures.map((r) => ({
      key: r.key,
      policies: r.policies,
      preventionFee: r.preventionFee,
      feeRatio: ratio(r.preventionFee, r.premium),
      services: r.services,
      servicesDone: served.get(r.key)?.servicesDone ?? 0,
      serviceSpend: served.get(r.key)?.serviceSpend ?? 0,
      premium: r.premium,
    })),
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
  const { scope, from, to } = await yearFigures(db, actor, year);
  const rows = await claimFigures(db, scope, from, to, groupBy);
  const data = merge(
    groupBy,
    year,
    rows.map((r) => ({
      key: r.key,
      claims: r.claims,
      closed: r.closed,
      closeRate: ratio(r.closed, r.claims),
      paid: r.paid,
      deaths: r.deaths,
      injuries: r.injuries,
      paidClosed: r.closedPaid,
    })),
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
  const { scope, from, to } = await yearFigures(db, actor, year);
  const [[p], [live], [c]] = await Promise.all([
    policyFigures(db, scope, from, to, 'all'),
    policyLiveFigures(db, scope, from, to, 'all', { today }),
    claimFigures(db, scope, from, to, 'all'),
  ]);
  const value = {
    insuredEnterprises: live?.enterprises ?? 0,
    premium: p?.premium ?? 0,
    sumInsured: wan(p?.sumInsured ?? 0),
    preventionFee: p?.preventionFee ?? 0,
    claims: c?.claims ?? 0,
    claimPaid: c?.paid ?? 0,
  };
  return {
    year,
    items: (Object.keys(STAT_LABELS) as Array<keyof typeof STAT_LABELS>).map((name) => ({
      name,
      ...STAT_LABELS[name],
      value: value[name],
    })),
    policiesInForce: live?.inForce ?? 0,
    claimSatisfaction: c?.satN ? round2(c.satSum / c.satN) : null,
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
