/**
 * Zod-free constants of the industry classification (sys_industry): the top-level work-safety industry
 * fields and what they decide (must-insure).
 */
import { defineOptions } from './options.ts';

/**
 * Top level of the work-safety industry fields (安全生产行业领域, the AQ branch of sys_industry, e.g.
 * AQ020203 加油加气站). Must-insure follows from the top-level field (domain 1.2: the eight high-risk
 * fields of the 2025 办法 Art. 2); an enterprise on the imported register must insure as well.
 */
export const WS_INDUSTRIES = defineOptions([
  { value: 'AQ01', label: '矿山', mustInsure: true },
  { value: 'AQ02', label: '危险化学品', mustInsure: true },
  { value: 'AQ03', label: '烟花爆竹', mustInsure: true },
  { value: 'AQ04', label: '交通运输', mustInsure: true },
  { value: 'AQ05', label: '建筑施工', mustInsure: true },
  { value: 'AQ06', label: '民用爆炸物品', mustInsure: true },
  { value: 'AQ07', label: '金属冶炼', mustInsure: true },
  { value: 'AQ08', label: '渔业生产', mustInsure: true },
  { value: 'AQ09', label: '其他行业领域', mustInsure: false },
]);

/** The top-level work-safety industry of a full code (longest matching prefix), or undefined. */
export function wsIndustryTop(code: string | null | undefined): (typeof WS_INDUSTRIES)[number] | undefined {
  if (!code) return undefined;
  let best: (typeof WS_INDUSTRIES)[number] | undefined;
  for (const i of WS_INDUSTRIES)
    if (code.startsWith(i.value) && (!best || i.value.length > best.value.length)) best = i;
  return best;
}

/** Must insure by industry (domain 1.2); an enterprise on the imported register must insure as well. */
export function industryMustInsure(code: string | null | undefined): boolean {
  return wsIndustryTop(code)?.mustInsure ?? false;
}

export const INDUSTRY_CODE_MESSAGE = '行业代码只能包含字母、数字、点、下划线和短横线';

/** Root of the tree: findByPid?pid=1 answers industryList with everything below it (spec 7). */
export const INDUSTRY_ROOT_ID = 1;
/** Branch codes directly under the root. */
export const IndustryBranch = {
  NATIONAL: 'GB4754',
  SAFETY: 'AQ',
} as const;
