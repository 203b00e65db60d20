import { describe, expect, it } from 'vitest';
import { enterpriseProfileInput } from './enterprise.ts';

describe('enterprise schemas', () => {
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
  it('refuses a value outside an option list with the message naming the field', () => {
    const issues = (v: object) => enterpriseProfileInput.safeParse({ ...profile, ...v }).error?.issues ?? [];
    expect(issues({ operatingStatus: 4 })).toMatchObject([
      { path: ['operatingStatus'], message: '经营状态取值不正确' },
    ]);
    expect(issues({ stdGrade: '1' })).toMatchObject([
      { path: ['stdGrade'], message: '标准化等级取值不正确' },
    ]);
    expect(issues({ districtCode: '321300' })).toMatchObject([
      { path: ['districtCode'], message: '所属区县须为宿迁市的区县代码' },
    ]);
  });
});
