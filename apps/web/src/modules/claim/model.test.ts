import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  accidentTimeProblem,
  advanceRoom,
  assessmentProblem,
  isLateReport,
  lastStepAt,
  offeredCloseTypes,
  offeredSteps,
  paidCentsByCategory,
  payoutGapAfter,
  payoutProblem,
  stepActionLabel,
  stepTimeProblem,
  unpaidByCategory,
  yuan,
} from './model.ts';
import { buildReportBody } from './ReportForm.tsx';
import { buildStepBody, initialValues, lossItems, payoutFromAssessment } from './step-values.ts';
import { parseTyped, typedTimeProblem } from './TimeField.tsx';
import { claimFixture } from './test-fixtures.ts';

describe('offered steps follow the server state machine', () => {
  it('an insurer gets exactly the allowed steps, main line first, side steps last', () => {
    const c = claimFixture({ actions: { steps: [2, 4, 5, 6, 8], closeTypes: [], satisfaction: false } });
    expect(offeredSteps(c, 'insurer')).toEqual([5, 6, 8, 4, 2]);
    expect(offeredSteps(c, 'insurer')).not.toContain(7);
    expect(offeredSteps(c, 'insurer')).not.toContain(3);
  });

  it('an enterprise is offered only the withdrawal, and only while allowed', () => {
    expect(
      offeredSteps(
        claimFixture({ actions: { steps: [2], closeTypes: [], satisfaction: false } }),
        'enterprise',
      ),
    ).toEqual([2]);
    expect(
      offeredSteps(
        claimFixture({ actions: { steps: [8], closeTypes: ['paid'], satisfaction: false } }),
        'enterprise',
      ),
    ).toEqual([]);
  });

  it('a claim with nothing allowed offers nothing (closed, or a co-insurer)', () => {
    expect(
      offeredSteps(claimFixture({ actions: { steps: [], closeTypes: [], satisfaction: false } }), 'insurer'),
    ).toEqual([]);
  });

  it('close types are the allowed ones in the list order', () => {
    const c = claimFixture({
      actions: { steps: [8], closeTypes: ['invalid', 'withdrawn'], satisfaction: false },
    });
    expect(offeredCloseTypes(c).map((o) => o.label)).toEqual(['销案', '无效结案']);
  });

  it('a repeated survey and a re-assessment say so', () => {
    expect(stepActionLabel(5, { phase: 'registered' })).toBe('现场查勘');
    expect(stepActionLabel(5, { phase: 'surveyed' })).toBe('再次查勘');
    expect(stepActionLabel(6, { phase: 'assessed' })).toBe('重新定损');
    expect(stepActionLabel(7, { phase: 'assessed' })).toBe('赔付');
    expect(stepActionLabel(7, { phase: 'paid' })).toBe('继续赔付');
  });
});

describe('money rules of the steps', () => {
  it('advance room: up to the per-accident limit, then to the assessed total, less what was paid', () => {
    expect(advanceRoom(claimFixture({ advanceTotal: 1000 }))).toMatchObject({
      room: 999000,
      basis: '每次事故责任限额',
    });
    expect(advanceRoom(claimFixture({ assessedTotal: 26000, advanceTotal: 5000.5 }))).toMatchObject({
      room: 20999.5,
      basis: '定损总金额',
    });
  });

  it('assessment: at least one item, lines above 0, casualties within the limit × casualties, advances, per-accident limit', () => {
    const c = claimFixture({ advanceTotal: 5000 });
    expect(assessmentProblem([], c)).toBe('请至少填写一项定损金额');
    expect(assessmentProblem([{ category: '05', amount: 4999.99 }], c)).toContain('不能低于已预付金额');
    expect(assessmentProblem([{ category: '04', amount: 1_000_000.01 }], c)).toContain(
      '不能超过每次事故责任限额',
    );
    expect(assessmentProblem([{ category: '05', amount: -100 }], c)).toBe(
      '医疗救护费的定损金额须大于0；未涉及的类别请留空',
    );
    // The walkthrough: 2 injured, 500,000 per person, 1,500,000 entered.
    expect(assessmentProblem([{ category: '01', amount: 1_500_000 }], claimFixture({ injuries: 2 }))).toBe(
      '从业人员人身伤亡定损金额（1,500,000.00元）超过每人死亡伤残责任限额500,000.00元 × 伤亡2人（死亡0人、受伤2人）= 1,000,000.00元，请核减',
    );
    expect(
      assessmentProblem(
        [
          { category: '01', amount: 0.1 },
          { category: '05', amount: 4999.9 },
        ],
        c,
      ),
    ).toBeNull();
  });

  it('payout: what is unpaid per category, from the assessment less earlier payouts', () => {
    const c = claimFixture({
      phase: 'paid',
      assessedTotal: 85000,
      payoutTotal: 5000,
      losses: [
        { category: '01', amount: 80000 },
        { category: '05', amount: 5000 },
      ],
      timeline: [
        ...claimFixture().timeline,
        {
          id: 9,
          step: 7,
          label: '赔付',
          color: '',
          actedAt: new Date().toISOString(),
          actorName: '理赔专员',
          actorOrgName: null,
          data: { persons: [], properties: [], fees: [{ category: '05', amount: 5000 }], total: 5000 },
          note: '',
          attachments: [],
        },
      ],
    });
    expect([...paidCentsByCategory(c)]).toEqual([['05', 500000]]);
    expect(unpaidByCategory(c)).toEqual([{ category: '01', label: '从业人员人身伤亡', amount: 80000 }]);
    expect(payoutGapAfter(c, 0)).toBe(80000);
    expect(payoutGapAfter(c, 8_000_000)).toBe(0);
    // A further payout may not go beyond what is unpaid.
    expect(payoutProblem({ persons: [], properties: [], fees: [{ amount: 80000.01 }] }, c)).toContain(
      '超过尚未赔付的定损金额（80,000.00元',
    );
  });

  it('payout: positive, within the assessment, not below the advances, each person within the per-person limit', () => {
    const c = claimFixture({ assessedTotal: 600000, advanceTotal: 5000 });
    const none = { persons: [], properties: [], fees: [] };
    expect(payoutProblem(none, c)).toContain('赔付总金额须大于0');
    expect(payoutProblem({ ...none, fees: [{ amount: 600000.01 }] }, c)).toContain('不能超过定损总金额');
    expect(payoutProblem({ ...none, fees: [{ amount: 4000 }] }, c)).toContain('不能低于已预付金额');
    expect(payoutProblem({ ...none, persons: [{ name: '王五', amount: 500000.01 }] }, c)).toBe(
      '王五的赔付金额超过每人死亡伤残责任限额（500,000.00元）',
    );
    expect(
      payoutProblem(
        {
          persons: [{ name: '王五', amount: 500000 }],
          properties: [{ amount: 0.1 }],
          fees: [{ amount: 0.2 }],
        },
        c,
      ),
    ).toBeNull();
  });

  it('formats yuan with thousands separators', () => {
    expect(yuan(1234567.5)).toBe('1,234,567.50');
    expect(yuan(null)).toBe('-');
  });
});

describe('date order (accident ≤ report ≤ steps, none in the future)', () => {
  it('a step may not precede the last recorded one nor be in the future', () => {
    const c = claimFixture();
    const last = lastStepAt(c);
    expect(last).toBe(c.timeline[2]?.actedAt);
    expect(stepTimeProblem(dayjs(last).subtract(1, 'minute'), last)).toContain('不能早于上一环节的时间');
    expect(stepTimeProblem(dayjs().add(5, 'minute'), last)).toBe('办理时间不能晚于当前时间');
    expect(stepTimeProblem(dayjs(), last)).toBeNull();
  });

  it('an accident must be in the policy period, before the report and not in the future', () => {
    const policy = { startDate: '2025-06-01', endDate: '2026-05-31' };
    const now = dayjs('2026-01-10T10:00:00+08:00');
    expect(accidentTimeProblem(dayjs('2026-01-10T11:00:00+08:00'), policy, undefined, now)).toBe(
      '出险时间不能晚于当前时间',
    );
    expect(accidentTimeProblem(dayjs('2025-05-31T23:30:00+08:00'), policy, undefined, now)).toBe(
      '出险时间不在保险期间内（2025-06-01 至 2026-05-31）',
    );
    expect(accidentTimeProblem(dayjs('2025-06-01T00:10:00+08:00'), policy, undefined, now)).toBeNull();
    expect(
      accidentTimeProblem(
        dayjs('2026-01-09T10:00:00+08:00'),
        policy,
        dayjs('2026-01-09T09:00:00+08:00'),
        now,
      ),
    ).toBe('报案时间不能早于出险时间');
  });

  it('a report later than the deadline is late', () => {
    const acc = dayjs('2026-01-01T00:00:00+08:00');
    expect(isLateReport(acc, acc.add(48, 'hour'), 48)).toBe(false);
    expect(isLateReport(acc, acc.add(48, 'hour').add(1, 'minute'), 48)).toBe(true);
  });
});

describe('typed times', () => {
  it('a typed text is a time only when complete; otherwise it stays text for the rule to refuse', () => {
    expect(parseTyped('')).toBeUndefined();
    const d = parseTyped(' 2025-12-30 20:00 ');
    expect(dayjs.isDayjs(d) && d.format('YYYY-MM-DD HH:mm')).toBe('2025-12-30 20:00');
    expect(parseTyped('2025-12-30 2')).toBe('2025-12-30 2');
    expect(parseTyped('2025-02-30 20:00')).toBe('2025-02-30 20:00');
    expect(typedTimeProblem('2025-12-30 2', '立案时间')).toContain('立案时间“2025-12-30 2”不是完整的时间');
    expect(typedTimeProblem(dayjs(), '立案时间')).toBeNull();
  });

  it('a step body carries no time when the field holds text', () => {
    expect(buildStepBody(5, { at: '2025-12-30 2' })).not.toHaveProperty('at');
  });
});

describe('request bodies', () => {
  const file = { fileName: 'a.png', fileUrl: '/api/file/0f8fad5b-d9cb-469f-a165-70867728950e', fileSize: 10 };

  it('report: trimmed texts, ISO times and photo ids', () => {
    const at = dayjs('2026-01-01T08:00:00+08:00');
    expect(
      buildReportBody({
        policyId: 7,
        reporterName: ' 钱安全 ',
        reporterPhone: '13905275678',
        accidentAt: at,
        accidentDistrictCode: '321302',
        accidentAddress: ' 车间 ',
        accidentDesc: '吊物坠落一人受伤',
        deaths: 0,
        injuries: 1,
        files: [file],
      }),
    ).toEqual({
      policyId: 7,
      reporterName: '钱安全',
      reporterPhone: '13905275678',
      accidentAt: '2026-01-01T00:00:00.000Z',
      accidentDistrictCode: '321302',
      accidentAddress: '车间',
      accidentDesc: '吊物坠落一人受伤',
      deaths: 0,
      injuries: 1,
      attachments: ['0f8fad5b-d9cb-469f-a165-70867728950e'],
    });
  });

  it('assessment: blank categories left out, zero kept, total the exact sum', () => {
    expect(lossItems({ '01': 0.1, '02': null, '05': 0.2 })).toEqual([
      { category: '01', amount: 0.1 },
      { category: '05', amount: 0.2 },
    ]);
    const body = buildStepBody(6, { note: ' 无 ', losses: { '01': 0.1, '05': 0.2 }, files: [file] });
    expect(body).toMatchObject({ step: 6, total: 0.3, note: '无', attachments: [file.fileUrl.slice(10)] });
  });

  it('payout: every assessed item is proposed, casualties split at the per-person limit', () => {
    const c = claimFixture({
      phase: 'assessed',
      assessedTotal: 1_091_000,
      losses: [
        { category: '01', amount: 1_000_000 },
        { category: '02', amount: 80_000 },
        { category: '03', amount: 6_000 },
        { category: '05', amount: 5_000 },
      ],
    });
    expect(payoutFromAssessment(c)).toEqual({
      persons: [
        { personType: 1, idType: '01', amount: 500_000 },
        { personType: 1, idType: '01', amount: 500_000 },
        { personType: 2, idType: '01', amount: 80_000 },
      ],
      properties: [{ amount: 6_000 }],
      fees: [{ category: '05', amount: 5_000 }],
    });
    const v = initialValues(7, c);
    const body = buildStepBody(7, v);
    expect(body).toMatchObject({ step: 7, total: 1_091_000, partial: false });
  });

  it('payout: totals of persons, properties and fees; ID upper-cased', () => {
    const body = buildStepBody(7, {
      persons: [
        {
          personType: 1,
          name: '王五',
          idType: '01',
          idNo: '11010519491231002x',
          injury: '02',
          amount: 20000,
        },
      ],
      properties: [{ ownerName: '邻厂', propertyName: '围墙', amount: 1000.1 }],
      fees: [{ category: '05', amount: 6000.2 }],
    });
    expect(body).toMatchObject({ step: 7, total: 27000.3 });
    if (body.step === 7) expect(body.persons?.[0]?.idNo).toBe('11010519491231002X');
  });

  it('close: the denial reason goes only with a denial', () => {
    expect(buildStepBody(8, { closeType: 'paid', deniedReason: '不应发送' })).toMatchObject({
      closeType: 'paid',
      deniedReason: '',
    });
    expect(buildStepBody(8, { closeType: 'denied', deniedReason: ' 非保险责任 ' })).toMatchObject({
      deniedReason: '非保险责任',
    });
  });
});
