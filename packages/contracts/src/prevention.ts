/**
 * Accident prevention (事故预防, /api/prevention/*): projects (服务合同), service plans and records with
 * their per-type summaries (domain 2.10), hazards found by checks (2.10 type 03, 2.11), follow-up visits,
 * the prevention fund ledger, the regulator's overview and the service statement. Option lists are
 * zod-free in prevention-options.ts; the route table is apps/server/src/modules/prevention/README.md.
 */
import { z } from 'zod';
import { SATISFACTION_SCORES } from './claim-options.ts';
import { RISK_LEVELS } from './enterprise-options.ts';
import { pageQuery } from './envelope.ts';
import { dateStr, dateTimeStr, districtField, editPhoneField, money } from './fields.ts';
import { rangedNumber } from './number-field.ts';
import { SERVICE_ITEMS } from './policy-options.ts';
import {
  CONTRACT_NO_MESSAGE,
  CONTRACT_NO_PATTERN,
  HAZARD_LEVELS,
  HAZARD_STATES,
  PLAN_STATUSES,
  PROJECT_FILTERS,
  RECORD_LIMITS,
  RECORD_STATES,
  TRAINING_FORMS,
  VISIT_STATES,
} from './prevention-options.ts';

const id = z.number().int().positive();
const version = z.number().int().positive('请提供数据版本号');
const qId = z.coerce.number<number>().int().positive();
const serviceItem = z.enum(SERVICE_ITEMS.values, '服务项目须为01-07');
/** A level-2 sub-type code (dictionary 033, e.g. 101, 303); checked against the dictionary by the server. */
const subType = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,32}$/, '服务子类型编码格式不正确');
const text = (label: string, max: number) => z.string().trim().max(max, `${label}最多${max}个字`);
const photos = (max: number, label = '照片') =>
  z
    .array(z.string().uuid('附件编号格式不正确'), { error: `${label}须为文件编号列表` })
    .max(max, `${label}最多${max}个`);
const yearQ = z.coerce.number<number>().int().min(2000).max(2100);
const districtQ = z
  .string()
  .regex(/^\d{6}$/, '区县代码为6位数字')
  .optional();

// ---------------------------------------------------------------------------------------------------
// Projects (事故预防项目 / 服务合同, domain 2.9)
// ---------------------------------------------------------------------------------------------------

/** One agreed service item of a project: item, optional sub-type, frequency within the period. */
export const projectItemInput = z
  .object({
    item: serviceItem,
    subType: subType.optional(),
    frequency: rangedNumber('服务频次', { min: 1, max: 365, decimals: 0 }),
    /** What item 07 (其他) is; required for it. */
    note: text('服务内容说明', 200).default(''),
  })
  .strict()
  .refine((v) => v.item !== '07' || v.note !== '', {
    message: '选择了“其他有关事故预防工作”（07），请填写具体内容',
    path: ['note'],
  });
export type ProjectItemInput = z.infer<typeof projectItemInput>;

const projectFields = {
  name: z.string().trim().min(2, '项目名称至少2个字').max(100, '项目名称最多100个字'),
  contractNo: z.string().trim().regex(CONTRACT_NO_PATTERN, CONTRACT_NO_MESSAGE),
  startDate: dateStr,
  endDate: dateStr,
  /**
   * The policies served: one policy (lead or co-insurer), or a group of the insurer's policies of several
   * insured enterprises. Every one must be an issued policy of the caller.
   */
  policyIds: z
    .array(id, { error: '请选择保单' })
    .min(1, '请至少选择一张保单')
    .max(500, '一个项目最多500张保单'),
  /** 事故预防费用占比, % of the premium actually collected; at most the cap setting (default 21). */
  feeRatio: rangedNumber('事故预防费用比例', { min: 0, max: 100, decimals: 2 }),
  /** 服务费金额, yuan; at most Σ premium × ratio of the policies. */
  feeAmount: money('服务费金额'),
  /** The service organisation (org of type service) and/or expert organisations (type expert). */
  serviceOrgId: id.nullable().default(null),
  expertOrgIds: z.array(id).max(20, '专家机构最多20个').default([]),
  contactName: z.string().trim().min(2, '联系人至少2个字').max(20, '联系人最多20个字'),
  contactPhone: editPhoneField,
  description: text('项目服务说明', 2000).default(''),
  items: z.array(projectItemInput).min(1, '请至少选择一个服务项目').max(30, '服务项目最多30项'),
};
const projectRefine = <
  T extends z.ZodType<{
    startDate: string;
    endDate: string;
    serviceOrgId: number | null;
    expertOrgIds: number[];
  }>,
>(
  s: T,
) =>
  s
    .refine((v) => v.endDate >= v.startDate, {
      message: '项目期间的结束日期不能早于开始日期',
      path: ['endDate'],
    })
    .refine((v) => v.serviceOrgId !== null || v.expertOrgIds.length > 0, {
      message: '请选择服务机构或至少一个专家机构',
      path: ['serviceOrgId'],
    });

/** /api/prevention/project/add (insurer; Idempotency-Key). */
export const projectCreateInput = projectRefine(z.object(projectFields).strict());
export type ProjectCreateInput = z.infer<typeof projectCreateInput>;
/** /api/prevention/project/save (insurer; version). The covered policies cannot change once plans exist. */
export const projectUpdateInput = projectRefine(z.object({ id, version, ...projectFields }).strict());
export type ProjectUpdateInput = z.infer<typeof projectUpdateInput>;

/** Filters of the project list, written once (list and export). */
export const projectListFilters = z.object({
  /** Spec 4 filter code: 10 all, 1 established, 3 in progress, 7 ended. */
  state: z.coerce
    .number<number>()
    .pipe(z.literal(PROJECT_FILTERS.values, '状态筛选为10、1、3或7'))
    .optional(),
  keyword: z.string().trim().max(100).optional(),
  districtCode: districtQ,
  serviceOrgId: qId.optional(),
  year: yearQ.optional(),
});
export const projectListQuery = pageQuery.extend(projectListFilters.shape).strict();
export type ProjectListQuery = z.infer<typeof projectListQuery>;

export const projectItem = z.object({
  item: z.string(),
  itemLabel: z.string(),
  subType: z.string().nullable(),
  subTypeLabel: z.string(),
  frequency: z.number(),
  note: z.string(),
  /** Plans of this item so far, and how many are completed. */
  planned: z.number(),
  done: z.number(),
});

export const providerRef = z.object({ orgId: z.number(), orgType: z.string(), name: z.string() });

export const projectRow = z.object({
  id: z.number(),
  name: z.string(),
  contractNo: z.string(),
  insurerId: z.number(),
  insurerName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** 1 待制定计划 / 2 进行中 / 3 已完成 (effective: a period that ended counts as 3). */
  state: z.number(),
  stateLabel: z.string(),
  feeRatio: z.number(),
  feeAmount: z.number(),
  /** The covered enterprises: the first names and the count. */
  enterpriseNames: z.string(),
  enterpriseCount: z.number(),
  policyNos: z.string(),
  providers: z.array(providerRef),
  planCount: z.number(),
  doneCount: z.number(),
  spent: z.number(),
  createdAt: z.string(),
  version: z.number(),
});
export type ProjectRow = z.infer<typeof projectRow>;

export const projectDetail = projectRow.extend({
  contactName: z.string(),
  contactPhone: z.string(),
  description: z.string(),
  serviceOrgId: z.number().nullable(),
  expertOrgIds: z.array(z.number()),
  items: z.array(projectItem),
  policies: z.array(
    z.object({
      policyId: z.number(),
      policyNo: z.string(),
      enterpriseId: z.number(),
      enterpriseName: z.string(),
      districtCode: z.string(),
      premium: z.number(),
      startDate: z.string(),
      endDate: z.string(),
    }),
  ),
  /** What the caller may do now. */
  actions: z.object({ edit: z.boolean(), addPlan: z.boolean() }),
});
export type ProjectDetail = z.infer<typeof projectDetail>;

/** /api/prevention/project/policies: the insurer's issued policies a project can serve (picker). */
export const projectPolicyQuery = pageQuery
  .extend({ keyword: z.string().trim().max(100).optional() })
  .strict();
export const projectPolicyRow = z.object({
  policyId: z.number(),
  policyNo: z.string(),
  enterpriseId: z.number(),
  enterpriseName: z.string(),
  districtCode: z.string(),
  premium: z.number(),
  preventionFeePct: z.number(),
  preventionFrequency: z.number(),
  serviceItems: z.array(z.string()),
  startDate: z.string(),
  endDate: z.string(),
  /** 01 主承 / 02 跟单 / 03 独立承保. */
  role: z.string(),
});
export type ProjectPolicyRow = z.infer<typeof projectPolicyRow>;

/** /api/prevention/providers: service organisations and expert organisations (picker). */
export const providerQuery = z
  .object({
    orgType: z.enum(['service', 'expert'], '机构类型为 service 或 expert').optional(),
    keyword: z.string().trim().max(100).optional(),
  })
  .strict();
export const providerRow = providerRef.extend({ districtCode: z.string(), contactName: z.string() });

/** /api/prevention/serviceTypes: items 01-07 with their enabled level-2 sub-types from the dictionary. */
export const serviceTypeTree = z.array(
  z.object({
    value: z.string(),
    label: z.string(),
    children: z.array(z.object({ value: z.string(), label: z.string(), isOther: z.boolean() })),
  }),
);

// ---------------------------------------------------------------------------------------------------
// Plans (服务计划, domain 2.10)
// ---------------------------------------------------------------------------------------------------

/** A service expert on a plan or record: a person, optionally of a registered expert organisation. */
export const expertInput = z
  .object({
    name: z.string().trim().min(2, '专家姓名至少2个字').max(20, '专家姓名最多20个字'),
    orgId: id.nullable().default(null),
    title: text('职称/专业', 50).default(''),
    phone: z.string().trim().max(30).default(''),
  })
  .strict();
export type ExpertInput = z.infer<typeof expertInput>;
/**
 * A plan's expert: chosen from the pool by `expertId` (the server takes name, organisation, title and
 * mobile from the pool) or typed in (plans made before the pick-list, experts outside the pool).
 */
export const planExpertInput = expertInput.extend({ expertId: id.optional() }).strict();

/** /api/prevention/plan/expertOptions: the plan form's pick-list of experts for a project. */
export const planExpertOptionsQuery = z
  .object({
    projectId: z.coerce.number<number>().int().positive('projectId必须是正整数'),
    name: z.string().trim().max(20).optional(),
  })
  .strict();

const planFields = {
  projectId: id,
  enterpriseId: id,
  item: serviceItem,
  subType: subType.optional(),
  name: z.string().trim().min(2, '服务名称至少2个字').max(100, '服务名称最多100个字'),
  /** The service organisation or expert organisation delivering it: one of the project's. */
  providerOrgId: id,
  plannedStart: dateTimeStr,
  plannedEnd: dateTimeStr,
  /** Defaults to the enterprise's district and address. */
  districtCode: districtField.optional(),
  address: text('服务地点', 200).optional(),
  staff: z.array(z.string().trim().min(2).max(20)).max(20, '服务人员最多20人').default([]),
  experts: z.array(planExpertInput).max(20, '服务专家最多20人').default([]),
  budget: money('计划支出金额').default(0),
  description: text('服务描述', 2000).default(''),
};
const planRefine = <T extends z.ZodType<{ plannedStart: Date; plannedEnd: Date }>>(s: T) =>
  s.refine((v) => v.plannedEnd.getTime() >= v.plannedStart.getTime(), {
    message: '计划结束时间不能早于开始时间',
    path: ['plannedEnd'],
  });

/**
 * /api/prevention/plan/add (insurer or the project's service/expert organisation; Idempotency-Key). With
 * `serviceRequestId` the plan answers the enterprise's accepted service request (服务需求 → 已安排).
 */
export const planCreateInput = planRefine(
  z.object({ ...planFields, serviceRequestId: id.optional() }).strict(),
);
export type PlanCreateInput = z.infer<typeof planCreateInput>;
/** /api/prevention/plan/save: while the record is not submitted; a changed time asks the enterprise again. */
export const planUpdateInput = planRefine(
  z
    .object({ id, version, ...planFields })
    .omit({ projectId: true, enterpriseId: true })
    .strict(),
);
export type PlanUpdateInput = z.infer<typeof planUpdateInput>;

/** /api/prevention/plan/confirmVisit (enterprise, AQ 9010: items and time confirmed before the visit). */
export const visitConfirmInput = z
  .object({ id, version, remark: text('确认意见', 500).default('') })
  .strict();
export type VisitConfirmInput = z.infer<typeof visitConfirmInput>;

/** Filters of the plan/record list (服务查询 and every role's plan list), written once (list and export). */
export const planListFilters = z.object({
  keyword: z.string().trim().max(100).optional(),
  projectId: qId.optional(),
  enterpriseId: qId.optional(),
  providerOrgId: qId.optional(),
  insurerId: qId.optional(),
  districtCode: districtQ,
  item: serviceItem.optional(),
  /** Spec 4 service status: 0 pending, 1 in progress, 2 completed. */
  status: z.coerce.number<number>().pipe(z.literal(PLAN_STATUSES.values, '服务状态为0、1或2')).optional(),
  recordState: z.enum(RECORD_STATES.values, '记录状态为 draft、submitted 或 confirmed').optional(),
  visitState: z.enum(VISIT_STATES.values, '确认状态为 unconfirmed 或 confirmed').optional(),
  /** Planned start from / to (China dates). */
  from: dateStr.optional(),
  to: dateStr.optional(),
  /** Only the caller's open to-dos (visit or record to confirm, plan to carry out). */
  todo: z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
    .transform((v) => v === true || v === '1' || v === 'true')
    .optional(),
});
export const planListQuery = pageQuery.extend(planListFilters.shape).strict();
export type PlanListQuery = z.infer<typeof planListQuery>;
export const planExportQuery = planListFilters.strict();

export const planRow = z.object({
  id: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  contractNo: z.string(),
  insurerId: z.number(),
  insurerName: z.string(),
  enterpriseId: z.number(),
  enterpriseName: z.string(),
  districtCode: z.string(),
  districtName: z.string(),
  item: z.string(),
  itemLabel: z.string(),
  subType: z.string().nullable(),
  subTypeLabel: z.string(),
  name: z.string(),
  providerOrgId: z.number(),
  providerName: z.string(),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  /** 0 待服务 / 1 服务中 / 2 已完成. */
  status: z.number(),
  statusLabel: z.string(),
  visitState: z.string(),
  visitStateLabel: z.string(),
  recordState: z.string().nullable(),
  recordStateLabel: z.string(),
  spend: z.number(),
  hazardCount: z.number(),
  majorHazardCount: z.number(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});
export type PlanRow = z.infer<typeof planRow>;

// ---------------------------------------------------------------------------------------------------
// Records (服务记录) and their per-type summaries (domain 2.10 table)
// ---------------------------------------------------------------------------------------------------

/** 01 培训: form, enterprises served, attendees, photos. */
export const trainingSummary = z
  .object({
    type: z.literal('01'),
    form: z.enum(TRAINING_FORMS.values, '服务形式为 offline（线下）或 online（线上）'),
    enterprises: z.array(z.string().trim().min(1).max(100)).max(500).default([]),
    attendees: rangedNumber('参加人数', { min: 0, max: 100_000, decimals: 0 }),
    photos: photos(RECORD_LIMITS.files).default([]),
  })
  .strict();

/** One risk of a risk identification (02). */
export const riskRow = z
  .object({
    date: dateStr,
    source: z.string().trim().min(1, '请填写风险源').max(200),
    level: z.literal(RISK_LEVELS.values, '风险等级为1重大、2较大、3一般或4低'),
    basis: text('依据', 500).default(''),
    measures: text('防范措施', 1000).default(''),
    photos: photos(RECORD_LIMITS.hazardPhotos).default([]),
  })
  .strict();
export const riskSummary = z
  .object({ type: z.literal('02'), risks: z.array(riskRow).max(RECORD_LIMITS.rows).default([]) })
  .strict();

/**
 * One hidden danger found by a check (domain 2.10 type 03, with the registration fields of 2.11); stored
 * as a row of ap_hazard that rectification picks up.
 */
export const hazardInput = z
  .object({
    checkDate: dateStr,
    /** 判断依据 / 检查标准. */
    basis: text('判断依据', 500).default(''),
    checkItem: text('检查项', 200).default(''),
    description: z.string().trim().min(2, '请描述隐患（至少2个字）').max(1000),
    level: z.literal(HAZARD_LEVELS.values, '隐患等级为1一般或2重大'),
    hazardType: text('隐患类型', 50).default(''),
    recommendation: text('整改建议', 1000).default(''),
    photos: photos(RECORD_LIMITS.hazardPhotos, '隐患照片').default([]),
    foundBy: text('发现人', 50).default(''),
    fixImmediately: z.boolean().default(false),
    rectifyDept: text('整改部门/岗位', 100).default(''),
    /** 限时整改日期. */
    deadline: dateStr.nullable().default(null),
    acceptDept: text('验收部门/岗位', 100).default(''),
  })
  .strict();
export type HazardInput = z.infer<typeof hazardInput>;

/** 03 隐患排查: check result counts, summary photos (≤ 6); the hazards go in `hazards` of the record. */
export const checkSummary = z
  .object({
    type: z.literal('03'),
    compliant: rangedNumber('符合项数', { min: 0, max: 10_000, decimals: 0 }),
    nonCompliant: rangedNumber('不符合项数', { min: 0, max: 10_000, decimals: 0 }),
    notApplicable: rangedNumber('不涉及项数', { min: 0, max: 10_000, decimals: 0 }),
    photos: photos(RECORD_LIMITS.checkPhotos, '检查照片').default([]),
  })
  .strict();

/** One problem of a standardisation (04) or emergency plan/drill (05) service. */
export const problemRow = z
  .object({
    description: z.string().trim().min(2, '请描述问题（至少2个字）').max(1000),
    points: rangedNumber('扣分', { min: 0, max: 1000, decimals: 1 }),
    scenario: text('针对场景', 200).default(''),
    files: photos(RECORD_LIMITS.hazardPhotos, '问题附件').default([]),
  })
  .strict();
export const standardSummary = z
  .object({ type: z.literal('04'), problems: z.array(problemRow).max(RECORD_LIMITS.rows).default([]) })
  .strict();
export const drillSummary = z
  .object({ type: z.literal('05'), problems: z.array(problemRow).max(RECORD_LIMITS.rows).default([]) })
  .strict();
/** 06 科技推广 and 07 其他: the record's summary text and files only. */
export const techSummary = z.object({ type: z.literal('06') }).strict();
export const otherSummary = z.object({ type: z.literal('07') }).strict();

/** The per-type summary of a record, by its service item (jsonb ap_record.summary, validated by type). */
export const recordSummary = z.discriminatedUnion('type', [
  trainingSummary,
  riskSummary,
  checkSummary,
  standardSummary,
  drillSummary,
  techSummary,
  otherSummary,
]);
export type RecordSummary = z.infer<typeof recordSummary>;

/**
 * /api/prevention/record/save (draft) and /api/prevention/record/submit: the record of a plan. The plan's
 * `version` is sent (the record lives with its plan). Submit needs the summary text, at least one photo or
 * file, and at least one expert for items 01-05; a submitted record is read-only.
 */
export const recordInput = z
  .object({
    planId: id,
    version,
    actualStart: dateTimeStr,
    actualEnd: dateTimeStr,
    districtCode: districtField.optional(),
    address: text('服务地点', 200).optional(),
    /** 服务情况说明 / 服务描述. */
    summaryText: text('服务情况说明', 5000).default(''),
    spend: money('支出金额').default(0),
    experts: z.array(expertInput).max(20, '服务专家最多20人').default([]),
    /** Photos and files of the record (service report, sign-in sheets...). */
    files: photos(RECORD_LIMITS.files, '照片和文件').default([]),
    summary: recordSummary,
    /** Type 03 only: the hidden dangers found. */
    hazards: z.array(hazardInput).max(RECORD_LIMITS.hazards, '一次检查最多200条隐患').default([]),
  })
  .strict()
  .refine((v) => v.actualEnd.getTime() >= v.actualStart.getTime(), {
    message: '服务结束时间不能早于开始时间',
    path: ['actualEnd'],
  })
  .refine((v) => v.summary.type === '03' || v.hazards.length === 0, {
    message: '只有隐患排查（03）记录可以登记隐患',
    path: ['hazards'],
  });
export type RecordInput = z.infer<typeof recordInput>;

/** /api/prevention/record/confirm (enterprise): confirms a submitted record. */
export const recordConfirmInput = z
  .object({ planId: id, version, opinion: text('确认意见', 500).default('') })
  .strict();
export type RecordConfirmInput = z.infer<typeof recordConfirmInput>;

/** /api/prevention/record/followUp (the plan's service/expert organisation): 回访 with satisfaction. */
export const followUpInput = z
  .object({
    planId: id,
    version,
    visitedAt: dateTimeStr,
    contactName: text('回访对象', 20).default(''),
    /** 被服务单位配合度 1-5. */
    cooperation: z.literal(SATISFACTION_SCORES.values, '被服务单位配合度为1-5'),
    /** The enterprise's rating of the service 1-5. */
    rating: z.literal(SATISFACTION_SCORES.values, '企业满意度为1-5'),
    opinion: text('回访意见', 1000).default(''),
  })
  .strict();
export type FollowUpInput = z.infer<typeof followUpInput>;

export const expertRow = z.object({
  name: z.string(),
  orgId: z.number().nullable(),
  title: z.string(),
  phone: z.string(),
});
export const fileRef = z.object({
  fileId: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  /** /api/prevention/file?planId=&fileId= */
  fileUrl: z.string(),
  isImage: z.boolean(),
});
export type FileRef = z.infer<typeof fileRef>;

export const hazardRow = z.object({
  id: z.number(),
  planId: z.number(),
  enterpriseId: z.number(),
  enterpriseName: z.string(),
  districtCode: z.string(),
  checkDate: z.string(),
  basis: z.string(),
  checkItem: z.string(),
  description: z.string(),
  level: z.number(),
  levelLabel: z.string(),
  hazardType: z.string(),
  recommendation: z.string(),
  photos: z.array(z.string()),
  foundBy: z.string(),
  fixImmediately: z.boolean(),
  rectifyDept: z.string(),
  deadline: z.string().nullable(),
  acceptDept: z.string(),
  /** 1 待整改 / 2 已整改 / 3 未整改. */
  state: z.number(),
  stateLabel: z.string(),
  /** Spec 4 rectification status (modules/hazard): −1 待整改, 0 待审核, 1 已完成, 2 已驳回. */
  rectifyStatus: z.number(),
  rectifyLabel: z.string(),
  rectifiedAt: z.string().nullable(),
  version: z.number(),
});
export type HazardRow = z.infer<typeof hazardRow>;

export const followUpRow = z.object({
  visitedAt: z.string(),
  contactName: z.string(),
  cooperation: z.number(),
  rating: z.number(),
  opinion: z.string(),
  byName: z.string(),
  createdAt: z.string(),
});

export const recordDetail = z.object({
  state: z.string(),
  stateLabel: z.string(),
  actualStart: z.string(),
  actualEnd: z.string(),
  districtCode: z.string(),
  address: z.string(),
  summaryText: z.string(),
  spend: z.number(),
  experts: z.array(expertRow),
  files: z.array(fileRef),
  summary: z.record(z.string(), z.unknown()),
  enteredByName: z.string(),
  savedAt: z.string(),
  submittedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  confirmOpinion: z.string(),
});
export type RecordDetail = Omit<z.infer<typeof recordDetail>, 'summary'> & { summary: RecordSummary };

/** /api/prevention/plan/detail: the plan, its record (null before the first save), hazards, follow-up. */
export const planDetail = planRow.extend({
  districtCodePlace: z.string(),
  address: z.string(),
  staff: z.array(z.string()),
  experts: z.array(expertRow),
  budget: z.number(),
  description: z.string(),
  visitConfirmedAt: z.string().nullable(),
  visitRemark: z.string(),
  record: recordDetail.nullable(),
  hazards: z.array(hazardRow),
  followUp: followUpRow.nullable(),
  actions: z.object({
    edit: z.boolean(),
    confirmVisit: z.boolean(),
    saveRecord: z.boolean(),
    confirmRecord: z.boolean(),
    followUp: z.boolean(),
  }),
});
export type PlanDetail = Omit<z.infer<typeof planDetail>, 'record'> & { record: RecordDetail | null };

/** /api/prevention/hazard/list: hazards found by checks, in scope. */
export const hazardListQuery = pageQuery
  .extend({
    planId: qId.optional(),
    enterpriseId: qId.optional(),
    districtCode: districtQ,
    level: z.coerce.number<number>().pipe(z.literal(HAZARD_LEVELS.values, '隐患等级为1或2')).optional(),
    state: z.coerce.number<number>().pipe(z.literal(HAZARD_STATES.values, '隐患状态为1、2或3')).optional(),
    keyword: z.string().trim().max(100).optional(),
  })
  .strict();
