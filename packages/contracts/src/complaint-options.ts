/**
 * Zod-free option lists of complaints (投诉, domain 2.12, 3.7; AQ 9010 complaint handling), the
 * satisfaction items of spec 9 (满意度评价) and the annual service evaluation (服务评估, domain 2.12).
 * Request and response schemas: complaint.ts and evaluation.ts.
 */
import { defineOptions, type OptionValue } from './options.ts';

/**
 * The complaint machine (domain 3.7): 1 已提交 → 2 已受理 → 3 办理中 → 4 已答复 → the complainant confirms:
 * 满意 → 5 办结; 不满意 → 3 办理中 (re-opened) or 6 已转监管 (escalated to the regulator, who takes it over,
 * orders a re-handling or closes it).
 */
export const ComplaintState = {
  SUBMITTED: 1,
  ACCEPTED: 2,
  HANDLING: 3,
  ANSWERED: 4,
  CLOSED: 5,
  ESCALATED: 6,
} as const;
export const COMPLAINT_STATES = defineOptions([
  { value: 1, label: '已提交', color: 'default' },
  { value: 2, label: '已受理', color: 'processing' },
  { value: 3, label: '办理中', color: 'processing' },
  { value: 4, label: '已答复', color: 'warning' },
  { value: 5, label: '办结', color: 'success' },
  { value: 6, label: '已转监管', color: 'error' },
]);
export type ComplaintStateValue = OptionValue<typeof COMPLAINT_STATES>;
/** States in which the handler still owes a reply (the deadline runs). */
export const COMPLAINT_OPEN_STATES: readonly number[] = [1, 2, 3, 6];

/** 被投诉人类型: who the complaint is against (domain 2.12). */
export const COMPLAINT_TARGET_KINDS = defineOptions([
  { value: 'insurer', label: '保险机构' },
  { value: 'service', label: '服务机构' },
  { value: 'expert', label: '专家' },
  { value: 'platform', label: '平台' },
]);
export type ComplaintTargetKind = OptionValue<typeof COMPLAINT_TARGET_KINDS>;

/** 投诉类别. */
export const COMPLAINT_CATEGORIES = defineOptions([
  { value: '01', label: '承保服务' },
  { value: '02', label: '理赔服务' },
  { value: '03', label: '事故预防服务' },
  { value: '04', label: '服务态度' },
  { value: '05', label: '收费问题' },
  { value: '06', label: '平台使用' },
  { value: '99', label: '其他' },
]);
export type ComplaintCategory = OptionValue<typeof COMPLAINT_CATEGORIES>;

/** The record a complaint may concern (only one the complainant can see). */
export const COMPLAINT_RELATED_KINDS = defineOptions([
  { value: 'policy', label: '保单' },
  { value: 'claim', label: '理赔案件' },
  { value: 'plan', label: '事故预防服务' },
]);
export type ComplaintRelatedKind = OptionValue<typeof COMPLAINT_RELATED_KINDS>;

/** The kind of unit that handles a complaint (办理单位). */
export const COMPLAINT_HANDLER_KINDS = defineOptions([
  { value: 'insurer', label: '保险机构' },
  { value: 'admin', label: '运营中心' },
  { value: 'government', label: '监管部门' },
]);
export type ComplaintHandlerKind = OptionValue<typeof COMPLAINT_HANDLER_KINDS>;

/** The steps of a complaint's timeline (投诉办理过程). */
export const COMPLAINT_STEPS = defineOptions([
  { value: 'submit', label: '提交投诉' },
  { value: 'accept', label: '受理' },
  { value: 'verify', label: '需核实（答复期限延至30个工作日）' },
  { value: 'note', label: '办理记录' },
  { value: 'reply', label: '答复' },
  { value: 'extendRequest', label: '申请延期' },
  { value: 'extendApprove', label: '同意延期' },
  { value: 'extendReject', label: '不同意延期' },
  { value: 'satisfied', label: '确认满意' },
  { value: 'reopen', label: '不满意，要求重新办理' },
  { value: 'escalate', label: '不满意，提请监管部门处理' },
  { value: 'takeOver', label: '监管部门接办' },
  { value: 'reassign', label: '监管部门转办' },
  { value: 'rehandle', label: '监管部门责令重新办理' },
  { value: 'close', label: '办结' },
  { value: 'nearDeadline', label: '临近答复期限' },
  { value: 'overdue', label: '超过答复期限' },
]);
export type ComplaintStep = OptionValue<typeof COMPLAINT_STEPS>;

/** What the complainant chooses when not satisfied. */
export const COMPLAINT_UNSATISFIED_CHOICES = defineOptions([
  { value: 'reopen', label: '要求原办理单位重新办理' },
  { value: 'escalate', label: '提请监管部门处理' },
]);

/** Setting keys (platform settings, with these defaults) of the complaint timers. */
export const COMPLAINT_TIMER_DEFAULTS = {
  /** complaint.replyDays: working days from acceptance to the reply deadline (AQ 9010). */
  replyDays: 10,
  /** complaint.verifyDays: working days when verification is needed. */
  verifyDays: 30,
  /** complaint.maxExtensionDays: calendar days of the one extension, at most. */
  maxExtensionDays: 30,
  /** complaint.warnDays: working days before the deadline that warn the handler. */
  warnDays: 2,
} as const;

/** Kinds of a day in the administrator's working-day calendar (years the package does not cover). */
export const WORK_DAY_KINDS = defineOptions([
  { value: 'holiday', label: '法定节假日（休息）' },
  { value: 'workday', label: '调休上班' },
]);
export type WorkDayKind = OptionValue<typeof WORK_DAY_KINDS>;

/** Where a calendar year's working days come from. */
export const WORK_CALENDAR_SOURCES = defineOptions([
  { value: 'package', label: '内置日历（国务院办公厅通知）' },
  { value: 'custom', label: '管理员维护' },
  { value: 'none', label: '未维护（仅按周末计算）' },
]);

// ---------------------------------------------------------------------------------------------------
// Satisfaction (满意度评价, spec 9)
// ---------------------------------------------------------------------------------------------------

/**
 * The four satisfaction items of spec 9 and where each is gathered: 投保满意度 when a policy is issued (the
 * enterprise answers), 理赔满意度 when a claim closes (the claim's own satisfaction), 企业配合度 when the
 * enterprise confirms a prevention record (the enterprise rates the service), 被服务单位配合度 at the follow-up
 * visit (the provider rates the enterprise's cooperation). Scores 1-5 (SATISFACTION_SCORES); 4 and 5 count
 * as satisfied.
 */
export const SATISFACTION_ITEM_OPTIONS = defineOptions([
  { value: 'policy', label: '投保满意度' },
  { value: 'claim', label: '理赔满意度' },
  { value: 'record', label: '企业配合度' },
  { value: 'followUp', label: '被服务单位配合度' },
]);
export type SatisfactionItem = OptionValue<typeof SATISFACTION_ITEM_OPTIONS>;
/** A score at or above this counts as satisfied in rates. */
export const SATISFIED_SCORE = 4;

export const SATISFACTION_GROUPS = defineOptions([
  { value: 'insurer', label: '按保险机构' },
  { value: 'service', label: '按服务机构' },
  { value: 'district', label: '按区县' },
]);
export type SatisfactionGroup = OptionValue<typeof SATISFACTION_GROUPS>;

// ---------------------------------------------------------------------------------------------------
// Service evaluation (服务评估, AQ 9010 §8, domain 2.12)
// ---------------------------------------------------------------------------------------------------

export const AP_EVAL_TYPES = defineOptions([
  { value: '01', label: '年度评估' },
  { value: '02', label: '专项评估' },
  { value: '03', label: '第三方评估' },
]);
export type ApEvalType = OptionValue<typeof AP_EVAL_TYPES>;

export const AP_EVAL_RESULTS = defineOptions([
  { value: 'excellent', label: '优秀', color: 'green' },
  { value: 'good', label: '良好', color: 'blue' },
  { value: 'pass', label: '合格', color: 'default' },
  { value: 'fail', label: '不合格', color: 'red' },
]);
export type ApEvalResult = OptionValue<typeof AP_EVAL_RESULTS>;

/** The evaluation report: at most this many bytes (10 MB). */
export const AP_EVAL_REPORT_MAX_BYTES = 10 * 1024 * 1024;
