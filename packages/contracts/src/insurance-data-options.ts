/**
 * Zod-free part of the insurer data pages: datasets, group-by dimensions, and 综合查询's combined table
 * (premium, prevention and claim figures side by side per group, with 简单赔付率 = 理赔费用 ÷ 保费), one
 * definition for the page and its .xlsx export. The response schemas are in insurance-data.ts.
 */
import { defineOptions, type OptionValue } from './options.ts';

export type InsuranceDataset = 'premium' | 'claim' | 'ap';

/** Group-by dimensions of the insurer data pages. */
export const DATA_GROUP_BY = defineOptions([
  { value: 'month', label: '按月份' },
  { value: 'district', label: '按区县' },
  { value: 'industry', label: '按行业' },
]);
export type InsuranceGroupBy = OptionValue<typeof DATA_GROUP_BY>;

/** One group (a month, district or industry): its key and name, and a figure per column key. */
export type InsuranceDataRow = { key: string; name: string } & Record<string, number | string>;

export interface CombinedDataRow {
  key: string;
  name: string;
  policies: number;
  enterprises: number;
  premium: number;
  sumInsuredWan: number;
  preventionFee: number;
  claims: number;
  paid: number;
  /** 简单赔付率 = 理赔费用 / 保费 (%), null without premium. */
  lossRatio: number | null;
}

export type CombinedDataKey = Exclude<keyof CombinedDataRow, 'key' | 'name'>;

/** The columns with their spec 9 labels and units. */
export const COMBINED_DATA_COLUMNS: ReadonlyArray<{ key: CombinedDataKey; label: string; unit: string }> = [
  { key: 'policies', label: '保单数', unit: '件' },
  { key: 'enterprises', label: '投保企业', unit: '家' },
  { key: 'premium', label: '保费', unit: '元' },
  { key: 'sumInsuredWan', label: '保额', unit: '万元' },
  { key: 'preventionFee', label: '事故预防费用', unit: '元' },
  { key: 'claims', label: '理赔案件', unit: '件' },
  { key: 'paid', label: '理赔费用', unit: '元' },
  { key: 'lossRatio', label: '简单赔付率', unit: '%' },
];

const round2 = (n: number) => Math.round(n * 100) / 100;

/** 简单赔付率 in % with two decimals; null when there is no premium. */
export function lossRatio(paid: number, premium: number): number | null {
  return premium > 0 ? Math.round((paid / premium) * 10000) / 100 : null;
}

const figure = (row: InsuranceDataRow | undefined, key: string): number => {
  const v = row?.[key];
  return typeof v === 'number' ? v : Number(v) || 0;
};

/** Joins the premium, prevention and claim datasets on their group key (premium's order first). */
export function combineInsuranceData(
  premium: InsuranceDataRow[],
  ap: InsuranceDataRow[],
  claim: InsuranceDataRow[],
): CombinedDataRow[] {
  const by = (rows: InsuranceDataRow[]) => new Map(rows.map((r) => [r.key, r]));
  const [premBy, apBy, claimBy] = [by(premium), by(ap), by(claim)];
  const keys = premium.map((r) => r.key);
  for (const r of [...ap, ...claim]) if (!keys.includes(r.key)) keys.push(r.key);
  return keys.map((key) => {
    const p = premBy.get(key);
    const a = apBy.get(key);
    const c = claimBy.get(key);
    const prem = figure(p, 'premium');
    const paid = figure(c, 'paid');
    return {
      key,
      name: String(p?.name ?? a?.name ?? c?.name ?? key),
      policies: figure(p, 'policies'),
      enterprises: figure(p, 'enterprises'),
      premium: prem,
      sumInsuredWan: figure(p, 'sumInsuredWan'),
      preventionFee: figure(a, 'preventionFee'),
      claims: figure(c, 'claims'),
      paid,
      lossRatio: lossRatio(paid, prem),
    };
  });
}

/**
 * The 合计 row: sums of the figures (an enterprise insured in two groups counts in both, as each row
 * does), and 简单赔付率 of the sums, not a sum of ratios.
 */
export function combinedTotals(rows: CombinedDataRow[]): Record<CombinedDataKey, number | null> {
  const t = {} as Record<CombinedDataKey, number | null>;
  for (const c of COMBINED_DATA_COLUMNS)
    if (c.key !== 'lossRatio') t[c.key] = round2(rows.reduce((s, r) => s + (Number(r[c.key]) || 0), 0));
  t.lossRatio = lossRatio(t.paid ?? 0, t.premium ?? 0);
  return t;
}
