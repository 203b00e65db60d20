import { describe, expect, it } from 'vitest';
import { computeEnterpriseScore, scoreGradeOf } from './enterprise-options.ts';

describe('enterprise score', () => {
  const clean = {
    accidentCount: 0,
    maxAccidentLevel: 0,
    stdGrade: 1,
    licenceValid: 1,
    insured: 1,
    majorHazards: 0,
    blacklist: 0,
    honour: 0,
  };
  it('a clean enterprise scores 100 (评分等级 优); honours cannot exceed 100', () => {
    expect(computeEnterpriseScore(clean).score).toBe(100);
    expect(computeEnterpriseScore({ ...clean, honour: 2 }).score).toBe(100);
    expect(scoreGradeOf(100)).toBe(1);
    expect(scoreGradeOf(85)).toBe(1);
    expect(scoreGradeOf(84.9)).toBe(2);
  });
  it('penalties add up and the score never goes below 0', () => {
    const r = computeEnterpriseScore({ ...clean, accidentCount: 1, maxAccidentLevel: 2, stdGrade: 3 });
    expect(r.score).toBe(100 - 10 - 10 - 6);
    expect(scoreGradeOf(r.score)).toBe(2);
    const worst = computeEnterpriseScore({
      accidentCount: 9,
      maxAccidentLevel: 5,
      stdGrade: 0,
      licenceValid: 0,
      insured: 0,
      majorHazards: 9,
      blacklist: 1,
      honour: 0,
    });
    expect(worst.score).toBe(0);
    expect(scoreGradeOf(worst.score)).toBe(4);
    expect(scoreGradeOf(69.9)).toBe(3);
    expect(scoreGradeOf(54)).toBe(4);
  });
});
