import { z } from 'zod';
import {
  INSURANCE_POST_MAX,
  INSURANCE_POST_RESULTS,
  type InsurancePostResult,
  POLICY_NO_MESSAGE,
  POLICY_NO_PATTERN,
  PUSH_DATA_KINDS,
  PUSH_RUN_STATUS,
  PUSH_URL_MAX,
  PUSH_URL_MESSAGE,
  PUSH_URL_PATTERN,
} from './data-exchange-options.ts';
import { usccField } from './fields.ts';
import { coinsurerInput, policyInput } from './policy.ts';

/**
 * Data exchange with external systems (domain 1.9 "Information platform and data upload"): insurers' core
 * systems report the policies they issued (POST /api/company/insurancePost, signed call or X-TOKEN), and
 * the platform pushes policy and claim changes to subsystems that subscribed (push settings per subsystem).
 * Protocol: apps/server/src/modules/data-exchange/README.md.
 */

// ---------------------------------------------------------------------------------------------------
// Inbound: insurancePost
// ---------------------------------------------------------------------------------------------------

/** A co-insurer of a reported policy, named by its unified social credit code (platform ids are internal). */
export const insurancePostCoinsurer = z
  .object({
    insurerUscc: usccField,
    role: coinsurerInput.shape.role,
    share: coinsurerInput.shape.share,
  })
  .strict();

/**
 * One issued policy as an insurer's core system reports it: the policy fields of the platform's policy
 * form (domain 2.6) with the policy number, the insured enterprise by USCC and co-insurers by USCC. The
 * issuing (lead) insurer is the caller's organisation. Attachments are not reported (no uploads in signed
 * calls).
 */
export const insurancePostItem = policyInput
  .omit({ enterpriseId: true, insurerId: true, coinsurers: true, attachments: true })
  .extend({
    policyNo: z.string({ error: '请填写保单号 policyNo' }).trim().regex(POLICY_NO_PATTERN, POLICY_NO_MESSAGE),
    enterpriseUscc: usccField,
    coinsurers: z.array(insurancePostCoinsurer).max(10, '共保机构最多10家').default([]),
  })
  .strict();
export type InsurancePostItem = z.infer<typeof insurancePostItem>;

/**
 * The body: one policy (`policy`) or a batch (`policies`, 1-100). Items are validated one by one by the
 * server (insurancePostItem), so that every item's problems are answered in `items`; here only the shape.
 */
export const insurancePostBody = z
  .object({
    policy: z.record(z.string(), z.unknown(), { error: 'policy 须为一个保单对象' }).optional(),
    policies: z
      .array(z.record(z.string(), z.unknown(), { error: 'policies 的每一项须为一个保单对象' }), {
        error: 'policies 须为保单数组',
      })
      .min(1, 'policies 至少包含1条保单')
      .max(INSURANCE_POST_MAX, `每次最多上报${INSURANCE_POST_MAX}条保单，请分批上报`)
      .optional(),
  })
  .strict()
  .refine((b) => (b.policy === undefined) !== (b.policies === undefined), {
    message: '请求体须包含 policy（单条）或 policies（批量）之一',
  });
export type InsurancePostBody = z.infer<typeof insurancePostBody>;

export interface InsurancePostItemResult {
  /** Position in the request (0 for a single `policy`). */
  index: number;
  policyNo: string;
  result: InsurancePostResult;
  /** Why it was refused, or what happened ('' when created). Chinese. */
  reason: string;
  /** The platform's policy id when created or unchanged. */
  id: number | null;
}
export const insurancePostItemResult = z.object({
  index: z.number().int(),
  policyNo: z.string(),
  result: z.enum(INSURANCE_POST_RESULTS.values),
  reason: z.string(),
  id: z.number().int().nullable(),
});
export const insurancePostAnswer = z.object({
  items: z.array(insurancePostItemResult),
  created: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
});
export type InsurancePostAnswer = z.infer<typeof insurancePostAnswer>;

// ---------------------------------------------------------------------------------------------------
// Outbound: push settings of a subsystem
// ---------------------------------------------------------------------------------------------------

export const pushSettingsQuery = z
  .object({ subsystemId: z.coerce.number<number>().int().positive('subsystemId 必须是正整数') })
  .strict();

export const pushSettingsBody = z
  .object({
    subsystemId: z.number().int().positive(),
    /** Version of the saved settings; 0 when the subsystem has none yet. */
    version: z.number().int().min(0, '请提供数据版本号'),
    pushUrl: z
      .string()
      .trim()
      .max(PUSH_URL_MAX, `推送地址最多${PUSH_URL_MAX}个字符`)
      .refine((v) => v === '' || PUSH_URL_PATTERN.test(v), { message: PUSH_URL_MESSAGE }),
    enabled: z.boolean(),
    dataKinds: z
      .array(
        z.enum(
          PUSH_DATA_KINDS.values,
          '数据类型只能是 policy（保单）、claim（理赔）、apProject（事故预防项目）或 apRecord（事故预防服务记录）',
        ),
      )
      .max(PUSH_DATA_KINDS.values.length)
      .refine((v) => new Set(v).size === v.length, '数据类型不能重复')
      .default([]),
    /** Forget the cursors: everything is pushed again from the beginning on the next run. */
    resetCursor: z.boolean().default(false),
  })
  .strict()
  .refine((v) => !v.enabled || v.pushUrl !== '', { message: '启用推送须填写推送地址', path: ['pushUrl'] })
  .refine((v) => !v.enabled || v.dataKinds.length > 0, {
    message: '启用推送须至少选择一种推送数据',
    path: ['dataKinds'],
  });
export type PushSettingsBody = z.infer<typeof pushSettingsBody>;

export const pushCursorView = z.object({
  kind: z.enum(PUSH_DATA_KINDS.values),
  label: z.string(),
  /** updated_at of the last record delivered (ISO), null before the first delivery. */
  cursorAt: z.string().nullable(),
  cursorId: z.number().int(),
});
export type PushCursorView = z.output<typeof pushCursorView>;

/** /api/subsystem/push/findOne: a subsystem's push settings and its last push. */
export const pushSettingsView = z.object({
  subsystemId: z.number().int(),
  subsystemName: z.string(),
  subsystemCode: z.string(),
  pushUrl: z.string(),
  enabled: z.boolean(),
  dataKinds: z.array(z.enum(PUSH_DATA_KINDS.values)),
  /** 0 while nothing was saved. */
  version: z.number().int(),
  cursors: z.array(pushCursorView),
  lastPushAt: z.string().nullable(),
  lastPushStatus: z.enum(PUSH_RUN_STATUS.values).nullable(),
  lastPushMessage: z.string(),
  /** A push run of this subsystem is under way in this server. */
  running: z.boolean(),
  /** Why pushes cannot run now (no credentials, subsystem disabled, ...); empty when they can. */
  problems: z.array(z.string()),
});
export type PushSettingsView = z.output<typeof pushSettingsView>;
