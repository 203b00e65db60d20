import { describe, expect, it } from 'vitest';
import { industryMustInsure, wsIndustryTop } from './industry-options.ts';

describe('industries', () => {
  it('derives must-insure from the top-level work-safety industry', () => {
    expect(wsIndustryTop('AQ020203')?.label).toBe('危险化学品');
    expect(industryMustInsure('AQ020203')).toBe(true);
    expect(industryMustInsure('AQ0503')).toBe(true);
    expect(industryMustInsure('AQ0901')).toBe(false);
    expect(industryMustInsure('C26')).toBe(false);
    expect(industryMustInsure(null)).toBe(false);
  });
});
