import type { NotificationDef, NotifyRecord } from './notifications.ts';

const withDetail = (text: string, r: NotifyRecord) => (r.detail ? `${text}${r.detail}` : text);

/**
 * Complaints (modules/complaint; domain 3.7, AQ 9010): `no` is the complaint number, `detail` the step's
 * reason or deadline. The handler's to-do (accept and reply) lasts until it replies or the complaint leaves it.
 */
const HANDLER_TODOS = [
  'complaint.submitted',
  'complaint.reopened',
  'complaint.reassigned',
  'complaint.rehandle',
];
export const COMPLAINT_NOTIFICATIONS = {
  'complaint.submitted': {
    when: '投诉人提交投诉（转至办理单位）',
    record: 'complaint',
    to: [{ party: 'handler', kind: 'todo' }],
    title: (r) => `受理并答复投诉：${r.no}`,
    content: (r) => withDetail(`${r.enterpriseName}提交了投诉 ${r.no}，请受理并在规定期限内答复。`, r),
  },
  'complaint.accepted': {
    when: '办理单位受理投诉（答复期限开始计算）',
    record: 'complaint',
    to: [{ party: 'complainant', kind: 'system' }],
    title: (r) => `投诉已受理：${r.no}`,
    content: (r) => withDetail(`您的投诉 ${r.no} 已受理。`, r),
  },
  'complaint.verify': {
    when: '办理单位标记需核实（答复期限延至30个工作日）',
    record: 'complaint',
    to: [{ party: 'complainant', kind: 'system' }],
    title: (r) => `投诉需核实：${r.no}`,
    content: (r) => withDetail(`您的投诉 ${r.no} 需要核实，答复期限延至受理后30个工作日。`, r),
  },
  'complaint.replied': {
    when: '办理单位答复投诉',
    record: 'complaint',
    to: [{ party: 'complainant', kind: 'todo' }],
    title: (r) => `确认投诉办理结果：${r.no}`,
    content: (r) => `您的投诉 ${r.no} 已答复，请查看并确认是否满意。`,
    closes: HANDLER_TODOS,
  },
  'complaint.extendRequested': {
    when: '办理单位申请延期答复',
    record: 'complaint',
    to: [{ party: 'regulators', kind: 'todo' }],
    title: (r) => `审批投诉延期：${r.no}`,
    content: (r) => withDetail(`投诉 ${r.no} 的办理单位申请延期答复。`, r),
  },
  'complaint.extendDecided': {
    when: '监管部门审批延期申请',
    record: 'complaint',
    to: [
      { party: 'handler', kind: 'system' },
      { party: 'complainant', kind: 'system' },
    ],
    title: (r) => `投诉延期审批结果：${r.no}`,
    content: (r) => withDetail(`投诉 ${r.no} 的延期申请已审批。`, r),
    closes: ['complaint.extendRequested'],
  },
  'complaint.satisfied': {
    when: '投诉人确认满意（办结）',
    record: 'complaint',
    to: [{ party: 'handler', kind: 'system' }],
    title: (r) => `投诉人确认满意：${r.no}`,
    content: (r) => withDetail(`投诉 ${r.no} 的投诉人对办理结果表示满意，投诉已办结。`, r),
    closes: ['complaint.replied'],
  },
  'complaint.reopened': {
    when: '投诉人不满意并要求重新办理',
    record: 'complaint',
    to: [{ party: 'handler', kind: 'todo' }],
    title: (r) => `投诉人不满意，请重新办理：${r.no}`,
    content: (r) => withDetail(`投诉 ${r.no} 的投诉人对答复不满意，要求重新办理。`, r),
    closes: ['complaint.replied'],
  },
  'complaint.escalated': {
    when: '投诉人不满意并提请监管部门处理',
    record: 'complaint',
    to: [
      { party: 'regulators', kind: 'todo' },
      { party: 'handler', kind: 'system' },
    ],
    title: (r) => `投诉已提请监管部门处理：${r.no}`,
    content: (r) => withDetail(`投诉 ${r.no} 的投诉人对答复不满意，已提请监管部门处理。`, r),
    closes: ['complaint.replied'],
  },
  'complaint.takenOver': {
    when: '监管部门接办投诉',
    record: 'complaint',
    to: [
      { party: 'complainant', kind: 'system' },
      { party: 'handler', kind: 'system' },
    ],
    title: (r) => `监管部门已接办投诉：${r.no}`,
    content: (r) => withDetail(`投诉 ${r.no} 已由监管部门接办。`, r),
    closes: [...HANDLER_TODOS, 'complaint.escalated', 'complaint.extendRequested'],
  },
  'complaint.reassigned': {
    when: '监管部门将投诉转办其他单位',
    record: 'complaint',
    to: [
      { party: 'handler', kind: 'todo' },
      { party: 'complainant', kind: 'system' },
    ],
    title: (r) => `投诉转办：${r.no}`,
    content: (r) =>
      withDetail(`投诉 ${r.no} 已由监管部门转办，请在规定期限内办理并答复（已受理的投诉答复期限不变）。`, r),
    closes: [...HANDLER_TODOS, 'complaint.escalated', 'complaint.extendRequested'],
  },
  'complaint.rehandle': {
    when: '监管部门责令重新办理',
    record: 'complaint',
    to: [
      { party: 'handler', kind: 'todo' },
      { party: 'complainant', kind: 'system' },
    ],
    title: (r) => `监管部门责令重新办理投诉：${r.no}`,
    content: (r) => withDetail(`监管部门责令重新办理投诉 ${r.no}。`, r),
    closes: ['complaint.escalated', 'complaint.replied'],
  },
  'complaint.closed': {
    when: '监管部门办结投诉',
    record: 'complaint',
    to: [
      { party: 'complainant', kind: 'system' },
      { party: 'handler', kind: 'system' },
    ],
    title: (r) => `投诉已办结：${r.no}`,
    content: (r) => withDetail(`投诉 ${r.no} 已由监管部门办结。`, r),
    closes: [...HANDLER_TODOS, 'complaint.escalated', 'complaint.extendRequested', 'complaint.replied'],
  },
  'complaint.nearDeadline': {
    when: '投诉临近答复期限（默认剩2个工作日，定时任务）',
    record: 'complaint',
    to: [{ party: 'handler', kind: 'system' }],
    title: (r) => `投诉即将到期：${r.no}`,
    content: (r) => withDetail(`投诉 ${r.no} 即将到达答复期限，请及时答复。`, r),
  },
  'complaint.overdue': {
    when: '投诉超过答复期限未答复（定时任务）',
    record: 'complaint',
    to: [
      { party: 'handler', kind: 'system' },
      { party: 'regulators', kind: 'system' },
    ],
    title: (r) => `投诉超期未答复：${r.no}`,
    content: (r) => withDetail(`投诉 ${r.no} 已超过答复期限仍未答复。`, r),
  },
} as const satisfies Record<string, NotificationDef>;
