import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import {
  ORG_CONTACT_NAME_MESSAGE,
  ORG_CONTACT_PHONE_MESSAGE,
  ORG_MANAGED_TYPES,
  ORG_TYPES,
  type OrgType,
} from './org-options.ts';
import { CITY_CODE, DISTRICTS } from './region-options.ts';
import { isValidLandline, isValidMobile, isValidUscc, normalizeMobile } from './validators.ts';

export const orgListQuery = pageQuery
  .extend({
    orgType: z
      .enum(ORG_TYPES.values, '机构类型只能是 platform、government、enterprise、insurer、service 或 expert')
      .optional(),
    name: z.string().trim().max(100).optional(),
    status: z.coerce
      .number()
      .int()
      .min(1, '状态只能是1（正常）或2（停用）')
      .max(2, '状态只能是1（正常）或2（停用）')
      .optional(),
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

const orgDistrict = z.enum([CITY_CODE, ...DISTRICTS.values], '所在区县须为宿迁市（321300）或其区县的代码');
/** Editable fields of an organisation (机构管理). An empty uscc means none on record. */
const orgFields = {
  name: z.string().trim().min(2, '机构名称至少2个字').max(100, '机构名称最多100个字'),
  uscc: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .refine((s) => s === '' || isValidUscc(s), '统一社会信用代码格式或校验位不正确，请核对18位代码')
    .default(''),
  districtCode: orgDistrict,
  contactName: z.string().trim().min(2, ORG_CONTACT_NAME_MESSAGE).max(20, ORG_CONTACT_NAME_MESSAGE),
  contactPhone: z
    .string()
    .trim()
    .max(30, ORG_CONTACT_PHONE_MESSAGE)
    .transform((s) => (isValidMobile(s) ? normalizeMobile(s) : s))
    .refine((s) => isValidMobile(s) || isValidLandline(s), ORG_CONTACT_PHONE_MESSAGE),
};

export const orgAddBody = z
  .object({
    orgType: z.enum(
      ORG_MANAGED_TYPES as [OrgType, ...OrgType[]],
      '机构类型只能是 government（政府监管部门）、insurer（保险机构）、service（服务机构）或 expert（专家机构）；企业请在企业管理中新增',
    ),
    ...orgFields,
  })
  .strict();
export type OrgAddBody = z.infer<typeof orgAddBody>;

/** Edit: the type is fixed; contactPhone left out keeps the stored number (the list shows it masked). */
export const orgSaveBody = z
  .object({
    id: z.number().int().positive(),
    version: z.number().int().positive('请提供数据版本号 version'),
    ...orgFields,
    contactPhone: orgFields.contactPhone.optional(),
  })
  .strict();
export type OrgSaveBody = z.infer<typeof orgSaveBody>;

export const orgStatusQuery = z
  .object({
    id: z.coerce.number<number>().int().positive('id 必须是正整数'),
    version: z.coerce.number<number>().int().positive('请提供数据版本号 version'),
  })
  .strict();
