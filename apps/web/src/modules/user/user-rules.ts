import type { RoleRow, UserRow } from '@aqzrx/contracts';
import {
  isValidMobile,
  NAMED_ROLE_NAMES,
  passwordProblem,
  RoleKey,
  USERNAME_PATTERN,
  USERNAME_RULE_MESSAGE,
} from '../../platform/contracts.ts';

/** Form checks of the user add/edit screens, with the server's messages (packages/contracts/users.ts). */

export function usernameProblem(v: string | undefined): string | null {
  const s = (v ?? '').trim();
  if (!s) return '请输入用户名';
  if (s.length < 3) return '用户名至少3个字符';
  if (s.length > 64) return '用户名不能超过64个字符';
  if (!USERNAME_PATTERN.test(s)) return USERNAME_RULE_MESSAGE;
  return null;
}

export function mobileProblem(v: string | undefined): string | null {
  const s = (v ?? '').trim();
  if (!s) return null;
  return isValidMobile(s) ? null : '请输入正确的11位手机号';
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function emailProblem(v: string | undefined): string | null {
  const s = (v ?? '').trim();
  if (!s) return null;
  if (s.length > 100) return '邮箱不能超过100个字符';
  return EMAIL_RE.test(s) ? null : '请输入正确的邮箱地址';
}

export function initialPasswordProblem(
  pwd: string | undefined,
  ctx: { username?: string; mobile?: string },
): string | null {
  if (!pwd) return '请输入初始密码';
  return passwordProblem(pwd, {
    ...(ctx.username ? { username: ctx.username.trim() } : {}),
    ...(ctx.mobile && isValidMobile(ctx.mobile) ? { mobile: ctx.mobile.trim() } : {}),
  });
}

/** Antd validator from a problem function. */
export function ruleOf(problem: (v: string | undefined) => string | null) {
  return {
    validator: (_: unknown, v: string | undefined) => {
      const p = problem(v);
      return p ? Promise.reject(new Error(p)) : Promise.resolve();
    },
  };
}

/** A role of the security or audit administrator's duty (三权分立, security.md Z04). */
export const isReservedRole = (role: Pick<RoleRow, 'duty'>) =>
  role.duty === 'security' || role.duty === 'audit';

/** An account the security administrator manages: its role is the security or the audit administrator's. */
export const managedBySecurityAdmin = (user: Pick<UserRow, 'duty'>) =>
  user.duty === 'security' || user.duty === 'audit';

/**
 * The roles a caller may give in the user form. A government administrator manages the accounts of
 * its own department only (the server refuses other roles), so it is offered its own role. The security
 * and audit roles are granted by the security administrator only (账号安全), never here.
 */
export function assignableRoles(
  roles: readonly RoleRow[],
  callerRoleKey: string | null | undefined,
): RoleRow[] {
  if (callerRoleKey === RoleKey.GOVERNMENT) return roles.filter((r) => r.roleKey === RoleKey.GOVERNMENT);
  return roles.filter((r) => !isReservedRole(r));
}

/** Jurisdiction districts matter for regulators and custom roles (not for enterprises, insurers, ...). */
export function needsDistricts(roleKey: string | undefined): boolean {
  if (!roleKey) return false;
  return roleKey === RoleKey.GOVERNMENT || !(roleKey in NAMED_ROLE_NAMES);
}
