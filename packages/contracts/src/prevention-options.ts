/**
 * Zod-free option lists and rules of accident prevention (事故预防, domain 1.5, 2.9-2.11, 3.5; spec 4, 9):
 * projects (服务合同), service plans and their records, hazards found by a check, follow-up visits and the
 * prevention fund ledger. The seven service items are SERVICE_ITEMS (policy-options.ts); their level-2
 * sub-types live in the data dictionary (category 033, admin-extendable) and come from
 * /api/prevention/serviceTypes.
 */
import type { RISK_LEVELS } from './enterprise-options.ts';
import { defineOptions, type OptionValue } from './options.ts';
import type { SERVICE_ITEMS } from './policy-options.ts';

export type ServiceItem = OptionValue<typeof SERVICE_ITEMS>;
/** Risk levels of a risk identification row (02): RISK_LEVELS of enterprise-options (the four colours). */
export type RiskLevel = OptionValue<typeof RISK_LEVELS>;

/** Project progress (domain 2.9 进度, 3.5): 1 awaiting a plan → 2 in progress (first plan) → 3 completed. */
export const PROJECT_STATES = defineOptions([
  { value: 1, label: '待制定计划', color: 'default' },
  { value: 2, label: '进行中', color: 'processing' },
  { value: 3, label: '已完成', color: 'success' },
]);
export type ProjectState = OptionValue<typeof PROJECT_STATES>;

/**
 * The project list filter of spec 4 (10 all, 1 established, 3 in progress, 7 ended) and the state each
 * filter code selects (10: none). A project whose period has ended counts as 已完成 whatever is stored.
 */
export const PROJECT_FILTERS = defineOptions([
  { value: 10, label: '全部' },
  { value: 1, label: '已成立' },
  { value: 3, label: '进行中' },
  { value: 7, label: '已结束' },
]);
export type ProjectFilter = OptionValue<typeof PROJECT_FILTERS>;
export const PROJECT_FILTER_STATE: Record<ProjectFilter, ProjectState | null> = {
  10: null,
  1: 1,
  3: 2,
  7: 3,
};

/** Service (plan) status codes of spec 4: 0 pending, 1 in progress (a record draft exists), 2 completed. */
export const PLAN_STATUSES = defineOptions([
  { value: 0, label: '待服务', color: 'default' },
  { value: 1, label: '服务中', color: 'processing' },
  { value: 2, label: '已完成', color: 'success' },
]);
export type PlanStatus = OptionValue<typeof PLAN_STATUSES>;

/** AQ 9010: before a visit the enterprise is told the items and time and confirms. */
export const VISIT_STATES = defineOptions([
  { value: 'unconfirmed', label: '待企业确认', color: 'warning' },
  { value: 'confirmed', label: '企业已确认', color: 'success' },
]);
export type VisitState = OptionValue<typeof VISIT_STATES>;

/** A service record: draft (saved, editable) → submitted (read-only, awaiting the enterprise) → confirmed. */
export const RECORD_STATES = defineOptions([
  { value: 'draft', label: '草稿', color: 'default' },
  { value: 'submitted', label: '待企业确认', color: 'processing' },
  { value: 'confirmed', label: '企业已确认', color: 'success' },
]);
export type RecordState = OptionValue<typeof RECORD_STATES>;

/** Hidden-danger level of a check (domain 2.10 type 03): 1 general, 2 major. */
export const HAZARD_LEVELS = defineOptions([
  { value: 1, label: '一般隐患', color: 'orange' },
  { value: 2, label: '重大隐患', color: 'red' },
]);
export type HazardLevel = OptionValue<typeof HAZARD_LEVELS>;

/** A hazard row's state (domain 2.10): 1 to be rectified, 2 rectified, 3 not rectified (deadline passed). */
export const HAZARD_STATES = defineOptions([
  { value: 1, label: '待整改', color: 'warning' },
  { value: 2, label: '已整改', color: 'success' },
  { value: 3, label: '未整改', color: 'error' },
]);
export type HazardState = OptionValue<typeof HAZARD_STATES>;

/** Check result counts of a hidden-danger check (domain 2.10 type 03). */
export const CHECK_RESULTS = defineOptions([
  { value: 'compliant', label: '符合' },
  { value: 'nonCompliant', label: '不符合' },
  { value: 'notApplicable', label: '不涉及' },
]);
export type CheckResult = OptionValue<typeof CHECK_RESULTS>;

/** Form of a training service (type 01). */
export const TRAINING_FORMS = defineOptions([
  { value: 'offline', label: '线下' },
  { value: 'online', label: '线上' },
]);
export type TrainingForm = OptionValue<typeof TRAINING_FORMS>;

/** The two satisfaction items of a follow-up visit (spec 9): both scored 1-5 (SATISFACTION_SCORES). */
export const FOLLOW_UP_ITEMS = defineOptions([
  { value: 'cooperation', label: '被服务单位配合度' },
  { value: 'rating', label: '企业对服务的满意度' },
]);

/** The prevention fund of a policy (domain 3.5): 待计提 → 可使用 → 使用中 → 已核销. */
export const FUND_STATES = defineOptions([
  { value: 'pending', label: '待计提', color: 'default' },
  { value: 'available', label: '可使用', color: 'success' },
  { value: 'inUse', label: '使用中', color: 'processing' },
  { value: 'writtenOff', label: '已核销', color: 'default' },
]);
export type FundState = OptionValue<typeof FUND_STATES>;

/**
 * Ledger entry kinds (append-only, AQ 9010 7.3/7.4): accrual, spend (a completed record posts one), a
 * reversal of an earlier entry (the only correction: nothing is ever changed or deleted) and the
 * write-off that closes the fund.
 */
export const FUND_ENTRY_KINDS = defineOptions([
  { value: 'accrue', label: '计提', color: 'green' },
  { value: 'spend', label: '支出', color: 'blue' },
  { value: 'reverse', label: '冲正', color: 'orange' },
  { value: 'writeOff', label: '核销', color: 'default' },
]);
export type FundEntryKind = OptionValue<typeof FUND_ENTRY_KINDS>;

/** How the service statement (服务报表) groups: by month, by service item, by enterprise. */
export const STATEMENT_GROUPS = defineOptions([
  { value: 'month', label: '按月份' },
  { value: 'item', label: '按服务项目' },
  { value: 'enterprise', label: '按被服务单位' },
]);
export type StatementGroup = OptionValue<typeof STATEMENT_GROUPS>;

/** 合同编号 (domain 2.9): 1-50 letters, digits and - # _ / \. */
export const CONTRACT_NO_PATTERN = /^[A-Za-z0-9\-#_/\\]{1,50}$/;
export const CONTRACT_NO_MESSAGE = '合同编号为1-50位字母、数字或 - # _ / \\ 字符';

/** Types 01-05 need at least one expert on a submitted record (domain 3.5). */
export const EXPERT_REQUIRED_ITEMS: readonly ServiceItem[] = ['01', '02', '03', '04', '05'];
/** Limits of a record (domain 2.10). */
export const RECORD_LIMITS = {
  /** Photos of one hazard row. */
  hazardPhotos: 10,
  /** Summary photos of a check (type 03). */
  checkPhotos: 6,
  /** Photos and files of a record. */
  files: 30,
  hazards: 200,
  rows: 200,
} as const;

/** Messages shared by server and web forms. */
export const PREVENTION_MESSAGES = {
  submitNeedsSummary: '请填写服务情况说明后再提交',
  submitNeedsFile: '请至少上传一张照片或一个文件后再提交',
  submitNeedsExpert: '该服务项目须至少选择一名服务专家后再提交',
  readOnly: '服务记录已提交，不能再修改',
  fundRatioCap: (ratio: number, cap: number) =>
    `事故预防费用比例${ratio}%超过上限${cap}%（不高于实收保费的${cap}%），请调低比例`,
  fundOverspent: (spend: number, available: number, accrued: number) =>
    `支出金额${spend.toFixed(2)}元超过可用的事故预防费用：已计提${accrued.toFixed(2)}元，尚可使用${available.toFixed(2)}元`,
} as const;

/**
 * The stored project state as users see it (domain 3.5): a project whose period ended (end date before
 * today, China dates YYYY-MM-DD) is 已完成 whatever the plans say.
 */
export function effectiveProjectState(state: ProjectState, endDate: string, today: string): ProjectState {
  return state !== 3 && endDate < today ? 3 : state;
}

/** The fund state from its figures (domain 3.5), cents. */
export function fundState(accruedCents: number, spentCents: number, writtenOff: boolean): FundState {
  if (writtenOff) return 'writtenOff';
  if (accruedCents <= 0) return 'pending';
  return spentCents > 0 ? 'inUse' : 'available';
}
