import { describe, expect, it } from 'vitest';
import { CLAIM_COLUMNS_HIDDEN, claimColumns, claimFiltersOf } from './columns.tsx';

describe('claim list filters', () => {
  it('keep what the server filters by, typed, and drop empty values', () => {
    expect(
      claimFiltersOf({
        keyword: ' 化工 ',
        step: '3',
        districtCode: '321302',
        wsIndustryCode: '',
        accidentFrom: '2026-02-01',
        accidentTo: '2026-02-28',
        reportFrom: '2026-03-01',
        reportTo: '2026-03-31',
        year: 2026,
        flag: 'unpaid',
        pageNo: 1,
      }),
    ).toEqual({
      keyword: '化工',
      step: 3,
      districtCode: '321302',
      accidentFrom: '2026-02-01',
      accidentTo: '2026-02-28',
      reportFrom: '2026-03-01',
      reportTo: '2026-03-31',
      year: 2026,
      flag: 'unpaid',
    });
    expect(claimFiltersOf({ flag: 'other', phase: '' })).toEqual({});
  });

  it('one column set: the regulator and the insurer see the company, the enterprise its policy number', () => {
    const keys = (side: 'enterprise' | 'insurer' | 'gov') =>
      claimColumns({ side, onOpen: () => undefined })
        .filter((c) => !c.hideInTable && !CLAIM_COLUMNS_HIDDEN[side].includes(String(c.key)))
        .map((c) => c.key);
    expect(keys('gov')).toEqual(keys('insurer'));
    expect(keys('gov')).toContain('enterpriseName');
    expect(keys('enterprise')).not.toContain('enterpriseName');
    expect(keys('enterprise')).toContain('policyNo');
  });
});
