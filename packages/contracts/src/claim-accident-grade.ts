/**
 * Accident grading (domain 1.7; 《生产安全事故报告和调查处理条例》 Art. 3) on the five levels of spec 4:
 * 1 未达到事故等级, 2 一般, 3 较大, 4 重大, 5 特别重大. A grade applies when any one of its criteria is met;
 * "以上" includes the number. Pure and zod-free: the server refuses a claim registered below the level its
 * casualties and loss imply, and the register form shows the same minimum before submitting.
 *
 * The statute grades by direct economic loss from ¥10M up (较大); a loss below that does not by itself lift
 * an accident from level 1 to 2 (the platform keeps level 1 for events below accident grade), while any
 * death or serious injury makes it at least 一般. The claim's estimated loss (估损金额) is a lower bound of
 * the accident's direct economic loss, so grading on it never asks for more than the statute does.
 */
import { ACCIDENT_LEVELS, type AccidentLevel } from './claim-options.ts';

export interface AccidentFacts {
  deaths: number;
  /** 重伤人数, including acute industrial poisoning (急性工业中毒). */
  seriousInjuries: number;
  /** Direct economic loss in yuan (a claim uses its estimated loss). */
  directLoss: number;
}

/** Thresholds of levels 5, 4, 3, 2 (deaths, serious injuries, direct loss in yuan), highest first. */
export const ACCIDENT_GRADE_RULES: ReadonlyArray<{
  level: AccidentLevel;
  name: string;
  deaths: number;
  seriousInjuries: number;
  directLoss: number | null;
}> = [
  { level: 5, name: '特别重大', deaths: 30, seriousInjuries: 100, directLoss: 100_000_000 },
  { level: 4, name: '重大', deaths: 10, seriousInjuries: 50, directLoss: 50_000_000 },
  { level: 3, name: '较大', deaths: 3, seriousInjuries: 10, directLoss: 10_000_000 },
  { level: 2, name: '一般', deaths: 1, seriousInjuries: 1, directLoss: null },
];

const wan = (yuan: number) => `${yuan / 10_000}万元`;

export interface AccidentGrade {
  /** The lowest level the facts allow. */
  level: AccidentLevel;
  /** The criteria met at that level, in words (e.g. 死亡3人及以上); empty at level 1. */
  reasons: string[];
}

/** The minimum accident level the casualties and loss imply. */
export function minAccidentLevel(f: AccidentFacts): AccidentGrade {
  for (const r of ACCIDENT_GRADE_RULES) {
    const reasons: string[] = [];
    if (f.deaths >= r.deaths) reasons.push(`死亡${r.deaths}人及以上`);
    if (f.seriousInjuries >= r.seriousInjuries) reasons.push(`重伤${r.seriousInjuries}人及以上`);
    if (r.directLoss !== null && f.directLoss >= r.directLoss)
      reasons.push(`直接经济损失${wan(r.directLoss)}及以上`);
    if (reasons.length > 0) return { level: r.level, reasons };
  }
  return { level: 1, reasons: [] };
}

/** The level's name (未达到事故等级, 一般事故 …). */
export function accidentLevelName(level: number): string {
  return ACCIDENT_LEVELS.label(level);
}

/**
 * Why `level` is too low for the facts, in Chinese, naming both (e.g. 死亡3人及以上应为较大及以上事故等级，
 * 所选“一般事故”过低，请改选“较大事故”或更高等级); null when the level is at or above the minimum.
 */
export function accidentLevelProblem(level: number, f: AccidentFacts): string | null {
  const min = minAccidentLevel(f);
  if (level >= min.level) return null;
  const rule = ACCIDENT_GRADE_RULES.find((r) => r.level === min.level)!;
  const target = min.level === 5 ? `${rule.name}事故等级` : `${rule.name}及以上事故等级`;
  const choice =
    min.level === 5 ? `“${accidentLevelName(5)}”` : `“${accidentLevelName(min.level)}”或更高等级`;
  return `${min.reasons.join('或')}应为${target}，所选“${accidentLevelName(level) || level}”过低，请改选${choice}`;
}
