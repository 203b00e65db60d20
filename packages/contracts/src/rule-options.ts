/** Zod-free option lists of the rules library: levels and validity. */
import type { Option } from './options.ts';

export const RULE_LEVEL_VALUES = ['law', 'regulation', 'deptRule', 'normative', 'standard', 'local'] as const;
export type RuleLevel = (typeof RULE_LEVEL_VALUES)[number];
export const RULE_LEVELS: Option<RuleLevel>[] = [
  { value: 'law', label: '法律' },
  { value: 'regulation', label: '行政法规' },
  { value: 'deptRule', label: '部门规章' },
  { value: 'normative', label: '规范性文件' },
  { value: 'standard', label: '国家/行业标准' },
  { value: 'local', label: '地方性法规/规章' },
];
export const RULE_STATUS_VALUES = ['current', 'revised', 'repealed'] as const;
export type RuleStatus = (typeof RULE_STATUS_VALUES)[number];
export const RULE_STATUS: Option<RuleStatus>[] = [
  { value: 'current', label: '现行有效', color: 'success' },
  { value: 'revised', label: '已修订', color: 'warning' },
  { value: 'repealed', label: '已废止', color: 'default' },
];
