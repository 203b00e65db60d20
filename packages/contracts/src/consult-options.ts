/** Zod-free option lists of consultations. */
import { defineOptions } from './options.ts';

export const ConsultStatus = { AWAITING: 0, ANSWERED: 1, CLOSED: 2 } as const;
export const CONSULT_STATUS = defineOptions([
  { value: 0, label: '待回复', color: 'orange' },
  { value: 1, label: '已回复', color: 'green' },
  { value: 2, label: '已关闭', color: 'default' },
]);
