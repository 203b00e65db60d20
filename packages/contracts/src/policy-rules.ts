/**
 * Policy rules without zod, for the web forms and the server alike: the period (domain 2.6: at most one
 * year), what a draft may leave empty until it is submitted, and the pricing the insurer sets.
 */

/** The last day of a one-year period starting on `start` (start + 1 year - 1 day). */
export function oneYearEnd(start: string): string {
  const d = new Date(`${start}T00:00:00Z`);
  const y = d.getUTCFullYear() + 1;
  const m = d.getUTCMonth();
  const day = d.getUTCDate();
  // 29 February + 1 year falls back to 28 February.
  const next = new Date(Date.UTC(y, m, Math.min(day, new Date(Date.UTC(y, m + 1, 0)).getUTCDate())));
  next.setUTCDate(next.getUTCDate() - 1);
  return next.toISOString().slice(0, 10);
}

/** The fields a draft may leave empty, with the names a refused submission lists. */
export const POLICY_DRAFT_FIELDS = {
  headcount: '参保人数',
  perPersonLimit: '每人死亡伤残责任限额',
  benchmarkRate: '行业基准费率',
  premium: '实收保费',
  preventionFeePct: '事故预防服务费用比例',
  preventionFrequency: '服务频次',
  serviceItems: '主要服务项目',
} as const;
export type PolicyDraftField = keyof typeof POLICY_DRAFT_FIELDS;

/**
 * The pricing of a policy (行业基准费率 and 实收保费, with the floating factors): the insurer sets it. An
 * enterprise applies with what it knows (headcount, limits, period, insurer) and the insurer prices the
 * policy when it issues it; an insurer entering a policy itself prices it before submitting.
 */
export const POLICY_PRICING_FIELDS = [
  'benchmarkRate',
  'premium',
] as const satisfies readonly PolicyDraftField[];

const isEmpty = (v: unknown) => v === undefined || v === null || (Array.isArray(v) && v.length === 0);

/**
 * The fields of a draft not filled in yet, in form order (empty when it is complete). An enterprise's
 * application (`side` 'enterprise') needs no pricing.
 */
export function policyDraftMissing(
  input: Partial<Record<PolicyDraftField, unknown>>,
  side: 'enterprise' | 'insurer' = 'insurer',
): PolicyDraftField[] {
  const pricing: readonly PolicyDraftField[] = POLICY_PRICING_FIELDS;
  return (Object.keys(POLICY_DRAFT_FIELDS) as PolicyDraftField[]).filter(
    (k) => isEmpty(input[k]) && !(side === 'enterprise' && pricing.includes(k)),
  );
}

/** The refusal of issuing a policy whose pricing is not filled in, naming what is missing. */
export const policyPricingMissingMessage = (missing: readonly PolicyDraftField[]) =>
  `审核通过出单须填写：${missing.map((k) => POLICY_DRAFT_FIELDS[k]).join('、')}`;

/** The refusal of a submission while fields are missing, naming them. */
export const policyIncompleteMessage = (missing: readonly PolicyDraftField[]) =>
  `投保单尚未填写完整，请补充：${missing.map((k) => POLICY_DRAFT_FIELDS[k]).join('、')}`;
