import { describe, expect, it } from 'vitest';
import { accidentLevelName, accidentLevelProblem, minAccidentLevel } from './claim-accident-grade.ts';

const none = { deaths: 0, seriousInjuries: 0, directLoss: 0 };
const lvl = (f: Partial<typeof none>) => minAccidentLevel({ ...none, ...f }).level;

describe('accident grading (domain 1.7, levels 1-5 of spec 4)', () => {
  it('deaths: 1 general, 3 relatively large, 10 major, 30 extremely serious ("以上" includes the number)', () => {
    expect(lvl({})).toBe(1);
    expect(lvl({ deaths: 1 })).toBe(2);
    expect(lvl({ deaths: 2 })).toBe(2);
    expect(lvl({ deaths: 3 })).toBe(3);
    expect(lvl({ deaths: 9 })).toBe(3);
    expect(lvl({ deaths: 10 })).toBe(4);
    expect(lvl({ deaths: 29 })).toBe(4);
    expect(lvl({ deaths: 30 })).toBe(5);
  });

  it('serious injuries: 1, 10, 50, 100', () => {
    expect(lvl({ seriousInjuries: 1 })).toBe(2);
    expect(lvl({ seriousInjuries: 9 })).toBe(2);
    expect(lvl({ seriousInjuries: 10 })).toBe(3);
    expect(lvl({ seriousInjuries: 49 })).toBe(3);
    expect(lvl({ seriousInjuries: 50 })).toBe(4);
    expect(lvl({ seriousInjuries: 99 })).toBe(4);
    expect(lvl({ seriousInjuries: 100 })).toBe(5);
  });

  it('direct loss: ¥10M, ¥50M, ¥100M; a smaller loss alone leaves level 1 possible', () => {
    expect(lvl({ directLoss: 9_999_999.99 })).toBe(1);
    expect(lvl({ directLoss: 10_000_000 })).toBe(3);
    expect(lvl({ directLoss: 49_999_999.99 })).toBe(3);
    expect(lvl({ directLoss: 50_000_000 })).toBe(4);
    expect(lvl({ directLoss: 99_999_999.99 })).toBe(4);
    expect(lvl({ directLoss: 100_000_000 })).toBe(5);
  });

  it('the first criterion met decides; reasons name every criterion met at that level', () => {
    expect(minAccidentLevel({ deaths: 1, seriousInjuries: 10, directLoss: 0 })).toEqual({
      level: 3,
      reasons: ['重伤10人及以上'],
    });
    expect(minAccidentLevel({ deaths: 3, seriousInjuries: 0, directLoss: 10_000_000 }).reasons).toEqual([
      '死亡3人及以上',
      '直接经济损失1000万元及以上',
    ]);
  });

  it('refuses a level below the minimum, naming the casualties and the level; at or above is fine', () => {
    expect(accidentLevelProblem(2, { deaths: 3, seriousInjuries: 0, directLoss: 0 })).toBe(
      '死亡3人及以上应为较大及以上事故等级，所选“一般事故”过低，请改选“较大事故”或更高等级',
    );
    expect(accidentLevelProblem(3, { deaths: 3, seriousInjuries: 0, directLoss: 0 })).toBeNull();
    expect(accidentLevelProblem(5, { deaths: 3, seriousInjuries: 0, directLoss: 0 })).toBeNull();
    expect(accidentLevelProblem(1, { deaths: 0, seriousInjuries: 1, directLoss: 0 })).toContain(
      '重伤1人及以上应为一般及以上事故等级',
    );
    expect(accidentLevelProblem(4, { deaths: 30, seriousInjuries: 0, directLoss: 0 })).toBe(
      '死亡30人及以上应为特别重大事故等级，所选“重大事故”过低，请改选“特别重大事故”',
    );
    expect(accidentLevelProblem(1, none)).toBeNull();
    expect(accidentLevelName(3)).toBe('较大事故');
  });
});
