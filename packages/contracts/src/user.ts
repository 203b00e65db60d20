import { z } from 'zod';
import { ADMIN_DUTIES } from './admin-duty.ts';
import { pageQuery } from './envelope.ts';
import { requireExportReason, sensitiveExportFields } from './fields.ts';
import { USER_STATUS, USERNAME_PATTERN, USERNAME_RULE_MESSAGE } from './user-options.ts';
import { isValidMobile, normalizeMobile, PASSWORD_MAX } from './validators.ts';

/** A date (YYYY-MM-DD, whole day in +08:00) or an ISO date-time, in the years 1900-2999. */
export const dateOrDateTime = z
  .union([z.iso.datetime({ offset: true, local: true }), z.iso.date()])
  .refine((v) => {
    const year = Number(v.slice(0, 4));
    return year >= 1900 && year <= 2999 && !Number.isNaN(Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v));
  }, '日期须在1900年至2999年之间');

export const usernameField = z
  .string()
  .trim()
  .min(3, '用户名至少3个字符')
  .max(64, '用户名不能超过64个字符')
  .regex(USERNAME_PATTERN, USERNAME_RULE_MESSAGE);

/** Mainland mobile number; +86 prefixes are removed. Empty string or null clears it. */
export const userMobileField = z
  .string()
  .trim()
  .max(20, '手机号格式不正确')
  .refine((v) => v === '' || isValidMobile(v), '请输入正确的11位手机号')
  .transform((v) => (v === '' ? null : normalizeMobile(v)));

export const userEmailField = z
  .string()
  .trim()
  .max(100, '邮箱不能超过100个字符')
  .refine((v) => v === '' || z.email().safeParse(v).success, '请输入正确的邮箱地址')
  .transform((v) => (v === '' ? null : v));

export const districtCodesField = z
  .array(z.string().regex(/^\d{6}$/, '行政区划代码为6位数字'))
  .max(50, '管辖区县不能超过50个');

const id = z.coerce.number<number>().int('id 必须是整数').positive('id 必须是正整数');

export const userListQuery = pageQuery
  .extend({
    username: z.string().trim().max(64).optional(),
    nickname: z.string().trim().max(64).optional(),
    roleKey: z.string().trim().max(64).optional(),
    roleId: id.optional(),
    orgId: id.optional(),
    status: z.coerce
      .number<number>()
      .int()
      .refine((v) => USER_STATUS.has(v), '状态只能是 1（正常）、2（停用）或 3（企业信息待完善）')
      .optional(),
    /** A full mobile number: exact match (the stored value is not searched by fragments). */
    mobile: z
      .string()
      .trim()
      .refine((v) => isValidMobile(v), '请输入完整的11位手机号')
      .transform((v) => normalizeMobile(v))
      .optional(),
    createdStart: dateOrDateTime.optional(),
    createdEnd: dateOrDateTime.optional(),
    /** 1: only accounts 长期未登录 (no sign-in for IDLE_ACCOUNT_DAYS, security.md A08); 0: only the others. */
    idle: z.enum(['1', '0'], '长期未登录只能是 1（是）或 0（否）').optional(),
  })
  .strict();
export type UserListQuery = z.infer<typeof userListQuery>;

/**
 * The user export: the list's filters and the export dialog's choice of mobiles (masked by default; full ones
 * need a reason and userSensitive.export, security.md P04).
 */
export const userExportQuery = userListQuery.extend(sensitiveExportFields).superRefine(requireExportReason);
export type UserExportQuery = z.infer<typeof userExportQuery>;

export const userRow = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  /** Masked, 138****5678. */
  mobile: z.string(),
  status: z.number().int(),
  statusLabel: z.string(),
  roleId: z.number().int(),
  roleKey: z.string(),
  /** The role's own name. */
  roleName: z.string(),
  /** How the role is shown (spec 1): the six named roles by name, any other as 自定义角色. */
  roleDisplay: z.string(),
  /** The administrative duty of the user's role (三权分立: system, security, audit), or null. */
  duty: z.enum(ADMIN_DUTIES).nullable(),
  orgId: z.number().int().nullable(),
  orgName: z.string(),
  isOrg: z.boolean(),
  locked: z.boolean(),
  lastLoginAt: z.string().nullable(),
  /** 长期未登录: no sign-in (or, never signed in, no creation) within IDLE_ACCOUNT_DAYS. */
  idle: z.boolean(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type UserRow = z.infer<typeof userRow>;

export const userDetail = userRow.extend({
  email: z.string(),
  orgType: z.string().nullable(),
  districtCodes: z.array(z.string()),
  mustChangePassword: z.boolean(),
  lockedUntil: z.string().nullable(),
  lastLoginIp: z.string(),
  activeSessions: z.number().int(),
  updatedAt: z.string(),
  /** True when mobile and email are shown in full (reveal requested and allowed). */
  revealed: z.boolean(),
});
export type UserDetail = z.infer<typeof userDetail>;

export const userIdQuery = z.object({ id }).strict();

export const userGetQuery = z
  .object({
    id,
    /** Asks for the unmasked mobile and email; needs userSensitive.get and is audited. */
    reveal: z
      .enum(['true', 'false', '1', '0'])
      .transform((v) => v === 'true' || v === '1')
      .optional(),
  })
  .strict();

const editable = {
  nickname: z.string().trim().max(64, '昵称不能超过64个字符'),
  avatar: z.string().trim().max(300, '头像地址不能超过300个字符'),
  mobile: userMobileField.nullable(),
  email: userEmailField.nullable(),
  roleId: z.number().int().positive('请选择角色'),
  orgId: z.number().int().positive().nullable(),
  districtCodes: districtCodesField,
};

export const addUserBody = z
  .object({
    username: usernameField,
    password: z.string().min(1, '请输入初始密码').max(PASSWORD_MAX, `密码长度不能超过${PASSWORD_MAX}位`),
    /** Admin-set passwords are temporary by default: the user changes it at first login. */
    mustChangePassword: z.boolean().default(true),
    nickname: editable.nickname.default(''),
    avatar: editable.avatar.default(''),
    mobile: editable.mobile.default(null),
    email: editable.email.default(null),
    roleId: editable.roleId,
    orgId: editable.orgId.default(null),
    districtCodes: editable.districtCodes.default([]),
  })
  .strict();
export type AddUserBody = z.infer<typeof addUserBody>;

/**
 * Editable fields only; omitted ones stay as they are. Username, status, password and login data have
 * their own calls, so sending them here is refused (mass assignment, security.md Z03).
 */
export const saveUserBody = z
  .object({
    id: z.number().int().positive(),
    version: z.number().int().positive('请提供版本号 version'),
    nickname: editable.nickname.optional(),
    avatar: editable.avatar.optional(),
    mobile: editable.mobile.optional(),
    email: editable.email.optional(),
    roleId: editable.roleId.optional(),
    orgId: editable.orgId.optional(),
    districtCodes: editable.districtCodes.optional(),
  })
  .strict();
export type SaveUserBody = z.infer<typeof saveUserBody>;

export const resetPasswordQuery = z
  .object({
    id,
    /** Accepted for spec compatibility; prefer the JSON body, which stays out of URLs and access logs. */
    newPwd: z.string().max(PASSWORD_MAX).optional(),
  })
  .strict();
/** Optional: with no body (null or absent) the query's newPwd is used. */
export const resetPasswordBody = z
  .object({ newPwd: z.string().min(1, '请输入新密码').max(PASSWORD_MAX) })
  .strict()
  .nullish();

export const userStatusQuery = z
  .object({
    id,
    status: z.coerce
      .number<number>()
      .int()
      .refine((v) => v === 1 || v === 2, '状态只能是 1（启用）或 2（停用）'),
  })
  .strict();

export const sessionRow = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  current: z.boolean(),
});
export type SessionRow = z.infer<typeof sessionRow>;

/**
 * The security administrator grants, revokes or moves a security or audit administrator role (三权分立,
 * security.md Z04): the account, its version and the role it gets.
 */
export const dutyRoleBody = z
  .object({
    id: z.number().int().positive('请指定用户'),
    version: z.number().int().positive('缺少版本号 version'),
    roleId: z.number().int().positive('请选择角色'),
  })
  .strict();
export type DutyRoleBody = z.infer<typeof dutyRoleBody>;

export const roleUserBody = z
  .object({
    roleId: z.number().int().positive('请选择角色'),
    userIds: z
      .array(z.number().int().positive())
      .min(1, '请至少选择一个用户')
      .max(500, '一次最多分配500个用户'),
  })
  .strict();
