/** Insurers' yearly prevention plan filings with the regulator (预防计划备案): request and response schemas. */
import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { districtField, fileIdField, idParam } from './fields.ts';
import { rangedNumber } from './number-field.ts';
import { moneyRange } from './number-range.ts';
import { PREVENTION_FILING_LIMITS, PREVENTION_FILING_STATUS } from './prevention-filing-options.ts';

const versionField = z.number().int().positive('请提供数据版本号');
const count = (label: string) =>
  rangedNumber(`${label}计划次数`, PREVENTION_FILING_LIMITS.plannedCount).default(0);

/** Planned services of the year per service item 01–07 (SERVICE_ITEMS). */
export const plannedServicesField = z
  .object({
    '01': count('宣传教育培训'),
    '02': count('风险辨识评估'),
    '03': count('隐患排查'),
    '04': count('标准化建设'),
    '05': count('应急预案和演练'),
    '06': count('科技推广应用'),
    '07': count('其他事故预防工作'),
  })
  .strict()
  .refine((p) => Object.values(p).some((n) => n > 0), '请至少填写一项服务的计划次数');
export type PlannedServices = z.output<typeof plannedServicesField>;

/**
 * /api/preventionFiling/add: an insurer files its plan and budget for a year. The first filing of a year is
 * version 1; a later one (after 已备案 or 已退回) names the latest version it revises in `supersedes` and
 * becomes the next version, the older kept read-only.
 */
export const preventionFilingInput = z
  .object({
    year: z
      .number({ error: '请填写年度' })
      .int('年度须为四位年份')
      .min(2000, '年度须为四位年份')
      .max(2100, '年度须为四位年份'),
    districts: z
      .array(districtField, { error: '请选择服务区县' })
      .min(1, '请至少选择一个服务区县')
      .max(5)
      .refine((a) => new Set(a).size === a.length, '服务区县有重复'),
    plannedServices: plannedServicesField,
    /** 预计保费收入 of the year, yuan. */
    expectedPremium: rangedNumber('预计保费收入', moneyRange({ positive: true })),
    /** 事故预防费用预算, yuan; at most the prevention fee cap (insurance.preventionFeeCapPct) of the expected premium. */
    budgetAmount: rangedNumber('预防费用预算', moneyRange({ positive: true })),
    description: z.string().trim().max(2000, '计划说明不能超过2000个字').default(''),
    /** The plan document(s) (stored files). */
    attachments: z
      .array(fileIdField, { error: '计划文件须为文件编号列表' })
      .min(1, '请上传年度预防计划文件')
      .max(PREVENTION_FILING_LIMITS.attachments, `计划文件最多${PREVENTION_FILING_LIMITS.attachments}个`)
      .refine((ids) => new Set(ids.map((i) => i.toLowerCase())).size === ids.length, '计划文件有重复'),
    /** The latest version this filing revises (required once the year has a filing). */
    supersedes: z.object({ id: z.number().int().positive(), version: versionField }).strict().optional(),
  })
  .strict();
export type PreventionFilingInput = z.input<typeof preventionFilingInput>;

/** /api/preventionFiling/review: the regulator files (approve) or returns it with a reason. */
export const preventionFilingReviewInput = z
  .object({
    id: z.number().int().positive(),
    version: versionField,
    approve: z.boolean({ error: '请选择备案通过或退回' }),
    remark: z.string().trim().max(500, '审核意见不能超过500个字').default(''),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.approve && v.remark.length < 2)
      ctx.addIssue({ code: 'custom', path: ['remark'], message: '退回须填写原因（至少2个字）' });
  });

/** The filters of the filing lists (insurer and regulator), written once: list (paged) and export. */
export const preventionFilingListFilters = z.object({
  year: z.coerce.number<number>().int().min(2000).max(2100).optional(),
  status: z.enum(PREVENTION_FILING_STATUS.values).optional(),
  district: districtField.optional(),
  insurerId: idParam('保险机构').optional(),
  keyword: z.string().trim().max(100, '关键词不能超过100个字符').optional(),
});
export const preventionFilingListQuery = pageQuery.extend(preventionFilingListFilters.shape).strict();
export const preventionFilingExportQuery = preventionFilingListFilters.strict();

export const preventionFilingFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  kind: z.string(),
});

export const preventionFilingRow = z.object({
  id: z.number(),
  insurerId: z.number(),
  insurerName: z.string(),
  year: z.number(),
  /** 1, 2, … within the insurer's year. */
  versionNo: z.number(),
  /** How many versions the year has (the list shows the latest). */
  versions: z.number(),
  latest: z.boolean(),
  districts: z.array(z.string()),
  districtNames: z.string(),
  plannedServices: z.record(z.string(), z.number()),
  plannedTotal: z.number(),
  expectedPremium: z.number(),
  budgetAmount: z.number(),
  /** Budget as % of the expected premium (2 decimals). */
  budgetRatioPct: z.number(),
  status: z.enum(PREVENTION_FILING_STATUS.values),
  statusLabel: z.string(),
  submittedAt: z.string(),
  submittedByName: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedByName: z.string(),
  reviewRemark: z.string(),
  version: z.number(),
  actions: z.object({ review: z.boolean(), refile: z.boolean() }),
});
export type PreventionFilingRow = z.infer<typeof preventionFilingRow>;

export const preventionFilingDetail = preventionFilingRow.extend({
  description: z.string(),
  attachments: z.array(preventionFilingFile),
  /** Every version of the year, newest first (this one included). */
  history: z.array(preventionFilingRow.omit({ actions: true })),
});
export type PreventionFilingDetail = z.infer<typeof preventionFilingDetail>;
