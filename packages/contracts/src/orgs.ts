import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import type { Option } from './options.ts';

/** Organisation kinds (sys_org.org_type) with their Chinese labels. */
export const ORG_TYPES: Option<
  'platform' | 'government' | 'enterprise' | 'insurer' | 'service' | 'expert'
>[] = [
  { value: 'platform', label: '平台运营' },
  { value: 'government', label: '政府监管部门' },
  { value: 'enterprise', label: '企业' },
  { value: 'insurer', label: '保险机构' },
  { value: 'service', label: '服务机构' },
  { value: 'expert', label: '专家机构' },
];
export type OrgType = (typeof ORG_TYPES)[number]['value'];
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
