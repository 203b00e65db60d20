import { z } from 'zod';
import { PASSWORD_CHANGE_MESSAGES } from './auth-options.ts';

/**
 * Every API response has this one shape. `error` and `apiError` carry the same code:
 * 0 on success, otherwise the HTTP status of the failure. `code` is a stable machine-readable
 * reason (e.g. ACCOUNT_LOCKED), `result` the Chinese message a person reads.
 */
export const envelopeBase = z.object({
  error: z.number().int(),
  apiError: z.number().int(),
  result: z.string(),
  code: z.string().optional(),
  requestId: z.string().optional(),
});

export function envelope<T extends z.ZodType>(data: T) {
  return envelopeBase.extend({ data });
}

export const emptyEnvelope = envelopeBase.extend({ data: z.unknown().optional() });

export type Envelope<T = unknown> = z.infer<typeof envelopeBase> & { data?: T };

export const pageQuery = z.object({
  pageNo: z.coerce.number<number>().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number<number>().int().min(1).max(500).default(10),
  sortField: z
    .string()
    .max(64)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '排序字段只能包含字母、数字和下划线')
    .optional(),
  sortOrder: z.enum(['ascend', 'descend', 'asc', 'desc']).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    /**
     * The large lists (policies, claims, enterprises) count at most LIST_COUNT_CAP rows: true when more
     * match, `total` is then the cap (the web shows "10,000+ 条"); pages up to the cap can be opened.
     */
    totalCapped: z.boolean().optional(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Paged<T> {
  list: T[];
  total: number;
  /** More rows match than were counted: `total` is the count cap (see paged()). */
  totalCapped?: boolean;
  pageNum: number;
  pageSize: number;
}

/** Stable reason codes that accompany an error status. */
export const ErrorReason = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  FORBIDDEN: 'FORBIDDEN',
  ACCOUNT_LOCKED: 'ACCOUNT_LOCKED',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  ORG_SUSPENDED: 'ORG_SUSPENDED',
  PASSWORD_EXPIRED: 'PASSWORD_EXPIRED',
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  /** A claim report matching an open claim of the policy and accident time (data.duplicateOf). */
  DUPLICATE_CLAIM: 'DUPLICATE_CLAIM',
  STALE_VERSION: 'STALE_VERSION',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  CAPTCHA_INVALID: 'CAPTCHA_INVALID',
  /** A wrong, reused or expired dynamic code (second factor). */
  MFA_CODE_INVALID: 'MFA_CODE_INVALID',
  /** The pending-login (or enrolment) ticket is unknown, used up or expired: sign in with the password again. */
  MFA_TICKET_INVALID: 'MFA_TICKET_INVALID',
  /** The SMS provider refused or could not be reached (503; nothing was changed). */
  SMS_UNAVAILABLE: 'SMS_UNAVAILABLE',
  /** A pending or returned applicant signed in: data.applicationToken opens the status page. */
  REGISTRATION_PENDING: 'REGISTRATION_PENDING',
  /** An upload would pass the user's daily or the organisation's total upload quota (413; nothing kept). */
  UPLOAD_QUOTA_EXCEEDED: 'UPLOAD_QUOTA_EXCEEDED',
  /** The server's disk is below its free-space floor (507; nothing kept). */
  INSUFFICIENT_STORAGE: 'INSUFFICIENT_STORAGE',
  /** The file storage (shared directory or object store) failed or refused the server (503; nothing kept). */
  STORAGE_UNAVAILABLE: 'STORAGE_UNAVAILABLE',
  /** The request's headers or body did not arrive within REQUEST_TIMEOUT_MS (408; the connection is closed). */
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  /** The antivirus found a signature in an uploaded file (422; nothing kept). */
  FILE_INFECTED: 'FILE_INFECTED',
  /** The antivirus (clamd) could not be reached or gave no verdict (503; nothing kept). */
  ANTIVIRUS_UNAVAILABLE: 'ANTIVIRUS_UNAVAILABLE',
  /** A plain-HTTP API call to a server that serves HTTPS (403). */
  HTTPS_REQUIRED: 'HTTPS_REQUIRED',
  DB_UNAVAILABLE: 'DB_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorReason = (typeof ErrorReason)[keyof typeof ErrorReason];

/** Messages the platform uses for generic failures; feature messages live with their features. */
export const Messages = {
  ok: '操作成功',
  badJson: '请求体不是合法的JSON',
  emptyJson: '请求体不能为空',
  unsupportedMediaType: '不支持的请求内容类型',
  bodyTooLarge: '请求体过大',
  unauthorized: '请先登录',
  tokenExpired: '登录状态已过期，请重新登录',
  forbidden: '没有权限，请联系管理员授权',
  notFound: '记录不存在',
  routeNotFound: '接口不存在',
  staleVersion: '数据已被他人修改，请刷新后重试',
  rateLimited: '请求过于频繁，请稍后再试',
  dbUnavailable: '服务暂时不可用，请稍后重试',
  internal: '系统内部错误，请联系管理员',
  badCredentials: '用户不存在/密码错误',
  accountDisabled: '用户已封禁，请联系管理员',
  orgSuspended: '所属机构已停用，暂不能登录，请联系管理员',
  passwordExpired: PASSWORD_CHANGE_MESSAGES.expired,
  passwordChangeRequired: PASSWORD_CHANGE_MESSAGES.initial,
  passwordResetByAdmin: PASSWORD_CHANGE_MESSAGES.reset,
  captchaRequired: '请先完成滑块验证',
  captchaInvalid: '验证码已失效',
  mfaCodeInvalid: '动态验证码错误或已使用，请输入验证器中的新验证码',
  mfaTicketInvalid: '登录验证已失效，请重新输入密码登录',
} as const;
