import { describe, expect, it } from 'vitest';
import { policyInput } from './policy.ts';
import { oneYearEnd } from './policy-rules.ts';

describe('policy', () => {
  it('one-year periods end the day before the anniversary, also from 29 February', () => {
    expect(oneYearEnd('2026-01-01')).toBe('2026-12-31');
    expect(oneYearEnd('2026-03-15')).toBe('2027-03-14');
    expect(oneYearEnd('2028-02-29')).toBe('2029-02-27');
  });
  it('policy amounts take at most two decimals', () => {
    const base = {
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      headcount: 10,
      perPersonLimit: 400000,
      benchmarkRate: 1.5,
      premium: 6000.5,
      preventionFeePct: 15,
      preventionFrequency: 4,
      serviceItems: ['01', '03'],
    };
    expect(policyInput.safeParse(base).success).toBe(true);
    expect(policyInput.safeParse({ ...base, premium: 6000.555 }).success).toBe(false);
    expect(policyInput.safeParse({ ...base, serviceItems: ['08'] }).success).toBe(false);
  });
});
