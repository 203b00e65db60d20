import { thousands } from '../../components/index.ts';
import type { InsuranceDataResult, InsuranceDataRow, InsuranceDataset } from './api.ts';

/** Pure helpers of the insurer data pages: totals, derived ratios, number formats (spec 9 units). */

export const DATASET_TITLES: Record<InsuranceDataset, string> = {
  premium: '保费数据',
  claim: '理赔数据',
  ap: '预防数据',
};

/** The chart measures of each dataset: a money figure and a count. */
export const CHART_MEASURES: Record<InsuranceDataset, { money: string; count: string }> = {
  premium: { money: 'premium', count: 'policies' },
  claim: { money: 'paid', count: 'claims' },
  ap: { money: 'preventionFee', count: 'services' },
};

const round2 = (n: number) => Math.round(n * 100) / 100;

export const num = (row: InsuranceDataRow, key: string): number => {
  const v = row[key];
  return typeof v === 'number' ? v : Number(v) || 0;
};

/** A row's figure, or null when the row has none (案均赔付金额 of a group without a closed claim). */
export const figureOf = (row: InsuranceDataRow, key: string): number | null =>
  row[key] === undefined || row[key] === '' ? null : num(row, key);

/** Figures with two decimals added as whole cents: the 合计 equals the rows it adds up, to the cent. */
export const sumCents = (values: number[]) => values.reduce((s, v) => s + Math.round(v * 100), 0) / 100;

/**
 * Row fields that are no column (apps/server insurance-data.service.ts): the bases of the 合计 ratios.
 * `paidClosed` (理赔数据): paid on closed claims; `premium` (预防数据): premium of the same policies.
 */
const BASE = { paidClosed: 'paidClosed', premium: 'premium' } as const;

/** What a derived column means (tooltips of the column header and the total card). */
export const COLUMN_HINTS: Record<string, string> = {
  closeRate: '结案率 = 结案数 ÷ 理赔案件数',
  avgPaid:
    '案均赔付金额 = 已结案案件的赔付金额 ÷ 结案数（未结案件的预付款不计入）；没有结案案件的月份或分组显示“-”',
  feeRatio: '占保费比例 = 事故预防费用 ÷ 同批保单的保费',
  lossRatio: '简单赔付率 = 理赔费用 ÷ 保费',
};

/**
 * Column totals of a dataset, as the server's .xlsx 合计 row (datasetTotals): sums added in cents; ratios
 * of the sums, not sums of ratios — 结案率 = closed / claims, 案均赔付 = paid on closed claims / closed
 * (null without a closed claim), 占保费比例 = prevention fee / premium of the same policies (`premiumTotal`,
 * else the rows' premium; null when neither is known).
 */
export function totalsOf(
  dataset: InsuranceDataset,
  data: Pick<InsuranceDataResult, 'columns' | 'rows'>,
  premiumTotal?: number,
): Record<string, number | null> {
  const sum = (key: string) => sumCents(data.rows.map((r) => num(r, key)));
  const sums: Record<string, number | null> = {};
  for (const c of data.columns) sums[c.key] = sum(c.key);
  if (dataset === 'claim') {
    const claims = sums.claims ?? 0;
    const closed = sums.closed ?? 0;
    sums.closeRate = claims > 0 ? round2((closed / claims) * 100) : 0;
    sums.avgPaid = closed > 0 ? round2(sum(BASE.paidClosed) / closed) : null;
  }
  if (dataset === 'ap') {
    const premium =
      premiumTotal ?? (data.rows.some((r) => BASE.premium in r) ? sum(BASE.premium) : undefined);
    sums.feeRatio =
      premium === undefined ? null : premium > 0 ? round2(((sums.preventionFee ?? 0) / premium) * 100) : 0;
  }
  return sums;
}

/** 元 and 万元 with two decimals and thousands separators, % with two decimals, counts as integers. */
export function formatValue(v: number | null | undefined, unit: string): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '-';
  if (unit === '元' || unit === '万元') return thousands(v.toFixed(2));
  if (unit === '%') return v.toFixed(2);
  return thousands(Math.round(v));
}

export const withUnit = (v: number | null | undefined, unit: string) => {
  const s = formatValue(v, unit);
  return s === '-' ? s : `${s}${unit === '%' ? '%' : ` ${unit}`}`;
};

/** Year choices: this year and the five before it. */
export function yearOptions(now = new Date()): { value: number; label: string }[] {
  const y = now.getFullYear();
  return Array.from({ length: 6 }, (_, i) => ({ value: y - i, label: `${y - i}年` }));
}
