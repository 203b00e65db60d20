import { describe, expect, it } from 'vitest';
import { claimStepInput } from './claim.ts';
import {
  casualtyLimitProblem,
  closeShortfallText,
  lossAssessmentProblem,
  lossLineProblem,
  partialPayoutText,
  payoutAmountProblem,
  payoutGap,
  yuanText,
} from './claim-money.ts';

const ctx = {
  perPersonLimit: 500_000,
  perAccidentLimit: 43_000_000,
  deaths: 0,
  injuries: 2,
  advanceTotal: 0,
};

describe('loss assessment (定损)', () => {
  it('formats yuan with separators and two decimals', () => {
    expect(yuanText(1_500_000)).toBe('1,500,000.00');
    expect(yuanText(0.5)).toBe('0.50');
    expect(yuanText(-100)).toBe('-100.00');
  });

  it('refuses a line of 0 or below, naming the category', () => {
    expect(lossLineProblem('05', -100)).toBe('医疗救护费的定损金额须大于0；未涉及的类别请留空');
    expect(lossLineProblem('05', 0)).toBe('医疗救护费的定损金额须大于0；未涉及的类别请留空');
    expect(lossLineProblem('05', 0.01)).toBeNull();
  });

  it('casualty amounts up to the per-person limit × reported deaths and injuries', () => {
    expect(casualtyLimitProblem([{ category: '01', amount: 1_000_000 }], ctx)).toBeNull();
    expect(casualtyLimitProblem([{ category: '01', amount: 1_500_000 }], ctx)).toBe(
      '从业人员人身伤亡定损金额（1,500,000.00元）超过每人死亡伤残责任限额500,000.00元 × 伤亡2人（死亡0人、受伤2人）= 1,000,000.00元，请核减',
    );
    // Both casualty categories share the ceiling; other categories do not count.
    expect(
      casualtyLimitProblem(
        [
          { category: '01', amount: 600_000 },
          { category: '02', amount: 400_000.01 },
          { category: '03', amount: 9_000_000 },
        ],
        ctx,
      ),
    ).toContain('从业人员人身伤亡与第三者人身伤亡定损金额合计（1,000,000.01元）');
    expect(casualtyLimitProblem([{ category: '01', amount: 1 }], { ...ctx, injuries: 0 })).toContain(
      '本案报案伤亡人数为0',
    );
    expect(casualtyLimitProblem([{ category: '04', amount: 1 }], { ...ctx, injuries: 0 })).toBeNull();
    expect(
      casualtyLimitProblem([{ category: '02', amount: 1_500_000 }], { ...ctx, deaths: 1, injuries: 2 }),
    ).toBeNull();
  });

  it('checks the whole assessment: lines, duplicates, casualties, advances and the per-accident limit', () => {
    const ok = [
      { category: '01', amount: 80_000 },
      { category: '05', amount: 5_000 },
    ];
    expect(lossAssessmentProblem(ok, ctx)).toBeNull();
    expect(lossAssessmentProblem([], ctx)).toBe('请至少填写一项定损金额');
    expect(lossAssessmentProblem([...ok, { category: '05', amount: 1 }], ctx)).toBe('定损类别不能重复');
    expect(lossAssessmentProblem([...ok, { category: '06', amount: 0 }], ctx)).toContain('事故鉴定费');
    expect(lossAssessmentProblem(ok, { ...ctx, advanceTotal: 85_000.01 })).toContain('不能低于已预付金额');
    expect(lossAssessmentProblem(ok, { ...ctx, perAccidentLimit: 84_999.99 })).toBe(
      '定损总金额（85,000.00元）不能超过每次事故责任限额（84,999.99元）',
    );
  });

  it('the step schema refuses a negative or zero line by its category', () => {
    const base = { step: 6, id: 1, version: 1, total: 0 } as const;
    const neg = claimStepInput.safeParse({ ...base, items: [{ category: '05', amount: -100 }] });
    expect(neg.success).toBe(false);
    expect(neg.error?.issues[0]?.message).toBe('医疗救护费的定损金额须大于0；未涉及的类别请留空');
    expect(claimStepInput.safeParse({ ...base, items: [{ category: '05', amount: 0 }] }).success).toBe(false);
    expect(
      claimStepInput.safeParse({ ...base, total: 5, items: [{ category: '05', amount: 5 }] }).success,
    ).toBe(true);
  });
});

describe('payouts (赔付)', () => {
  const s = { assessedTotal: 85_000, payoutTotal: null, advanceTotal: 0 };
  it('the gap left unpaid after a payout', () => {
    expect(payoutGap(s, 5_000)).toBe(80_000);
    expect(payoutGap(s, 85_000)).toBe(0);
    expect(payoutGap({ ...s, payoutTotal: 5_000 }, 80_000)).toBe(0);
    expect(partialPayoutText(s, 5_000)).toBe(
      '本次赔付后累计赔付5,000.00元，比定损总金额85,000.00元少80,000.00元',
    );
  });

  it('a payout is positive, within what is unpaid, and covers the advances', () => {
    expect(payoutAmountProblem(s, 85_000)).toBeNull();
    expect(payoutAmountProblem(s, 0)).toContain('赔付总金额须大于0');
    expect(payoutAmountProblem(s, 85_000.01)).toBe(
      '赔付总金额（85,000.01元）不能超过定损总金额（85,000.00元）',
    );
    expect(payoutAmountProblem({ ...s, payoutTotal: 5_000 }, 80_000.01)).toContain(
      '超过尚未赔付的定损金额（80,000.00元',
    );
    expect(payoutAmountProblem({ ...s, advanceTotal: 10_000 }, 9_999.99)).toContain('不能低于已预付金额');
    // A later payout: the earlier one already covered the advance.
    expect(payoutAmountProblem({ ...s, advanceTotal: 10_000, payoutTotal: 10_000 }, 1)).toBeNull();
  });

  it('closing names an unpaid difference', () => {
    expect(closeShortfallText({ ...s, payoutTotal: 5_000 })).toBe(
      '累计赔付5,000.00元，比定损总金额85,000.00元少80,000.00元未赔付',
    );
    expect(closeShortfallText({ ...s, payoutTotal: 85_000 })).toBeNull();
  });
});
