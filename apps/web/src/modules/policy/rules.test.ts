import { describe, expect, it } from 'vitest';
import { wan, yuan } from '../../components/index.ts';
import { rosterProblems } from '../endorsement/EndorsementForm.tsx';
import {
  calculatedPremium,
  coinsurerProblems,
  endorsementProblems,
  oneYearEnd,
  perAccidentLimit,
  periodProblems,
  preventionFee,
  proratedPremium,
  shareTotal,
  signedYuan,
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
    expect(signedYuan(1200)).toBe('+1,200.00 元');
    expect(signedYuan(-300)).toBe('-300.00 元');
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

describe('endorsement rules', () => {
  const base = {
    headcountBefore: 86,
    premiumBefore: 39216,
    policyStart: '2026-01-01',
    policyEnd: '2026-12-31',
    effectiveDate: '2026-06-01',
    operatingStatus: 1,
  };
  it('adding persons needs a roster and a non-negative premium change', () => {
    expect(
      endorsementProblems('01', { ...base, personsIn: 1, headcountAfter: 87, premiumDelta: 200 }),
    ).toEqual([]);
    expect(endorsementProblems('01', { ...base, personsIn: 0, premiumDelta: 0 })).toContain(
      '请在新增人员名单中至少填写一人',
    );
    expect(endorsementProblems('01', { ...base, personsIn: 1, premiumDelta: -1 })).toContain(
      '加人批改的保费变化不能为负（应为加收保费）',
    );
  });
  it('replacement needs equal lists and no premium change; the effective date lies in the period', () => {
    expect(endorsementProblems('03', { ...base, personsIn: 2, personsOut: 1, premiumDelta: 0 })[0]).toContain(
      '人数相同',
    );
    expect(
      endorsementProblems('03', {
        ...base,
        personsIn: 1,
        personsOut: 1,
        premiumDelta: 0,
        effectiveDate: '2027-01-01',
      }),
    ).toEqual(['批改生效日期须在保险期间内（2026-01-01 至 2026-12-31）']);
  });
  it('cancellation only for a business that is not operating', () => {
    expect(endorsementProblems('08', { ...base, premiumDelta: -100 })[0]).toContain('正常经营期间不能退保');
    expect(endorsementProblems('08', { ...base, operatingStatus: 3, premiumDelta: -100 })).toEqual([]);
  });
  it('prorates the per-person premium by the days left', () => {
    const p = { premium: 36500, headcount: 10, startDate: '2026-01-01', endDate: '2026-12-31' };
    expect(proratedPremium(p, 1, '2026-01-01')).toBe(3650);
    expect(proratedPremium(p, 2, '2026-12-31')).toBe(20);
  });
  it('roster rows need a name and a valid, unique ID number', () => {
    expect(rosterProblems([{ name: '王测试', idNo: '11010519491231002x' }])).toEqual([]);
    expect(rosterProblems([{ name: '王测试', idNo: '110105194912310021' }])[0]).toContain('校验位不正确');
    expect(
      rosterProblems([
        { name: '王一', idNo: '11010519491231002X' },
        { name: '王二', idNo: '11010519491231002x' },
      ]),
    ).toEqual(['第2人的证件号码与第1人重复，同一人只能填写一次']);
    expect(rosterProblems([{ name: '王', idNo: '11010519491231002X' }])).toEqual(['第1人：姓名须为2-20个字']);
    expect(rosterProblems([{ name: 'Tom Lee', idType: '03', idNo: 'E12345678' }])).toEqual([]);
  });
});
