/**
 * The range of a number a person types (count, amount, rate), and the one message that refuses a value
 * outside it, for the server's schemas and the web forms alike: a value is never clamped or rounded into
 * range, it is refused with a message that says the range. Zod-free.
 */

export interface NumberRange {
  min?: number;
  /** `min` itself is not allowed (e.g. a rate that must be above 0). */
  minExclusive?: boolean;
  max?: number;
  /** Decimals allowed: 0 for a whole number; undefined for any. */
  decimals?: number;
}

const DECIMAL_WORDS = ['零', '一', '两', '三', '四', '五', '六'];

/** 1234567.5 → '1,234,567.5' (a bound in a message). */
function grouped(n: number): string {
  const [int = '', frac] = String(n).split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}

/** What a range allows, e.g. '1至999,999,999之间的整数', '大于0且不大于100的数，最多四位小数'. */
export function numberRangeText(r: NumberRange): string {
  const lo = r.min === undefined ? '' : grouped(r.min);
  const hi = r.max === undefined ? '' : grouped(r.max);
  let range = '';
  if (lo && hi) range = r.minExclusive ? `大于${lo}且不大于${hi}的` : `${lo}至${hi}之间的`;
  else if (lo) range = r.minExclusive ? `大于${lo}的` : `不小于${lo}的`;
  else if (hi) range = `不大于${hi}的`;
  if (r.decimals === 0) return `${range}整数`;
  if (r.decimals === undefined) return `${range}数`;
  return `${range}数，最多${DECIMAL_WORDS[r.decimals] ?? r.decimals}位小数`;
}

/** The refusal of a value outside the range: '<label>须为<range text>'. */
export const numberRangeMessage = (label: string, r: NumberRange): string =>
  `${label}须为${numberRangeText(r)}`;

/** Whether `v` has at most `decimals` decimals (tolerant of binary fractions such as 0.1 + 0.2). */
export function hasAtMostDecimals(v: number, decimals: number): boolean {
  const scaled = v * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** Null when `v` is within the range, else the message (a value that is not a number included). */
export function numberRangeProblem(v: number, label: string, r: NumberRange): string | null {
  const ok =
    Number.isFinite(v) &&
    (r.min === undefined || (r.minExclusive ? v > r.min : v >= r.min)) &&
    (r.max === undefined || v <= r.max) &&
    (r.decimals === undefined || hasAtMostDecimals(v, r.decimals));
  return ok ? null : numberRangeMessage(label, r);
}

/** The largest amount in yuan a request takes (12 integer digits). */
export const MONEY_MAX = 999_999_999_999.99;

/** The range of an amount in yuan: 2 decimals, at most 12 integer digits, at least 0 (or `min`, or above 0). */
export function moneyRange(opts: { min?: number; positive?: boolean } = {}): NumberRange {
  return opts.positive
    ? { min: 0, minExclusive: true, max: MONEY_MAX, decimals: 2 }
    : { min: opts.min ?? 0, max: MONEY_MAX, decimals: 2 };
}

/** The ranges of numbers the forms take, the same for the server's schemas and the web forms. */
export const FIELD_RANGES = {
  /** 从业人员总数, 参保人数 (domain 2.1: 1-999,999,999). */
  persons: { min: 1, max: 999_999_999, decimals: 0 },
  /** 死亡/受伤/重伤人数 of a claim. */
  casualties: { min: 0, max: 10_000, decimals: 0 },
  /** 行业基准费率 in ‰ of the sum insured. */
  benchmarkRate: { min: 0, minExclusive: true, max: 100, decimals: 4 },
  /** A floating factor in % (domain 1.4: −100% … +100%). */
  factorPct: { min: -100, max: 100, decimals: 2 },
  /** A co-insurer's share in %. */
  coinsurerShare: { min: 0.01, max: 100, decimals: 2 },
  /** 事故预防服务费用比例 in % (the configured cap is checked with the policy's terms). */
  preventionFeePct: { min: 0, max: 100, decimals: 2 },
  /** 服务频次 per policy period. */
  preventionFrequency: { min: 1, max: 365, decimals: 0 },
  /** A manually entered enterprise parameter. */
  paramValue: { min: 0, max: 100, decimals: 0 },
  /** 从业年限 of a technicist. */
  years: { min: 0, max: 70, decimals: 0 },
  /** 从业人员数 of a service organisation. */
  staffCount: { min: 0, max: 100_000, decimals: 0 },
  /** 排序 of an article or a rule. */
  contentSort: { min: 0, max: 99_999, decimals: 0 },
  /** 排序 of a help or consultation class. */
  classSort: { min: 0, max: 9_999, decimals: 0 },
} as const satisfies Record<string, NumberRange>;
