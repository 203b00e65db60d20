import { defineOptions, type OptionValue } from './options.ts';
import type { PermissionId } from './permissions.ts';

/**
 * Zod-free constants of the data exchange with external systems (apps/server/src/modules/data-exchange):
 * insurers' core systems report issued policies (POST /api/company/insurancePost), and the platform pushes
 * policy and claim changes to subscribed subsystems. The web app imports these through
 * '@aqzrx/contracts/constants'; data-exchange.ts builds the zod schemas from them.
 */

/** Policies per insurancePost call (domain 1.9: real time, or a daily batch in calls of this size). */
export const INSURANCE_POST_MAX = 100;

/** 保单号 (domain 2.6): letters, digits, '-' and '_', 1-40 characters. */
export const POLICY_NO_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
export const POLICY_NO_MESSAGE = '保单号须为1-40位字母、数字、下划线或短横线';

/** What insurancePost did with one reported policy. */
export const INSURANCE_POST_RESULTS = defineOptions([
  { value: 'created', label: '已新增', color: 'success' },
  { value: 'unchanged', label: '无变化（重复上报）', color: 'default' },
  { value: 'rejected', label: '已拒绝', color: 'error' },
]);
export type InsurancePostResult = OptionValue<typeof INSURANCE_POST_RESULTS>;

/** Kinds of records the platform pushes to a subsystem. */
export const PUSH_DATA_KINDS = defineOptions([
  { value: 'policy', label: '保单' },
  { value: 'claim', label: '理赔' },
  { value: 'apProject', label: '事故预防项目' },
  { value: 'apRecord', label: '事故预防服务记录' },
]);
/** The permission a push kind needs on the service account's role (`<permission>.query`). */
export const PUSH_KIND_PERMISSION: Record<PushDataKind, PermissionId> = {
  policy: 'policy',
  claim: 'claim',
  apProject: 'ap',
  apRecord: 'ap',
};
export type PushDataKind = OptionValue<typeof PUSH_DATA_KINDS>;

/** Push URL: an absolute http(s) address without embedded credentials. */
export const PUSH_URL_PATTERN = /^https?:\/\/[^\s<>"'@/?#]+(?:[/?][^\s<>"'#]*)?$/i;
export const PUSH_URL_MESSAGE = '推送地址须为 http:// 或 https:// 开头的完整网址（不含用户名密码和 # 片段）';
export const PUSH_URL_MAX = 500;

/** Records per pushed request. */
export const PUSH_BATCH_MAX = 100;
/** A push request gives up after this long. */
export const PUSH_TIMEOUT_MS = 10_000;
/** Attempts per batch in one run (the first try and its retries with exponential backoff). */
export const PUSH_MAX_ATTEMPTS = 6;

/** Outcome of a subsystem's last push run. */
export const PUSH_RUN_STATUS = defineOptions([
  { value: 'success', label: '推送成功', color: 'success' },
  { value: 'idle', label: '无新数据', color: 'default' },
  { value: 'fail', label: '推送失败', color: 'error' },
  { value: 'skipped', label: '未推送', color: 'warning' },
]);
export type PushRunStatus = OptionValue<typeof PUSH_RUN_STATUS>;

/** Headers of a pushed request (the signed-call headers of the inbound protocol, plus two of the push). */
export const PushHeader = {
  APP_KEY: 'X-APP-KEY',
  TIMESTAMP: 'X-TIMESTAMP',
  NONCE: 'X-NONCE',
  SIGNATURE: 'X-SIGNATURE',
  /** policy | claim | apProject | apRecord */
  KIND: 'X-PUSH-KIND',
  /** The batch id, also in the body; the same on every retry of one batch. */
  BATCH: 'X-PUSH-BATCH',
} as const;
