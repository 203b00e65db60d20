import type { FormRule } from 'antd';
import { isValidIdCard, isValidMobile, isValidUscc, normalizeMobile } from '../../platform/contracts.ts';

/** Form rules with the server's messages (packages/contracts/src/insurer.ts), so a form never posts bad input. */

export const MSG = {
  uscc: '统一社会信用代码格式或校验位不正确，请核对18位代码',
  mobile: '手机号格式不正确，请输入11位手机号',
  idCard: '身份证号码格式或校验位不正确，请核对18位号码',
  orgCode: '机构代码为4-40位字母、数字或-',
  parent: '分支机构须填写总部名称和总部编码',
  idTypeChange: '证件类型改为居民身份证时须重新填写证件号码',
} as const;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export const requiredText = (message: string): FormRule => ({ required: true, whitespace: true, message });

/** min/max in characters, counted after trimming like the server. */
export const lengthRule = (label: string, min: number, max: number): FormRule => ({
  validator: async (_r, v) => {
    const s = text(v);
    if (!s) return;
    if (s.length < min) throw new Error(`${label}至少${min}个字`);
    if (s.length > max) throw new Error(`${label}最多${max}个字`);
  },
});

export const maxRule = (label: string, max: number): FormRule => ({
  validator: async (_r, v) => {
    if (text(v).length > max) throw new Error(`${label}最多${max}个字`);
  },
});

/** A mobile as answers carry it masked (138****5678; security P04). */
export const MASKED_MOBILE = /^1\d{2}\*{4}\d{4}$/;

/**
 * A mobile on an edit form that shows the stored number masked: a full number, or `stored` (the masked value)
 * left as it is, which the server resolves to the number it keeps. Any other masked value is refused here as
 * the server would (it stores no asterisks).
 */
export const editMobileRule = (stored: string): FormRule => ({
  validator: async (_r, v) => {
    const s = text(v);
    if (!s || (MASKED_MOBILE.test(stored) && s === stored)) return;
    if (!isValidMobile(normalizeMobile(s))) throw new Error(MSG.mobile);
  },
});

export const usccRule: FormRule = {
  validator: async (_r, v) => {
    const s = text(v).toUpperCase();
    if (s && !isValidUscc(s)) throw new Error(MSG.uscc);
  },
};

export const mobileRule: FormRule = {
  validator: async (_r, v) => {
    const s = text(v);
    if (s && !isValidMobile(normalizeMobile(s))) throw new Error(MSG.mobile);
  },
};

export const orgCodeRule: FormRule = {
  validator: async (_r, v) => {
    const s = text(v);
    if (s && !/^[A-Za-z0-9-]{4,40}$/.test(s)) throw new Error(MSG.orgCode);
  },
};

/**
 * ID number: a resident ID (证件类型 01) must pass GB 11643 (format, real birth date, check digit);
 * other kinds need 4-30 characters.
 */
export function idNoProblem(idType: string | undefined, idNo: string): string | null {
  const s = idNo.trim();
  if (!s) return null;
  if (idType === '01') return isValidIdCard(s) ? null : MSG.idCard;
  if (s.length < 4) return '请输入证件号码';
  if (s.length > 30) return '证件号码最多30个字符';
  return null;
}
