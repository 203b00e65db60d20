import {
  type EndorsementChange,
  type EndorsementStatus,
  type EndorsementType,
  oneYearEnd,
  toCents,
} from '@aqzrx/contracts';

/**
 * The endorsement state machine of domain 3.3, as pure functions: applied → approved (the change is
 * applied to the policy) or returned (terminal; the enterprise applies again).
 */
export type EndorsementAction = 'approve' | 'return';

const TRANSITIONS: Record<EndorsementStatus, Partial<Record<EndorsementAction, EndorsementStatus>>> = {
  applied: { approve: 'approved', return: 'returned' },
  approved: {},
  returned: {},
};

export function endorsementTransition(
  status: EndorsementStatus,
  action: EndorsementAction,
): EndorsementStatus | null {
  return TRANSITIONS[status][action] ?? null;
}

/** The policy values an endorsement may change (and shows before and after). */
export interface EndorsablePolicy {
  headcount: number;
  holderName: string;
  address: string;
  wsIndustryCode: string;
  gbIndustryCode: string;
  perPersonLimit: number;
  medicalLimit: number;
  startDate: string;
  endDate: string;
  premium: number;
}

/** Keys each type may change; everything else in `change` is refused. */
const ALLOWED: Record<EndorsementType, Array<keyof EndorsementChange>> = {
  '01': ['headcount', 'personsIn'],
  '02': ['headcount', 'personsOut'],
  '03': ['personsIn', 'personsOut'],
  '04': ['holderName', 'address', 'wsIndustryCode', 'gbIndustryCode'],
  '05': ['perPersonLimit', 'medicalLimit'],
  '06': ['startDate', 'endDate'],
  '07': [],
  '08': [],
};

const KEY_LABELS: Record<keyof EndorsementChange, string> = {
  headcount: '参保人数',
  personsIn: '新增人员',
  personsOut: '减少人员',
  holderName: '投保人名称',
  address: '地址',
  wsIndustryCode: '安全生产行业领域',
  gbIndustryCode: '国民经济行业',
  perPersonLimit: '每人死亡伤残责任限额',
  medicalLimit: '每人医疗费用限额',
  startDate: '保险起期',
  endDate: '保险止期',
};

export interface EndorsementPlan {
  before: Partial<EndorsablePolicy>;
  after: Partial<EndorsablePolicy> & { perAccidentLimit?: number; status?: 'cancelled' };
  problems: string[];
}

/**
 * Checks an endorsement against its type (domain 2.7) and computes the before/after values:
 * add/remove persons change the headcount in the stated direction (and the premium the same way),
 * replacement keeps it, limit changes respect the floor, period changes stay within one year,
 * general endorsements change no field, and cancellation (退保) is only for a business that has been
 * closed or has stopped (2025 办法 Art. 16). The effective date lies within the policy period.
 */
export function planEndorsement(
  type: EndorsementType,
  change: EndorsementChange,
  premiumDelta: number,
  effectiveDate: string,
  policy: EndorsablePolicy,
  ctx: { minPerPersonLimit: number; operatingStatus: number },
): EndorsementPlan {
  const problems: string[] = [];
  const keys = (Object.keys(change) as Array<keyof EndorsementChange>).filter((k) => change[k] !== undefined);
  for (const k of keys) if (!ALLOWED[type].includes(k)) problems.push(`该批改类型不能修改“${KEY_LABELS[k]}”`);
  if (effectiveDate < policy.startDate || effectiveDate > policy.endDate)
    problems.push(`批改生效日期须在保险期间内（${policy.startDate} 至 ${policy.endDate}）`);
  const before: EndorsementPlan['before'] = {};
  const after: EndorsementPlan['after'] = {};
  const delta = toCents(premiumDelta);
  switch (type) {
    case '01':
    case '02': {
      const h = change.headcount;
      if (h === undefined) {
        problems.push('请填写批改后的参保人数');
        break;
      }
      if (type === '01' && h <= policy.headcount) problems.push('加人批改后的参保人数须大于原人数');
      if (type === '02' && h >= policy.headcount) problems.push('减人批改后的参保人数须小于原人数');
      const list = type === '01' ? change.personsIn : change.personsOut;
      if (list && list.length !== Math.abs(h - policy.headcount))
        problems.push('人员名单人数须与参保人数的变化一致');
      if (type === '01' && delta < 0) problems.push('加人批改的保费变化不能为负（应为加收保费）');
      if (type === '02' && delta > 0) problems.push('减人批改的保费变化不能为正（应为退还保费）');
      before.headcount = policy.headcount;
      after.headcount = h;
      after.perAccidentLimit = (toCents(policy.perPersonLimit) * h) / 100;
      break;
    }
    case '03':
      if (!change.personsIn?.length || change.personsIn.length !== change.personsOut?.length)
        problems.push('换人批改须填写人数相同的换入、换出人员名单');
      if (delta !== 0) problems.push('换人批改不涉及保费变化');
      break;
    case '04':
      if (!keys.length) problems.push('请填写要变更的投保人信息');
      for (const k of ['holderName', 'address', 'wsIndustryCode', 'gbIndustryCode'] as const) {
        const v = change[k];
        if (v !== undefined) {
          before[k] = policy[k];
          after[k] = v;
        }
      }
      break;
    case '05': {
      const pp = change.perPersonLimit ?? policy.perPersonLimit;
      const med = change.medicalLimit ?? policy.medicalLimit;
      if (change.perPersonLimit === undefined && change.medicalLimit === undefined)
        problems.push('请填写变更后的限额');
      if (pp < ctx.minPerPersonLimit) problems.push(`每人死亡伤残责任限额不得低于${ctx.minPerPersonLimit}元`);
      if (med > pp) problems.push('每人医疗费用限额不能超过每人死亡伤残责任限额');
      if (change.perPersonLimit !== undefined) {
        before.perPersonLimit = policy.perPersonLimit;
        after.perPersonLimit = pp;
        after.perAccidentLimit = (toCents(pp) * policy.headcount) / 100;
      }
      if (change.medicalLimit !== undefined) {
        before.medicalLimit = policy.medicalLimit;
        after.medicalLimit = med;
      }
      break;
    }
    case '06': {
      const s = change.startDate ?? policy.startDate;
      const e = change.endDate ?? policy.endDate;
      if (change.startDate === undefined && change.endDate === undefined)
        problems.push('请填写变更后的保险期间');
      if (e < s) problems.push('保险止期不能早于起期');
      else if (e > oneYearEnd(s)) problems.push(`保险期间最长一年：起期 ${s} 的止期最晚为 ${oneYearEnd(s)}`);
      before.startDate = policy.startDate;
      before.endDate = policy.endDate;
      after.startDate = s;
      after.endDate = e;
      break;
    }
    case '07':
      break;
    case '08':
      if (ctx.operatingStatus === 1)
        problems.push('企业正常经营期间不能退保；仅依法关闭取缔或全面停产停业的企业可申请注销');
      if (delta > 0) problems.push('退保的保费变化应为退还保费（不能为正）');
      after.status = 'cancelled';
      break;
  }
  if (delta !== 0) {
    const newPremium = toCents(policy.premium) + delta;
    if (newPremium < 0 || (newPremium === 0 && type !== '08'))
      problems.push('批改后的保费须大于0（退保时不能为负）');
    before.premium = policy.premium;
    after.premium = newPremium / 100;
  }
  return { before, after, problems };
}
