import { describe, expect, it } from 'vitest';
import { enterpriseProfileInput } from './enterprise.ts';
import { rangedNumber } from './number-field.ts';
import { FIELD_RANGES, moneyRange, numberRangeProblem, numberRangeText } from './number-range.ts';
import { policyInput } from './policy.ts';

describe('number ranges', () => {
  it('says the range in words', () => {
    expect(numberRangeText(FIELD_RANGES.persons)).toBe('1至999,999,999之间的整数');
    expect(numberRangeText(FIELD_RANGES.benchmarkRate)).toBe('大于0且不大于100的数，最多四位小数');
    expect(numberRangeText(moneyRange())).toBe('0至999,999,999,999.99之间的数，最多两位小数');
    expect(numberRangeText({ min: 1, decimals: 0 })).toBe('不小于1的整数');
    expect(numberRangeText({ max: 5 })).toBe('不大于5的数');
  });

  it('refuses what is outside, has too many decimals or is not a number; passes the bounds', () => {
    const msg = '参保人数须为1至999,999,999之间的整数';
    expect(numberRangeProblem(-5, '参保人数', FIELD_RANGES.persons)).toBe(msg);
    expect(numberRangeProblem(0, '参保人数', FIELD_RANGES.persons)).toBe(msg);
    expect(numberRangeProblem(1.5, '参保人数', FIELD_RANGES.persons)).toBe(msg);
    expect(numberRangeProblem(Number.NaN, '参保人数', FIELD_RANGES.persons)).toBe(msg);
    expect(numberRangeProblem(1, '参保人数', FIELD_RANGES.persons)).toBeNull();
    expect(numberRangeProblem(999_999_999, '参保人数', FIELD_RANGES.persons)).toBeNull();
    expect(numberRangeProblem(0, '费率', FIELD_RANGES.benchmarkRate)).not.toBeNull();
    expect(numberRangeProblem(0.0001, '费率', FIELD_RANGES.benchmarkRate)).toBeNull();
    expect(numberRangeProblem(0.1 + 0.2, '金额', moneyRange())).toBeNull();
    expect(numberRangeProblem(0.305, '金额', moneyRange())).not.toBeNull();
  });

  it('the schemas refuse with the same message the forms show', () => {
    const s = rangedNumber('从业人员总数', FIELD_RANGES.persons);
    for (const v of [-5, 0, 1.5, 1_000_000_000])
      expect(s.safeParse(v).error?.issues[0]?.message).toBe('从业人员总数须为1至999,999,999之间的整数');
    expect(s.safeParse('3').error?.issues[0]?.message).toBe('从业人员总数须为数字');
    const ent = enterpriseProfileInput.safeParse({ employees: -5, annualTurnover: -100 });
    const messages = ent.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toContain('从业人员总数须为1至999,999,999之间的整数');
    expect(messages).toContain('年营业额/工程造价须为0至999,999,999,999.99之间的数，最多两位小数');
    const pol = policyInput.safeParse({ headcount: -5, medicalLimit: -100 });
    const pm = pol.error?.issues.map((i) => i.message) ?? [];
    expect(pm).toContain('参保人数须为1至999,999,999之间的整数');
    expect(pm).toContain('每人医疗费用限额须为0至999,999,999,999.99之间的数，最多两位小数');
  });
});
