import type { NotificationDef, NotifyRecord } from './notifications.ts';

const withDetail = (text: string, r: NotifyRecord) => (r.detail ? `${text}${r.detail}` : text);

/**
 * Self-registrations (modules/registration; domain 3.1): `no` names the kind of application, `enterpriseName`
 * the organisation or person applying, `detail` a return's reason. The applicant has no account until the
 * approval, so a return is seen at sign-in (the status page) and only closes the administrators' to-do.
 */
export const REGISTRATION_NOTIFICATIONS = {
  'registration.submitted': {
    when: '新用户提交注册申请，或被退回的申请修改后重新提交',
    record: 'registration',
    to: [{ party: 'operators', kind: 'todo' }],
    title: (r) => `审核注册申请：${r.enterpriseName}`,
    content: (r) => withDetail(`${r.no}，请审核后通过或退回。`, r),
  },
  'registration.returned': {
    when: '运营中心退回注册申请（申请人登录时看到原因）',
    record: 'registration',
    to: [],
    title: (r) => `注册申请已退回：${r.enterpriseName}`,
    content: (r) => withDetail(`${r.no}已退回，原因：`, r),
    closes: ['registration.submitted'],
  },
  'registration.approved': {
    when: '运营中心审核通过注册申请（账号开通）',
    record: 'registration',
    to: [{ party: 'registrant', kind: 'system' }],
    title: () => '注册申请已审核通过',
    content: (r) => `${r.enterpriseName}的注册申请已审核通过，账号已开通，欢迎使用平台。`,
    closes: ['registration.submitted'],
  },
} as const satisfies Record<string, NotificationDef>;
