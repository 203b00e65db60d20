import type { EndorsementStatus } from '@aqzrx/contracts';
import { describe, expect, it } from 'vitest';
import { type EndorsablePolicy, endorsementTransition, planEndorsement } from './endorsement.machine.ts';

describe('endorsement state machine (domain 3.3)', () => {
  it('applied → approved | returned; nothing else', () => {
    const table: Array<[EndorsementStatus, 'approve' | 'return', EndorsementStatus | null]> = [
      ['applied', 'approve', 'approved'],
      ['applied', 'return', 'returned'],
      ['approved', 'approve', null],
      ['approved', 'return', null],
      ['returned', 'approve', null],
      ['returned', 'return', null],
    ];
    for (const [s, a, next] of table) expect(endorsementTransition(s, a), `${s}|${a}`).toBe(next);
  });
});

describe('endorsement types (domain 2.7)', () => {
  const p: EndorsablePolicy = {
    headcount: 10,
    holderName: '宿迁市测试化工有限公司',
    address: '宿城区1号',
    wsIndustryCode: 'AQ0201',
    gbIndustryCode: 'C26',
    perPersonLimit: 400000,
    medicalLimit: 40000,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    premium: 6000,
  };
  const ctx = { minPerPersonLimit: 400000, operatingStatus: 1 };
  const plan = (
    type: Parameters<typeof planEndorsement>[0],
    change: object,
    delta = 0,
    eff = '2026-06-01',
    c = ctx,
  ) => planEndorsement(type, change, delta, eff, p, c);

  it('add persons raises the headcount and the per-accident limit with an added premium', () => {
    const r = plan('01', { headcount: 12, personsIn: ['张三', '李四'] }, 1200);
    expect(r.problems).toEqual([]);
    expect(r.before).toEqual({ headcount: 10, premium: 6000 });
    expect(r.after).toEqual({ headcount: 12, perAccidentLimit: 4_800_000, premium: 7200 });
    expect(plan('01', { headcount: 10 }).problems[0]).toContain('须大于原人数');
    expect(plan('01', { headcount: 12 }, -1).problems).toContain(
      '加人批改的保费变化不能为负（应为加收保费）',
    );
    expect(plan('01', { headcount: 12, personsIn: ['张三'] }).problems).toContain(
      '人员名单人数须与参保人数的变化一致',
    );
  });
  it('remove persons lowers the headcount with a refund; replace keeps it', () => {
    expect(plan('02', { headcount: 8 }, -600).problems).toEqual([]);
    expect(plan('02', { headcount: 11 }).problems[0]).toContain('须小于原人数');
    expect(plan('03', { personsIn: ['甲某'], personsOut: ['乙某'] }).problems).toEqual([]);
    expect(plan('03', { personsIn: ['甲某'] }).problems[0]).toContain('人数相同');
    expect(plan('03', { personsIn: ['甲某'], personsOut: ['乙某'], headcount: 11 }).problems[0]).toContain(
      '参保人数',
    );
  });
  it('information, limit and period changes respect their rules', () => {
    expect(plan('04', { address: '宿城区2号' }).after).toEqual({ address: '宿城区2号' });
    expect(plan('04', {}).problems).toContain('请填写要变更的投保人信息');
    expect(plan('04', { perPersonLimit: 500000 }).problems[0]).toContain('每人死亡伤残责任限额');
    expect(plan('05', { perPersonLimit: 500000 }).after).toEqual({
      perPersonLimit: 500000,
      perAccidentLimit: 5_000_000,
    });
    expect(plan('05', { perPersonLimit: 300000 }).problems[0]).toContain('不得低于400000元');
    expect(plan('06', { endDate: '2026-12-30' }).problems).toEqual([]);
    expect(plan('06', { startDate: '2026-02-01', endDate: '2027-02-01' }).problems[0]).toContain('最长一年');
    expect(plan('07', {}).problems).toEqual([]);
    expect(plan('07', { headcount: 11 }).problems[0]).toContain('不能修改');
  });
  it('cancellation only for a closed or stopped business, with a refund', () => {
    expect(plan('08', {}, -3000).problems[0]).toContain('正常经营期间不能退保');
    const ok = plan('08', {}, -3000, '2026-06-01', { ...ctx, operatingStatus: 3 });
    expect(ok.problems).toEqual([]);
    expect(ok.after).toEqual({ status: 'cancelled', premium: 3000 });
    expect(plan('08', {}, 10, '2026-06-01', { ...ctx, operatingStatus: 2 }).problems[0]).toContain(
      '退还保费',
    );
  });
  it('the effective date lies within the policy period', () => {
    expect(plan('07', {}, 0, '2027-01-01').problems[0]).toContain('保险期间内');
  });
});
