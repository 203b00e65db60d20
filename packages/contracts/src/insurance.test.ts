import { describe, expect, it } from 'vitest';
import {
  addDays,
  chinaDate,
  claimStepInput,
  computeEnterpriseScore,
  dateStr,
  enterpriseProfileInput,
  industryMustInsure,
  oneYearEnd,
  parseDateTime,
  policyInput,
  riskLevelOfScore,
  toCents,
  wsIndustryTop,
} from './insurance.ts';

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

describe('dates', () => {
  it('one-year periods end the day before the anniversary, also from 29 February', () => {
    expect(oneYearEnd('2026-01-01')).toBe('2026-12-31');
    expect(oneYearEnd('2026-03-15')).toBe('2027-03-14');
    expect(oneYearEnd('2028-02-29')).toBe('2029-02-27');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
  it('reads zone-less times as China time and ISO times with offsets', () => {
    expect(parseDateTime('2026-05-01 08:30')?.toISOString()).toBe('2026-05-01T00:30:00.000Z');
    expect(parseDateTime('2026-05-01 08:30:15')?.toISOString()).toBe('2026-05-01T00:30:15.000Z');
    expect(parseDateTime('2026-05-01T00:30:00Z')?.toISOString()).toBe('2026-05-01T00:30:00.000Z');
    expect(parseDateTime('2026-05-01T08:30:00')?.toISOString()).toBe('2026-05-01T00:30:00.000Z');
    expect(parseDateTime('2026-05-01')).toBeUndefined();
    expect(parseDateTime('yesterday')).toBeUndefined();
    expect(chinaDate(new Date('2026-05-01T17:00:00Z'))).toBe('2026-05-02');
  });
  it('dateStr refuses impossible dates', () => {
    expect(dateStr.safeParse('2026-02-29').success).toBe(false);
    expect(dateStr.safeParse('2028-02-29').success).toBe(true);
    expect(dateStr.safeParse('2026/01/01').success).toBe(false);
  });
  it('money in cents is exact', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(400000)).toBe(40_000_000);
  });
});

describe('enterprise score', () => {
  const clean = {
    accidentCount: 0,
    maxAccidentLevel: 0,
    stdGrade: 1,
    licenceValid: 1,
    insured: 1,
    majorHazards: 0,
    blacklist: 0,
    honour: 0,
  };
  it('a clean enterprise scores 100 (low risk); honours cannot exceed 100', () => {
    expect(computeEnterpriseScore(clean).score).toBe(100);
    expect(computeEnterpriseScore({ ...clean, honour: 2 }).score).toBe(100);
    expect(riskLevelOfScore(100)).toBe(4);
  });
  it('penalties add up and the score never goes below 0', () => {
    const r = computeEnterpriseScore({ ...clean, accidentCount: 1, maxAccidentLevel: 2, stdGrade: 3 });
    expect(r.score).toBe(100 - 10 - 10 - 6);
    expect(riskLevelOfScore(r.score)).toBe(3);
    const worst = computeEnterpriseScore({
      accidentCount: 9,
      maxAccidentLevel: 5,
      stdGrade: 0,
      licenceValid: 0,
      insured: 0,
      majorHazards: 9,
      blacklist: 1,
      honour: 0,
    });
    expect(worst.score).toBe(0);
    expect(riskLevelOfScore(worst.score)).toBe(1);
    expect(riskLevelOfScore(69.9)).toBe(2);
    expect(riskLevelOfScore(54)).toBe(1);
  });
});

describe('schemas', () => {
  const profile = {
    name: '宿迁市测试化工有限公司',
    uscc: '91440300708461136T',
    districtCode: '321302',
    address: '宿城区测试路1号',
    wsIndustryCode: 'AQ0201',
    gbIndustryCode: 'C2614',
    employees: 50,
    operatingStatus: 1,
    legalName: '张三',
    legalMobile: '+8613805270001',
    safetyName: '李四',
    safetyMobile: '13805270002',
    stdGrade: 2,
  };
  it('normalises mobiles and refuses bad USCC, district or unknown fields', () => {
    const ok = enterpriseProfileInput.parse(profile);
    expect(ok.legalMobile).toBe('13805270001');
    expect(enterpriseProfileInput.safeParse({ ...profile, uscc: '91440300708461136U' }).success).toBe(false);
    expect(enterpriseProfileInput.safeParse({ ...profile, districtCode: '320102' }).success).toBe(false);
    expect(enterpriseProfileInput.safeParse({ ...profile, status: 1 }).success).toBe(false);
    expect(enterpriseProfileInput.safeParse({ ...profile, legalMobile: '12345678901' }).success).toBe(false);
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
