import {
  governedDistricts,
  optionLabel,
  type Paged,
  RULE_LEVELS,
  RULE_STATUS,
  type RuleDetail,
  type RuleItem,
  type RuleLevel,
  type RuleSaveBody,
  type RuleStatus,
} from '@aqzrx/contracts';
import type { StoredAttachment } from '../../db/schema.ts';
import { dateText } from '../../db/sql.ts';
import type { AuthContext, Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { htmlToText, referencedFileIds, sanitizeRichText } from '../../platform/sanitize.ts';
import { softDeleteVersioned, updateVersioned } from '../../platform/versioned.ts';
import { claimFiles, matchesKeyword, searchColumns } from '../content/index.ts';

function ruleBase(db: Db) {
  return db
    .selectFrom('cmsRule as r')
    .leftJoin('cmsRule as n', (j) => j.onRef('n.id', '=', 'r.revisedById').on('n.deletedAt', 'is', null))
    .where('r.deletedAt', 'is', null);
}

const ITEM = [
  'r.id',
  'r.name',
  'r.docNo',
  'r.issuer',
  'r.level',
  dateText('r.publish_date').as('publishDate'),
  dateText('r.effective_date').as('effectiveDate'),
  'r.status',
  'r.revisedById',
  'n.name as revisedByName',
  dateText('r.repealed_date').as('repealedDate'),
  'r.summary',
  'r.sourceUrl',
  'r.viewCount',
  'r.version',
  'r.updatedAt',
] as const;

interface Row {
  id: number;
  name: string;
  docNo: string;
  issuer: string;
  level: RuleLevel;
  publishDate: string;
  effectiveDate: string | null;
  status: RuleStatus;
  revisedById: number | null;
  revisedByName: string | null;
  repealedDate: string | null;
  summary: string;
  sourceUrl: string;
  viewCount: number;
  version: number;
  updatedAt: Date;
}

function toItem(r: Row): RuleItem {
  return {
    ...r,
    levelName: optionLabel(RULE_LEVELS, r.level),
    statusName: optionLabel(RULE_STATUS, r.status),
    revisedByName: r.revisedByName ?? '',
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listRules(
  db: Db,
  q: {
    pageNo: number;
    pageSize: number;
    keyword?: string | undefined;
    level?: RuleLevel | undefined;
    status?: RuleStatus | undefined;
  },
): Promise<Paged<RuleItem>> {
  let base = ruleBase(db);
  if (q.keyword) base = base.where(matchesKeyword('r', q.keyword));
  if (q.level) base = base.where('r.level', '=', q.level);
  if (q.status) base = base.where('r.status', '=', q.status);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const rows = (await base
    .select(ITEM)
    .orderBy('r.sort')
    .orderBy('r.publishDate', 'desc')
    .orderBy('r.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute()) as Row[];
  return { list: rows.map(toItem), total: Number(total.c), pageNum: q.pageNo, pageSize: q.pageSize };
}

/** One rule with its text; a portal read counts a view. */
export async function ruleDetail(db: Db, id: number, countView: boolean): Promise<RuleDetail> {
  const row = (await ruleBase(db)
    .select([...ITEM, 'r.body', 'r.attachments'])
    .where('r.id', '=', id)
    .executeTakeFirst()) as (Row & { body: string; attachments: StoredAttachment[] }) | undefined;
  if (!row) throw notFound('法规不存在');
  if (countView) {
    await db
      .updateTable('cmsRule')
      .set((eb) => ({ viewCount: eb('viewCount', '+', 1) }))
      .where('id', '=', id)
      .execute();
    row.viewCount += 1;
  }
  const { body, attachments, ...item } = row;
  return {
    ...toItem(item),
    body,
    attachments: (attachments ?? []).map((f) => ({ ...f, fileUrl: `/api/public/file/${f.fileId}` })),
  };
}

async function requireRule(db: Db, id: number) {
  const row = await db
    .selectFrom('cmsRule')
    .select(['id', 'body', 'attachments', 'createdBy'])
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('法规不存在');
  return row;
}

/**
 * A rule the caller may change. The library is the city's: city-level accounts (the operations admin,
 * a regulator over every district) change any rule; a district-level regulator (governedDistricts) only
 * the rules entered by an account whose jurisdiction lies within its own (its own and its district
 * colleagues' entries). Every other rule answers its edits exactly like a missing one, although it reads
 * them all.
 */
async function requireRuleToChange(db: Db, auth: AuthContext, id: number) {
  const row = await requireRule(db, id);
  const mine = governedDistricts(auth.districtCodes);
  if (mine === null) return row;
  const creator =
    row.createdBy === null
      ? undefined
      : await db
          .selectFrom('sysUser')
          .select('districtCodes')
          .where('id', '=', row.createdBy)
          .executeTakeFirst();
  const theirs = creator ? governedDistricts(creator.districtCodes.split(',').filter(Boolean)) : null;
  if (theirs === null || !theirs.every((d) => mine.includes(d))) throw notFound('法规不存在');
  return row;
}

/**
 * Status rules of domain.md 3.8: revised needs the new version, repealed needs its date (and may name
 * the instrument that replaced it).
 */
async function validate(trx: Tx, b: RuleSaveBody): Promise<void> {
  if (b.effectiveDate && b.effectiveDate < b.publishDate)
    throw badRequest('实施日期 effectiveDate 不能早于发布日期');
  if (b.status === 'revised') {
    if (!b.revisedById) throw badRequest('已修订的法规须指定修订后的新版本 revisedById');
  } else if (b.status === 'current' && b.revisedById) {
    throw badRequest('现行有效的法规不能指定新版本 revisedById；已修订或已废止（被替代）时才填写');
  }
  if (b.revisedById) {
    if (b.revisedById === b.id) throw badRequest('修订后的新版本不能是本法规自己');
    const target = await trx
      .selectFrom('cmsRule')
      .select('id')
      .where('id', '=', b.revisedById)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (!target) throw badRequest('修订后的新版本 revisedById 不存在，请重新选择');
  }
  if (b.status === 'repealed') {
    if (!b.repealedDate) throw badRequest('已废止的法规须填写废止日期 repealedDate');
    if (b.repealedDate < b.publishDate) throw badRequest('废止日期 repealedDate 不能早于发布日期');
  } else if (b.repealedDate) {
    throw badRequest('只有“已废止”的法规才能填写废止日期 repealedDate');
  }
}

export async function saveRule(trx: Tx, auth: AuthContext, b: RuleSaveBody, now: Date): Promise<number> {
  const existing = b.id ? await requireRuleToChange(trx, auth, b.id) : undefined;
  await validate(trx, b);
  const body = sanitizeRichText(b.body);
  const bodyText = htmlToText(body);
  if (bodyText.length > 200_000) throw badRequest('全文 body 过长，请改为上传附件');
  const onRecord = new Set<string>(
    existing ? [...existing.attachments.map((f) => f.fileId), ...referencedFileIds(existing.body)] : [],
  );
  const files = await claimFiles(
    trx,
    auth,
    { cover: null, attachments: b.attachments.map((f) => f.fileId), body: referencedFileIds(body) },
    onRecord,
  );
  const attachments: StoredAttachment[] = b.attachments.map((f) => ({
    fileId: f.fileId.toLowerCase(),
    fileName: f.fileName,
    fileSize: files.get(f.fileId.toLowerCase())?.size ?? f.fileSize,
  }));
  const values = {
    name: b.name,
    docNo: b.docNo,
    issuer: b.issuer,
    level: b.level,
    publishDate: b.publishDate,
    effectiveDate: b.effectiveDate ?? null,
    status: b.status,
    revisedById: b.status === 'current' ? null : (b.revisedById ?? null),
    repealedDate: b.status === 'repealed' ? (b.repealedDate ?? null) : null,
    summary: b.summary,
    body: body.replace(
      /\/api\/file\/([0-9a-f-]{36})/gi,
      (_m, id: string) => `/api/public/file/${id.toLowerCase()}`,
    ),
    ...searchColumns(b.name, [b.docNo, b.issuer, b.summary, bodyText]),
    attachments: JSON.stringify(attachments),
    sourceUrl: b.sourceUrl,
    sort: b.sort,
    updatedAt: now,
    updatedBy: auth.userId,
  };
  if (b.id) {
    await updateVersioned(trx, 'cmsRule', { id: b.id, version: b.version! }, values, { notDeleted: true });
    return b.id;
  }
  const row = await trx
    .insertInto('cmsRule')
    .values({ ...values, createdAt: now, createdBy: auth.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteRule(
  trx: Tx,
  auth: AuthContext,
  q: { id: number; version?: number | undefined },
  now: Date,
): Promise<void> {
  await requireRuleToChange(trx, auth, q.id);
  const older = await trx
    .selectFrom('cmsRule')
    .select('name')
    .where('revisedById', '=', q.id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (older) throw conflict(`《${older.name}》记录本法规为其修订后的新版本，请先修改该法规的效力状态再删除`);
  await softDeleteVersioned(trx, 'cmsRule', q, { deletedAt: now, updatedAt: now, updatedBy: auth.userId });
}
