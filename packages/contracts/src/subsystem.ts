import { z } from 'zod';
import {
  SUBSYSTEM_CODE_MESSAGE,
  SUBSYSTEM_CODE_PATTERN,
  SUBSYSTEM_URL_MESSAGE,
  SUBSYSTEM_URL_PATTERN,
} from './subsystem-options.ts';

/**
 * Subsystems (子系统): external systems linked from the platform (single sign-on targets). Their help
 * text is shown at /oauth-center-help/:code before login, so getSubsystemInfo is public.
 */

export const subsystemCode = z
  .string()
  .trim()
  .min(2, '子系统编码至少2个字符')
  .max(40, '子系统编码最多40个字符')
  .regex(SUBSYSTEM_CODE_PATTERN, SUBSYSTEM_CODE_MESSAGE);

const subsystemUrl = z
  .string()
  .trim()
  .max(500, '访问地址最多500个字符')
  .refine((v) => v === '' || SUBSYSTEM_URL_PATTERN.test(v), { message: SUBSYSTEM_URL_MESSAGE });

const subsystemFields = z.object({
  name: z.string().trim().min(1, '请输入子系统名称').max(100, '子系统名称最多100个字符'),
  code: subsystemCode,
  url: subsystemUrl.default(''),
  status: z.number().int().min(0).max(1).default(1),
  /** Plain text or HTML; HTML is reduced to an allow-listed subset on the server. */
  helpContent: z.string().max(20000, '帮助内容最多20000个字符').default(''),
  sort: z
    .number()
    .int('排序号须为0至999,999之间的整数')
    .min(0, '排序号须为0至999,999之间的整数')
    .max(999999, '排序号须为0至999,999之间的整数')
    .default(0),
  /**
   * The platform user signed calls of this subsystem act as: its role decides what the calls may do and
   * which data they see. null = none bound (signed calls are refused); left out on update = unchanged.
   */
  serviceUserId: z.number().int().positive('请选择服务账号').nullable().optional(),
});

export const subsystemAddBody = subsystemFields.strict();
export type SubsystemAddBody = z.infer<typeof subsystemAddBody>;
export const subsystemUpdateBody = subsystemFields
  .extend({ id: z.number().int().positive(), version: z.number().int().positive() })
  .strict();
export type SubsystemUpdateBody = z.infer<typeof subsystemUpdateBody>;

/** What the public help page sees (spec 7: data.subsystem). */
export const subsystemInfo = z.object({
  name: z.string(),
  code: z.string(),
  url: z.string(),
  status: z.number().int(),
  helpContent: z.string(),
});
export type SubsystemInfo = z.infer<typeof subsystemInfo>;

export const subsystemRow = subsystemInfo.extend({
  id: z.number().int(),
  sort: z.number().int(),
  mechanismCount: z.number().int(),
  serviceUserId: z.number().int().nullable(),
  /** The bound user's username, nickname and role as shown ('' when none is bound). */
  serviceUsername: z.string(),
  serviceUserNickname: z.string(),
  serviceUserRole: z.string(),
  /** false when the bound user is disabled or deleted (signed calls are then refused). */
  serviceUserActive: z.boolean(),
  /** X-APP-KEY of the current credentials; null when none were issued or they were revoked. */
  appKey: z.string().nullable(),
  credentialIssuedAt: z.string().nullable(),
  /** Last accepted signed call (written at most once a minute). */
  lastUsedAt: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SubsystemRow = z.infer<typeof subsystemRow>;

export const subsystemListQuery = z
  .object({
    pageNo: z.coerce.number<number>().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number<number>().int().min(1).max(500).default(10),
    name: z.string().trim().max(100).optional(),
    code: z.string().trim().max(40).optional(),
    status: z.coerce.number<number>().int().min(0).max(1).optional(),
  })
  .strict();

export const subsystemCodeQuery = z.object({ code: subsystemCode }).strict();
export const subsystemIdQuery = z
  .object({ id: z.coerce.number<number>().int().positive('id 必须是正整数') })
  .strict();

/**
 * Newly issued credentials (generate / rotate). The secret appears in this one answer only: the server
 * keeps it encrypted and never returns it again.
 */
export const subsystemCredentials = z.object({
  id: z.number().int(),
  appKey: z.string(),
  secret: z.string(),
  issuedAt: z.string(),
});
export type SubsystemCredentials = z.infer<typeof subsystemCredentials>;

/** Signed-call protocol (apps/server/src/modules/subsystem/README.md). */
export const SignedCallHeader = {
  APP_KEY: 'x-app-key',
  TIMESTAMP: 'x-timestamp',
  NONCE: 'x-nonce',
  SIGNATURE: 'x-signature',
} as const;
/** A signed call's X-TIMESTAMP may differ from the server's clock by at most this much. */
export const SIGNED_CALL_WINDOW_MS = 5 * 60_000;
