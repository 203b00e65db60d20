import { z } from 'zod';

/**
 * Safety mechanisms (安全机制): an access policy for an external system (subsystem) over a set of the
 * platform's API entries: which registered routes it may call, from which addresses, how often.
 */

export const MechanismStatus = { DISABLED: 0, ENABLED: 1 } as const;

function isIpv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

function isIpv6(s: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(s)) return false;
  const halves = s.split('::');
  if (halves.length > 2) return false;
  const groups = (h: string) => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0] ?? '');
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const all = [...head, ...tail];
  let count = all.length;
  const last = all[all.length - 1];
  if (last?.includes('.')) {
    if (!isIpv4(last)) return false;
    all.pop();
    count += 1; // an embedded IPv4 address takes two groups
  }
  if (!all.every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

/** 4 or 6 for an IPv4/IPv6 address, else 0 (like node:net isIP, without node). */
export function ipFamily(s: string): 0 | 4 | 6 {
  if (isIpv4(s)) return 4;
  if (isIpv6(s)) return 6;
  return 0;
}

/** An IPv4/IPv6 address or a CIDR block. */
export function isIpOrCidr(entry: string): boolean {
  const [addr, bits, extra] = entry.split('/');
  if (extra !== undefined || !addr) return false;
  const family = ipFamily(addr);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

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
  .regex(/^[A-Za-z0-9_-]+$/, '编号只能包含字母、数字、下划线和短横线');

const mechanismFields = z.object({
  name: z.string().trim().min(1, '请输入机制名称').max(100, '机制名称最多100个字符'),
  orderNo,
  subsystemId: z.number().int().positive('请选择子系统').nullable().default(null),
  status: z.number().int().min(0).max(1).default(1),
  /** Addresses allowed to call (IPv4/IPv6 or CIDR); empty = any address. */
  ipAllowlist: z
    .array(
      z.string().trim().refine(isIpOrCidr, { message: '须为IP地址或CIDR网段，例如 10.1.2.3 或 10.1.0.0/16' }),
    )
    .max(100, '最多100个IP地址或网段')
    .default([]),
  ratePerMinute: z
    .number()
    .int('每分钟请求上限须为整数')
    .min(1, '每分钟请求上限至少为1')
    .max(100000, '每分钟请求上限最多100000')
    .default(60),
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
    pageNo: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(10),
    name: z.string().trim().max(100).optional(),
    orderNo: z.string().trim().max(32).optional(),
    subsystemId: z.coerce.number().int().positive().optional(),
    status: z.coerce.number().int().min(0).max(1).optional(),
  })
  .strict();

export const mechanismIdQuery = z
  .object({ id: z.coerce.number().int().positive('id 必须是正整数') })
  .strict();
export const mechanismApisQuery = z
  .object({ mechanismId: z.coerce.number().int().positive('mechanismId 必须是正整数') })
  .strict();
export const mechanismCheckOrderNoQuery = z
  .object({ orderNo, id: z.coerce.number().int().positive('id 必须是正整数').optional() })
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
