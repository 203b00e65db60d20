import {
  addDays,
  fromCents,
  oneYearEnd,
  POLICY_EXPIRING_DAYS,
  type PolicySide,
  type PolicyState,
  type PolicyStatus,
  toCents,
} from '@aqzrx/contracts';
import type { Actor } from '../enterprise/index.ts';

/**
 * The policy state machine of domain 3.2, as pure functions.
 *
 * Stored review status: draft → submitted → approved | rejected; rejected → (edit) draft → submitted;
 * approved → cancelled (only through a cancellation endorsement). Time-based states of an approved
 * policy (pending effect, in force, expiring, expired) are derived from its dates at read time.
 */
export type PolicyAction = 'edit' | 'submit' | 'approve' | 'reject' | 'cancel';
/** Which side entered the policy (declared in contracts, with the policy row that carries it). */
export type { PolicySide };

const TRANSITIONS: Record<PolicyStatus, Partial<Record<PolicyAction, PolicyStatus>>> = {
  draft: { edit: 'draft', submit: 'submitted' },
  rejected: { edit: 'draft', submit: 'submitted' },
  submitted: { approve: 'approved', reject: 'rejected' },
  approved: { cancel: 'cancelled' },
  cancelled: {},
};

/** The next stored status, or null when the action is not allowed from this status. */
export function policyTransition(status: PolicyStatus, action: PolicyAction): PolicyStatus | null {
  return TRANSITIONS[status][action] ?? null;
}

export interface PolicyActorRef {
  kind: 'enterprise' | 'insurer' | 'government' | 'none';
  orgId?: number;
}

/**
 * Who may take an action: the side that entered a draft edits and submits it; the lead insurer reviews;
 * cancellation comes from an approved endorsement (the lead insurer approves it); the regulator only reads.
 */
export function mayAct(
  action: PolicyAction,
  actor: PolicyActorRef,
  policy: { enteredBy: PolicySide; insurerId: number; enterpriseId: number },
): boolean {
  switch (action) {
    case 'edit':
    case 'submit':
      if (actor.kind === 'enterprise')
        return policy.enteredBy === 'enterprise' && actor.orgId === policy.enterpriseId;
      if (actor.kind === 'insurer') return policy.enteredBy === 'insurer' && actor.orgId === policy.insurerId;
      return false;
    case 'approve':
    case 'reject':
    case 'cancel':
      return actor.kind === 'insurer' && actor.orgId === policy.insurerId;
  }
}

/** What the user sees: the review status, or for approved policies the state on `today` (YYYY-MM-DD). */
export function policyState(
  status: PolicyStatus,
  startDate: string,
  endDate: string,
  today: string,
): PolicyState {
  if (status !== 'approved') return status;
  if (startDate > today) return 'pending';
  if (endDate < today) return 'expired';
  if (endDate < addDays(today, POLICY_EXPIRING_DAYS)) return 'expiring';
  return 'active';
}

export interface PolicyTerms {
  startDate: string;
  endDate: string;
  headcount: number;
  perPersonLimit: number;
  medicalLimit: number;
  benchmarkRate: number;
  factors: Array<{ code: string; pct: number; reason: string }>;
  premium: number;
  coinsurers: Array<{ insurerId: number; role: string; share: number }>;
  preventionFeePct: number;
  serviceItems: string[];
  serviceItemOther: string;
}

export interface PolicySettings {
  minPerPersonLimit: number;
  preventionFeeCapPct: number;
}

/** The co-insurer table a policy stores: a sole insurer when none is given. */
export function normaliseCoinsurers(
  leadId: number,
  list: PolicyTerms['coinsurers'],
): PolicyTerms['coinsurers'] {
  return list.length === 0 ? [{ insurerId: leadId, role: '03', share: 100 }] : list;
}

/** A policy period: it does not end before it starts and lasts at most one year (domain 2.6, 3.2). */
export function periodProblems(startDate: string, endDate: string): string[] {
  if (endDate < startDate) return ['保险止期不能早于起期'];
  if (endDate > oneYearEnd(startDate))
    return [`保险期间最长一年：起期 ${startDate} 的止期最晚为 ${oneYearEnd(startDate)}`];
  return [];
}

/**
 * Rules that hold for any submitted policy (domain 1.3-1.5, 2.2, 3.2): period at most one year, per-person
 * limit at least the configured floor, medical limit within it, prevention fee within the configured cap,
 * item 07 described, floating factors keeping the rate positive, and co-insurers with one lead (the
 * issuing insurer) and shares summing to exactly 100%. Returns the problems in Chinese, empty when fine.
 */
export function policyTermProblems(t: PolicyTerms, leadId: number, s: PolicySettings): string[] {
  const out: string[] = periodProblems(t.startDate, t.endDate);
  if (t.perPersonLimit < s.minPerPersonLimit)
    out.push(`每人死亡伤残责任限额不得低于${s.minPerPersonLimit}元`);
  if (t.medicalLimit > t.perPersonLimit) out.push('每人医疗费用限额不能超过每人死亡伤残责任限额');
  if (t.preventionFeePct > s.preventionFeeCapPct)
    out.push(`事故预防服务费用比例不得高于实收保费的${s.preventionFeeCapPct}%`);
  if (new Set(t.serviceItems).size !== t.serviceItems.length) out.push('事故预防服务项目不能重复');
  if (t.serviceItems.includes('07') && !t.serviceItemOther.trim())
    out.push('选择了“其他有关事故预防工作”（07），请填写具体内容');
  const floatPct = t.factors.reduce((s2, f) => s2 + f.pct, 0);
  if (floatPct <= -100) out.push('费率浮动合计须大于-100%');
  const list = normaliseCoinsurers(leadId, t.coinsurers);
  const ids = list.map((c) => c.insurerId);
  if (new Set(ids).size !== ids.length) out.push('共保机构不能重复');
  const shares = list.reduce((sum, c) => sum + toCents(c.share), 0);
  if (list.length === 1) {
    const only = list[0]!;
    if (only.insurerId !== leadId) out.push('独立承保时承保机构须为出单机构');
    if (only.role !== '03') out.push('只有一家保险机构时承保类型须为03独立承保');
    if (toCents(only.share) !== 10000) out.push('独立承保的承保比例须为100%');
  } else {
    const leads = list.filter((c) => c.role === '01');
    if (leads.length !== 1 || leads[0]!.insurerId !== leadId)
      out.push('共保时须有且仅有一家主承（01），且为出单机构');
    if (list.some((c) => c.role === '03')) out.push('共保时不能使用03独立承保');
    if (shares !== 10000) out.push(`共保比例合计须为100%，当前为${fromCents(shares)}%`);
  }
  return out;
}

export interface PolicyFigures {
  perAccidentLimit: number;
  floatPct: number;
  premiumCalc: number;
  preventionFee: number;
}

/**
 * Derived amounts: per-accident limit = per-person limit × headcount (domain 1.3); rate = benchmark ×
 * (1 + Σ floating factors) with the benchmark in ‰ of the sum insured (domain 1.4); prevention fee =
 * premium actually collected × fee ratio (domain 1.5). Computed in cents.
 */
export function policyFigures(
  t: Pick<PolicyTerms, 'perPersonLimit' | 'headcount' | 'benchmarkRate' | 'premium' | 'preventionFeePct'> & {
    factors: Array<{ pct: number }>;
  },
): PolicyFigures {
  const perAccidentCents = toCents(t.perPersonLimit) * t.headcount;
  const floatPct = Math.round(t.factors.reduce((s, f) => s + f.pct, 0) * 100) / 100;
  const premiumCalcCents = Math.round((perAccidentCents * t.benchmarkRate * (1 + floatPct / 100)) / 1000);
  const preventionFeeCents = Math.round((toCents(t.premium) * t.preventionFeePct) / 100);
  return {
    perAccidentLimit: fromCents(perAccidentCents),
    floatPct,
    premiumCalc: fromCents(premiumCalcCents),
    preventionFee: fromCents(preventionFeeCents),
  };
}

/** The acting party as the state machine sees it (mayAct). */
export function actorRef(actor: Actor) {
  return actor.kind === 'enterprise' || actor.kind === 'insurer'
    ? { kind: actor.kind, orgId: actor.orgId }
    : { kind: actor.kind };
}
