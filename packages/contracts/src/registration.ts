/**
 * Self-registration, SMS codes and password recovery (issue 16; spec 7; domain 2.1, 2.3, 2.4, 2.5, 3.1;
 * security.md A05). Option lists: registration-options.ts (zod-free).
 *
 * | Method | URL | Permission | Input → data |
 * |---|---|---|---|
 * | POST | /api/signup/sendCode.json | public | `?mobile` → message (same answer whether the mobile is registered) |
 * | POST | /api/signup/verifyMobile.json | public | `?mobile&code` → { mobileTicket } (spent by one registration, 30 minutes) |
 * | POST | /api/signUp/validUserName.json | public | `?userName` → { available } |
 * | POST | /api/signUp/orgOptions.json | public | `?type` → regOrgOption[] (organisations one may join) |
 * | POST | /api/signUp/uploadScan.json | public | multipart `file` + `?mobileTicket` (or header X-REG-TOKEN) → { fileId, fileName } |
 * | POST | /api/signUp/createUser.json | public | body regCreateInput (enterprise, service, expert) → { id } |
 * | POST | /api/signUp/createUserManager.json | public | body regManagerInput → { id } |
 * | POST | /api/signUp/myApplication.json | header X-REG-TOKEN (from a sign-in of a pending applicant) | → regApplication |
 * | POST | /api/signUp/resubmit.json | header X-REG-TOKEN | body regResubmitInput → { id } |
 * | POST | /api/findpwd/cellphoneCode.json | public | `?account` (username or mobile) → message (same answer for unknown accounts) |
 * | POST | /api/findpwd/resetPwd.json | public | `?account&code&newPwd` or JSON body → message; every session of the user ends |
 * | POST | /api/registration/list | registration.query | regListQuery → page of regRow |
 * | POST | /api/registration/detail | registration.get | `?id` → regDetail |
 * | POST | /api/registration/review | registration.edit | body regReviewInput → { id, version } |
 * | POST | /api/sms/outbox | smsOutbox.query | pageQuery → page of smsOutboxRow (development outbox only) |
 */
import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import {
  dateStr,
  districtField,
  fileIdField,
  idCardField,
  mobileField,
  personName,
  usccField,
} from './fields.ts';
import { SERVICE_ITEMS } from './policy-options.ts';
import { REG_KINDS, REG_STATUS } from './registration-options.ts';
import { usernameField } from './user.ts';
import { PASSWORD_MAX } from './validators.ts';

const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '验证码为6位数字');
const passwordField = z.string().min(1, '请输入密码').max(PASSWORD_MAX, `密码不能超过${PASSWORD_MAX}个字符`);
const ticket = z.string().trim().min(20, '请先完成手机号验证').max(100);
const orgName = z.string().trim().min(4, '名称至少4个字').max(100, '名称最多100个字');

export const smsSendQuery = z.object({ mobile: mobileField }).strict();
export const smsVerifyQuery = z.object({ mobile: mobileField, code }).strict();
export const smsVerifyResult = z.object({ mobileTicket: z.string() });
export const validUserNameQuery = z.object({ userName: z.string().trim().min(1).max(64) }).strict();
export const validUserNameResult = z.object({ available: z.boolean() });
export const regOrgOptionsQuery = z.object({ type: z.enum(['government', 'insurer', 'expert']) }).strict();
export const regOrgOption = z.object({ id: z.number(), name: z.string(), orgType: z.string() });
/** The scan of a new application needs the proven mobile's ticket; a returned one's status-page token (X-REG-TOKEN) does too. */
export const regScanQuery = z.object({ mobileTicket: ticket.optional() }).strict();
export const regScanResult = z.object({ fileId: z.string(), fileName: z.string() });

const account = {
  username: usernameField,
  password: passwordField,
  mobile: mobileField,
  mobileTicket: ticket,
};

const itemsField = z
  .array(z.enum(SERVICE_ITEMS.values, '服务项目须为01-07'))
  .min(1, '请至少选择一项服务项目')
  .max(7);
const industriesField = z.array(z.string().trim().min(1).max(20)).max(30, '行业领域最多30项');

/** The enterprise's own fields (domain 2.1). */
export const regEnterpriseFields = z.object({
  kind: z.literal('enterprise'),
  name: orgName,
  uscc: usccField,
  districtCode: districtField,
  contactName: personName('联系人'),
});
/** A service organisation (domain 2.3): qualification, scope 01–07, expiry, scan, staff, region. */
export const regServiceFields = z.object({
  kind: z.literal('service'),
  name: orgName,
  uscc: usccField,
  districtCode: districtField,
  contactName: personName('联系人'),
  certNo: z.string().trim().min(4, '资质证书编号至少4个字符').max(50, '资质证书编号最多50个字符'),
  certExpiry: dateStr,
  certFileId: fileIdField,
  serviceItems: itemsField,
  /** What item 07 (其他有关事故预防工作) covers: required when 07 is chosen (as in the pool's profile). */
  itemOther: z.string().trim().max(100, '其他服务内容最多100个字').default(''),
  staffCount: z.coerce
    .number<number>()
    .int('从业人员数须为整数')
    .min(1, '从业人员数须为1-99999')
    .max(99_999, '从业人员数须为1-99999'),
  regionCodes: z.array(districtField).min(1, '请至少选择一个服务区域'),
});
const certificate = z.object({
  type: z.string().trim().min(2, '证书名称至少2个字').max(50),
  no: z.string().trim().min(2, '证书编号至少2个字符').max(50),
  validTo: dateStr.nullable().default(null),
});
/** An expert (domain 2.4): ID number (GB 11643), title, specialities, employer, certificates. */
export const regExpertFields = z.object({
  kind: z.literal('expert'),
  name: personName('姓名'),
  idNo: idCardField,
  title: z.string().trim().min(2, '请选择职称').max(30),
  industries: industriesField.min(1, '请至少选择一个擅长行业'),
  serviceItems: itemsField,
  employer: z.string().trim().min(2, '工作单位至少2个字').max(100),
  certificates: z.array(certificate).max(10, '证书最多10个').default([]),
  /** The expert panel or service organisation joined (default: the city's expert panel). */
  targetOrgId: z.number().int().positive().nullable().default(null),
});

/** Item 07 needs its text (serviceOrgProfileInput has the same rule; the approval writes through it). */
const itemOtherCheck = (v: { serviceItems: string[]; itemOther: string }, ctx: z.RefinementCtx) => {
  if (v.serviceItems.includes('07') && !v.itemOther)
    ctx.addIssue({
      code: 'custom',
      message: '选择“其他有关事故预防工作”时请填写具体内容',
      path: ['itemOther'],
    });
};

export const regCreateInput = z.discriminatedUnion('kind', [
  regEnterpriseFields.extend(account).strict(),
  regServiceFields.extend(account).strict().superRefine(itemOtherCheck),
  regExpertFields.extend(account).strict(),
]);
export type RegCreateInput = z.infer<typeof regCreateInput>;

/** A regulator's or insurer's staff member applying for an account of an existing organisation. */
export const regManagerFields = z.object({
  kind: z.literal('manager'),
  targetOrgId: z.number({ error: '请选择所属机构' }).int().positive('请选择所属机构'),
  name: personName('姓名'),
  position: z.string().trim().min(2, '职务至少2个字').max(30, '职务最多30个字'),
});
export const regManagerInput = regManagerFields
  .extend(account)
  .extend({ kind: z.literal('manager').default('manager') })
  .strict();
export type RegManagerInput = z.infer<typeof regManagerInput>;

/** A returned application answered: the kind's fields again (ID number only if changed). */
export const regResubmitInput = z.discriminatedUnion('kind', [
  regEnterpriseFields.strict(),
  regServiceFields.strict().superRefine(itemOtherCheck),
  regExpertFields.extend({ idNo: idCardField.optional() }).strict(),
  regManagerFields.strict(),
]);
export type RegResubmitInput = z.infer<typeof regResubmitInput>;

export const regCreated = z.object({ id: z.number() });

export const recoverCodeQuery = z
  .object({ account: z.string().trim().min(2, '请输入用户名或手机号').max(64) })
  .strict();
export const resetPwdQuery = z
  .object({
    account: z.string().trim().min(2, '请输入用户名或手机号').max(64),
    code,
    newPwd: z.string().min(1, '请输入新密码').max(PASSWORD_MAX),
  })
  .strict();

const kindEnum = z.enum(REG_KINDS.values);
export const regListFilters = z.object({
  status: z.coerce
    .number<number>()
    .int()
    .refine((v) => REG_STATUS.has(v), '状态只能是 1（待审核）、2（已退回）或 3（已认证）')
    .optional(),
  kind: kindEnum.optional(),
  keyword: z.string().trim().max(50).optional(),
});
export const regListQuery = pageQuery.extend(regListFilters.shape).strict();

export const regRow = z.object({
  id: z.number(),
  kind: z.string(),
  kindLabel: z.string(),
  status: z.number(),
  statusLabel: z.string(),
  username: z.string(),
  name: z.string(),
  /** Masked (138****1234). */
  mobile: z.string(),
  uscc: z.string().nullable(),
  districtCode: z.string().nullable(),
  targetOrgName: z.string().nullable(),
  reason: z.string(),
  submittedAt: z.string(),
  submitCount: z.number(),
  reviewedAt: z.string().nullable(),
  version: z.number(),
});
export type RegRow = z.infer<typeof regRow>;
export const regDetail = regRow.extend({
  form: z.record(z.string(), z.unknown()),
  targetOrgId: z.number().nullable(),
  /** Masked ID number of an expert. */
  idNoMask: z.string().nullable(),
  /** Enterprise: the imported record the account will be linked to. */
  linkedOrgName: z.string().nullable(),
});
export type RegDetail = z.infer<typeof regDetail>;
/** What the applicant sees on the status page. */
export const regApplication = regDetail;

export const regReviewInput = z
  .object({
    id: z.number().int().positive(),
    version: z.number().int().positive(),
    approve: z.boolean(),
    reason: z.string().trim().max(500, '退回原因最多500个字').optional(),
  })
  .strict()
  .refine((v) => v.approve || (v.reason?.length ?? 0) >= 2, {
    message: '请填写退回原因（至少2个字）',
    path: ['reason'],
  });

export const smsOutboxRow = z.object({
  id: z.number(),
  mobile: z.string(),
  purpose: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export const smsOutboxQuery = pageQuery.extend({ mobile: z.string().trim().max(20).optional() }).strict();
