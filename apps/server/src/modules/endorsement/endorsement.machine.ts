import {
  CANCEL_OPERATING_MESSAGE,
  type EndorsementChange,
  type EndorsementStatus,
  type EndorsementType,
  periodChangeProblems,
  toCents,
} from '@aqzrx/contracts';

/**
 * The endorsement state machine of domain 3.3, as pure functions. The lead insurer reviews an applied
 * endorsement: `approve` when its effective date has come (the change is applied to the policy at once),
 * `schedule` when it lies in the future (审核通过, waiting for the date), or `return` (terminal; the
 * enterprise applies again). On the effective date the daily job applies a waiting endorsement
 * (`takeEffect`), or `lapse`s it to returned when the policy no longer allows the change (e.g. it changed
 * meanwhile, or a closed business resumed operating before its cancellation date). While an application
 * waits for review the enterprise may `withdraw` it (撤回, terminal): once reviewed it is the insurer's.
 */
export type EndorsementAction = 'approve' | 'schedule' | 'return' | 'withdraw' | 'takeEffect' | 'lapse';

const TRANSITIONS: Record<EndorsementStatus, Partial<Record<EndorsementAction, EndorsementStatus>>> = {
  applied: { approve: 'approved', schedule: 'awaiting', return: 'returned', withdraw: 'withdrawn' },
  awaiting: { takeEffect: 'approved', lapse: 'returned' },
  approved: {},
  returned: {},
  withdrawn: {},
};

export function endorsementTransition(
  status: EndorsementStatus,
  action: EndorsementAction,
): EndorsementStatus | null {
  return TRANSITIONS[status][action] ?? null;
}

/** How an approval proceeds: effective today or earlier applies at once, a later date waits for it. */
export function approvalAction(effectiveDate: string, today: string): 'approve' | 'schedule' {
  return effectiveDate > today ? 'schedule' : 'approve';
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
  '01': ['headcount', 'roster', 'personsIn'],
  '02': ['headcount', 'roster', 'personsOut'],
  '03': ['roster', 'personsIn', 'personsOut'],
  '04': ['holderName', 'address', 'wsIndustryCode', 'gbIndustryCode'],
  '05': ['perPersonLimit', 'medicalLimit'],
  '06': ['startDate', 'endDate'],
  '07': [],
  '08': [],
};

const KEY_LABELS: Record<keyof EndorsementChange, string> = {
  headcount: '参保人数',
  roster: '人员名单',
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

/**
 * A roster line as the rules see it: direction, name, the masked ID number (for messages) and whether
 * that ID number is on the policy's current insured-person list (looked up by the caller).
 */
export interface RosterCheck {
  direction: 'in' | 'out';
  name: string;
  idNoMask: string;
  onPolicy: boolean;
}

export interface EndorsementPlan {
  before: Partial<EndorsablePolicy> & { perAccidentLimit?: number };
  after: Partial<EndorsablePolicy> & { perAccidentLimit?: number; status?: 'cancelled' };
  problems: string[];
}

/**
 * Checks an endorsement against its type (domain 2.7) and computes the before/after values:
 * add/remove persons change the headcount in the stated direction (and the premium the same way),
 * replacement keeps it, limit changes respect the floor, period changes follow periodChangeProblems
 * (at most one year, no later start once cover began, no backdated start, no end before the effective
 * date; the overlap with other policies is the caller's database check), general endorsements change no
 * field, and cancellation (退保) is only for a business that has been closed or has stopped (2025 办法
 * Art. 16). The effective date lies within the policy period. The same rules run when the enterprise
 * applies and again at approval and on the effective date, with `appliedOn` as the reference day.
 */
export function planEndorsement(
  type: EndorsementType,
  change: EndorsementChange,
  premiumDelta: number,
  effectiveDate: string,
  policy: EndorsablePolicy,
  ctx: {
    minPerPersonLimit: number;
    operatingStatus: number;
    /** The China date of the application (YYYY-MM-DD). */
    appliedOn: string;
    roster?: RosterCheck[] | undefined;
  },
): EndorsementPlan {
  const problems: string[] = [];
  const keys = (Object.keys(change) as Array<keyof EndorsementChange>).filter((k) => change[k] !== undefined);
  for (const k of keys) if (!ALLOWED[type].includes(k)) problems.push(`该批改类型不能修改“${KEY_LABELS[k]}”`);
  if (effectiveDate < policy.startDate || effectiveDate > policy.endDate)
    problems.push(`批改生效日期须在保险期间内（${policy.startDate} 至 ${policy.endDate}）`);
  const before: EndorsementPlan['before'] = {};
  const after: EndorsementPlan['after'] = {};
  const delta = toCents(premiumDelta);
  const roster = ctx.roster;
  if (roster) problems.push(...rosterRuleProblems(type, roster));
  const ins = roster?.filter((r) => r.direction === 'in').length ?? 0;
  const outs = roster?.filter((r) => r.direction === 'out').length ?? 0;
  switch (type) {
    case '01':
    case '02': {
      const h =
        change.headcount ??
        (roster ? (type === '01' ? policy.headcount + ins : policy.headcount - outs) : undefined);
      if (h === undefined) {
        problems.push('请填写批改后的参保人数');
        break;
      }
      if (type === '01' && h <= policy.headcount) problems.push('加人批改后的参保人数须大于原人数');
      if (type === '02' && h >= policy.headcount) problems.push('减人批改后的参保人数须小于原人数');
      if (h < 1) problems.push('减人后参保人数至少为1');
      const listed = roster
        ? type === '01'
          ? ins
          : outs
        : (type === '01' ? change.personsIn : change.personsOut)?.length;
      if (listed !== undefined && listed !== Math.abs(h - policy.headcount))
        problems.push('人员名单人数须与参保人数的变化一致');
      if (type === '01' && delta < 0) problems.push('加人批改的保费变化不能为负（应为加收保费）');
      if (type === '02' && delta > 0) problems.push('减人批改的保费变化不能为正（应为退还保费）');
      before.headcount = policy.headcount;
      before.perAccidentLimit = (toCents(policy.perPersonLimit) * policy.headcount) / 100;
      after.headcount = h;
      after.perAccidentLimit = (toCents(policy.perPersonLimit) * h) / 100;
      break;
    }
    case '03':
      if (
        roster
          ? !ins || ins !== outs
          : !change.personsIn?.length || change.personsIn.length !== change.personsOut?.length
      )
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
        before.perAccidentLimit = (toCents(policy.perPersonLimit) * policy.headcount) / 100;
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
      problems.push(
        ...periodChangeProblems({
          startDate: policy.startDate,
          endDate: policy.endDate,
          newStart: s,
          newEnd: e,
          effectiveDate,
          appliedOn: ctx.appliedOn,
        }),
      );
      before.startDate = policy.startDate;
      before.endDate = policy.endDate;
      after.startDate = s;
      after.endDate = e;
      break;
    }
    case '07':
      break;
    case '08':
      if (ctx.operatingStatus === 1) problems.push(CANCEL_OPERATING_MESSAGE);
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

/**
 * Roster rules of domain 2.7: 加人 names only joining persons, 减人 only leaving ones, 换人 both; a
 * leaving person must be on the policy's insured-person list, a joining one must not be on it already.
 */
function rosterRuleProblems(type: EndorsementType, roster: RosterCheck[]): string[] {
  const out: string[] = [];
  if (type === '01' && roster.some((r) => r.direction !== 'in'))
    out.push('加人批改的人员名单只能填写新增人员');
  if (type === '02' && roster.some((r) => r.direction !== 'out'))
    out.push('减人批改的人员名单只能填写减少人员');
  const who = (r: RosterCheck) => `${r.name}（${r.idNoMask}）`;
  const leaving = type === '03' ? '换出人员' : '减少人员';
  const joining = type === '03' ? '换入人员' : '新增人员';
  for (const r of roster) {
    if (r.direction === 'out' && !r.onPolicy)
      out.push(`${leaving}${who(r)}不在本保单的参保人员名单中，不能减少`);
    if (r.direction === 'in' && r.onPolicy)
      out.push(`${joining}${who(r)}已在本保单的参保人员名单中，不能重复加入`);
  }
  return out;
}
