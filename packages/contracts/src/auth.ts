import { z } from 'zod';
import { MFA_CODE_PATTERN, PASSWORD_CHANGE_REASONS } from './auth-options.ts';

/** Why the password must be changed now (see PASSWORD_CHANGE_MESSAGES); null when it need not be. */
export const passwordChangeReason = z.enum(PASSWORD_CHANGE_REASONS).nullable();

export const loginBody = z
  .object({
    username: z.string().trim().min(1, '请输入用户名').max(64, '用户名过长'),
    password: z.string().min(1, '请输入密码').max(128, '密码过长'),
    captchaToken: z.string().max(128).optional(),
    /**
     * A dynamic code (or recovery code) sent with the password in one call: only needed while the account as a
     * whole is locked (too many wrong passwords from everywhere); then password + code still let the owner in.
     */
    otp: z.string().trim().max(32).optional(),
  })
  .strict();
export type LoginBody = z.infer<typeof loginBody>;

export const loginData = z.object({
  token: z.string(),
  userId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  roleKey: z.string(),
  status: z.number().int(),
  isOrg: z.boolean(),
  mustChangePassword: z.boolean(),
  passwordChangeReason: passwordChangeReason.optional(),
});
export type LoginData = z.infer<typeof loginData>;

/** A correct password of a role with a second factor: no token yet, a ticket for the code step. */
export const mfaPendingData = z.object({
  mfaRequired: z.literal(true),
  /** Single use, short-lived; send it with the code (or, not enrolled yet, to fetch the enrolment QR). */
  ticket: z.string(),
  /** false: the user has no authenticator yet and must enrol first (scan, then type a code). */
  enrolled: z.boolean(),
  expiresIn: z.number().int(),
});
export type MfaPendingData = z.infer<typeof mfaPendingData>;

/** What /api/login answers: the session, or the second-factor step. */
export const loginResult = z.union([loginData, mfaPendingData]);
export type LoginResult = z.infer<typeof loginResult>;

const mfaTicket = z.string().trim().min(1, '验证凭证无效，请重新登录').max(128, '验证凭证无效，请重新登录');
/** A 6-digit dynamic code, or one of the recovery codes (XXXXX-XXXXX). */
export const mfaCode = z
  .string()
  .trim()
  .min(1, '请输入动态验证码')
  .max(32, '请输入6位动态验证码或恢复码')
  .regex(MFA_CODE_PATTERN, '请输入6位动态验证码或恢复码');

export const mfaTicketBody = z.object({ ticket: mfaTicket }).strict();
export const mfaCodeBody = z.object({ ticket: mfaTicket, code: mfaCode }).strict();

/** A new authenticator secret to scan: the QR (PNG data URL), the otpauth:// address and the secret to type. */
export const mfaEnrolData = z.object({
  ticket: z.string(),
  secret: z.string(),
  otpauthUri: z.string(),
  qrDataUrl: z.string(),
  issuer: z.string(),
  account: z.string(),
});
export type MfaEnrolData = z.infer<typeof mfaEnrolData>;

/** The session after the code step; a first enrolment also carries the ten recovery codes, shown once. */
export const mfaLoginData = loginData.extend({ recoveryCodes: z.array(z.string()).optional() });
export type MfaLoginData = z.infer<typeof mfaLoginData>;

export const mfaStatusData = z.object({
  /** The account's role signs in with a second factor (and MFA is on for this server). */
  required: z.boolean(),
  enrolled: z.boolean(),
  enrolledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type MfaStatusData = z.infer<typeof mfaStatusData>;

export const mfaReenrolBody = z
  .object({ password: z.string().min(1, '请输入当前密码').max(128, '密码过长') })
  .strict();
export const mfaRecoveryCodesData = z.object({ recoveryCodes: z.array(z.string()) });
export type MfaRecoveryCodesData = z.infer<typeof mfaRecoveryCodesData>;

export const permissionGrant = z.object({ permissionId: z.string(), actionList: z.array(z.string()) });

export const userInfo = z.object({
  uid: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  status: z.number().int(),
  isOrg: z.boolean(),
  orgId: z.number().int().nullable(),
  orgName: z.string().nullable(),
  /** The districts the account is limited to (government users); [] = no limit. */
  districtCodes: z.array(z.string()),
  mustChangePassword: z.boolean(),
  passwordChangeReason: passwordChangeReason.optional(),
  userRole: z.object({
    roleKey: z.string(),
    roleName: z.string(),
    permissions: z.array(permissionGrant),
  }),
});
export type UserInfo = z.infer<typeof userInfo>;

export interface ResourceNode {
  id: number;
  resUrl: string;
  authKey: string;
  name: string;
  resName: string;
  icon: string;
  permission: string;
  level: number;
  action: string;
  isMenu: boolean;
  hide: boolean;
  redirect: string;
  component: string;
  children: ResourceNode[];
}
export const resourceNode: z.ZodType<ResourceNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    resUrl: z.string(),
    authKey: z.string(),
    name: z.string(),
    resName: z.string(),
    icon: z.string(),
    permission: z.string(),
    level: z.number().int(),
    action: z.string(),
    isMenu: z.boolean(),
    hide: z.boolean(),
    redirect: z.string(),
    component: z.string(),
    children: z.array(resourceNode),
  }),
);

export const pwdUpdateQuery = z
  .object({
    oldPwd: z.string().min(1, '请输入原密码!').max(128),
    newPwd: z.string().min(1, '请输入新密码').max(128),
  })
  .strict();

export const captchaChallenge = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  pieceSize: z.number().int(),
  radius: z.number().int(),
  /** Vertical position of the piece (the horizontal one is the secret). */
  y: z.number().int(),
  background: z.string(),
  piece: z.string(),
  expiresInMs: z.number().int(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallenge>;

export const captchaVerifyBody = z
  .object({
    id: z.string().min(1).max(64),
    x: z.number().min(0).max(1000),
    /** Drag trail: [dx, ms] samples (required: a missing trail is a script, not a person). */
    trail: z
      .array(z.tuple([z.number(), z.number()]))
      .min(3, '请拖动滑块完成验证')
      .max(2000),
  })
  .strict();

export const publicSettings = z.object({
  platformName: z.string(),
  captchaEnabled: z.boolean(),
  footer: z.object({
    siteCode: z.string(),
    icp: z.string(),
    police: z.string(),
    phone: z.string(),
    email: z.string(),
    supportPhone: z.string(),
    supportEmail: z.string(),
    copyrightHolder: z.string(),
  }),
  cityCode: z.string(),
  cityName: z.string(),
  footerLinks: z.array(z.object({ aid: z.number().int(), title: z.string() })),
  /** Hosts external links may point at (LINK_HOSTS; an entry allows its subdomains). */
  linkHosts: z.array(z.string()),
});
export type PublicSettings = z.infer<typeof publicSettings>;

export const portalStats = z.object({
  items: z.array(z.object({ name: z.string(), label: z.string(), value: z.number(), unit: z.string() })),
});
/** One figure of /api/public/portalStats. */
export type PortalStat = z.infer<typeof portalStats>['items'][number];

/** POST /api/sys/user/isKnownResourcePath.json: is `path` a page of some role's resource tree? */
export const knownPathQuery = z
  .object({ path: z.string().trim().min(1, '请提供页面路径').max(300, '页面路径最长300个字符') })
  .strict();
export const knownPathResult = z.object({ known: z.boolean() });
export type KnownPathResult = z.infer<typeof knownPathResult>;
