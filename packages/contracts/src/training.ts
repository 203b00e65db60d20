/** Training sessions (培训, service item 01) and enterprises' sign-ups: request and response schemas (issue 13). */
import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import {
  dateOnlyField,
  dateTimeStr,
  districtField,
  editPhoneField,
  fileIdField,
  idParam,
  personName,
  phoneField,
} from './fields.ts';
import { WS_INDUSTRIES } from './industry-options.ts';
import { rangedNumber } from './number-field.ts';
import {
  TRAINING_LIMITS,
  TRAINING_MODES,
  TRAINING_PHASES,
  TRAINING_SIGNUP_STATUS,
  TRAINING_STATUS,
  TRAINING_VIEWS,
} from './training-options.ts';

const versionField = z.number().int().positive('请提供数据版本号');
const fileList = (label: string) =>
  z
    .array(fileIdField, { error: `${label}须为文件编号列表` })
    .max(TRAINING_LIMITS.files, `${label}最多${TRAINING_LIMITS.files}个文件`)
    .refine((ids) => new Set(ids.map((i) => i.toLowerCase())).size === ids.length, `${label}中有重复的文件`);

/** A URL for an online session. */
const onlineLinkField = z
  .string()
  .trim()
  .max(500, '线上培训链接不能超过500个字符')
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), '线上培训链接须以 http:// 或 https:// 开头');

const trainingFields = z.object({
  topic: z.string().trim().min(2, '培训主题至少2个字').max(100, '培训主题不能超过100个字'),
  mode: z.enum(TRAINING_MODES.values, '培训形式须为线上或线下'),
  /** China time 'YYYY-MM-DD HH:mm[:ss]' or ISO 8601 with an offset. */
  startsAt: dateTimeStr,
  endsAt: dateTimeStr,
  place: z.string().trim().max(200, '培训地点不能超过200个字').default(''),
  onlineLink: onlineLinkField.default(''),
  capacity: rangedNumber('培训名额', TRAINING_LIMITS.capacity),
  targetDistricts: z
    .array(districtField, { error: '请选择面向的区县' })
    .min(1, '请至少选择一个面向的区县')
    .max(5)
    .refine((a) => new Set(a).size === a.length, '面向的区县有重复'),
  /** Top-level work-safety industries (AQ01…AQ09); empty: every industry. */
  targetIndustries: z
    .array(z.enum(WS_INDUSTRIES.values, '面向的行业须为安责险行业大类代码（AQ01-AQ09）'))
    .max(9)
    .refine((a) => new Set(a).size === a.length, '面向的行业有重复')
    .default([]),
  description: z.string().trim().max(2000, '培训说明不能超过2000个字').default(''),
  contactName: z.string().trim().max(20, '联系人最多20个字').default(''),
  contactPhone: z.union([z.literal(''), editPhoneField]).default(''),
  /** Course materials (课件、讲义) as stored files. */
  materials: fileList('培训资料').default([]),
});

function placeCheck(
  v: { mode: 'offline' | 'online'; place: string; onlineLink: string; startsAt: Date; endsAt: Date },
  ctx: z.RefinementCtx,
) {
  if (v.endsAt <= v.startsAt)
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: '结束时间须晚于开始时间' });
  if (v.mode === 'offline' && v.place === '')
    ctx.addIssue({ code: 'custom', path: ['place'], message: '线下培训请填写培训地点' });
  if (v.mode === 'online' && v.onlineLink === '')
    ctx.addIssue({ code: 'custom', path: ['onlineLink'], message: '线上培训请填写培训链接' });
}

/** /api/training/add: an insurer, service organisation or expert panel publishes a session. */
export const trainingInput = trainingFields.strict().superRefine(placeCheck);
export type TrainingInput = z.input<typeof trainingInput>;
/** /api/training/edit: the publisher changes a session that has not started. */
export const trainingEditInput = trainingFields
  .extend({ id: z.number().int().positive(), version: versionField })
  .strict()
  .superRefine(placeCheck);

/** /api/training/cancel: the publisher calls a session off before it ends (signed-up enterprises are told). */
export const trainingCancelInput = z
  .object({
    id: z.number().int().positive(),
    version: versionField,
    reason: z.string().trim().min(2, '请填写取消原因（至少2个字）').max(200, '取消原因不能超过200个字'),
  })
  .strict();

/** One enterprise's attendance in /api/training/attendance. */
export const trainingAttendanceItem = z
  .object({
    signUpId: z.number().int().positive(),
    attended: z.boolean({ error: '请选择是否参加' }),
    attendeeCount: rangedNumber('实到人数', TRAINING_LIMITS.attendees),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.attended && v.attendeeCount < 1)
      ctx.addIssue({ code: 'custom', path: ['attendeeCount'], message: '已参加的企业实到人数至少为1' });
    if (!v.attended && v.attendeeCount !== 0)
      ctx.addIssue({ code: 'custom', path: ['attendeeCount'], message: '未参加的企业实到人数应为0' });
  });

/**
 * /api/training/attendance: after the start, the publisher records who came (every sign-up), a summary and
 * at least one photo; the session becomes 已完成 and counts as a type-01 service for each attending enterprise.
 * Sent again (with the new version) it corrects the record.
 */
export const trainingAttendanceInput = z
  .object({
    id: z.number().int().positive(),
    version: versionField,
    summary: z
      .string()
      .trim()
      .min(5, '请填写培训情况说明（至少5个字）')
      .max(2000, '培训情况说明不能超过2000个字'),
    photos: fileList('培训照片').refine((a) => a.length >= 1, '请至少上传一张培训现场照片'),
    materials: fileList('培训资料').default([]),
    attendance: z.array(trainingAttendanceItem).max(2000),
  })
  .strict();

/** /api/training/signUp: an enterprise signs up for a session it is eligible for. */
export const trainingSignUpInput = z
  .object({
    trainingId: z.number().int().positive(),
    participants: rangedNumber('报名人数', TRAINING_LIMITS.participants),
    contactName: personName('联系人'),
    contactPhone: phoneField,
    remark: z.string().trim().max(200, '备注不能超过200个字').default(''),
  })
  .strict();
export type TrainingSignUpInput = z.input<typeof trainingSignUpInput>;

/** /api/training/cancelSignUp: the enterprise cancels its sign-up before the session starts. */
export const trainingSignUpCancelInput = z
  .object({ id: z.number().int().positive(), version: versionField })
  .strict();

/** The filters of the training lists, written once: list (paged) and export. */
export const trainingListFilters = z.object({
  /** Enterprise only: open sessions it may join (default) or its own sign-ups. */
  view: z.enum(TRAINING_VIEWS.values).optional(),
  keyword: z.string().trim().max(100, '关键词不能超过100个字符').optional(),
  mode: z.enum(TRAINING_MODES.values).optional(),
  phase: z.enum(TRAINING_PHASES.values).optional(),
  district: districtField.optional(),
  publisherId: idParam('发布机构').optional(),
  /** Sessions starting on or after this China date. */
  from: dateOnlyField('开始日期').optional(),
  /** Sessions starting on or before this China date. */
  to: dateOnlyField('结束日期').optional(),
});
export const trainingListQuery = pageQuery.extend(trainingListFilters.shape).strict();
export const trainingExportQuery = trainingListFilters.strict();

/** A stored file of a session (material or photo). */
export const trainingFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  kind: z.string(),
});

/** The caller's own sign-up (enterprise). */
export const trainingSignUpRow = z.object({
  id: z.number(),
  trainingId: z.number(),
  enterpriseId: z.number(),
  enterpriseName: z.string(),
  districtCode: z.string(),
  districtName: z.string(),
  participants: z.number(),
  contactName: z.string(),
  contactPhone: z.string(),
  remark: z.string(),
  status: z.enum(TRAINING_SIGNUP_STATUS.values),
  statusLabel: z.string(),
  signedAt: z.string(),
  cancelledAt: z.string().nullable(),
  /** null until the publisher records attendance. */
  attended: z.boolean().nullable(),
  attendeeCount: z.number().nullable(),
  version: z.number(),
});
export type TrainingSignUpRow = z.infer<typeof trainingSignUpRow>;

export const trainingRow = z.object({
  id: z.number(),
  topic: z.string(),
  mode: z.enum(TRAINING_MODES.values),
  modeLabel: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string(),
  onlineLink: z.string(),
  capacity: z.number(),
  /** Persons signed up (active sign-ups) and the seats left. */
  signedParticipants: z.number(),
  signedEnterprises: z.number(),
  seatsLeft: z.number(),
  targetDistricts: z.array(z.string()),
  targetDistrictNames: z.string(),
  targetIndustries: z.array(z.string()),
  /** '全部行业' when the session targets every industry. */
  targetIndustryNames: z.string(),
  status: z.enum(TRAINING_STATUS.values),
  statusLabel: z.string(),
  phase: z.enum(TRAINING_PHASES.values),
  phaseLabel: z.string(),
  publisherId: z.number(),
  publisherName: z.string(),
  publisherType: z.string(),
  publisherTypeLabel: z.string(),
  /** After attendance is recorded: enterprises that came and persons who came. */
  attendedEnterprises: z.number(),
  attendees: z.number(),
  createdAt: z.string(),
  version: z.number(),
  /** The caller enterprise's active (or latest) sign-up. */
  mySignUp: trainingSignUpRow.nullable(),
  /** What the caller may do now. */
  actions: z.object({
    edit: z.boolean(),
    cancel: z.boolean(),
    record: z.boolean(),
    signUp: z.boolean(),
    cancelSignUp: z.boolean(),
  }),
});
export type TrainingRow = z.infer<typeof trainingRow>;

export const trainingDetail = trainingRow.extend({
  description: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  materials: z.array(trainingFile),
  photos: z.array(trainingFile),
  summary: z.string(),
  recordedAt: z.string().nullable(),
  cancelReason: z.string(),
  cancelledAt: z.string().nullable(),
  /** Publisher and regulators: every sign-up; an enterprise: its own. */
  signUps: z.array(trainingSignUpRow),
});
export type TrainingDetail = z.infer<typeof trainingDetail>;
