/**
 * The service organisation and expert pool (/api/pool/*, issue 16; domain 2.3, 2.4): the fields of an
 * organisation's profile (sv_service_org) and of an expert (sv_expert), shared by the operations admin's
 * edits, the own-profile pages and the registration approval (which calls the pool module's
 * upsertServiceOrgProfile / createExpert with these same schemas), the list filters and what the calls answer.
 */
import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import {
  districtField,
  editPhoneField,
  fileIdField,
  mobileField,
  personName,
  phoneField,
  usccField,
} from './fields.ts';
import { WS_INDUSTRIES } from './industry-options.ts';
import { STAFF_TYPE } from './insurer-options.ts';
import { rangedNumber } from './number-field.ts';
import { FIELD_RANGES } from './number-range.ts';
import { ID_TYPES } from './options.ts';
import { SERVICE_ITEMS } from './policy-options.ts';
import { isValidIdCard } from './validators.ts';

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .refine((s) => s === '' || DATE.test(s), `${label}格式应为YYYY-MM-DD`)
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .default(null);
const optionalFile = fileIdField.nullable().default(null);
const serviceItems = z
  .array(z.enum(SERVICE_ITEMS.values, '服务项目须为01-07'))
  .max(7)
  .refine((a) => new Set(a).size === a.length, '服务项目不能重复');
const industries = z
  .array(z.enum(WS_INDUSTRIES.values, '行业领域须为安全生产行业大类代码（AQ01-AQ09）'))
  .max(9)
  .refine((a) => new Set(a).size === a.length, '行业领域不能重复');
/** The edit forms show the stored numbers masked (P04): a masked one sent back keeps the stored number. */
const optionalPhone = z.union([z.literal(''), editPhoneField]).default('');

// ---------------------------------------------------------------------------------------------------
// Service organisation profile
// ---------------------------------------------------------------------------------------------------

export const serviceOrgProfileFields = z
  .object({
    address: z.string().trim().max(200).default(''),
    serviceItems: serviceItems.min(1, '请至少选择一项服务项目'),
    itemOther: z.string().trim().max(100).default(''),
    industries: industries.default([]),
    regionCodes: z
      .array(districtField)
      .min(1, '请至少选择一个服务区域')
      .max(5)
      .refine((a) => new Set(a).size === a.length, '服务区域不能重复'),
    legalName: z.string().trim().max(20).default(''),
    legalPhone: optionalPhone,
    safetyName: z.string().trim().max(20).default(''),
    safetyPhone: optionalPhone,
    certType: z.string().trim().max(50).default(''),
    certNo: z.string().trim().max(50).default(''),
    certValidFrom: optionalDate('资质证书有效期起'),
    certExpiry: optionalDate('资质证书有效期至'),
    certFileId: optionalFile,
    licenceFileId: optionalFile,
    staffCount: z.coerce
      .number<number>()
      .pipe(rangedNumber('从业人员数', FIELD_RANGES.staffCount))
      .default(0),
    intro: z.string().trim().max(2000).default(''),
  })
  .strict();
const profileRefine = (v: z.output<typeof serviceOrgProfileFields>, ctx: z.RefinementCtx) => {
  if (v.serviceItems.includes('07') && !v.itemOther)
    ctx.addIssue({
      code: 'custom',
      message: '选择“其他有关事故预防工作”时请填写具体内容',
      path: ['itemOther'],
    });
  if (v.certValidFrom && v.certExpiry && v.certExpiry < v.certValidFrom)
    ctx.addIssue({ code: 'custom', message: '资质证书有效期至不能早于有效期起', path: ['certExpiry'] });
  if (v.certNo && !v.certExpiry)
    ctx.addIssue({ code: 'custom', message: '填写资质证书编号时请填写有效期至', path: ['certExpiry'] });
};
/** The profile fields (upsertServiceOrgProfile; the organisation's own 机构资料 page). */
export const serviceOrgProfileInput = serviceOrgProfileFields.superRefine(profileRefine);
export type ServiceOrgProfileFields = z.output<typeof serviceOrgProfileInput>;

/** The own profile save: the profile and the organisation's contact, with sys_org's version. */
export const serviceOrgMineInput = serviceOrgProfileFields
  .extend({
    version: z.number().int().positive('请提供数据版本号'),
    contactName: z.string().trim().max(50).default(''),
    contactPhone: optionalPhone,
  })
  .strict()
  .superRefine(profileRefine);

/** The operations admin's edit: also the organisation's name and registered district. */
export const serviceOrgAdminInput = serviceOrgProfileFields
  .extend({
    orgId: z.number().int().positive(),
    version: z.number().int().positive('请提供数据版本号'),
    name: z.string().trim().min(4, '机构名称至少4个字').max(100),
    districtCode: districtField,
    contactName: z.string().trim().max(50).default(''),
    contactPhone: optionalPhone,
  })
  .strict()
  .superRefine(profileRefine);

/**
 * One row of the service organisation import (/api/pool/org/import): the organisation (name, USCC,
 * registered district, contact) and its profile, with the same rules as the admin's edit.
 */
export const serviceOrgImportRow = serviceOrgProfileFields
  .extend({
    name: z.string().trim().min(4, '机构名称至少4个字').max(100, '机构名称最多100个字'),
    uscc: usccField,
    districtCode: districtField,
    contactName: z.string().trim().min(2, '联系人为2-20个字').max(20, '联系人为2-20个字'),
    contactPhone: phoneField,
  })
  .strict()
  .superRefine(profileRefine);
export type ServiceOrgImportRow = z.output<typeof serviceOrgImportRow>;

const expiryParam = z.enum(['expiring', 'expired'], '资质到期筛选须为 expiring 或 expired').optional();
const ratingParam = z.coerce
  .number<number>()
  .min(0, '最低评分须在0-5之间')
  .max(5, '最低评分须在0-5之间')
  .optional();

/** /api/pool/org/list (admin: all; regulator: its districts; insurer: active organisations). */
export const poolOrgListQuery = pageQuery
  .extend({
    name: z.string().trim().max(50).optional(),
    districtCode: districtField.optional(),
    serviceItem: z.enum(SERVICE_ITEMS.values, '服务项目须为01-07').optional(),
    industry: z.enum(WS_INDUSTRIES.values, '行业领域代码不正确').optional(),
    status: z.coerce.number<number>().int().min(1).max(2).optional(),
    expiry: expiryParam,
    minRating: ratingParam,
  })
  .strict();

// ---------------------------------------------------------------------------------------------------
// Experts
// ---------------------------------------------------------------------------------------------------

export const expertCertificate = z
  .object({
    type: z.string().trim().min(1, '请填写证书名称').max(50),
    no: z.string().trim().max(50).default(''),
    validTo: optionalDate('证书有效期至'),
    fileId: optionalFile,
  })
  .strict();

const expertBase = {
  staffType: z.literal(STAFF_TYPE.values, '人员类型须为1（自有）或2（外聘）').default(2),
  name: personName('姓名'),
  idType: z.enum(ID_TYPES.values, '证件类型取值不正确').default('01'),
  idNo: z
    .string()
    .trim()
    .min(4, '请输入证件号码')
    .max(30)
    .transform((s) => s.toUpperCase()),
  mobile: mobileField,
  title: z.string().trim().max(30).default(''),
  education: z.string().trim().max(30).default(''),
  major: z.string().trim().max(50).default(''),
  employer: z.string().trim().max(100).default(''),
  years: rangedNumber('从业年限', FIELD_RANGES.years).default(0),
  districtCode: districtField.nullable().default(null),
  serviceItems: serviceItems.default([]),
  industries: industries.default([]),
  certificates: z.array(expertCertificate).max(10, '资格证书最多10个').default([]),
};
const idNoCheck = (v: { idType: string; idNo?: string | undefined }, ctx: z.RefinementCtx) => {
  if (v.idType === '01' && v.idNo !== undefined && !isValidIdCard(v.idNo))
    ctx.addIssue({ code: 'custom', message: '身份证号码格式或校验位不正确，请核对18位号码', path: ['idNo'] });
};

/**
 * The fields of a new expert (createExpert; the admin's 新增专家; the registration approval). userId links
 * the expert's own account (expert role), orgId the organisation it belongs to.
 */
export const poolExpertInput = z
  .object({
    ...expertBase,
    userId: z.number().int().positive().nullable().default(null),
    orgId: z.number().int().positive().nullable().default(null),
  })
  .strict()
  .superRefine(idNoCheck);
export type ExpertFields = z.output<typeof poolExpertInput>;

/** Admin edit: the ID number and mobile are shown masked; leave them out to keep the stored values. */
export const expertEditInput = z
  .object({
    ...expertBase,
    id: z.number().int().positive(),
    version: z.number().int().positive('请提供数据版本号'),
    idNo: expertBase.idNo.optional(),
    mobile: mobileField.optional(),
    orgId: z.number().int().positive().nullable().default(null),
  })
  .strict()
  .superRefine(idNoCheck);

/** The expert's own edit (专家资料): not its ID, organisation or status. */
export const expertMineInput = z
  .object({
    version: z.number().int().positive('请提供数据版本号'),
    mobile: mobileField.optional(),
    title: expertBase.title,
    education: expertBase.education,
    major: expertBase.major,
    employer: expertBase.employer,
    years: expertBase.years,
    districtCode: expertBase.districtCode,
    serviceItems: expertBase.serviceItems,
    industries: expertBase.industries,
    certificates: expertBase.certificates,
  })
  .strict();

export const poolExpertListQuery = pageQuery
  .extend({
    name: z.string().trim().max(20).optional(),
    districtCode: districtField.optional(),
    serviceItem: z.enum(SERVICE_ITEMS.values, '服务项目须为01-07').optional(),
    industry: z.enum(WS_INDUSTRIES.values, '行业领域代码不正确').optional(),
    status: z.coerce.number<number>().int().min(1).max(2).optional(),
    expiry: expiryParam,
    minRating: ratingParam,
  })
  .strict();

export const poolStatusQuery = z
  .object({
    id: z.coerce.number<number>().int().positive('id必须是正整数'),
    version: z.coerce.number<number>().int().positive('请提供数据版本号'),
  })
  .strict();

// ---------------------------------------------------------------------------------------------------
// What the calls answer
// ---------------------------------------------------------------------------------------------------

const rating = {
  /** Average of the enterprises' ratings of the services (1 decimal), null without any. */
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
};

export const poolOrgRow = z.object({
  orgId: z.number().int(),
  name: z.string(),
  uscc: z.string(),
  districtCode: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  status: z.number().int(),
  serviceItems: z.array(z.string()),
  industries: z.array(z.string()),
  regionCodes: z.array(z.string()),
  certNo: z.string(),
  certExpiry: z.string().nullable(),
  expiryFlag: z.enum(['expiring', 'expired']).nullable(),
  staffCount: z.number().int(),
  expertCount: z.number().int(),
  serviceCount: z.number().int(),
  ...rating,
  /** Whether the organisation has filled its profile (sv_service_org row). */
  hasProfile: z.boolean(),
  version: z.number().int(),
});
export type PoolOrgRow = z.output<typeof poolOrgRow>;

export const poolServiceRecord = z.object({
  planId: z.number().int(),
  name: z.string(),
  item: z.string(),
  enterpriseName: z.string(),
  insurerName: z.string(),
  districtCode: z.string(),
  plannedStart: z.string(),
  status: z.number().int(),
  recordState: z.string().nullable(),
  rating: z.number().nullable(),
});
export type PoolServiceRecord = z.output<typeof poolServiceRecord>;

export const poolOrgDetail = poolOrgRow.extend({
  address: z.string(),
  itemOther: z.string(),
  legalName: z.string(),
  legalPhone: z.string(),
  safetyName: z.string(),
  safetyPhone: z.string(),
  certType: z.string(),
  certValidFrom: z.string().nullable(),
  certFileId: z.string().nullable(),
  licenceFileId: z.string().nullable(),
  intro: z.string(),
  records: z.array(poolServiceRecord),
});
export type PoolOrgDetail = z.output<typeof poolOrgDetail>;

export const poolExpertRow = z.object({
  id: z.number().int(),
  name: z.string(),
  staffType: z.number().int(),
  idType: z.string(),
  /** Masked (security P04). */
  idNo: z.string(),
  /** Masked. */
  mobile: z.string(),
  title: z.string(),
  education: z.string(),
  major: z.string(),
  employer: z.string(),
  years: z.number().int(),
  districtCode: z.string().nullable(),
  orgId: z.number().int().nullable(),
  orgName: z.string(),
  /** The type of the expert's organisation (expert panel or service organisation), null without one. */
  orgType: z.string().nullable(),
  userId: z.number().int().nullable(),
  serviceItems: z.array(z.string()),
  industries: z.array(z.string()),
  certificates: z.array(
    z.object({
      type: z.string(),
      no: z.string(),
      validTo: z.string().nullable(),
      fileId: z.string().nullable(),
    }),
  ),
  certExpiry: z.string().nullable(),
  expiryFlag: z.enum(['expiring', 'expired']).nullable(),
  status: z.number().int(),
  serviceCount: z.number().int(),
  ...rating,
  version: z.number().int(),
});
export type PoolExpertRow = z.output<typeof poolExpertRow>;

export const poolExpertDetail = poolExpertRow.extend({ records: z.array(poolServiceRecord) });
export type PoolExpertDetail = z.output<typeof poolExpertDetail>;

/** /api/pool/mine: the signed-in service organisation's or expert's own record. */
export const poolMine = z.union([
  z.object({ kind: z.literal('service'), org: poolOrgDetail }),
  z.object({ kind: z.literal('expert'), expert: poolExpertDetail.nullable() }),
]);
export type PoolMine = z.output<typeof poolMine>;

/**
 * /api/prevention/plan/expertOptions: the experts a plan of the project may name — the pool's experts of
 * the project's organisations (inProject; suspended ones shown, not selectable) and the active pool.
 * The mobile is masked; the plan takes the stored one when the expert is chosen by `expertId`.
 */
export const planExpertOption = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  /** Masked. */
  mobile: z.string(),
  orgId: z.number().int().nullable(),
  orgName: z.string(),
  status: z.number().int(),
  inProject: z.boolean(),
});
export type PlanExpertOption = z.output<typeof planExpertOption>;

/** An import's answer: how many were added, or every refused row with its reasons (nothing saved). */
export const poolImportResult = z.object({
  added: z.number().int(),
  errors: z.array(z.object({ rowNo: z.number().int(), messages: z.array(z.string()) })),
});
export type PoolImportResult = z.output<typeof poolImportResult>;
