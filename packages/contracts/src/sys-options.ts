import type { Option } from './options.ts';

/**
 * Option lists of system administration (users, organisations, logs) without zod, so the web app can
 * import them through '@aqzrx/contracts/constants'. The schema files re-export them.
 */

/** User status labels (spec 4; 3 = enterprise information incomplete). */
export const USER_STATUS: Option[] = [
  { value: 1, label: '正常', color: 'success' },
  { value: 2, label: '停用', color: 'error' },
  { value: 3, label: '企业信息待完善', color: 'warning' },
];

/** Chinese column headers of the user export, in order. */
export const USER_EXPORT_HEADERS = [
  '用户名',
  '昵称',
  '角色',
  '所属机构',
  '手机号',
  '状态',
  '创建时间',
] as const;
/** The export refuses more rows than this (security.md V07); narrow the filters instead. */
export const USER_EXPORT_ROW_CAP = 50_000;
export const USER_EXPORT_FILENAME = '用户列表.xlsx';

/** Username rule shared by the add form and the server schema. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.@-]{2,63}$/;
export const USERNAME_RULE_MESSAGE = '用户名只能包含字母、数字和 _ . @ -，且以字母或数字开头';

export type OrgType = 'platform' | 'government' | 'enterprise' | 'insurer' | 'service' | 'expert';

/** Organisation kinds (sys_org.org_type) with their Chinese labels. */
export const ORG_TYPES: Option<OrgType>[] = [
  { value: 'platform', label: '平台运营' },
  { value: 'government', label: '政府监管部门' },
  { value: 'enterprise', label: '企业' },
  { value: 'insurer', label: '保险机构' },
  { value: 'service', label: '服务机构' },
  { value: 'expert', label: '专家机构' },
];

/** Organisation status (sys_org.status): a suspended organisation's users cannot sign in. */
export const OrgStatus = { ACTIVE: 1, SUSPENDED: 2 } as const;
export const ORG_STATUS: Option<number>[] = [
  { value: OrgStatus.ACTIVE, label: '正常', color: 'success' },
  { value: OrgStatus.SUSPENDED, label: '停用', color: 'error' },
];

/**
 * Kinds 机构管理 adds and edits. Enterprises are added and edited in 企业管理 (with their profile) and by
 * themselves; the platform operator is not an organisation one adds.
 */
export const ORG_MANAGED_TYPES: readonly OrgType[] = ['government', 'insurer', 'service', 'expert'];
/**
 * Kinds that must have a unified social credit code: companies (enterprises, insurers' branches, service
 * companies). A government office or an expert panel the bureau convenes may have none on record.
 */
export const ORG_USCC_REQUIRED: readonly OrgType[] = ['enterprise', 'insurer', 'service'];
export const ORG_CONTACT_PHONE_MESSAGE = '联系电话格式不正确，请输入11位手机号或座机号（如0527-84361234）';
export const ORG_CONTACT_NAME_MESSAGE = '联系人为2-20个字';

/** Request logs are kept at least this long (security.md L04, CSL art. 21). */
export const LOG_RETENTION_DAYS = 180;

export const PUSH_STATUS: Option<string>[] = [
  { value: 'pending', label: '待推送', color: 'default' },
  { value: 'success', label: '成功', color: 'success' },
  { value: 'fail', label: '失败', color: 'error' },
];

/**
 * Every operation-log kind the server records (`kind` of searchLogList.json); spec 9's LOG_KINDS (options.ts)
 * is the short all/query/add/edit/delete list.
 */
export const LOG_KIND_OPTIONS: Option<string>[] = [
  { value: 'all', label: '全部' },
  { value: 'query', label: '查询' },
  { value: 'add', label: '新增' },
  { value: 'edit', label: '修改' },
  { value: 'delete', label: '删除' },
  { value: 'get', label: '查看详情' },
  { value: 'enable', label: '启用' },
  { value: 'disable', label: '停用' },
  { value: 'import', label: '导入' },
  { value: 'export', label: '导出' },
  { value: 'login', label: '登录' },
  { value: 'logout', label: '退出' },
  { value: 'security', label: '安全操作' },
];

export const LOG_OUTCOMES: Option<string>[] = [
  { value: 'success', label: '成功', color: 'success' },
  { value: 'fail', label: '失败', color: 'error' },
];

/**
 * Why a user must change the password before going on: an initial password set by an administrator
 * (first login), a password an administrator reset, or one older than the password age allows.
 */
export type PasswordChangeReason = 'initial' | 'reset' | 'expired';

/** What the forced change-password dialog says for each reason (the server's 403 text too). */
export const PASSWORD_CHANGE_MESSAGES: Record<PasswordChangeReason, string> = {
  initial: '首次登录请先修改初始密码',
  reset: '管理员已重置您的密码，请先修改密码',
  expired: '密码已超过有效期，请修改密码后继续使用',
};
