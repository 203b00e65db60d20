import { describe, expect, it } from 'vitest';
import { claimSatisfactionInput, claimStepInput } from './claim.ts';

describe('claim schemas', () => {
  it('claim steps are a union on step; payout persons need a valid ID number', () => {
    const s = claimStepInput.parse({ id: 1, version: 1, step: 2, reason: '误报' });
    expect(s.step).toBe(2);
    const bad = claimStepInput.safeParse({
      id: 1,
      version: 1,
      step: 7,
      total: 100,
      persons: [{ personType: 1, name: '王五', idNo: '321302198506123019', injury: '01', amount: 100 }],
    });
    expect(bad.success).toBe(false);
    expect(claimStepInput.safeParse({ id: 1, version: 1, step: 9 }).success).toBe(false);
  });
  it('refuses a value outside an option list with the message naming the field', () => {
    const register = {
      id: 1,
      version: 1,
      step: 3,
      accidentType: '01',
      accidentLevel: 2,
      cause: '操作失误',
      estimatedLoss: 1,
    };
    expect(claimStepInput.safeParse(register).success).toBe(true);
    const issues = (v: object) => claimStepInput.safeParse({ ...register, ...v }).error?.issues ?? [];
    expect(issues({ accidentLevel: 6 })).toMatchObject([
      { path: ['accidentLevel'], message: '事故等级取值为1-5' },
    ]);
    expect(issues({ accidentType: '21' })).toMatchObject([
      { path: ['accidentType'], message: '事故类型取值不正确' },
    ]);
    const close = { id: 1, version: 1, step: 8, closeType: 'lost' };
    expect(claimStepInput.safeParse(close).error?.issues).toMatchObject([
      { path: ['closeType'], message: '结案类型取值不正确' },
    ]);
    expect(claimSatisfactionInput.safeParse({ id: 1, version: 1, score: 6 }).error?.issues).toMatchObject([
      { path: ['score'], message: '满意度评分为1-5' },
    ]);
  });
});
