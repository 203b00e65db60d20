/**
 * Policies (/api/policy/*): request schemas and what the calls answer. Option lists are zod-free in
 * policy-options.ts, the period and draft rules in policy-rules.ts.
 */
import { z } from 'zod';
import type { EndorsementStatus } from './endorsement-options.ts';
import { pageQuery } from './envelope.ts';
import { dateStr, fileIdsField, money } from './fields.ts';
import type { AttachmentFile } from './file.ts';
import { rangedNumber } from './number-field.ts';
import { FIELD_RANGES } from './number-range.ts';
import {
  COINSURE_ROLES,
  POLICY_STATE_FILTERS,
  type PolicyState,
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
// What the calls answer (types only: these routes declare no response schema yet)
// ---------------------------------------------------------------------------------------------------

/** Who entered a policy: the enterprise applying, or the insurer entering it. */
export type PolicySide = 'enterprise' | 'insurer';

/** One row of /api/policy/list. */
export interface PolicyRow {
  id: number;
  applicationNo: string;
  policyNo: string | null;
  enterpriseId: number;
  holderName: string;
  holderUscc: string;
  districtCode: string;
  districtName: string;
  wsIndustryCode: string;
  wsIndustryName: string;
  insurerId: number;
  insurerName: string;
  status: PolicyStatus;
  state: PolicyState;
  stateLabel: string;
  enteredBy: PolicySide;
  isRenewal: boolean;
  startDate: string;
  endDate: string;
  headcount: number;
  perPersonLimit: number;
  /** 保额: the per-accident limit, yuan, and in 万元 as spec 9 shows it. */
  sumInsured: number;
  sumInsuredWan: number;
  premium: number;
  preventionFee: number;
  version: number;
  createdAt: string;
  /** The insured enterprise's current 从业人员总数 (null when it has no profile). */
  enterpriseEmployees: number | null;
  /** 未全员投保: in force today and fewer insured than the enterprise's current employees. */
  underCovered: boolean;
  /** 参保人数多于从业人员: in force today and more insured than the enterprise's current employees. */
  overCovered: boolean;
}

/** /api/policy/detail: the row with the terms, parties, counts and what the caller may do with it. */
export interface PolicyDetail extends PolicyRow {
  address: string;
  gbIndustryCode: string;
  signDate: string | null;
  medicalLimit: number;
  perAccidentLimit: number;
  aggregateLimit: number;
  benchmarkRate: number;
  floatPct: number;
  finalRate: number;
  premiumCalc: number;
  preventionFeePct: number;
  preventionFrequency: number;
  serviceItems: string[];
  serviceItemOther: string;
  attachments: string[];
  attachmentFiles: AttachmentFile[];
  remark: string;
  submittedAt: string | null;
  reviewedAt: string | null;
  reviewRemark: string;
  cancelledOn: string | null;
  cancelReason: string;
  coinsurers: Array<{ insurerId: number; insurerName: string; role: string; share: number }>;
  factors: Array<{ code: string; pct: number; reason: string }>;
  endorsementCount: number;
  claimCount: number;
  /** Persons on the insured-person list now (named by approved add/replace endorsements). */
  personCount: number;
  /** 第 N 版 of an issued policy (1 at issue, +1 per endorsement that took effect); null before issue. */
  revision: number | null;
  /** The endorsement waiting for review or for its effective date (one at a time per policy), if any. */
  openEndorsement: {
    id: number;
    endorsementNo: string;
    status: EndorsementStatus;
    effectiveDate: string;
  } | null;
  /** Draft only: what still has to be filled in before it can be submitted (empty when complete). */
  missing: string[];
  actions: { edit: boolean; submit: boolean; review: boolean; endorse: boolean; reportClaim: boolean };
}

/** An enterprise an insurer may enter a policy for (/api/policy/enterpriseOptions): public identification. */
export interface EnterpriseOption {
  id: number;
  name: string;
  uscc: string | null;
  districtCode: string | null;
  wsIndustryCode: string | null;
  employees: number | null;
  infoComplete: boolean | null;
}

/** One stored version of a policy (/api/policy/versions): issued, or changed by an endorsement. */
export interface PolicyVersionRow {
  policyVersion: number;
  /** 'issue' or 'endorse'. */
  reason: string;
  endorsementId: number | null;
  endorsementNo: string | null;
  type: string | null;
  createdAt: string;
}

/** A person on a policy's insured-person list (/api/policy/persons). */
export interface PolicyPersonRow {
  id: number;
  name: string;
  idType: string;
  idTypeLabel: string;
  /** Masked: first 6 and last 4 characters (security P04). */
  idNo: string;
  position: string;
  joinedOn: string;
  leftOn: string | null;
  joinedEndorsementNo: string | null;
  leftEndorsementNo: string | null;
}
