import { maskMobile, USER_EXPORT_HEADERS, type UserRow } from '@aqzrx/contracts';
import ExcelJS from 'exceljs';

/** A cell a spreadsheet would run as a formula gets a leading ' (security.md V07, formula injection). */
export function neutraliseCell(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** YYYY-MM-DD HH:mm:ss in China time (+08:00), whatever the server's zone. */
export function formatChinaTime(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The user list as an .xlsx workbook with Chinese headers; mobiles masked unless `unmasked`. */
export async function buildUserWorkbook(rows: UserRow[], unmasked: boolean): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '宿迁市安全生产责任保险监管服务平台';
  wb.created = new Date();
  const ws = wb.addWorksheet('用户列表');
  const widths = [18, 18, 18, 36, 16, 14, 20];
  ws.columns = USER_EXPORT_HEADERS.map((header, i) => ({ header, key: `c${i}`, width: widths[i] ?? 16 }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const u of rows) {
    const cells = [
      u.username,
      u.nickname,
      u.roleDisplay,
      u.orgName,
      unmasked ? u.mobile : maskMobile(u.mobile),
      u.statusLabel,
      formatChinaTime(u.createdAt),
    ];
    // Every cell is written as text, so nothing is evaluated or reformatted by the spreadsheet.
    ws.addRow(cells.map((c) => neutraliseCell(c)));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
