/**
 * Insured enterprises (/api/enterprise/*): request schemas and what the calls answer. Option lists and the
 * score are zod-free in enterprise-options.ts.
 */
import { z } from 'zod';
import {
  ENT_PARAM_KEYS,
  type EntParamKey,
  OPERATING_STATUS,
  PARAM_SOURCE,
  type ScoreLine,
  STD_GRADES,
} from './enterprise-options.ts';
import { pageQuery } from './envelope.ts';
import {
  dateStr,
  districtField,
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
 * An edit of an existing profile. Mobiles are shown masked (security P04), so leaving them out keeps the
 * stored numbers; sending them replaces them.
 */
export const enterpriseEditInput = z
  .object({
    ...enterpriseFields,
    id: z.number().int().positive(),
    version: z.number().int().min(0, '请提供数据版本号'),
    legalMobile: mobileField.optional(),
    safetyMobile: mobileField.optional(),
  })
  .strict()
  .refine(licencePeriod.check, licencePeriod.params);
export type EnterpriseEditInput = z.infer<typeof enterpriseEditInput>;
/** The enterprise's own info edit (spec 4): the same fields; its own id comes from the session. */
export const enterpriseMineInput = z
  .object({
    ...enterpriseFields,
    version: z.number().int().min(0, '请提供数据版本号'),
    legalMobile: mobileField.optional(),
    safetyMobile: mobileField.optional(),
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
  riskLevel: z.coerce.number<number>().int().min(1).max(4).optional(),
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
// What the calls answer (types only: these routes declare no response schema yet)
// ---------------------------------------------------------------------------------------------------

/** One row of /api/enterprise/list (mobiles masked unless the enterprise reads its own profile). */
export interface EnterpriseRow {
  id: number;
  name: string;
  uscc: string;
  districtCode: string;
  districtName: string;
  address: string;
  wsIndustryCode: string;
  wsIndustryName: string;
  gbIndustryCode: string;
  employees: number;
  operatingStatus: number;
  legalName: string;
  legalMobile: string;
  safetyName: string;
  safetyMobile: string;
  stdGrade: number;
  mustInsure: boolean;
  onRegister: boolean;
  insuredNow: boolean;
  blacklist: boolean;
  score: number | null;
  riskLevel: number | null;
  infoComplete: boolean;
  version: number;
}

/** /api/enterprise/detail and /api/enterprise/mine. */
export interface EnterpriseDetail extends EnterpriseRow {
  annualTurnover: number | null;
  businessScope: string;
  legalDutyPhone: string;
  legalEmail: string;
  businessLicenceFileId: string | null;
  licenceNo: string;
  licenceFileId: string | null;
  licenceStart: string | null;
  licenceEnd: string | null;
  registerYear: number | null;
  scoredAt: string | null;
  /** Whether the mobiles above are full numbers (the enterprise's own profile) or masked. */
  mobilesMasked: boolean;
  /**
   * 未全员投保: a policy in force today insures fewer people than the current 从业人员总数 (domain 3.2
   * full cover), e.g. after a remove-person endorsement or a profile edit.
   */
  underCovered: boolean;
  /** 参保人数多于从业人员: a policy in force today insures more people than the current staff. */
  overCovered: boolean;
  /**
   * The enterprise holds an issued policy that has not ended: its 经营状态 is then changed by the regulator
   * only (enterprise edit, audited), never by the enterprise's own information edit.
   */
  operatingStatusLocked: boolean;
}

/** One parameter of an enterprise as /api/enterprise/params shows it. */
export interface EnterpriseParamView {
  key: EntParamKey;
  label: string;
  kind: string;
  system: boolean;
  source: 1 | 2;
  value: number;
  systemValue: number | null;
  remark: string;
  updatedAt: string | null;
}

/** /api/enterprise/params: the parameters with the score they give and its explanation. */
export interface EnterpriseParamsState {
  id: number;
  version: number;
  params: EnterpriseParamView[];
  score: number;
  riskLevel: number;
  lines: ScoreLine[];
}

/** One bad cell of a refused must-insure register import (/api/enterprise/import answers 400 with these). */
export interface EnterpriseImportError {
  row: number;
  column: string;
  message: string;
}
