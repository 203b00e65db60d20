/** Zod-free option lists of policies (domain 1.4, 1.5, 2.2, 2.6, 3.2). */
import { defineOptions, type OptionValue } from './options.ts';

export const COINSURE_ROLES = defineOptions([
  { value: '01', label: '主承' },
  { value: '02', label: '跟单' },
  { value: '03', label: '独立承保' },
]);

export const SERVICE_ITEMS = defineOptions([
  { value: '01', label: '安全生产宣传教育培训' },
  { value: '02', label: '安全风险辨识、评估和安全评价' },
  { value: '03', label: '生产安全事故隐患排查' },
  { value: '04', label: '安全生产标准化建设' },
  { value: '05', label: '生产安全事故应急预案编制和演练' },
  { value: '06', label: '安全生产科技推广应用' },
  { value: '07', label: '其他有关事故预防工作' },
]);

/** Rate floating factor kinds (domain 1.4); each factor on a policy carries its percentage and reason. */
export const RATE_FACTORS = defineOptions([
  { value: 'accident', label: '事故记录' },
  { value: 'blacklist', label: '不良记录黑名单' },
  { value: 'stdGrade', label: '安全生产标准化等级' },
  { value: 'honour', label: '安全生产荣誉' },
  { value: 'hazard', label: '隐患整改情况' },
  { value: 'other', label: '其他' },
]);

/**
 * Policy states shown to users: the stored review state, and once approved the time-based state derived
 * from the dates at read time (domain 3.2).
 */
export const POLICY_STATES = defineOptions([
  { value: 'draft', label: '草稿', color: 'default' },
  { value: 'submitted', label: '待审核', color: 'processing' },
  { value: 'rejected', label: '审核不通过', color: 'error' },
  { value: 'pending', label: '待生效', color: 'cyan' },
  { value: 'active', label: '保障中', color: 'success' },
  { value: 'expiring', label: '即将到期', color: 'warning' },
  { value: 'expired', label: '已过期', color: 'default' },
  { value: 'cancelled', label: '已注销', color: 'default' },
]);
export type PolicyState = OptionValue<typeof POLICY_STATES>;
/** The states of an issued policy (approved, or cancelled after issue): the list filter 'issued'. */
export const POLICY_ISSUED_STATES: readonly PolicyState[] = [
  'pending',
  'active',
  'expiring',
  'expired',
  'cancelled',
];
/**
 * What the policy list filters by: a state, or 'valid' (in force today) or 'issued' (any issued state,
 * POLICY_ISSUED_STATES).
 */
export const POLICY_STATE_FILTERS = [...POLICY_STATES.values, 'valid', 'issued'] as const;
export type PolicyStateFilter = (typeof POLICY_STATE_FILTERS)[number];
/** Stored review status of a policy. */
export type PolicyStatus = 'draft' | 'submitted' | 'approved' | 'rejected' | 'cancelled';
/** A policy is "expiring" when its end date falls within this many days from today (today included). */
export const POLICY_EXPIRING_DAYS = 30;
