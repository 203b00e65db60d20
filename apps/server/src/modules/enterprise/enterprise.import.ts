import {
  chinaDate,
  DISTRICTS,
  type EnterpriseImportError,
  gbIndustryField,
  isValidMobile,
  normalizeMobile,
  usccField,
  wsIndustryField,
} from '@aqzrx/contracts';
import type { Actor } from '../../platform/actor.ts';
import type { Tx } from '../../platform/context.ts';
import { countsChanged } from '../../platform/count-cache.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { encryptPhone } from '../../platform/pii.ts';
import { rescoreEnterprise } from './enterprise.score.ts';

/**
 * Import of the must-insure register (应保企业台账) from .xlsx. **All or nothing**: every row is checked
 * first; if any row is wrong nothing is written and the answer lists each bad row and column, so the
 * bureau fixes the sheet and imports it again (a half-imported register is harder to reconcile than a
 * refused one). Rows of enterprises already on the platform put them on the register (their own
 * profile data is kept); new rows create the enterprise with an incomplete profile that its users
 * complete at first login.
 */
export const IMPORT_COLUMNS = [
  { header: '企业名称', required: true, example: '宿迁市示例化工有限公司' },
  { header: '统一社会信用代码', required: true, example: '91321302MA1XK2P3QE' },
  { header: '所属区县', required: true, example: '宿城区' },
  { header: '安全生产行业领域代码', required: true, example: 'AQ0201' },
  { header: '国民经济行业代码', required: false, example: 'C2614' },
  { header: '从业人员总数', required: true, example: '120' },
  { header: '详细地址', required: false, example: '宿城区示例路1号' },
  { header: '法定代表人', required: false, example: '张三' },
  { header: '法定代表人手机', required: false, example: '13805270001' },
  { header: '安全负责人', required: false, example: '李四' },
  { header: '安全负责人手机', required: false, example: '13805270002' },
] as const;
export const IMPORT_MAX_ROWS = 5000;

interface ParsedRow {
  rowNo: number;
  name: string;
  uscc: string;
  districtCode: string;
  wsIndustryCode: string;
  gbIndustryCode: string;
  employees: number;
  address: string;
  legalName: string;
  legalMobile: string;
  safetyName: string;
  safetyMobile: string;
}

function districtOf(text: string): string | undefined {
  const t = text.trim();
  return DISTRICTS.find((d) => d.value === t || d.label === t)?.value;
}

export function parseRegisterRows(
  headers: string[],
  rows: Array<{ rowNo: number; cells: Record<string, string> }>,
  actor: Actor,
): { parsed: ParsedRow[]; errors: EnterpriseImportError[] } {
  const errors: EnterpriseImportError[] = [];
  for (const c of IMPORT_COLUMNS) {
    if (c.required && !headers.includes(c.header))
      errors.push({ row: 1, column: c.header, message: `缺少必填列“${c.header}”，请使用导入模板` });
  }
  if (errors.length) return { parsed: [], errors };
  if (rows.length === 0) return { parsed: [], errors: [{ row: 2, column: '', message: '表格中没有数据行' }] };
  if (rows.length > IMPORT_MAX_ROWS)
    return {
      parsed: [],
      errors: [{ row: 1, column: '', message: `一次最多导入${IMPORT_MAX_ROWS}行，请分批导入` }],
    };
  const parsed: ParsedRow[] = [];
  const seen = new Map<string, number>();
  for (const { rowNo, cells } of rows) {
    const err = (column: string, message: string) => errors.push({ row: rowNo, column, message });
    const cell = (header: string) => cells[header] ?? '';
    const before = errors.length;
    const name = cell('企业名称');
    if (name.length < 4 || name.length > 100) err('企业名称', '企业名称须为4-100个字');
    const u = usccField.safeParse(cell('统一社会信用代码'));
    if (!u.success) err('统一社会信用代码', '统一社会信用代码格式或校验位不正确');
    else if (seen.has(u.data)) err('统一社会信用代码', `与第${seen.get(u.data)}行重复`);
    else seen.set(u.data, rowNo);
    const district = districtOf(cell('所属区县'));
    if (!district) err('所属区县', '请填写宿迁市的区县名称或代码，如“宿城区”或321302');
    else if (actor.kind === 'government' && !actor.districts.includes(district))
      err('所属区县', '不属于本辖区，只能导入本辖区的企业');
    const ws = wsIndustryField.safeParse(cell('安全生产行业领域代码'));
    if (!ws.success) err('安全生产行业领域代码', ws.error.issues[0]?.message ?? '行业代码不正确');
    const gbText = cell('国民经济行业代码');
    const gb = gbText ? gbIndustryField.safeParse(gbText) : undefined;
    if (gb && !gb.success) err('国民经济行业代码', '国民经济行业代码格式不正确，如 C2614');
    const empText = cell('从业人员总数');
    const employees = Number(empText);
    if (!/^\d+$/.test(empText) || employees < 1 || employees > 999_999_999)
      err('从业人员总数', '从业人员总数须为正整数');
    const address = cell('详细地址');
    if (address.length > 300) err('详细地址', '详细地址最多300个字');
    const legalName = cell('法定代表人');
    const safetyName = cell('安全负责人');
    for (const [col, v] of [
      ['法定代表人', legalName],
      ['安全负责人', safetyName],
    ] as const) {
      if (v && (v.length < 2 || v.length > 20)) err(col, '姓名须为2-20个字');
    }
    const legalMobile = normalizeMobile(cell('法定代表人手机'));
    const safetyMobile = normalizeMobile(cell('安全负责人手机'));
    if (legalMobile && !isValidMobile(legalMobile))
      err('法定代表人手机', '手机号格式不正确，请填写11位手机号');
    if (safetyMobile && !isValidMobile(safetyMobile))
      err('安全负责人手机', '手机号格式不正确，请填写11位手机号');
    if (errors.length === before && u.success && ws.success && district) {
      parsed.push({
        rowNo,
        name,
        uscc: u.data,
        districtCode: district,
        wsIndustryCode: ws.data,
        gbIndustryCode: gb?.success ? gb.data : '',
        employees,
        address,
        legalName,
        legalMobile,
        safetyName,
        safetyMobile,
      });
    }
  }
  return { parsed, errors };
}

/** Writes the register (after every row passed). Returns how many enterprises were created / marked. */
export async function importRegister(
  trx: Tx,
  actor: Actor,
  parsed: ParsedRow[],
  now: Date,
): Promise<{ created: number; marked: number; errors: EnterpriseImportError[] }> {
  if (actor.kind !== 'government') throw forbidden('只有监管部门可以导入应保企业台账');
  const year = Number(chinaDate(now).slice(0, 4));
  const errors: EnterpriseImportError[] = [];
  const existing = new Map(
    (
      await trx
        .selectFrom('sysOrg as o')
        .leftJoin('insEnterprise as e', 'e.id', 'o.id')
        .select(['o.id', 'o.uscc', 'o.orgType', 'o.districtCode', 'e.id as profileId'])
        .where('o.deletedAt', 'is', null)
        .where(
          'o.uscc',
          'in',
          parsed.map((p) => p.uscc),
        )
        .execute()
    ).map((r) => [r.uscc ?? '', r]),
  );
  for (const p of parsed) {
    const e = existing.get(p.uscc);
    if (e && e.orgType !== 'enterprise')
      errors.push({ row: p.rowNo, column: '统一社会信用代码', message: '该代码属于非企业机构' });
    else if (e && actor.districts.length && !actor.districts.includes(e.districtCode ?? ''))
      errors.push({ row: p.rowNo, column: '统一社会信用代码', message: '该企业已登记在其他辖区' });
  }
  if (errors.length) return { created: 0, marked: 0, errors };
  let created = 0;
  let marked = 0;
  countsChanged(trx);
  for (const p of parsed) {
    const e = existing.get(p.uscc);
    let id: number;
    if (!e) {
      const org = await trx
        .insertInto('sysOrg')
        .values({
          orgType: 'enterprise',
          name: p.name,
          uscc: p.uscc,
          districtCode: p.districtCode,
          contactName: p.legalName,
          contactPhoneEnc: encryptPhone(p.legalMobile),
          createdAt: now,
          updatedAt: now,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = org.id;
      created++;
    } else {
      id = e.id;
      marked++;
    }
    if (e?.profileId) {
      await trx
        .updateTable('insEnterprise')
        .set({
          onRegister: true,
          mustInsure: true,
          registerYear: year,
          updatedAt: now,
          updatedBy: actor.userId,
        })
        .where('id', '=', id)
        .execute();
    } else {
      await trx
        .insertInto('insEnterprise')
        .values({
          id,
          address: p.address,
          wsIndustryCode: p.wsIndustryCode,
          gbIndustryCode: p.gbIndustryCode,
          employees: p.employees,
          legalName: p.legalName,
          legalMobileEnc: encryptPhone(p.legalMobile),
          safetyName: p.safetyName,
          safetyMobileEnc: encryptPhone(p.safetyMobile),
          onRegister: true,
          mustInsure: true,
          registerYear: year,
          infoComplete: false,
          createdAt: now,
          updatedAt: now,
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })
        .execute();
    }
    await rescoreEnterprise(trx, id, now, actor.userId, '导入应保企业台账');
  }
  return { created, marked, errors };
}

export function importFailed(errors: EnterpriseImportError[]): never {
  throw badRequest(
    `导入失败：共${new Set(errors.map((e) => e.row)).size}行有误，未导入任何数据，请按错误报告修改后重新导入`,
    { errors },
  );
}
