/** Option lists of spec 3, 4 and 9: one definition, used by server validation and web display. */

export interface Option<V extends string | number = number> {
  value: V;
  label: string;
  color?: string;
}

export const ID_TYPES: Option<string>[] = [
  { value: '01', label: '居民身份证' },
  { value: '02', label: '士官证' },
  { value: '03', label: '护照' },
  { value: '04', label: '其他' },
];

export const RECTIFY_STATUS: Option[] = [
  { value: -1, label: '待整改', color: 'red' },
  { value: 0, label: '待审核', color: 'orange' },
  { value: 1, label: '已完成', color: 'green' },
  { value: 2, label: '已驳回', color: 'volcano' },
];

export const SERVICE_STATUS: Option[] = [
  { value: 0, label: '待服务', color: 'default' },
  { value: 1, label: '服务中', color: 'processing' },
  { value: 2, label: '已完成', color: 'success' },
];

export const MAJOR_FLAG: Option[] = [
  { value: 1, label: '重大' },
  { value: 0, label: '一般' },
];
export const MAJOR_FLAG_EXT: Option[] = [
  ...MAJOR_FLAG,
  { value: 2, label: '较大' },
  { value: 3, label: '低' },
];

export const LIST_FILTER_STATES: Option[] = [
  { value: 10, label: '全部' },
  { value: 1, label: '已成立' },
  { value: 3, label: '进行中' },
  { value: 7, label: '已结束' },
];

export const SATISFACTION_ITEMS = ['投保满意度', '理赔满意度', '企业配合度', '被服务单位配合度'] as const;

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_MIN_FORMAT = 'YYYY-MM-DD HH:mm';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function optionLabel<V extends string | number>(
  options: Option<V>[],
  value: V | null | undefined,
): string {
  return options.find((o) => o.value === value)?.label ?? '';
}

/** Enabled/disabled labels shared by dictionaries, industries, mechanisms and subsystems. */
export const ENABLE_STATUS = [
  { value: 1, label: '启用', color: 'success' },
  { value: 0, label: '停用', color: 'default' },
] as const;
