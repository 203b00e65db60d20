import { formatChinaTime, maskMobile, USER_EXPORT_HEADERS, type UserRow } from '@aqzrx/contracts';
import { buildXlsx, type XlsxColumn } from '../../platform/xlsx.ts';

/** The user list as an .xlsx workbook with Chinese headers; mobiles masked unless `unmasked`. */
export function buildUserWorkbook(rows: UserRow[], unmasked: boolean): Promise<Buffer> {
  const values: Array<(u: UserRow) => string> = [
    (u) => u.username,
    (u) => u.nickname,
    (u) => u.roleDisplay,
    (u) => u.orgName,
    (u) => (unmasked ? u.mobile : maskMobile(u.mobile)),
    (u) => u.statusLabel,
    (u) => formatChinaTime(u.createdAt, 'second'),
  ];
  const widths = [18, 18, 18, 36, 16, 14, 20];
  const columns: XlsxColumn<UserRow>[] = USER_EXPORT_HEADERS.map((header, i) => ({
    header,
    width: widths[i] ?? 16,
    value: values[i] ?? (() => ''),
  }));
  return buildXlsx('用户列表', columns, rows);
}
