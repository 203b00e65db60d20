import { describe, expect, it } from 'vitest';
import { ruleProblems } from './form-rules.ts';

describe('rule form rules', () => {
  it('rule status needs its new version or repeal date; dates in order', () => {
    expect(ruleProblems({ publishDate: '2025-03-29', effectiveDate: '2025-03-01' }).effectiveDate).toBe(
      '实施日期不能早于发布日期',
    );
    expect(ruleProblems({ publishDate: '2017-12-12', status: 'revised' }).revisedById).toBeDefined();
    expect(ruleProblems({ publishDate: '2017-12-12', status: 'repealed' }).repealedDate).toBe(
      '已废止的法规须填写废止日期',
    );
    expect(
      ruleProblems({ publishDate: '2017-12-12', status: 'repealed', repealedDate: '2025-03-29' }),
    ).toEqual({});
  });
});
