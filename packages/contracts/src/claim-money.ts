/**
 * Money rules of a claim's loss assessment (定损) and payouts (赔付), domain 2.8 and 3.4. Pure and zod-free:
 * the server refuses what these name, and the claim forms show the same words before submitting.
 * Amounts are yuan with at most two decimals; sums are done in integer cents.
 */
import { LOSS_CATEGORIES } from './claim-options.ts';

const cents = (yuan: number) => Math.round(yuan * 100);

/** Yuan with thousands separators and two decimals, for messages: 1,500,000.00. */
export function yuanText(yuan: number): string {
  const [int = '0', dec = '00'] = Math.abs(yuan).toFixed(2).split('.');
  return `${yuan < 0 ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${dec}`;
}

/** The two casualty categories of an assessment (从业人员人身伤亡, 第三者人身伤亡). */
export const CASUALTY_CATEGORIES: readonly string[] = ['01', '02'];

const categoryLabel = (category: string) =>
  LOSS_CATEGORIES.find((c) => c.value === category)?.label ?? `定损类别${category}`;

/**
 * One assessed line: an entered amount must be above 0 (a category the accident did not involve is left
 * out, not entered as 0), so a typed -100 is never stored as 0.
 */
export function lossLineProblem(category: string, amount: number): string | null {
  if (!(amount > 0)) return `${categoryLabel(category)}的定损金额须大于0；未涉及的类别请留空`;
  return null;
}

/** What an assessment is checked against: the policy's limits, the reported casualties, advances paid. */
export interface AssessmentContext {
  perPersonLimit: number;
  perAccidentLimit: number;
  deaths: number;
  injuries: number;
  advanceTotal: number;
}

/**
 * The casualty ceiling: the per-person limit (每人死亡伤残责任限额) for each person reported dead or
 * injured. Null when the casualty amounts fit.
 */
export function casualtyLimitProblem(
  items: ReadonlyArray<{ category: string; amount: number }>,
  c: Pick<AssessmentContext, 'perPersonLimit' | 'deaths' | 'injuries'>,
): string | null {
  const lines = items.filter((i) => CASUALTY_CATEGORIES.includes(i.category));
  if (lines.length === 0) return null;
  const sum = lines.reduce((s, i) => s + cents(i.amount), 0);
  const people = c.deaths + c.injuries;
  const what =
    lines.length === 1
      ? categoryLabel(lines[0]!.category)
      : lines.map((l) => categoryLabel(l.category)).join('与');
  if (people === 0)
    return `本案报案伤亡人数为0（死亡0人、受伤0人），不能定损${what}金额；如有人员伤亡，请核实伤亡人数`;
  const ceiling = cents(c.perPersonLimit) * people;
  if (sum > ceiling)
    return `${what}定损金额${lines.length > 1 ? '合计' : ''}（${yuanText(sum / 100)}元）超过每人死亡伤残责任限额${yuanText(c.perPersonLimit)}元 × 伤亡${people}人（死亡${c.deaths}人、受伤${c.injuries}人）= ${yuanText(ceiling / 100)}元，请核减`;
  return null;
}

/** Problems of a whole assessment (step 6), the first found, or null. */
export function lossAssessmentProblem(
  items: ReadonlyArray<{ category: string; amount: number }>,
  c: AssessmentContext,
): string | null {
  if (items.length === 0) return '请至少填写一项定损金额';
  const cats = items.map((i) => i.category);
  if (new Set(cats).size !== cats.length) return '定损类别不能重复';
  for (const i of items) {
    const p = lossLineProblem(i.category, i.amount);
    if (p) return p;
  }
  const casualty = casualtyLimitProblem(items, c);
  if (casualty) return casualty;
  const total = items.reduce((s, i) => s + cents(i.amount), 0);
  if (total < cents(c.advanceTotal))
    return `定损总金额（${yuanText(total / 100)}元）不能低于已预付金额（${yuanText(c.advanceTotal)}元）`;
  if (total > cents(c.perAccidentLimit))
    return `定损总金额（${yuanText(total / 100)}元）不能超过每次事故责任限额（${yuanText(c.perAccidentLimit)}元）`;
  return null;
}

/** Where a claim's payouts stand: the assessed total, the payouts so far (advances included) and advances. */
export interface PayoutState {
  assessedTotal: number;
  /** Sum of earlier payouts (赔付总金额 so far; null or 0 before the first). */
  payoutTotal: number | null;
  advanceTotal: number;
}

/** What is still unpaid of the assessment after `total` is paid now, in yuan (≥ 0). */
export function payoutGap(s: PayoutState, total: number): number {
  const gap = cents(s.assessedTotal) - cents(s.payoutTotal ?? 0) - cents(total);
  return Math.max(0, gap) / 100;
}

/**
 * Problems of the amount of one payout (step 7), or null: positive, the payouts together within the
 * assessment and at least the advances already paid (an advance is part of the payout).
 */
export function payoutAmountProblem(s: PayoutState, total: number): string | null {
  if (!(total > 0)) return '请填写赔付明细（人身伤亡、财产损失或费用），赔付总金额须大于0';
  const before = cents(s.payoutTotal ?? 0);
  const room = cents(s.assessedTotal) - before;
  if (cents(total) > room)
    return before > 0
      ? `本次赔付金额（${yuanText(total)}元）超过尚未赔付的定损金额（${yuanText(room / 100)}元；定损总金额${yuanText(s.assessedTotal)}元，已赔付${yuanText(before / 100)}元）`
      : `赔付总金额（${yuanText(total)}元）不能超过定损总金额（${yuanText(s.assessedTotal)}元）`;
  if (before + cents(total) < cents(s.advanceTotal))
    return `赔付总金额不能低于已预付金额（${yuanText(s.advanceTotal)}元）：预付款是赔款的一部分，请一并列入`;
  return null;
}

/**
 * The words of a payout that leaves part of the assessment unpaid (the confirmation the person gives,
 * and the server's refusal of a partial payout sent without it).
 */
export function partialPayoutText(s: PayoutState, total: number): string {
  const gap = payoutGap(s, total);
  const paid = (cents(s.payoutTotal ?? 0) + cents(total)) / 100;
  return `本次赔付后累计赔付${yuanText(paid)}元，比定损总金额${yuanText(s.assessedTotal)}元少${yuanText(gap)}元`;
}

/** The unpaid difference when a paid claim is closed, or null when the payouts reach the assessment. */
export function closeShortfallText(s: PayoutState): string | null {
  const gap = payoutGap(s, 0);
  if (gap <= 0) return null;
  return `累计赔付${yuanText(s.payoutTotal ?? 0)}元，比定损总金额${yuanText(s.assessedTotal)}元少${yuanText(gap)}元未赔付`;
}
