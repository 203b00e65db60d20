import {
  DISTRICTS,
  EXPERT_IMPORT_HEADERS,
  EXPERT_STATUS,
  EXPIRY_FLAGS,
  ID_TYPES,
  maskContactPhone,
  ORG_IMPORT_HEADERS,
  ORG_STATUS,
  POOL_IMPORT_LIMITS,
  type PoolExpertRow,
  type PoolImportResult,
  type PoolOrgRow,
  poolExpertInput,
  SERVICE_ITEMS,
  type ServiceOrgImportRow,
  STAFF_TYPE,
  serviceOrgImportRow,
  WS_INDUSTRIES,
} from '@aqzrx/contracts';
import type ExcelJS from 'exceljs';
import type { AuthContext, Tx } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { blindIndex } from '../../platform/pii.ts';
import { assertWorkbookShape, streamFirstSheet, type XlsxColumn } from '../../platform/xlsx.ts';
import { addOrg } from '../org/index.ts';
import { createExpert, upsertServiceOrgProfile } from './pool.service.ts';

/**
 * .xlsx import of experts and the exports (issue 16). The import reads with exceljs' streaming reader and
 * stops at the caps (POOL_IMPORT_LIMITS: file size — the route's body limit —, declared unpacked size,
 * rows, columns, characters per cell), so a hostile workbook costs at most the capped work. Every row is
 * checked with the contracts' poolExpertInput; any refused row refuses the whole file (row-level Chinese
 * report, nothing saved), otherwise every row is added in the request's one transaction.
 */

/** The unpacked size a workbook may declare (a zip bomb is refused before parsing). */
const MAX_UNPACKED = 40 * 1024 * 1024;

/** A date cell: text YYYY-MM-DD (or YYYY/MM/DD), a Date, or an Excel serial number. */
function dateText(v: ExcelJS.CellValue, text: string): string {
  if (typeof v === 'number' && v > 20000 && v < 80000)
    return new Date(Date.UTC(1899, 11, 30) + Math.round(v) * 86_400_000).toISOString().slice(0, 10);
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text);
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : text;
}

const split = (s: string) =>
  s
    .split(/[、,，;；\s]+/)
    .map((x) => x.trim())
    .filter(Boolean);

/** A cell naming options by label or code; unknown names are reported by the caller. */
function codes(
  list: ReadonlyArray<{ value: string; label: string }>,
  text: string,
  what: string,
  errors: string[],
): string[] {
  const out: string[] = [];
  for (const part of split(text)) {
    const hit = list.find((o) => o.value === part || o.label === part);
    if (hit) out.push(hit.value);
    else errors.push(`${what}“${part}”不在可选范围内`);
  }
  return out;
}

const FIELD_LABELS: Record<string, string> = {
  name: '姓名',
  idType: '证件类型',
  idNo: '证件号码',
  mobile: '手机号码',
  staffType: '人员类型',
  title: '职称',
  education: '学历',
  major: '专业',
  employer: '工作单位',
  years: '从业年限',
  districtCode: '所在区县',
  serviceItems: '服务项目',
  industries: '行业领域',
  certificates: '资格证书',
};

type Parsed = { rowNo: number; fields: Record<string, unknown> };

function rowFields(get: (h: string) => { v: ExcelJS.CellValue; t: string }, errors: string[]) {
  const t = (h: string) => get(h).t;
  const idTypeText = t('证件类型');
  const idType = idTypeText
    ? ID_TYPES.find((o) => o.value === idTypeText || o.label === idTypeText)?.value
    : '01';
  if (idType === undefined) errors.push(`证件类型“${idTypeText}”不在可选范围内`);
  const idCell = get('证件号码');
  if (typeof idCell.v === 'number') errors.push('证件号码请设置为文本格式后填写（数字格式会丢失末位）');
  const staffText = t('人员类型');
  const staff = staffText
    ? STAFF_TYPE.find((o) => String(o.value) === staffText || o.label === staffText)
    : undefined;
  if (staffText && !staff) errors.push(`人员类型“${staffText}”须为自有或外聘`);
  const districtText = t('所在区县');
  const district = districtText
    ? DISTRICTS.find((o) => o.value === districtText || o.label === districtText)?.value
    : null;
  if (district === undefined) errors.push(`所在区县“${districtText}”不是宿迁市的区县`);
  const yearsText = t('从业年限');
  const certType = t('资格证书名称');
  const certNo = t('证书编号');
  const certTo = dateText(get('证书有效期至').v, t('证书有效期至'));
  if (!certType && (certNo || certTo)) errors.push('填写证书编号或有效期时请填写资格证书名称');
  return {
    name: t('姓名'),
    idType: idType ?? '01',
    idNo: t('证件号码'),
    mobile: t('手机号码'),
    ...(staff ? { staffType: staff.value } : {}),
    title: t('职称'),
    education: t('学历'),
    major: t('专业'),
    employer: t('工作单位'),
    years: yearsText === '' ? 0 : Number(yearsText),
    districtCode: district ?? null,
    serviceItems: codes(SERVICE_ITEMS, t('服务项目'), '服务项目', errors),
    industries: codes(WS_INDUSTRIES, t('行业领域'), '行业领域', errors),
    certificates: certType ? [{ type: certType, no: certNo, validTo: certTo, fileId: null }] : [],
  };
}

type Cell = { v: ExcelJS.CellValue; t: string };
type Report = PoolImportResult['errors'];

/**
 * The import loop both pool imports share: caps (file, unpacked size, rows, columns, cell), the header row
 * (required and known columns), blank rows skipped, each row turned into fields by `parse` (its messages
 * collected per row).
 */
async function readImportRows(
  buf: Buffer,
  what: string,
  known: readonly string[],
  required: readonly string[],
  parse: (get: (h: string) => Cell, errors: string[]) => Record<string, unknown>,
): Promise<{ rows: Parsed[]; report: Report }> {
  const L = POOL_IMPORT_LIMITS;
  if (buf.length === 0) throw badRequest('请上传填写好的 .xlsx 文件');
  if (buf.length > L.fileBytes) throw badRequest(`文件不能超过 ${L.fileBytes / 1024 / 1024} MB`);
  assertWorkbookShape(buf, MAX_UNPACKED);
  const rows: Parsed[] = [];
  const report: Report = [];
  let headers: string[] | null = null;
  for await (const row of streamFirstSheet(buf, L)) {
    const cells = row.cells;
    if (headers === null) {
      headers = cells.map((c) => c.t);
      const missing = required.filter((h) => !headers!.includes(h));
      if (missing.length) throw badRequest(`表头缺少“${missing.join('、')}”列，请使用导入模板`);
      const unknown = headers.filter((h) => h && !known.includes(h));
      if (unknown.length) throw badRequest(`表头“${unknown.join('、')}”不是导入模板的列，请使用导入模板`);
      continue;
    }
    if (cells.every((c) => c.t === '')) continue;
    if (rows.length + report.length >= L.rows) throw badRequest(`一次最多导入${L.rows}行，请分批导入`);
    const hs = headers;
    const get = (h: string): Cell => {
      const i = hs.indexOf(h);
      return i < 0 ? { v: null, t: '' } : (cells[i] ?? { v: null, t: '' });
    };
    const errors: string[] = [];
    const fields = parse(get, errors);
    if (errors.length) report.push({ rowNo: row.rowNo, messages: errors });
    else rows.push({ rowNo: row.rowNo, fields });
  }
  if (headers === null) throw badRequest('工作簿中没有表头行，请使用导入模板');
  if (rows.length === 0 && report.length === 0) throw badRequest(`文件中没有${what}数据行`);
  return { rows, report };
}

/** The schema's messages of a row, each prefixed with its column when the message does not name it. */
function schemaMessages(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
  labels: Record<string, string>,
) {
  return issues.map((issue) => {
    const label = labels[String(issue.path[0])] ?? '';
    return label && !issue.message.includes(label) ? `${label}：${issue.message}` : issue.message;
  });
}

/** Refuses the whole file when any row was refused: 400 with every bad row (nothing saved). */
function refuseIfAny(report: Report): void {
  if (!report.length) return;
  report.sort((a, b) => a.rowNo - b.rowNo);
  const first = report[0]!;
  throw badRequest(
    `有${report.length}行未通过校验，未导入任何数据。第${first.rowNo}行：${first.messages.join('；')}`,
    { added: 0, errors: report },
  );
}

/**
 * Imports experts from an .xlsx (first worksheet, a header row naming the template's columns). Answers
 * how many were added, or throws 400 with every refused row (nothing saved).
 */
export async function importExperts(
  trx: Tx,
  userId: number,
  buf: Buffer,
  now: Date,
): Promise<PoolImportResult> {
  const { rows, report } = await readImportRows(
    buf,
    '专家',
    EXPERT_IMPORT_HEADERS,
    ['姓名', '证件号码', '手机号码'],
    (get, errors) => {
      const fields = rowFields(get, errors);
      const parsed = poolExpertInput.safeParse(fields);
      if (!parsed.success) errors.push(...schemaMessages(parsed.error.issues, FIELD_LABELS));
      return fields;
    },
  );
  // Duplicates within the file and against the pool.
  const seen = new Map<string, number>();
  for (const r of rows) {
    const hash = blindIndex(String(r.fields.idNo).toUpperCase());
    const first = seen.get(hash);
    if (first !== undefined) report.push({ rowNo: r.rowNo, messages: [`证件号码与第${first}行重复`] });
    else seen.set(hash, r.rowNo);
  }
  if (seen.size) {
    const taken = await trx
      .selectFrom('svExpert')
      .select('idNoHash')
      .where('idNoHash', 'in', [...seen.keys()])
      .where('deletedAt', 'is', null)
      .execute();
    for (const t of taken)
      report.push({ rowNo: seen.get(t.idNoHash)!, messages: ['该证件号码的专家已在专家库中'] });
  }
  refuseIfAny(report);
  for (const r of rows) await createExpert(trx, r.fields as never, { userId, now });
  return { added: rows.length, errors: [] };
}

const ORG_FIELD_LABELS: Record<string, string> = {
  name: '机构名称',
  uscc: '统一社会信用代码',
  districtCode: '所在区县',
  contactName: '联系人',
  contactPhone: '联系电话',
  address: '地址',
  serviceItems: '服务项目',
  itemOther: '其他服务内容',
  industries: '行业领域',
  regionCodes: '服务区域',
  legalName: '法定代表人',
  legalPhone: '法定代表人电话',
  safetyName: '安全负责人',
  safetyPhone: '安全负责人电话',
  certType: '资质证书名称',
  certNo: '资质证书编号',
  certValidFrom: '资质有效期起',
  certExpiry: '资质有效期至',
  staffCount: '从业人员数',
  intro: '机构简介',
};

function orgRowFields(get: (h: string) => Cell, errors: string[]) {
  const t = (h: string) => get(h).t.trim();
  const districtText = t('所在区县');
  const district = DISTRICTS.find((o) => o.value === districtText || o.label === districtText)?.value;
  if (districtText && !district) errors.push(`所在区县“${districtText}”不是宿迁市的区县`);
  const staffText = t('从业人员数');
  const staffCount = staffText === '' ? 0 : Number(staffText);
  if (staffText !== '' && !Number.isFinite(staffCount)) errors.push(`从业人员数“${staffText}”不是数字`);
  return {
    name: t('机构名称'),
    uscc: t('统一社会信用代码'),
    districtCode: district ?? districtText,
    contactName: t('联系人'),
    contactPhone: t('联系电话'),
    address: t('地址'),
    serviceItems: codes(SERVICE_ITEMS, t('服务项目'), '服务项目', errors),
    itemOther: t('其他服务内容'),
    industries: codes(WS_INDUSTRIES, t('行业领域'), '行业领域', errors),
    regionCodes: codes(DISTRICTS, t('服务区域'), '服务区域', errors),
    legalName: t('法定代表人'),
    legalPhone: t('法定代表人电话'),
    safetyName: t('安全负责人'),
    safetyPhone: t('安全负责人电话'),
    certType: t('资质证书名称'),
    certNo: t('资质证书编号'),
    certValidFrom: dateText(get('资质有效期起').v, t('资质有效期起')),
    certExpiry: dateText(get('资质有效期至').v, t('资质有效期至')),
    staffCount: Number.isFinite(staffCount) ? staffCount : 0,
    intro: t('机构简介'),
  };
}

/**
 * Imports service organisations from an .xlsx: each row becomes an active organisation (机构管理's
 * addOrg: USCC check) with its pool profile (upsertServiceOrgProfile), in the request's one transaction.
 * Duplicated USCCs or names (in the file, or already on the platform) refuse the row; any refused row
 * refuses the file (400 with every bad row, nothing saved).
 */
export async function importOrgs(
  trx: Tx,
  auth: AuthContext,
  buf: Buffer,
  now: Date,
): Promise<PoolImportResult> {
  const { rows, report } = await readImportRows(
    buf,
    '服务机构',
    ORG_IMPORT_HEADERS,
    ['机构名称', '统一社会信用代码', '所在区县', '服务项目', '服务区域'],
    (get, errors) => {
      const fields = orgRowFields(get, errors);
      if (errors.length) return fields;
      const parsed = serviceOrgImportRow.safeParse(fields);
      if (!parsed.success) {
        errors.push(...schemaMessages(parsed.error.issues, ORG_FIELD_LABELS));
        return fields;
      }
      return parsed.data;
    },
  );
  const byUscc = new Map<string, number>();
  const byName = new Map<string, number>();
  for (const r of rows) {
    const f = r.fields as ServiceOrgImportRow;
    const messages: string[] = [];
    const u = byUscc.get(f.uscc);
    if (u !== undefined) messages.push(`统一社会信用代码与第${u}行重复`);
    else byUscc.set(f.uscc, r.rowNo);
    const n = byName.get(f.name);
    if (n !== undefined) messages.push(`机构名称与第${n}行重复`);
    else byName.set(f.name, r.rowNo);
    if (messages.length) report.push({ rowNo: r.rowNo, messages });
  }
  if (byUscc.size) {
    const taken = await trx
      .selectFrom('sysOrg')
      .select(['uscc', 'name'])
      .where('uscc', 'in', [...byUscc.keys()])
      .where('deletedAt', 'is', null)
      .execute();
    for (const o of taken)
      report.push({
        rowNo: byUscc.get(o.uscc!)!,
        messages: [`统一社会信用代码已被“${o.name}”使用`],
      });
    const named = await trx
      .selectFrom('sysOrg')
      .select('name')
      .where('orgType', '=', 'service')
      .where('name', 'in', [...byName.keys()])
      .where('deletedAt', 'is', null)
      .execute();
    for (const o of named) report.push({ rowNo: byName.get(o.name)!, messages: ['已有同名的服务机构'] });
  }
  refuseIfAny(report);
  for (const r of rows) {
    const { name, uscc, districtCode, contactName, contactPhone, ...profile } =
      r.fields as ServiceOrgImportRow;
    const orgId = await addOrg(
      trx,
      auth,
      { orgType: 'service', name, uscc, districtCode, contactName, contactPhone },
      now,
    );
    await upsertServiceOrgProfile(trx, orgId, profile, { userId: auth.userId, now });
  }
  return { added: rows.length, errors: [] };
}

const label = (list: ReadonlyArray<{ value: string; label: string }>, codes: string[]) =>
  codes.map((c) => list.find((o) => o.value === c)?.label ?? c).join('、');
const districtName = (c: string | null) => (c ? (DISTRICTS.label(c) ?? c) : '');
const ratingCell = (r: { rating: number | null }) => (r.rating === null ? '' : r.rating);

/** The expert export: the template's columns (ID masked) and status, flags and rating. */
export const EXPERT_EXPORT_COLUMNS: XlsxColumn<PoolExpertRow>[] = [
  { header: '姓名', value: (r) => r.name },
  { header: '证件类型', value: (r) => ID_TYPES.label(r.idType) ?? r.idType },
  { header: '证件号码', width: 22, value: (r) => r.idNo },
  { header: '手机号码', value: (r) => r.mobile },
  { header: '人员类型', value: (r) => STAFF_TYPE.label(r.staffType) ?? '' },
  { header: '职称', value: (r) => r.title },
  { header: '学历', value: (r) => r.education },
  { header: '专业', value: (r) => r.major },
  { header: '工作单位', width: 24, value: (r) => r.employer },
  { header: '从业年限', value: (r) => r.years },
  { header: '所在区县', value: (r) => districtName(r.districtCode) },
  { header: '所属机构', width: 24, value: (r) => r.orgName },
  { header: '服务项目', width: 30, value: (r) => label(SERVICE_ITEMS, r.serviceItems) },
  { header: '行业领域', width: 20, value: (r) => label(WS_INDUSTRIES, r.industries) },
  {
    header: '资格证书',
    width: 30,
    value: (r) =>
      r.certificates
        .map((c) => `${c.type}${c.no ? ` ${c.no}` : ''}${c.validTo ? `（至${c.validTo}）` : ''}`)
        .join('；'),
  },
  { header: '最早到期', value: (r) => r.certExpiry ?? '' },
  { header: '资质提醒', value: (r) => (r.expiryFlag ? (EXPIRY_FLAGS.label(r.expiryFlag) ?? '') : '') },
  { header: '状态', value: (r) => EXPERT_STATUS.label(r.status) ?? '' },
  { header: '服务次数', value: (r) => r.serviceCount },
  { header: '评分', value: ratingCell },
];

export const ORG_EXPORT_COLUMNS: XlsxColumn<PoolOrgRow>[] = [
  { header: '机构名称', width: 32, value: (r) => r.name },
  { header: '统一社会信用代码', width: 22, value: (r) => r.uscc },
  { header: '所在区县', value: (r) => districtName(r.districtCode) },
  { header: '服务区域', width: 24, value: (r) => r.regionCodes.map(districtName).join('、') },
  { header: '服务项目', width: 30, value: (r) => label(SERVICE_ITEMS, r.serviceItems) },
  { header: '行业领域', width: 20, value: (r) => label(WS_INDUSTRIES, r.industries) },
  { header: '联系人', value: (r) => r.contactName },
  // Exports mask mobiles (security.md P04); a landline, the office's number, is kept.
  { header: '联系电话', value: (r) => maskContactPhone(r.contactPhone) },
  { header: '资质证书编号', width: 22, value: (r) => r.certNo },
  { header: '资质有效期至', value: (r) => r.certExpiry ?? '' },
  { header: '资质提醒', value: (r) => (r.expiryFlag ? (EXPIRY_FLAGS.label(r.expiryFlag) ?? '') : '') },
  { header: '专家人数', value: (r) => r.expertCount },
  { header: '服务次数', value: (r) => r.serviceCount },
  { header: '评分', value: ratingCell },
  { header: '状态', value: (r) => ORG_STATUS.label(r.status) ?? '' },
];

/** The import template: the headers and one example row. */
export function templateRows() {
  return [
    {
      姓名: '张示例',
      证件类型: '居民身份证',
      证件号码: '321302198001010018',
      手机号码: '13900000000',
      人员类型: '外聘',
      职称: '高级工程师',
      学历: '本科',
      专业: '安全工程',
      工作单位: '宿迁市某安全技术服务有限公司',
      从业年限: '10',
      所在区县: '宿城区',
      服务项目: '安全生产宣传教育培训、生产安全事故隐患排查',
      行业领域: '危险化学品、建筑施工',
      资格证书名称: '注册安全工程师',
      证书编号: 'ZA-2026-0001',
      证书有效期至: '2028-12-31',
    } as Record<string, string>,
  ];
}

/** The organisation import template's example row. */
export function orgTemplateRows() {
  return [
    {
      机构名称: '宿迁市示例安全技术服务有限公司',
      统一社会信用代码: '91321300MA1MEXA015',
      所在区县: '宿城区',
      联系人: '李示例',
      联系电话: '0527-84360000',
      地址: '宿迁市宿城区示例路1号',
      服务项目: '生产安全事故隐患排查、其他有关事故预防工作',
      其他服务内容: '应急演练评估',
      行业领域: '危险化学品、金属冶炼',
      服务区域: '宿城区、宿豫区',
      法定代表人: '王示例',
      法定代表人电话: '13900000001',
      安全负责人: '赵示例',
      安全负责人电话: '13900000002',
      资质证书名称: '安全生产技术服务机构资质',
      资质证书编号: 'AQFW-2026-001',
      资质有效期起: '2026-01-01',
      资质有效期至: '2028-12-31',
      从业人员数: '30',
      机构简介: '',
    } as Record<string, string>,
  ];
}
