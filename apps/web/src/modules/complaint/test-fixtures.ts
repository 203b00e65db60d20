/** Rows as the complaint routes answer them, for the screen tests. */
import type { ComplaintDetail, ComplaintRow, ComplaintStats } from './api.ts';

export const complaintRow = (over: Partial<ComplaintRow> = {}): ComplaintRow => ({
  id: 41,
  complaintNo: 'TS202611200001',
  title: '理赔款迟迟未到账',
  state: 2,
  stateLabel: '已受理',
  category: '02',
  categoryLabel: '理赔服务',
  targetKind: 'insurer',
  targetKindLabel: '保险机构',
  targetOrgId: 3,
  targetName: '人保财险宿迁分公司',
  complainantName: '宿迁市恒安化工有限公司',
  complainantUscc: '91321300MA1XXXXX0A',
  complainantRole: 'ROLE_ENT',
  handlerKind: 'insurer',
  handlerOrgId: 3,
  handlerName: '人保财险宿迁分公司',
  districtCode: '321302',
  submittedAt: '2026-11-20T02:00:00.000Z',
  acceptedAt: '2026-11-20T06:00:00.000Z',
  deadline: '2026-12-04',
  workDaysLeft: 5,
  nearDeadline: false,
  overdue: false,
  repliedLate: false,
  verificationNeeded: false,
  extended: false,
  repliedAt: null,
  closedAt: null,
  satisfied: null,
  version: 2,
  ...over,
});

const NO_ACTIONS: ComplaintDetail['actions'] = {
  accept: false,
  verify: false,
  note: false,
  reply: false,
  extend: false,
  decideExtension: false,
  confirm: false,
  takeOver: false,
  reassign: false,
  rehandle: false,
  close: false,
};

export const complaintDetail = (
  over: Partial<ComplaintDetail> = {},
  actions: Partial<ComplaintDetail['actions']> = {},
): ComplaintDetail => ({
  ...complaintRow(),
  content: '2026年10月报案的理赔案件，保险机构核定后一个月仍未支付赔款。',
  demand: '请尽快支付赔款并说明原因',
  contactName: '王安全',
  contactPhone: '13951112222',
  attachments: [
    { id: 'f0000000-0000-4000-8000-000000000001', name: '报案回执.pdf', size: 20480, kind: 'file' },
  ],
  related: { kind: 'claim', kindLabel: '理赔案件', id: 9, label: 'LP2026000009' },
  verificationReason: '',
  extension: null,
  reply: null,
  confirmation: null,
  result: '',
  timeline: [
    {
      step: 'submit',
      stepLabel: '提交投诉',
      at: '2026-11-20T02:00:00.000Z',
      actorName: '王安全',
      actorUnit: '宿迁市恒安化工有限公司',
      text: '',
      internal: false,
    },
    {
      step: 'accept',
      stepLabel: '受理',
      at: '2026-11-20T06:00:00.000Z',
      actorName: '李理赔',
      actorUnit: '人保财险宿迁分公司',
      text: '已受理，正在核实',
      internal: false,
    },
  ],
  ...over,
  actions: { ...NO_ACTIONS, ...actions },
});

export const answered = (): Partial<ComplaintDetail> => ({
  state: 4,
  stateLabel: '已答复',
  repliedAt: '2026-11-25T03:00:00.000Z',
  reply: {
    facts: '经核实，赔款因账户信息有误退回。',
    basis: '《保险法》第二十三条',
    measures: '已更正账户并于11月25日重新支付。',
    attachments: [],
    repliedAt: '2026-11-25T03:00:00.000Z',
    repliedBy: '李理赔',
  },
  result: '已更正账户并于11月25日重新支付。',
});

export const page = <T>(list: T[]) => ({ list, total: list.length, pageNum: 1 });

const rates = {
  total: 0,
  replied: 0,
  onTime: 0,
  overdue: 0,
  onTimeRate: null,
  confirmed: 0,
  satisfied: 0,
  satisfactionRate: null,
};
export const stats = (over: Partial<ComplaintStats> = {}): ComplaintStats => ({
  totals: {
    ...rates,
    total: 12,
    replied: 10,
    onTime: 9,
    overdue: 1,
    onTimeRate: 90,
    confirmed: 8,
    satisfied: 6,
    satisfactionRate: 75,
  },
  byUnit: [
    {
      ...rates,
      handlerKind: 'insurer',
      handlerOrgId: 3,
      name: '人保财险宿迁分公司',
      total: 7,
      replied: 6,
      onTime: 5,
      overdue: 1,
      onTimeRate: 83.3,
      confirmed: 5,
      satisfied: 4,
      satisfactionRate: 80,
    },
  ],
  byCategory: [{ category: '02', label: '理赔服务', count: 7 }],
  byTargetKind: [{ targetKind: 'insurer', label: '保险机构', count: 9 }],
  byMonth: [{ month: '2026-10', count: 5 }],
  ...over,
});
