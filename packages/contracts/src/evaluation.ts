/**
 * Satisfaction (满意度评价, GovEvaluation; spec 9's four items) and the annual evaluation of an insurer's
 * prevention service (服务评估, GovApEval; AQ 9010 §8, domain 2.12). Option lists: complaint-options.ts.
 *
 * Where the four items come from: 投保满意度 — the enterprise answers /api/evaluation/answer (item policy)
 * for an issued policy of its own; 理赔满意度 — the claim's own satisfaction (/api/claim/satisfaction, asked
 * at claim close); 企业配合度 — the enterprise answers /api/evaluation/answer (item record) for a prevention
 * record it confirmed; 被服务单位配合度 — the provider's follow-up visit (/api/prevention/record/followUp,
 * `cooperation`).
 *
 * | Method | URL | Permission | Who | Input → data |
 * |---|---|---|---|---|
 * | POST | /api/evaluation/pending | enterprise.query | enterprise | — → satisfactionPending[] (issued policies and confirmed records not yet rated) |
 * | POST | /api/evaluation/answer | enterprise.query | enterprise (its own policy / record) | body satisfactionAnswerInput → { id } (409 when already answered) |
 * | POST | /api/evaluation/report | evaluation.query | government (its districts) | satisfactionReportQuery → satisfactionReport |
 * | POST | /api/evaluation/comments | evaluation.query | government (its districts) | satisfactionCommentQuery → page of satisfactionComment |
 * | GET | /api/evaluation/export | evaluation.query | government | satisfactionReportQuery → .xlsx (report + every rating with its comment) |
 * | POST | /api/apEval/list | ap.query | government (all it recorded / insurers of its districts), insurer (its own) | apEvalListQuery → page of apEvalRow |
 * | POST | /api/apEval/detail | ap.get | as list | `?id` → apEvalRow |
 * | POST | /api/apEval/add | ap.edit | government | body apEvalCreateInput → { id } |
 * | POST | /api/apEval/save | ap.edit | government (the recording regulator's organisation) | body apEvalUpdateInput → { id, version } |
 * | POST | /api/apEval/delete | ap.edit | government (as save) | body { id, version } → { id } |
 * | POST | /api/apEval/indicators | ap.query | government, insurer (its own) | `?insurerId&year` → apEvalIndicators |
 * | GET | /api/apEval/file | ap.get | as detail | `?id&fileId` → the report file |
 * | POST | /api/apEval/insurers | ap.query | government | — → { orgId, name }[] (insurers to evaluate) |
 */
import { z } from 'zod';
import { SATISFACTION_SCORES } from './claim-options.ts';
import {
  AP_EVAL_RESULTS,
  AP_EVAL_TYPES,
  SATISFACTION_GROUPS,
  SATISFACTION_ITEM_OPTIONS,
} from './complaint-options.ts';
import { pageQuery } from './envelope.ts';
import { dateStr } from './fields.ts';
import { attachmentFile } from './file.ts';

const id = z.number().int().positive();
const version = z.number().int().positive('请提供数据版本号');
const qId = z.coerce.number<number>().int().positive();
const districtQ = z
  .string()
  .regex(/^\d{6}$/, '区县代码为6位数字')
  .optional();

// ---------------------------------------------------------------------------------------------------
// Satisfaction (满意度评价)
// ---------------------------------------------------------------------------------------------------

export const satisfactionPending = z.object({
  /** policy (投保满意度) or record (企业配合度). */
  item: z.string(),
  itemLabel: z.string(),
  /** The policy id or the plan id. */
  targetId: z.number(),
  /** e.g. 保单 PICC2026… / 事故预防服务 <plan name> 2026-05-12. */
  label: z.string(),
  insurerName: z.string(),
  date: z.string(),
});
export type SatisfactionPending = z.infer<typeof satisfactionPending>;

/** /api/evaluation/answer (enterprise): one answer per policy / record. */
export const satisfactionAnswerInput = z
  .object({
    item: z.enum(['policy', 'record'], '评价项目须为投保满意度或企业配合度'),
    targetId: id,
    score: z.literal(SATISFACTION_SCORES.values, '评分为1-5'),
    comment: z.string().trim().max(500, '评价意见最多500个字').default(''),
  })
  .strict();
export type SatisfactionAnswerInput = z.infer<typeof satisfactionAnswerInput>;

const satisfactionFilters = {
  /** Period: rated on or after / on or before (YYYY-MM-DD, China time). */
  from: dateStr.optional(),
  to: dateStr.optional(),
  districtCode: districtQ,
  insurerId: qId.optional(),
  serviceOrgId: qId.optional(),
  item: z.enum(SATISFACTION_ITEM_OPTIONS.values, '评价项目不正确').optional(),
};
export const satisfactionReportQuery = z
  .object({
    groupBy: z.enum(SATISFACTION_GROUPS.values, '分组须为保险机构、服务机构或区县').default('insurer'),
    ...satisfactionFilters,
  })
  .strict();
export type SatisfactionReportQuery = z.infer<typeof satisfactionReportQuery>;

export const satisfactionFigure = z.object({
  count: z.number(),
  /** Average score 1-5 (2 decimals); null without ratings. */
  average: z.number().nullable(),
  /** Share of scores ≥ 4 in % (1 decimal); null without ratings. */
  satisfiedRate: z.number().nullable(),
});
export type SatisfactionFigure = z.infer<typeof satisfactionFigure>;
export const satisfactionReportRow = z.object({
  /** org id (insurer / service) or district code. */
  key: z.string(),
  name: z.string(),
  items: z.object({
    policy: satisfactionFigure,
    claim: satisfactionFigure,
    record: satisfactionFigure,
    followUp: satisfactionFigure,
  }),
  overall: satisfactionFigure,
});
export type SatisfactionReportRow = z.infer<typeof satisfactionReportRow>;
export const satisfactionReport = z.object({
  rows: z.array(satisfactionReportRow),
  totals: satisfactionReportRow,
});
export type SatisfactionReport = z.infer<typeof satisfactionReport>;

export const satisfactionCommentQuery = pageQuery.extend(satisfactionFilters).strict();
export type SatisfactionCommentQuery = z.infer<typeof satisfactionCommentQuery>;
export const satisfactionComment = z.object({
  item: z.string(),
  itemLabel: z.string(),
  score: z.number(),
  scoreLabel: z.string(),
  comment: z.string(),
  /** The rating party and the rated. */
  enterpriseName: z.string(),
  insurerName: z.string(),
  serviceOrgName: z.string(),
  districtCode: z.string(),
  /** 保单号 / 案件号 / 服务名称. */
  source: z.string(),
  ratedAt: z.string(),
});
export type SatisfactionComment = z.infer<typeof satisfactionComment>;

// ---------------------------------------------------------------------------------------------------
// Service evaluation (服务评估)
// ---------------------------------------------------------------------------------------------------

const apEvalFields = {
  /** 评估类型. */
  evalType: z.enum(AP_EVAL_TYPES.values, '请选择评估类型'),
  /** The year evaluated. */
  year: z.number().int('年度须为整数').min(2000, '年度不正确').max(2100, '年度不正确'),
  /** 项目名称. */
  projectName: z.string().trim().min(2, '项目名称至少2个字').max(100, '项目名称最多100个字'),
  /** 委托单位. */
  commissioningUnit: z.string().trim().min(2, '委托单位至少2个字').max(100, '委托单位最多100个字'),
  /** 评估对象: the insurer evaluated. */
  insurerId: id,
  /** 实施单位. */
  implementingUnit: z.string().trim().min(2, '实施单位至少2个字').max(100, '实施单位最多100个字'),
  /** 评估时间. */
  evalDate: dateStr,
  /** 评估结果. */
  result: z.enum(AP_EVAL_RESULTS.values, '请选择评估结果'),
  /** Score 0-100, optional. */
  score: z.number().min(0, '评估得分为0-100').max(100, '评估得分为0-100').nullable().default(null),
  summary: z.string().trim().max(2000, '评估结论最多2000个字').default(''),
  /** 评估报告: stored files (each ≤ 10 MB). */
  reports: z
    .array(z.string().uuid('附件编号格式不正确'), { error: '评估报告须为文件编号列表' })
    .min(1, '请上传评估报告')
    .max(5, '评估报告最多5个文件'),
};
export const apEvalCreateInput = z.object(apEvalFields).strict();
export type ApEvalCreateInput = z.infer<typeof apEvalCreateInput>;
export const apEvalUpdateInput = z.object({ id, version, ...apEvalFields }).strict();
export type ApEvalUpdateInput = z.infer<typeof apEvalUpdateInput>;
export const apEvalDeleteInput = z.object({ id, version }).strict();

export const apEvalListQuery = pageQuery
  .extend({
    year: z.coerce.number<number>().int().min(2000).max(2100).optional(),
    insurerId: qId.optional(),
    result: z.enum(AP_EVAL_RESULTS.values, '评估结果不正确').optional(),
    keyword: z.string().trim().max(50).optional(),
  })
  .strict();
export type ApEvalListQuery = z.infer<typeof apEvalListQuery>;

export const apEvalRow = z.object({
  id: z.number(),
  evalType: z.string(),
  evalTypeLabel: z.string(),
  year: z.number(),
  projectName: z.string(),
  commissioningUnit: z.string(),
  insurerId: z.number(),
  insurerName: z.string(),
  implementingUnit: z.string(),
  evalDate: z.string(),
  result: z.string(),
  resultLabel: z.string(),
  score: z.number().nullable(),
  summary: z.string(),
  reports: z.array(attachmentFile),
  createdBy: z.string(),
  createdAt: z.string(),
  version: z.number(),
});
export type ApEvalRow = z.infer<typeof apEvalRow>;

export const apEvalIndicatorQuery = z
  .object({
    insurerId: qId,
    year: z.coerce.number<number>().int().min(2000, '年度不正确').max(2100, '年度不正确'),
  })
  .strict();
/** Indicators from the platform's own data for one insurer and year (shown beside the form). */
export const apEvalIndicators = z.object({
  insurerId: z.number(),
  insurerName: z.string(),
  year: z.number(),
  /** Prevention services planned in the year and completed. */
  servicesPlanned: z.number(),
  servicesDone: z.number(),
  serviceRate: z.number().nullable(),
  /** Prevention fund accrued and used in the year (yuan). */
  fundAccrued: z.number(),
  fundUsed: z.number(),
  fundUseRate: z.number().nullable(),
  /** Hazards found by its services in the year, rectified, and rectified by their deadline. */
  hazardsFound: z.number(),
  hazardsRectified: z.number(),
  hazardsRectifiedOnTime: z.number(),
  rectifyOnTimeRate: z.number().nullable(),
  /** Complaints it handled in the year, replied on time, overdue. */
  complaints: z.number(),
  complaintsOnTime: z.number(),
  complaintsOverdue: z.number(),
  /** Satisfaction of its enterprises (all four items), count and % of scores ≥ 4. */
  satisfactionCount: z.number(),
  satisfactionRate: z.number().nullable(),
});
export type ApEvalIndicators = z.infer<typeof apEvalIndicators>;
