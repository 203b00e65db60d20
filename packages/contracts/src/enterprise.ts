/**
 * Insured enterprises (/api/enterprise/*): request schemas and what the calls answer. Option lists and the
 * score are zod-free in enterprise-options.ts.
 */
import { z } from 'zod';
import {
  ENT_PARAM_KEYS,
  OPERATING_STATUS,
  PARAM_SOURCE,
  RISK_LEVELS,
  SCORE_GRADES,
  STD_GRADES,
} from './enterprise-options.ts';
import { pageQuery } from './envelope.ts';
import {
  dateStr,
  districtField,
  editMobileField,
  editPhoneField,
  gbIndustryField,
  mobileField,
  money,
  personName,
  phoneField,
  usccField,
  wsIndustryField,
} from './fields.ts';
import { rangedNumber } from './number-field.ts';
import { FIELD_RANGES } from './number-range.ts';

// ---------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------

const enterpriseFields = {
  name: z.string().trim().min(4, '企业名称至少4个字').max(100, '企业名称最多100个字'),
  uscc: usccField,
  districtCode: districtField,
  address: z.string().trim().min(2, '请输入详细地址').max(300, '详细地址最多300个字'),
  wsIndustryCode: wsIndustryField,
  gbIndustryCode: gbIndustryField,
  employees: rangedNumber('从业人员总数', FIELD_RANGES.persons),
  annualTurnover: money('年营业额/工程造价').optional(),
  operatingStatus: z.literal(OPERATING_STATUS.values, '经营状态取值不正确'),
  businessScope: z.string().trim().max(300, '经营范围最多300个字').default(''),
  legalName: personName('法定代表人姓名'),
  legalMobile: mobileField,
  legalDutyPhone: phoneField.optional(),
  legalEmail: z.string().trim().email('邮箱格式不正确').max(100).optional(),
  safetyName: personName('安全负责人姓名'),
  safetyMobile: mobileField,
  businessLicenceFileId: z.string().uuid('营业执照文件编号不正确').optional(),
  licenceNo: z.string().trim().min(4, '许可证编号4-30个字符').max(30, '许可证编号4-30个字符').optional(),
  licenceFileId: z.string().uuid('许可证文件编号不正确').optional(),
  licenceStart: dateStr.optional(),
  licenceEnd: dateStr.optional(),
  stdGrade: z.literal(STD_GRADES.values, '标准化等级取值不正确'),
};
const licencePeriod = {
  check: (v: { licenceStart?: string | undefined; licenceEnd?: string | undefined }) =>
    !v.licenceStart || !v.licenceEnd || v.licenceStart <= v.licenceEnd,
  params: { message: '许可证有效期止不能早于起', path: ['licenceEnd'] },
};
/** A new enterprise (government add): the whole profile. */
export const enterpriseProfileInput = z
  .object(enterpriseFields)
  .strict()
  .refine(licencePeriod.check, licencePeriod.params);
/**
 * The contact numbers of an edit: the forms show them masked (security P04). Sent back unchanged (the masked
 * value) or left out, a number keeps the stored one; a new full number replaces it.
 */
const editContacts = {
  legalMobile: editMobileField.optional(),
  legalDutyPhone: editPhoneField.optional(),
  safetyMobile: editMobileField.optional(),
};
/** An edit of an existing profile by the regulator. */
export const enterpriseEditInput = z
  .object({
    ...enterpriseFields,
    id: z.number().int().positive(),
    version: z.number().int().min(0, '请提供数据版本号'),
    ...editContacts,
  })
  .strict()
  .refine(licencePeriod.check, licencePeriod.params);
export type EnterpriseEditInput = z.infer<typeof enterpriseEditInput>;
/** The enterprise's own info edit (spec 4): the same fields; its own id comes from the session. */
export const enterpriseMineInput = z
  .object({
    ...enterpriseFields,
    version: z.number().int().min(0, '请提供数据版本号'),
    ...editContacts,
  })
  .strict()
  .refine(licencePeriod.check, licencePeriod.params);
export type EnterpriseProfileInput = z.infer<typeof enterpriseProfileInput>;

export const enterpriseParamsInput = z
  .object({
    id: z.number().int().positive(),
    version: z.number().int().positive('请提供数据版本号'),
    params: z
      .array(
        z
          .object({
            key: z.enum(ENT_PARAM_KEYS, '参数名不正确'),
            source: z.literal(PARAM_SOURCE.values, '参数来源须为1（系统判断）或2（手动录入）'),
            value: rangedNumber('手动录入值', FIELD_RANGES.paramValue).optional(),
            remark: z.string().trim().max(200).default(''),
          })
          .strict()
          .refine((p) => p.source === 1 || p.value !== undefined, {
            message: '手动录入的参数须填写数值',
            path: ['value'],
          }),
      )
      .min(1)
      .max(ENT_PARAM_KEYS.length),
  })
  .strict();

/** A yes/no filter in the query: true/false or 1/0. */
export const boolQuery = z
  .enum(['true', 'false', '1', '0'], '取值须为 true 或 false')
  .transform((v) => v === 'true' || v === '1');

/**
 * The filters of the enterprise list and its export. The server's service takes `z.output` of the
 * queries below, the web `z.input` (`import type`).
 */
export const enterpriseListFilters = z.object({
  keyword: z.string().trim().max(100).optional(),
  districtCode: z
    .string()
    .regex(/^\d{6}$/, '区县代码为6位数字')
    .optional(),
  wsIndustryCode: z.string().trim().max(12).optional(),
  mustInsure: boolQuery.optional(),
  insured: boolQuery.optional(),
  /** 风险等级 of the rule table (ent_risk): 1 重大, 2 较大, 3 一般, 4 低 — the same codes as /api/risk/list. */
  riskLevel: z.coerce
    .number<number>()
    .pipe(z.literal(RISK_LEVELS.values, '风险等级为1重大、2较大、3一般或4低'))
    .optional(),
  /** 评分等级 of the safety score: 1 优, 2 良, 3 中, 4 差. */
  scoreGrade: z.coerce
    .number<number>()
    .pipe(z.literal(SCORE_GRADES.values, '评分等级为1优、2良、3中或4差'))
    .optional(),
  blacklist: boolQuery.optional(),
  stdGrade: z.coerce.number<number>().int().min(0).max(3).optional(),
  onRegister: boolQuery.optional(),
  infoComplete: boolQuery.optional(),
});
/** /api/enterprise/list: a page of enterprises under the filters, in the order asked for. */
export const enterpriseListQuery = pageQuery.extend(enterpriseListFilters.shape).strict();
/** /api/enterprise/export: every enterprise under the filters, in the list's order. */
export const enterpriseExportQuery = enterpriseListFilters
  .extend({ sortField: z.string().optional(), sortOrder: z.string().optional() })
  .strict();

// ---------------------------------------------------------------------------------------------------
// What the calls answer (response schemas of /api/enterprise/*; the types are their outputs)
// ---------------------------------------------------------------------------------------------------

/** One row of /api/enterprise/list (mobiles masked unless the enterprise reads its own profile). */
export const enterpriseRow = z.object({
  id: z.number().int(),
  name: z.string(),
  uscc: z.string(),
  districtCode: z.string(),
  districtName: z.string(),
  address: z.string(),
  wsIndustryCode: z.string(),
  wsIndustryName: z.string(),
  gbIndustryCode: z.string(),
  employees: z.number(),
  operatingStatus: z.number().int(),
  legalName: z.string(),
  legalMobile: z.string(),
  safetyName: z.string(),
  safetyMobile: z.string(),
  stdGrade: z.number().int(),
  mustInsure: z.boolean(),
  onRegister: z.boolean(),
  insuredNow: z.boolean(),
  blacklist: z.boolean(),
  score: z.number().nullable(),
  /** 评分等级 of the score (1 优, 2 良, 3 中, 4 差); null before the first scoring. */
  scoreGrade: z.number().int().nullable(),
  /**
   * 风险等级: the enterprise's current level of the risk rule table (ent_risk; 1 重大, 2 较大, 3 一般, 4 低),
   * the same figure as /api/risk/list and /api/risk/detail; null before the first grading.
   */
  riskLevel: z.number().int().nullable(),
  /** Its label (重大风险 … 低风险, or 未评定). */
  riskLevelLabel: z.string(),
  infoComplete: z.boolean(),
  version: z.number().int(),
});
export type EnterpriseRow = z.output<typeof enterpriseRow>;

/** /api/enterprise/detail and /api/enterprise/mine. */
export const enterpriseDetail = enterpriseRow.extend({
  annualTurnover: z.number().nullable(),
  businessScope: z.string(),
  legalDutyPhone: z.string(),
  legalEmail: z.string(),
  businessLicenceFileId: z.string().nullable(),
  licenceNo: z.string(),
  licenceFileId: z.string().nullable(),
  licenceStart: z.string().nullable(),
  licenceEnd: z.string().nullable(),
  registerYear: z.number().int().nullable(),
  scoredAt: z.string().nullable(),
  /**
   * Whether the numbers above are masked: always true (security P04), for the enterprise's own profile too; the
   * full ones need POST /api/pii/reveal (kind enterprise) or the audited /api/enterprise/contacts.
   */
  mobilesMasked: z.boolean(),
  /**
   * 未全员投保: a policy in force today insures fewer people than the current 从业人员总数 (domain 3.2
   * full cover), e.g. after a remove-person endorsement or a profile edit.
   */
  underCovered: z.boolean(),
  /** 参保人数多于从业人员: a policy in force today insures more people than the current staff. */
  overCovered: z.boolean(),
  /**
   * The enterprise holds an issued policy that has not ended: its 经营状态 is then changed by the regulator
   * only (enterprise edit, audited), never by the enterprise's own information edit.
   */
  operatingStatusLocked: z.boolean(),
});
export type EnterpriseDetail = z.output<typeof enterpriseDetail>;

/** /api/enterprise/contacts: the full contact numbers (an audited read). */
export const enterpriseContactsView = z.object({
  legalName: z.string(),
  legalMobile: z.string(),
  legalDutyPhone: z.string(),
  safetyName: z.string(),
  safetyMobile: z.string(),
});

const entParamKey = z.enum(ENT_PARAM_KEYS);

/** One parameter of an enterprise as /api/enterprise/params shows it. */
export const enterpriseParamView = z.object({
  key: entParamKey,
  label: z.string(),
  kind: z.string(),
  system: z.boolean(),
  source: z.literal([1, 2]),
  value: z.number(),
  systemValue: z.number().nullable(),
  remark: z.string(),
  updatedAt: z.string().nullable(),
});
export type EnterpriseParamView = z.output<typeof enterpriseParamView>;

/** /api/enterprise/params: the parameters with the score they give and its explanation. */
export const enterpriseParamsState = z.object({
  id: z.number().int(),
  version: z.number().int(),
  params: z.array(enterpriseParamView),
  score: z.number(),
  scoreGrade: z.number().int(),
  lines: z.array(z.object({ key: entParamKey, points: z.number() })),
});
export type EnterpriseParamsState = z.output<typeof enterpriseParamsState>;

/** One score of /api/enterprise/scoreHistory, with the parameter values it was computed from. */
export const enterpriseScoreRow = z.object({
  id: z.number().int(),
  score: z.number(),
  scoreGrade: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
  values: z.unknown(),
});

/** /api/enterprise/edit: the enterprise and its new version; /saveMine also says the profile is complete. */
export const enterpriseSaved = z.object({
  id: z.number().int(),
  version: z.number().int(),
  infoComplete: z.boolean().optional(),
});

/** /api/enterprise/saveParams and /rescore: the new score (saveParams also the new version). */
export const enterpriseScored = z.object({
  id: z.number().int(),
  version: z.number().int().optional(),
  score: z.number(),
  scoreGrade: z.number().int(),
});

/** /api/enterprise/import: enterprises created, existing ones put on the register, rows read. */
export const enterpriseImported = z.object({
  created: z.number().int(),
  marked: z.number().int(),
  rows: z.number().int(),
});

/** One bad cell of a refused must-insure register import (/api/enterprise/import answers 400 with these). */
export interface EnterpriseImportError {
  row: number;
  column: string;
  message: string;
}
