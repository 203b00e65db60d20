export { ORG_TYPES, type OrgType } from './sys-options.ts';

import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { ORG_TYPES, type OrgType } from './sys-options.ts';

export const ORG_TYPE_VALUES = ORG_TYPES.map((o) => o.value) as [OrgType, ...OrgType[]];

export const orgListQuery = pageQuery
  .extend({
    orgType: z
      .enum(ORG_TYPE_VALUES, '机构类型只能是 platform、government、enterprise、insurer、service 或 expert')
      .optional(),
    name: z.string().trim().max(100).optional(),
    districtCode: z
      .string()
      .regex(/^\d{6}$/, '行政区划代码为6位数字')
      .optional(),
  })
  .strict();
export type OrgListQuery = z.infer<typeof orgListQuery>;

export const orgRow = z.object({
  id: z.number().int(),
  orgType: z.string(),
  orgTypeLabel: z.string(),
  name: z.string(),
  uscc: z.string(),
  districtCode: z.string(),
  contactName: z.string(),
  /** Masked, 138****5678 (landlines are shown as entered). */
  contactPhone: z.string(),
  status: z.number().int(),
  userCount: z.number().int(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type OrgRow = z.infer<typeof orgRow>;
