import { z } from 'zod';

/**
 * Subsystems (子系统): external systems linked from the platform (single sign-on targets). Their help
 * text is shown at /oauth-center-help/:code before login, so getSubsystemInfo is public.
 */

export const SubsystemStatus = { DISABLED: 0, ENABLED: 1 } as const;

export const subsystemCode = z
  .string()
  .trim()
  .min(2, '子系统编码至少2个字符')
  .max(40, '子系统编码最多40个字符')
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, '子系统编码须以字母开头，只含字母、数字、下划线和短横线');

const subsystemUrl = z
  .string()
  .trim()
  .max(500, '访问地址最多500个字符')
  .refine((v) => v === '' || /^https?:\/\/[^\s<>"']+$/i.test(v), {
    message: '访问地址须以 http:// 或 https:// 开头',
  });

const subsystemFields = z.object({
  name: z.string().trim().min(1, '请输入子系统名称').max(100, '子系统名称最多100个字符'),
  code: subsystemCode,
  url: subsystemUrl.default(''),
  status: z.number().int().min(0).max(1).default(1),
  /** Plain text or HTML; HTML is reduced to an allow-listed subset on the server. */
  helpContent: z.string().max(20000, '帮助内容最多20000个字符').default(''),
  sort: z.number().int().min(0).max(999999).default(0),
});

export const subsystemAddBody = subsystemFields.strict();
export type SubsystemAddBody = z.infer<typeof subsystemAddBody>;
export const subsystemUpdateBody = subsystemFields
  .extend({ id: z.number().int().positive(), version: z.number().int().positive() })
  .strict();
export type SubsystemUpdateBody = z.infer<typeof subsystemUpdateBody>;

/** What the public help page sees (spec 7: data.subsystem). */
export const subsystemInfo = z.object({
  name: z.string(),
  code: z.string(),
  url: z.string(),
  status: z.number().int(),
  helpContent: z.string(),
});
export type SubsystemInfo = z.infer<typeof subsystemInfo>;

export const subsystemRow = subsystemInfo.extend({
  id: z.number().int(),
  sort: z.number().int(),
  mechanismCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SubsystemRow = z.infer<typeof subsystemRow>;

export const subsystemListQuery = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(10),
    name: z.string().trim().max(100).optional(),
    code: z.string().trim().max(40).optional(),
    status: z.coerce.number().int().min(0).max(1).optional(),
  })
  .strict();

export const subsystemCodeQuery = z.object({ code: subsystemCode }).strict();
export const subsystemIdQuery = z
  .object({ id: z.coerce.number().int().positive('id 必须是正整数') })
  .strict();
