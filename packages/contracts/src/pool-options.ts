/**
 * Zod-free constants of the service organisation and expert pool (issue 16; domain 2.3, 2.4): statuses,
 * the qualification-expiry flag (30 days ahead, China calendar days) and the import caps.
 */
import { addDays } from './china-time.ts';
import { defineOptions } from './options.ts';

/** sv_expert.status (sys_org.status for organisations: OrgStatus). */
export const EXPERT_STATUS = defineOptions([
  { value: 1, label: '正常', color: 'success' },
  { value: 2, label: '停用', color: 'error' },
]);
export const ExpertStatus = { ACTIVE: 1, SUSPENDED: 2 } as const;

/** Days ahead a qualification counts as expiring. */
export const EXPIRY_WARN_DAYS = 30;

export const EXPIRY_FLAGS = defineOptions([
  { value: 'expired', label: '资质已过期', color: 'error' },
  { value: 'expiring', label: '资质30天内到期', color: 'warning' },
]);
export type ExpiryFlag = 'expired' | 'expiring';

/**
 * The flag of a qualification expiring on `expiry` (YYYY-MM-DD, the last valid day) seen on `today`
 * (China date): expired after that day, expiring when it falls within the next 30 days.
 */
export function expiryFlag(expiry: string | null | undefined, today: string): ExpiryFlag | null {
  if (!expiry) return null;
  if (expiry < today) return 'expired';
  if (expiry <= addDays(today, EXPIRY_WARN_DAYS)) return 'expiring';
  return null;
}

/** Import caps (security V06-style): whole file, rows, columns and one cell. */
export const POOL_IMPORT_LIMITS = {
  fileBytes: 2 * 1024 * 1024,
  rows: 500,
  columns: 30,
  cellChars: 500,
} as const;

/** The columns of the expert import template, in order (the export uses them too, ID masked). */
export const EXPERT_IMPORT_HEADERS = [
  '姓名',
  '证件类型',
  '证件号码',
  '手机号码',
  '人员类型',
  '职称',
  '学历',
  '专业',
  '工作单位',
  '从业年限',
  '所在区县',
  '服务项目',
  '行业领域',
  '资格证书名称',
  '证书编号',
  '证书有效期至',
] as const;

/** The columns of the service organisation import template, in order. */
export const ORG_IMPORT_HEADERS = [
  '机构名称',
  '统一社会信用代码',
  '所在区县',
  '联系人',
  '联系电话',
  '地址',
  '服务项目',
  '其他服务内容',
  '行业领域',
  '服务区域',
  '法定代表人',
  '法定代表人电话',
  '安全负责人',
  '安全负责人电话',
  '资质证书名称',
  '资质证书编号',
  '资质有效期起',
  '资质有效期至',
  '从业人员数',
  '机构简介',
] as const;

/** A rating shown to people: one decimal, or 暂无评价. */
export function ratingText(rating: number | null | undefined, count = 0): string {
  if (rating === null || rating === undefined || count === 0) return '暂无评价';
  return `${rating.toFixed(1)} 分（${count} 条）`;
}
