/** Zod-free option lists of the rules library: levels and validity. */
import { defineOptions, type OptionValue } from './options.ts';

export const RULE_LEVELS = defineOptions([
  { value: 'law', label: '法律' },
  { value: 'regulation', label: '行政法规' },
  { value: 'deptRule', label: '部门规章' },
  { value: 'normative', label: '规范性文件' },
  { value: 'standard', label: '国家/行业标准' },
  { value: 'local', label: '地方性法规/规章' },
]);
export type RuleLevel = OptionValue<typeof RULE_LEVELS>;

export const RULE_STATUS = defineOptions([
  { value: 'current', label: '现行有效', color: 'success' },
  { value: 'revised', label: '已修订', color: 'warning' },
  { value: 'repealed', label: '已废止', color: 'default' },
]);
export type RuleStatus = OptionValue<typeof RULE_STATUS>;
