/**
 * Accident prevention's fund ledger (事故预防费用台账), the regulator's overview, the per-organisation
 * summary, the service statement and the workbench (/api/prevention/fund/*, overview, providerSummary,
 * statement, workbench). Split from prevention.ts (projects, plans, records); option lists in
 * prevention-options.ts.
 */
import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { dateStr, money } from './fields.ts';
import { hazardStats } from './hazard.ts';
import { rangedNumber } from './number-field.ts';
import { SERVICE_ITEMS } from './policy-options.ts';
import { planRow } from './prevention.ts';
import { FUND_STATES, STATEMENT_GROUPS } from './prevention-options.ts';

const id = z.number().int().positive();
const version = z.number().int().positive('请提供数据版本号');
const qId = z.coerce.number<number>().int().positive();
const serviceItem = z.enum(SERVICE_ITEMS.values, '服务项目须为01-07');
const text = (label: string, max: number) => z.string().trim().max(max, `${label}最多${max}个字`);
const yearQ = z.coerce.number<number>().int().min(2000).max(2100);
const districtQ = z
  .string()
  .regex(/^\d{6}$/, '区县代码为6位数字')
  .optional();

// ---------------------------------------------------------------------------------------------------
// Fund ledger (事故预防费用台账)
// ---------------------------------------------------------------------------------------------------

/** /api/prevention/fund/accrue (insurer): accrued = premium actually collected × ratio (≤ cap). */
export const fundAccrueInput = z
  .object({
    policyId: id,
    /** % of the premium actually collected; refused above the cap setting. */
    ratio: rangedNumber('计提比例', { min: 0, max: 100, decimals: 2, minExclusive: true }),
    remark: text('备注', 500).default(''),
  })
  .strict();
export type FundAccrueInput = z.infer<typeof fundAccrueInput>;
/** /api/prevention/fund/spend (insurer): a spend not tied to a record (materials, a training venue). */
export const fundSpendInput = z
  .object({
    policyId: id,
    amount: money('支出金额', { positive: true }),
    occurredOn: dateStr,
    description: z.string().trim().min(2, '请填写支出说明').max(500),
  })
  .strict();
export type FundSpendInput = z.infer<typeof fundSpendInput>;
/** /api/prevention/fund/reverse (insurer): a reversing entry for an earlier one (the only correction). */
export const fundReverseInput = z
  .object({ entryId: id, reason: z.string().trim().min(2, '请填写冲正原因').max(500) })
  .strict();
export type FundReverseInput = z.infer<typeof fundReverseInput>;
/** /api/prevention/fund/writeOff (insurer): closes the fund of a policy whose period ended (已核销). */
export const fundWriteOffInput = z.object({ id, version, remark: text('备注', 500).default('') }).strict();

export const fundListFilters = z.object({
  keyword: z.string().trim().max(100).optional(),
  districtCode: districtQ,
  insurerId: qId.optional(),
  state: z.enum(FUND_STATES.values, '台账状态为 pending、available、inUse 或 writtenOff').optional(),
  year: yearQ.optional(),
});
export const fundListQuery = pageQuery.extend(fundListFilters.shape).strict();
export const fundExportQuery = fundListFilters.strict();

/** One fund of the ledger: a policy's prevention fee at one insurer (a co-insurer keeps its share's). */
export const fundRow = z.object({
  id: z.number(),
  policyId: z.number(),
  policyNo: z.string(),
  insurerId: z.number(),
  insurerName: z.string(),
  enterpriseId: z.number(),
  enterpriseName: z.string(),
  districtCode: z.string(),
  /** The insurer's share of the premium actually collected, and the share %. */
  premium: z.number(),
  share: z.number(),
  ratio: z.number(),
  accrued: z.number(),
  spent: z.number(),
  available: z.number(),
  state: z.string(),
  stateLabel: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type FundRow = z.infer<typeof fundRow>;

export const fundEntryRow = z.object({
  id: z.number(),
  fundId: z.number(),
  policyId: z.number(),
  kind: z.string(),
  kindLabel: z.string(),
  /** Signed effect: + accrual / spend, − their reversal. */
  amount: z.number(),
  /** Which total it moves: accrued, spent or none (write-off). */
  affects: z.string(),
  occurredOn: z.string(),
  description: z.string(),
  planId: z.number().nullable(),
  reversesId: z.number().nullable(),
  reversedById: z.number().nullable(),
  byName: z.string(),
  createdAt: z.string(),
});
export type FundEntryRow = z.infer<typeof fundEntryRow>;

export const fundDetailQuery = z.object({ id: qId }).strict();
export const fundDetail = z.object({ fund: fundRow, entries: z.array(fundEntryRow) });

// ---------------------------------------------------------------------------------------------------
// Overview (regulator), service-organisation summary, statement, workbench
// ---------------------------------------------------------------------------------------------------

export const overviewQuery = z
  .object({ year: yearQ.optional(), districtCode: districtQ, insurerId: qId.optional() })
  .strict();

const countPair = z.object({ done: z.number(), planned: z.number() });
export const preventionOverview = z.object({
  year: z.number(),
  /** Hidden dangers of every source (service/insurer checks, self-checks) by the spec 4 codes (issue 14). */
  hazardStats: hazardStats.optional(),
  totals: z.object({
    projects: z.number(),
    plans: z.number(),
    done: z.number(),
    enterprisesServed: z.number(),
    enterprisesInsured: z.number(),
    accrued: z.number(),
    spent: z.number(),
    hazards: z.number(),
    majorHazards: z.number(),
    hazardsRectified: z.number(),
  }),
  byDistrict: z.array(
    countPair.extend({
      code: z.string(),
      name: z.string(),
      enterprisesServed: z.number(),
      enterprisesInsured: z.number(),
      hazards: z.number(),
      hazardsRectified: z.number(),
      accrued: z.number(),
      spent: z.number(),
    }),
  ),
  byItem: z.array(countPair.extend({ code: z.string(), name: z.string(), spend: z.number() })),
  /** Months 1-12 of the year. */
  byMonth: z.array(countPair.extend({ month: z.number(), spend: z.number() })),
});
export type PreventionOverview = z.infer<typeof preventionOverview>;

/** /api/prevention/providerSummary: per service/expert organisation (GovApService). */
export const providerSummaryQuery = pageQuery
  .extend({ year: yearQ.optional(), districtCode: districtQ, keyword: z.string().trim().max(100).optional() })
  .strict();
export const providerSummaryRow = z.object({
  orgId: z.number(),
  orgType: z.string(),
  name: z.string(),
  projects: z.number(),
  plans: z.number(),
  done: z.number(),
  enterprises: z.number(),
  spend: z.number(),
  hazards: z.number(),
  followUps: z.number(),
  /** Averages of the follow-up scores (1-5), null without follow-ups. */
  avgRating: z.number().nullable(),
  avgCooperation: z.number().nullable(),
});

/** /api/prevention/statement (service/expert): services by month, item or enterprise with spend. */
export const statementQuery = z
  .object({
    year: yearQ,
    groupBy: z.enum(STATEMENT_GROUPS.values, '分组为 month、item 或 enterprise').default('month'),
    item: serviceItem.optional(),
  })
  .strict();
export const statementRow = z.object({
  key: z.string(),
  name: z.string(),
  planned: z.number(),
  done: z.number(),
  enterprises: z.number(),
  spend: z.number(),
  hazards: z.number(),
});
export const statement = z.object({
  year: z.number(),
  groupBy: z.string(),
  rows: z.array(statementRow),
  totals: statementRow,
});
export type Statement = z.infer<typeof statement>;

/** /api/prevention/workbench (service/expert index): today's visits, overdue plans, counts. */
export const workbench = z.object({
  today: z.array(planRow),
  overdue: z.array(planRow),
  counts: z.object({
    pending: z.number(),
    inProgress: z.number(),
    done: z.number(),
    awaitingVisitConfirm: z.number(),
    awaitingRecordConfirm: z.number(),
    followUpsDue: z.number(),
  }),
});
export type Workbench = z.infer<typeof workbench>;
