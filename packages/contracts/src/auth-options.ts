/** Zod-free constants of sign-in: why a password must be changed, and what the dialog says. */

/**
 * Why a user must change the password before going on: an initial password set by an administrator
 * (first login), a password an administrator reset, or one older than the password age allows.
 */
export const PASSWORD_CHANGE_REASONS = ['initial', 'reset', 'expired'] as const;
export type PasswordChangeReason = (typeof PASSWORD_CHANGE_REASONS)[number];

/** What the forced change-password dialog says for each reason (the server's 403 text too). */
export const PASSWORD_CHANGE_MESSAGES: Record<PasswordChangeReason, string> = {
  initial: '首次登录请先修改初始密码',
  reset: '管理员已重置您的密码，请先修改密码',
  expired: '密码已超过有效期，请修改密码后继续使用',
};

/**
 * Roles that sign in with password + dynamic code (security.md A06): the three administrators (system, security,
 * audit) and the regulators.
 */
export const MFA_ROLES: readonly string[] = [
  'ROLE_ADMIN',
  'ROLE_SECURITY_ADMIN',
  'ROLE_AUDIT_ADMIN',
  'ROLE_GOVERNMENT',
];

/** A 6-digit dynamic code, or a recovery code (XXXXX-XXXXX, the dash optional). */
export const MFA_CODE_PATTERN = /^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/;

/** Whether a login answer is the second-factor step (`mfaRequired`) rather than a session. */
export function isMfaPending<T extends object>(v: T): v is Extract<T, { mfaRequired: true }> {
  return 'mfaRequired' in v && (v as { mfaRequired?: unknown }).mfaRequired === true;
}

/**
 * The static login form that index.html carries for /user/login (issue 18: the form paints before the app's
 * scripts have run). The server renders it with these ids; the app's login form takes over what was typed into
 * it (and a click on its button, which checks the hidden checkbox) and removes it.
 */
export const LOGIN_SHELL = {
  root: 'aq-boot',
  username: 'aq-boot-username',
  password: 'aq-boot-password',
  submit: 'aq-boot-submit',
  /** Checked by a click on 扫码登录. */
  qr: 'aq-boot-qr',
} as const;
