import {
  DISTRICTS,
  type InsurerDocFields,
  type InsurerDocRow,
  type InsurerProfile,
  isValidIdCard,
  maskIdCard,
  maskMobile,
  optionLabel,
  type Paged,
  type publishedDocListQuery,
  type TechnicistFields,
  type TechnicistRow,
  type technicistListQuery,
} from '@aqzrx/contracts';
import type { z } from 'zod';
import type { Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { blindIndex, decryptPhone, decryptPii, encryptPhone, encryptPii } from '../../platform/pii.ts';
import { unmaskPhone } from '../../platform/reveal.ts';
import {
  assertVersion,
  bumpVersion,
  softDeleteVersioned,
  updateVersioned,
} from '../../platform/versioned.ts';
import { type Actor, escapeLike } from '../enterprise/index.ts';

/** Insurer-side records belong to the insurer organisation of the actor; others see none of them. */
function ownInsurer(actor: Actor): number {
  if (actor.kind !== 'insurer') throw notFound('保险机构不存在');
  return actor.orgId;
}

// ---------------------------------------------------------------------------------------------------
// Profile
// ---------------------------------------------------------------------------------------------------

export async function getInsurer(db: Db, actor: Actor): Promise<InsurerProfile> {
  const id = ownInsurer(actor);
  const row = await db
    .selectFrom('sysOrg as o')
    .leftJoin('insInsurer as i', 'i.id', 'o.id')
    .select([
      'o.id',
      'o.name',
      'o.uscc',
      'o.districtCode',
      'i.insurerType',
      'i.orgCode',
      'i.parentName',
      'i.parentCode',
      'i.address',
      'i.headName',
      'i.headMobileEnc',
      'i.version',
      'i.updatedAt',
    ])
    .where('o.id', '=', id)
    .where('o.orgType', '=', 'insurer')
    .executeTakeFirst();
  if (!row) throw notFound('保险机构不存在');
  return {
    id: row.id,
    name: row.name,
    uscc: row.uscc ?? '',
    districtCode: row.districtCode ?? '',
    districtName: optionLabel(DISTRICTS, row.districtCode ?? ''),
    insurerType: row.insurerType ?? 2,
    orgCode: row.orgCode ?? '',
    parentName: row.parentName ?? '',
    parentCode: row.parentCode ?? '',
    address: row.address ?? '',
    headName: row.headName ?? '',
    // Masked on the own profile too (security P04): the full number is the audited reveal (kind insurer).
    headMobile: maskMobile(decryptPhone(row.headMobileEnc)),
    // No profile row yet: the first save is made from version 0.
    version: row.version ?? 0,
  };
}

/** The full 负责人手机号 of the actor's own institution (the reveal of kind insurer); another id answers 404. */
export async function insurerHeadMobile(db: Db, actor: Actor, id: number): Promise<string> {
  if (ownInsurer(actor) !== id) throw notFound('保险机构不存在');
  const row = await db
    .selectFrom('insInsurer')
    .select('headMobileEnc')
    .where('id', '=', id)
    .executeTakeFirst();
  return decryptPhone(row?.headMobileEnc);
}

export interface InsurerProfileFields {
  version: number;
  insurerType: number;
  name: string;
  orgCode: string;
  uscc: string;
  parentName: string;
  parentCode: string;
  districtCode: string;
  address: string;
  headName: string;
  headMobile: string;
}

export async function saveInsurer(
  trx: Tx,
  actor: Actor,
  input: InsurerProfileFields,
  now: Date,
): Promise<number> {
  const id = ownInsurer(actor);
  const current = await trx
    .selectFrom('insInsurer')
    .select(['version', 'headMobileEnc'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  assertVersion({ version: current?.version ?? 0 }, input.version);
  // The form shows the number masked: sent back unchanged it keeps the stored one, a foreign mask is refused.
  const headMobile = unmaskPhone(input.headMobile, [decryptPhone(current?.headMobileEnc)], '负责人手机号');
  const dup = await trx
    .selectFrom('sysOrg')
    .select('id')
    .where('uscc', '=', input.uscc)
    .where('id', '!=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (dup) throw conflict('该统一社会信用代码已被其他机构使用，请核对');
  await bumpVersion(trx, 'sysOrg', id, {
    name: input.name,
    uscc: input.uscc,
    districtCode: input.districtCode,
    contactName: input.headName,
    contactPhoneEnc: encryptPhone(headMobile),
    updatedAt: now,
    updatedBy: actor.userId,
  });
  const values = {
    insurerType: input.insurerType,
    orgCode: input.orgCode,
    parentName: input.parentName,
    parentCode: input.parentCode,
    address: input.address,
    headName: input.headName,
    headMobileEnc: encryptPhone(headMobile),
    updatedAt: now,
    updatedBy: actor.userId,
  };
  if (!current) {
    await trx
      .insertInto('insInsurer')
      .values({ id, ...values, createdAt: now, createdBy: actor.userId })
      .execute();
    return 1;
  }
  const resVersion = await updateVersioned(
    trx,
    'insInsurer',
    { id: id, version: input.version },
    { ...values },
  );
  return resVersion;
}

/** Every insurance institution (id and name) for choosing the lead and co-insurers of a policy. */
export async function insurerOptions(db: Db) {
  return db
    .selectFrom('sysOrg')
    .select(['id', 'name'])
    .where('orgType', '=', 'insurer')
    .where('deletedAt', 'is', null)
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
}

// ---------------------------------------------------------------------------------------------------
// Technicists
// ---------------------------------------------------------------------------------------------------

const TECH_COLUMNS = [
  'id',
  'staffType',
  'name',
  'idType',
  'idNoMask',
  'mobileEnc',
  'title',
  'education',
  'major',
  'employer',
  'years',
  'serviceItems',
  'status',
  'version',
  'updatedAt',
] as const;

type TechRow = {
  id: number;
  staffType: number;
  name: string;
  idType: string;
  idNoMask: string;
  mobileEnc: string;
  title: string;
  education: string;
  major: string;
  employer: string;
  years: number;
  serviceItems: string[];
  status: number;
  version: number;
  updatedAt: Date;
};
/** ID numbers and mobiles are masked in every answer (security P04); the full ID needs revealIdNo. */
function techOut(r: TechRow): TechnicistRow {
  return {
    id: r.id,
    staffType: r.staffType,
    name: r.name,
    idType: r.idType,
    idNo: r.idNoMask,
    mobile: maskMobile(decryptPhone(r.mobileEnc)),
    title: r.title,
    education: r.education,
    major: r.major,
    employer: r.employer,
    years: r.years,
    serviceItems: r.serviceItems,
    status: r.status,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listTechnicists(
  db: Db,
  actor: Actor,
  q: z.output<typeof technicistListQuery>,
): Promise<Paged<TechnicistRow>> {
  const insurerId = ownInsurer(actor);
  let qb = db.selectFrom('insTechnicist').where('insurerId', '=', insurerId).where('deletedAt', 'is', null);
  if (q.name) qb = qb.where('name', 'like', `%${escapeLike(q.name)}%`);
  if (q.staffType) qb = qb.where('staffType', '=', q.staffType);
  if (q.status !== undefined) qb = qb.where('status', '=', q.status);
  const total = await qb.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const rows = await qb
    .select(TECH_COLUMNS)
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return { list: rows.map(techOut), total: Number(total.c), pageNum: q.pageNo, pageSize: q.pageSize };
}

async function techInScope(db: Db, actor: Actor, id: number) {
  const insurerId = ownInsurer(actor);
  const row = await db
    .selectFrom('insTechnicist')
    .select([...TECH_COLUMNS, 'idNoEnc'])
    .where('id', '=', id)
    .where('insurerId', '=', insurerId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('技术人员不存在');
  return row;
}

export async function getTechnicist(db: Db, actor: Actor, id: number) {
  return techOut(await techInScope(db, actor, id));
}

/** The full ID number (an audited, explicit view). */
export async function revealTechnicistIdNo(db: Db, actor: Actor, id: number) {
  const row = await techInScope(db, actor, id);
  return { id, idNo: decryptPii(row.idNoEnc), mobile: decryptPhone(row.mobileEnc) };
}

function checkIdNo(f: TechnicistFields): string {
  const idNo = f.idNo.trim().toUpperCase();
  if (f.idType === '01' && !isValidIdCard(idNo))
    throw badRequest('身份证号码格式或校验位不正确，请核对18位号码');
  return idNo;
}

export async function addTechnicist(trx: Tx, actor: Actor, f: TechnicistFields, now: Date): Promise<number> {
  const insurerId = ownInsurer(actor);
  const idNo = checkIdNo(f);
  const hash = blindIndex(idNo);
  const dup = await trx
    .selectFrom('insTechnicist')
    .select('id')
    .where('insurerId', '=', insurerId)
    .where('idNoHash', '=', hash)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (dup) throw conflict('该证件号码的技术人员已存在');
  const row = await trx
    .insertInto('insTechnicist')
    .values({
      insurerId,
      staffType: f.staffType,
      name: f.name,
      idType: f.idType,
      idNoEnc: encryptPii(idNo),
      idNoHash: hash,
      idNoMask: maskIdCard(idNo),
      mobileEnc: encryptPhone(f.mobile),
      title: f.title,
      education: f.education,
      major: f.major,
      employer: f.employer,
      years: f.years,
      serviceItems: JSON.stringify(f.serviceItems),
      status: f.status,
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function editTechnicist(
  trx: Tx,
  actor: Actor,
  id: number,
  version: number,
  f: Omit<TechnicistFields, 'idNo' | 'mobile'> & { idNo?: string | undefined; mobile?: string | undefined },
  now: Date,
): Promise<number> {
  const cur = await techInScope(trx, actor, id);
  assertVersion(cur, version);
  const patch: Record<string, unknown> = {};
  if (f.idNo !== undefined) {
    const idNo = checkIdNo({ ...f, idNo: f.idNo, mobile: '' });
    const hash = blindIndex(idNo);
    const dup = await trx
      .selectFrom('insTechnicist')
      .select('id')
      .where('insurerId', '=', actor.kind === 'insurer' ? actor.orgId : 0)
      .where('idNoHash', '=', hash)
      .where('id', '!=', id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (dup) throw conflict('该证件号码的技术人员已存在');
    Object.assign(patch, { idNoEnc: encryptPii(idNo), idNoHash: hash, idNoMask: maskIdCard(idNo) });
  } else if (f.idType === '01' && cur.idType !== '01') {
    throw badRequest('证件类型改为居民身份证时须重新填写证件号码');
  }
  if (f.mobile !== undefined) patch.mobileEnc = encryptPhone(f.mobile);
  const resVersion = await updateVersioned(
    trx,
    'insTechnicist',
    { id: id, version: version },
    {
      ...patch,
      staffType: f.staffType,
      name: f.name,
      idType: f.idType,
      title: f.title,
      education: f.education,
      major: f.major,
      employer: f.employer,
      years: f.years,
      serviceItems: JSON.stringify(f.serviceItems),
      status: f.status,
      updatedAt: now,
      updatedBy: actor.userId,
    },
  );
  return resVersion;
}

export async function deleteTechnicist(trx: Tx, actor: Actor, id: number, version: number, now: Date) {
  const cur = await techInScope(trx, actor, id);
  assertVersion(cur, version);
  await updateVersioned(
    trx,
    'insTechnicist',
    { id, version },
    { deletedAt: now, updatedAt: now, updatedBy: actor.userId },
  );
}

// ---------------------------------------------------------------------------------------------------
// Documents (policy wording, rate tables) for enterprises to read
// ---------------------------------------------------------------------------------------------------

function docQuery(db: Db) {
  return db
    .selectFrom('insInsurerDoc as d')
    .innerJoin('sysOrg as o', 'o.id', 'd.insurerId')
    .select([
      'd.id',
      'd.insurerId',
      'o.name as insurerName',
      'd.docType',
      'd.title',
      'd.fileId',
      'd.remark',
      'd.version',
      'd.updatedAt',
    ])
    .where('d.deletedAt', 'is', null);
}
type DocRow = Awaited<ReturnType<ReturnType<typeof docQuery>['executeTakeFirstOrThrow']>>;
const docOut = (r: DocRow): InsurerDocRow => ({
  ...r,
  fileUrl: `/api/insurerDoc/file?id=${r.id}`,
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * Documents: an insurer manages its own; everyone holding policy.query (enterprises choosing an insurer,
 * the regulator) reads them all (`published`).
 */
export async function listDocs(
  db: Db,
  actor: Actor | 'published',
  q: z.output<typeof publishedDocListQuery>,
) {
  let qb = docQuery(db);
  if (actor !== 'published') qb = qb.where('d.insurerId', '=', ownInsurer(actor));
  else if (q.insurerId) qb = qb.where('d.insurerId', '=', q.insurerId);
  if (q.docType) qb = qb.where('d.docType', '=', q.docType);
  if (q.title) qb = qb.where('d.title', 'like', `%${escapeLike(q.title)}%`);
  const total = await db
    .selectFrom(qb.as('t'))
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .executeTakeFirstOrThrow();
  const rows = await qb
    .orderBy('d.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return { list: rows.map(docOut), total: Number(total.c), pageNum: q.pageNo, pageSize: q.pageSize };
}

export async function getDoc(db: Db, actor: Actor | 'published', id: number) {
  let qb = docQuery(db).where('d.id', '=', id);
  if (actor !== 'published') qb = qb.where('d.insurerId', '=', ownInsurer(actor));
  const row = await qb.executeTakeFirst();
  if (!row) throw notFound('文档不存在');
  return docOut(row);
}

export async function addDoc(trx: Tx, actor: Actor, f: InsurerDocFields, now: Date): Promise<number> {
  const insurerId = ownInsurer(actor);
  const row = await trx
    .insertInto('insInsurerDoc')
    .values({
      insurerId,
      ...f,
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function editDoc(
  trx: Tx,
  actor: Actor,
  id: number,
  version: number,
  f: InsurerDocFields,
  now: Date,
) {
  await getDoc(trx, actor, id);
  const resVersion = await updateVersioned(
    trx,
    'insInsurerDoc',
    { id: id, version: version },
    { ...f, updatedAt: now, updatedBy: actor.userId },
    { notDeleted: true },
  );
  return resVersion;
}

export async function deleteDoc(trx: Tx, actor: Actor, id: number, version: number, now: Date) {
  await getDoc(trx, actor, id);
  await softDeleteVersioned(
    trx,
    'insInsurerDoc',
    { id, version },
    {
      deletedAt: now,
      updatedAt: now,
      updatedBy: actor.userId,
    },
  );
}
