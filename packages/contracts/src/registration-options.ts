/** Zod-free constants of self-registration, SMS codes and password recovery (issue 16; security.md A05). */
import { defineOptions, type OptionValue } from './options.ts';

/** What a registration applies for: an enterprise, a service organisation, an expert or a manager's account. */
export const REG_KINDS = defineOptions([
  { value: 'enterprise', label: '企业' },
  { value: 'service', label: '服务机构' },
  { value: 'expert', label: '专家' },
  { value: 'manager', label: '监管/保险机构人员' },
]);
export type RegKind = OptionValue<typeof REG_KINDS>;

export const RegStatus = { PENDING: 1, RETURNED: 2, APPROVED: 3 } as const;
export const REG_STATUS = defineOptions([
  { value: RegStatus.PENDING, label: '待审核', color: 'processing' },
  { value: RegStatus.RETURNED, label: '已退回', color: 'warning' },
  { value: RegStatus.APPROVED, label: '已认证', color: 'success' },
]);

/** SMS verification codes (security.md A05): 6 digits, 5 minutes, single use, 5 wrong tries, 1/5/10 per mobile. */
export const SMS_CODE = {
  length: 6,
  ttlMinutes: 5,
  maxWrongTries: 5,
  perMinute: 1,
  perHour: 5,
  perDay: 10,
  /** Codes one IP address may ask for in an hour, across mobiles. */
  perIpHour: 20,
  /** How long a proven mobile may be used for a registration (minutes). */
  ticketMinutes: 30,
} as const;

export const SMS_PURPOSES = defineOptions([
  { value: 'signup', label: '注册' },
  { value: 'findpwd', label: '找回密码' },
]);

/** The answers that never tell whether a mobile or account is registered. */
export const RegMessages = {
  codeSent: '验证码已发送，5分钟内有效',
  recoverySent: '如账号存在，验证码已发送至该账号绑定的手机，5分钟内有效',
  codeInvalid: '验证码错误或已失效，请重新获取',
  ticketInvalid: '手机号验证已失效，请重新获取验证码',
  submitted: '注册申请已提交，请等待运营中心审核',
  resubmitted: '修改后的注册申请已重新提交，请等待审核',
  passwordReset: '密码已重置，请使用新密码登录',
  pending: '注册申请正在审核中',
  returned: '注册申请已退回，请查看原因并修改后重新提交',
} as const;

/** Titles of experts (domain 2.4; dashboards count experts by title). */
export const EXPERT_TITLES = defineOptions([
  { value: '正高级工程师', label: '正高级工程师' },
  { value: '高级工程师', label: '高级工程师' },
  { value: '工程师', label: '工程师' },
  { value: '助理工程师', label: '助理工程师' },
  { value: '注册安全工程师', label: '注册安全工程师' },
  { value: '其他', label: '其他' },
]);
