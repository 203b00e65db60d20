import type { FormRule } from 'antd';
import { DISTRICTS, linkProblem } from '../../platform/contracts.ts';
import { htmlText } from './editor-commands.ts';

/**
 * Form rules of the content screens, the same limits and messages as the server's contracts
 * (packages/contracts/src/content.ts) and the articles service (domain.md 2.13: 正文 2–60,000 characters).
 */

export const BODY_TEXT_MAX = 60_000;

const max = (n: number, label: string): FormRule => ({ max: n, message: `${label}不能超过${n}个字符` });

export const titleRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入标题' },
  max(200, '标题'),
];
export const summaryRules: FormRule[] = [max(500, '摘要')];
export const sourceRules: FormRule[] = [max(100, '来源')];
export const authorRules: FormRule[] = [max(50, '作者')];

/** The body problem, or null: at least 2 characters of text (or an image), at most 60,000. */
export function bodyProblem(html: string | undefined, required = true): string | null {
  const value = html ?? '';
  const text = htmlText(value);
  if (required && text.length < 2 && !/<img\b/i.test(value)) return '正文至少2个字，请填写正文';
  if (text.length > BODY_TEXT_MAX) return `正文不能超过${BODY_TEXT_MAX}个字，请精简或改为上传附件`;
  return null;
}

export function bodyRules(required = true): FormRule[] {
  return [
    {
      required,
      validator: async (_r, v: string | undefined) => {
        const p = bodyProblem(v, required);
        if (p) throw new Error(p);
      },
    },
  ];
}

/** A portal link: empty, a site path starting with / or an http(s) address. */
export function portalLinkProblem(raw: string | undefined): string | null {
  return linkProblem((raw ?? '').trim());
}
export const linkRules: FormRule[] = [
  {
    validator: async (_r, v: string | undefined) => {
      const p = portalLinkProblem(v);
      if (p) throw new Error(p);
    },
  },
];

export const slugRules: FormRule[] = [
  {
    pattern: /^[a-z][a-z0-9-]{0,39}$/,
    message: '页面标识只能包含小写字母、数字和连字符，且以字母开头（最多40个字符）',
  },
];

/** Target districts: codes of Suqian's districts, at most 20 (an empty list means the whole city). */
export function districtsProblem(codes: string[] | undefined): string | null {
  const list = codes ?? [];
  if (list.length > 20) return '接收区县最多选择20个';
  const bad = list.filter((c) => !DISTRICTS.has(c));
  return bad.length > 0 ? `区县代码不正确：${bad.join('、')}` : null;
}
export const districtRules: FormRule[] = [
  {
    validator: async (_r, v: string[] | undefined) => {
      const p = districtsProblem(v);
      if (p) throw new Error(p);
    },
  },
];

/** Help and consult classes (contracts classSaveQuery). */
export const classNameRules: FormRule[] = [
  { required: true, whitespace: true, message: '请输入分类名称' },
  max(50, '分类名称'),
];
