/**
 * Insurers, their technicists and documents (/api/insurer/*, /api/technicist/*, /api/insurerDoc/*):
 * request schemas and what the calls answer.
 */
import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { districtField, editMobileField, mobileField, personName, usccField } from './fields.ts';
import { INSURER_DOC_TYPES, INSURER_TYPES, STAFF_TYPE, TECHNICIST_STATUS } from './insurer-options.ts';
import { rangedNumber } from './number-field.ts';
import { FIELD_RANGES } from './number-range.ts';
import { ID_TYPES } from './options.ts';
import { SERVICE_ITEMS } from './policy-options.ts';
import { isValidIdCard } from './validators.ts';

// ---------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------

export const insurerProfileInput = z
  .object({
    version: z.number().int().positive('请提供数据版本号'),
    insurerType: z.literal(INSURER_TYPES.values, '机构类型取值不正确'),
    name: z.string().trim().min(4, '机构名称至少4个字').max(100),
    orgCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{4,40}$/, '机构代码为4-40位字母、数字或-'),
    uscc: usccField,
    parentName: z.string().trim().max(100).default(''),
    parentCode: z.string().trim().max(40).default(''),
    districtCode: districtField,
    address: z.string().trim().min(2, '请输入详细地址').max(300),
    headName: personName('负责人姓名'),
    /** Shown masked on the form (security P04): sent back unchanged, the stored number stays. */
    headMobile: editMobileField,
  })
  .strict()
  .refine((v) => v.insurerType === 1 || (v.parentName.length > 0 && v.parentCode.length > 0), {
    message: '分支机构须填写总部名称和总部编码',
    path: ['parentName'],
  });

const technicistFields = {
  staffType: z.literal(STAFF_TYPE.values, '人员类型须为1（自有）或2（外聘）'),
  name: personName('姓名'),
  idType: z.enum(ID_TYPES.values, '证件类型取值不正确'),
  idNo: z.string().trim().min(4, '请输入证件号码').max(30),
  mobile: mobileField,
  title: z.string().trim().max(30).default(''),
  education: z.string().trim().max(30).default(''),
  major: z.string().trim().max(50).default(''),
  employer: z.string().trim().max(100).default(''),
  years: rangedNumber('从事安全生产工作年限', FIELD_RANGES.years).default(0),
  serviceItems: z.array(z.enum(SERVICE_ITEMS.values)).max(7).default([]),
  status: z.literal(TECHNICIST_STATUS.values).default(1),
};
const idNoCheck = {
  check: (v: { idType: string; idNo?: string | undefined }) =>
    v.idType !== '01' || v.idNo === undefined || isValidIdCard(v.idNo),
  params: { message: '身份证号码格式或校验位不正确，请核对18位号码', path: ['idNo'] },
};
export const technicistInput = z.object(technicistFields).strict().refine(idNoCheck.check, idNoCheck.params);
/** The fields of a technicist (/api/technicist/add). */
export type TechnicistFields = z.infer<typeof technicistInput>;
/** Edit: the ID number and mobile are shown masked; leave them out to keep the stored values. */
export const technicistEditInput = z
  .object({
    ...technicistFields,
    id: z.number().int().positive(),
    version: z.number().int().positive('请提供数据版本号'),
    idNo: technicistFields.idNo.optional(),
    mobile: mobileField.optional(),
  })
  .strict()
  .refine(idNoCheck.check, idNoCheck.params);

export const insurerDocInput = z
  .object({
    docType: z.literal(INSURER_DOC_TYPES.values, '文档类型取值不正确'),
    title: z.string().trim().min(1, '请输入标题').max(200),
    fileId: z.string().uuid('请上传文档文件'),
    remark: z.string().trim().max(500).default(''),
  })
  .strict();

/** /api/technicist/list: a page of the insurer's technicists (the server takes `z.output`, the web `z.input`). */
export const technicistListQuery = pageQuery
  .extend({
    name: z.string().trim().max(20).optional(),
    staffType: z.coerce.number<number>().int().min(1).max(2).optional(),
    status: z.coerce.number<number>().int().min(0).max(1).optional(),
  })
  .strict();

/** The filters of the insurer document lists. */
export const insurerDocListFilters = pageQuery.extend({
  docType: z.coerce.number<number>().int().optional(),
  title: z.string().trim().max(100).optional(),
});
/** /api/insurerDoc/list: a page of the insurer's own documents. */
export const insurerDocListQuery = insurerDocListFilters.strict();
/** /api/insurerDoc/published: a page of every insurer's documents, optionally of one insurer. */
export const publishedDocListQuery = insurerDocListFilters
  .extend({ insurerId: z.coerce.number<number>().int().positive().optional() })
  .strict();

// ---------------------------------------------------------------------------------------------------
// What the calls answer (response schemas of /api/insurer/*, /api/technicist/*, /api/insurerDoc/*)
// ---------------------------------------------------------------------------------------------------

/** /api/insurer/mine: the insurer's own institution profile. */
export const insurerProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  uscc: z.string(),
  districtCode: z.string(),
  districtName: z.string(),
  insurerType: z.number().int(),
  orgCode: z.string(),
  parentName: z.string(),
  parentCode: z.string(),
  address: z.string(),
  headName: z.string(),
  headMobile: z.string(),
  /** 0 until the first save (no profile row yet). */
  version: z.number().int(),
});
export type InsurerProfile = z.output<typeof insurerProfile>;

/** /api/insurer/options: the active insurers to choose from. */
export const insurerOption = z.object({ id: z.number().int(), name: z.string() });

/** One technicist as /api/technicist/list answers it: ID number and mobile masked (security P04). */
export const technicistRow = z.object({
  id: z.number().int(),
  staffType: z.number().int(),
  name: z.string(),
  idType: z.string(),
  /** Masked (e.g. 321302********1234); the full number needs /api/technicist/revealIdNo. */
  idNo: z.string(),
  /** Masked. */
  mobile: z.string(),
  title: z.string(),
  education: z.string(),
  major: z.string(),
  employer: z.string(),
  years: z.number(),
  serviceItems: z.array(z.string()),
  status: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type TechnicistRow = z.output<typeof technicistRow>;

/** /api/technicist/revealIdNo: the full ID number and mobile (an audited, explicit view). */
export const technicistRevealed = z.object({ id: z.number().int(), idNo: z.string(), mobile: z.string() });

/** The fields of an insurer document (/api/insurerDoc/add, edit). */
export interface InsurerDocFields {
  docType: number;
  title: string;
  fileId: string;
  remark: string;
}

/** One insurer document (policy wording, rate table) of /api/insurerDoc/list and /published. */
export const insurerDocRow = z.object({
  docType: z.number().int(),
  title: z.string(),
  fileId: z.string(),
  remark: z.string(),
  id: z.number().int(),
  insurerId: z.number().int(),
  insurerName: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
  /** GET it with the X-TOKEN (/api/insurerDoc/file). */
  fileUrl: z.string(),
});
export type InsurerDocRow = z.output<typeof insurerDocRow>;

/** What an edit answers: the record and its new version (/api/technicist/edit, /api/insurerDoc/edit). */
export const insurerRecordSaved = z.object({ id: z.number().int(), version: z.number().int() });
