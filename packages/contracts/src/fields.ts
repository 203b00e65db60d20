/**
 * Field schemas shared by the request schemas of several features: dates and times, money, codes (USCC,
 * industries, districts), contacts, ID numbers and attachments.
 */
import { z } from 'zod';
import { parseDateTime } from './china-time.ts';
import { wsIndustryTop } from './industry-options.ts';
import { linkProblem } from './links.ts';
import { rangedNumber } from './number-field.ts';
import { moneyRange } from './number-range.ts';
import { DISTRICTS } from './region-options.ts';
import { EXPORT_REASON_MAX, EXPORT_REASON_REQUIRED } from './user-options.ts';
import { isValidIdCard, isValidLandline, isValidMobile, isValidUscc, normalizeMobile } from './validators.ts';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written YYYY-MM-DD. */
export const dateStr = z
  .string()
  .regex(DATE_RE, '日期格式应为 YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, '日期不存在');

/** A date-time: 'YYYY-MM-DD HH:mm[:ss]' (China time) or ISO 8601 with an offset; becomes a Date. */
export const dateTimeStr = z
  .string()
  .max(40)
  .transform((s, ctx) => {
    const d = parseDateTime(s);
    if (!d) {
      ctx.addIssue({ code: 'custom', message: '时间格式应为 YYYY-MM-DD HH:mm:ss' });
      return z.NEVER;
    }
    return d;
  });

/** Money in yuan: at most 2 decimals, at most 12 integer digits; refused with a message naming the range. */
export function money(label: string, opts: { min?: number; positive?: boolean } = {}) {
  return rangedNumber(label, moneyRange(opts));
}
/** Yuan to integer cents, exact for values with at most two decimals. */
export function toCents(yuan: number): number {
  return Math.round(yuan * 100);
}
export function fromCents(cents: number): number {
  return cents / 100;
}

export const usccField = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .refine(isValidUscc, '统一社会信用代码格式或校验位不正确，请核对18位代码');
export const mobileField = z
  .string()
  .trim()
  .max(20)
  .transform(normalizeMobile)
  .refine(isValidMobile, '手机号格式不正确，请输入11位手机号');
/** A contact phone: mobile or landline (e.g. 0527-84361234). */
export const phoneField = z
  .string()
  .trim()
  .max(30)
  .refine(
    (s) => isValidMobile(s) || isValidLandline(s),
    '电话格式不正确，请输入手机号或座机号（如0527-84361234）',
  );
/**
 * A contact phone on an edit form, which shows the stored number masked (security P04): a full number, or the
 * masked one sent back unchanged (138****5678), which the server resolves to the number it stored.
 */
export const editPhoneField = z
  .string()
  .trim()
  .max(30)
  .refine(
    (s) => isValidMobile(s) || isValidLandline(s) || MASKED_MOBILE.test(s),
    '电话格式不正确，请输入手机号或座机号（如0527-84361234）',
  );
/** A masked mobile as answers carry it (138****5678). */
export const MASKED_MOBILE = /^1\d{2}\*{4}\d{4}$/;
/**
 * A mobile on an edit form, which shows the stored number masked (security P04): a full mobile (+86 removed), or
 * the masked one sent back unchanged, which the server resolves to the number it stored.
 */
export const editMobileField = z
  .string()
  .trim()
  .max(20)
  .transform((s) => (MASKED_MOBILE.test(s) ? s : normalizeMobile(s)))
  .refine((s) => MASKED_MOBILE.test(s) || isValidMobile(s), '手机号格式不正确，请输入11位手机号');
export const idCardField = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => isValidIdCard(s), '身份证号码格式或校验位不正确，请核对18位号码');
export const districtField = z.enum(DISTRICTS.values, '所属区县须为宿迁市的区县代码');
/** Work-safety industry code, e.g. AQ020203 (the dictionary lives in sys_industry). */
export const wsIndustryField = z
  .string()
  .trim()
  .regex(/^AQ(\d{2}){1,4}$/, '安全生产行业领域代码格式不正确，如 AQ0201')
  .refine((c) => wsIndustryTop(c) !== undefined, '安责险行业代码不属于已知的行业大类');
/** GB/T 4754-2017 code: section letter, optionally with 2-4 digits, e.g. C2614. */
export const gbIndustryField = z
  .string()
  .trim()
  .regex(/^[A-T](\d{2}|\d{3}|\d{4})?$/, '国民经济行业代码格式不正确，如 C2614（GB/T 4754-2017）');
export const fileIdsField = z
  .array(z.string().uuid('附件编号格式不正确'), { error: '附件须为文件编号列表' })
  .max(10, '附件最多10个');
/** A person's name of 2-20 characters; the messages name the field. */
export const personName = (label: string) =>
  z.string().trim().min(2, `${label}至少2个字`).max(20, `${label}最多20个字`);

// ---------------------------------------------------------------------------------------------
// Portal content, rules, consultations and messages

/** A positive id in the query (coerced from its text); the message names the field. */
export const idParam = (label: string) => z.coerce.number<number>().int().positive(`${label}必须是正整数`);
/** A stored file's id (uuid). */
export const fileIdField = z.string().uuid('文件编号格式不正确，请重新上传');
/** A date written YYYY-MM-DD (month and day in range); the message names the field. */
export const dateOnlyField = (label: string) =>
  z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, `${label}格式应为YYYY-MM-DD`);
/** A role key (ROLE_…), for addressing roles. */
export const roleKeyField = z.string().regex(/^ROLE_[A-Z0-9_]{1,59}$/, '角色标识须以 ROLE_ 开头');
/** A district code of the city (3213xx), for addressing districts. */
export const districtCodeField = z.string().regex(/^3213\d{2}$/, '区县代码须为宿迁市的6位行政区划代码');
/** A link on the portal: a path of this site or an http(s) address on an allowed host (links.ts). */
export const portalLink = z
  .string()
  .trim()
  .superRefine((s, ctx) => {
    const problem = linkProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
/** Query flags arrive as strings: 1/0/true/false. */
export const queryBool = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

/**
 * An export's choice of mobiles (security.md P04): masked unless `mobiles=full`, which needs a reason
 * (`exportReason`, kept in the export's operation-log row) and the sensitive-export permission
 * (userSensitive.export). Use with `requireExportReason` on the whole query.
 */
export const sensitiveExportFields = {
  mobiles: z.enum(['masked', 'full'], '手机号导出方式只能是 masked（脱敏）或 full（完整）').default('masked'),
  exportReason: z.string().trim().max(EXPORT_REASON_MAX, `导出原因最多${EXPORT_REASON_MAX}个字`).default(''),
};
/** Full mobiles without a reason: refused (400) naming the reason field. */
export function requireExportReason(
  v: { mobiles: 'masked' | 'full'; exportReason: string },
  ctx: z.RefinementCtx,
): void {
  if (v.mobiles === 'full' && !v.exportReason)
    ctx.addIssue({ code: 'custom', path: ['exportReason'], message: EXPORT_REASON_REQUIRED });
}

export const attachmentInput = z
  .object({
    fileId: fileIdField,
    fileName: z.string().trim().min(1, '请填写附件名称').max(100, '附件名称不能超过100个字符'),
    fileSize: z.number().int().min(0).default(0),
  })
  .strict();
export const attachment = z.object({
  fileId: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  fileUrl: z.string(),
});
export type Attachment = z.infer<typeof attachment>;

/** `?id=` of a record, and `?id=&version=` of a versioned one. */
export const idVersionQuery = z
  .object({ id: idParam('id'), version: idParam('version').optional() })
  .strict();
export const idQuery = z.object({ id: idParam('id') }).strict();
