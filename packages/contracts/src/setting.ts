import { z } from 'zod';
import { INSURANCE_LIMITS, SECURITY_LIMITS, SECURITY_SETTING_MESSAGES } from './setting-options.ts';

/**
 * The platform settings an administrator edits (`/api/setting/save`), with their ranges. The server's
 * SettingsService holds the defaults; this is the one validation of what may be stored.
 */
const text = (label: string, max = 100) => z.string().trim().max(max, `${label}不能超过${max}个字符`);

export const footerSettings = z
  .object({
    siteCode: text('网站标识码', 60),
    icp: text('ICP备案号', 60),
    police: text('公安备案号', 60),
    phone: text('联系电话', 40),
    email: z
      .string()
      .trim()
      .max(100, '联系邮箱不能超过100个字符')
      .refine((v) => v === '' || z.email().safeParse(v).success, '请输入正确的联系邮箱'),
    supportPhone: text('技术支持电话', 40),
    supportEmail: z
      .string()
      .trim()
      .max(100, '技术支持邮箱不能超过100个字符')
      .refine((v) => v === '' || z.email().safeParse(v).success, '请输入正确的技术支持邮箱'),
    copyrightHolder: text('版权所有单位', 60),
  })
  .strict();

export const footerLink = z
  .object({
    aid: z.number().int().positive('单页编号 aid 必须是正整数'),
    title: z.string().trim().min(1, '请输入链接标题').max(30, '链接标题不能超过30个字符'),
  })
  .strict();

const L = INSURANCE_LIMITS;
export const insuranceSettings = z
  .object({
    minPerPersonLimit: z
      .number()
      .int('每人责任限额须为整数（元）')
      .min(L.minPerPersonLimit.min, '每人责任限额不能低于国家标准40万元')
      .max(L.minPerPersonLimit.max, '每人责任限额不能超过1亿元'),
    preventionFeeCapPct: z
      .number()
      .min(L.preventionFeeCapPct.min, '事故预防费用比例不能为负数')
      .max(L.preventionFeeCapPct.max, '事故预防费用比例不能超过保费的21%')
      .refine((v) => Math.round(v * 100) === v * 100, '事故预防费用比例最多两位小数'),
    reportDeadlineHours: z
      .number()
      .int('报案时限须为整数（小时）')
      .min(L.reportDeadlineHours.min, '报案时限为1-720小时')
      .max(L.reportDeadlineHours.max, '报案时限为1-720小时'),
    claimUnpaidFlagDays: z
      .number()
      .int('未赔付提醒天数须为整数')
      .min(L.claimUnpaidFlagDays.min, '未赔付提醒天数为1-365天')
      .max(L.claimUnpaidFlagDays.max, '未赔付提醒天数为1-365天'),
  })
  .strict();

/** Complaint timers (AQ 9010): working days to reply (10), with verification (30), the extension cap in days (30), the warning (2). */
const days = (label: string, min: number, max: number) =>
  z
    .number()
    .int(`${label}须为整数`)
    .min(min, `${label}为${min}-${max}天`)
    .max(max, `${label}为${min}-${max}天`);
export const complaintSettings = z
  .object({
    replyDays: days('投诉答复期限（工作日）', 1, 60),
    verifyDays: days('需核实的答复期限（工作日）', 1, 90),
    maxExtensionDays: days('延期上限', 1, 60),
    warnDays: days('临期提醒（工作日）', 0, 10),
  })
  .strict();

const S = SECURITY_LIMITS;
const SM = SECURITY_SETTING_MESSAGES;
/** Session and password policy, read by the server on every request (the environment gives the defaults). */
export const securitySettings = z
  .object({
    idleTimeoutMinutes: z
      .number()
      .int(SM.idleTimeoutMinutes.integer)
      .min(S.idleTimeoutMinutes.min, SM.idleTimeoutMinutes.range)
      .max(S.idleTimeoutMinutes.max, SM.idleTimeoutMinutes.range),
    passwordMaxAgeDays: z
      .number()
      .int(SM.passwordMaxAgeDays.integer)
      .min(S.passwordMaxAgeDays.min, SM.passwordMaxAgeDays.range)
      .max(S.passwordMaxAgeDays.max, SM.passwordMaxAgeDays.range),
  })
  .strict();
export type SecuritySettings = z.infer<typeof securitySettings>;

export const settingValues = z.object({
  platformName: z.string().trim().min(2, '平台名称为2-60个字符').max(60, '平台名称为2-60个字符'),
  footer: footerSettings,
  footerLinks: z.array(footerLink).max(20, '页脚链接最多20个'),
  insurance: insuranceSettings,
  complaint: complaintSettings,
  security: securitySettings,
});
export type SettingValuesInput = z.infer<typeof settingValues>;

/**
 * A partial update: any subset of the keys; footer, insurance and security may themselves be partial
 * and are merged into the stored value. footerLinks replaces the whole list.
 */
export const settingsSaveBody = z
  .object({
    platformName: settingValues.shape.platformName.optional(),
    footer: footerSettings.partial().optional(),
    footerLinks: settingValues.shape.footerLinks.optional(),
    insurance: insuranceSettings.partial().optional(),
    complaint: complaintSettings.partial().optional(),
    security: securitySettings.partial().optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), '请至少提交一项设置');
export type SettingsSaveBody = z.infer<typeof settingsSaveBody>;

/** The security administrator's save of the session and password policy (any subset of its keys). */
export const securitySettingsSaveBody = securitySettings
  .partial()
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), '请至少提交一项安全设置');
export type SecuritySettingsSaveBody = z.infer<typeof securitySettingsSaveBody>;

/** Server settings fixed by the deployment (environment), shown read-only on the settings screens. */
export interface DeploymentSettings {
  /** Slide-puzzle captcha on login and registration (CAPTCHA). */
  captchaEnabled: boolean;
  /** Hours after which a session ends regardless of activity (TOKEN_TTL_HOURS). */
  tokenTtlHours: number;
  /** Failed logins from one client before it is locked out (LOCK_THRESHOLD) and for how long (LOCK_MINUTES). */
  lockThreshold: number;
  lockMinutes: number;
  /** Failed logins from all clients together before the account as a whole is locked (ACCOUNT_LOCK_THRESHOLD). */
  accountLockThreshold: number;
  /** Second factor for the three administrators and the regulators (MFA). */
  mfaEnabled: boolean;
  /**
   * The security settings used until the administrator saves them (IDLE_TIMEOUT_MINUTES,
   * PASSWORD_MAX_AGE_DAYS); the values in force are `security`.
   */
  securityDefaults: SecuritySettings;
}

/** What /api/setting/get answers: every editable setting plus the read-only deployment values. */
export type SettingsView = SettingValuesInput & { deployment: DeploymentSettings };

/** What /api/setting/security/get answers (安全设置 of the security administrator). */
export interface SecuritySettingsView {
  security: SecuritySettings;
  deployment: DeploymentSettings;
}
