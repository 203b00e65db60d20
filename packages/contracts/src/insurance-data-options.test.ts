import { describe, expect, it } from 'vitest';
import { combinedTotals, combineInsuranceData, lossRatio } from './insurance-data-options.ts';

describe('综合查询 combined table', () => {
  it('joins the datasets by group; 简单赔付率 of each row and of the totals', () => {
    const rows = combineInsuranceData(
      [
        { key: 'a', name: 'A', policies: 2, enterprises: 2, premium: 1000, sumInsuredWan: 50 },
        { key: 'b', name: 'B', policies: 1, enterprises: 1, premium: 0, sumInsuredWan: 0 },
      ],
      [{ key: 'a', name: 'A', preventionFee: 100 }],
      [
        { key: 'a', name: 'A', claims: 1, paid: 250 },
        { key: 'c', name: 'C', claims: 1, paid: 10 },
      ],
    );
    expect(rows.map((r) => [r.key, r.lossRatio])).toEqual([
      ['a', 25],
      ['b', null],
      ['c', null],
    ]);
    const t = combinedTotals(rows);
    expect(t).toMatchObject({ policies: 3, premium: 1000, paid: 260, lossRatio: 26 });
    expect(lossRatio(1, 3)).toBe(33.33);
  });
});
