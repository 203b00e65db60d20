import {
  CITY_CODE,
  COMPLAINT_CATEGORIES,
  COMPLAINT_TARGET_KINDS,
  type ComplaintRow,
  type ComplaintStats,
  type ComplaintStatsQuery,
  chinaDate,
  DISTRICTS,
  formatChinaTime,
} from '@aqzrx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/context.ts';
import { EXPORT_ROW_CAP, type XlsxColumn, type XlsxStreamSheet } from '../../platform/xlsx.ts';
import {
  type ComplaintFilters,
  filtered,
  ordered,
  type RowContext,
  toComplaintRow,
} from './complaint.repo.ts';
import { type CpActor, complaintScope } from './scope.ts';

const PAGE = 1000;

async function* complaintPages(
  db: Db,
  a: CpActor,
  q: ComplaintFilters,
  ctx: RowContext,
): AsyncIterable<ComplaintRow> {
  for (let offset = 0; offset < EXPORT_ROW_CAP; offset += PAGE) {
    const rows = await ordered(filtered(db, a, q, ctx.today).selectAll('c'), ctx.today)
      .limit(PAGE)
      .offset(offset)
      .execute();
    for (const r of rows) yield toComplaintRow(r, ctx);
    if (rows.length < PAGE) return;
  }
}

const yesNo = (b: boolean | null) => (b === null ? '' : b ? '是' : '否');
const COLUMNS: XlsxColumn<ComplaintRow>[] = [
  { header: '投诉编号', width: 18, value: (r) => r.complaintNo },
  { header: '投诉标题', width: 28, value: (r) => r.title },
  { header: '投诉人名称', width: 28, value: (r) => r.complainantName },
  { header: '投诉人统一社会信用代码', width: 22, value: (r) => r.complainantUscc },
  { header: '投诉时间', width: 18, value: (r) => formatChinaTime(r.submittedAt) },
  { header: '被投诉人类型', width: 12, value: (r) => r.targetKindLabel },
  { header: '被投诉人', width: 28, value: (r) => r.targetName },
  { header: '投诉类别', width: 14, value: (r) => r.categoryLabel },
  { header: '办理单位', width: 28, value: (r) => r.handlerName },
  {
    header: '所属区县',
    width: 10,
    value: (r) => (r.districtCode === CITY_CODE ? '市级' : DISTRICTS.label(r.districtCode)),
  },
  { header: '状态', width: 10, value: (r) => r.stateLabel },
  { header: '答复期限', width: 12, value: (r) => r.deadline ?? '' },
  { header: '需核实', width: 8, value: (r) => yesNo(r.verificationNeeded) },
  { header: '已延期', width: 8, value: (r) => yesNo(r.extended) },
  { header: '超期未答复', width: 10, value: (r) => yesNo(r.overdue) },
  { header: '超期答复', width: 10, value: (r) => yesNo(r.repliedLate) },
  { header: '答复时间', width: 18, value: (r) => formatChinaTime(r.repliedAt) },
  {
    header: '投诉人确认',
    width: 10,
    value: (r) => (r.satisfied === null ? '' : r.satisfied ? '满意' : '不满意'),
  },
  { header: '办结时间', width: 18, value: (r) => formatChinaTime(r.closedAt) },
];

export function complaintExportSheets(
  db: Db,
  a: CpActor,
  q: ComplaintFilters,
  ctx: RowContext,
): XlsxStreamSheet<ComplaintRow>[] {
  return [{ name: '投诉', columns: COLUMNS, rows: complaintPages(db, a, q, ctx) }];
}

const pct = (n: number, d: number) => (d === 0 ? null : Math.round((n / d) * 1000) / 10);

/**
 * Statistics of the complaints the caller handles (the regulator: its districts) submitted in the period:
 * by handling unit (replies, on time, open past the deadline, satisfaction), by category, by target kind and
 * by month. A reply after its deadline and an open complaint past it count against the unit.
 */
export async function complaintStatistics(
  db: Db,
  a: CpActor,
  q: ComplaintStatsQuery,
  now: Date,
): Promise<ComplaintStats> {
  const today = chinaDate(now);
  let base = db.selectFrom('cpComplaint as c').where(complaintScope(a, 'handled'));
  if (q.districtCode) base = base.where('c.districtCode', '=', q.districtCode);
  if (q.from) base = base.where('c.submittedAt', '>=', new Date(`${q.from}T00:00:00+08:00`));
  if (q.to)
    base = base.where(
      'c.submittedAt',
      '<',
      new Date(new Date(`${q.to}T00:00:00+08:00`).getTime() + 86_400_000),
    );
  const figures = {
    total: sql<number>`count(*)`,
    replied: sql<number>`coalesce(sum(c.reply_count), 0)`,
    late: sql<number>`coalesce(sum(c.late_count), 0)`,
    overdue: sql<number>`count(*) filter (where c.state in (2, 3) and c.deadline is not null and c.deadline < ${today})`,
    confirmed: sql<number>`count(c.satisfied)`,
    satisfied: sql<number>`count(*) filter (where c.satisfied)`,
  };
  const [unitRows, totalRow, catRows, kindRows, monthRows] = await Promise.all([
    base
      .select(['c.handlerKind', 'c.handlerOrgId', sql<string>`max(c.handler_name)`.as('name')])
      .select([
        figures.total.as('total'),
        figures.replied.as('replied'),
        figures.late.as('late'),
        figures.overdue.as('overdue'),
        figures.confirmed.as('confirmed'),
        figures.satisfied.as('satisfied'),
      ])
      .groupBy(['c.handlerKind', 'c.handlerOrgId'])
      .execute(),
    base
      .select([
        figures.total.as('total'),
        figures.replied.as('replied'),
        figures.late.as('late'),
        figures.overdue.as('overdue'),
        figures.confirmed.as('confirmed'),
        figures.satisfied.as('satisfied'),
      ])
      .executeTakeFirstOrThrow(),
    base
      .select(['c.category', sql<number>`count(*)`.as('n')])
      .groupBy('c.category')
      .orderBy('c.category')
      .execute(),
    base
      .select(['c.targetKind', sql<number>`count(*)`.as('n')])
      .groupBy('c.targetKind')
      .execute(),
    base
      .select([
        sql<string>`to_char(c.submitted_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM')`.as('month'),
        sql<number>`count(*)`.as('n'),
      ])
      .groupBy(sql`to_char(c.submitted_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM')`)
      .orderBy(sql`to_char(c.submitted_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM')`)
      .execute(),
  ]);
  const rates = (r: {
    total: unknown;
    replied: unknown;
    late: unknown;
    overdue: unknown;
    confirmed: unknown;
    satisfied: unknown;
  }) => {
    const replied = Number(r.replied);
    const onTime = replied - Number(r.late);
    const confirmed = Number(r.confirmed);
    const satisfied = Number(r.satisfied);
    return {
      total: Number(r.total),
      replied,
      onTime,
      overdue: Number(r.overdue),
      onTimeRate: pct(onTime, replied),
      confirmed,
      satisfied,
      satisfactionRate: pct(satisfied, confirmed),
    };
  };
  return {
    totals: rates(totalRow),
    byUnit: unitRows
      .map((u) => ({ handlerKind: u.handlerKind, handlerOrgId: u.handlerOrgId, name: u.name, ...rates(u) }))
      .sort((x, y) => y.total - x.total || x.name.localeCompare(y.name)),
    byCategory: catRows.map((c) => ({
      category: c.category,
      label: COMPLAINT_CATEGORIES.label(c.category),
      count: Number(c.n),
    })),
    byTargetKind: kindRows.map((k) => ({
      targetKind: k.targetKind,
      label: COMPLAINT_TARGET_KINDS.label(k.targetKind),
      count: Number(k.n),
    })),
    byMonth: monthRows.map((m) => ({ month: m.month, count: Number(m.n) })),
  };
}
