/**
 * Pure rules and formatting of the endorsement forms. They mirror the server's checks
 * (apps/server/src/modules/endorsement/endorsement.machine.ts) so a person sees the same message before
 * sending; the server stays the enforcement point.
 */

import { yuan } from '../../components/index.ts';
import { CANCEL_OPERATING_MESSAGE } from '../../platform/contracts.ts';
import type { RosterEntryBody } from './api.ts';

const cents = (yuan: number) => Math.round(yuan * 100);

/** Signed yuan for a premium change: '+1,200.00 元', '-300.00 元', '0.00 元'. */
export function signedYuan(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '-';
  return `${n > 0 ? '+' : ''}${yuan(n)}`;
}

export interface RosterPerson {
  name?: string | undefined;
  /** ID type (ID_TYPES), 01 居民身份证 by default. */
  idType?: RosterEntryBody['idType'] | undefined;
  idNo?: string | undefined;
  position?: string | undefined;
}

/** Days between two YYYY-MM-DD dates, both included. */
export function daysInclusive(from: string, to: string): number {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b) || b < a) return 0;
  return Math.round((b - a) / 86_400_000) + 1;
}

/**
 * Premium for `persons` people from `effective` to the policy end, pro rata by day of the per-person
 * premium (premium ÷ headcount): the usual 加人/减人 adjustment, rounded to the cent.
 */
export function proratedPremium(
  policy: { premium: number; headcount: number; startDate: string; endDate: string },
  persons: number,
  effective: string,
): number {
  const total = daysInclusive(policy.startDate, policy.endDate);
  const left = daysInclusive(effective < policy.startDate ? policy.startDate : effective, policy.endDate);
  if (!total || !policy.headcount || persons <= 0) return 0;
  return Math.round(((cents(policy.premium) / policy.headcount) * persons * left) / total) / 100;
}

/** Problems of the endorsement rules the server applies (domain 2.7, 3.3), for the form to show first. */
export function endorsementProblems(
  type: string,
  input: {
    headcountBefore: number;
    headcountAfter?: number | undefined;
    personsIn?: number;
    personsOut?: number;
    premiumDelta: number;
    premiumBefore: number;
    effectiveDate?: string | undefined;
    policyStart: string;
    policyEnd: string;
    operatingStatus?: number | null | undefined;
  },
): string[] {
  const out: string[] = [];
  if (
    input.effectiveDate &&
    (input.effectiveDate < input.policyStart || input.effectiveDate > input.policyEnd)
  )
    out.push(`批改生效日期须在保险期间内（${input.policyStart} 至 ${input.policyEnd}）`);
  const d = cents(input.premiumDelta || 0);
  if (type === '01') {
    if (!input.personsIn) out.push('请在新增人员名单中至少填写一人');
    if (d < 0) out.push('加人批改的保费变化不能为负（应为加收保费）');
  }
  if (type === '02') {
    if (!input.personsOut) out.push('请在减少人员名单中至少填写一人');
    else if ((input.headcountAfter ?? 0) < 1) out.push('减人后参保人数至少为1');
    if (d > 0) out.push('减人批改的保费变化不能为正（应为退还保费）');
  }
  if (type === '03') {
    if (!input.personsIn || input.personsIn !== input.personsOut)
      out.push('换人批改须填写人数相同的换入、换出人员名单');
    if (d !== 0) out.push('换人批改不涉及保费变化');
  }
  if (type === '08') {
    if (input.operatingStatus === 1) out.push(CANCEL_OPERATING_MESSAGE);
    if (d > 0) out.push('退保的保费变化应为退还保费（不能为正）');
  }
  if (d !== 0) {
    const after = cents(input.premiumBefore) + d;
    if (after < 0 || (after === 0 && type !== '08')) out.push('批改后的保费须大于0（退保时不能为负）');
  }
  return out;
}
