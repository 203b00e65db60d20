import { type NumberRange, numberRangeProblem } from '@aqzrx/contracts/constants';
import type { FormRule } from 'antd';

export type { NumberRange };

/**
 * The form rule of a number field: a value outside `range` (or with more decimals than it allows) is
 * refused with the message the server gives for it, which says the range ('从业人员总数须为1至999,999,999
 * 之间的整数'). Use it instead of InputNumber's min/max/precision, which silently change what was typed
 * (−5 becomes 1 on leaving the field, 1.5 becomes 2). An empty field passes: pair it with `required`.
 */
export function numberRule(label: string, range: NumberRange): FormRule {
  return {
    validator: async (_, v: unknown) => {
      if (v === undefined || v === null || v === '') return;
      const problem = numberRangeProblem(Number(v), label, range);
      if (problem) throw new Error(problem);
    },
  };
}
