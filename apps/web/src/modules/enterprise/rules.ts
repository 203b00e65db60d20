import {
  FIELD_RANGES,
  isValidLandline,
  isValidMobile,
  isValidUscc,
  normalizeMobile,
  numberRangeProblem,
  WS_INDUSTRIES,
} from '@aqzrx/contracts/constants';
import type { FormRule } from 'antd';

/**
 * Field checks of the enterprise profile (domain 2.1, the server's contracts enterpriseFields) as pure
 * functions: each returns the message to show, or null when the value is fine.
 */

const USCC_CHARS = /^[0-9ABCDEFGHJKLMNPQRTUWXY]+$/;

export function usccProblem(raw: string | undefined): string | null {
  const v = (raw ?? '').trim().toUpperCase();
  if (!v) return '请输入统一社会信用代码';
  if (v.length !== 18) return `统一社会信用代码应为18位，当前为${v.length}位`;
  if (!USCC_CHARS.test(v)) return '统一社会信用代码只含数字和大写字母（不使用I、O、Z、S、V），请核对';
  if (!isValidUscc(v)) return '统一社会信用代码校验位不正确，请核对18位代码';
  return null;
}

export function mobileProblem(raw: string | undefined, label: string, required: boolean): string | null {
  const v = (raw ?? '').trim();
  if (!v) return required ? `请输入${label}` : null;
  if (!isValidMobile(v)) return `${label}格式不正确，请输入11位手机号`;
  return null;
}

export function phoneProblem(raw: string | undefined): string | null {
  const v = (raw ?? '').trim();
  if (!v) return null;
  if (isValidMobile(v) || isValidLandline(v)) return null;
  return '电话格式不正确，请输入手机号或座机号（如0527-84361234）';
}

export function lengthProblem(
  raw: string | undefined,
  label: string,
  min: number,
  max: number,
  required = true,
): string | null {
  const v = (raw ?? '').trim();
  if (!v) return required ? `请输入${label}` : null;
  const n = Array.from(v).length;
  if (n < min) return `${label}至少${min}个字`;
  if (n > max) return `${label}最多${max}个字`;
  return null;
}

export function emailProblem(raw: string | undefined): string | null {
  const v = (raw ?? '').trim();
  if (!v) return null;
  if (v.length > 100 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) return '邮箱格式不正确';
  return null;
}

export function employeesProblem(v: number | null | undefined): string | null {
  if (v === null || v === undefined) return '请输入从业人员总数';
  return numberRangeProblem(v, '从业人员总数', FIELD_RANGES.persons);
}

export function wsIndustryProblem(code: string | undefined): string | null {
  if (!code) return '请选择安责险行业（安全生产行业领域）';
  if (!/^AQ(\d{2}){1,4}$/.test(code) || !WS_INDUSTRIES.some((i) => code.startsWith(i.value)))
    return '安全生产行业领域代码不正确，请从列表中选择';
  return null;
}

export function gbIndustryProblem(code: string | undefined): string | null {
  if (!code) return '请选择国民经济行业（GB/T 4754-2017）';
  if (!/^[A-T](\d{2}|\d{3}|\d{4})?$/.test(code)) return '国民经济行业代码格式不正确，如 C26';
  return null;
}

/** Wraps a problem function as an antd rule (the asterisk comes from `required`). */
export function ruleOf<V>(problem: (v: V) => string | null, required = true): FormRule {
  return {
    required,
    validator: async (_rule, value: V) => {
      const p = problem(value);
      if (p) throw new Error(p);
    },
  };
}

/** Trims a mobile and strips +86, as the server stores it. */
export const cleanMobile = (v: string | undefined) => normalizeMobile((v ?? '').trim());
