import { describe, expect, it } from 'vitest';
import { claimStepInput } from './claim.ts';

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
});
