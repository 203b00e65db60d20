/**
 * Zod-free option lists and pure rules of insured enterprises (domain 1.2, 1.8, 2.1): standardisation
 * grades, operating status, risk levels, and the parameters, score and score grade of an enterprise.
 *
 * Two figures, two names: 风险等级 (RISK_LEVELS, the four colours) is the enterprise risk the rule table of
 * the hazard module computes (ent_risk) — the one 风险等级 every screen, filter and export shows; 评分等级
 * (SCORE_GRADES, 优/良/中/差) is the band of the enterprise safety score (ins_enterprise.score_grade).
 */
import { defineOptions } from './options.ts';

export const STD_GRADES = defineOptions([
  { value: 1, label: '一级' },
  { value: 2, label: '二级' },
  { value: 3, label: '三级' },
  { value: 0, label: '未达标' },
]);

export const OPERATING_STATUS = defineOptions([
  { value: 1, label: '正常经营' },
  { value: 2, label: '停产停业' },
  { value: 3, label: '关闭取缔' },
]);

/**
 * Risk grading with the four colours of 安委办〔2016〕11号 (domain 1.8): the enterprise risk of the rule
 * table (ent_risk), and the level of a risk identification row (prevention type 02).
 */
export const RISK_LEVELS = defineOptions([
  { value: 1, label: '重大风险', color: 'red' },
  { value: 2, label: '较大风险', color: 'orange' },
  { value: 3, label: '一般风险', color: 'gold' },
  { value: 4, label: '低风险', color: 'blue' },
]);

/** An enterprise the rule table has not graded yet (no ent_risk row). */
export const RISK_UNRATED_LABEL = '未评定';

/** The label of an enterprise's 风险等级 as every screen and export shows it ('未评定' when none). */
export function riskLevelText(level: number | null | undefined): string {
  return RISK_LEVELS.label(level) || RISK_UNRATED_LABEL;
}

export const PARAM_SOURCE = defineOptions([
  { value: 2, label: '手动录入' },
  { value: 1, label: '系统判断' },
]);

/** 安全生产荣誉, the value of the enterprise parameter `honour` (the score adds 3 for 市级, 5 for 省级). */
export const HONOUR_LEVELS = defineOptions([
  { value: 0, label: '无' },
  { value: 1, label: '市级' },
  { value: 2, label: '省级' },
]);

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
  { key: 'majorHazards', label: '未整改重大隐患数', kind: 'count', system: true },
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

/**
 * 评分等级: the band of the enterprise safety score. Its own labels and colours, none of the four risk
 * colours, so it is never read as the 风险等级.
 */
export const SCORE_GRADES = defineOptions([
  { value: 1, label: '优', color: 'green' },
  { value: 2, label: '良', color: 'cyan' },
  { value: 3, label: '中', color: 'purple' },
  { value: 4, label: '差', color: 'magenta' },
]);
export type ScoreGrade = 1 | 2 | 3 | 4;

/** 评分等级 of a score: ≥85 优, ≥70 良, ≥55 中, below that 差. */
export function scoreGradeOf(score: number): ScoreGrade {
  if (score >= 85) return 1;
  if (score >= 70) return 2;
  if (score >= 55) return 3;
  return 4;
}

/** The grading scale next to the score. */
export const SCORE_GRADE_SCALE_TEXT = '评分等级：≥85 分为优，70–84 分为良，55–69 分为中，<55 分为差';
