/** Action keys (spec 3). */
export const ACTIONS = [
  'add',
  'delete',
  'edit',
  'query',
  'get',
  'enable',
  'disable',
  'import',
  'export',
] as const;
export type Action = (typeof ACTIONS)[number];
export const ACTION_LABELS: Record<Action, string> = {
  add: '新增',
  delete: '删除',
  edit: '编辑',
  query: '查询',
  get: '详情',
  enable: '启用',
  disable: '停用',
  import: '导入',
  export: '导出',
};

/**
 * The permission catalogue: every permissionId the platform knows. Roles are data (rows that name
 * these ids with action lists); the ids themselves are code.
 */
export const PERMISSIONS = {
  dashboard: '首页',
  user: '用户管理',
  userSensitive: '敏感信息查看',
  role: '角色管理',
  resource: '菜单资源',
  org: '机构管理',
  registration: '注册审核',
  smsOutbox: '短信发件箱',
  dict: '数据字典',
  region: '行政区划',
  industry: '行业分类',
  safetymechanism: '安全机制',
  security: '安全设置',
  userSecurity: '账号安全',
  audit: '安全审计',
  subsystem: '子系统',
  log: '日志管理',
  setting: '平台设置',
  article: '文章管理',
  notice: '通知公告',
  help: '帮助中心',
  contentClass: '帮助与咨询分类',
  rule: '法规库',
  consult: '咨询管理',
  complaint: '投诉管理',
  message: '消息中心',
  evaluation: '满意度评价',
  enterprise: '企业管理',
  insurer: '保险机构',
  technicist: '技术人员',
  insurerDoc: '机构文档',
  policy: '保单管理',
  endorsement: '批改管理',
  claim: '理赔管理',
  insuranceData: '数据统计',
  ap: '事故预防',
  apPlan: '预防计划',
  risk: '风险隐患',
  alarm: '预警信息',
  service: '服务机构',
  expert: '专家管理',
  poolProfile: '机构与专家资料',
  statement: '服务报表',
  supervise: '监管对象',
  cockpit: '数据驾驶舱',
  statReport: '统计报表',
} as const;
export type PermissionId = keyof typeof PERMISSIONS;

export interface PermissionGrant {
  permissionId: string;
  actionList: string[];
}

/** `permissionId.action` check over a user's permission list (spec 6). */
export function hasPermission(perms: readonly PermissionGrant[] | undefined, required: string): boolean {
  if (!perms) return false;
  const dot = required.indexOf('.');
  const id = dot < 0 ? required : required.slice(0, dot);
  const action = dot < 0 ? undefined : required.slice(dot + 1);
  return perms.some((p) => p.permissionId === id && (action === undefined || p.actionList.includes(action)));
}
