/**
 * Zod-free option lists of hidden dangers (隐患), rectification (整改), enterprise risk (风险分级), alarms
 * (预警) and supervised enterprises (监管对象): domain 1.8, 2.11, 3.6 and the spec 3/4 codes.
 *
 * Reused from elsewhere (not repeated here): RECTIFY_STATUS (spec 4: −1 待整改, 0 待审核, 1 已完成, 2 已驳回)
 * and MAJOR_FLAG / MAJOR_FLAG_EXT (spec 3: 1 重大, 0 一般; 2 较大, 3 低) of options.ts; HAZARD_LEVELS (the
 * stored level: 1 一般, 2 重大, domain 2.10) of prevention-options.ts; RISK_LEVELS (1 重大 red, 2 较大 orange,
 * 3 一般 gold, 4 低 blue) of enterprise-options.ts.
 */
import { defineOptions, type OptionValue } from './options.ts';

/** Where a hazard was found. */
export const HAZARD_SOURCES = defineOptions([
  { value: 1, label: '服务机构/专家排查', color: 'processing' },
  { value: 2, label: '保险机构排查', color: 'purple' },
  { value: 3, label: '企业自查', color: 'cyan' },
]);
export type HazardSource = OptionValue<typeof HAZARD_SOURCES>;

/** Spec 4 rectification codes, named. */
export const RECTIFY = { toRectify: -1, toReview: 0, completed: 1, rejected: 2 } as const;

/** The stored hazard level (domain 2.10 type 03): 1 一般, 2 重大 (the spec 3 flag is level === 2 ? 1 : 0). */
export const HAZARD_LEVEL = { general: 1, major: 2 } as const;

/** The spec 3 major flag (1 重大 / 0 一般) of a stored level. */
export function majorFlagOf(level: number): 0 | 1 {
  return level === HAZARD_LEVEL.major ? 1 : 0;
}

/**
 * Spec 4 hazard statistics code of one hazard: −1 not involved (no hazard), else `${major}${rectified}`
 * as the pair { major: 0 general | 1 major, rectified: 0 not rectified | 1 rectified }.
 */
export const HAZARD_STAT_CODES = defineOptions([
  { value: '-1', label: '不涉及' },
  { value: '0-0', label: '一般隐患·未整改', color: 'orange' },
  { value: '0-1', label: '一般隐患·已整改', color: 'green' },
  { value: '1-0', label: '重大隐患·未整改', color: 'red' },
  { value: '1-1', label: '重大隐患·已整改', color: 'green' },
]);
export type HazardStatCode = OptionValue<typeof HAZARD_STAT_CODES>;

/** The statistics code of a hazard (level 1/2, rectify status −1..2). */
export function hazardStatCode(level: number, rectifyStatus: number): HazardStatCode {
  return `${majorFlagOf(level)}-${rectifyStatus === RECTIFY.completed ? 1 : 0}` as HazardStatCode;
}

/** Whether a hazard is overdue on `today` (YYYY-MM-DD, China time): past its deadline and not completed. */
export function isHazardOverdue(deadline: string | null, rectifyStatus: number, today: string): boolean {
  return deadline !== null && rectifyStatus !== RECTIFY.completed && today > deadline;
}

/** Review decision of a rectification (复查/验收). */
export const REVIEW_RESULTS = defineOptions([
  { value: 'pass', label: '通过', color: 'success' },
  { value: 'reject', label: '驳回', color: 'error' },
]);
export type ReviewResult = OptionValue<typeof REVIEW_RESULTS>;

/** A regulator's handling of a hazard (domain 2.12 inspection). */
export const HANDLING_KINDS = defineOptions([
  { value: 'urge', label: '督促整改', color: 'processing' },
  { value: 'inspect', label: '现场检查', color: 'purple' },
  { value: 'penalty', label: '行政处罚', color: 'error' },
  { value: 'close', label: '处置完毕', color: 'success' },
]);
export type HandlingKind = OptionValue<typeof HANDLING_KINDS>;

/** Why a hazard is on the regulator's disposal list (GovApDispose / GovRiskDispose). */
export const DISPOSE_REASONS = defineOptions([
  { value: 'major', label: '重大隐患', color: 'red' },
  { value: 'overdue', label: '逾期未整改', color: 'volcano' },
  { value: 'rejected', label: '多次驳回', color: 'orange' },
]);
export type DisposeReason = OptionValue<typeof DISPOSE_REASONS>;
/** Rejections from which a hazard needs the regulator (rejected twice or more). */
export const DISPOSE_REJECT_COUNT = 2;

/** The seven parts of a major hazard's governance plan (治理方案, domain 1.8). */
export const GOVERNANCE_PARTS = [
  { key: 'objectives', label: '治理的目标和任务' },
  { key: 'methods', label: '采取的方法和措施' },
  { key: 'funding', label: '经费和物资的落实' },
  { key: 'responsible', label: '负责治理的机构和人员' },
  { key: 'timeLimit', label: '治理的时限和要求' },
  { key: 'safetyMeasures', label: '安全措施' },
  { key: 'contingency', label: '应急预案' },
] as const;
export type GovernancePartKey = (typeof GOVERNANCE_PARTS)[number]['key'];

/** Alarm (预警) kinds: the rule that raised it. `roles` names who sees it. */
export const ALARM_KINDS = defineOptions([
  { value: 'hazardOverdue', label: '隐患逾期未整改', color: 'volcano' },
  { value: 'majorHazardOpen', label: '重大隐患未整改', color: 'red' },
  { value: 'majorHazardOverdue', label: '重大隐患逾期', color: 'red' },
  { value: 'policyExpiring', label: '保单30日内到期未续保', color: 'orange' },
  { value: 'noPreventionService', label: '保单年度内未接受预防服务', color: 'gold' },
  { value: 'fundBehindPlan', label: '预防费用使用滞后', color: 'gold' },
  { value: 'claimUnpaid', label: '立案60日未赔付', color: 'magenta' },
  { value: 'riskRaised', label: '企业风险等级升至较大及以上', color: 'red' },
]);
export type AlarmKind = OptionValue<typeof ALARM_KINDS>;

/** The record an alarm links to. */
export const ALARM_TARGETS = defineOptions([
  { value: 'hazard', label: '隐患' },
  { value: 'policy', label: '保单' },
  { value: 'claim', label: '理赔案件' },
  { value: 'fund', label: '预防费用' },
  { value: 'enterprise', label: '企业' },
]);
export type AlarmTarget = OptionValue<typeof ALARM_TARGETS>;

/** Alarm state: open while its rule still holds, resolved when it no longer does. */
export const ALARM_STATES = defineOptions([
  { value: 1, label: '未解除', color: 'error' },
  { value: 2, label: '已解除', color: 'default' },
]);
export type AlarmState = OptionValue<typeof ALARM_STATES>;

/** Thresholds of the alarm rules (days). */
export const ALARM_LIMITS = {
  /** A policy ending within this many days without a renewal. */
  policyExpiringDays: 30,
  /** A registered claim unpaid after this many days (the insurance setting claimUnpaidFlagDays defaults to 60). */
  claimUnpaidDays: 60,
  /** Fund spend behind plan: less than this share (%) of the fund spent once this share of the period passed. */
  fundSpendPct: 50,
  fundPeriodPct: 75,
} as const;

/** Why an enterprise is under key supervision (监管对象). */
export const SUPERVISE_REASONS = defineOptions([
  { value: 'uninsured', label: '应保未保', color: 'volcano' },
  { value: 'highRisk', label: '风险等级为重大/较大', color: 'red' },
  { value: 'majorHazard', label: '存在未整改重大隐患', color: 'red' },
]);
export type SuperviseReason = OptionValue<typeof SUPERVISE_REASONS>;

/** Factors of the risk rule table (风险分级规则); each rule adds points when its factor reaches `min`. */
export const RISK_FACTORS = defineOptions([
  { value: 'industryHighRisk', label: '高危行业（危化、矿山、烟花爆竹、金属冶炼等）', unit: '是' },
  { value: 'openMajorHazards', label: '未整改重大隐患数', unit: '条' },
  { value: 'overdueHazards', label: '逾期未整改隐患数', unit: '条' },
  { value: 'openGeneralHazards', label: '未整改一般隐患数', unit: '条' },
  { value: 'accidents', label: '近一年事故起数', unit: '起' },
  { value: 'claims', label: '近一年理赔案件数', unit: '件' },
  { value: 'uninsured', label: '应保未保', unit: '是' },
]);
export type RiskFactor = OptionValue<typeof RISK_FACTORS>;

/** Why an enterprise's risk level was (re)computed. */
export const RISK_CHANGE_CAUSES = defineOptions([
  { value: 'hazard', label: '隐患变化' },
  { value: 'rules', label: '规则调整' },
  { value: 'daily', label: '每日重算' },
  { value: 'initial', label: '首次评定' },
]);
export type RiskChangeCause = OptionValue<typeof RISK_CHANGE_CAUSES>;

/** Limits of hazard inputs. */
export const HAZARD_LIMITS = {
  photos: 10,
  rectifyPhotos: 10,
  planFiles: 10,
  handlingFiles: 10,
  rules: 30,
} as const;

/** Ranges of the risk rule table's numbers (server schema and the edit form alike). */
export const RISK_RULE_RANGES = {
  threshold: { min: 1, max: 1000, decimals: 0 },
  min: { min: 1, max: 1000, decimals: 0 },
  points: { min: 0, max: 100, decimals: 0 },
} as const;

/** The risk rule table (风险分级规则): rules add points; thresholds turn points into the four levels. */
export interface RiskRuleTable {
  thresholds: { major: number; larger: number; general: number };
  rules: ReadonlyArray<{ factor: string; min: number; points: number }>;
}

/**
 * An enterprise's risk level from its factor values under a rule table: every rule whose factor value is
 * at least its `min` adds its points (so two rules of one factor make steps); points ≥ major → 1 重大,
 * ≥ larger → 2 较大, ≥ general → 3 一般, else 4 低. `fired` explains the points (the reason kept with a change).
 */
export function computeRiskLevel(
  factors: Partial<Record<RiskFactor, number>>,
  table: RiskRuleTable,
): { level: 1 | 2 | 3 | 4; points: number; fired: { factor: string; min: number; points: number }[] } {
  const fired = table.rules.filter((r) => (factors[r.factor as RiskFactor] ?? 0) >= r.min);
  const points = fired.reduce((s, r) => s + r.points, 0);
  const t = table.thresholds;
  const level = points >= t.major ? 1 : points >= t.larger ? 2 : points >= t.general ? 3 : 4;
  return { level, points, fired };
}

/** The reason sentence of a risk level: the rules that fired, e.g. "未整改重大隐患数≥1（+40）；…；合计45分". */
export function riskReason(
  fired: ReadonlyArray<{ factor: string; min: number; points: number }>,
  points: number,
): string {
  if (fired.length === 0) return '未触发任何规则（0分）';
  const parts = fired.map((r) => `${RISK_FACTORS.label(r.factor) || r.factor}≥${r.min}（+${r.points}）`);
  return `${parts.join('；')}；合计${points}分`;
}
