import { z } from 'zod';
import {
  IP_ALLOWLIST_MAX,
  IP_ENTRY_MESSAGE,
  isIpOrCidr,
  ORDER_NO_MESSAGE,
  ORDER_NO_PATTERN,
  RATE_PER_MINUTE,
} from './safety-mechanism-options.ts';

/**
 * Safety mechanisms (安全机制): an access policy for an external system (subsystem) over a set of the
 * platform's API entries: which registered routes it may call, from which addresses, how often.
 */

export const mechanismApi = z
  .object({
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], {
      message: '请求方法只能是 GET/POST/PUT/PATCH/DELETE',
    }),
    url: z
      .string()
      .trim()
      .min(1, '请输入接口地址')
      .max(300, '接口地址最多300个字符')
      .regex(/^\/api\//, '接口地址须以 /api/ 开头'),
  })
  .strict();
export type MechanismApi = z.infer<typeof mechanismApi>;

export const mechanismApiInfo = z.object({
  method: z.string(),
  url: z.string(),
  /** The permission the route declares (public, authenticated or permissionId.action). */
  permission: z.string(),
  /** false when an attached entry no longer matches a registered route (renamed or removed). */
  registered: z.boolean(),
});
export type MechanismApiInfo = z.infer<typeof mechanismApiInfo>;

const orderNo = z
  .string()
  .trim()
  .min(1, '请输入编号')
  .max(32, '编号最多32个字符')
  .regex(ORDER_NO_PATTERN, ORDER_NO_MESSAGE);

const mechanismFields = z.object({
  name: z.string().trim().min(1, '请输入机制名称').max(100, '机制名称最多100个字符'),
  orderNo,
  subsystemId: z.number().int().positive('请选择子系统').nullable().default(null),
  status: z.number().int().min(0).max(1).default(1),
  /** Addresses allowed to call (IPv4/IPv6 or CIDR); empty = any address. */
  ipAllowlist: z
    .array(z.string().trim().refine(isIpOrCidr, { message: IP_ENTRY_MESSAGE }))
    .max(IP_ALLOWLIST_MAX, '最多100个IP地址或网段')
    .default([]),
  ratePerMinute: z
    .number()
    .int('每分钟请求上限须为整数')
    .min(RATE_PER_MINUTE.min, '每分钟请求上限至少为1')
    .max(RATE_PER_MINUTE.max, '每分钟请求上限最多100000')
    .default(RATE_PER_MINUTE.default),
  remark: z.string().trim().max(500, '备注最多500个字符').default(''),
});

export const mechanismAddBody = mechanismFields.strict();
export type MechanismAddBody = z.infer<typeof mechanismAddBody>;
export const mechanismUpdateBody = mechanismFields
  .extend({ id: z.number().int().positive(), version: z.number().int().positive() })
  .strict();
export type MechanismUpdateBody = z.infer<typeof mechanismUpdateBody>;

export const mechanismRow = z.object({
  id: z.number().int(),
  name: z.string(),
  orderNo: z.string(),
  subsystemId: z.number().int().nullable(),
  subsystemName: z.string(),
  status: z.number().int(),
  ipAllowlist: z.array(z.string()),
  ratePerMinute: z.number().int(),
  remark: z.string(),
  apiCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MechanismRow = z.infer<typeof mechanismRow>;

export const mechanismFindAllQuery = z
  .object({
    pageNo: z.coerce.number<number>().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number<number>().int().min(1).max(500).default(10),
    name: z.string().trim().max(100).optional(),
    orderNo: z.string().trim().max(32).optional(),
    subsystemId: z.coerce.number<number>().int().positive().optional(),
    status: z.coerce.number<number>().int().min(0).max(1).optional(),
  })
  .strict();

export const mechanismIdQuery = z
  .object({ id: z.coerce.number<number>().int().positive('id 必须是正整数') })
  .strict();
export const mechanismApisQuery = z
  .object({ mechanismId: z.coerce.number<number>().int().positive('mechanismId 必须是正整数') })
  .strict();
export const mechanismCheckOrderNoQuery = z
  .object({ orderNo, id: z.coerce.number<number>().int().positive('id 必须是正整数').optional() })
  .strict();

export const mechanismApisBody = z
  .object({
    mechanismId: z.number().int().positive('mechanismId 必须是正整数'),
    apis: z.array(mechanismApi).min(1, '请至少选择一个接口').max(500, '一次最多500个接口'),
  })
  .strict();
export type MechanismApisBody = z.infer<typeof mechanismApisBody>;

/** The select list (findAllSafetyMechanism). */
export const mechanismOption = z.object({
  id: z.number().int(),
  name: z.string(),
  orderNo: z.string(),
  subsystemId: z.number().int().nullable(),
  status: z.number().int(),
});
