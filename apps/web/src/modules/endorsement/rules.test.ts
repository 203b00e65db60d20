import { describe, expect, it } from 'vitest';
import { rosterProblems } from './form-values.ts';
import { endorsementProblems, proratedPremium, signedYuan } from './rules.ts';

describe('premium changes', () => {
  it('signs a premium change in yuan', () => {
    expect(signedYuan(1200)).toBe('+1,200.00 元');
    expect(signedYuan(-300)).toBe('-300.00 元');
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
