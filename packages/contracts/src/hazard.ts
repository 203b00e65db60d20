/**
 * Hidden dangers (隐患) and rectification (整改), enterprise risk (风险分级), alarms (预警) and supervised
 * enterprises (监管对象): domain 1.8, 2.10 type 03, 2.11, 3.6; spec 3/4 codes. Option lists are zod-free
 * in hazard-options.ts.
 *
 * Routes (all answer the usual envelope; lists are POST with the filters in the query string like the
 * other modules; out-of-scope ids answer 404 like missing ones; writes take `version`, 409 when stale):
 *
 * | Method | Path                              | Permission    | Who (scope)                                              |
 * |--------|-----------------------------------|---------------|----------------------------------------------------------|
 * | POST   | /api/hazard/list                  | risk.query    | gov: its districts; insurer: its insured enterprises'    |
 * |        |                                   |               | hazards + its own checks; service/expert: found by its   |
 * |        |                                   |               | org; enterprise: its own                                  |
 * | POST   | /api/hazard/detail?id=            | risk.get      | same scope; rectification history, governance plan,      |
 * |        |                                   |               | handlings, timeline and the caller's `actions`            |
 * | POST   | /api/hazard/self-check            | risk.add      | enterprise: registers its own hazard (domain 2.11)        |
 * | POST   | /api/hazard/insurer-check         | risk.add      | insurer: registers a hazard at an enterprise it insures   |
 * | POST   | /api/hazard/rectify               | risk.edit     | enterprise: submits its rectification (−1/2 → 0)          |
 * | POST   | /api/hazard/review                | risk.edit     | the checker: service org/expert (source 1), insurer      |
 * |        |                                   |               | (2), the enterprise's acceptance post (3): 0 → 1 or 2     |
 * | POST   | /api/hazard/governance-plan       | risk.edit     | enterprise: saves the plan of a major hazard              |
 * | POST   | /api/hazard/handle                | risk.edit     | gov: urge / inspect / penalty (amount) / close            |
 * | POST   | /api/hazard/dispose-list          | risk.query    | gov: hazards needing action (major, overdue, rejected ≥2) |
 * | GET    | /api/hazard/stats                 | risk.query    | gov/insurer/service/expert/enterprise: spec 4 codes       |
 * | GET    | /api/hazard/file?hazardId=&fileId=| risk.get      | anyone who may see the hazard: its photos and files       |
 * | POST   | /api/risk/list                    | risk.query    | gov: enterprises of its districts by risk level           |
 * | GET    | /api/risk/export                  | risk.export   | gov: the same as .xlsx                                    |
 * | POST   | /api/risk/detail?enterpriseId=    | risk.get      | gov: one enterprise (history, hazards, timeline, ...)     |
 * | GET    | /api/risk/rules                   | risk.query    | gov: the risk rule table                                  |
 * | POST   | /api/risk/rules                   | risk.edit     | gov: edits the rule table (all levels recomputed)         |
 * | POST   | /api/alarm/list                   | alarm.query   | gov: alarms of its districts; insurer: of its business    |
 * | POST   | /api/alarm/ack                    | alarm.edit    | the caller acknowledges alarms (per user)                 |
 * | POST   | /api/supervise/list               | supervise.query | gov: enterprises under key supervision with reasons     |
 *
 * Also: POST /api/prevention/overview answers `hazardStats` (this file's HazardStats) and the portal's
 * /api/public/apStats adds apHazardsRectified, apMajorHazards, apRectifyRate.
 *
 * Service/expert hazards come from prevention records of type 03 (POST /api/prevention/plan/record); they
 * enter rectification when the record is submitted.
 */
import { z } from 'zod';
import { RISK_LEVELS } from './enterprise-options.ts';
import { pageQuery } from './envelope.ts';
import { dateStr, money } from './fields.ts';
import {
  ALARM_KINDS,
  ALARM_STATES,
  DISPOSE_REASONS,
  GOVERNANCE_PARTS,
  HANDLING_KINDS,
  HAZARD_LIMITS,
  HAZARD_SOURCES,
  RISK_FACTORS,
  RISK_RULE_RANGES,
  SUPERVISE_REASONS,
} from './hazard-options.ts';
import { rangedNumber } from './number-field.ts';
import { RECTIFY_STATUS } from './options.ts';
import { HAZARD_LEVELS } from './prevention-options.ts';

const id = z.number().int().positive();
const version = z.number().int().positive('请提供数据版本号');
const qId = z.coerce.number<number>().int().positive();
const text = (label: string, max: number) => z.string().trim().max(max, `${label}最多${max}个字`);
const required = (label: string, max: number) =>
  z.string().trim().min(1, `请填写${label}`).max(max, `${label}最多${max}个字`);
const fileIds = (max: number, label: string) =>
  z
    .array(z.string().uuid('附件编号格式不正确'), { error: `${label}须为文件编号列表` })
    .max(max, `${label}最多${max}个`);
const districtQ = z
  .string()
  .regex(/^\d{6}$/, '区县代码为6位数字')
  .optional();
const qBool = z.enum(['true', 'false'], '取值为 true 或 false').transform((v) => v === 'true');
const levelQ = z.coerce.number<number>().pipe(z.literal(HAZARD_LEVELS.values, '隐患等级为1一般或2重大'));
const statusQ = z.coerce
  .number<number>()
  .pipe(z.literal(RECTIFY_STATUS.values, '整改状态为-1待整改、0待审核、1已完成或2已驳回'));
const riskLevelQ = z.coerce
  .number<number>()
  .pipe(z.literal(RISK_LEVELS.values, '风险等级为1重大、2较大、3一般或4低'));

// ---------------------------------------------------------------------------------------------------
// Registration (self-check, insurer check)
// ---------------------------------------------------------------------------------------------------

/** The fields every registration shares (domain 2.11; service checks use hazardInput of prevention.ts). */
const hazardFields = {
  checkDate: dateStr,
  /** 检查标准/判断依据; a major hazard names the criterion (domain 1.8). */
  basis: text('判断依据', 500).default(''),
  checkItem: text('检查项', 200).default(''),
  description: z.string().trim().min(2, '请描述隐患（至少2个字）').max(1000, '隐患描述最多1000个字'),
  level: z.literal(HAZARD_LEVELS.values, '隐患等级为1一般或2重大'),
  hazardType: text('隐患类型', 50).default(''),
  location: text('隐患部位', 200).default(''),
  recommendation: text('整改建议', 1000).default(''),
  photos: fileIds(HAZARD_LIMITS.photos, '隐患照片').default([]),
  foundBy: required('发现人', 50),
  fixImmediately: z.boolean().default(false),
  rectifyDept: text('整改部门/岗位', 100).default(''),
  /** 限时整改日期; required unless fixed immediately. */
  deadline: dateStr.nullable().default(null),
};
const deadlineRule = <T extends { fixImmediately: boolean; deadline: string | null; checkDate: string }>(
  s: z.ZodType<T>,
) =>
  s
    .refine((v) => v.fixImmediately || v.deadline !== null, {
      message: '请填写限时整改日期（立即整改的隐患可不填）',
      path: ['deadline'],
    })
    .refine((v) => v.deadline === null || v.deadline >= v.checkDate, {
      message: '限时整改日期不能早于检查日期',
      path: ['deadline'],
    });

/** POST /api/hazard/self-check: the enterprise registers a hazard it found itself (domain 2.11). */
export const selfCheckInput = deadlineRule(
  z
    .object({
      ...hazardFields,
      /** 验收部门/岗位: who accepts the rectification (the checker of a self-check). */
      acceptDept: required('验收部门/岗位', 100),
    })
    .strict(),
);
export type SelfCheckInput = z.infer<typeof selfCheckInput>;

/** POST /api/hazard/insurer-check: the insurer registers a hazard at an enterprise it insures. */
export const insurerCheckInput = deadlineRule(
  z
    .object({
      enterpriseId: id,
      ...hazardFields,
      acceptDept: text('验收部门/岗位', 100).default(''),
    })
    .strict(),
);
export type InsurerCheckInput = z.infer<typeof insurerCheckInput>;

// ---------------------------------------------------------------------------------------------------
// Rectification machine (domain 3.6)
// ---------------------------------------------------------------------------------------------------

/** POST /api/hazard/rectify: the enterprise says what it did (待整改 or 已驳回 → 待审核). */
export const rectifyInput = z
  .object({
    id,
    version,
    rectifiedOn: dateStr,
    dept: required('整改部门', 100),
    person: required('整改负责人', 50),
    description: z
      .string()
      .trim()
      .min(2, '请说明整改情况（至少2个字）')
      .max(1000, '整改情况说明最多1000个字'),
    photos: fileIds(HAZARD_LIMITS.rectifyPhotos, '整改照片').min(1, '请上传至少1张整改照片'),
  })
  .strict();
export type RectifyInput = z.infer<typeof rectifyInput>;

/** POST /api/hazard/review: the checker passes (→ 1 已完成) or rejects with a reason (→ 2 已驳回). */
export const reviewInput = z.discriminatedUnion(
  'result',
  [
    z
      .object({
        id,
        version,
        result: z.literal('pass'),
        reviewDate: dateStr,
        reviewer: required('复查人', 50),
        description: text('复查说明', 1000).default(''),
        photos: fileIds(HAZARD_LIMITS.rectifyPhotos, '复查照片').default([]),
      })
      .strict(),
    z
      .object({
        id,
        version,
        result: z.literal('reject'),
        reviewDate: dateStr,
        reviewer: required('复查人', 50),
        reason: z.string().trim().min(2, '请填写驳回原因（至少2个字）').max(500, '驳回原因最多500个字'),
        photos: fileIds(HAZARD_LIMITS.rectifyPhotos, '复查照片').default([]),
      })
      .strict(),
  ],
  { error: '复查结论须为 pass（通过）或 reject（驳回）' },
);
export type ReviewInput = z.infer<typeof reviewInput>;

/** The seven parts of a governance plan (domain 1.8), each required. */
const governanceParts = Object.fromEntries(
  GOVERNANCE_PARTS.map((p) => [p.key, required(p.label, 2000)]),
) as Record<(typeof GOVERNANCE_PARTS)[number]['key'], ReturnType<typeof required>>;

/** POST /api/hazard/governance-plan: the enterprise saves the governance plan of a major hazard. */
export const governancePlanInput = z
  .object({
    id,
    version,
    ...governanceParts,
    /** 治理负责人 and the planned completion date. */
    principal: required('治理负责人', 50),
    plannedDate: dateStr,
    files: fileIds(HAZARD_LIMITS.planFiles, '方案附件').default([]),
  })
  .strict();
export type GovernancePlanInput = z.infer<typeof governancePlanInput>;

/** POST /api/hazard/handle: the regulator's handling (domain 2.12 inspection). */
export const handleInput = z
  .object({
    id,
    version,
    kind: z.enum(HANDLING_KINDS.values, '处置方式须为督促整改、现场检查、行政处罚或处置完毕'),
    handledOn: dateStr,
    description: z.string().trim().min(2, '请填写处置说明（至少2个字）').max(1000, '处置说明最多1000个字'),
    /** Required (> 0) for a penalty, absent otherwise. */
    penaltyAmount: money('处罚金额', { positive: true }).nullable().default(null),
    files: fileIds(HAZARD_LIMITS.handlingFiles, '处置附件').default([]),
  })
  .strict()
  .refine((v) => v.kind !== 'penalty' || v.penaltyAmount !== null, {
    message: '行政处罚须填写处罚金额',
    path: ['penaltyAmount'],
  })
  .refine((v) => v.kind === 'penalty' || v.penaltyAmount === null, {
    message: '只有行政处罚填写处罚金额',
    path: ['penaltyAmount'],
  });
export type HandleInput = z.infer<typeof handleInput>;

// ---------------------------------------------------------------------------------------------------
// Lists and detail
// ---------------------------------------------------------------------------------------------------

/** Filters of POST /api/hazard/list (and dispose-list), written once. */
export const hazardQuery = pageQuery
  .extend({
    source: z.coerce.number<number>().pipe(z.literal(HAZARD_SOURCES.values, '隐患来源为1、2或3')).optional(),
    level: levelQ.optional(),
    rectifyStatus: statusQ.optional(),
    overdue: qBool.optional(),
    /** Only open hazards (not 已完成). */
    open: qBool.optional(),
    /** Service/expert/insurer/enterprise acceptance: only the ones waiting for the caller's review. */
    toReview: qBool.optional(),
    enterpriseId: qId.optional(),
    planId: qId.optional(),
    districtCode: districtQ,
    disposeReason: z.enum(DISPOSE_REASONS.values, '处置原因为 major、overdue 或 rejected').optional(),
    checkFrom: dateStr.optional(),
    checkTo: dateStr.optional(),
    keyword: z.string().trim().max(100).optional(),
  })
  .strict();
export type HazardQuery = z.infer<typeof hazardQuery>;

/** One hazard in a list. */
export const hazardItem = z.object({
  id: z.number(),
  source: z.number(),
  sourceLabel: z.string(),
  planId: z.number().nullable(),
  enterpriseId: z.number(),
  enterpriseName: z.string(),
  districtCode: z.string(),
  districtName: z.string(),
  insurerId: z.number().nullable(),
  insurerName: z.string(),
  /** The organisation that found it (service org, expert org, insurer, or the enterprise). */
  finderOrgId: z.number().nullable(),
  finderOrgName: z.string(),
  checkDate: z.string(),
  basis: z.string(),
  checkItem: z.string(),
  description: z.string(),
  location: z.string(),
  /** Stored level 1 一般 / 2 重大, and the spec 3 flag 1 重大 / 0 一般. */
  level: z.number(),
  levelLabel: z.string(),
  majorFlag: z.number(),
  hazardType: z.string(),
  foundBy: z.string(),
  fixImmediately: z.boolean(),
  rectifyDept: z.string(),
  acceptDept: z.string(),
  deadline: z.string().nullable(),
  /** Spec 4: −1 待整改, 0 待审核, 1 已完成, 2 已驳回. */
  rectifyStatus: z.number(),
  rectifyStatusLabel: z.string(),
  /** Derived: today (China) past the deadline and not 已完成. */
  overdue: z.boolean(),
  overdueDays: z.number(),
  /** Spec 4 statistics code ('0-0', '1-1', …). */
  statCode: z.string(),
  reworkCount: z.number(),
  rejectCount: z.number(),
  hasGovernancePlan: z.boolean(),
  /** Regulator handlings so far, and the last one's kind ('' if none). */
  handlingCount: z.number(),
  lastHandling: z.string(),
  disposeReasons: z.array(z.string()),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});
export type HazardItem = z.infer<typeof hazardItem>;

export const rectificationItem = z.object({
  seq: z.number(),
  rectifiedOn: z.string(),
  dept: z.string(),
  person: z.string(),
  description: z.string(),
  photos: z.array(z.string()),
  submittedAt: z.string(),
  submittedByName: z.string(),
  /** The review of this submission (null while 待审核). */
  result: z.string().nullable(),
  reviewDate: z.string().nullable(),
  reviewer: z.string(),
  reviewDescription: z.string(),
  rejectReason: z.string(),
  reviewPhotos: z.array(z.string()),
  reviewedAt: z.string().nullable(),
  reviewedByName: z.string(),
});
export type RectificationItem = z.infer<typeof rectificationItem>;

export const governancePlanView = z.object({
  objectives: z.string(),
  methods: z.string(),
  funding: z.string(),
  responsible: z.string(),
  timeLimit: z.string(),
  safetyMeasures: z.string(),
  contingency: z.string(),
  principal: z.string(),
  plannedDate: z.string(),
  files: z.array(z.string()),
  savedAt: z.string(),
  savedByName: z.string(),
});
export type GovernancePlanView = z.infer<typeof governancePlanView>;

export const handlingItem = z.object({
  id: z.number(),
  kind: z.string(),
  kindLabel: z.string(),
  handledOn: z.string(),
  description: z.string(),
  penaltyAmount: z.number().nullable(),
  files: z.array(z.string()),
  orgName: z.string(),
  byName: z.string(),
  createdAt: z.string(),
});
export type HandlingItem = z.infer<typeof handlingItem>;

/** One event of a hazard's timeline (registered, reported, submitted, rejected, passed, plan, handled). */
export const timelineItem = z.object({
  at: z.string(),
  event: z.string(),
  label: z.string(),
  byName: z.string(),
  orgName: z.string(),
  note: z.string(),
});
export type TimelineItem = z.infer<typeof timelineItem>;

/** POST /api/hazard/detail. */
export const hazardDetail = hazardItem.extend({
  recommendation: z.string(),
  photos: z.array(z.string()),
  rectifications: z.array(rectificationItem),
  governancePlan: governancePlanView.nullable(),
  /** A major hazard cannot be completed before its plan exists. */
  governancePlanRequired: z.boolean(),
  handlings: z.array(handlingItem),
  timeline: z.array(timelineItem),
  /** What the caller may do now. */
  actions: z.object({
    rectify: z.boolean(),
    review: z.boolean(),
    governancePlan: z.boolean(),
    handle: z.boolean(),
  }),
});
export type HazardDetail = z.infer<typeof hazardDetail>;

/** GET /api/hazard/stats: the spec 4 codes counted (scope of the caller). */
export const hazardStatsQuery = z
  .object({
    districtCode: districtQ,
    enterpriseId: qId.optional(),
    year: z.coerce.number<number>().int().min(2000).max(2100).optional(),
  })
  .strict();
export const hazardStats = z.object({
  total: z.number(),
  general: z.number(),
  generalRectified: z.number(),
  major: z.number(),
  majorRectified: z.number(),
  open: z.number(),
  overdue: z.number(),
  toReview: z.number(),
  rejected: z.number(),
  /** Completed / total, 0-100 with one decimal (0 when no hazard). */
  rectifyRate: z.number(),
  /** Per spec 4 code: '-1' (enterprises without any hazard), '0-0', '0-1', '1-0', '1-1'. */
  byCode: z.array(z.object({ code: z.string(), label: z.string(), value: z.number() })),
});
export type HazardStats = z.infer<typeof hazardStats>;

// ---------------------------------------------------------------------------------------------------
// Enterprise risk (GovRiskQuery, GovRiskDetail) and the rule table
// ---------------------------------------------------------------------------------------------------

export const riskQuery = pageQuery
  .extend({
    riskLevel: riskLevelQ.optional(),
    districtCode: districtQ,
    /** Industry code (wsIndustry level 1 or 2): prefix match. */
    industry: z.string().trim().max(20).optional(),
    keyword: z.string().trim().max(100).optional(),
    hasMajorOpen: qBool.optional(),
    hasOverdue: qBool.optional(),
  })
  .strict();
export type RiskQuery = z.infer<typeof riskQuery>;

export const riskItem = z.object({
  enterpriseId: z.number(),
  enterpriseName: z.string(),
  uscc: z.string(),
  districtCode: z.string(),
  districtName: z.string(),
  industryCode: z.string(),
  industryName: z.string(),
  /** 1 重大 red, 2 较大 orange, 3 一般 yellow, 4 低 blue. */
  riskLevel: z.number(),
  riskLevelLabel: z.string(),
  riskColor: z.string(),
  points: z.number(),
  openHazards: z.number(),
  overdueHazards: z.number(),
  openMajorHazards: z.number(),
  insured: z.boolean(),
  assessedAt: z.string().nullable(),
});
export type RiskItem = z.infer<typeof riskItem>;

export const riskHistoryItem = z.object({
  riskLevel: z.number(),
  riskLevelLabel: z.string(),
  previousLevel: z.number().nullable(),
  points: z.number(),
  cause: z.string(),
  causeLabel: z.string(),
  /** Chinese sentence: which rules fired with their points. */
  reason: z.string(),
  at: z.string(),
});
export type RiskHistoryItem = z.infer<typeof riskHistoryItem>;

/** POST /api/risk/detail?enterpriseId=. */
export const riskDetailQuery = z.object({ enterpriseId: qId }).strict();
export const riskDetail = riskItem.extend({
  address: z.string(),
  contactName: z.string(),
  /** The factor values and the points each rule gave. */
  factors: z.array(
    z.object({ factor: z.string(), label: z.string(), value: z.number(), points: z.number() }),
  ),
  history: z.array(riskHistoryItem),
  hazards: z.array(hazardItem),
  timeline: z.array(timelineItem.extend({ hazardId: z.number() })),
  services: z.array(
    z.object({
      planId: z.number(),
      name: z.string(),
      serviceItem: z.string(),
      serviceItemLabel: z.string(),
      orgName: z.string(),
      date: z.string(),
      status: z.number(),
      statusLabel: z.string(),
    }),
  ),
  claims: z.array(
    z.object({
      claimId: z.number(),
      claimNo: z.string(),
      accidentAt: z.string(),
      phaseLabel: z.string(),
      paidAmount: z.number(),
    }),
  ),
});
export type RiskDetail = z.infer<typeof riskDetail>;

/** One rule: `factor` ≥ `min` adds `points` (rules add up; several rules of one factor make steps). */
export const riskRule = z
  .object({
    factor: z.enum(RISK_FACTORS.values, '规则因素不在可选范围内'),
    min: rangedNumber('触发值', RISK_RULE_RANGES.min),
    points: rangedNumber('分值', RISK_RULE_RANGES.points),
  })
  .strict();
export type RiskRule = z.infer<typeof riskRule>;

/** Point thresholds: ≥ major → 重大, ≥ larger → 较大, ≥ general → 一般, below → 低. */
export const riskThresholds = z
  .object({
    major: rangedNumber('重大风险分值线', RISK_RULE_RANGES.threshold),
    larger: rangedNumber('较大风险分值线', RISK_RULE_RANGES.threshold),
    general: rangedNumber('一般风险分值线', RISK_RULE_RANGES.threshold),
  })
  .strict()
  .refine((t) => t.major > t.larger && t.larger > t.general, {
    message: '分值线须满足：重大 > 较大 > 一般',
    path: ['major'],
  });
export type RiskThresholds = z.infer<typeof riskThresholds>;

/** POST /api/risk/rules: the whole table at once, with the reason of the change. */
export const riskRulesInput = z
  .object({
    version,
    thresholds: riskThresholds,
    rules: z
      .array(riskRule)
      .min(1, '至少保留1条规则')
      .max(HAZARD_LIMITS.rules, `最多${HAZARD_LIMITS.rules}条规则`),
    reason: z.string().trim().min(2, '请填写调整原因（至少2个字）').max(500, '调整原因最多500个字'),
  })
  .strict();
export type RiskRulesInput = z.infer<typeof riskRulesInput>;

/** GET /api/risk/rules. */
export const riskRuleSet = z.object({
  thresholds: z.object({ major: z.number(), larger: z.number(), general: z.number() }),
  rules: z.array(z.object({ factor: z.string(), label: z.string(), min: z.number(), points: z.number() })),
  reason: z.string(),
  updatedAt: z.string(),
  updatedByName: z.string(),
  version: z.number(),
});
export type RiskRuleSet = z.infer<typeof riskRuleSet>;

// ---------------------------------------------------------------------------------------------------
// Alarms (GovRP, InsuranceAlarm)
// ---------------------------------------------------------------------------------------------------

export const alarmQuery = pageQuery
  .extend({
    kind: z.enum(ALARM_KINDS.values, '预警类型不在可选范围内').optional(),
    state: z.coerce.number<number>().pipe(z.literal(ALARM_STATES.values, '预警状态为1或2')).optional(),
    acknowledged: qBool.optional(),
    districtCode: districtQ,
    enterpriseId: qId.optional(),
    keyword: z.string().trim().max(100).optional(),
  })
  .strict();
export type AlarmQuery = z.infer<typeof alarmQuery>;

export const alarmItem = z.object({
  id: z.number(),
  kind: z.string(),
  kindLabel: z.string(),
  /** The rule in words (e.g. 隐患限时整改日期已过且未完成整改). */
  rule: z.string(),
  /** The record it links to: hazard, policy, claim, fund, enterprise; the web opens its page. */
  targetType: z.string(),
  targetId: z.number(),
  targetLabel: z.string(),
  enterpriseId: z.number().nullable(),
  enterpriseName: z.string(),
  districtCode: z.string(),
  insurerId: z.number().nullable(),
  detail: z.string(),
  state: z.number(),
  stateLabel: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  resolvedAt: z.string().nullable(),
  /** The caller's own acknowledgement, and who of the caller's organisation acknowledged. */
  acknowledged: z.boolean(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.array(z.object({ name: z.string(), at: z.string() })),
});
export type AlarmItem = z.infer<typeof alarmItem>;

/** POST /api/alarm/ack. */
export const alarmAckInput = z
  .object({ ids: z.array(id).min(1, '请选择要确认的预警').max(500, '一次最多确认500条') })
  .strict();
export type AlarmAckInput = z.infer<typeof alarmAckInput>;

// ---------------------------------------------------------------------------------------------------
// Supervised enterprises (GovSupervisedUser)
// ---------------------------------------------------------------------------------------------------

export const superviseQuery = pageQuery
  .extend({
    reason: z.enum(SUPERVISE_REASONS.values, '列管原因为 uninsured、highRisk 或 majorHazard').optional(),
    districtCode: districtQ,
    industry: z.string().trim().max(20).optional(),
    keyword: z.string().trim().max(100).optional(),
  })
  .strict();
export type SuperviseQuery = z.infer<typeof superviseQuery>;

export const superviseItem = z.object({
  enterpriseId: z.number(),
  enterpriseName: z.string(),
  uscc: z.string(),
  districtCode: z.string(),
  districtName: z.string(),
  industryName: z.string(),
  riskLevel: z.number().nullable(),
  riskLevelLabel: z.string(),
  openMajorHazards: z.number(),
  mustInsure: z.boolean(),
  insured: z.boolean(),
  /** Codes of SUPERVISE_REASONS and the sentences that explain them. */
  reasons: z.array(z.string()),
  reasonTexts: z.array(z.string()),
});
export type SuperviseItem = z.infer<typeof superviseItem>;
