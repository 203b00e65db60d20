import type { NotificationDef } from './notifications.ts';

/**
 * The pool of service organisations and experts (modules/pool): `no` names the expert or the organisation;
 * the provider (the organisation the expert belongs to, or the organisation itself) is told.
 */
export const POOL_NOTIFICATIONS = {
  'pool.expertSuspended': {
    when: '运营中心停用专家库中的专家',
    record: 'pool',
    to: [{ party: 'provider', kind: 'system' }],
    title: (r) => `专家已停用：${r.no}`,
    content: (r) =>
      `专家${r.no}已被运营中心停用，停用期间不能被选入新的预防服务计划。如有疑问请联系运营中心。`,
  },
  'pool.expertEnabled': {
    when: '运营中心重新启用专家',
    record: 'pool',
    to: [{ party: 'provider', kind: 'system' }],
    title: (r) => `专家已恢复启用：${r.no}`,
    content: (r) => `专家${r.no}已恢复启用，可以被选入新的预防服务计划。`,
  },
  'pool.orgSuspended': {
    when: '运营中心停用服务机构（告知与其有进行中预防项目的保险机构）',
    record: 'pool',
    to: [{ party: 'insurer', kind: 'system' }],
    title: (r) => `服务机构已停用：${r.no}`,
    content: (r) =>
      `${r.no}已被运营中心停用，停用期间不能被选为新的事故预防服务机构，其用户不能登录。本机构与其进行中的预防项目请及时调整服务安排。`,
  },
  'pool.orgEnabled': {
    when: '运营中心重新启用被停用的服务机构',
    record: 'pool',
    to: [{ party: 'provider', kind: 'system' }],
    title: (r) => `机构已恢复启用：${r.no}`,
    content: (r) => `${r.no}已由运营中心恢复启用，本机构用户可以重新登录，并可被保险机构选为服务机构。`,
  },
} as const satisfies Record<string, NotificationDef>;
