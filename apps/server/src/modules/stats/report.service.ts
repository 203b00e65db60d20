import { createHash, randomUUID } from 'node:crypto';
import {
  type Cockpit,
  chinaDate,
  DISTRICTS,
  formatChinaTime,
  periodBounds,
  periodKey,
  periodLabel,
  type StatPeriod,
  type StatReportRow,
} from '@aqzrx/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Db } from '../../platform/context.ts';
import { computeCockpit, scopeCode, scopeName } from './stats.service.ts';

/**
 * Periodic statistical reports (统计报表): a workbook of fixed layout (one sheet per section: uptake,
 * business, claims, prevention, hazards, complaints; each headed by the platform, the period, the scope and
 * the data cut-off), made from `computeCockpit` (the cockpit's figures), archived with its bytes, and made
 * once per period, scope and cut-off.
 */
const PLATFORM = '宿迁市安全生产责任保险监管服务平台';

type Cell = string | number;
interface Sheet {
  name: string;
  tables: { title: string; head: string[]; rows: Cell[][] }[];
}

function sheetsOf(c: Cockpit): Sheet[] {
  const u = c.uptake;
  const b = c.business;
  const cl = c.claims;
  const p = c.prevention;
  const h = c.hazards;
  const cp = c.complaints;
  return [
    {
      name: '参保情况',
      tables: [
        {
          title: '合计',
          head: ['应保企业（家）', '已保企业（家）', '参保率（%）', '鼓励投保企业（家）', '统计日'],
          rows: [[u.mustInsure, u.insured, u.rate, u.voluntary, u.asOf]],
        },
        {
          title: '按区县',
          head: ['区县', '应保企业（家）', '已保企业（家）', '参保率（%）', '鼓励投保企业（家）'],
          rows: u.byDistrict.map((r) => [r.name, r.mustInsure, r.insured, r.rate, r.voluntary]),
        },
        {
          title: '按高危行业',
          head: ['行业', '应保企业（家）', '已保企业（家）', '参保率（%）', '鼓励投保企业（家）'],
          rows: u.byIndustry.map((r) => [r.name, r.mustInsure, r.insured, r.rate, r.voluntary]),
        },
      ],
    },
    {
      name: '业务情况',
      tables: [
        {
          title: '合计',
          head: [
            '保单（件）',
            '保费（元）',
            '保额（万元）',
            '事故预防费用（元）',
            '共保保单（件）',
            '共保占比（%）',
          ],
          rows: [[b.policies, b.premium, b.sumInsuredWan, b.preventionFee, b.coinsured, b.coinsuredShare]],
        },
        ...(
          [
            ['按月份', '月份', b.byMonth],
            ['按区县', '区县', b.byDistrict],
            ['按行业', '行业', b.byIndustry],
            ['按保险机构', '保险机构', b.byInsurer],
          ] as const
        ).map(([title, first, rows]) => ({
          title,
          head: [first, '保单（件）', '保费（元）', '保额（万元）'],
          rows: rows.map((r) => [
            title === '按月份' ? r.code : r.name,
            r.policies,
            r.premium,
            r.sumInsuredWan,
          ]),
        })),
      ],
    },
    {
      name: '理赔情况',
      tables: [
        {
          title: '合计',
          head: [
            '理赔案件（件）',
            '结案（件）',
            '结案率（%）',
            '理赔费用（元）',
            '结案赔付（元）',
            '案均赔付（元）',
            `立案超${cl.unpaidDays}天未付（件）`,
          ],
          rows: [
            [cl.reported, cl.closed, cl.closeRate, cl.paid, cl.closedPaid, cl.avgPaid, cl.unpaidOverdue],
          ],
        },
        {
          title: '按月份',
          head: ['月份', '理赔案件（件）', '结案（件）', '理赔费用（元）'],
          rows: cl.byMonth.map((r) => [r.code, r.reported, r.closed, r.paid]),
        },
        {
          title: '按区县',
          head: ['区县', '理赔案件（件）', '结案（件）', '理赔费用（元）'],
          rows: cl.byDistrict.map((r) => [r.name, r.reported, r.closed, r.paid]),
        },
        {
          title: '按事故类型',
          head: ['事故类型', '案件（件）'],
          rows: cl.byType.map((r) => [r.name, r.value]),
        },
        {
          title: '按事故等级',
          head: ['事故等级', '案件（件）'],
          rows: cl.byLevel.map((r) => [r.name, r.value]),
        },
      ],
    },
    {
      name: '事故预防',
      tables: [
        {
          title: '合计',
          head: [
            '计划服务（次）',
            '完成服务（次）',
            '完成率（%）',
            '服务企业（家）',
            '服务支出（元）',
            '预防费用计提（元）',
            '预防费用支出（元）',
          ],
          rows: [[p.planned, p.done, p.doneRate, p.enterprisesServed, p.spend, p.accrued, p.spent]],
        },
        {
          title: '按区县',
          head: ['区县', '计划服务（次）', '完成服务（次）'],
          rows: p.byDistrict.map((r) => [r.name, r.planned, r.done]),
        },
        {
          title: '按保险机构（预防费用）',
          head: ['保险机构', '计提（元）', '支出（元）'],
          rows: p.byInsurer.map((r) => [r.name, r.accrued, r.spent]),
        },
      ],
    },
    {
      name: '风险隐患',
      tables: [
        {
          title: '合计',
          head: ['发现隐患（条）', '已整改（条）', '整改率（%）', '逾期未整改（条）', '重大隐患未整改（条）'],
          rows: [[h.found, h.rectified, h.rectifyRate, h.overdue, h.majorOpen]],
        },
        {
          title: '按区县',
          head: ['区县', '发现隐患（条）', '已整改（条）'],
          rows: h.byDistrict.map((r) => [r.name, r.found, r.rectified]),
        },
      ],
    },
    {
      name: '投诉与满意度',
      tables: [
        {
          title: '投诉',
          head: [
            '收到投诉（件）',
            '已答复（件）',
            '按时答复（件）',
            '按时答复率（%）',
            '已评价（件）',
            '满意（件）',
            '满意率（%）',
          ],
          rows: [
            [cp.received, cp.replied, cp.onTime, cp.onTimeRate, cp.rated, cp.satisfied, cp.satisfactionRate],
          ],
        },
        {
          title: '满意度',
          head: ['理赔满意度（平均分）', '投保满意度（平均分）'],
          rows: [[cp.claimSatisfaction, cp.policySatisfaction]],
        },
        {
          title: '专家职称统计',
          head: ['职称', '人数'],
          rows: c.experts.byTitle.map((r) => [r.name, r.value]),
        },
      ],
    },
  ];
}

/** The workbook of a report (fixed layout; the same figures give the same cells). */
export async function reportWorkbook(c: Cockpit, cutoff: string, generatedAt: Date): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = PLATFORM;
  wb.created = generatedAt;
  wb.modified = generatedAt;
  for (const s of sheetsOf(c)) {
    const ws = wb.addWorksheet(s.name, { pageSetup: { paperSize: 9, orientation: 'landscape' } });
    ws.columns = Array.from({ length: 8 }, () => ({ width: 18 }));
    ws.addRow([`${c.scopeName}${c.period.label}安全生产责任保险统计报表 · ${s.name}`]).font = {
      bold: true,
      size: 14,
    };
    ws.addRow([
      `统计期间 ${c.period.from} 至 ${c.period.to}　数据截止 ${cutoff}　生成时间 ${formatChinaTime(generatedAt)}`,
    ]);
    ws.addRow([PLATFORM]);
    for (const t of s.tables) {
      ws.addRow([]);
      ws.addRow([t.title]).font = { bold: true };
      ws.addRow(t.head).font = { bold: true };
      for (const r of t.rows) ws.addRow(r);
      if (t.rows.length === 0) ws.addRow(['（无数据）']);
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const TOTAL_KEYS = [
  'mustInsure',
  'insured',
  'coverageRate',
  'policies',
  'premium',
  'sumInsured',
  'claims',
  'closeRate',
  'claimPaid',
  'services',
  'hazards',
  'onTimeRate',
] as const;

type ReportDbRow = {
  id: number;
  kind: 'month' | 'quarter' | 'year';
  period: string;
  districtCode: string;
  cutoff: string;
  generatedAt: Date | string;
  trigger: 'schedule' | 'manual';
  fileName: string;
  size: number;
  sha256: string;
  totals: Record<string, number>;
};

const ROW_COLUMNS = [
  'id',
  'kind',
  'period',
  'districtCode',
  'cutoff',
  'generatedAt',
  'trigger',
  'fileName',
  'size',
  'sha256',
  'totals',
] as const;

function periodOfKey(kind: ReportDbRow['kind'], key: string): StatPeriod {
  const year = Number(key.slice(0, 4));
  if (kind === 'year') return { kind, year, n: 0 };
  return { kind, year, n: Number(kind === 'quarter' ? key.slice(6) : key.slice(5)) };
}

export function toReportRow(r: ReportDbRow): StatReportRow {
  const districts =
    r.districtCode.length && DISTRICTS.has(r.districtCode) ? [r.districtCode] : DISTRICTS.values;
  return {
    id: r.id,
    kind: r.kind,
    period: r.period,
    periodLabel: periodLabel(periodOfKey(r.kind, r.period)),
    districtCode: r.districtCode,
    scopeName: scopeName([...districts]),
    cutoff: r.cutoff,
    generatedAt: new Date(r.generatedAt).toISOString(),
    trigger: r.trigger,
    fileName: r.fileName,
    size: r.size,
    sha256: r.sha256,
    totals: r.totals,
  };
}

/** The default cut-off of a period: its last day, or today while it runs. */
export function defaultCutoff(p: StatPeriod, now: Date): string {
  const today = chinaDate(now);
  const { to } = periodBounds(p);
  return to < today ? to : today;
}

/**
 * Makes the report of a period for the districts up to `cutoff`, or answers the one made before for the
 * same period, scope and cut-off (unchanged). `created` tells which.
 */
export async function generateReport(
  db: Db,
  ds: string[],
  period: StatPeriod,
  opts: {
    cutoff: string;
    now: Date;
    unpaidDays: number;
    userId: number | null;
    trigger: 'schedule' | 'manual';
  },
): Promise<{ row: StatReportRow; created: boolean }> {
  const key = {
    kind: period.kind,
    period: periodKey(period),
    districtCode: scopeCode(ds),
    cutoff: opts.cutoff,
  };
  const find = () =>
    db
      .selectFrom('statReport')
      .select(ROW_COLUMNS)
      .where('kind', '=', key.kind)
      .where('period', '=', key.period)
      .where('districtCode', '=', key.districtCode)
      .where('cutoff', '=', key.cutoff)
      .executeTakeFirst();
  const existing = await find();
  if (existing) return { row: toReportRow(existing as ReportDbRow), created: false };
  const c = await computeCockpit(db, ds, period, {
    now: opts.now,
    cutoff: opts.cutoff,
    unpaidDays: opts.unpaidDays,
    refreshUptake: true,
  });
  const bytes = await reportWorkbook(c, opts.cutoff, opts.now);
  const totals = Object.fromEntries(
    c.kpis.filter((k) => (TOTAL_KEYS as readonly string[]).includes(k.key)).map((k) => [k.key, k.value]),
  );
  const fileName = `${c.scopeName}${c.period.label}统计报表（截至${opts.cutoff}）.xlsx`;
  const inserted = await db
    .insertInto('statReport')
    .values({
      ...key,
      generatedAt: opts.now,
      generatedBy: opts.userId,
      trigger: opts.trigger,
      fileId: randomUUID(),
      fileName,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      content: bytes,
      totals: JSON.stringify(totals),
    })
    .onConflict((oc) => oc.columns(['kind', 'period', 'districtCode', 'cutoff']).doNothing())
    .returning(ROW_COLUMNS)
    .executeTakeFirst();
  if (inserted) return { row: toReportRow(inserted as ReportDbRow), created: true };
  // Made meanwhile by another call: answer that one.
  const raced = await find();
  return { row: toReportRow(raced as ReportDbRow), created: false };
}

/** Reports of the caller's scope: a district regulator its district's, the city the city's and every district's. */
export async function listReports(
  db: Db,
  ds: string[],
  q: { pageNo: number; pageSize: number; kind?: string | undefined; year?: number | undefined },
) {
  const codes = ds.length === DISTRICTS.length ? [scopeCode(ds), ...ds] : ds;
  let s = db.selectFrom('statReport').where('districtCode', 'in', codes);
  if (q.kind) s = s.where('kind', '=', q.kind as ReportDbRow['kind']);
  if (q.year) s = s.where(sql<boolean>`left(period, 4) = ${String(q.year)}`);
  const [{ n }, rows] = await Promise.all([
    s.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    s
      .select(ROW_COLUMNS)
      .orderBy('generatedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
  ]);
  return {
    list: rows.map((r) => toReportRow(r as ReportDbRow)),
    total: n,
    pageNum: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** A report's stored bytes, if the caller's scope covers it. */
export async function reportFile(db: Db, ds: string[], id: number) {
  const codes = ds.length === DISTRICTS.length ? [scopeCode(ds), ...ds] : ds;
  return db
    .selectFrom('statReport')
    .select(['fileName', 'content', 'sha256'])
    .where('id', '=', id)
    .where('districtCode', 'in', codes)
    .executeTakeFirst();
}
