/**
 * Zod-free option lists and pure rules of work-safety liability insurance (re-exported by insurance.ts;
 * the web imports them through '@aqzrx/contracts/constants' without pulling zod into its bundle).
 */
import type { Option } from './options.ts';

// ---------------------------------------------------------------------------------------------------
// Option lists
// ---------------------------------------------------------------------------------------------------

/**
 * Top level of the work-safety industry fields (安全生产行业领域, the AQ branch of sys_industry, e.g.
 * AQ020203 加油加气站). Must-insure follows from the top-level field (domain 1.2: the eight high-risk
 * fields of the 2025 办法 Art. 2); an enterprise on the imported register must insure as well.
 */
export const WS_INDUSTRIES: Array<Option<string> & { mustInsure: boolean }> = [
  { value: 'AQ01', label: '矿山', mustInsure: true },
  { value: 'AQ02', label: '危险化学品', mustInsure: true },
  { value: 'AQ03', label: '烟花爆竹', mustInsure: true },
  { value: 'AQ04', label: '交通运输', mustInsure: true },
  { value: 'AQ05', label: '建筑施工', mustInsure: true },
  { value: 'AQ06', label: '民用爆炸物品', mustInsure: true },
  { value: 'AQ07', label: '金属冶炼', mustInsure: true },
  { value: 'AQ08', label: '渔业生产', mustInsure: true },
  { value: 'AQ09', label: '其他行业领域', mustInsure: false },
];

/** The top-level work-safety industry of a full code (longest matching prefix), or undefined. */
export function wsIndustryTop(code: string | null | undefined): (typeof WS_INDUSTRIES)[number] | undefined {
  if (!code) return undefined;
  let best: (typeof WS_INDUSTRIES)[number] | undefined;
  for (const i of WS_INDUSTRIES)
    if (code.startsWith(i.value) && (!best || i.value.length > best.value.length)) best = i;
  return best;
}

/** Must insure by industry (domain 1.2); an enterprise on the imported register must insure as well. */
export function industryMustInsure(code: string | null | undefined): boolean {
  return wsIndustryTop(code)?.mustInsure ?? false;
}

export const STD_GRADES: Option[] = [
  { value: 1, label: '一级' },
  { value: 2, label: '二级' },
  { value: 3, label: '三级' },
  { value: 0, label: '未达标' },
];

export const OPERATING_STATUS: Option[] = [
  { value: 1, label: '正常经营' },
  { value: 2, label: '停产停业' },
  { value: 3, label: '关闭取缔' },
];

/** Risk grading with the four colours of 安委办〔2016〕11号 (domain 1.8). */
export const RISK_LEVELS: Option[] = [
  { value: 1, label: '重大风险', color: 'red' },
  { value: 2, label: '较大风险', color: 'orange' },
  { value: 3, label: '一般风险', color: 'gold' },
  { value: 4, label: '低风险', color: 'blue' },
];

export const INSURER_TYPES: Option[] = [
  { value: 1, label: '总部' },
  { value: 2, label: '分公司' },
  { value: 3, label: '支公司' },
  { value: 4, label: '支公司以下' },
];

export const COINSURE_ROLES: Option<string>[] = [
  { value: '01', label: '主承' },
  { value: '02', label: '跟单' },
  { value: '03', label: '独立承保' },
];

export const SERVICE_ITEMS: Option<string>[] = [
  { value: '01', label: '安全生产宣传教育培训' },
  { value: '02', label: '安全风险辨识、评估和安全评价' },
  { value: '03', label: '生产安全事故隐患排查' },
  { value: '04', label: '安全生产标准化建设' },
  { value: '05', label: '生产安全事故应急预案编制和演练' },
  { value: '06', label: '安全生产科技推广应用' },
  { value: '07', label: '其他有关事故预防工作' },
];

export const ID_TYPES: Option<string>[] = [
  { value: '01', label: '居民身份证' },
  { value: '02', label: '士官证' },
  { value: '03', label: '护照' },
  { value: '04', label: '其他' },
];

export const INSURER_DOC_TYPES: Option[] = [
  { value: 1, label: '保险条款' },
  { value: 2, label: '费率表' },
  { value: 3, label: '服务手册' },
  { value: 9, label: '其他' },
];

/** Rate floating factor kinds (domain 1.4); each factor on a policy carries its percentage and reason. */
export const RATE_FACTORS: Option<string>[] = [
  { value: 'accident', label: '事故记录' },
  { value: 'blacklist', label: '不良记录黑名单' },
  { value: 'stdGrade', label: '安全生产标准化等级' },
  { value: 'honour', label: '安全生产荣誉' },
  { value: 'hazard', label: '隐患整改情况' },
  { value: 'other', label: '其他' },
];

/**
 * Policy states shown to users: the stored review state, and once approved the time-based state derived
 * from the dates at read time (domain 3.2).
 */
export const POLICY_STATES: Option<string>[] = [
  { value: 'draft', label: '草稿', color: 'default' },
  { value: 'submitted', label: '待审核', color: 'processing' },
  { value: 'rejected', label: '审核不通过', color: 'error' },
  { value: 'pending', label: '待生效', color: 'cyan' },
  { value: 'active', label: '保障中', color: 'success' },
  { value: 'expiring', label: '即将到期', color: 'warning' },
  { value: 'expired', label: '已过期', color: 'default' },
  { value: 'cancelled', label: '已注销', color: 'default' },
];
export type PolicyState =
  | 'draft'
  | 'submitted'
  | 'rejected'
  | 'pending'
  | 'active'
  | 'expiring'
  | 'expired'
  | 'cancelled';
/** Stored review status of a policy. */
export type PolicyStatus = 'draft' | 'submitted' | 'approved' | 'rejected' | 'cancelled';
/** A policy is "expiring" when its end date falls within this many days from today (today included). */
export const POLICY_EXPIRING_DAYS = 30;

export const ENDORSEMENT_TYPES: Option<string>[] = [
  { value: '01', label: '加人' },
  { value: '02', label: '减人' },
  { value: '03', label: '换人' },
  { value: '04', label: '信息变更' },
  { value: '05', label: '保额/限额变更' },
  { value: '06', label: '期间变更' },
  { value: '07', label: '一般批改' },
  { value: '08', label: '退保/注销' },
];
export type EndorsementType = '01' | '02' | '03' | '04' | '05' | '06' | '07' | '08';

/**
 * Endorsement states of domain 3.3: 申请 (applied) → 审核通过 → 生效 on the endorsement's effective date, or
 * 退回 (returned). An approval dated in the future waits (awaiting) until the daily job applies it on that
 * date; `approved` is the state of an endorsement whose change is in the policy. The enterprise may
 * withdraw (撤回) its own application while it waits for review (`withdrawn`, terminal like returned).
 */
export const ENDORSEMENT_STATUS: Option<string>[] = [
  { value: 'applied', label: '待审核', color: 'processing' },
  { value: 'awaiting', label: '审核通过待生效', color: 'cyan' },
  { value: 'approved', label: '已生效', color: 'success' },
  { value: 'returned', label: '已退回', color: 'error' },
  { value: 'withdrawn', label: '已撤回', color: 'default' },
];
export type EndorsementStatus = 'applied' | 'awaiting' | 'approved' | 'returned' | 'withdrawn';

/** Claim phases: where a claim stands on the main line of domain 3.4 (the step list is CLAIM_STEPS). */
export const CLAIM_PHASES: Option<string>[] = [
  { value: 'reported', label: '已报案', color: '#1890ff' },
  { value: 'registered', label: '已立案', color: '#13c2c2' },
  { value: 'surveyed', label: '已查勘', color: '#fa8c16' },
  { value: 'assessed', label: '已定损', color: '#faad14' },
  { value: 'paid', label: '已赔付', color: '#52c41a' },
  { value: 'closed', label: '已结案', color: '#237804' },
  { value: 'withdrawn', label: '已撤案', color: '#8c8c8c' },
];
export type ClaimPhase =
  | 'reported'
  | 'registered'
  | 'surveyed'
  | 'assessed'
  | 'paid'
  | 'closed'
  | 'withdrawn';

export const CLOSE_TYPES: Option<string>[] = [
  { value: 'paid', label: '赔付结案' },
  { value: 'denied', label: '拒赔' },
  { value: 'zero', label: '零结' },
  { value: 'withdrawn', label: '销案' },
  { value: 'invalid', label: '无效结案' },
];
export type CloseType = 'paid' | 'denied' | 'zero' | 'withdrawn' | 'invalid';

export const PAYMENT_TYPES: Option[] = [
  { value: 1, label: '预付' },
  { value: 2, label: '垫付' },
  { value: 3, label: '快付' },
];

export const PERSON_TYPES: Option[] = [
  { value: 1, label: '从业人员' },
  { value: 2, label: '第三者' },
];

export const INJURY_TYPES: Option<string>[] = [
  { value: '01', label: '轻伤' },
  { value: '02', label: '重伤' },
  { value: '03', label: '死亡' },
];

/** Loss assessment categories (domain 2.8 定损). */
export const LOSS_CATEGORIES: Option<string>[] = [
  { value: '01', label: '从业人员人身伤亡' },
  { value: '02', label: '第三者人身伤亡' },
  { value: '03', label: '第三者财产损失' },
  { value: '04', label: '抢险救援费' },
  { value: '05', label: '医疗救护费' },
  { value: '06', label: '事故鉴定费' },
  { value: '07', label: '法律诉讼费' },
  { value: '08', label: '其他费用' },
];

/** Accident types of GB 6441-1986 (企业职工伤亡事故分类). */
export const ACCIDENT_TYPES: Option<string>[] = [
  '物体打击',
  '车辆伤害',
  '机械伤害',
  '起重伤害',
  '触电',
  '淹溺',
  '灼烫',
  '火灾',
  '高处坠落',
  '坍塌',
  '冒顶片帮',
  '透水',
  '放炮',
  '火药爆炸',
  '瓦斯爆炸',
  '锅炉爆炸',
  '容器爆炸',
  '其他爆炸',
  '中毒和窒息',
  '其他伤害',
].map((label, i) => ({ value: String(i + 1).padStart(2, '0'), label }));

export const SATISFACTION_SCORES: Option[] = [
  { value: 1, label: '非常不满意' },
  { value: 2, label: '不满意' },
  { value: 3, label: '一般' },
  { value: 4, label: '满意' },
  { value: 5, label: '非常满意' },
];

/** Group-by dimensions of the insurer data pages. */
export const DATA_GROUP_BY: Option<string>[] = [
  { value: 'month', label: '按月份' },
  { value: 'district', label: '按区县' },
  { value: 'industry', label: '按行业' },
];

// ---------------------------------------------------------------------------------------------------
// Enterprise parameters and score (spec 3: parameter source 2 manual / 1 system judgement)
// ---------------------------------------------------------------------------------------------------

export interface EntParamDef {
  key: EntParamKey;
  label: string;
  /** How the value reads: a count, a yes/no (1/0), or a coded level. */
  kind: 'count' | 'bool' | 'level' | 'grade' | 'honour';
  /** Whether the system can judge it from platform data; otherwise manual entry only. */
  system: boolean;
}
export const ENT_PARAM_KEYS = [
  'accidentCount',
  'maxAccidentLevel',
  'stdGrade',
  'licenceValid',
  'insured',
  'majorHazards',
  'blacklist',
  'honour',
] as const;
export type EntParamKey = (typeof ENT_PARAM_KEYS)[number];
export const ENT_PARAMS: EntParamDef[] = [
  { key: 'accidentCount', label: '近一年事故起数', kind: 'count', system: true },
  { key: 'maxAccidentLevel', label: '近一年最高事故等级', kind: 'level', system: true },
  { key: 'stdGrade', label: '安全生产标准化等级', kind: 'grade', system: true },
  { key: 'licenceValid', label: '安全生产许可证在有效期内', kind: 'bool', system: true },
  { key: 'insured', label: '应保企业已投保', kind: 'bool', system: true },
  { key: 'majorHazards', label: '未整改重大隐患数', kind: 'count', system: false },
  { key: 'blacklist', label: '列入不良记录黑名单', kind: 'bool', system: false },
  { key: 'honour', label: '安全生产荣誉', kind: 'honour', system: false },
];
export type EntParamValues = Record<EntParamKey, number>;

/** One line of the score explanation. */
export interface ScoreLine {
  key: EntParamKey;
  points: number;
}

const LEVEL_PENALTY: Record<number, number> = { 0: 0, 1: 5, 2: 10, 3: 20, 4: 30, 5: 40 };
const GRADE_PENALTY: Record<number, number> = { 1: 0, 2: 3, 3: 6, 0: 12 };

/**
 * Enterprise safety score 0-100 from its parameters: 100 minus penalties (accidents, their worst level,
 * standardisation grade, invalid licence, uninsured must-insure, open major hazards, blacklist) plus
 * honours. Pure, so the web can show the same explanation.
 */
export function computeEnterpriseScore(p: EntParamValues): { score: number; lines: ScoreLine[] } {
  const lines: ScoreLine[] = [
    { key: 'accidentCount', points: -Math.min(30, 10 * Math.max(0, p.accidentCount)) },
    { key: 'maxAccidentLevel', points: -(LEVEL_PENALTY[p.maxAccidentLevel] ?? 0) },
    { key: 'stdGrade', points: -(GRADE_PENALTY[p.stdGrade] ?? 12) },
    { key: 'licenceValid', points: p.licenceValid ? 0 : -10 },
    { key: 'insured', points: p.insured ? 0 : -10 },
    { key: 'majorHazards', points: -Math.min(24, 8 * Math.max(0, p.majorHazards)) },
    { key: 'blacklist', points: p.blacklist ? -30 : 0 },
    { key: 'honour', points: p.honour === 2 ? 5 : p.honour === 1 ? 3 : 0 },
  ];
  const raw = 100 + lines.reduce((s, l) => s + l.points, 0);
  return { score: Math.max(0, Math.min(100, raw)), lines };
}

/** Risk level from the score: ≥85 low, ≥70 general, ≥55 larger, below that major. */
export function riskLevelOfScore(score: number): 1 | 2 | 3 | 4 {
  if (score >= 85) return 4;
  if (score >= 70) return 3;
  if (score >= 55) return 2;
  return 1;
}
