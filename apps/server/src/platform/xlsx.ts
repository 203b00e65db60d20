import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { badRequest } from './errors.ts';

export interface XlsxColumn<R> {
  header: string;
  width?: number;
  value: (row: R) => string | number | null | undefined;
}

/** Exports are capped; a larger request must be narrowed by filters (security V07). */
export const EXPORT_ROW_CAP = 50_000;

/** A cell that a spreadsheet would run as a formula is prefixed with ' (CSV/formula injection). */
export function neutralise(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

export async function buildXlsx<R>(sheet: string, columns: XlsxColumn<R>[], rows: R[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '宿迁市安全生产责任保险监管服务平台';
  const ws = wb.addWorksheet(sheet);
  ws.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width ?? 16 }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows) {
    ws.addRow(
      columns.map((c) => {
        const v = c.value(r);
        return typeof v === 'string' ? neutralise(v) : (v ?? '');
      }),
    );
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Sends a workbook as a download: the Chinese name for modern clients, an ASCII fallback for old ones. */
export function sendXlsx(
  reply: FastifyReply,
  fileName: string,
  buf: Buffer,
  asciiName = 'export.xlsx',
): FastifyReply {
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header(
      'content-disposition',
      `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .send(buf);
}

/** Reads the first worksheet as header-keyed rows (1-based Excel row numbers kept for error reports). */
export async function readXlsx(
  buf: Buffer,
): Promise<{ headers: string[]; rows: Array<{ rowNo: number; cells: Record<string, string> }> }> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw badRequest('文件不是有效的 .xlsx 工作簿，请使用导入模板填写后上传');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw badRequest('工作簿中没有工作表');
  const headers: string[] = [];
  ws.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    headers[col - 1] = cellText(cell.value).trim();
  });
  const rows: Array<{ rowNo: number; cells: Record<string, string> }> = [];
  ws.eachRow({ includeEmpty: false }, (row, rowNo) => {
    if (rowNo === 1) return;
    const cells: Record<string, string> = {};
    let any = false;
    headers.forEach((h, i) => {
      if (!h) return;
      const text = cellText(row.getCell(i + 1).value).trim();
      if (text) any = true;
      cells[h] = text;
    });
    if (any) rows.push({ rowNo, cells });
  });
  return { headers, rows };
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v && v.result !== undefined && v.result !== null) return String(v.result);
  }
  return '';
}

/** One sheet of a streamed workbook: its columns and an async source of rows (read page by page). */
export interface XlsxStreamSheet<R> {
  name: string;
  columns: XlsxColumn<R>[];
  rows: AsyncIterable<R>;
}

/**
 * Streams a workbook as a download with exceljs' streaming writer: rows are written (and committed) as
 * their pages arrive, so a large export never sits in memory whole. A failure after the headers went out
 * ends the download (the client sees an incomplete file, never a wrong one).
 */
export function sendXlsxStream(
  reply: FastifyReply,
  fileName: string,
  // biome-ignore lint/suspicious/noExplicitAny: sheets of different row types in one workbook
  sheets: Array<XlsxStreamSheet<any>>,
  asciiName = 'export.xlsx',
): FastifyReply {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  wb.creator = '宿迁市安全生产责任保险监管服务平台';
  (async () => {
    for (const sheet of sheets) {
      const ws = wb.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
      ws.columns = sheet.columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width ?? 16 }));
      ws.getRow(1).font = { bold: true };
      for await (const r of sheet.rows) {
        ws.addRow(
          sheet.columns.map((c) => {
            const v = c.value(r as never);
            return typeof v === 'string' ? neutralise(v) : (v ?? '');
          }),
        ).commit();
      }
      ws.commit();
    }
    await wb.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header(
      'content-disposition',
      `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .send(out);
}
