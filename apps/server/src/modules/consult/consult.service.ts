import {
  CONSULT_STATUS,
  type ConsultAnswerBody,
  type ConsultAskBody,
  type ConsultItem,
  ConsultStatus,
  optionLabel,
  type Paged,
  type QaItem,
} from '@aqzrx/contracts';
import { type Expression, type SqlBool, sql } from 'kysely';
import { permissionsOf } from '../../platform/auth.ts';
import type { AuthContext, Db, Tx } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/permissions.ts';
import { softDeleteVersioned, updateVersioned } from '../../platform/versioned.ts';
import { matchesKeyword, searchColumns } from '../content/index.ts';
import { governedDistricts, sendMessage } from '../message/index.ts';

/**
 * Consultations (domain.md 3.7): 待回复 → 已回复 → 已关闭, optionally published as a public Q&A.
 *
 * Row scope, one helper: answerers (consult.edit: service and expert organisations, the operations
 * admin, regulators) see the consultations of their jurisdiction (all, or their districts when their
 * account is limited to districts); everyone else sees only their own organisation's (or, without an
 * organisation, their own). Out of scope answers exactly as missing.
 *
 * Reading is not owning. An answered consultation belongs to its answerer: only the user who answered,
 * a colleague of the same organisation, or a moderator (consult.edit together with consult.delete, the
 * operations admin by default) may revise the answer, publish it or close the consultation as its
 * answerer; to every other answerer these changes answer 404 like a missing consultation. An awaiting
 * consultation is open to every answerer in scope (the first answer makes it theirs).
 */
type Scope = { all: true } | { districts: string[] } | { orgId: number } | { userId: number };

/** The caller's read scope and what it may do as an answerer. */
interface Access {
  scope: Scope;
  /** Holds consult.edit: may answer consultations awaiting an answer in scope. */
  answerer: boolean;
  /** Holds consult.edit and consult.delete: may revise any answer in scope. */
  moderator: boolean;
  userId: number;
  orgId: number | null;
}

async function consultAccess(db: Db, auth: AuthContext): Promise<Access> {
  const perms = await permissionsOf(db, auth);
  const answerer = hasPermission(perms, 'consult.edit');
  const districts = governedDistricts(auth.districtCodes);
  return {
    scope: answerer ? (districts === null ? { all: true } : { districts }) : ownScope(auth),
    answerer,
    moderator: answerer && hasPermission(perms, 'consult.delete'),
    userId: auth.userId,
    orgId: auth.orgId,
  };
}

/** Whether the caller may act on the consultation as its answerer (see the module comment). */
function answererRights(a: Access, r: { answerUserId: number | null; answerOrgId: number | null }): boolean {
  if (!a.answerer) return false;
  if (r.answerUserId === null || a.moderator || r.answerUserId === a.userId) return true;
  return a.orgId !== null && r.answerOrgId === a.orgId;
}

function ownScope(auth: AuthContext): Scope {
  return auth.orgId !== null ? { orgId: auth.orgId } : { userId: auth.userId };
}

function inScope(s: Scope): Expression<SqlBool> {
  if ('all' in s) return sql<SqlBool>`true`;
  if ('districts' in s) return sql<SqlBool>`q.asker_district IN (${sql.join(s.districts)})`;
  if ('orgId' in s) return sql<SqlBool>`q.asker_org_id = ${s.orgId}`;
  return sql<SqlBool>`q.asker_user_id = ${s.userId}`;
}

function consultBase(db: Db) {
  return db
    .selectFrom('cmsConsult as q')
    .innerJoin('cmsClass as c', 'c.id', 'q.classId')
    .innerJoin('sysUser as ua', 'ua.id', 'q.askerUserId')
    .leftJoin('sysOrg as oa', 'oa.id', 'q.askerOrgId')
    .leftJoin('sysUser as ub', 'ub.id', 'q.answerUserId')
    .leftJoin('sysOrg as ob', 'ob.id', 'ub.orgId')
    .where('q.deletedAt', 'is', null);
}

const COLUMNS = [
  'q.id',
  'q.classId',
  'c.name as className',
  'q.title',
  'q.content',
  'q.status',
  'ua.nickname as askerName',
  'oa.name as askerOrgName',
  'q.createdAt',
  'q.answer',
  'ub.nickname as answererName',
  'ob.name as answererOrgName',
  'q.answeredAt',
  'q.closedAt',
  'q.isPublic',
  'q.version',
  'q.answerUserId',
  'ub.orgId as answerOrgId',
] as const;

interface Row {
  id: number;
  classId: number;
  className: string;
  title: string;
  content: string;
  status: number;
  askerName: string;
  askerOrgName: string | null;
  createdAt: Date;
  answer: string;
  answererName: string | null;
  answererOrgName: string | null;
  answeredAt: Date | null;
  closedAt: Date | null;
  isPublic: boolean;
  version: number;
  answerUserId: number | null;
  answerOrgId: number | null;
}

function toItem({ answerUserId, answerOrgId, ...r }: Row, a: Access): ConsultItem {
  return {
    ...r,
    asAnswerer: answererRights(a, { answerUserId, answerOrgId }),
    statusName: optionLabel(CONSULT_STATUS, r.status),
    askerOrgName: r.askerOrgName ?? '',
    answererName: r.answererName ?? '',
    answererOrgName: r.answererOrgName ?? '',
    createdAt: r.createdAt.toISOString(),
    answeredAt: r.answeredAt ? r.answeredAt.toISOString() : null,
    closedAt: r.closedAt ? r.closedAt.toISOString() : null,
  };
}

export async function listConsults(
  db: Db,
  auth: AuthContext,
  q: {
    pageNo: number;
    pageSize: number;
    classId?: number | undefined;
    status?: number | undefined;
    keyword?: string | undefined;
  },
): Promise<Paged<ConsultItem>> {
  const access = await consultAccess(db, auth);
  let base = consultBase(db).where(inScope(access.scope));
  if (q.classId !== undefined) base = base.where('q.classId', '=', q.classId);
  if (q.status !== undefined) base = base.where('q.status', '=', q.status);
  if (q.keyword) base = base.where(matchesKeyword('q', q.keyword));
  const total = await base.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const rows = (await base
    .select(COLUMNS)
    .orderBy('q.status')
    .orderBy('q.createdAt', 'desc')
    .orderBy('q.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute()) as Row[];
  return {
    list: rows.map((r) => toItem(r, access)),
    total: Number(total.c),
    pageNum: q.pageNo,
    pageSize: q.pageSize,
  };
}

async function findInScope(db: Db, scope: Scope, id: number): Promise<Row & { askerUserId: number }> {
  const row = (await consultBase(db)
    .select([...COLUMNS, 'q.askerUserId'])
    .where('q.id', '=', id)
    .where(inScope(scope))
    .executeTakeFirst()) as (Row & { askerUserId: number }) | undefined;
  if (!row) throw notFound('咨询不存在');
  return row;
}

export async function consultDetail(db: Db, auth: AuthContext, id: number): Promise<ConsultItem> {
  const access = await consultAccess(db, auth);
  const { askerUserId: _asker, ...row } = await findInScope(db, access.scope, id);
  return toItem(row, access);
}

/**
 * A consultation the caller may act on as its answerer (answer or revise, publish, close). One answered
 * by another user or organisation answers 404 exactly like a missing one, although the caller may read it.
 */
async function findAsAnswerer(db: Db, access: Access, id: number): Promise<Row & { askerUserId: number }> {
  const row = await findInScope(db, access.scope, id);
  if (!answererRights(access, row)) throw notFound('咨询不存在');
  return row;
}

async function requireConsultClass(db: Db, classId: number): Promise<void> {
  const cls = await db
    .selectFrom('cmsClass')
    .select('id')
    .where('id', '=', classId)
    .where('kind', '=', 'consult')
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!cls) throw badRequest('咨询分类不存在，请重新选择 classId');
}

/** search_text and search_vec of a consultation: the title weighs most, then question and answer. */
const searchFields = (title: string, content: string, answer: string) =>
  searchColumns(title, [content, answer]);

/** An enterprise asks (no id), or edits its own question while it awaits an answer (id + version). */
export async function askConsult(trx: Tx, auth: AuthContext, b: ConsultAskBody, now: Date): Promise<number> {
  await requireConsultClass(trx, b.classId);
  if (b.id) {
    const row = await findInScope(trx, ownScope(auth), b.id);
    if (b.version === undefined) throw badRequest('修改咨询须提供版本号 version');
    if (row.status !== ConsultStatus.AWAITING)
      throw badRequest('咨询已答复或已关闭，不能再修改；如有新问题请重新发起咨询');
    // Answering or closing bumps the version, so the version check also holds the status read above.
    await updateVersioned(
      trx,
      'cmsConsult',
      { id: b.id, version: b.version },
      {
        classId: b.classId,
        title: b.title,
        content: b.content,
        ...searchFields(b.title, b.content, ''),
        updatedAt: now,
        updatedBy: auth.userId,
      },
    );
    return b.id;
  }
  const org =
    auth.orgId === null
      ? undefined
      : await trx.selectFrom('sysOrg').select('districtCode').where('id', '=', auth.orgId).executeTakeFirst();
  const row = await trx
    .insertInto('cmsConsult')
    .values({
      classId: b.classId,
      title: b.title,
      content: b.content,
      askerUserId: auth.userId,
      askerOrgId: auth.orgId,
      askerDistrict: org?.districtCode ?? auth.districtCodes[0] ?? null,
      ...searchFields(b.title, b.content, ''),
      createdAt: now,
      updatedAt: now,
      createdBy: auth.userId,
      updatedBy: auth.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const detailLink = (id: number) => `/ent/consult/EntConsultDetail/route?id=${id}`;

/** Answers (or revises the answer of) a consultation in scope; the asker gets an in-app message. */
export async function answerConsult(
  trx: Tx,
  auth: AuthContext,
  b: ConsultAnswerBody,
  now: Date,
): Promise<void> {
  const row = await findAsAnswerer(trx, await consultAccess(trx, auth), b.id);
  if (row.status === ConsultStatus.CLOSED) throw badRequest('咨询已关闭，不能再答复');
  await updateVersioned(trx, 'cmsConsult', b, {
    answer: b.answer,
    answerUserId: auth.userId,
    answeredAt: now,
    status: ConsultStatus.ANSWERED,
    isPublic: b.isPublic ?? row.isPublic,
    ...searchFields(row.title, row.content, b.answer),
    updatedAt: now,
    updatedBy: auth.userId,
  });
  await sendMessage(
    trx,
    { userIds: [row.askerUserId] },
    {
      title: `您的咨询已答复：${row.title}`,
      content: b.answer.length > 200 ? `${b.answer.slice(0, 200)}…` : b.answer,
      link: detailLink(b.id),
      kind: 'system',
      bizType: 'consult',
      bizId: b.id,
    },
    { now, createdBy: auth.userId },
  );
}

/** Closes a consultation in scope (the asker when satisfied, or an answerer with rights to it). */
export async function closeConsult(
  trx: Tx,
  auth: AuthContext,
  q: { id: number; version: number },
  now: Date,
): Promise<void> {
  const access = await consultAccess(trx, auth);
  const row = access.answerer
    ? await findAsAnswerer(trx, access, q.id)
    : await findInScope(trx, access.scope, q.id);
  if (row.status === ConsultStatus.CLOSED) throw badRequest('咨询已关闭，无需重复操作');
  await updateVersioned(trx, 'cmsConsult', q, {
    status: ConsultStatus.CLOSED,
    closedAt: now,
    updatedAt: now,
    updatedBy: auth.userId,
  });
  if (row.askerUserId !== auth.userId) {
    await sendMessage(
      trx,
      { userIds: [row.askerUserId] },
      {
        title: `您的咨询已关闭：${row.title}`,
        content: '如仍有疑问，请重新发起咨询。',
        link: detailLink(q.id),
        bizType: 'consult',
        bizId: q.id,
      },
      { now, createdBy: auth.userId },
    );
  }
}

/** Publishes an answered consultation as a public Q&A (or takes it back). */
export async function setConsultPublic(
  trx: Tx,
  auth: AuthContext,
  q: { id: number; version: number; isPublic: boolean },
  now: Date,
): Promise<void> {
  const row = await findAsAnswerer(trx, await consultAccess(trx, auth), q.id);
  if (q.isPublic && !row.answeredAt) throw badRequest('尚未答复的咨询不能公开为问答，请先答复');
  await updateVersioned(trx, 'cmsConsult', q, {
    isPublic: q.isPublic,
    updatedAt: now,
    updatedBy: auth.userId,
  });
}

export async function deleteConsult(
  trx: Tx,
  auth: AuthContext,
  q: { id: number; version?: number | undefined },
  now: Date,
): Promise<void> {
  await findInScope(trx, (await consultAccess(trx, auth)).scope, q.id);
  await softDeleteVersioned(trx, 'cmsConsult', q, { deletedAt: now, updatedAt: now, updatedBy: auth.userId });
}

// --- Public Q&A (no asker identity) ---------------------------------------------------------------

function qaBase(db: Db) {
  return db
    .selectFrom('cmsConsult as q')
    .innerJoin('cmsClass as c', 'c.id', 'q.classId')
    .where('q.deletedAt', 'is', null)
    .where('q.isPublic', '=', true);
}
const QA_COLUMNS = [
  'q.id',
  'q.classId',
  'c.name as className',
  'q.title',
  'q.content',
  'q.answer',
  'q.answeredAt',
  'q.viewCount',
] as const;
const toQa = (r: {
  id: number;
  classId: number;
  className: string;
  title: string;
  content: string;
  answer: string;
  answeredAt: Date | null;
  viewCount: number;
}): QaItem => ({ ...r, answeredAt: r.answeredAt ? r.answeredAt.toISOString() : null });

export async function listQa(
  db: Db,
  q: { pageNo: number; pageSize: number; classId?: number | undefined; keyword?: string | undefined },
): Promise<Paged<QaItem>> {
  let base = qaBase(db);
  if (q.classId !== undefined) base = base.where('q.classId', '=', q.classId);
  if (q.keyword) base = base.where(matchesKeyword('q', q.keyword));
  const total = await base.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const rows = await base
    .select(QA_COLUMNS)
    .orderBy('q.answeredAt', 'desc')
    .orderBy('q.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return { list: rows.map(toQa), total: Number(total.c), pageNum: q.pageNo, pageSize: q.pageSize };
}

export async function qaDetail(db: Db, id: number): Promise<QaItem> {
  const row = await qaBase(db).select(QA_COLUMNS).where('q.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('问答不存在或未公开');
  await db
    .updateTable('cmsConsult')
    .set((eb) => ({ viewCount: eb('viewCount', '+', 1) }))
    .where('id', '=', id)
    .execute();
  return toQa({ ...row, viewCount: row.viewCount + 1 });
}
