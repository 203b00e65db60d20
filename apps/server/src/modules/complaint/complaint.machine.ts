import { ComplaintState } from '@aqzrx/contracts';

/**
 * The complaint machine (domain 3.7) as a pure function: which action the caller may take on a complaint
 * in a state, by the caller's relation to it. The services call `complaintActionProblem` before writing
 * (400 with its message when the step is not allowed now; out of scope is 404 before this).
 */
export type ComplaintAction =
  | 'accept'
  | 'verify'
  | 'note'
  | 'reply'
  | 'extend'
  | 'decideExtension'
  | 'confirm'
  | 'takeOver'
  | 'reassign'
  | 'rehandle'
  | 'close';

export const COMPLAINT_ACTIONS: readonly ComplaintAction[] = [
  'accept',
  'verify',
  'note',
  'reply',
  'extend',
  'decideExtension',
  'confirm',
  'takeOver',
  'reassign',
  'rehandle',
  'close',
];

export interface ComplaintFacts {
  state: number;
  handlerKind: 'insurer' | 'admin' | 'government';
  verificationNeeded: boolean;
  extState: 'pending' | 'approved' | 'rejected' | null;
  deadline: string | null;
}

/** The caller's relation: the complainant, the handling unit, the regulator of the complaint's district. */
export interface ComplaintRelation {
  complainant: boolean;
  handler: boolean;
  regulator: boolean;
}

const S = ComplaintState;
const STATE_NAMES: Record<number, string> = {
  1: '已提交',
  2: '已受理',
  3: '办理中',
  4: '已答复',
  5: '办结',
  6: '已转监管',
};

/** Why the action is not allowed now (a Chinese message), or null when it is. */
export function complaintActionProblem(
  action: ComplaintAction,
  c: ComplaintFacts,
  who: ComplaintRelation,
  today: string,
): string | null {
  const state = STATE_NAMES[c.state] ?? String(c.state);
  const inState = (states: number[], what: string) =>
    states.includes(c.state) ? null : `投诉当前为“${state}”，不能${what}`;
  switch (action) {
    case 'accept':
      if (!who.handler) return '只有办理单位可以受理投诉';
      return inState([S.SUBMITTED], '受理');
    case 'verify':
      if (!who.handler) return '只有办理单位可以标记需核实';
      if (c.verificationNeeded) return '已标记需核实，答复期限已为30个工作日';
      return inState([S.ACCEPTED, S.HANDLING], '标记需核实');
    case 'note':
      if (!who.handler && !who.regulator) return '只有办理单位或监管部门可以添加办理记录';
      return c.state === S.CLOSED ? '投诉已办结，不能再添加办理记录' : null;
    case 'reply':
      if (!who.handler) return '只有办理单位可以答复投诉';
      return inState([S.ACCEPTED, S.HANDLING], '答复');
    case 'extend':
      if (!who.handler) return '只有办理单位可以申请延期';
      if (c.extState !== null) return '每件投诉只能申请一次延期';
      if (c.deadline !== null && today > c.deadline) return '已超过答复期限，不能再申请延期';
      return inState([S.ACCEPTED, S.HANDLING], '申请延期');
    case 'decideExtension':
      if (!who.regulator) return '只有属地监管部门可以审批延期';
      if (c.extState !== 'pending') return '没有待审批的延期申请';
      return inState([S.ACCEPTED, S.HANDLING], '审批延期');
    case 'confirm':
      if (!who.complainant) return '只有投诉人可以确认办理结果';
      return inState([S.ANSWERED], '确认办理结果');
    case 'takeOver':
      if (!who.regulator) return '只有属地监管部门可以接办投诉';
      if (c.handlerKind === 'government') return '投诉已由监管部门办理';
      return inState([S.SUBMITTED, S.ACCEPTED, S.HANDLING, S.ANSWERED, S.ESCALATED], '接办');
    case 'reassign':
      if (!who.regulator) return '只有属地监管部门可以转办投诉';
      return inState([S.SUBMITTED, S.ACCEPTED, S.HANDLING, S.ESCALATED], '转办');
    case 'rehandle':
      if (!who.regulator) return '只有属地监管部门可以责令重新办理';
      return inState([S.ANSWERED, S.ESCALATED], '责令重新办理');
    case 'close':
      if (!who.regulator) return '只有属地监管部门可以直接办结投诉';
      return c.state === S.CLOSED ? '投诉已办结' : null;
  }
}

/** The actions the caller may take now (the detail's `actions`). */
export function complaintActions(
  c: ComplaintFacts,
  who: ComplaintRelation,
  today: string,
): Record<ComplaintAction, boolean> {
  return Object.fromEntries(
    COMPLAINT_ACTIONS.map((a) => [a, complaintActionProblem(a, c, who, today) === null]),
  ) as Record<ComplaintAction, boolean>;
}
