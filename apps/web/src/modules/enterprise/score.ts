import {
  ACCIDENT_LEVELS,
  computeEnterpriseScore,
  ENT_PARAMS,
  type EntParamKey,
  type EntParamValues,
  HONOUR_LEVELS,
  optionLabel,
  SCORE_GRADE_SCALE_TEXT,
  SCORE_GRADES,
  STD_GRADES,
  scoreGradeOf,
} from '@aqzrx/contracts/constants';
import type { EnterpriseParamView } from './api.ts';

export const HONOUR_OPTIONS = HONOUR_LEVELS;
export const LEVEL_OPTIONS = [{ value: 0, label: '无事故' }, ...ACCIDENT_LEVELS];

export const paramLabel = (key: EntParamKey) => ENT_PARAMS.find((p) => p.key === key)?.label ?? key;
export const paramKind = (key: EntParamKey) => ENT_PARAMS.find((p) => p.key === key)?.kind ?? 'count';

/** A parameter value as a person reads it (count, yes/no, accident level, grade, honour). */
export function paramValueText(kind: string, value: number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  switch (kind) {
    case 'bool':
      return value ? '是' : '否';
    case 'level':
      return optionLabel(LEVEL_OPTIONS, value) || String(value);
    case 'grade':
      return optionLabel(STD_GRADES, value) || String(value);
    case 'honour':
      return optionLabel(HONOUR_OPTIONS, value) || String(value);
    default:
      return String(value);
  }
}

export const pointsText = (points: number) =>
  points > 0 ? `+${points}` : points === 0 ? '0' : String(points);

/** The values the score is computed from, as the server reads them (manual entry wins over system). */
export function valuesOf(params: EnterpriseParamView[]): EntParamValues {
  const out = {} as EntParamValues;
  for (const def of ENT_PARAMS) out[def.key] = params.find((p) => p.key === def.key)?.value ?? 0;
  return out;
}

/**
 * The score after changing one parameter: a manual value, or back to the system's judgement (source 1).
 * The server computes the same with computeEnterpriseScore.
 */
export function previewScore(
  params: EnterpriseParamView[],
  key: EntParamKey,
  source: 1 | 2,
  value: number | undefined,
): { score: number; scoreGrade: number } {
  const values = valuesOf(params);
  const p = params.find((x) => x.key === key);
  values[key] = source === 1 ? (p?.systemValue ?? 0) : (value ?? 0);
  const { score } = computeEnterpriseScore(values);
  return { score, scoreGrade: scoreGradeOf(score) };
}

/** 评分等级 of a score in words: '评分等级 良' (never a 风险等级 label). */
export const scoreGradeText = (grade: number | null | undefined) =>
  `评分等级 ${optionLabel(SCORE_GRADES, grade ?? 0) || '未评级'}`;

/** The grading scale next to the score. */
export const SCORE_SCALE_TEXT = SCORE_GRADE_SCALE_TEXT;
