import type { Action, PermissionGrant, PermissionId } from './permissions.ts';

/**
 * Separation of administrative duties (三权分立, security.md Z04; GB/T 22239 8.1.4.2 d, 8.1.5.1–8.1.5.3).
 *
 * - system (系统管理员): accounts, roles and menus, content and business configuration;
 * - security (安全管理员): the session and password policy, lockouts, second factors, sessions, safety
 *   mechanisms, and who holds the security and audit roles;
 * - audit (审计管理员): reads and exports the platform's operation, request and push logs and verifies the
 *   operation log's chain; nothing else.
 *
 * A role's duty follows from its grants: the grants below make a role that duty's. A role holds the grants of
 * one duty at most; the security and audit grants belong to their seeded roles and are never handed out
 * through role administration.
 */
export const ADMIN_DUTIES = ['system', 'security', 'audit'] as const;
export type AdminDuty = (typeof ADMIN_DUTIES)[number];

export const ADMIN_DUTY_NAMES: Record<AdminDuty, string> = {
  system: '系统管理员',
  security: '安全管理员',
  audit: '审计管理员',
};

/** The seeded role of each duty. */
export const ADMIN_DUTY_ROLE_KEYS: Record<AdminDuty, string> = {
  system: 'ROLE_ADMIN',
  security: 'ROLE_SECURITY_ADMIN',
  audit: 'ROLE_AUDIT_ADMIN',
};

const EVERY: readonly Action[] = [
  'add',
  'delete',
  'edit',
  'query',
  'get',
  'enable',
  'disable',
  'import',
  'export',
];

/**
 * The grants (permission → actions) that make a role a duty's. Reading the user list is not a duty of its own
 * (the security admin reads it to unlock accounts); changing accounts, roles or menus is the system admin's.
 */
export const ADMIN_DUTY_GRANTS: Record<AdminDuty, Partial<Record<PermissionId, readonly Action[]>>> = {
  system: {
    user: ['add', 'edit', 'delete', 'enable', 'disable', 'import'],
    role: ['add', 'edit', 'delete'],
    resource: ['add', 'edit', 'delete'],
  },
  security: { security: EVERY, userSecurity: EVERY, safetymechanism: EVERY },
  audit: { audit: EVERY },
};

/** Permissions held only by the security and audit roles: role and menu administration never grant them. */
export const RESERVED_DUTY_PERMISSIONS: readonly string[] = [
  ...Object.keys(ADMIN_DUTY_GRANTS.security),
  ...Object.keys(ADMIN_DUTY_GRANTS.audit),
];

/** The duties a set of grants makes its role, in the order system, security, audit. */
export function dutiesOf(grants: readonly PermissionGrant[]): AdminDuty[] {
  return ADMIN_DUTIES.filter((duty) =>
    Object.entries(ADMIN_DUTY_GRANTS[duty]).some(([permissionId, actions]) =>
      grants.some(
        (g) => g.permissionId === permissionId && g.actionList.some((a) => actions?.includes(a as Action)),
      ),
    ),
  );
}

/** Whether a role of these duties is the security admin's to assign and manage (a security or audit role). */
export function isReservedDuty(duties: readonly AdminDuty[]): boolean {
  return duties.includes('security') || duties.includes('audit');
}

/** "系统管理员、安全管理员" for a list of duties. */
export function dutyNames(duties: readonly AdminDuty[]): string {
  return duties.map((d) => ADMIN_DUTY_NAMES[d]).join('、');
}

/** Why the system administrator's user and role screens do not assign the security and audit roles. */
export const RESERVED_ROLE_ASSIGN_MESSAGE =
  '安全管理员、审计管理员角色只能由安全管理员在“账号安全”中授予或撤销（三权分立）';

/** Why the system administrator's user screens do not change a security or audit administrator's account. */
export const RESERVED_ACCOUNT_MESSAGE =
  '该账号是安全管理员或审计管理员，由安全管理员管理，系统管理员不能修改、停用、删除或重置其密码（三权分立）';
