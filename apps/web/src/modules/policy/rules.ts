/**
 * Pure rules of the policy forms. They mirror the server's checks
 * (apps/server/src/modules/policy/policy.machine.ts) so a person
 * sees the same message before sending; the server stays the enforcement point.
 */
import type { FormRule } from 'antd';

/** Configured figures the forms check against (POST /api/policy/rules). */
export interface PolicyRules {
  minPerPersonLimit: number;
  preventionFeeCapPct: number;
  expiringDays: number;
  today: string;
  /** Enterprise only: the earliest start that does not overlap its current policy. */
  nextStartDate: string | null;
}

/** Defaults used until the server answers (the national figures). */
export const DEFAULT_RULES: PolicyRules = {
  minPerPersonLimit: 400_000,
  preventionFeeCapPct: 21,
  expiringDays: 30,
  today: '',
  nextStartDate: null,
};

const cents = (yuan: number) => Math.round(yuan * 100);

/** 每次事故责任限额 = 每人死亡伤残责任限额 × 参保人数 (yuan, exact in cents). */
export function perAccidentLimit(
  perPerson: number | null | undefined,
  headcount: number | null | undefined,
): number {
  if (!perPerson || !headcount || perPerson < 0 || headcount < 0) return 0;
  return (cents(perPerson) * Math.trunc(headcount)) / 100;
}

/** Sum of floating factor percentages, 2 decimals. */
export function floatPctOf(factors: ReadonlyArray<{ pct?: number | null } | undefined> | undefined): number {
  const s = (factors ?? []).reduce((sum, f) => sum + (Number(f?.pct) || 0), 0);
  return Math.round(s * 100) / 100;
}

/**
 * Premium at the benchmark rate (‰ of the per-accident limit) with the floating factors:
 * limit × rate‰ × (1 + Σ factors%), in yuan rounded to the cent (the server's premiumCalc).
 */
export function calculatedPremium(
  sumInsured: number,
  benchmarkRatePermille: number | null | undefined,
  floatPct: number,
): number {
  if (!sumInsured || !benchmarkRatePermille) return 0;
  return Math.round((cents(sumInsured) * benchmarkRatePermille * (1 + floatPct / 100)) / 1000) / 100;
}

/** 事故预防服务费用 = 实收保费 × 比例. */
export function preventionFee(premium: number | null | undefined, pct: number | null | undefined): number {
  if (!premium || !pct) return 0;
  return Math.round((cents(premium) * pct) / 100) / 100;
}

/** Total of co-insurance shares in %, exact to 2 decimals. */
export function shareTotal(list: ReadonlyArray<{ share?: number | null } | undefined> | undefined): number {
  return (list ?? []).reduce((s, c) => s + cents(Number(c?.share) || 0), 0) / 100;
}

export interface CoinsurerLine {
  insurerId?: number | undefined;
  role?: string | undefined;
  share?: number | null | undefined;
}

/**
 * Problems of a co-insurance table (empty list = the issuing insurer alone, 100%). One lead (01) that is
 * the issuing insurer, followers 02, no 03 when shared, no insurer twice, shares summing to exactly 100%.
 */
export function coinsurerProblems(
  leadId: number | undefined,
  list: ReadonlyArray<CoinsurerLine | undefined> | undefined,
): string[] {
  const rows = (list ?? []).filter((c): c is CoinsurerLine => c !== undefined);
  if (rows.length === 0) return [];
  const out: string[] = [];
  if (rows.some((c) => !c.insurerId)) out.push('请选择每一行的保险机构');
  const ids = rows.map((c) => c.insurerId).filter((id) => id !== undefined);
  if (new Set(ids).size !== ids.length) out.push('共保机构不能重复');
  if (rows.length === 1) {
    const only = rows[0]!;
    if (leadId !== undefined && only.insurerId !== undefined && only.insurerId !== leadId)
      out.push('独立承保时承保机构须为出单机构');
    if (only.role !== '03') out.push('只有一家保险机构时承保类型须为03独立承保');
    if (cents(Number(only.share) || 0) !== 10000) out.push('独立承保的承保比例须为100%');
    return out;
  }
  const leads = rows.filter((c) => c.role === '01');
  if (leads.length !== 1 || (leadId !== undefined && leads[0]!.insurerId !== leadId))
    out.push('共保时须有且仅有一家主承（01），且为出单机构');
  if (rows.some((c) => c.role === '03')) out.push('共保时不能使用03独立承保');
  const total = shareTotal(rows);
  if (cents(total) !== 10000) out.push(`共保比例合计须为100%，当前为${total}%`);
  return out;
}

/** The last day of a one-year period starting on `start` (start + 1 year − 1 day); YYYY-MM-DD. */
export function oneYearEnd(start: string): string {
  const d = new Date(`${start}T00:00:00Z`);
  const y = d.getUTCFullYear() + 1;
  const m = d.getUTCMonth();
  const day = d.getUTCDate();
  const lastOfMonth = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const next = new Date(Date.UTC(y, m, Math.min(day, lastOfMonth)));
  next.setUTCDate(next.getUTCDate() - 1);
  return next.toISOString().slice(0, 10);
}

/** Problems of a policy period (at most one year; an enterprise's own application not before today). */
export function periodProblems(
  start: string | undefined,
  end: string | undefined,
  opts: { notBefore?: string | null } = {},
): string[] {
  if (!start || !end) return [];
  const out: string[] = [];
  if (end < start) out.push('保险止期不能早于起期');
  else if (end > oneYearEnd(start))
    out.push(`保险期间最长一年：起期 ${start} 的止期最晚为 ${oneYearEnd(start)}`);
  if (opts.notBefore && start < opts.notBefore) out.push(`保险起期不能早于 ${opts.notBefore}`);
  return out;
}

export const perPersonFloorMessage = (floor: number) => `每人死亡伤残责任限额不得低于${floor}元`;
/** Form rule of 每人死亡伤残责任限额: not below the configured floor (an empty value passes). */
export const perPersonLimitRule = (floor: number): FormRule => ({
  validator: async (_, n?: number | null) => {
    if (n !== undefined && n !== null && n < floor) throw new Error(perPersonFloorMessage(floor));
  },
});
/** Form rule of 每人医疗费用限额: not above the form's 每人死亡伤残责任限额 (give the field that dependency). */
export const medicalLimitRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_, n?: number | null) => {
    const pp = getFieldValue('perPersonLimit') as number | undefined;
    if (n && pp && n > pp) throw new Error('每人医疗费用限额不能超过每人死亡伤残责任限额');
  },
});
export const feeCapMessage = (cap: number) => `事故预防服务费用比例不得高于实收保费的${cap}%`;
export const headcountMessage = (headcount: number, employees: number) =>
  `须全员投保：参保人数（${headcount}）应等于企业从业人员总数（${employees}）`;
