import {
  type FundEntryRow,
  type FundRow,
  formatChinaTime,
  type PlanRow,
  type Statement,
} from '@aqzrx/contracts';
import type { Db } from '../../platform/context.ts';
import { EXPORT_ROW_CAP, type XlsxColumn, type XlsxStreamSheet } from '../../platform/xlsx.ts';
import { type PlanListDbRow, serviceSubTypes, toPlanRow } from './common.ts';
import { type PlanFilters, planRows } from './plan.repo.ts';
import type { PrevActor } from './scope.ts';

const PAGE = 1000;

/** The plans under the filters, page by page (keyset on planned start and id), at most EXPORT_ROW_CAP. */
async function* planPages(db: Db, a: PrevActor, q: PlanFilters): AsyncIterable<PlanRow> {
  const subs = await serviceSubTypes(db);
  let after: { start: Date; id: number } | null = null;
  let sent = 0;
  while (sent < EXPORT_ROW_CAP) {
    let s = planRows(db, a, q);
    if (after) {
      const { start, id } = after;
      s = s.where((eb) =>
        eb.or([
          eb('p.plannedStart', '<', start),
          eb.and([eb('p.plannedStart', '=', start), eb('p.id', '<', id)]),
        ]),
      );
    }
    const rows = await s.orderBy('p.plannedStart', 'desc').orderBy('p.id', 'desc').limit(PAGE).execute();
    for (const r of rows) yield toPlanRow(r as PlanListDbRow, subs);
    sent += rows.length;
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { start: last.plannedStart, id: last.id };
  }
}

const PLAN_COLUMNS: XlsxColumn<PlanRow>[] = [
  { header: '服务名称', width: 28, value: (r) => r.name },
  { header: '服务项目', width: 26, value: (r) => r.itemLabel },
  { header: '服务子类型', width: 20, value: (r) => r.subTypeLabel },
  { header: '被服务单位', width: 30, value: (r) => r.enterpriseName },
  { header: '所属区县', width: 12, value: (r) => r.districtName },
  { header: '保险机构', width: 30, value: (r) => r.insurerName },
  { header: '服务机构', width: 28, value: (r) => r.providerName },
  { header: '项目名称', width: 26, value: (r) => r.projectName },
  { header: '合同编号', width: 18, value: (r) => r.contractNo },
  { header: '计划开始', width: 18, value: (r) => formatChinaTime(r.plannedStart) },
  { header: '计划结束', width: 18, value: (r) => formatChinaTime(r.plannedEnd) },
  { header: '服务状态', width: 10, value: (r) => r.statusLabel },
  { header: '企业确认', width: 12, value: (r) => r.visitStateLabel },
  { header: '记录状态', width: 12, value: (r) => r.recordStateLabel },
  { header: '支出金额（元）', width: 14, value: (r) => r.spend },
  { header: '隐患数', width: 8, value: (r) => r.hazardCount },
  { header: '重大隐患数', width: 10, value: (r) => r.majorHazardCount },
  { header: '提交时间', width: 18, value: (r) => formatChinaTime(r.submittedAt) },
];

export function planExportSheets(db: Db, a: PrevActor, q: PlanFilters): XlsxStreamSheet<PlanRow>[] {
  return [{ name: '服务记录', columns: PLAN_COLUMNS, rows: planPages(db, a, q) }];
}

async function* iter<T>(rows: T[]): AsyncIterable<T> {
  for (const r of rows) yield r;
}

const FUND_COLUMNS: XlsxColumn<FundRow>[] = [
  { header: '保单号', width: 24, value: (r) => r.policyNo },
  { header: '被保险企业', width: 30, value: (r) => r.enterpriseName },
  { header: '保险机构', width: 30, value: (r) => r.insurerName },
  { header: '区县', width: 10, value: (r) => r.districtCode },
  { header: '实收保费（元，本机构份额）', width: 16, value: (r) => r.premium },
  { header: '承保比例（%）', width: 10, value: (r) => r.share },
  { header: '计提比例（%）', width: 10, value: (r) => r.ratio },
  { header: '已计提（元）', width: 14, value: (r) => r.accrued },
  { header: '已支出（元）', width: 14, value: (r) => r.spent },
  { header: '可使用（元）', width: 14, value: (r) => r.available },
  { header: '状态', width: 10, value: (r) => r.stateLabel },
];

export function fundExportSheets(funds: FundRow[], entries: FundEntryRow[]) {
  const policyNo = new Map(funds.map((f) => [f.id, f.policyNo]));
  const entryColumns: XlsxColumn<FundEntryRow>[] = [
    { header: '记录号', width: 8, value: (r) => r.id },
    { header: '保单号', width: 24, value: (r) => policyNo.get(r.fundId) ?? '' },
    { header: '类型', width: 8, value: (r) => r.kindLabel },
    { header: '金额（元）', width: 14, value: (r) => r.amount },
    { header: '发生日期', width: 12, value: (r) => r.occurredOn },
    { header: '说明', width: 40, value: (r) => r.description },
    { header: '服务计划', width: 10, value: (r) => r.planId ?? '' },
    { header: '冲正记录号', width: 10, value: (r) => r.reversesId ?? '' },
    { header: '经办人', width: 14, value: (r) => r.byName },
    { header: '记账时间', width: 18, value: (r) => formatChinaTime(r.createdAt, 'second') },
  ];
  return [
    { name: '费用台账', columns: FUND_COLUMNS, rows: iter(funds) },
    { name: '台账明细', columns: entryColumns, rows: iter(entries) },
  ];
}

export function statementSheets(s: Statement) {
  const columns: XlsxColumn<Statement['rows'][number]>[] = [
    { header: '分组', width: 30, value: (r) => r.name },
    { header: '计划服务（次）', width: 14, value: (r) => r.planned },
    { header: '完成服务（次）', width: 14, value: (r) => r.done },
    { header: '服务企业（家）', width: 14, value: (r) => r.enterprises },
    { header: '支出金额（元）', width: 14, value: (r) => r.spend },
    { header: '发现隐患（条）', width: 14, value: (r) => r.hazards },
  ];
  return [{ name: `${s.year}年服务报表`, columns, rows: iter([...s.rows, s.totals]) }];
}
