/**
 * Claims (理赔, /api/claim/*): request schemas and what the calls answer. Option lists are zod-free in
 * claim-options.ts; the money rules in claim-money.ts and the accident grading in claim-accident-grade.ts.
 */
import { z } from 'zod';
import { lossLineProblem } from './claim-money.ts';
import {
  ACCIDENT_LEVELS,
  ACCIDENT_TYPES,
  CLAIM_PHASES,
  CLAIM_STEPS,
  CLOSE_TYPES,
  FEE_CATEGORIES,
  INJURY_TYPES,
  LOSS_CATEGORIES,
  PAYMENT_TYPES,
  PERSON_TYPES,
  SATISFACTION_SCORES,
} from './claim-options.ts';
import { pageQuery } from './envelope.ts';
import {
  dateStr,
  dateTimeStr,
  districtField,
  fileIdsField,
  money,
  personName,
  phoneField,
} from './fields.ts';
import { rangedNumber } from './number-field.ts';
import { FIELD_RANGES } from './number-range.ts';
import { ID_TYPES } from './options.ts';
import { isValidIdCard } from './validators.ts';

// ---------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------

export const claimReportInput = z
  .object({
    policyId: z.number().int().positive(),
    reporterName: personName('报案人姓名'),
    reporterPhone: phoneField,
    /** Defaults to now. */
    reportedAt: dateTimeStr.optional(),
    accidentAt: dateTimeStr,
    accidentDistrictCode: districtField,
    accidentAddress: z.string().trim().min(2, '请输入出险地点').max(300),
    accidentDesc: z.string().trim().min(5, '请描述出险经过（至少5个字）').max(2000),
    deaths: rangedNumber('死亡人数', FIELD_RANGES.casualties).default(0),
    injuries: rangedNumber('受伤人数', FIELD_RANGES.casualties).default(0),
    attachments: fileIdsField.default([]),
    /**
     * The reporter confirms a second claim although an open claim of the policy has the same accident
     * time (without it such a report answers 409 DUPLICATE_CLAIM naming that claim).
     */
    confirmDuplicate: z.boolean({ error: 'confirmDuplicate 须为 true 或 false' }).default(false),
  })
  .strict();
export type ClaimReportInput = z.infer<typeof claimReportInput>;

const stepBase = {
  id: z.number().int().positive(),
  version: z.number().int().positive('请提供数据版本号'),
  /** When the step happened; defaults to now; never in the future. */
  at: dateTimeStr.optional(),
  note: z.string().trim().max(2000).default(''),
  attachments: fileIdsField.default([]),
};
export const claimPersonInput = z
  .object({
    personType: z.literal(PERSON_TYPES.values, '人员类型须为1从业人员或2第三者'),
    name: personName('伤亡人员姓名'),
    idType: z.enum(ID_TYPES.values).default('01'),
    idNo: z.string().trim().min(4, '请输入证件号码').max(30),
    injury: z.enum(INJURY_TYPES.values, '伤亡情况须为01轻伤、02重伤或03死亡'),
    amount: money('人身伤亡赔付金额', { positive: true }),
    proofs: fileIdsField.default([]),
  })
  .strict()
  .refine((v) => v.idType !== '01' || isValidIdCard(v.idNo), {
    message: '身份证号码格式或校验位不正确，请核对18位号码',
    path: ['idNo'],
  });

export const claimStepInput = z.discriminatedUnion('step', [
  z
    .object({ ...stepBase, step: z.literal(2), reason: z.string().trim().min(2, '请填写撤案原因').max(500) })
    .strict(),
  z
    .object({
      ...stepBase,
      step: z.literal(3),
      accidentType: z.enum(ACCIDENT_TYPES.values, '事故类型取值不正确'),
      accidentLevel: z.literal(ACCIDENT_LEVELS.values, '事故等级取值为1-5'),
      /** 重伤人数 (incl. acute industrial poisoning), at most the reported injuries; grades the accident. */
      seriousInjuries: rangedNumber('重伤人数', FIELD_RANGES.casualties).default(0),
      cause: z.string().trim().min(2, '请填写事故原因').max(1000),
      estimatedLoss: money('估损金额'),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      step: z.literal(4),
      payType: z.literal(PAYMENT_TYPES.values, '付款类型须为1预付、2垫付或3快付'),
      amount: money('付款金额', { positive: true }),
      payee: z.string().trim().max(100).default(''),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      step: z.literal(5),
      surveyorName: personName('查勘人员姓名'),
      surveyorPhone: phoneField,
      description: z.string().trim().min(2, '请填写查勘描述').max(2000),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      step: z.literal(6),
      items: z
        .array(
          z
            .object({
              category: z.enum(LOSS_CATEGORIES.values, '定损类别取值为01-08'),
              // Any sign passes the format check; lossLineProblem names the category of a line ≤ 0.
              amount: money('定损金额', { min: -999_999_999_999.99 }),
            })
            .strict()
            .superRefine((v, ctx) => {
              const problem = lossLineProblem(v.category, v.amount);
              if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['amount'] });
            }),
        )
        .min(1, '请至少填写一项定损金额')
        .max(8),
      total: money('定损总金额'),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      step: z.literal(7),
      persons: z.array(claimPersonInput).max(200).default([]),
      properties: z
        .array(
          z
            .object({
              ownerName: z.string().trim().min(1).max(100),
              propertyName: z.string().trim().min(1).max(100),
              amount: money('财产损失赔付金额', { positive: true }),
            })
            .strict(),
        )
        .max(200)
        .default([]),
      fees: z
        .array(
          z
            .object({
              category: z.enum(FEE_CATEGORIES.values, '费用类别取值为04-08'),
              amount: money('费用赔付金额', { positive: true }),
            })
            .strict(),
        )
        .max(5)
        .default([]),
      total: money('赔付总金额', { positive: true }),
      /**
       * The payer confirms a payout that leaves part of the assessment unpaid (it is refused otherwise, so
       * a forgotten line is never paid short by accident); further payouts may follow before closing.
       */
      partial: z.boolean().default(false),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      step: z.literal(8),
      closeType: z.enum(CLOSE_TYPES.values, '结案类型取值不正确'),
      deniedReason: z.string().trim().max(1000).default(''),
    })
    .strict(),
]);
export type ClaimStepInput = z.infer<typeof claimStepInput>;

export const claimSatisfactionInput = z
  .object({
    id: z.number().int().positive(),
    version: z.number().int().positive('请提供数据版本号'),
    score: z.literal(SATISFACTION_SCORES.values, '满意度评分为1-5'),
    comment: z.string().trim().max(500).default(''),
  })
  .strict();

/**
 * The filters of the claim list, its counts and its export (the regulator's list too). The server's
 * service takes `z.output` of the queries below, the web `z.input` (`import type`).
 */
export const claimListFilters = z.object({
  keyword: z.string().trim().max(100).optional(),
  districtCode: z
    .string()
    .regex(/^\d{6}$/, '区县代码为6位数字')
    .optional(),
  wsIndustryCode: z.string().trim().max(12).optional(),
  phase: z.enum(CLAIM_PHASES.values, '案件状态取值不正确').optional(),
  step: z.coerce.number<number>().int().min(1).max(8).optional(),
  flag: z.enum(['late', 'unpaid'], '预警类型为 late（逾期报案）或 unpaid（立案后超期未付）').optional(),
  accidentFrom: dateStr.optional(),
  accidentTo: dateStr.optional(),
  /** 报案日期 from / to: China-time days, both included. */
  reportFrom: dateStr.optional(),
  reportTo: dateStr.optional(),
  policyId: z.coerce.number<number>().int().positive().optional(),
  year: z.coerce.number<number>().int().min(2000).max(2100).optional(),
});
/** A date range whose end lies before its start is refused (400 naming the end), never read as empty. */
function dateRanges(
  v: {
    accidentFrom?: string | undefined;
    accidentTo?: string | undefined;
    reportFrom?: string | undefined;
    reportTo?: string | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (v.reportFrom && v.reportTo && v.reportTo < v.reportFrom)
    ctx.addIssue({ code: 'custom', message: '报案日期的结束日期不能早于开始日期', path: ['reportTo'] });
  if (v.accidentFrom && v.accidentTo && v.accidentTo < v.accidentFrom)
    ctx.addIssue({ code: 'custom', message: '出险日期的结束日期不能早于开始日期', path: ['accidentTo'] });
}
/** /api/claim/list and /api/govInsurance/claimList: a page of claims under the filters. */
export const claimListQuery = pageQuery.extend(claimListFilters.shape).strict().superRefine(dateRanges);
/** /api/claim/counts: the filters other than phase, flag and step. */
export const claimCountsQuery = claimListFilters
  .omit({ phase: true, flag: true, step: true })
  .strict()
  .superRefine(dateRanges);
/** /api/claim/export: every claim under the filters. */
export const claimExportQuery = claimListFilters.strict().superRefine(dateRanges);

// ---------------------------------------------------------------------------------------------------
// What the calls answer (response schemas of /api/claim/*; the types are their outputs)
// ---------------------------------------------------------------------------------------------------

/** One row of /api/claim/list (and the head of /api/claim/detail). */
export const claimRow = z.object({
  id: z.number().int(),
  reportNo: z.string(),
  registerNo: z.string().nullable(),
  policyId: z.number().int(),
  policyNo: z.string().nullable(),
  enterpriseId: z.number().int(),
  enterpriseName: z.string(),
  insurerId: z.number().int(),
  districtCode: z.string(),
  districtName: z.string(),
  wsIndustryCode: z.string(),
  wsIndustryName: z.string(),
  phase: z.enum(CLAIM_PHASES.values),
  phaseLabel: z.string(),
  /** The current step, 1-8 (CLAIM_STEPS). */
  step: z.number().int(),
  stepLabel: z.string(),
  stepColor: z.string(),
  reporterName: z.string(),
  reportedAt: z.string(),
  accidentAt: z.string(),
  accidentAddress: z.string(),
  deaths: z.number().int(),
  injuries: z.number().int(),
  accidentType: z.string().nullable(),
  accidentTypeLabel: z.string(),
  accidentLevel: z.number().int().nullable(),
  accidentLevelLabel: z.string(),
  registeredAt: z.string().nullable(),
  estimatedLoss: z.number().nullable(),
  assessedTotal: z.number().nullable(),
  advanceTotal: z.number(),
  payoutTotal: z.number().nullable(),
  closedAt: z.string().nullable(),
  closeType: z.enum(CLOSE_TYPES.values).nullable(),
  closeTypeLabel: z.string(),
  satisfaction: z.number().int().nullable(),
  /** Reported later than the report deadline after the accident. */
  lateReport: z.boolean(),
  /** Registered and still unpaid after the flag days. */
  unpaidOverdue: z.boolean(),
  version: z.number().int(),
});
export type ClaimRow = z.output<typeof claimRow>;

/** One handled step of a claim (the timeline of /api/claim/detail). */
export const claimTimelineEntry = z.object({
  id: z.number().int(),
  step: z.number().int(),
  label: z.string(),
  color: z.string(),
  actedAt: z.string(),
  actorName: z.string(),
  actorOrgName: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  note: z.string(),
  attachments: z.array(z.string()),
});
export type ClaimTimelineEntry = z.output<typeof claimTimelineEntry>;

/** /api/claim/detail: the row with the report, the policy terms, every step and what the caller may do. */
export const claimDetail = claimRow.extend({
  reporterPhone: z.string(),
  accidentDistrictCode: z.string(),
  accidentDesc: z.string(),
  attachments: z.array(z.string()),
  cause: z.string().nullable(),
  deniedReason: z.string().nullable(),
  paidAt: z.string().nullable(),
  satisfactionComment: z.string().nullable(),
  satisfactionAt: z.string().nullable(),
  policy: z.object({
    startDate: z.string(),
    endDate: z.string(),
    perPersonLimit: z.number(),
    perAccidentLimit: z.number(),
  }),
  timeline: z.array(claimTimelineEntry),
  payments: z.array(
    z.object({
      id: z.number().int(),
      payType: z.number().int(),
      amount: z.number(),
      payee: z.string(),
      paidAt: z.string(),
    }),
  ),
  losses: z.array(z.object({ category: z.string(), amount: z.number() })),
  persons: z.array(
    z.object({
      id: z.number().int(),
      personType: z.number().int(),
      name: z.string(),
      idType: z.string(),
      /** Masked (security P04). */
      idNo: z.string(),
      injury: z.string(),
      amount: z.number(),
      proofs: z.array(z.string()),
    }),
  ),
  actions: z.object({
    steps: z.array(z.literal(CLAIM_STEPS.values)),
    closeTypes: z.array(z.enum(CLOSE_TYPES.values)),
    satisfaction: z.boolean(),
  }),
});
export type ClaimDetail = z.output<typeof claimDetail>;

/** /api/claim/counts: claims in scope per phase and the two flags, under the other list filters. */
export const claimCountsView = z.object({
  total: z.number().int(),
  phases: z.record(z.enum(CLAIM_PHASES.values), z.number().int()),
  late: z.number().int(),
  unpaid: z.number().int(),
});
export type ClaimCounts = z.output<typeof claimCountsView>;

/** /api/claim/rules: the report deadline and the unpaid flag the claim screens show. */
export const claimRulesView = z.object({
  reportDeadlineHours: z.number(),
  claimUnpaidFlagDays: z.number(),
});

/** What a claim write answers: the claim and its new version. */
export const claimSaved = z.object({ id: z.number().int(), version: z.number().int() });
