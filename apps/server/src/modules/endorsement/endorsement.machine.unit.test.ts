import { ENDORSEMENT_STATUS, type EndorsementStatus } from '@aqzrx/contracts';
import { describe, expect, it } from 'vitest';
import {
  approvalAction,
  type EndorsablePolicy,
  type EndorsementAction,
  endorsementTransition,
  planEndorsement,
} from './endorsement.machine.ts';

describe('endorsement state machine (domain 3.3)', () => {
  it('every allowed and refused transition', () => {
    const actions: EndorsementAction[] = ['approve', 'schedule', 'return', 'withdraw', 'takeEffect', 'lapse'];
    const allowed: Record<EndorsementStatus, Partial<Record<EndorsementAction, EndorsementStatus>>> = {
      // Review: effective date come → applied at once; in the future → waits; or returned. Before the
      // review the enterprise may withdraw its application.
      applied: { approve: 'approved', schedule: 'awaiting', return: 'returned', withdraw: 'withdrawn' },
      // The daily job on the effective date: applies it, or lapses it when the policy no longer allows it.
      // Approved by the insurer, it is no longer the enterprise's to withdraw.
      awaiting: { takeEffect: 'approved', lapse: 'returned' },
      approved: {},
      returned: {},
      withdrawn: {},
    };
    let checked = 0;
    for (const s of Object.keys(allowed) as EndorsementStatus[])
      for (const a of actions) {
        expect(endorsementTransition(s, a), `${s}|${a}`).toBe(allowed[s][a] ?? null);
        checked++;
      }
    expect(checked).toBe(30);
    // Every state of the contracts' option list is in the table (and nothing else).
    expect(Object.keys(allowed).sort()).toEqual(ENDORSEMENT_STATUS.map((o) => o.value).sort());
  });

  it('approval takes effect at once unless the effective date is after today', () => {
    expect(approvalAction('2026-06-01', '2026-06-01')).toBe('approve');
    expect(approvalAction('2026-05-31', '2026-06-01')).toBe('approve');
    expect(approvalAction('2026-06-02', '2026-06-01')).toBe('schedule');
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
  const ctx: Parameters<typeof planEndorsement>[5] = {
    minPerPersonLimit: 400000,
    operatingStatus: 1,
    appliedOn: '2026-06-01',
  };
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
    expect(r.before).toEqual({ headcount: 10, perAccidentLimit: 4_000_000, premium: 6000 });
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
  it('period changes: no later start once cover began, no backdating, no end before the effective date', () => {
    // The walkthrough: the policy in force (since 2026-01-01) moved to a later year leaves a gap from now.
    const moved = plan('06', { startDate: '2027-06-01', endDate: '2028-05-31' });
    expect(moved.problems).toEqual([
      '保单已于 2026-01-01 起保，保险起期不能推后到 2027-06-01（会使已保障的期间失去保障、出现脱保空档）；如需延长保障请只变更保险止期',
    ]);
    // Extending or shortening the end is fine, down to the effective date.
    expect(plan('06', { endDate: '2026-12-31', startDate: '2026-01-01' }).problems).toEqual([
      '请填写变更后的保险期间',
    ]);
    expect(plan('06', { endDate: '2026-06-01' }).problems).toEqual([]);
    expect(plan('06', { endDate: '2026-05-31' }).problems).toEqual([
      '变更后的保险止期不能早于批改生效日期 2026-06-01；提前终止保险请申请“退保/注销”',
    ]);
    // A start moved earlier may not lie before the application day (no backdated cover).
    expect(plan('06', { startDate: '2025-12-01', endDate: '2026-11-30' }).problems).toEqual([
      '变更后的保险起期不能早于申请日 2026-06-01（不能追溯承保）',
    ]);
    // A policy not yet started (applied on 2025-12-20): the start may move earlier to the application day
    // or later by a change effective on the start day itself.
    const early = { ...ctx, appliedOn: '2025-12-20' };
    expect(
      plan('06', { startDate: '2025-12-20', endDate: '2026-12-19' }, 0, '2026-01-01', early).problems,
    ).toEqual([]);
    expect(
      plan('06', { startDate: '2026-01-10', endDate: '2027-01-09' }, 0, '2026-01-01', early).problems,
    ).toEqual([]);
    expect(
      plan('06', { startDate: '2026-01-10', endDate: '2027-01-09' }, 0, '2026-01-02', early).problems[0],
    ).toContain('保险起期不能推后');
  });

  it('cancellation only for a closed or stopped business, with a refund', () => {
    expect(plan('08', {}, -3000).problems[0]).toBe(
      '企业正常经营期间不能退保；仅依法关闭取缔或全面停产停业的企业可申请注销。如企业已关闭或停产，请联系属地监管部门核实并变更经营状态后再申请',
    );
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

  it('rosters: headcount follows the roster; removed persons must be on the policy, added ones not', () => {
    const r = (direction: 'in' | 'out', name: string, onPolicy: boolean) => ({
      direction,
      name,
      idNoMask: '110105********002X',
      onPolicy,
    });
    const roster = { roster: [{}] };
    let x = plan('01', roster, 100, '2026-06-01', {
      ...ctx,
      roster: [r('in', '甲', false), r('in', '乙', false)],
    });
    expect(x.problems).toEqual([]);
    expect(x.after).toMatchObject({ headcount: 12, perAccidentLimit: 4_800_000 });
    x = plan('02', roster, -100, '2026-06-01', { ...ctx, roster: [r('out', '甲', false)] });
    expect(x.problems).toEqual(['减少人员甲（110105********002X）不在本保单的参保人员名单中，不能减少']);
    x = plan('02', roster, -100, '2026-06-01', { ...ctx, roster: [r('out', '甲', true)] });
    expect(x.problems).toEqual([]);
    expect(x.after.headcount).toBe(9);
    x = plan('01', roster, 0, '2026-06-01', { ...ctx, roster: [r('in', '甲', true)] });
    expect(x.problems).toContain('新增人员甲（110105********002X）已在本保单的参保人员名单中，不能重复加入');
    x = plan('03', roster, 0, '2026-06-01', { ...ctx, roster: [r('out', '甲', true), r('in', '乙', false)] });
    expect(x.problems).toEqual([]);
    expect(x.after.headcount).toBeUndefined();
    x = plan('03', roster, 0, '2026-06-01', { ...ctx, roster: [r('out', '甲', false), r('in', '乙', true)] });
    expect(x.problems).toEqual([
      '换出人员甲（110105********002X）不在本保单的参保人员名单中，不能减少',
      '换入人员乙（110105********002X）已在本保单的参保人员名单中，不能重复加入',
    ]);
    x = plan('02', roster, 0, '2026-06-01', { ...ctx, roster: [r('in', '甲', false)] });
    expect(x.problems).toContain('减人批改的人员名单只能填写减少人员');
    x = plan('01', { headcount: 13, roster: [{}] }, 0, '2026-06-01', {
      ...ctx,
      roster: [r('in', '甲', false)],
    });
    expect(x.problems).toContain('人员名单人数须与参保人数的变化一致');
    x = plan('04', roster, 0, '2026-06-01', { ...ctx, roster: [r('in', '甲', false)] });
    expect(x.problems).toContain('该批改类型不能修改“人员名单”');
  });
});
