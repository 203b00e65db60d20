/**
 * Work-safety liability insurance (安责险) contracts: option lists, request schemas and the pure rules
 * shared by server and web (domain.md 1.2-1.7, 2.1-2.8, 3.1-3.4, 4). Local figures (per-person floor,
 * prevention-fee cap, report deadline, unpaid flag) are server settings, not constants here.
 */
import { z } from 'zod';
import { lossLineProblem } from './claim-money.ts';
import {
  ROSTER_ID_MESSAGE,
  ROSTER_MAX,
  rosterDuplicateMessage,
  rosterDuplicates,
} from './endorsement-roster.ts';
import {
  ACCIDENT_TYPES,
  ENT_PARAM_KEYS,
  LOSS_CATEGORIES,
  RATE_FACTORS,
  SERVICE_ITEMS,
  wsIndustryTop,
} from './insurance-options.ts';
import { rangedNumber } from './number-field.ts';
import { FIELD_RANGES, moneyRange } from './number-range.ts';
import { DISTRICTS } from './options.ts';
import { isValidIdCard, isValidLandline, isValidMobile, isValidUscc, normalizeMobile } from './validators.ts';

export * from './claim-money.ts';
export * from './endorsement-roster.ts';
export * from './insurance-options.ts';
export * from './insurance-views.ts';

// ---------------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------------

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written YYYY-MM-DD. */
export const dateStr = z
  .string()
  .regex(DATE_RE, '日期格式应为 YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, '日期不存在');

const LOCAL_DT = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
/** Parses 'YYYY-MM-DD HH:mm[:ss]' as China time (+08:00) or an ISO 8601 time with an offset. */
export function parseDateTime(s: string): Date | undefined {
  const m = LOCAL_DT.exec(s.trim());
  const d = m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}+08:00`) : new Date(s);
  if (Number.isNaN(d.getTime())) return undefined;
  if (!m && !/(Z|[+-]\d{2}:?\d{2})$/.test(s.trim())) return undefined;
  return d;
}
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

/** The China (UTC+8) calendar date of an instant, YYYY-MM-DD. */
export function chinaDate(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}
/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
/** Zod-free policy rules (the period, a draft's missing fields), for the web forms too. */
export * from './policy-rules.ts';

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
export const idCardField = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => isValidIdCard(s), '身份证号码格式或校验位不正确，请核对18位号码');
export const districtField = z.enum(
  DISTRICTS.map((d) => d.value) as [string, ...string[]],
  '所属区县须为宿迁市的区县代码',
);
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
const personName = (label: string) =>
  z.string().trim().min(2, `${label}至少2个字`).max(20, `${label}最多20个字`);

// ---------------------------------------------------------------------------------------------------
// Enterprise
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
  operatingStatus: z.union([z.literal(1), z.literal(2), z.literal(3)], '经营状态取值不正确'),
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
  stdGrade: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], '标准化等级取值不正确'),
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
            source: z.union([z.literal(1), z.literal(2)], '参数来源须为1（系统判断）或2（手动录入）'),
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

// ---------------------------------------------------------------------------------------------------
// Insurer
// ---------------------------------------------------------------------------------------------------

export const insurerProfileInput = z
  .object({
    version: z.number().int().positive('请提供数据版本号'),
    insurerType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], '机构类型取值不正确'),
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
    headMobile: mobileField,
  })
  .strict()
  .refine((v) => v.insurerType === 1 || (v.parentName.length > 0 && v.parentCode.length > 0), {
    message: '分支机构须填写总部名称和总部编码',
    path: ['parentName'],
  });

const SERVICE_ITEM_VALUES = SERVICE_ITEMS.map((s) => s.value) as [string, ...string[]];
const technicistFields = {
  staffType: z.union([z.literal(1), z.literal(2)], '人员类型须为1（自有）或2（外聘）'),
  name: personName('姓名'),
  idType: z.enum(['01', '02', '03', '04'], '证件类型取值不正确'),
  idNo: z.string().trim().min(4, '请输入证件号码').max(30),
  mobile: mobileField,
  title: z.string().trim().max(30).default(''),
  education: z.string().trim().max(30).default(''),
  major: z.string().trim().max(50).default(''),
  employer: z.string().trim().max(100).default(''),
  years: rangedNumber('从事安全生产工作年限', FIELD_RANGES.years).default(0),
  serviceItems: z.array(z.enum(SERVICE_ITEM_VALUES)).max(7).default([]),
  status: z.union([z.literal(1), z.literal(0)]).default(1),
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
    docType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(9)], '文档类型取值不正确'),
    title: z.string().trim().min(1, '请输入标题').max(200),
    fileId: z.string().uuid('请上传文档文件'),
    remark: z.string().trim().max(500).default(''),
  })
  .strict();

// ---------------------------------------------------------------------------------------------------
// Policy
// ---------------------------------------------------------------------------------------------------

export const policyFactorInput = z
  .object({
    code: z.enum(RATE_FACTORS.map((f) => f.value) as [string, ...string[]], '浮动因子取值不正确'),
    pct: rangedNumber('浮动比例（%）', FIELD_RANGES.factorPct),
    reason: z.string().trim().min(1, '请填写浮动原因').max(200),
  })
  .strict();

export const coinsurerInput = z
  .object({
    insurerId: z.number().int().positive(),
    role: z.enum(['01', '02', '03'], '承保类型须为01主承、02跟单或03独立承保'),
    share: rangedNumber('承保比例（%）', FIELD_RANGES.coinsurerShare),
  })
  .strict();

export const policyInput = z
  .object({
    /** Insurer entry: the insured enterprise. Ignored for an enterprise applying for itself. */
    enterpriseId: z.number().int().positive().optional(),
    /** Enterprise application: the lead (issuing) insurer. Ignored for insurer entry (own org). */
    insurerId: z.number().int().positive().optional(),
    isRenewal: z.boolean().default(false),
    startDate: dateStr,
    endDate: dateStr,
    signDate: dateStr.optional(),
    headcount: rangedNumber('参保人数', FIELD_RANGES.persons),
    perPersonLimit: money('每人死亡伤残责任限额', { positive: true }),
    medicalLimit: money('每人医疗费用限额').default(0),
    benchmarkRate: rangedNumber('行业基准费率（‰）', FIELD_RANGES.benchmarkRate),
    factors: z.array(policyFactorInput).max(10).default([]),
    premium: money('实收保费', { positive: true }),
    coinsurers: z.array(coinsurerInput).max(10).default([]),
    preventionFeePct: rangedNumber('事故预防服务费用比例（%）', FIELD_RANGES.preventionFeePct),
    preventionFrequency: rangedNumber('服务频次', FIELD_RANGES.preventionFrequency),
    serviceItems: z
      .array(z.enum(SERVICE_ITEM_VALUES, '服务项目取值为01-07'))
      .min(1, '请至少选择一项事故预防服务项目')
      .max(7),
    serviceItemOther: z.string().trim().max(200).default(''),
    attachments: fileIdsField.default([]),
    remark: z.string().trim().max(500).default(''),
  })
  .strict();
export type PolicyInput = z.infer<typeof policyInput>;

/**
 * A draft (保存草稿): only what identifies it is required (the period, and the insurer or the enterprise
 * by the side entering it); every other value may be filled in later, and what is given is checked for
 * its form. Submitting (提交审核) checks the stored draft against every rule of policyInput and the terms.
 */
export const policyDraftInput = policyInput
  .extend({
    headcount: policyInput.shape.headcount.optional(),
    perPersonLimit: policyInput.shape.perPersonLimit.optional(),
    benchmarkRate: policyInput.shape.benchmarkRate.optional(),
    premium: policyInput.shape.premium.optional(),
    preventionFeePct: policyInput.shape.preventionFeePct.optional(),
    preventionFrequency: policyInput.shape.preventionFrequency.optional(),
    serviceItems: z.array(z.enum(SERVICE_ITEM_VALUES, '服务项目取值为01-07')).max(7).default([]),
  })
  .strict();
export type PolicyDraftInput = z.infer<typeof policyDraftInput>;

/**
 * What submitting (提交审核) checks in the request: every field of policyInput, but the pricing may be
 * left out: an enterprise's application has none (the insurer prices it when it issues it), and an
 * insurer's own entry without it is refused naming the missing fields.
 */
export const policySubmitInput = policyInput
  .extend({
    benchmarkRate: policyInput.shape.benchmarkRate.optional(),
    premium: policyInput.shape.premium.optional(),
  })
  .strict();

/** The pricing the lead insurer sets when it issues a policy (review with approve). */
export const policyPricingInput = z
  .object({
    benchmarkRate: policyInput.shape.benchmarkRate.optional(),
    factors: z.array(policyFactorInput).max(10).optional(),
    premium: policyInput.shape.premium.optional(),
  })
  .strict();
export type PolicyPricingInput = z.infer<typeof policyPricingInput>;

// ---------------------------------------------------------------------------------------------------
// Endorsement
// ---------------------------------------------------------------------------------------------------

/**
 * One person of an endorsement roster: `in` joins the policy, `out` leaves it; a replacement (换人) is
 * one `out` and one `in` per person. ID type 01 (居民身份证, the default) is checked by GB 11643.
 */
export const endorsementPersonInput = z
  .object({
    direction: z.enum(['in', 'out'], '人员变动方向须为 in（加入）或 out（减少）'),
    name: personName('人员姓名'),
    idType: z.enum(['01', '02', '03', '04'], '证件类型取值不正确').default('01'),
    idNo: z
      .string()
      .trim()
      .min(4, '请输入证件号码')
      .max(30, '证件号码最多30位')
      .transform((s) => s.toUpperCase()),
    position: z.string().trim().max(30, '岗位最多30个字').default(''),
  })
  .strict()
  .refine((v) => v.idType !== '01' || isValidIdCard(v.idNo), { message: ROSTER_ID_MESSAGE, path: ['idNo'] });
export type EndorsementPersonInput = z.infer<typeof endorsementPersonInput>;

/** A roster: at most 500 persons, no ID number twice in one request. */
export const endorsementRoster = z
  .array(endorsementPersonInput)
  .min(1, '人员名单至少一人')
  .max(ROSTER_MAX, `人员名单最多${ROSTER_MAX}人`)
  .superRefine((list, ctx) => {
    for (const d of rosterDuplicates(list))
      ctx.addIssue({
        code: 'custom',
        message: rosterDuplicateMessage(d.index, d.first),
        path: [d.index, 'idNo'],
      });
  });

/** The changed values an endorsement asks for; which keys are allowed depends on the type. */
export const endorsementChange = z
  .object({
    headcount: rangedNumber('参保人数', FIELD_RANGES.persons).optional(),
    /** Add/remove/replace persons with their ID numbers (stored encrypted, shown masked). */
    roster: endorsementRoster.optional(),
    /** Names only: the earlier form of a roster, still accepted without ID numbers. */
    personsIn: z.array(personName('人员姓名')).max(500).optional(),
    personsOut: z.array(personName('人员姓名')).max(500).optional(),
    holderName: z.string().trim().min(4).max(100).optional(),
    address: z.string().trim().min(2).max(300).optional(),
    wsIndustryCode: wsIndustryField.optional(),
    gbIndustryCode: gbIndustryField.optional(),
    perPersonLimit: money('每人死亡伤残责任限额', { positive: true }).optional(),
    medicalLimit: money('每人医疗费用限额').optional(),
    startDate: dateStr.optional(),
    endDate: dateStr.optional(),
  })
  .strict()
  .refine((c) => !(c.roster && (c.personsIn || c.personsOut)), {
    message: '人员名单请只用 roster 提交（不能同时提交 personsIn/personsOut）',
    path: ['roster'],
  });
export type EndorsementChange = z.infer<typeof endorsementChange>;

export const endorsementInput = z
  .object({
    policyId: z.number().int().positive(),
    /** The policy version the applicant saw; approval refuses if the policy changed since. */
    policyVersion: z.number().int().positive('请提供保单版本号'),
    type: z.enum(['01', '02', '03', '04', '05', '06', '07', '08'], '批改类型取值为01-08'),
    reason: z.string().trim().min(2, '请填写批改原因').max(300),
    effectiveDate: dateStr,
    change: endorsementChange.default({}),
    premiumDelta: money('保费变化', { min: -999_999_999_999.99 }).default(0),
    attachments: fileIdsField.default([]),
  })
  .strict();
export type EndorsementInput = z.infer<typeof endorsementInput>;

// ---------------------------------------------------------------------------------------------------
// Claim
// ---------------------------------------------------------------------------------------------------

export const claimReportInput = z
  .object({
    policyId: z.number().int().positive(),
    reporterName: personName('报案人姓名'),
    reporterPhone: phoneField,
    /** Defaults to now. */
    reportedAt: dateTimeStr.optional(),
    accidentAt: dateTimeStr,
    accidentDistrictCode: districtField,
    accidentAddress: z.string().trim().min(2, '请输入出险地点').max(300),
    accidentDesc: z.string().trim().min(5, '请描述出险经过（至少5个字）').max(2000),
    deaths: rangedNumber('死亡人数', FIELD_RANGES.casualties).default(0),
    injuries: rangedNumber('受伤人数', FIELD_RANGES.casualties).default(0),
    attachments: fileIdsField.default([]),
    /**
     * The reporter confirms a second claim although an open claim of the policy has the same accident
     * time (without it such a report answers 409 DUPLICATE_CLAIM naming that claim).
     */
    confirmDuplicate: z.boolean({ error: 'confirmDuplicate 须为 true 或 false' }).default(false),
  })
  .strict();
export type ClaimReportInput = z.infer<typeof claimReportInput>;

const stepBase = {
  id: z.number().int().positive(),
  version: z.number().int().positive('请提供数据版本号'),
  /** When the step happened; defaults to now; never in the future. */
  at: dateTimeStr.optional(),
  note: z.string().trim().max(2000).default(''),
  attachments: fileIdsField.default([]),
};
const LOSS_VALUES = LOSS_CATEGORIES.map((c) => c.value) as [string, ...string[]];
export const claimPersonInput = z
  .object({
    personType: z.union([z.literal(1), z.literal(2)], '人员类型须为1从业人员或2第三者'),
    name: personName('伤亡人员姓名'),
    idType: z.enum(['01', '02', '03', '04']).default('01'),
    idNo: z.string().trim().min(4, '请输入证件号码').max(30),
    injury: z.enum(['01', '02', '03'], '伤亡情况须为01轻伤、02重伤或03死亡'),
    amount: money('人身伤亡赔付金额', { positive: true }),
    proofs: fileIdsField.default([]),
  })
  .strict()
  .refine((v) => v.idType !== '01' || isValidIdCard(v.idNo), {
    message: '身份证号码格式或校验位不正确，请核对18位号码',
    path: ['idNo'],
  });

export const claimStepInput = z.discriminatedUnion('step', [
  z
    .object({ ...stepBase, step: z.literal(2), reason: z.string().trim().min(2, '请填写撤案原因').max(500) })
    .strict(),
  z
    .object({
      ...stepBase,
      step: z.literal(3),
      accidentType: z.enum(ACCIDENT_TYPES.map((a) => a.value) as [string, ...string[]], '事故类型取值不正确'),
      accidentLevel: z.union(
        [z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)],
        '事故等级取值为1-5',
      ),
      /** 重伤人数 (incl. acute industrial poisoning), at most the reported injuries; grades the accident. */
      seriousInjuries: rangedNumber('重伤人数', FIELD_RANGES.casualties).default(0),
      cause: z.string().trim().min(2, '请填写事故原因').max(1000),
      estimatedLoss: money('估损金额'),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      step: z.literal(4),
      payType: z.union([z.literal(1), z.literal(2), z.literal(3)], '付款类型须为1预付、2垫付或3快付'),
      amount: money('付款金额', { positive: true }),
      payee: z.string().trim().max(100).default(''),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      step: z.literal(5),
      surveyorName: personName('查勘人员姓名'),
      surveyorPhone: phoneField,
      description: z.string().trim().min(2, '请填写查勘描述').max(2000),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      step: z.literal(6),
      items: z
        .array(
          z
            .object({
              category: z.enum(LOSS_VALUES, '定损类别取值为01-08'),
              // Any sign passes the format check; lossLineProblem names the category of a line ≤ 0.
              amount: money('定损金额', { min: -999_999_999_999.99 }),
            })
            .strict()
            .superRefine((v, ctx) => {
              const problem = lossLineProblem(v.category, v.amount);
              if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['amount'] });
            }),
        )
        .min(1, '请至少填写一项定损金额')
        .max(8),
      total: money('定损总金额'),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      step: z.literal(7),
      persons: z.array(claimPersonInput).max(200).default([]),
      properties: z
        .array(
          z
            .object({
              ownerName: z.string().trim().min(1).max(100),
              propertyName: z.string().trim().min(1).max(100),
              amount: money('财产损失赔付金额', { positive: true }),
            })
            .strict(),
        )
        .max(200)
        .default([]),
      fees: z
        .array(
          z
            .object({
              category: z.enum(['04', '05', '06', '07', '08'], '费用类别取值为04-08'),
              amount: money('费用赔付金额', { positive: true }),
            })
            .strict(),
        )
        .max(5)
        .default([]),
      total: money('赔付总金额', { positive: true }),
      /**
       * The payer confirms a payout that leaves part of the assessment unpaid (it is refused otherwise, so
       * a forgotten line is never paid short by accident); further payouts may follow before closing.
       */
      partial: z.boolean().default(false),
    })
    .strict(),
  z
    .object({
      ...stepBase,
      step: z.literal(8),
      closeType: z.enum(['paid', 'denied', 'zero', 'withdrawn', 'invalid'], '结案类型取值不正确'),
      deniedReason: z.string().trim().max(1000).default(''),
    })
    .strict(),
]);
export type ClaimStepInput = z.infer<typeof claimStepInput>;

export const claimSatisfactionInput = z
  .object({
    id: z.number().int().positive(),
    version: z.number().int().positive('请提供数据版本号'),
    score: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], '满意度评分为1-5'),
    comment: z.string().trim().max(500).default(''),
  })
  .strict();
