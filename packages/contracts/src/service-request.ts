/** Enterprises' service requests to their insurer (服务需求): request and response schemas (issue 13). */
import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { dateOnlyField, districtField, idParam, personName, phoneField } from './fields.ts';
import { SERVICE_ITEMS } from './policy-options.ts';
import { SERVICE_REQUEST_STATUS } from './service-request-options.ts';

const versionField = z.number().int().positive('请提供数据版本号');

/** /api/serviceRequest/add: the enterprise asks the lead insurer of one of its valid policies for a service. */
export const serviceRequestInput = z
  .object({
    policyId: z.number({ error: '请选择保单' }).int().positive('请选择保单'),
    item: z.enum(SERVICE_ITEMS.values, '请选择服务项目（01-07）'),
    description: z.string().trim().min(5, '需求描述至少5个字').max(1000, '需求描述不能超过1000个字'),
    /** The wished time: a China date range (end optional). */
    wishedFrom: dateOnlyField('期望开始日期'),
    wishedTo: dateOnlyField('期望结束日期').optional(),
    contactName: personName('联系人'),
    contactPhone: phoneField,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.wishedTo !== undefined && v.wishedTo < v.wishedFrom)
      ctx.addIssue({ code: 'custom', path: ['wishedTo'], message: '期望结束日期不能早于期望开始日期' });
  });
export type ServiceRequestInput = z.input<typeof serviceRequestInput>;

/** /api/serviceRequest/answer: the insurer accepts (remark optional) or declines (reason required). */
export const serviceRequestAnswerInput = z
  .object({
    id: z.number().int().positive(),
    version: versionField,
    accept: z.boolean({ error: '请选择受理或拒绝' }),
    remark: z.string().trim().max(500, '答复内容不能超过500个字').default(''),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.accept && v.remark.length < 2)
      ctx.addIssue({ code: 'custom', path: ['remark'], message: '拒绝服务需求须填写原因（至少2个字）' });
  });

/** /api/serviceRequest/withdraw: the enterprise withdraws a pending request. */
export const serviceRequestWithdrawInput = z
  .object({ id: z.number().int().positive(), version: versionField })
  .strict();

/** The filters of the request list, written once. */
export const serviceRequestListFilters = z.object({
  /** One request (the link of a message about it names it). */
  id: idParam('服务需求').optional(),
  keyword: z.string().trim().max(100, '关键词不能超过100个字符').optional(),
  item: z.enum(SERVICE_ITEMS.values).optional(),
  status: z.enum(SERVICE_REQUEST_STATUS.values).optional(),
  district: districtField.optional(),
  policyId: idParam('保单').optional(),
  /** Submitted on or after / before these China dates. */
  from: dateOnlyField('提交开始日期').optional(),
  to: dateOnlyField('提交结束日期').optional(),
});
export const serviceRequestListQuery = pageQuery.extend(serviceRequestListFilters.shape).strict();

export const serviceRequestRow = z.object({
  id: z.number(),
  requestNo: z.string(),
  enterpriseId: z.number(),
  enterpriseName: z.string(),
  districtCode: z.string(),
  districtName: z.string(),
  policyId: z.number(),
  policyNo: z.string(),
  insurerId: z.number(),
  insurerName: z.string(),
  item: z.string(),
  itemLabel: z.string(),
  description: z.string(),
  wishedFrom: z.string(),
  wishedTo: z.string().nullable(),
  contactName: z.string(),
  contactPhone: z.string(),
  status: z.enum(SERVICE_REQUEST_STATUS.values),
  statusLabel: z.string(),
  /** The insurer's answer: the reason of a decline, or a note with an acceptance. */
  answerRemark: z.string(),
  answeredAt: z.string().nullable(),
  answeredByName: z.string(),
  /** The service plan made from it (已安排), once there is one. */
  planId: z.number().nullable(),
  scheduledAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
  /**
   * For the insurer: its open project (待制定计划 or 进行中) covering the request's policy, where the plan
   * answering an accepted request is made; null when there is none (or for others).
   */
  projectId: z.number().nullable(),
  /** plan: the insurer may make the plan of this accepted request now (in projectId). */
  actions: z.object({ answer: z.boolean(), withdraw: z.boolean(), plan: z.boolean() }),
});
export type ServiceRequestRow = z.infer<typeof serviceRequestRow>;

/** /api/serviceRequest/policies: the enterprise's policies in force, to choose the insurer asked. */
export const serviceRequestPolicy = z.object({
  policyId: z.number(),
  policyNo: z.string(),
  insurerId: z.number(),
  insurerName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type ServiceRequestPolicy = z.infer<typeof serviceRequestPolicy>;
