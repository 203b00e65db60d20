/** Zod-free constants and checks of the platform settings (平台设置): insurance, security, footer. */

/**
 * National floors and caps the bureau may tighten but not loosen: the per-person limit may be raised
 * above the national floor (2025 办法 Art. 15: at least 400,000 yuan), the prevention-fee share lowered
 * below the national cap (at most 21% of the premium actually collected).
 */
export const INSURANCE_LIMITS = {
  /** Yuan per person; the national floor is the minimum and the default. */
  minPerPersonLimit: { min: 400_000, max: 100_000_000, nationalFloor: 400_000 },
  /** Percent of premium; 21 % is the national cap and the default. */
  preventionFeeCapPct: { min: 0, max: 21 },
  reportDeadlineHours: { min: 1, max: 720 },
  claimUnpaidFlagDays: { min: 1, max: 365 },
} as const;

export type InsuranceSettingKey = keyof typeof INSURANCE_LIMITS;

export interface SettingFieldMeta {
  label: string;
  unit: string;
  min: number;
  max: number;
  /** The code default (national figure where there is one). */
  defaultValue: number;
  /** Figure of national rules shown next to the field. */
  nationalNote: string;
  /** Decimal places allowed. */
  precision: number;
  help: string;
}

/** Label, unit, range and the national figure of each insurance setting (the settings screens). */
export const INSURANCE_SETTING_FIELDS: Record<InsuranceSettingKey, SettingFieldMeta> = {
  minPerPersonLimit: {
    label: '每人死亡伤残责任限额下限',
    unit: '元',
    min: INSURANCE_LIMITS.minPerPersonLimit.min,
    max: INSURANCE_LIMITS.minPerPersonLimit.max,
    defaultValue: 400_000,
    nationalNote: '国家标准：不低于40万元（2025年《安全生产责任保险实施办法》第十五条）',
    precision: 0,
    help: '投保和批改时，每人死亡伤残责任限额不得低于此值；可结合本地城镇居民人均可支配收入提高，不能低于国家标准。',
  },
  preventionFeeCapPct: {
    label: '事故预防服务费用比例上限',
    unit: '%',
    min: INSURANCE_LIMITS.preventionFeeCapPct.min,
    max: INSURANCE_LIMITS.preventionFeeCapPct.max,
    defaultValue: 21,
    nationalNote: '国家标准：不高于实际收取保费的21%',
    precision: 2,
    help: '保单中事故预防服务费用占实收保费的比例不得高于此值，最多两位小数。',
  },
  reportDeadlineHours: {
    label: '报案时限',
    unit: '小时',
    min: INSURANCE_LIMITS.reportDeadlineHours.min,
    max: INSURANCE_LIMITS.reportDeadlineHours.max,
    defaultValue: 720,
    nationalNote: '默认720小时（30天）：事故发生或职业病确诊之日起30日内报案；可设置1-720小时',
    precision: 0,
    help: '事故发生后须在此时限内向保险机构报案，超时的报案会被标记。',
  },
  claimUnpaidFlagDays: {
    label: '未赔付提醒天数',
    unit: '天',
    min: INSURANCE_LIMITS.claimUnpaidFlagDays.min,
    max: INSURANCE_LIMITS.claimUnpaidFlagDays.max,
    defaultValue: 60,
    nationalNote: '《保险法》第二十五条：资料齐全后60日内应先予支付可确定的部分',
    precision: 0,
    help: '立案后超过此天数仍未赔付的案件会提醒监管部门。',
  },
};

/** Checks one insurance setting like the server; returns the message or null. */
export function insuranceSettingProblem(key: InsuranceSettingKey, value: unknown): string | null {
  const m = INSURANCE_SETTING_FIELDS[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) return `请输入${m.label}`;
  switch (key) {
    case 'minPerPersonLimit':
      if (!Number.isInteger(value)) return '每人责任限额须为整数（元）';
      if (value < m.min) return '每人责任限额不能低于国家标准40万元';
      if (value > m.max) return '每人责任限额不能超过1亿元';
      return null;
    case 'preventionFeeCapPct':
      if (value < m.min) return '事故预防费用比例不能为负数';
      if (value > m.max) return '事故预防费用比例不能超过保费的21%';
      if (Math.round(value * 100) !== value * 100) return '事故预防费用比例最多两位小数';
      return null;
    case 'reportDeadlineHours':
      if (!Number.isInteger(value)) return '报案时限须为整数（小时）';
      if (value < m.min || value > m.max) return '报案时限为1-720小时';
      return null;
    case 'claimUnpaidFlagDays':
      if (!Number.isInteger(value)) return '未赔付提醒天数须为整数';
      if (value < m.min || value > m.max) return '未赔付提醒天数为1-365天';
      return null;
  }
}

/**
 * Session and password policy the administrator edits at run time. The server's environment
 * (IDLE_TIMEOUT_MINUTES, PASSWORD_MAX_AGE_DAYS) gives the values used until one is saved, within
 * the same ranges.
 */
export const SECURITY_LIMITS = {
  /** Minutes without a request after which a session ends. */
  idleTimeoutMinutes: { min: 5, max: 120 },
  /** Days after which a password must be changed; 0 = never. */
  passwordMaxAgeDays: { min: 0, max: 365 },
} as const;

export type SecuritySettingKey = keyof typeof SECURITY_LIMITS;

export const SECURITY_SETTING_MESSAGES = {
  idleTimeoutMinutes: {
    integer: '无操作自动退出时间须为整数（分钟）',
    range: '无操作自动退出时间为5-120分钟',
  },
  passwordMaxAgeDays: { integer: '密码有效期须为整数（天）', range: '密码有效期为0-365天（0表示不限）' },
} as const;

/** Label, unit and range of each security setting (the settings screens). */
export const SECURITY_SETTING_FIELDS: Record<
  SecuritySettingKey,
  { label: string; unit: string; min: number; max: number; help: string }
> = {
  idleTimeoutMinutes: {
    label: '无操作自动退出',
    unit: '分钟',
    min: SECURITY_LIMITS.idleTimeoutMinutes.min,
    max: SECURITY_LIMITS.idleTimeoutMinutes.max,
    help: '登录后超过此时间没有任何操作，登录即失效，须重新登录。修改后下一次请求即按新值判断。',
  },
  passwordMaxAgeDays: {
    label: '密码有效期',
    unit: '天',
    min: SECURITY_LIMITS.passwordMaxAgeDays.min,
    max: SECURITY_LIMITS.passwordMaxAgeDays.max,
    help: '密码使用超过此天数后，用户须先修改密码才能继续操作；填0表示不限。',
  },
};

/** Checks one security setting like the server; returns the message or null. */
export function securitySettingProblem(key: SecuritySettingKey, value: unknown): string | null {
  const m = SECURITY_SETTING_FIELDS[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) return `请输入${m.label}`;
  if (!Number.isInteger(value)) return SECURITY_SETTING_MESSAGES[key].integer;
  if (value < m.min || value > m.max) return SECURITY_SETTING_MESSAGES[key].range;
  return null;
}

export type FooterSettingKey =
  | 'siteCode'
  | 'icp'
  | 'police'
  | 'phone'
  | 'email'
  | 'supportPhone'
  | 'supportEmail'
  | 'copyrightHolder';

/** Label, maximum length and placeholder of each footer text. */
export const FOOTER_SETTING_FIELDS: Record<
  FooterSettingKey,
  { label: string; max: number; placeholder: string; email?: boolean }
> = {
  copyrightHolder: { label: '版权所有单位', max: 60, placeholder: '宿迁市应急管理局' },
  siteCode: { label: '网站标识码', max: 60, placeholder: '例如 3213000001' },
  icp: { label: 'ICP备案号', max: 60, placeholder: '例如 苏ICP备12345678号-1' },
  police: { label: '公安备案号', max: 60, placeholder: '例如 苏公网安备 32130202000001号' },
  phone: { label: '联系电话', max: 40, placeholder: '例如 0527-12345678' },
  email: { label: '联系邮箱', max: 100, placeholder: '例如 aqzrx@example.gov.cn', email: true },
  supportPhone: { label: '技术支持电话', max: 40, placeholder: '例如 0527-87654321' },
  supportEmail: { label: '技术支持邮箱', max: 100, placeholder: '例如 support@example.com', email: true },
};

export const PLATFORM_NAME_RANGE = { min: 2, max: 60, message: '平台名称为2-60个字符' } as const;
export const FOOTER_LINKS_MAX = 20;
export const FOOTER_LINK_TITLE_MAX = 30;
