/**
 * Policies (/api/policy/*): request schemas and what the calls answer. Option lists are zod-free in
 * policy-options.ts, the period and draft rules in policy-rules.ts.
 */
import { z } from 'zod';
import { ENDORSEMENT_STATUS } from './endorsement-options.ts';
import { pageQuery } from './envelope.ts';
import { dateStr, fileIdsField, money } from './fields.ts';
import { attachmentFile } from './file.ts';
import { rangedNumber } from './number-field.ts';
import { FIELD_RANGES } from './number-range.ts';
import {
  COINSURE_ROLES,
  POLICY_STATE_FILTERS,
  POLICY_STATES,
  type PolicyStatus,
  RATE_FACTORS,
  SERVICE_ITEMS,
} from './policy-options.ts';

// ---------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------

export const policyFactorInput = z
  .object({
    code: z.enum(RATE_FACTORS.values, '浮动因子取值不正确'),
    pct: rangedNumber('浮动比例（%）', FIELD_RANGES.factorPct),
    reason: z.string().trim().min(1, '请填写浮动原因').max(200),
  })
  .strict();

export const coinsurerInput = z
  .object({
    insurerId: z.number().int().positive(),
    role: z.enum(COINSURE_ROLES.values, '承保类型须为01主承、02跟单或03独立承保'),
    share: rangedNumber('承保比例（%）', FIELD_RANGES.coinsurerShare),
  })
  .strict();

export const policyInput = z
  .object({
    /** Insurer entry: the insured enterprise. Ignored for an enterprise applying for itself. */
    enterpriseId: z.number().int().positive().optional(),
    /** Enterprise application: the lead (issuing) insurer. Ignored for insurer entry (own org). */
    insurerId: z.number().int().positive().optional(),
    isRenewal: z.boolean().default(false),
    startDate: dateStr,
    endDate: dateStr,
    signDate: dateStr.optional(),
    headcount: rangedNumber('参保人数', FIELD_RANGES.persons),
    perPersonLimit: money('每人死亡伤残责任限额', { positive: true }),
    medicalLimit: money('每人医疗费用限额').default(0),
    benchmarkRate: rangedNumber('行业基准费率（‰）', FIELD_RANGES.benchmarkRate),
    factors: z.array(policyFactorInput).max(10).default([]),
    premium: money('实收保费', { positive: true }),
    coinsurers: z.array(coinsurerInput).max(10).default([]),
    preventionFeePct: rangedNumber('事故预防服务费用比例（%）', FIELD_RANGES.preventionFeePct),
    preventionFrequency: rangedNumber('服务频次', FIELD_RANGES.preventionFrequency),
    serviceItems: z
      .array(z.enum(SERVICE_ITEMS.values, '服务项目取值为01-07'))
      .min(1, '请至少选择一项事故预防服务项目')
      .max(7),
    serviceItemOther: z.string().trim().max(200).default(''),
    attachments: fileIdsField.default([]),
    remark: z.string().trim().max(500).default(''),
  })
  .strict();
export type PolicyInput = z.infer<typeof policyInput>;

/**
 * A draft (保存草稿): only what identifies it is required (the period, and the insurer or the enterprise
 * by the side entering it); every other value may be filled in later, and what is given is checked for
 * its form. Submitting (提交审核) checks the stored draft against every rule of policyInput and the terms.
 */
export const policyDraftInput = policyInput
  .extend({
    headcount: policyInput.shape.headcount.optional(),
    perPersonLimit: policyInput.shape.perPersonLimit.optional(),
    benchmarkRate: policyInput.shape.benchmarkRate.optional(),
    premium: policyInput.shape.premium.optional(),
    preventionFeePct: policyInput.shape.preventionFeePct.optional(),
    preventionFrequency: policyInput.shape.preventionFrequency.optional(),
    serviceItems: z.array(z.enum(SERVICE_ITEMS.values, '服务项目取值为01-07')).max(7).default([]),
  })
  .strict();
export type PolicyDraftInput = z.infer<typeof policyDraftInput>;

/**
 * What submitting (提交审核) checks in the request: every field of policyInput, but the pricing may be
 * left out: an enterprise's application has none (the insurer prices it when it issues it), and an
 * insurer's own entry without it is refused naming the missing fields.
 */
export const policySubmitInput = policyInput
  .extend({
    benchmarkRate: policyInput.shape.benchmarkRate.optional(),
    premium: policyInput.shape.premium.optional(),
  })
  .strict();

/** The pricing the lead insurer sets when it issues a policy (review with approve). */
export const policyPricingInput = z
  .object({
    benchmarkRate: policyInput.shape.benchmarkRate.optional(),
    factors: z.array(policyFactorInput).max(10).optional(),
    premium: policyInput.shape.premium.optional(),
  })
  .strict();
export type PolicyPricingInput = z.infer<typeof policyPricingInput>;

/**
 * The filters of the policy list and its export. The server's service takes `z.output` of the queries
 * below, the web `z.input` (`import type`).
 */
export const policyListFilters = z.object({
  keyword: z.string().trim().max(100).optional(),
  districtCode: z
    .string()
    .regex(/^\d{6}$/, '区县代码为6位数字')
    .optional(),
  wsIndustryCode: z.string().trim().max(12).optional(),
  state: z.enum(POLICY_STATE_FILTERS, '保单状态取值不正确').optional(),
  year: z.coerce.number<number>().int().min(2000).max(2100).optional(),
  startFrom: dateStr.optional(),
  startTo: dateStr.optional(),
  insurerId: z.coerce.number<number>().int().positive().optional(),
  enterpriseId: z.coerce.number<number>().int().positive().optional(),
});
/** /api/policy/list: a page of policies under the filters. */
export const policyListQuery = pageQuery.extend(policyListFilters.shape).strict();
/** /api/policy/export: every policy under the filters. */
export const policyExportQuery = policyListFilters.strict();

// ---------------------------------------------------------------------------------------------------
// What the calls answer (response schemas of /api/policy/*; the types are their outputs)
// ---------------------------------------------------------------------------------------------------

/** Who entered a policy: the enterprise applying, or the insurer entering it. */
export const policySide = z.enum(['enterprise', 'insurer']);
export type PolicySide = z.output<typeof policySide>;
const policyStatus = z.enum([
  'draft',
  'submitted',
  'approved',
  'rejected',
  'cancelled',
]) satisfies z.ZodType<PolicyStatus>;

/** One row of /api/policy/list. */
export const policyRow = z.object({
  id: z.number().int(),
  applicationNo: z.string(),
  policyNo: z.string().nullable(),
  enterpriseId: z.number().int(),
  holderName: z.string(),
  holderUscc: z.string(),
  districtCode: z.string(),
  districtName: z.string(),
  wsIndustryCode: z.string(),
  wsIndustryName: z.string(),
  insurerId: z.number().int(),
  insurerName: z.string(),
  status: policyStatus,
  state: z.enum(POLICY_STATES.values),
  stateLabel: z.string(),
  enteredBy: policySide,
  isRenewal: z.boolean(),
  startDate: z.string(),
  endDate: z.string(),
  headcount: z.number(),
  perPersonLimit: z.number(),
  /** 保额: the per-accident limit, yuan, and in 万元 as spec 9 shows it. */
  sumInsured: z.number(),
  sumInsuredWan: z.number(),
  premium: z.number(),
  preventionFee: z.number(),
  version: z.number().int(),
  createdAt: z.string(),
  /** The insured enterprise's current 从业人员总数 (null when it has no profile). */
  enterpriseEmployees: z.number().nullable(),
  /** 未全员投保: in force today and fewer insured than the enterprise's current employees. */
  underCovered: z.boolean(),
  /** 参保人数多于从业人员: in force today and more insured than the enterprise's current employees. */
  overCovered: z.boolean(),
});
export type PolicyRow = z.output<typeof policyRow>;

/** /api/policy/detail: the row with the terms, parties, counts and what the caller may do with it. */
export const policyDetail = policyRow.extend({
  address: z.string(),
  gbIndustryCode: z.string(),
  signDate: z.string().nullable(),
  medicalLimit: z.number(),
  perAccidentLimit: z.number(),
  aggregateLimit: z.number(),
  benchmarkRate: z.number(),
  floatPct: z.number(),
  finalRate: z.number(),
  premiumCalc: z.number(),
  preventionFeePct: z.number(),
  preventionFrequency: z.number(),
  serviceItems: z.array(z.string()),
  serviceItemOther: z.string(),
  attachments: z.array(z.string()),
  attachmentFiles: z.array(attachmentFile),
  remark: z.string(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewRemark: z.string(),
  cancelledOn: z.string().nullable(),
  cancelReason: z.string(),
  coinsurers: z.array(
    z.object({ insurerId: z.number().int(), insurerName: z.string(), role: z.string(), share: z.number() }),
  ),
  factors: z.array(z.object({ code: z.string(), pct: z.number(), reason: z.string() })),
  endorsementCount: z.number().int(),
  claimCount: z.number().int(),
  /** Persons on the insured-person list now (named by approved add/replace endorsements). */
  personCount: z.number().int(),
  /** 第 N 版 of an issued policy (1 at issue, +1 per endorsement that took effect); null before issue. */
  revision: z.number().int().nullable(),
  /** The endorsement waiting for review or for its effective date (one at a time per policy), if any. */
  openEndorsement: z
    .object({
      id: z.number().int(),
      endorsementNo: z.string(),
      status: z.enum(ENDORSEMENT_STATUS.values),
      effectiveDate: z.string(),
    })
    .nullable(),
  /** Draft only: what still has to be filled in before it can be submitted (empty when complete). */
  missing: z.array(z.string()),
  actions: z.object({
    edit: z.boolean(),
    submit: z.boolean(),
    review: z.boolean(),
    endorse: z.boolean(),
    reportClaim: z.boolean(),
  }),
});
export type PolicyDetail = z.output<typeof policyDetail>;

/** An enterprise an insurer may enter a policy for (/api/policy/enterpriseOptions): public identification. */
export const enterpriseOption = z.object({
  id: z.number().int(),
  name: z.string(),
  uscc: z.string().nullable(),
  districtCode: z.string().nullable(),
  wsIndustryCode: z.string().nullable(),
  employees: z.number().nullable(),
  infoComplete: z.boolean().nullable(),
});
export type EnterpriseOption = z.output<typeof enterpriseOption>;

/** One stored version of a policy (/api/policy/versions): issued, or changed by an endorsement. */
export const policyVersionRow = z.object({
  policyVersion: z.number().int(),
  /** 'issue' or 'endorse'. */
  reason: z.string(),
  endorsementId: z.number().int().nullable(),
  endorsementNo: z.string().nullable(),
  type: z.string().nullable(),
  createdAt: z.string(),
});
export type PolicyVersionRow = z.output<typeof policyVersionRow>;

/** /api/policy/version: one version's snapshot of the policy as it then stood. */
export const policyVersionSnapshot = z.object({
  policyVersion: z.number().int(),
  reason: z.string(),
  endorsementId: z.number().int().nullable(),
  /** The policy's fields as stored with the version (policySnapshotData). */
  snapshot: z.unknown(),
  createdAt: z.string(),
});

/** /api/policy/persons: one page of a policy's insured persons; keyword is a name or a full ID number,
 * all=true includes the persons an endorsement removed. */
export const policyPersonsQuery = pageQuery
  .extend({
    id: z.coerce.number<number>().int().positive('id 必须是正整数'),
    keyword: z.string().trim().max(30).optional(),
    all: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  })
  .strict();

/** A person on a policy's insured-person list (/api/policy/persons). */
export const policyPersonRow = z.object({
  id: z.number().int(),
  name: z.string(),
  idType: z.string(),
  idTypeLabel: z.string(),
  /** Masked: first 6 and last 4 characters (security P04). */
  idNo: z.string(),
  position: z.string(),
  joinedOn: z.string(),
  leftOn: z.string().nullable(),
  joinedEndorsementNo: z.string().nullable(),
  leftEndorsementNo: z.string().nullable(),
});
export type PolicyPersonRow = z.output<typeof policyPersonRow>;

/** /api/policy/rules: what the policy forms check like the server. */
export const policyRulesView = z.object({
  minPerPersonLimit: z.number(),
  preventionFeeCapPct: z.number(),
  expiringDays: z.number().int(),
  today: z.string(),
  /** Enterprise only: the earliest start date of a new policy (null for other roles). */
  nextStartDate: z.string().nullable(),
});

/** What a policy write answers: the record and its new version. */
export const policySaved = z.object({ id: z.number().int(), version: z.number().int() });
