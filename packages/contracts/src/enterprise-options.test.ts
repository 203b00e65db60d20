import { describe, expect, it } from 'vitest';
import { computeEnterpriseScore, riskLevelOfScore } from './enterprise-options.ts';

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
  it('a clean enterprise scores 100 (low risk); honours cannot exceed 100', () => {
    expect(computeEnterpriseScore(clean).score).toBe(100);
    expect(computeEnterpriseScore({ ...clean, honour: 2 }).score).toBe(100);
    expect(riskLevelOfScore(100)).toBe(4);
  });
  it('penalties add up and the score never goes below 0', () => {
    const r = computeEnterpriseScore({ ...clean, accidentCount: 1, maxAccidentLevel: 2, stdGrade: 3 });
    expect(r.score).toBe(100 - 10 - 10 - 6);
    expect(riskLevelOfScore(r.score)).toBe(3);
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
    expect(riskLevelOfScore(worst.score)).toBe(1);
    expect(riskLevelOfScore(69.9)).toBe(2);
    expect(riskLevelOfScore(54)).toBe(1);
  });
});
