import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

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

/** Caps of an uploaded workbook: a hostile file costs at most this much work (security.md, issue 17). */
export interface XlsxReadLimits {
  /** Sum of the unpacked sizes the zip directory declares. */
  unpackedBytes: number;
  /** Data rows read; one more is returned so the caller can say "at most N rows". */
  rows: number;
  columns: number;
  cellChars: number;
}
export const XLSX_READ_LIMITS: XlsxReadLimits = {
  unpackedBytes: 40 * 1024 * 1024,
  rows: 5000,
  columns: 50,
  cellChars: 2000,
};

const INVALID_XLSX = '文件不是有效的 .xlsx 工作簿，请使用导入模板填写后上传';

/** The unpacked size a workbook's zip directory declares, summed; null when it is not a zip. */
export function declaredUnpackedSize(buf: Buffer): number | null {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) return null;
  // End of central directory: signature 0x06054b50 within the last 64 KiB + 22 bytes.
  const from = Math.max(0, buf.length - 0x10000 - 22);
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) !== 0x06054b50) continue;
    const count = buf.readUInt16LE(i + 10);
    let p = buf.readUInt32LE(i + 16);
    let total = 0;
    for (let n = 0; n < count; n++) {
      if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return null;
      total += buf.readUInt32LE(p + 24);
      p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    }
    return total;
  }
  return null;
}

/** Refuses, before any parsing, what is not a zip or declares more unpacked bytes than the cap. */
export function assertWorkbookShape(buf: Buffer, unpackedBytes = XLSX_READ_LIMITS.unpackedBytes): void {
  const unpacked = declaredUnpackedSize(buf);
  if (unpacked === null) throw badRequest(INVALID_XLSX);
  if (unpacked > unpackedBytes) throw badRequest('文件解压后过大，请删除多余的内容后重新上传');
}

/** One row of the first worksheet as exceljs' streaming reader gives it: 1-based number and its cells. */
export interface StreamedRow {
  rowNo: number;
  cells: Array<{ v: ExcelJS.CellValue; t: string }>;
}

/**
 * The rows of the first worksheet, read with exceljs' streaming reader under the caps (columns and
 * characters per cell refused with the row and column named); the caller stops when it has enough rows.
 */
export async function* streamFirstSheet(
  buf: Buffer,
  limits: Pick<XlsxReadLimits, 'columns' | 'cellChars'> = XLSX_READ_LIMITS,
): AsyncGenerator<StreamedRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buf), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const ws of reader) {
      for await (const row of ws) {
        const values = (row.values as ExcelJS.CellValue[]) ?? [];
        if (values.length - 1 > limits.columns)
          throw badRequest(`第${row.number}行超过${limits.columns}列，请使用导入模板`);
        const cells = Array.from(values.slice(1), (v) => ({ v: v ?? null, t: cellText(v).trim() }));
        for (const [i, c] of cells.entries())
          if (c.t.length > limits.cellChars)
            throw badRequest(`第${row.number}行第${i + 1}列超过${limits.cellChars}个字符，请核对后重新上传`);
        yield { rowNo: row.number, cells };
      }
      return; // the first worksheet only
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest(INVALID_XLSX);
  }
}

/**
 * Reads the first worksheet as header-keyed rows (1-based Excel row numbers kept for error reports), as a
 * stream under the caps: a zip bomb is refused from its directory before parsing, and reading stops one row
 * past `limits.rows` (the caller reports "at most N rows").
 */
export async function readXlsx(
  buf: Buffer,
  limits: XlsxReadLimits = XLSX_READ_LIMITS,
): Promise<{ headers: string[]; rows: Array<{ rowNo: number; cells: Record<string, string> }> }> {
  assertWorkbookShape(buf, limits.unpackedBytes);
  let headers: string[] | null = null;
  const rows: Array<{ rowNo: number; cells: Record<string, string> }> = [];
  for await (const row of streamFirstSheet(buf, limits)) {
    if (headers === null) {
      // The header row is row 1; a sheet starting lower has no headers (the caller names the missing ones).
      headers = row.rowNo === 1 ? row.cells.map((c) => c.t) : [];
      if (row.rowNo === 1) continue;
    }
    const cells: Record<string, string> = {};
    let any = false;
    headers.forEach((h, i) => {
      if (!h) return;
      const text = row.cells[i]?.t ?? '';
      if (text) any = true;
      cells[h] = text;
    });
    if (!any) continue;
    rows.push({ rowNo: row.rowNo, cells });
    if (rows.length > limits.rows) break;
  }
  if (headers === null) throw badRequest('工作簿中没有工作表');
  return { headers, rows };
}

/** The text of a cell value (rich text, hyperlinks and formula results included; dates as YYYY-MM-DD). */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('');
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v && v.result !== undefined && v.result !== null)
      return cellText(v.result as ExcelJS.CellValue);
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

/**
 * The one .xlsx of a multipart import upload (field `file`), read into memory under the route's multipart
 * `fileSize` limit (`maxBytes`, named in the refusal); the capped reader above parses it.
 */
export async function uploadedXlsx(req: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!req.isMultipart()) throw badRequest('请以 multipart/form-data 上传 .xlsx 文件（字段名 file）');
  let buf: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || !/\.xlsx$/i.test(part.filename ?? '')) {
        part.file.resume();
        throw badRequest('请上传 .xlsx 格式的文件（字段名 file）');
      }
      buf = await part.toBuffer();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw badRequest(`文件不能超过${maxBytes / 1024 / 1024}MB，请分批导入`);
    throw err;
  }
  if (!buf) throw badRequest('请选择要导入的 .xlsx 文件');
  return buf;
}
