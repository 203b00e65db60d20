/**
 * Pure rules of the claim screens: which steps to offer (the server's state machine decides and says so
 * in `actions`; the screens offer exactly those), the money and date checks the server makes, and the
 * labels and colours of spec 4's eight steps.
 */
import dayjs from 'dayjs';
import { dateTimeText, yuan as formatYuan } from '../../components/index.ts';
import {
  CLAIM_PHASES,
  CLAIM_STEPS,
  CLOSE_TYPES,
  formatChinaTime,
  LOSS_CATEGORIES,
  lossAssessmentProblem,
  type PayoutState,
  payoutAmountProblem,
  payoutGap,
} from '../../platform/contracts.ts';
import type { ClaimDetail, ClaimStepNo } from './api.ts';

export const ENT_PATHS = {
  manage: '/ent/Entazx/EntClaimManage/route',
  add: '/ent/Entazx/EntClaimAdd/route',
  detail: '/ent/Entazx/EntClaimDetail/route',
} as const;
export const INSURER_PATHS = {
  manage: '/insurance/azx/ClaimManage/route',
  add: '/insurance/azx/ClaimAdd/route',
  edit: '/insurance/azx/ClaimEdit/route',
  detail: '/insurance/azx/ClaimDetail/route',
} as const;

export function stepOption(step: number) {
  return CLAIM_STEPS.option(step);
}
export function phaseOption(phase: string) {
  return CLAIM_PHASES.option(phase);
}

/** The order the handling buttons appear in: main line first, side steps after. */
const BUTTON_ORDER: ClaimStepNo[] = [3, 5, 6, 7, 8, 4, 2];

/** Button text of a step on a claim (a repeat survey or a re-assessment says so). */
export function stepActionLabel(step: ClaimStepNo, claim?: Pick<ClaimDetail, 'phase'>): string {
  switch (step) {
    case 2:
      return '撤案';
    case 3:
      return '立案';
    case 4:
      return '预付/垫付/快付';
    case 5:
      return claim?.phase === 'surveyed' ? '再次查勘' : '现场查勘';
    case 6:
      return claim?.phase === 'assessed' ? '重新定损' : '定损核损';
    case 7:
      return claim?.phase === 'paid' ? '继续赔付' : '赔付';
    case 8:
      return '结案';
    default:
      return stepOption(step)?.label ?? '';
  }
}

/**
 * The steps a person may record next on this claim, in button order: exactly the ones the server's
 * state machine allows this caller (`actions.steps`), for the kinds of steps this screen handles.
 * An enterprise handles only the withdrawal (2); an insurer every step but the report.
 */
export function offeredSteps(
  claim: Pick<ClaimDetail, 'actions'>,
  who: 'enterprise' | 'insurer',
): ClaimStepNo[] {
  const mine: ClaimStepNo[] = who === 'enterprise' ? [2] : [2, 3, 4, 5, 6, 7, 8];
  return BUTTON_ORDER.filter((s) => mine.includes(s) && claim.actions.steps.includes(s));
}

/** The close types to offer (the server lists the ones the machine allows in this state). */
export function offeredCloseTypes(claim: Pick<ClaimDetail, 'actions'>) {
  return CLOSE_TYPES.filter((o) => claim.actions.closeTypes.includes(o.value));
}

// ---------------------------------------------------------------------------------------------------
// Money
// ---------------------------------------------------------------------------------------------------

export const toCents = (yuan: number) => Math.round(yuan * 100);
export const fromCents = (cents: number) => cents / 100;
export const sumCents = (xs: Array<{ amount?: number | null } | undefined | null>) =>
  xs.reduce((s, x) => s + toCents(Number(x?.amount ?? 0) || 0), 0);

/** Yuan with thousands separators and two decimals, without the unit (claim texts add 元): 1,234,567.50. */
export const yuan = (v: number | null | undefined): string => formatYuan(v, false);

/** Whether a number has at most two decimals (money fields). */
export const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/**
 * The most that can still be paid in advance: up to the assessed total once assessed, otherwise up to
 * the per-accident limit, less what was already paid (server: 预付累计金额不能超过…).
 */
export function advanceRoom(claim: Pick<ClaimDetail, 'assessedTotal' | 'advanceTotal' | 'policy'>): {
  room: number;
  ceiling: number;
  basis: string;
} {
  const ceiling = claim.assessedTotal ?? claim.policy.perAccidentLimit;
  const basis = claim.assessedTotal !== null ? '定损总金额' : '每次事故责任限额';
  return { room: fromCents(Math.max(0, toCents(ceiling) - toCents(claim.advanceTotal))), ceiling, basis };
}

/** Problems of a loss assessment: the server's rules of step 6 (contracts lossAssessmentProblem), or null. */
export function assessmentProblem(
  items: Array<{ category: string; amount: number }>,
  claim: Pick<ClaimDetail, 'advanceTotal' | 'policy' | 'deaths' | 'injuries'>,
): string | null {
  return lossAssessmentProblem(items, {
    perPersonLimit: claim.policy.perPersonLimit,
    perAccidentLimit: claim.policy.perAccidentLimit,
    deaths: claim.deaths,
    injuries: claim.injuries,
    advanceTotal: claim.advanceTotal,
  });
}

/** Where the claim's payouts stand (the assessment, the payouts so far, the advances). */
export function payoutStateOf(
  claim: Pick<ClaimDetail, 'assessedTotal' | 'payoutTotal' | 'advanceTotal'>,
): PayoutState {
  return {
    assessedTotal: claim.assessedTotal ?? 0,
    payoutTotal: claim.payoutTotal,
    advanceTotal: claim.advanceTotal,
  };
}

/** What a payout's lines pay per assessment category, in cents (persons by type, property, fees). */
export function payoutCentsByCategory(parts: {
  persons?: Array<{ personType?: number | null; amount?: number | null } | undefined> | undefined;
  properties?: Array<{ amount?: number | null } | undefined> | undefined;
  fees?: Array<{ category?: string | null; amount?: number | null } | undefined> | undefined;
}): Map<string, number> {
  const out = new Map<string, number>();
  const add = (cat: string, amount: unknown) =>
    out.set(cat, (out.get(cat) ?? 0) + toCents(Number(amount ?? 0) || 0));
  for (const p of parts.persons ?? []) if (p) add(p.personType === 2 ? '02' : '01', p.amount);
  for (const p of parts.properties ?? []) if (p) add('03', p.amount);
  for (const f of parts.fees ?? []) if (f?.category) add(f.category, f.amount);
  return out;
}

/** What the earlier payouts of the claim paid per category, in cents (from the timeline's step 7 entries). */
export function paidCentsByCategory(claim: Pick<ClaimDetail, 'timeline'>): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of claim.timeline) {
    if (e.step !== 7) continue;
    const d = e.data as Parameters<typeof payoutCentsByCategory>[0];
    for (const [cat, c] of payoutCentsByCategory(d)) out.set(cat, (out.get(cat) ?? 0) + c);
  }
  return out;
}

/**
 * The assessed amounts not yet paid, per category, in assessment order (yuan; categories paid in full
 * left out). `now` adds the lines of the payout being entered.
 */
export function unpaidByCategory(
  claim: Pick<ClaimDetail, 'losses' | 'timeline'>,
  now?: Parameters<typeof payoutCentsByCategory>[0],
): Array<{ category: string; label: string; amount: number }> {
  const paid = paidCentsByCategory(claim);
  if (now) for (const [cat, c] of payoutCentsByCategory(now)) paid.set(cat, (paid.get(cat) ?? 0) + c);
  return LOSS_CATEGORIES.flatMap((o) => {
    const loss = claim.losses.find((l) => l.category === o.value);
    if (!loss) return [];
    const left = toCents(loss.amount) - (paid.get(o.value) ?? 0);
    return left > 0 ? [{ category: o.value, label: o.label, amount: fromCents(left) }] : [];
  });
}

/** What of the assessment stays unpaid after a payout of `totalCents` now (yuan, ≥ 0). */
export function payoutGapAfter(
  claim: Pick<ClaimDetail, 'assessedTotal' | 'payoutTotal' | 'advanceTotal'>,
  totalCents: number,
): number {
  return payoutGap(payoutStateOf(claim), fromCents(totalCents));
}

/** Problems of a payout (server rules of step 7), or null. */
export function payoutProblem(
  parts: {
    persons: Array<{ name?: string; amount?: number | null }>;
    properties: Array<{ amount?: number | null }>;
    fees: Array<{ amount?: number | null }>;
  },
  claim: Pick<ClaimDetail, 'advanceTotal' | 'assessedTotal' | 'payoutTotal' | 'policy'>,
): string | null {
  const total = sumCents(parts.persons) + sumCents(parts.properties) + sumCents(parts.fees);
  const amount = payoutAmountProblem(payoutStateOf(claim), fromCents(total));
  if (amount) return amount;
  const over = parts.persons.find(
    (p) => toCents(Number(p.amount ?? 0)) > toCents(claim.policy.perPersonLimit),
  );
  if (over)
    return `${over.name || '伤亡人员'}的赔付金额超过每人死亡伤残责任限额（${yuan(claim.policy.perPersonLimit)}元）`;
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Dates (domain 3.4: accident ≤ report ≤ register ≤ … ≤ close, none in the future)
// ---------------------------------------------------------------------------------------------------

/** The time of the latest recorded step (a new step may not be earlier). */
export function lastStepAt(claim: Pick<ClaimDetail, 'timeline' | 'reportedAt'>): string {
  let last = claim.reportedAt;
  for (const e of claim.timeline) if (dayjs(e.actedAt).isAfter(last)) last = e.actedAt;
  return last;
}

/** Problem of a step time, the server's words, or null. */
export function stepTimeProblem(at: dayjs.Dayjs, previous: string, now = dayjs()): string | null {
  if (at.isAfter(now)) return '办理时间不能晚于当前时间';
  if (at.isBefore(dayjs(previous))) return `办理时间不能早于上一环节的时间（${dateTimeText(previous)}）`;
  return null;
}

/**
 * Problem of an accident time on a report, or null: not in the future, not after the report time,
 * inside the policy period (China dates, the cover ends early on a cancelled policy the server checks).
 */
export function accidentTimeProblem(
  accidentAt: dayjs.Dayjs,
  policy: { startDate: string; endDate: string } | undefined,
  reportedAt: dayjs.Dayjs | undefined,
  now = dayjs(),
): string | null {
  if (accidentAt.isAfter(now)) return '出险时间不能晚于当前时间';
  if (reportedAt?.isBefore(accidentAt)) return '报案时间不能早于出险时间';
  if (policy) {
    const day = chinaDay(accidentAt);
    if (day < policy.startDate || day > policy.endDate)
      return `出险时间不在保险期间内（${policy.startDate} 至 ${policy.endDate}）`;
  }
  return null;
}

/** The China (UTC+8) calendar date of an instant, YYYY-MM-DD. */
export function chinaDay(d: dayjs.Dayjs): string {
  return formatChinaTime(d.toDate(), 'date');
}

/** Whether a report at `reportedAt` is later than the deadline after the accident. */
export function isLateReport(
  accidentAt: dayjs.Dayjs,
  reportedAt: dayjs.Dayjs,
  deadlineHours: number,
): boolean {
  return reportedAt.valueOf() - accidentAt.valueOf() > deadlineHours * 3600_000;
}
