import {
  chinaDate,
  type ExpertFields,
  ExpertStatus,
  type expertEditInput,
  type expertMineInput,
  maskIdCard,
  OrgStatus,
  poolExpertInput,
  type ServiceOrgProfileFields,
  type serviceOrgAdminInput,
  type serviceOrgMineInput,
  serviceOrgProfileInput,
} from '@aqzrx/contracts';
import type { z } from 'zod';
import type { AuthContext, Tx } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { blindIndex, decryptPhone, encryptPhone, encryptPii, phoneIndex } from '../../platform/pii.ts';
import { unmaskPhone } from '../../platform/reveal.ts';
import { assertVersion, updateVersioned } from '../../platform/versioned.ts';
import { notify } from '../message/index.ts';
import { setOrgStatus } from '../org/index.ts';
import { expertForWrite } from './pool.repo.ts';

/**
 * The pool's writes (issue 16): organisation profiles (sv_service_org), experts (sv_expert), suspending
 * and enabling both. upsertServiceOrgProfile and createExpert are the public entry the registration
 * approval calls too; both validate with the contracts' schema, so every writer applies the same rules.
 */

interface WriteOpts {
  /** The user making the change (null for the system). */
  userId?: number | null;
  now?: Date;
}

function profileValues(f: ServiceOrgProfileFields, stored: { legal: string; safety: string }) {
  return {
    address: f.address,
    serviceItems: JSON.stringify(f.serviceItems),
    itemOther: f.serviceItems.includes('07') ? f.itemOther : '',
    industries: JSON.stringify(f.industries),
    regionCodes: JSON.stringify(f.regionCodes),
    legalName: f.legalName,
    legalPhoneEnc: encryptPhone(unmaskPhone(f.legalPhone, [stored.legal], '法定代表人电话')),
    safetyName: f.safetyName,
    safetyPhoneEnc: encryptPhone(unmaskPhone(f.safetyPhone, [stored.safety], '安全负责人电话')),
    certType: f.certType,
    certNo: f.certNo,
    certValidFrom: f.certValidFrom,
    certExpiry: f.certExpiry,
    certFileId: f.certFileId,
    licenceFileId: f.licenceFileId,
    staffCount: f.staffCount,
    intro: f.intro,
  };
}

/**
 * Creates or replaces the profile of a service organisation (sys_org of type 'service'). `fields` is
 * parsed with serviceOrgProfileInput (400 naming the field when it does not hold). 404 when the
 * organisation is not a service organisation.
 */
export async function upsertServiceOrgProfile(
  trx: Tx,
  orgId: number,
  fields: z.input<typeof serviceOrgProfileInput>,
  opts: WriteOpts = {},
): Promise<void> {
  const parsed = serviceOrgProfileInput.safeParse(fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '机构资料填写不正确');
  const org = await trx
    .selectFrom('sysOrg')
    .select(['id', 'orgType'])
    .where('id', '=', orgId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (org?.orgType !== 'service') throw notFound('服务机构不存在');
  const now = opts.now ?? new Date();
  const by = opts.userId ?? null;
  // The edit forms show the numbers masked (P04): sent back unchanged, they keep the stored ones.
  const old = await trx
    .selectFrom('svServiceOrg')
    .select(['legalPhoneEnc', 'safetyPhoneEnc'])
    .where('orgId', '=', orgId)
    .executeTakeFirst();
  const values = profileValues(parsed.data, {
    legal: decryptPhone(old?.legalPhoneEnc),
    safety: decryptPhone(old?.safetyPhoneEnc),
  });
  await trx
    .insertInto('svServiceOrg')
    .values({ orgId, ...values, createdAt: now, updatedAt: now, createdBy: by, updatedBy: by })
    .onConflict((oc) =>
      oc.column('orgId').doUpdateSet((eb) => ({
        ...values,
        updatedAt: now,
        updatedBy: by,
        version: eb('svServiceOrg.version', '+', 1),
      })),
    )
    .execute();
}

/** Admin edit of an organisation: its name and district (sys_org) and its profile, on sys_org's version. */
export async function saveOrgByAdmin(
  trx: Tx,
  auth: AuthContext,
  b: z.output<typeof serviceOrgAdminInput>,
  now: Date,
): Promise<number> {
  const { orgId, version, name, districtCode, contactName, contactPhone, ...profile } = b;
  const org = await lockServiceOrg(trx, orgId);
  assertVersion(org, version);
  const dup = await trx
    .selectFrom('sysOrg')
    .select('id')
    .where('orgType', '=', 'service')
    .where('name', '=', name)
    .where('id', '!=', orgId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (dup) throw conflict('已有同名的服务机构');
  const v = await updateVersioned(
    trx,
    'sysOrg',
    { id: orgId, version },
    {
      name,
      districtCode,
      contactName,
      contactPhoneEnc: encryptPhone(unmaskPhone(contactPhone, [org.contactPhone])),
      updatedAt: now,
      updatedBy: auth.userId,
    },
  );
  await upsertServiceOrgProfile(trx, orgId, profile, { userId: auth.userId, now });
  return v;
}

/** The organisation's own profile page (机构资料): its contact and profile, on sys_org's version. */
export async function saveOwnOrg(
  trx: Tx,
  auth: AuthContext,
  b: z.output<typeof serviceOrgMineInput>,
  now: Date,
): Promise<number> {
  if (auth.orgId === null) throw notFound('服务机构不存在');
  const { version, contactName, contactPhone, ...profile } = b;
  const org = await lockServiceOrg(trx, auth.orgId);
  assertVersion(org, version);
  const v = await updateVersioned(
    trx,
    'sysOrg',
    { id: org.id, version },
    {
      contactName,
      contactPhoneEnc: encryptPhone(unmaskPhone(contactPhone, [org.contactPhone])),
      updatedAt: now,
      updatedBy: auth.userId,
    },
  );
  await upsertServiceOrgProfile(trx, org.id, profile, { userId: auth.userId, now });
  return v;
}

async function lockServiceOrg(trx: Tx, orgId: number) {
  const org = await trx
    .selectFrom('sysOrg')
    .select(['id', 'orgType', 'name', 'status', 'version', 'contactPhoneEnc'])
    .where('id', '=', orgId)
    .where('deletedAt', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (org?.orgType !== 'service') throw notFound('服务机构不存在');
  return { ...org, contactPhone: decryptPhone(org.contactPhoneEnc) };
}

/** Suspends or enables a service organisation: sys_org.status (its users cannot sign in while suspended). */
export async function setServiceOrgStatus(
  trx: Tx,
  auth: AuthContext,
  q: { id: number; version: number },
  status: 1 | 2,
  now: Date,
) {
  const org = await lockServiceOrg(trx, q.id);
  const res = await setOrgStatus(trx, auth, q, status, now);
  // The insurers running projects with it are told it can no longer be chosen for new work; its own users
  // are told when they can sign in again (while suspended none can read a message).
  if (res.changed && status === OrgStatus.SUSPENDED) {
    const insurers = await trx
      .selectFrom('apProjectOrg as po')
      .innerJoin('apProject as j', 'j.id', 'po.projectId')
      .select('j.insurerId')
      .distinct()
      .where('po.orgId', '=', org.id)
      .where('j.state', '<', 3)
      .where('j.endDate', '>=', chinaDate(now))
      .execute();
    for (const i of insurers)
      await notify(
        trx,
        'pool.orgSuspended',
        { id: org.id, no: org.name, enterpriseName: '', insurerId: i.insurerId },
        { actorId: auth.userId, now },
      );
  }
  if (res.changed && status === OrgStatus.ACTIVE)
    await notify(
      trx,
      'pool.orgEnabled',
      { id: org.id, no: org.name, enterpriseName: '', providerOrgId: org.id, publisherSide: 'service' },
      { actorId: auth.userId, now },
    );
  return res;
}

// ---------------------------------------------------------------------------------------------------
// Experts
// ---------------------------------------------------------------------------------------------------

/** The earliest validTo of the certificates, for the expiry flag. */
export function earliestExpiry(certs: ReadonlyArray<{ validTo: string | null }>): string | null {
  const days = certs.map((c) => c.validTo).filter((d): d is string => !!d);
  return days.length ? days.sort()[0]! : null;
}

async function assertIdNoFree(trx: Tx, hash: string, exceptId?: number) {
  let q = trx.selectFrom('svExpert').select('id').where('idNoHash', '=', hash).where('deletedAt', 'is', null);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict('该证件号码的专家已在专家库中');
}

async function assertOrg(trx: Tx, orgId: number | null) {
  if (orgId === null) return;
  const org = await trx
    .selectFrom('sysOrg')
    .select('orgType')
    .where('id', '=', orgId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!org || (org.orgType !== 'service' && org.orgType !== 'expert'))
    throw badRequest('所属机构须为平台登记的服务机构或专家机构');
}

/**
 * Adds an expert to the pool. `fields` is parsed with poolExpertInput (400 naming the field); the ID number
 * is stored encrypted with its blind index and mask (as the insurers' technicists'); 409 when the ID
 * number or the linked account is already in the pool. Returns the new id.
 */
export async function createExpert(
  trx: Tx,
  fields: z.input<typeof poolExpertInput>,
  opts: WriteOpts = {},
): Promise<number> {
  const parsed = poolExpertInput.safeParse(fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '专家信息填写不正确');
  const f: ExpertFields = parsed.data;
  const hash = blindIndex(f.idNo);
  await assertIdNoFree(trx, hash);
  await assertOrg(trx, f.orgId);
  if (f.userId !== null) {
    const taken = await trx
      .selectFrom('svExpert')
      .select('id')
      .where('userId', '=', f.userId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (taken) throw conflict('该账号已关联专家资料');
  }
  const now = opts.now ?? new Date();
  const by = opts.userId ?? null;
  const row = await trx
    .insertInto('svExpert')
    .values({
      userId: f.userId,
      orgId: f.orgId,
      staffType: f.staffType,
      name: f.name,
      idType: f.idType,
      idNoEnc: encryptPii(f.idNo),
      idNoHash: hash,
      idNoMask: maskIdCard(f.idNo),
      mobileEnc: encryptPhone(f.mobile),
      mobileHash: phoneIndex(f.mobile),
      title: f.title,
      education: f.education,
      major: f.major,
      employer: f.employer,
      years: f.years,
      districtCode: f.districtCode,
      serviceItems: JSON.stringify(f.serviceItems),
      industries: JSON.stringify(f.industries),
      certificates: JSON.stringify(f.certificates),
      certExpiry: earliestExpiry(f.certificates),
      createdAt: now,
      updatedAt: now,
      createdBy: by,
      updatedBy: by,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function editExpert(
  trx: Tx,
  auth: AuthContext,
  b: z.output<typeof expertEditInput>,
  now: Date,
): Promise<number> {
  const cur = await expertForWrite(trx, b.id);
  assertVersion(cur, b.version);
  const patch: Record<string, unknown> = {};
  if (b.idNo !== undefined) {
    const hash = blindIndex(b.idNo);
    await assertIdNoFree(trx, hash, b.id);
    Object.assign(patch, { idNoEnc: encryptPii(b.idNo), idNoHash: hash, idNoMask: maskIdCard(b.idNo) });
  } else if (b.idType === '01' && cur.idType !== '01') {
    throw badRequest('证件类型改为居民身份证时须重新填写证件号码');
  }
  if (b.mobile !== undefined)
    Object.assign(patch, { mobileEnc: encryptPhone(b.mobile), mobileHash: phoneIndex(b.mobile) });
  await assertOrg(trx, b.orgId);
  return updateVersioned(
    trx,
    'svExpert',
    { id: b.id, version: b.version },
    {
      ...patch,
      orgId: b.orgId,
      staffType: b.staffType,
      name: b.name,
      idType: b.idType,
      title: b.title,
      education: b.education,
      major: b.major,
      employer: b.employer,
      years: b.years,
      districtCode: b.districtCode,
      serviceItems: JSON.stringify(b.serviceItems),
      industries: JSON.stringify(b.industries),
      certificates: JSON.stringify(b.certificates),
      certExpiry: earliestExpiry(b.certificates),
      updatedAt: now,
      updatedBy: auth.userId,
    },
  );
}

/** The expert's own edit of its record (专家资料); 404 when the account has none. */
export async function saveOwnExpert(
  trx: Tx,
  auth: AuthContext,
  b: z.output<typeof expertMineInput>,
  now: Date,
): Promise<{ id: number; version: number }> {
  const cur = await trx
    .selectFrom('svExpert')
    .select(['id', 'version'])
    .where('userId', '=', auth.userId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!cur) throw notFound('您的专家资料尚未建立，请联系运营中心');
  assertVersion(cur, b.version);
  const version = await updateVersioned(
    trx,
    'svExpert',
    { id: cur.id, version: b.version },
    {
      ...(b.mobile === undefined
        ? {}
        : { mobileEnc: encryptPhone(b.mobile), mobileHash: phoneIndex(b.mobile) }),
      title: b.title,
      education: b.education,
      major: b.major,
      employer: b.employer,
      years: b.years,
      districtCode: b.districtCode,
      serviceItems: JSON.stringify(b.serviceItems),
      industries: JSON.stringify(b.industries),
      certificates: JSON.stringify(b.certificates),
      certExpiry: earliestExpiry(b.certificates),
      updatedAt: now,
      updatedBy: auth.userId,
    },
  );
  return { id: cur.id, version };
}

/** Suspends (a suspended expert cannot be chosen for new plans) or enables an expert. */
export async function setExpertStatus(
  trx: Tx,
  auth: AuthContext,
  q: { id: number; version: number },
  status: 1 | 2,
  now: Date,
): Promise<{ changed: boolean; version: number }> {
  const cur = await expertForWrite(trx, q.id);
  assertVersion(cur, q.version);
  if (cur.status === status) return { changed: false, version: cur.version };
  const version = await updateVersioned(
    trx,
    'svExpert',
    { id: q.id, version: q.version },
    { status, updatedAt: now, updatedBy: auth.userId },
  );
  // The expert's organisation (its own account's, or the one it belongs to) is told.
  const org = cur.orgId
    ? await trx.selectFrom('sysOrg').select('orgType').where('id', '=', cur.orgId).executeTakeFirst()
    : undefined;
  if (cur.orgId && org)
    await notify(
      trx,
      status === ExpertStatus.SUSPENDED ? 'pool.expertSuspended' : 'pool.expertEnabled',
      {
        id: cur.id,
        no: cur.name,
        enterpriseName: '',
        providerOrgId: cur.orgId,
        publisherSide: org.orgType === 'expert' ? 'expert' : 'service',
      },
      { actorId: auth.userId, now },
    );
  return { changed: true, version };
}

/**
 * For prevention plans: refuses experts of the pool who are suspended (matched by name and organisation).
 * Experts not in the pool (typed in by hand) pass.
 */
export async function assertExpertsSelectable(
  trx: Tx,
  experts: ReadonlyArray<{ name: string; orgId: number | null }>,
): Promise<void> {
  for (const x of experts) {
    let q = trx
      .selectFrom('svExpert')
      .select('name')
      .where('name', '=', x.name)
      .where('status', '=', ExpertStatus.SUSPENDED)
      .where('deletedAt', 'is', null);
    q = x.orgId === null ? q.where('orgId', 'is', null) : q.where('orgId', '=', x.orgId);
    if (await q.executeTakeFirst()) throw badRequest(`专家“${x.name}”已被停用，不能选入新的服务计划`);
  }
}

/** A service expert of a plan as prevention stores it; `expertId` when chosen from the pool. */
export interface PlanExpert {
  name: string;
  orgId: number | null;
  title: string;
  phone: string;
  expertId?: number | undefined;
}

/**
 * For prevention plans: an expert chosen from the pool (`expertId`) takes the pool's name, organisation,
 * title and mobile (what was typed is not trusted); one not in the pool answers 400. A suspended pool
 * expert is refused unless `keep` holds its id (already on the plan being edited); experts typed in by
 * hand are checked by name and organisation as before (assertExpertsSelectable).
 */
export async function resolvePlanExperts(
  trx: Tx,
  experts: ReadonlyArray<PlanExpert>,
  keep: ReadonlySet<number> = new Set(),
): Promise<PlanExpert[]> {
  const ids = [...new Set(experts.flatMap((e) => (e.expertId === undefined ? [] : [e.expertId])))];
  if (ids.length !== experts.filter((e) => e.expertId !== undefined).length)
    throw badRequest('同一位专家不能重复选择');
  const pool = ids.length
    ? await trx
        .selectFrom('svExpert')
        .select(['id', 'name', 'orgId', 'title', 'mobileEnc', 'status'])
        .where('id', 'in', ids)
        .where('deletedAt', 'is', null)
        .execute()
    : [];
  const out: PlanExpert[] = [];
  for (const e of experts) {
    if (e.expertId === undefined) {
      out.push(e);
      continue;
    }
    const x = pool.find((p) => p.id === e.expertId);
    if (!x) throw badRequest(`专家“${e.name}”不在专家库中，请重新选择`);
    if (x.status === ExpertStatus.SUSPENDED && !keep.has(x.id))
      throw badRequest(`专家“${x.name}”已被停用，不能选入新的服务计划`);
    out.push({
      name: x.name,
      orgId: x.orgId,
      title: x.title.slice(0, 50),
      phone: decryptPhone(x.mobileEnc),
      expertId: x.id,
    });
  }
  await assertExpertsSelectable(
    trx,
    out.filter((e) => e.expertId === undefined),
  );
  return out;
}
