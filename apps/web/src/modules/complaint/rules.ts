import type { Rule } from 'antd/es/form';
import { isValidLandline, isValidMobile } from '../../platform/contracts.ts';

/** Form rules with the server's limits and messages (contracts complaint.ts). */
export function textRules(label: string, min: number, max: number): Rule[] {
  return [
    {
      validator: async (_, v: string | undefined) => {
        const s = (v ?? '').trim();
        if (s.length < min) throw new Error(`请填写${label}（至少${min}个字）`);
        if (s.length > max) throw new Error(`${label}最多${max}个字`);
      },
    },
  ];
}

export const CONTACT_NAME_RULES: Rule[] = [
  {
    validator: async (_, v: string | undefined) => {
      const s = (v ?? '').trim();
      if (s.length < 2) throw new Error('联系人至少2个字');
      if (s.length > 20) throw new Error('联系人最多20个字');
    },
  },
];

export const CONTACT_PHONE_RULES: Rule[] = [
  {
    validator: async (_, v: string | undefined) => {
      const s = (v ?? '').trim();
      if (!s) throw new Error('请填写联系电话');
      if (!isValidMobile(s) && !isValidLandline(s))
        throw new Error('电话格式不正确，请输入手机号或座机号（如0527-84361234）');
    },
  },
];
