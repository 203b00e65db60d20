import { z } from 'zod';
import { CODE_MAX, DICT_CODE_PATTERN } from './dict-options.ts';
import { INDUSTRY_CODE_MESSAGE } from './industry-options.ts';

/**
 * Industry classification (sys_industry): one tree under the root id 1 with two branches, the national
 * economic classification GB/T 4754-2017 (sections A-T and divisions 01-97) and the work-safety industry
 * fields (安全生产行业领域, codes AQ..) whose high-risk nodes must insure (domain 1.2, 2.1).
 */

export interface IndustryNode {
  id: number;
  pid: number | null;
  code: string;
  name: string;
  level: number;
  isHighRisk: boolean;
  mustInsure: boolean;
  sort: number;
  status: number;
  remark: string;
  isSystem: boolean;
  version: number;
  children: IndustryNode[];
}
export const industryNode: z.ZodType<IndustryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    pid: z.number().int().nullable(),
    code: z.string(),
    name: z.string(),
    level: z.number().int(),
    isHighRisk: z.boolean(),
    mustInsure: z.boolean(),
    sort: z.number().int(),
    status: z.number().int(),
    remark: z.string(),
    isSystem: z.boolean(),
    version: z.number().int(),
    children: z.array(industryNode),
  }),
);

const industryCode = z
  .string()
  .trim()
  .min(1, '请输入行业代码')
  .max(CODE_MAX, '行业代码最多32个字符')
  .regex(DICT_CODE_PATTERN, INDUSTRY_CODE_MESSAGE);

export const industryFindByPidQuery = z
  .object({
    pid: z.coerce.number<number>().int().positive('pid 必须是正整数').optional(),
    /** Alias of pid ("an industry tree call with id 1"); pid wins when both are sent. Default 1. */
    id: z.coerce.number<number>().int().positive('id 必须是正整数').optional(),
    /** Include disabled nodes (the admin tree); the selects see enabled ones only. */
    all: z
      .enum(['true', 'false', '1', '0'], { message: '只能是 true 或 false' })
      .transform((v) => v === 'true' || v === '1')
      .optional(),
  })
  .strict();

export const industrySelectQuery = z
  .object({
    /** A branch or node code (e.g. GB4754, AQ, AQ02); default the whole tree. */
    code: industryCode.optional(),
  })
  .strict();

export const industryAddBody = z
  .object({
    pid: z.number().int().positive('请选择上级行业'),
    code: industryCode,
    name: z.string().trim().min(1, '请输入行业名称').max(100, '行业名称最多100个字符'),
    isHighRisk: z.boolean().default(false),
    mustInsure: z.boolean().default(false),
    sort: z
      .number()
      .int('排序号须为0至999,999之间的整数')
      .min(0, '排序号须为0至999,999之间的整数')
      .max(999999, '排序号须为0至999,999之间的整数')
      .default(0),
    status: z.number().int().min(0).max(1).default(1),
    remark: z.string().trim().max(500, '备注最多500个字符').default(''),
  })
  .strict();
export type IndustryAddBody = z.infer<typeof industryAddBody>;

export const industryUpdateBody = industryAddBody
  .omit({ pid: true })
  .extend({ id: z.number().int().positive(), version: z.number().int().positive() })
  .strict();
export type IndustryUpdateBody = z.infer<typeof industryUpdateBody>;

export const industryDeleteQuery = z
  .object({ id: z.coerce.number<number>().int().positive('id 必须是正整数') })
  .strict();
