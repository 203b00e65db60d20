import { describe, expect, it } from 'vitest';
import { combine } from './DataQuery.tsx';
import { formatValue, sumCents, totalsOf, withUnit } from './data-model.ts';

const claimCols = [
  { key: 'claims', label: '理赔案件', unit: '件' },
  { key: 'closed', label: '结案数', unit: '件' },
  { key: 'closeRate', label: '结案率', unit: '%' },
  { key: 'paid', label: '理赔费用', unit: '元' },
  { key: 'avgPaid', label: '案均赔付金额', unit: '元' },
];

describe('insurer data helpers', () => {
  it('sums counts and money but derives ratios from the sums', () => {
    const t = totalsOf('claim', {
      columns: claimCols,
      rows: [
        {
          key: 'a',
          name: '1月',
          claims: 4,
          closed: 1,
          closeRate: 25,
          paid: 1600.1,
          avgPaid: 1000.1,
          paidClosed: 1000.1,
        },
        {
          key: 'b',
          name: '2月',
          claims: 2,
          closed: 2,
          closeRate: 100,
          paid: 3000.2,
          avgPaid: 1500.1,
          paidClosed: 3000.2,
        },
        // Advances on an open claim count in 理赔费用, not in 案均赔付金额; no closed claim, no average.
        { key: 'c', name: '3月', claims: 1, closed: 0, closeRate: 0, paid: 500, paidClosed: 0 },
      ],
    });
    expect(t).toMatchObject({ claims: 7, closed: 3, paid: 5100.3 });
    expect(t.closeRate).toBe(42.86);
    expect(t.avgPaid).toBe(1333.43); // (1000.10 + 3000.20) ÷ 3
  });

  it('案均赔付金额 of no closed claim is none, not 0.00', () => {
    const t = totalsOf('claim', {
      columns: claimCols,
      rows: [{ key: 'a', name: '1月', claims: 2, closed: 0, closeRate: 0, paid: 800, paidClosed: 0 }],
    });
    expect(t.avgPaid).toBeNull();
    expect(formatValue(t.avgPaid, '元')).toBe('-');
  });

  it('adds money in cents: the 合计 equals its rows to the cent', () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ key: String(i), name: `${i + 1}月`, fee: 0.1 }));
    // 0.1 added ten times in binary floating point is 0.9999999999999999.
    expect(totalsOf('premium', { columns: [{ key: 'fee', label: '费用', unit: '元' }], rows }).fee).toBe(1);
    expect(sumCents([175_486.27, 0.01, 1_579_376.49])).toBe(1_754_862.77);
  });

  it('占保费比例 of the 合计 from the premium the prevention rows carry', () => {
    const t = totalsOf('ap', {
      columns: [
        { key: 'preventionFee', label: '事故预防费用', unit: '元' },
        { key: 'feeRatio', label: '占保费比例', unit: '%' },
      ],
      rows: [
        { key: 'a', name: '1月', preventionFee: 100, feeRatio: 10, premium: 1000 },
        { key: 'b', name: '2月', preventionFee: 50, feeRatio: 25, premium: 200 },
      ],
    });
    expect(t.feeRatio).toBe(12.5);
  });

  it('prevention fee ratio needs the premium of the same policies', () => {
    const data = {
      columns: [
        { key: 'preventionFee', label: '事故预防费用', unit: '元' },
        { key: 'feeRatio', label: '占保费比例', unit: '%' },
      ],
      rows: [{ key: 'a', name: '宿城区', preventionFee: 150, feeRatio: 15 }],
    };
    expect(totalsOf('ap', data).feeRatio).toBeNull();
    expect(totalsOf('ap', data, 1200).feeRatio).toBe(12.5);
    expect(totalsOf('ap', data, 0).feeRatio).toBe(0);
  });

  it('formats money with two decimals and separators, counts as integers', () => {
    expect(formatValue(1234567.5, '元')).toBe('1,234,567.50');
    expect(formatValue(12345.678, '万元')).toBe('12,345.68');
    expect(formatValue(1234, '件')).toBe('1,234');
    expect(formatValue(12.5, '%')).toBe('12.50');
    expect(formatValue(null, '元')).toBe('-');
    expect(withUnit(3, '家')).toBe('3 家');
    expect(withUnit(7.5, '%')).toBe('7.50%');
  });

  it('joins premium, prevention and claims by group key with the loss ratio', () => {
    const rows = combine(
      [{ key: '321302', name: '宿城区', policies: 2, enterprises: 2, premium: 2000, sumInsuredWan: 100 }],
      [{ key: '321302', name: '宿城区', preventionFee: 300 }],
      [
        { key: '321302', name: '宿城区', claims: 1, paid: 500 },
        { key: '', name: '未知', claims: 1, paid: 100 },
      ],
    );
    expect(rows[0]).toEqual({
      key: '321302',
      name: '宿城区',
      policies: 2,
      enterprises: 2,
      premium: 2000,
      sumInsuredWan: 100,
      preventionFee: 300,
      claims: 1,
      paid: 500,
      lossRatio: 25,
    });
    expect(rows[1]).toMatchObject({ name: '未知', claims: 1, premium: 0, lossRatio: null });
  });
});
