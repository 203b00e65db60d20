/** The rules library (法规库, domain 3.7): request and response schemas. */
import { z } from 'zod';
import { attachment, attachmentInput, dateOnlyField, portalLink } from './fields.ts';
import { rangedNumber } from './number-field.ts';
import { FIELD_RANGES } from './number-range.ts';
import { RULE_LEVELS, RULE_STATUS } from './rule-options.ts';

export const ruleSaveBody = z
  .object({
    id: z.number().int().positive().optional(),
    version: z.number().int().positive().optional(),
    name: z.string().trim().min(1, '请输入法规名称').max(200, '法规名称不能超过200个字符'),
    docNo: z.string().trim().max(100, '文号不能超过100个字符').default(''),
    issuer: z.string().trim().min(1, '请输入发布机关').max(200, '发布机关不能超过200个字符'),
    level: z.enum(RULE_LEVELS.values, {
      message: '层级须为法律、行政法规、部门规章、规范性文件、标准或地方性法规之一',
    }),
    publishDate: dateOnlyField('发布日期'),
    effectiveDate: dateOnlyField('实施日期').nullable().optional(),
    status: z
      .enum(RULE_STATUS.values, { message: '效力状态须为现行有效、已修订或已废止' })
      .default('current'),
    revisedById: z.number().int().positive().nullable().optional(),
    repealedDate: dateOnlyField('废止日期').nullable().optional(),
    summary: z.string().trim().max(1000, '摘要不能超过1000个字符').default(''),
    body: z.string().max(500_000, '正文过长').default(''),
    attachments: z.array(attachmentInput).max(20, '附件最多20个').default([]),
    sourceUrl: portalLink.default(''),
    sort: rangedNumber('排序', FIELD_RANGES.contentSort).default(0),
  })
  .strict();
export type RuleSaveBody = z.infer<typeof ruleSaveBody>;

export const ruleListQuery = z
  .object({
    pageNo: z.coerce.number<number>().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number<number>().int().min(1).max(100).default(10),
    keyword: z.string().trim().max(100, '关键词不能超过100个字符').optional(),
    level: z.enum(RULE_LEVELS.values).optional(),
    status: z.enum(RULE_STATUS.values).optional(),
  })
  .strict();

export const ruleItem = z.object({
  id: z.number(),
  name: z.string(),
  docNo: z.string(),
  issuer: z.string(),
  level: z.enum(RULE_LEVELS.values),
  levelName: z.string(),
  publishDate: z.string(),
  effectiveDate: z.string().nullable(),
  status: z.enum(RULE_STATUS.values),
  statusName: z.string(),
  revisedById: z.number().nullable(),
  revisedByName: z.string(),
  repealedDate: z.string().nullable(),
  summary: z.string(),
  sourceUrl: z.string(),
  viewCount: z.number(),
  version: z.number(),
  updatedAt: z.string(),
});
export type RuleItem = z.infer<typeof ruleItem>;
export const ruleDetail = ruleItem.extend({ body: z.string(), attachments: z.array(attachment) });
export type RuleDetail = z.infer<typeof ruleDetail>;
