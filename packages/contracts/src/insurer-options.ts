/** Zod-free option lists of insurers, their technicists and documents (domain 2.2, 2.4). */
import { defineOptions } from './options.ts';

export const INSURER_TYPES = defineOptions([
  { value: 1, label: '总部' },
  { value: 2, label: '分公司' },
  { value: 3, label: '支公司' },
  { value: 4, label: '支公司以下' },
]);

export const INSURER_DOC_TYPES = defineOptions([
  { value: 1, label: '保险条款' },
  { value: 2, label: '费率表' },
  { value: 3, label: '服务手册' },
  { value: 9, label: '其他' },
]);

export const STAFF_TYPE = defineOptions([
  { value: 1, label: '自有' },
  { value: 2, label: '外聘' },
]);

/** Whether a technicist is on duty (在岗) or suspended (停用). */
export const TECHNICIST_STATUS = defineOptions([
  { value: 1, label: '在岗', color: 'success' },
  { value: 0, label: '停用', color: 'default' },
]);
