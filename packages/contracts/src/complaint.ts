/**
 * Complaints (投诉, domain 1.5 AQ 9010, 2.12, 3.7) and the administrator's working-day calendar. Option lists
 * and labels: complaint-options.ts (zod-free). Satisfaction (满意度评价) and the service evaluation (服务评估):
 * evaluation.ts.
 *
 * Routes (all answers are the platform envelope; `?x` = query parameters, *body* = JSON body; out-of-scope
 * ids answer 404 exactly like missing ones; writes carry `version`, 409 when stale; the create takes an
 * optional Idempotency-Key header). "Complainant" = enterprise, insurer, service organisation or expert
 * (the organisation that filed it); "handler" = the unit the complaint is routed to: the insurer complained
 * about (also for complaints about a service organisation / expert it commissioned), the operations centre
 * (admin) for the platform, or the regulator once it took over.
 *
 * | Method | URL | Permission | Who | Input → data |
 * |---|---|---|---|---|
 * | POST | /api/complaint/targets | complaint.add | complainants | `?kind&keyword` (complaintTargetQuery) → complaintTarget[] |
 * | POST | /api/complaint/related | complaint.add | complainants | `?kind&keyword` (complaintRelatedQuery) → complaintRelated[] (only records the caller can see) |
 * | POST | /api/complaint/add | complaint.add | complainants | body complaintCreateInput → { id } |
 * | POST | /api/complaint/list | complaint.query | complainant (view=filed: its own), insurer/admin (view=handled: handled by it or against it / its commissioned providers), government (its districts, view ignored) | complaintListQuery → page of complaintRow (overdue first, then deadline) |
 * | GET | /api/complaint/export | complaint.query | insurer/admin (view=handled), government | complaintListFilters → .xlsx |
 * | POST | /api/complaint/detail | complaint.get | as list | `?id` → complaintDetail (internal notes only for handler/government) |
 * | GET | /api/complaint/file | complaint.get | as detail | `?id&fileId` → the attachment |
 * | POST | /api/complaint/accept | complaint.edit | handler (state 1) | body complaintAcceptInput → { id, version } |
 * | POST | /api/complaint/verify | complaint.edit | handler (2, 3; once) | body complaintVerifyInput → { id, version } (deadline: 30 working days from acceptance) |
 * | POST | /api/complaint/note | complaint.edit | handler (2, 3, 6 for government) | body complaintNoteInput → { id, version } (2 → 3) |
 * | POST | /api/complaint/reply | complaint.edit | handler (2, 3) | body complaintReplyInput → { id, version } (→ 4) |
 * | POST | /api/complaint/extend | complaint.edit | handler (2, 3; once, before the deadline) | body complaintExtendInput → { id, version } |
 * | POST | /api/complaint/extend/decide | complaint.edit | government of the district | body complaintExtendDecideInput → { id, version } |
 * | POST | /api/complaint/confirm | complaint.add | the complainant (state 4) | body complaintConfirmInput → { id, version } (→ 5, 3 or 6) |
 * | POST | /api/complaint/takeOver | complaint.edit | government (1, 2, 3, 4, 6) | body complaintGovInput → { id, version } (→ 3, handler = government) |
 * | POST | /api/complaint/reassign | complaint.edit | government (1, 2, 3, 6) | body complaintReassignInput → { id, version } (→ 1 with the new handler) |
 * | POST | /api/complaint/rehandle | complaint.edit | government (4, 6) | body complaintGovInput → { id, version } (→ 3, new deadline) |
 * | POST | /api/complaint/close | complaint.edit | government (any but 5) | body complaintCloseInput → { id, version } (→ 5) |
 * | POST | /api/complaint/stats | complaint.query | government (its districts), insurer/admin (handled) | complaintStatsQuery → complaintStats |
 * | POST | /api/complaint/timers/run | setting.edit | admin | — → { warned, overdue } (the hourly job: near-deadline warnings to the handler, overdue flags to handler and regulators) |
 * | POST | /api/workCalendar/get | setting.query | admin | `?year` → workCalendar |
 * | POST | /api/workCalendar/save | setting.edit | admin | body workCalendarSaveInput → { year, version } |
 *
 * Satisfaction and service evaluation routes: see evaluation.ts.
 */
import { z } from 'zod';
import { SATISFACTION_SCORES } from './claim-options.ts';
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_RELATED_KINDS,
  COMPLAINT_STATES,
  COMPLAINT_TARGET_KINDS,
  COMPLAINT_TIMER_DEFAULTS,
  WORK_DAY_KINDS,
} from './complaint-options.ts';
import { pageQuery } from './envelope.ts';
import { dateStr, fileIdsField, phoneField, queryBool } from './fields.ts';
import { attachmentFile } from './file.ts';

const id = z.number().int().positive();
const version = z.number().int().positive('请提供数据版本号');
const qId = z.coerce.number<number>().int().positive();
const text = (label: string, max: number) => z.string().trim().max(max, `${label}最多${max}个字`);
const required = (label: string, min: number, max: number) =>
  z.string().trim().min(min, `请填写${label}（至少${min}个字）`).max(max, `${label}最多${max}个字`);

// ---------------------------------------------------------------------------------------------------
// Filing (新增投诉)
// ---------------------------------------------------------------------------------------------------

export const complaintTargetKind = z.enum(
  COMPLAINT_TARGET_KINDS.values,
  '被投诉人类型须为保险机构、服务机构、专家或平台',
);

/** /api/complaint/targets: who can be complained about (picker). */
export const complaintTargetQuery = z
  .object({
    kind: complaintTargetKind,
    keyword: z.string().trim().max(50).optional(),
  })
  .strict();
export const complaintTarget = z.object({
  orgId: z.number(),
  name: z.string(),
  uscc: z.string(),
  /** The insurer that handles a complaint against this unit (service/expert: its commissioning insurer). */
  handlerName: z.string(),
});
export type ComplaintTarget = z.infer<typeof complaintTarget>;

/** /api/complaint/related: the caller's own policies / claims / prevention services (picker). */
export const complaintRelatedQuery = z
  .object({
    kind: z.enum(COMPLAINT_RELATED_KINDS.values, '关联业务类型须为保单、理赔案件或事故预防服务'),
    keyword: z.string().trim().max(50).optional(),
  })
  .strict();
export const complaintRelated = z.object({
  kind: z.string(),
  id: z.number(),
  /** e.g. the policy number, the claim number, the plan's name and date. */
  label: z.string(),
  /** The insurer of the record (suggested as the target). */
  insurerOrgId: z.number().nullable(),
  insurerName: z.string(),
  /** The service/expert organisation of a prevention service. */
  providerOrgId: z.number().nullable(),
  providerName: z.string(),
});
export type ComplaintRelated = z.infer<typeof complaintRelated>;

/** /api/complaint/add (complainant; Idempotency-Key). The complainant's name and USCC come from its organisation. */
export const complaintCreateInput = z
  .object({
    targetKind: complaintTargetKind,
    /** The organisation complained about; null (omitted) for the platform. */
    targetOrgId: id.nullable().default(null),
    category: z.enum(COMPLAINT_CATEGORIES.values, '请选择投诉类别'),
    title: required('投诉标题', 2, 50),
    /** 投诉内容. */
    content: required('投诉内容', 10, 2000),
    /** 诉求. */
    demand: required('投诉诉求', 2, 1000),
    contactName: z.string().trim().min(2, '联系人至少2个字').max(20, '联系人最多20个字'),
    contactPhone: phoneField,
    attachments: fileIdsField.default([]),
    relatedKind: z
      .enum(COMPLAINT_RELATED_KINDS.values, '关联业务类型须为保单、理赔案件或事故预防服务')
      .nullable()
      .default(null),
    relatedId: id.nullable().default(null),
  })
  .strict()
  .refine((v) => (v.targetKind === 'platform') === (v.targetOrgId === null), {
    message: '请选择被投诉的单位（投诉平台时不选）',
    path: ['targetOrgId'],
  })
  .refine((v) => (v.relatedKind === null) === (v.relatedId === null), {
    message: '请同时选择关联业务类型和关联的业务记录',
    path: ['relatedId'],
  });
export type ComplaintCreateInput = z.infer<typeof complaintCreateInput>;

// ---------------------------------------------------------------------------------------------------
// Handling actions
// ---------------------------------------------------------------------------------------------------

const action = { id, version };

/** /api/complaint/accept (handler, 已提交): 受理; the reply deadline starts (10 working days). */
export const complaintAcceptInput = z.object({ ...action, note: text('受理意见', 500).default('') }).strict();
export type ComplaintAcceptInput = z.infer<typeof complaintAcceptInput>;

/** /api/complaint/verify (handler): verification needed — the deadline becomes 30 working days from acceptance. */
export const complaintVerifyInput = z
  .object({ ...action, reason: required('需核实的事项', 2, 500) })
  .strict();
export type ComplaintVerifyInput = z.infer<typeof complaintVerifyInput>;

/** /api/complaint/note (handler): a handling record; internal ones are hidden from the complainant. */
export const complaintNoteInput = z
  .object({ ...action, text: required('办理记录', 2, 1000), internal: z.boolean().default(true) })
  .strict();
export type ComplaintNoteInput = z.infer<typeof complaintNoteInput>;

/** /api/complaint/reply (handler): the reply of AQ 9010 — the facts found, their basis and the measures. */
export const complaintReplyInput = z
  .object({
    ...action,
    facts: required('调查核实的事实', 5, 2000),
    basis: required('处理依据', 2, 1000),
    measures: required('处理措施', 2, 1000),
    attachments: fileIdsField.default([]),
  })
  .strict();
export type ComplaintReplyInput = z.infer<typeof complaintReplyInput>;

/** /api/complaint/extend (handler): one extension of at most 30 days, with the reason told to the complainant. */
export const complaintExtendInput = z
  .object({
    ...action,
    days: z
      .number({ error: '请填写延期天数' })
      .int('延期天数须为整数')
      .min(1, '延期天数至少1天')
      .max(
        COMPLAINT_TIMER_DEFAULTS.maxExtensionDays,
        `延期天数不能超过${COMPLAINT_TIMER_DEFAULTS.maxExtensionDays}天`,
      ),
    reason: required('延期理由', 5, 500),
  })
  .strict();
export type ComplaintExtendInput = z.infer<typeof complaintExtendInput>;

/** /api/complaint/extend/decide (government): approves or refuses the pending extension. */
export const complaintExtendDecideInput = z
  .object({
    ...action,
    approve: z.boolean({ error: '请选择是否同意延期' }),
    opinion: text('审批意见', 500).default(''),
  })
  .strict()
  .refine((v) => v.approve || v.opinion !== '', { message: '不同意延期时请填写审批意见', path: ['opinion'] });
export type ComplaintExtendDecideInput = z.infer<typeof complaintExtendDecideInput>;

/** /api/complaint/confirm (the complainant, 已答复): satisfied → 办结; not satisfied → re-open or escalate. */
export const complaintConfirmInput = z
  .object({
    ...action,
    satisfied: z.boolean({ error: '请选择是否满意' }),
    /** When not satisfied: back to the handler (reopen) or to the regulator (escalate). */
    choice: z
      .enum(['reopen', 'escalate'], '不满意时请选择要求重新办理或提请监管部门处理')
      .nullable()
      .default(null),
    /** 1-5, optional; counts in the satisfaction rate. */
    score: z.literal(SATISFACTION_SCORES.values, '满意度评分为1-5').nullable().default(null),
    opinion: text('意见', 500).default(''),
  })
  .strict()
  .refine((v) => v.satisfied || v.choice !== null, {
    message: '不满意时请选择要求重新办理或提请监管部门处理',
    path: ['choice'],
  })
  .refine((v) => v.satisfied || v.opinion !== '', { message: '不满意时请说明理由', path: ['opinion'] });
export type ComplaintConfirmInput = z.infer<typeof complaintConfirmInput>;

/** /api/complaint/takeOver and /api/complaint/rehandle (government). */
export const complaintGovInput = z.object({ ...action, reason: required('理由', 2, 500) }).strict();
export type ComplaintGovInput = z.infer<typeof complaintGovInput>;

/** /api/complaint/reassign (government): to another insurer or to the operations centre (handlerOrgId null). */
export const complaintReassignInput = z
  .object({
    ...action,
    handlerKind: z.enum(['insurer', 'admin'], '转办对象须为保险机构或运营中心'),
    handlerOrgId: id.nullable().default(null),
    reason: required('转办理由', 2, 500),
  })
  .strict()
  .refine((v) => (v.handlerKind === 'insurer') === (v.handlerOrgId !== null), {
    message: '转办给保险机构时请选择保险机构',
    path: ['handlerOrgId'],
  });
export type ComplaintReassignInput = z.infer<typeof complaintReassignInput>;

/** /api/complaint/close (government): closes with the handling result (办理结果). */
export const complaintCloseInput = z.object({ ...action, result: required('办理结果', 2, 1000) }).strict();
export type ComplaintCloseInput = z.infer<typeof complaintCloseInput>;

// ---------------------------------------------------------------------------------------------------
// Lists, detail, statistics
// ---------------------------------------------------------------------------------------------------

/** Filters of the list, written once (list and export). */
export const complaintListFilters = z.object({
  /** filed: complaints the caller's organisation filed; handled: those it handles or that are against it. */
  view: z.enum(['filed', 'handled'], '视图须为 filed 或 handled').default('filed'),
  state: z.coerce.number<number>().pipe(z.literal(COMPLAINT_STATES.values, '状态不正确')).optional(),
  targetKind: complaintTargetKind.optional(),
  category: z.enum(COMPLAINT_CATEGORIES.values, '投诉类别不正确').optional(),
  /** The unit complained about or handling it. */
  orgId: qId.optional(),
  districtCode: z
    .string()
    .regex(/^\d{6}$/, '区县代码为6位数字')
    .optional(),
  keyword: z.string().trim().max(50).optional(),
  /** Submitted on or after / on or before (YYYY-MM-DD, China time). */
  from: dateStr.optional(),
  to: dateStr.optional(),
  overdue: queryBool.optional(),
});
export const complaintListQuery = pageQuery.extend(complaintListFilters.shape).strict();
export type ComplaintListQuery = z.infer<typeof complaintListQuery>;

export const complaintRow = z.object({
  id: z.number(),
  /** 投诉编号, e.g. TS202611280001. */
  complaintNo: z.string(),
  title: z.string(),
  state: z.number(),
  stateLabel: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  targetKind: z.string(),
  targetKindLabel: z.string(),
  targetOrgId: z.number().nullable(),
  /** 被投诉人 ('平台' for the platform). */
  targetName: z.string(),
  /** 投诉人名称 / 统一社会信用代码 and its role key. */
  complainantName: z.string(),
  complainantUscc: z.string(),
  complainantRole: z.string(),
  /** 办理单位. */
  handlerKind: z.string(),
  handlerOrgId: z.number().nullable(),
  handlerName: z.string(),
  districtCode: z.string(),
  submittedAt: z.string(),
  acceptedAt: z.string().nullable(),
  /** The reply deadline (YYYY-MM-DD, China time; end of that day); null before acceptance. */
  deadline: z.string().nullable(),
  /** Working days from today to the deadline (negative when overdue); null without a deadline. */
  workDaysLeft: z.number().nullable(),
  nearDeadline: z.boolean(),
  /** The reply is owed and the deadline has passed. */
  overdue: z.boolean(),
  /** Replied after the deadline (counts against the handler). */
  repliedLate: z.boolean(),
  verificationNeeded: z.boolean(),
  extended: z.boolean(),
  repliedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** 投诉人确认: null until confirmed, then true (满意) / false (不满意). */
  satisfied: z.boolean().nullable(),
  version: z.number(),
});
export type ComplaintRow = z.infer<typeof complaintRow>;

export const complaintTimelineEntry = z.object({
  step: z.string(),
  stepLabel: z.string(),
  at: z.string(),
  actorName: z.string(),
  actorUnit: z.string(),
  text: z.string(),
  /** Internal notes are only in the handler's and the regulator's view. */
  internal: z.boolean(),
});
export type ComplaintTimelineEntry = z.infer<typeof complaintTimelineEntry>;

export const complaintDetail = complaintRow.extend({
  content: z.string(),
  demand: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  attachments: z.array(attachmentFile),
  related: z
    .object({ kind: z.string(), kindLabel: z.string(), id: z.number(), label: z.string() })
    .nullable(),
  verificationReason: z.string(),
  extension: z
    .object({
      days: z.number(),
      reason: z.string(),
      /** pending / approved / rejected. */
      state: z.string(),
      requestedAt: z.string(),
      decidedAt: z.string().nullable(),
      opinion: z.string(),
      /** The deadline before the extension. */
      previousDeadline: z.string().nullable(),
    })
    .nullable(),
  reply: z
    .object({
      facts: z.string(),
      basis: z.string(),
      measures: z.string(),
      attachments: z.array(attachmentFile),
      repliedAt: z.string(),
      repliedBy: z.string(),
    })
    .nullable(),
  confirmation: z
    .object({ satisfied: z.boolean(), score: z.number().nullable(), opinion: z.string(), at: z.string() })
    .nullable(),
  /** 办理结果 (the reply's measures, or the regulator's closing result). */
  result: z.string(),
  timeline: z.array(complaintTimelineEntry),
  /** What the caller may do now. */
  actions: z.object({
    accept: z.boolean(),
    verify: z.boolean(),
    note: z.boolean(),
    reply: z.boolean(),
    extend: z.boolean(),
    decideExtension: z.boolean(),
    confirm: z.boolean(),
    takeOver: z.boolean(),
    reassign: z.boolean(),
    rehandle: z.boolean(),
    close: z.boolean(),
  }),
});
export type ComplaintDetail = z.infer<typeof complaintDetail>;

export const complaintFileQuery = z
  .object({ id: qId, fileId: z.string().uuid('文件编号格式不正确') })
  .strict();

export const complaintStatsQuery = z
  .object({
    from: dateStr.optional(),
    to: dateStr.optional(),
    districtCode: z
      .string()
      .regex(/^\d{6}$/, '区县代码为6位数字')
      .optional(),
  })
  .strict();
export type ComplaintStatsQuery = z.infer<typeof complaintStatsQuery>;

const rates = {
  total: z.number(),
  /** Replies given, on time (by the deadline), and open complaints past their deadline. */
  replied: z.number(),
  onTime: z.number(),
  overdue: z.number(),
  /** onTime / replied in % (1 decimal); null when nothing was replied. */
  onTimeRate: z.number().nullable(),
  /** Confirmed by the complainant, and of those satisfied; rate in % or null. */
  confirmed: z.number(),
  satisfied: z.number(),
  satisfactionRate: z.number().nullable(),
};
export const complaintStats = z.object({
  totals: z.object(rates),
  byUnit: z.array(
    z.object({ handlerKind: z.string(), handlerOrgId: z.number().nullable(), name: z.string(), ...rates }),
  ),
  byCategory: z.array(z.object({ category: z.string(), label: z.string(), count: z.number() })),
  byTargetKind: z.array(z.object({ targetKind: z.string(), label: z.string(), count: z.number() })),
  /** YYYY-MM of submission. */
  byMonth: z.array(z.object({ month: z.string(), count: z.number() })),
});
export type ComplaintStats = z.infer<typeof complaintStats>;

// ---------------------------------------------------------------------------------------------------
// Working-day calendar (administrator; years the built-in package does not cover)
// ---------------------------------------------------------------------------------------------------

export const workCalendarQuery = z
  .object({ year: z.coerce.number<number>().int().min(2000, '年份不正确').max(2100, '年份不正确') })
  .strict();

export const workCalendarDay = z.object({
  date: z.string(),
  /** holiday (法定节假日休息) / workday (调休上班). */
  kind: z.string(),
  name: z.string(),
});
export const workCalendar = z.object({
  year: z.number(),
  /** package: the built-in calendar covers the year (read-only); custom: administrator's days; none. */
  source: z.string(),
  days: z.array(workCalendarDay),
  /** Years the built-in package covers. */
  packageYears: z.array(z.number()),
  /** 0 when the administrator never saved this year. */
  version: z.number(),
  updatedAt: z.string().nullable(),
});
export type WorkCalendar = z.infer<typeof workCalendar>;

/** /api/workCalendar/save (admin): replaces the year's holidays and make-up working days. */
export const workCalendarSaveInput = z
  .object({
    year: z.number().int().min(2000, '年份不正确').max(2100, '年份不正确'),
    /** 0 for a year never saved. */
    version: z.number().int().min(0),
    days: z
      .array(
        z
          .object({
            date: dateStr,
            kind: z.enum(WORK_DAY_KINDS.values, '日期类型须为法定节假日或调休上班'),
            name: z.string().trim().min(1, '请填写节日名称').max(20, '节日名称最多20个字'),
          })
          .strict(),
      )
      .max(100, '一年最多维护100个日期'),
  })
  .strict()
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.days.forEach((d, i) => {
      if (!d.date.startsWith(`${v.year}-`)) {
        ctx.addIssue({
          code: 'custom',
          message: `日期 ${d.date} 不在 ${v.year} 年内`,
          path: ['days', i, 'date'],
        });
      }
      if (seen.has(d.date)) {
        ctx.addIssue({ code: 'custom', message: `日期 ${d.date} 重复`, path: ['days', i, 'date'] });
      }
      seen.add(d.date);
      const dow = new Date(`${d.date}T00:00:00Z`).getUTCDay();
      if (d.kind === 'workday' && dow !== 0 && dow !== 6) {
        ctx.addIssue({
          code: 'custom',
          message: `调休上班日 ${d.date} 须为周六或周日`,
          path: ['days', i, 'kind'],
        });
      }
    });
  });
export type WorkCalendarSaveInput = z.infer<typeof workCalendarSaveInput>;
