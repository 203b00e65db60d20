/** Option lists of spec 3, 4 and 9: one definition, used by server validation and web display. */

export interface Option<V extends string | number = number> {
  value: V;
  label: string;
  color?: string;
}

export const CLAIM_STEPS: Option[] = [
  { value: 1, label: '报案', color: '#1890ff' },
  { value: 2, label: '撤案', color: '#8c8c8c' },
  { value: 3, label: '立案', color: '#13c2c2' },
  { value: 4, label: '预赔/垫付/快赔', color: '#722ed1' },
  { value: 5, label: '现场查勘', color: '#fa8c16' },
  { value: 6, label: '定损核损', color: '#faad14' },
  { value: 7, label: '赔付', color: '#52c41a' },
  { value: 8, label: '结案', color: '#237804' },
];

export const ACCIDENT_LEVELS: Option[] = [
  { value: 1, label: '未达到事故等级' },
  { value: 2, label: '一般事故' },
  { value: 3, label: '较大事故' },
  { value: 4, label: '重大事故' },
  { value: 5, label: '特别重大事故' },
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

export const PARAM_SOURCE: Option[] = [
  { value: 2, label: '手动录入' },
  { value: 1, label: '系统判断' },
];

export const STAFF_TYPE: Option[] = [
  { value: 1, label: '自有' },
  { value: 2, label: '外聘' },
];

export const LIST_FILTER_STATES: Option[] = [
  { value: 10, label: '全部' },
  { value: 1, label: '已成立' },
  { value: 3, label: '进行中' },
  { value: 7, label: '已结束' },
];

export const LOG_KINDS: Option<string>[] = [
  { value: 'all', label: '全部' },
  { value: 'query', label: '查询' },
  { value: 'add', label: '新增' },
  { value: 'edit', label: '修改' },
  { value: 'delete', label: '删除' },
];

export const STAT_LABELS = {
  insuredEnterprises: { label: '投保企业', unit: '家' },
  premium: { label: '保费', unit: '元' },
  sumInsured: { label: '保额', unit: '万元' },
  preventionFee: { label: '事故预防费用', unit: '元' },
  claims: { label: '理赔案件', unit: '件' },
  claimPaid: { label: '理赔费用', unit: '元' },
} as const;

export const SATISFACTION_ITEMS = ['投保满意度', '理赔满意度', '企业配合度', '被服务单位配合度'] as const;

export const CITY_CODE = '321300';
export const CITY_NAME = '宿迁市';
export const DISTRICTS: Option<string>[] = [
  { value: '321302', label: '宿城区' },
  { value: '321311', label: '宿豫区' },
  { value: '321322', label: '沭阳县' },
  { value: '321323', label: '泗阳县' },
  { value: '321324', label: '泗洪县' },
];

/** A city-level code covers all its districts (321300 → every 3213xx). */
export function isCityLevel(code: string): boolean {
  return code === CITY_CODE || /^\d{4}00$/.test(code);
}

/**
 * The districts a person is limited to when they address people or manage what was addressed to them
 * (government users' district codes): null at city level (no districts, a city-level code, or every
 * district of the city), otherwise their own district codes.
 */
export function governedDistricts(districtCodes: readonly string[]): string[] | null {
  const own = [...new Set(districtCodes)];
  if (own.length === 0 || own.some(isCityLevel)) return null;
  if (DISTRICTS.every((d) => own.includes(d.value))) return null;
  return own;
}

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_MIN_FORMAT = 'YYYY-MM-DD HH:mm';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function optionLabel<V extends string | number>(
  options: Option<V>[],
  value: V | null | undefined,
): string {
  return options.find((o) => o.value === value)?.label ?? '';
}
