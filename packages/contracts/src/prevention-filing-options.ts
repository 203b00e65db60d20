/** Zod-free option lists and rules of insurers' yearly prevention plan filings (预防计划备案; issue 13). */
import { defineOptions, type OptionValue } from './options.ts';

/** 待审核 → 已备案 / 已退回 (with the reason); a returned or filed plan is re-filed as a new version. */
export const PREVENTION_FILING_STATUS = defineOptions([
  { value: 'pending', label: '待审核', color: 'warning' },
  { value: 'filed', label: '已备案', color: 'success' },
  { value: 'returned', label: '已退回', color: 'error' },
]);
export type PreventionFilingStatus = OptionValue<typeof PREVENTION_FILING_STATUS>;

export type PreventionFilingAction = 'approve' | 'return' | 'refile';

const TRANSITIONS: Record<
  PreventionFilingStatus,
  Partial<Record<PreventionFilingAction, PreventionFilingStatus | 'newVersion'>>
> = {
  pending: { approve: 'filed', return: 'returned' },
  filed: { refile: 'newVersion' },
  returned: { refile: 'newVersion' },
};

/**
 * What `action` does to the latest version of a filing in `status`: its new state, 'newVersion' (a new
 * version of the year is filed and this one is kept read-only), or null (not allowed).
 */
export function preventionFilingTransition(
  status: PreventionFilingStatus,
  action: PreventionFilingAction,
): PreventionFilingStatus | 'newVersion' | null {
  return TRANSITIONS[status][action] ?? null;
}

/** Why an action is refused (409 message). */
export function preventionFilingRefusal(
  status: PreventionFilingStatus,
  action: PreventionFilingAction,
): string {
  if (action === 'refile')
    return `该年度的预防计划备案正在审核中（${PREVENTION_FILING_STATUS.label(status)}），请等待审核结果后再重新备案`;
  return `预防计划备案当前为“${PREVENTION_FILING_STATUS.label(status)}”，不能${action === 'approve' ? '备案通过' : '退回'}`;
}

/** Limits of the filing fields. */
export const PREVENTION_FILING_LIMITS = {
  /** Planned services of one item in a year. */
  plannedCount: { min: 0, max: 1_000_000, decimals: 0 },
  attachments: 10,
  /** Years that may be filed, relative to the current China year. */
  yearsBack: 1,
  yearsAhead: 1,
} as const;

/** The budget as a percentage of the expected premium, rounded to 2 decimals (for display and the check). */
export function budgetRatioPct(budget: number, expectedPremium: number): number {
  if (expectedPremium <= 0) return 0;
  return Math.round((budget / expectedPremium) * 10_000) / 100;
}

/** The refusal of a budget above the cap (the cap as a ratio, e.g. 0.21). */
export function budgetCapMessage(budget: number, expectedPremium: number, capRatio: number): string {
  const cap = Math.round(capRatio * 10_000) / 100;
  return `预防费用预算占预计保费的${budgetRatioPct(budget, expectedPremium).toFixed(2)}%，超过事故预防费用比例上限${cap}%：请调低预算或核实预计保费`;
}

/** Whether a budget stays within the cap: budget ≤ cap × expected premium (in cents, exact). */
export function budgetWithinCap(budget: number, expectedPremium: number, capRatio: number): boolean {
  return Math.round(budget * 100) <= Math.floor(Math.round(expectedPremium * 100) * capRatio + 1e-6);
}
