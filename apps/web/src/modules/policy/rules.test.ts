import { describe, expect, it } from 'vitest';
import { wan, yuan } from '../../components/index.ts';
import {
  calculatedPremium,
  coinsurerProblems,
  oneYearEnd,
  perAccidentLimit,
  periodProblems,
  preventionFee,
  shareTotal,
} from './rules.ts';

describe('policy figures', () => {
  it('per-accident limit = per-person limit × headcount, exact in cents', () => {
    expect(perAccidentLimit(400000, 86)).toBe(34_400_000);
    expect(perAccidentLimit(400000.1, 3)).toBe(1_200_000.3);
    expect(perAccidentLimit(undefined, 10)).toBe(0);
    expect(perAccidentLimit(500000, 0)).toBe(0);
  });

  it('premium at the benchmark rate (‰) with floating factors, prevention fee from the premium', () => {
    // 34,400,000 × 1.2‰ × (1 − 5%) = 39,216
    expect(calculatedPremium(34_400_000, 1.2, -5)).toBe(39216);
    expect(calculatedPremium(0, 1.2, 0)).toBe(0);
    expect(preventionFee(39216, 15)).toBe(5882.4);
  });

  it('formats yuan with separators and sums insured in 万元', () => {
    expect(yuan(1234567.5)).toBe('1,234,567.50 元');
    expect(yuan(null)).toBe('-');
    expect(wan(34_400_000)).toBe('3,440 万元');
    expect(wan(1_234_500, false)).toBe('123.45');
  });

  it('period at most one year (29 February falls back), not before a given day', () => {
    expect(oneYearEnd('2026-03-01')).toBe('2027-02-28');
    expect(oneYearEnd('2028-02-29')).toBe('2029-02-27');
    expect(periodProblems('2026-03-01', '2027-02-28')).toEqual([]);
    expect(periodProblems('2026-03-01', '2027-03-01')[0]).toContain('最长一年');
    expect(periodProblems('2026-03-01', '2026-02-01')).toEqual(['保险止期不能早于起期']);
    expect(periodProblems('2026-03-01', '2026-12-31', { notBefore: '2026-03-02' })[0]).toContain('不能早于');
  });
});

describe('co-insurance', () => {
  it('an empty table is the issuing insurer alone', () => {
    expect(coinsurerProblems(1, [])).toEqual([]);
  });
  it('shares must sum to exactly 100%', () => {
    expect(shareTotal([{ share: 60 }, { share: 30.5 }])).toBe(90.5);
    expect(
      coinsurerProblems(1, [
        { insurerId: 1, role: '01', share: 60 },
        { insurerId: 2, role: '02', share: 30 },
      ]),
    ).toEqual(['共保比例合计须为100%，当前为90%']);
    expect(
      coinsurerProblems(1, [
        { insurerId: 1, role: '01', share: 66.67 },
        { insurerId: 2, role: '02', share: 33.33 },
      ]),
    ).toEqual([]);
  });
  it('one lead that is the issuing insurer, no 03 when shared, no insurer twice', () => {
    expect(
      coinsurerProblems(1, [
        { insurerId: 2, role: '01', share: 50 },
        { insurerId: 1, role: '02', share: 50 },
      ]),
    ).toContain('共保时须有且仅有一家主承（01），且为出单机构');
    expect(
      coinsurerProblems(1, [
        { insurerId: 1, role: '01', share: 50 },
        { insurerId: 1, role: '02', share: 50 },
      ]),
    ).toContain('共保机构不能重复');
    expect(
      coinsurerProblems(1, [
        { insurerId: 1, role: '01', share: 50 },
        { insurerId: 2, role: '03', share: 50 },
      ]),
    ).toContain('共保时不能使用03独立承保');
  });
});
