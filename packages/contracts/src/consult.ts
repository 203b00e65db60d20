/** Consultations (咨询) and the public Q&A made of them: request and response schemas. */
import { z } from 'zod';
import { idParam } from './fields.ts';

export const consultAskBody = z
  .object({
    id: z.number().int().positive().optional(),
    version: z.number().int().positive().optional(),
    classId: z.number({ message: '请选择咨询分类' }).int().positive('请选择咨询分类'),
    title: z.string().trim().min(2, '咨询标题至少2个字').max(100, '咨询标题不能超过100个字'),
    content: z.string().trim().min(5, '咨询内容至少5个字').max(2000, '咨询内容不能超过2000个字'),
  })
  .strict();
export type ConsultAskBody = z.infer<typeof consultAskBody>;

export const consultAnswerBody = z
  .object({
    id: z.number().int().positive(),
    version: z.number().int().positive(),
    answer: z.string().trim().min(2, '答复内容至少2个字').max(5000, '答复内容不能超过5000个字'),
    isPublic: z.boolean().optional(),
  })
  .strict();
export type ConsultAnswerBody = z.infer<typeof consultAnswerBody>;

export const consultListQuery = z
  .object({
    pageNo: z.coerce.number<number>().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number<number>().int().min(1).max(100).default(10),
    classId: idParam('分类编号').optional(),
    status: z.coerce.number<number>().int().min(0).max(2).optional(),
    keyword: z.string().trim().max(100, '关键词不能超过100个字符').optional(),
  })
  .strict();

export const consultItem = z.object({
  id: z.number(),
  classId: z.number(),
  className: z.string(),
  title: z.string(),
  content: z.string(),
  status: z.number(),
  statusName: z.string(),
  askerName: z.string(),
  askerOrgName: z.string(),
  createdAt: z.string(),
  answer: z.string(),
  answererName: z.string(),
  answererOrgName: z.string(),
  answeredAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  isPublic: z.boolean(),
  version: z.number(),
  /**
   * The caller may act on it as its answerer: answer it (awaiting), or revise the answer, publish it or
   * close it (answered by the caller, a colleague of the caller's organisation, or the caller moderates).
   */
  asAnswerer: z.boolean(),
});
export type ConsultItem = z.infer<typeof consultItem>;

/** A consultation published as a public Q&A: no asker identity. */
export const qaItem = z.object({
  id: z.number(),
  classId: z.number(),
  className: z.string(),
  title: z.string(),
  content: z.string(),
  answer: z.string(),
  answeredAt: z.string().nullable(),
  viewCount: z.number(),
});
export type QaItem = z.infer<typeof qaItem>;
export const qaListQuery = z
  .object({
    pageNo: z.coerce.number<number>().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number<number>().int().min(1).max(100).default(10),
    classId: idParam('分类编号').optional(),
    keyword: z.string().trim().max(100, '关键词不能超过100个字符').optional(),
  })
  .strict();
