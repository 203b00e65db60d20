import { describe, expect, it } from 'vitest';
import {
  CANCEL_OPERATING_MESSAGE,
  openEndorsementMessage,
  periodChangeProblems,
} from './endorsement-rules.ts';

describe('period change rules (domain 2.7 期间变更)', () => {
  const inForce = {
    startDate: '2026-03-26',
    endDate: '2027-03-25',
    effectiveDate: '2026-11-26',
    appliedOn: '2026-11-26',
  };
  it('refuses moving a policy in force to a later year (a gap from now)', () => {
    expect(periodChangeProblems({ ...inForce, newStart: '2027-06-01', newEnd: '2028-05-31' })).toEqual([
      '保单已于 2026-03-26 起保，保险起期不能推后到 2027-06-01（会使已保障的期间失去保障、出现脱保空档）；如需延长保障请只变更保险止期',
    ]);
  });
  it('keeps the period within one year and the end not before the effective date', () => {
    expect(periodChangeProblems({ ...inForce, newStart: '2026-03-26', newEnd: '2027-03-26' })[0]).toContain(
      '保险期间最长一年',
    );
    expect(periodChangeProblems({ ...inForce, newStart: '2026-03-26', newEnd: '2026-11-25' })).toEqual([
      '变更后的保险止期不能早于批改生效日期 2026-11-26；提前终止保险请申请“退保/注销”',
    ]);
    expect(periodChangeProblems({ ...inForce, newStart: '2026-03-26', newEnd: '2026-12-31' })).toEqual([]);
    expect(periodChangeProblems({ ...inForce, newStart: '2026-03-26', newEnd: '2027-03-25' })).toEqual([
      '请填写变更后的保险期间',
    ]);
  });
  it('a policy not yet started may move its start: earlier down to the application day, later on its start day', () => {
    const pending = {
      startDate: '2026-12-10',
      endDate: '2027-12-09',
      effectiveDate: '2026-12-10',
      appliedOn: '2026-11-26',
    };
    expect(periodChangeProblems({ ...pending, newStart: '2026-12-20', newEnd: '2027-12-19' })).toEqual([]);
    expect(periodChangeProblems({ ...pending, newStart: '2026-11-26', newEnd: '2027-11-25' })).toEqual([]);
    expect(periodChangeProblems({ ...pending, newStart: '2026-11-20', newEnd: '2027-11-19' })).toEqual([
      '变更后的保险起期不能早于申请日 2026-11-26（不能追溯承保）',
    ]);
  });
  it('names an open endorsement and the regulator for 经营状态', () => {
    expect(
      openEndorsementMessage({ endorsementNo: 'PG1', status: 'applied', effectiveDate: '2026-12-01' }),
    ).toBe('该保单有待审核的批改申请（PG1），请等待审核或撤回该申请后再申请');
    expect(CANCEL_OPERATING_MESSAGE).toContain('请联系属地监管部门核实并变更经营状态');
    expect(CANCEL_OPERATING_MESSAGE).not.toContain('企业信息中更新');
  });
});
