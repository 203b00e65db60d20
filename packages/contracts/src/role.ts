import type { AdminDuty } from './admin-duty.ts';

export const RoleKey = {
  ADMIN: 'ROLE_ADMIN',
  SECURITY_ADMIN: 'ROLE_SECURITY_ADMIN',
  AUDIT_ADMIN: 'ROLE_AUDIT_ADMIN',
  GOVERNMENT: 'ROLE_GOVERNMENT',
  ENT: 'ROLE_ENT',
  INSURANCE: 'ROLE_INSURANCE',
  SERVICE: 'ROLE_SERVICE',
  EXPERT: 'ROLE_EXPERT',
  USER: 'ROLE_USER',
  TECHNOLOGY: 'ROLE_TECHNOLOGY',
} as const;
export type RoleKey = (typeof RoleKey)[keyof typeof RoleKey];

/**
 * The six named roles of spec 1, and the security and audit administrators that split the operations
 * administration (三权分立, security.md Z04); every other roleKey displays as 自定义角色 (spec 1).
 */
export const NAMED_ROLE_NAMES: Record<string, string> = {
  ROLE_ADMIN: '运营中心管理员',
  ROLE_SECURITY_ADMIN: '安全管理员',
  ROLE_AUDIT_ADMIN: '审计管理员',
  ROLE_GOVERNMENT: '政府监管中心管理员',
  ROLE_ENT: '企业用户',
  ROLE_INSURANCE: '保险机构中心用户',
  ROLE_SERVICE: '服务机构用户',
  ROLE_EXPERT: '专家平台用户',
};
export const CUSTOM_ROLE_NAME = '自定义角色';

export function roleDisplayName(roleKey: string | null | undefined): string {
  return (roleKey && NAMED_ROLE_NAMES[roleKey]) || CUSTOM_ROLE_NAME;
}

/** A role as its holder reads it: a named role by its usual name, a custom one by its own name. */
export function roleNameOf(roleKey: string | null | undefined, roleName: string | null | undefined): string {
  return (roleKey && NAMED_ROLE_NAMES[roleKey]) || roleName || '';
}

/**
 * How the role administration screens title a role they edit (role editor, user assignment), where the
 * key is one of the role's own fields: a named role under its usual name by that name, any other by its
 * own name and key, e.g. 普通用户（ROLE_USER）. Role *options* elsewhere show roleDisplayName only.
 */
export function roleAdminLabel(role: { roleKey: string; roleName: string }): string {
  const name = role.roleName.trim() || role.roleKey;
  return NAMED_ROLE_NAMES[role.roleKey] === name ? name : `${name}（${role.roleKey}）`;
}

/** Landing page per role after login (spec 2.3; the security and audit administrators: their first page). */
export const ROLE_LANDING: Record<string, string> = {
  ROLE_SECURITY_ADMIN: '/security/manage/SecuritySetting/route',
  ROLE_AUDIT_ADMIN: '/audit/log/AuditIndex/route',
  ROLE_GOVERNMENT: '/government/govAp/GovernmentAp/route',
  ROLE_ENT: '/ent/EntAPQuery/route',
  ROLE_INSURANCE: '/insurance/InsuranceAp/InsuranceApManage/route',
  ROLE_SERVICE: '/service/serviceAp',
  ROLE_EXPERT: '/expert/expertAp',
};
export function landingPath(roleKey: string | null | undefined): string {
  return (roleKey && ROLE_LANDING[roleKey]) || '/';
}

/** User status values. 3 = enterprise information incomplete (spec 4). */
export const UserStatus = { ACTIVE: 1, DISABLED: 2, ENT_INFO_INCOMPLETE: 3 } as const;

/** One row of getAllRole / getSystemRole / search (role administration). */
export interface RoleRow {
  id: number;
  roleKey: string;
  roleName: string;
  /** The six named roles by name, any other as 自定义角色. */
  displayName: string;
  description: string;
  isSystem: boolean;
  /**
   * The administrative duty the role's grants make it (三权分立): system, security or audit; null for a
   * role with none (security.md Z04, admin-duty.ts).
   */
  duty: AdminDuty | null;
  /** Users holding the role; null for callers without role.query. */
  userCount: number | null;
  version: number;
  createdAt: string;
}

/** The actions one role holds on one resource (getResListByRoleId grants, role save body). */
export interface RoleGrant {
  resourceId: number;
  actions: string[];
}
