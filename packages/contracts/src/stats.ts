/** The cockpit (数据驾驶舱) and the periodic statistical reports (统计报表): issue 19, domain 2.14, spec 9. */
import { z } from 'zod';
import { dateStr } from './fields.ts';
import { STAT_PERIOD_KINDS } from './stats-options.ts';

const periodFields = {
  kind: z
    .enum(STAT_PERIOD_KINDS.values, '统计周期为 month（月）、quarter（季）或 year（年）')
    .default('year'),
  year: z.coerce
    .number<number>()
    .int('年份须为整数')
    .min(2000, '年份不早于2000年')
    .max(2100, '年份不晚于2100年'),
  /** Month 1–12 or quarter 1–4; omitted for a year. */
  n: z.coerce.number<number>().int().min(0).max(12).default(0),
};

/** Checks that `n` fits the kind (a month 1–12, a quarter 1–4, nothing for a year). */
function periodRefine(v: { kind: string; n: number }, ctx: z.RefinementCtx) {
  if (v.kind === 'month' && (v.n < 1 || v.n > 12))
    ctx.addIssue({ code: 'custom', path: ['n'], message: '月份须为1到12' });
  if (v.kind === 'quarter' && (v.n < 1 || v.n > 4))
    ctx.addIssue({ code: 'custom', path: ['n'], message: '季度须为1到4' });
  if (v.kind === 'year' && v.n !== 0)
    ctx.addIssue({ code: 'custom', path: ['n'], message: '年度统计不需要月份或季度（n 应为 0）' });
}

/** /api/stats/cockpit: the period (this year by default) and optionally one district of the caller's. */
export const cockpitQuery = z
  .object({
    kind: periodFields.kind,
    year: periodFields.year.optional(),
    n: periodFields.n,
    districtCode: z
      .string()
      .regex(/^\d{6}$/, '区县代码为6位数字')
      .optional(),
  })
  .strict()
  .superRefine(periodRefine);

const named = { code: z.string(), name: z.string() };
const kpi = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.string(),
  value: z.number(),
  /** The same figure a year earlier (same days). */
  previous: z.number(),
  /** Year-on-year change in per cent; null when last year's figure is 0. */
  yoy: z.number().nullable(),
});
export type CockpitKpi = z.output<typeof kpi>;

const uptakeRow = z.object({
  ...named,
  mustInsure: z.number(),
  insured: z.number(),
  rate: z.number(),
  voluntary: z.number(),
});
const businessRow = z.object({
  ...named,
  policies: z.number(),
  premium: z.number(),
  sumInsuredWan: z.number(),
});
const claimRow = z.object({ ...named, reported: z.number(), closed: z.number(), paid: z.number() });
const countRow = z.object({ ...named, value: z.number() });

export const cockpit = z.object({
  period: z.object({
    kind: z.enum(STAT_PERIOD_KINDS.values),
    year: z.number(),
    n: z.number(),
    label: z.string(),
    from: dateStr,
    /** The last day counted: the period's end, or today while the period runs. */
    to: dateStr,
  }),
  /** The districts counted (the caller's, or the one asked for). */
  districts: z.array(z.object(named)),
  scopeName: z.string(),
  /** When these figures were computed (ISO): the server keeps them for COCKPIT_CACHE_SECONDS. */
  computedAt: z.string(),
  /**
   * The instant up to which the figures hold every committed write (ISO): the per-day rollups' last refresh,
   * or `computedAt` when none was pending (modules/stats/rollup.ts). The screen shows it as 数据更新于 HH:mm.
   */
  dataAsOf: z.string(),
  kpis: z.array(kpi),
  uptake: z.object({
    mustInsure: z.number(),
    insured: z.number(),
    rate: z.number(),
    voluntary: z.number(),
    /** The day uptake is counted on (insured = an approved policy covering that day). */
    asOf: dateStr,
    byDistrict: z.array(uptakeRow),
    byIndustry: z.array(uptakeRow),
  }),
  business: z.object({
    policies: z.number(),
    premium: z.number(),
    sumInsuredWan: z.number(),
    preventionFee: z.number(),
    coinsured: z.number(),
    coinsuredShare: z.number(),
    byMonth: z.array(businessRow),
    byDistrict: z.array(businessRow),
    byIndustry: z.array(businessRow),
    byInsurer: z.array(businessRow),
  }),
  claims: z.object({
    reported: z.number(),
    closed: z.number(),
    closeRate: z.number(),
    paid: z.number(),
    closedPaid: z.number(),
    avgPaid: z.number(),
    unpaidOverdue: z.number(),
    unpaidDays: z.number(),
    byMonth: z.array(claimRow),
    byDistrict: z.array(claimRow),
    byType: z.array(countRow),
    byLevel: z.array(countRow),
  }),
  prevention: z.object({
    planned: z.number(),
    done: z.number(),
    doneRate: z.number(),
    enterprisesServed: z.number(),
    spend: z.number(),
    accrued: z.number(),
    spent: z.number(),
    byDistrict: z.array(z.object({ ...named, planned: z.number(), done: z.number() })),
    byInsurer: z.array(z.object({ ...named, accrued: z.number(), spent: z.number() })),
  }),
  hazards: z.object({
    found: z.number(),
    rectified: z.number(),
    rectifyRate: z.number(),
    overdue: z.number(),
    majorOpen: z.number(),
    byDistrict: z.array(z.object({ ...named, found: z.number(), rectified: z.number() })),
  }),
  complaints: z.object({
    received: z.number(),
    replied: z.number(),
    onTime: z.number(),
    onTimeRate: z.number(),
    rated: z.number(),
    satisfied: z.number(),
    satisfactionRate: z.number(),
    claimSatisfaction: z.number(),
    policySatisfaction: z.number(),
  }),
  experts: z.object({ total: z.number(), byTitle: z.array(countRow) }),
});
export type Cockpit = z.output<typeof cockpit>;

/** /api/stats/report/list: the archived reports the caller may read. */
export const statReportListQuery = z
  .object({
    pageNo: z.coerce.number<number>().int().min(1).default(1),
    pageSize: z.coerce.number<number>().int().min(1).max(100).default(10),
    kind: z.enum(STAT_PERIOD_KINDS.values, '报表类型为 month、quarter 或 year').optional(),
    year: periodFields.year.optional(),
  })
  .strict();

/** /api/stats/report/generate: make (or find) the report of a period for the caller's scope. */
export const statReportGenerateInput = z
  .object({
    kind: z.enum(STAT_PERIOD_KINDS.values, '报表类型为 month（月报）、quarter（季报）或 year（年报）'),
    year: periodFields.year,
    n: periodFields.n,
    /** The last day of data counted (YYYY-MM-DD); the period's end, or today while it runs, by default. */
    cutoff: dateStr.optional(),
    districtCode: z
      .string()
      .regex(/^\d{6}$/, '区县代码为6位数字')
      .optional(),
  })
  .strict()
  .superRefine(periodRefine);

export const statReportRow = z.object({
  id: z.number(),
  kind: z.enum(STAT_PERIOD_KINDS.values),
  period: z.string(),
  periodLabel: z.string(),
  districtCode: z.string(),
  scopeName: z.string(),
  cutoff: dateStr,
  generatedAt: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  fileName: z.string(),
  size: z.number(),
  sha256: z.string(),
  /** Headline totals as computed when the report was made (they match the workbook). */
  totals: z.record(z.string(), z.number()),
});
export type StatReportRow = z.output<typeof statReportRow>;
