import { COMBINED_DATA_COLUMNS, type InsuranceDataResult, type InsuranceGroupBy } from '@aqzrx/contracts';
import ExcelJS from 'exceljs';
import { neutralise } from '../../platform/xlsx.ts';
import type { DatasetTotals, InsuranceQueryData } from './insurance-data.service.ts';

export const GROUP_TITLES: Record<InsuranceGroupBy, string> = {
  month: '月份',
  district: '区县',
  industry: '行业',
};

type Cell = string | number;

function addSheet(wb: ExcelJS.Workbook, name: string, headers: string[], rows: Cell[][], widths: number[]) {
  const ws = wb.addWorksheet(name);
  ws.columns = headers.map((h, i) => ({ header: h, key: `c${i}`, width: widths[i] ?? 18 }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) ws.addRow(r.map((v) => (typeof v === 'string' ? neutralise(v) : v)));
  return ws;
}

/**
 * 综合查询 as a workbook: sheet 汇总 (the six figures of spec 9 with their units, policies in force,
 * claim satisfaction) and sheet 综合数据 (the combined table by group with 简单赔付率 and a 合计 row).
 * Column headers carry the units, as on the page: 保费（元）, 保额（万元）, 简单赔付率（%）.
 */
export async function buildQueryWorkbook(data: InsuranceQueryData): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '宿迁市安全生产责任保险监管服务平台';
  const { summary } = data;
  addSheet(
    wb,
    '汇总',
    ['项目', '数值', '单位'],
    [
      ...summary.items.map((i): Cell[] => [`${summary.year}年${i.label}`, i.value, i.unit]),
      [`${summary.year}年起保且当前保障中的保单`, summary.policiesInForce, '件'],
      ['理赔满意度（满分5分）', summary.claimSatisfaction ?? '', '分'],
    ],
    [30, 20, 10],
  );
  // No premium, no 简单赔付率: the cell stays empty.
  const orBlank = (v: number | null) => (v === null ? '' : v);
  const sheet = addSheet(
    wb,
    '综合数据',
    [GROUP_TITLES[data.groupBy], ...COMBINED_DATA_COLUMNS.map((c) => `${c.label}（${c.unit}）`)],
    [
      ...data.rows.map((r) => [r.name, ...COMBINED_DATA_COLUMNS.map((c) => orBlank(r[c.key]))]),
      ['合计', ...COMBINED_DATA_COLUMNS.map((c) => orBlank(data.totals[c.key]))],
    ],
    [16],
  );
  sheet.getRow(sheet.rowCount).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * A data page's dataset (保费数据, 理赔数据, 预防数据) as a workbook: one sheet, the group column and the
 * dataset's columns with their units, and a bold 合计 row (the page's totals). A figure a group does not
 * have (案均赔付金额 without a closed claim) stays an empty cell.
 */
export async function buildDatasetWorkbook(
  title: string,
  data: InsuranceDataResult,
  totals: DatasetTotals,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '宿迁市安全生产责任保险监管服务平台';
  const cell = (v: unknown): Cell => (typeof v === 'number' || typeof v === 'string' ? v : '');
  const sheet = addSheet(
    wb,
    title,
    [GROUP_TITLES[data.groupBy], ...data.columns.map((c) => `${c.label}（${c.unit}）`)],
    [
      ...data.rows.map((r) => [r.name, ...data.columns.map((c) => cell(r[c.key]))]),
      ['合计', ...data.columns.map((c) => cell(totals[c.key]))],
    ],
    [18, ...data.columns.map(() => 18)],
  );
  sheet.getRow(sheet.rowCount).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
