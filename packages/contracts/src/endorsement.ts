/**
 * Endorsements (批改, /api/endorsement/*): request schemas and what the calls answer. Option lists are
 * zod-free in endorsement-options.ts; the roster and period rules in endorsement-roster.ts and
 * endorsement-rules.ts.
 */
import { z } from 'zod';
import { ENDORSEMENT_STATUS, ENDORSEMENT_TYPES } from './endorsement-options.ts';
import {
  ROSTER_DIRECTIONS,
  ROSTER_ID_MESSAGE,
  ROSTER_MAX,
  rosterDuplicateMessage,
  rosterDuplicates,
} from './endorsement-roster.ts';
import { pageQuery } from './envelope.ts';
import { dateStr, fileIdsField, gbIndustryField, money, personName, wsIndustryField } from './fields.ts';
import { attachmentFile } from './file.ts';
import { rangedNumber } from './number-field.ts';
import { FIELD_RANGES } from './number-range.ts';
import { ID_TYPES } from './options.ts';
import { isValidIdCard } from './validators.ts';

// ---------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------

/**
 * One person of an endorsement roster: `in` joins the policy, `out` leaves it; a replacement (换人) is
 * one `out` and one `in` per person. ID type 01 (居民身份证, the default) is checked by GB 11643.
 */
export const endorsementPersonInput = z
  .object({
    direction: z.enum(ROSTER_DIRECTIONS.values, '人员变动方向须为 in（加入）或 out（减少）'),
    name: personName('人员姓名'),
    idType: z.enum(ID_TYPES.values, '证件类型取值不正确').default('01'),
    idNo: z
      .string()
      .trim()
      .min(4, '请输入证件号码')
      .max(30, '证件号码最多30位')
      .transform((s) => s.toUpperCase()),
    position: z.string().trim().max(30, '岗位最多30个字').default(''),
  })
  .strict()
  .refine((v) => v.idType !== '01' || isValidIdCard(v.idNo), { message: ROSTER_ID_MESSAGE, path: ['idNo'] });
export type EndorsementPersonInput = z.infer<typeof endorsementPersonInput>;

/** A roster: at most 500 persons, no ID number twice in one request. */
export const endorsementRoster = z
  .array(endorsementPersonInput)
  .min(1, '人员名单至少一人')
  .max(ROSTER_MAX, `人员名单最多${ROSTER_MAX}人`)
  .superRefine((list, ctx) => {
    for (const d of rosterDuplicates(list))
      ctx.addIssue({
        code: 'custom',
        message: rosterDuplicateMessage(d.index, d.first),
        path: [d.index, 'idNo'],
      });
  });

/** The changed values an endorsement asks for; which keys are allowed depends on the type. */
export const endorsementChange = z
  .object({
    headcount: rangedNumber('参保人数', FIELD_RANGES.persons).optional(),
    /** Add/remove/replace persons with their ID numbers (stored encrypted, shown masked). */
    roster: endorsementRoster.optional(),
    /** Names only: the earlier form of a roster, still accepted without ID numbers. */
    personsIn: z.array(personName('人员姓名')).max(500).optional(),
    personsOut: z.array(personName('人员姓名')).max(500).optional(),
    holderName: z.string().trim().min(4).max(100).optional(),
    address: z.string().trim().min(2).max(300).optional(),
    wsIndustryCode: wsIndustryField.optional(),
    gbIndustryCode: gbIndustryField.optional(),
    perPersonLimit: money('每人死亡伤残责任限额', { positive: true }).optional(),
    medicalLimit: money('每人医疗费用限额').optional(),
    startDate: dateStr.optional(),
    endDate: dateStr.optional(),
  })
  .strict()
  .refine((c) => !(c.roster && (c.personsIn || c.personsOut)), {
    message: '人员名单请只用 roster 提交（不能同时提交 personsIn/personsOut）',
    path: ['roster'],
  });
export type EndorsementChange = z.infer<typeof endorsementChange>;

export const endorsementInput = z
  .object({
    policyId: z.number().int().positive(),
    /** The policy version the applicant saw; approval refuses if the policy changed since. */
    policyVersion: z.number().int().positive('请提供保单版本号'),
    type: z.enum(ENDORSEMENT_TYPES.values, '批改类型取值为01-08'),
    reason: z.string().trim().min(2, '请填写批改原因').max(300),
    effectiveDate: dateStr,
    change: endorsementChange.default({}),
    premiumDelta: money('保费变化', { min: -999_999_999_999.99 }).default(0),
    attachments: fileIdsField.default([]),
  })
  .strict();
export type EndorsementInput = z.infer<typeof endorsementInput>;

/** /api/endorsement/list: a page of endorsements (the server takes `z.output`, the web `z.input`). */
export const endorsementListQuery = pageQuery
  .extend({
    keyword: z.string().trim().max(100).optional(),
    type: z.enum(ENDORSEMENT_TYPES.values).optional(),
    status: z.enum(ENDORSEMENT_STATUS.values).optional(),
    policyId: z.coerce.number<number>().int().positive().optional(),
  })
  .strict();

// ---------------------------------------------------------------------------------------------------
// What the calls answer (response schemas of /api/endorsement/*; the types are their outputs)
// ---------------------------------------------------------------------------------------------------

const endorsementStatus = z.enum(ENDORSEMENT_STATUS.values);

/** One row of /api/endorsement/list. */
export const endorsementRow = z.object({
  id: z.number().int(),
  endorsementNo: z.string(),
  policyId: z.number().int(),
  policyNo: z.string().nullable(),
  holderName: z.string(),
  enterpriseId: z.number().int(),
  insurerId: z.number().int(),
  type: z.string(),
  typeLabel: z.string(),
  reason: z.string(),
  effectiveDate: z.string(),
  premiumDelta: z.number(),
  status: endorsementStatus,
  statusLabel: z.string(),
  appliedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewRemark: z.string(),
  version: z.number().int(),
});
export type EndorsementRow = z.output<typeof endorsementRow>;

/** /api/endorsement/detail: the row with the change, the roster, the policy before and after, the actions. */
export const endorsementDetail = endorsementRow.extend({
  change: z.record(z.string(), z.unknown()),
  /** The persons leaving and joining, ID numbers masked (security P04). */
  roster: z.array(
    z.object({
      direction: z.enum(ROSTER_DIRECTIONS.values),
      name: z.string(),
      idType: z.string(),
      idTypeLabel: z.string(),
      idNo: z.string(),
      position: z.string(),
    }),
  ),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  attachments: z.array(z.string()),
  attachmentFiles: z.array(attachmentFile),
  policyVersion: z.number().int(),
  /** When the enterprise withdrew it (its last change: withdrawn is terminal). */
  withdrawnAt: z.string().nullable(),
  actions: z.object({ review: z.boolean(), withdraw: z.boolean() }),
});

/** /api/endorsement/review: the new version, the policy's new version once in effect, and where it stands. */
export const endorsementReviewed = z.object({
  id: z.number().int(),
  version: z.number().int(),
  policyVersion: z.number().int().nullable(),
  status: endorsementStatus,
  effectiveDate: z.string(),
});

/** /api/endorsement/withdraw. */
export const endorsementWithdrawn = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: endorsementStatus,
});
