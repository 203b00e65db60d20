import {
  maskContactPhone,
  ORG_MANAGED_TYPES,
  ORG_TYPES,
  ORG_USCC_REQUIRED,
  type OrgAddBody,
  type OrgListQuery,
  type OrgRow,
  type OrgSaveBody,
  OrgStatus,
  type OrgType,
  optionLabel,
  type Paged,
} from '@aqzrx/contracts';
import { escapeLike } from '../../db/sql.ts';
import type { AuthContext, Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { decryptPhone, encryptPhone } from '../../platform/pii.ts';
import { assertVersion, updateVersioned } from '../../platform/versioned.ts';

/** Organisations (soft-deleted ones excluded), ordered by type then name. */
export async function searchOrgs(db: Db, f: OrgListQuery): Promise<Paged<OrgRow>> {
  let q = db.selectFrom('sysOrg as o').where('o.deletedAt', 'is', null);
  if (f.orgType) q = q.where('o.orgType', '=', f.orgType);
  if (f.name) q = q.where('o.name', 'ilike', `%${escapeLike(f.name)}%`);
  if (f.districtCode) q = q.where('o.districtCode', '=', f.districtCode);
  if (f.status !== undefined) q = q.where('o.status', '=', f.status);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const rows = await q
    .select((eb) => [
      'o.id',
      'o.orgType',
      'o.name',
      'o.uscc',
      'o.districtCode',
      'o.contactName',
      'o.contactPhoneEnc',
      'o.status',
      'o.createdAt',
      'o.version',
      eb
        .selectFrom('sysUser as u')
        .select(eb.fn.countAll<number>().as('c'))
        .whereRef('u.orgId', '=', 'o.id')
        .where('u.deletedAt', 'is', null)
        .as('userCount'),
    ])
    .orderBy('o.orgType')
    .orderBy('o.name')
    .orderBy('o.id')
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
    .execute();
  return {
    list: rows.map((o) => ({
      id: o.id,
      orgType: o.orgType,
      orgTypeLabel: optionLabel(ORG_TYPES, o.orgType),
      name: o.name,
      uscc: o.uscc ?? '',
      districtCode: o.districtCode ?? '',
      contactName: o.contactName,
      contactPhone: maskContactPhone(decryptPhone(o.contactPhoneEnc)),
      status: o.status,
      userCount: Number(o.userCount ?? 0),
      createdAt: o.createdAt.toISOString(),
      version: o.version,
    })),
    total: Number(total.c),
    pageNum: f.pageNo,
    pageSize: f.pageSize,
  };
}

// ---------------------------------------------------------------------------------------------------
// Adding, editing, suspending (机构管理, operations admin)
// ---------------------------------------------------------------------------------------------------

function checkUscc(orgType: OrgType, uscc: string): void {
  if (uscc === '' && ORG_USCC_REQUIRED.includes(orgType))
    throw badRequest(`${optionLabel(ORG_TYPES, orgType)}须填写统一社会信用代码 uscc`);
}

async function assertUsccFree(db: Db, uscc: string, exceptId?: number): Promise<void> {
  if (uscc === '') return;
  let q = db.selectFrom('sysOrg').select('name').where('uscc', '=', uscc).where('deletedAt', 'is', null);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  const dup = await q.executeTakeFirst();
  if (dup) throw conflict(`统一社会信用代码 ${uscc} 已被“${dup.name}”使用，请核对`);
}

/** Adds a regulator office, insurer branch, service organisation or expert panel (active). */
export async function addOrg(trx: Tx, auth: AuthContext, b: OrgAddBody, now: Date): Promise<number> {
  checkUscc(b.orgType, b.uscc);
  await assertUsccFree(trx, b.uscc);
  const row = await trx
    .insertInto('sysOrg')
    .values({
      orgType: b.orgType,
      name: b.name,
      uscc: b.uscc || null,
      districtCode: b.districtCode,
      contactName: b.contactName,
      contactPhoneEnc: encryptPhone(b.contactPhone),
      status: OrgStatus.ACTIVE,
      createdAt: now,
      updatedAt: now,
      createdBy: auth.userId,
      updatedBy: auth.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function lockOrg(trx: Tx, id: number) {
  const org = await trx
    .selectFrom('sysOrg')
    .select(['id', 'orgType', 'name', 'status', 'version'])
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!org) throw notFound('机构不存在');
  return org;
}

/**
 * Edits an organisation's name, code, district and contacts (the type is fixed). Enterprises keep theirs
 * in 企业管理, where the profile they belong to is edited with them.
 */
export async function saveOrg(trx: Tx, auth: AuthContext, b: OrgSaveBody, now: Date): Promise<number> {
  const org = await lockOrg(trx, b.id);
  if (!ORG_MANAGED_TYPES.includes(org.orgType))
    throw badRequest(
      org.orgType === 'enterprise'
        ? '企业的名称、信用代码、区县和联系人请在企业管理中修改'
        : `${optionLabel(ORG_TYPES, org.orgType)}不能在机构管理中修改`,
    );
  assertVersion(org, b.version);
  checkUscc(org.orgType, b.uscc);
  await assertUsccFree(trx, b.uscc, org.id);
  return updateVersioned(
    trx,
    'sysOrg',
    { id: org.id, version: b.version },
    {
      name: b.name,
      uscc: b.uscc || null,
      districtCode: b.districtCode,
      contactName: b.contactName,
      ...(b.contactPhone === undefined ? {} : { contactPhoneEnc: encryptPhone(b.contactPhone) }),
      updatedAt: now,
      updatedBy: auth.userId,
    },
  );
}

/**
 * Suspends (停用) or re-enables (启用) an organisation. While suspended none of its users can sign in
 * (login answers 403 ORG_SUSPENDED) and their sessions end now, in the same transaction; their accounts
 * keep their own status, so enabling the organisation lets them in again as before.
 */
export async function setOrgStatus(
  trx: Tx,
  auth: AuthContext,
  q: { id: number; version: number },
  status: 1 | 2,
  now: Date,
): Promise<{ changed: boolean; sessionsEnded: number }> {
  const org = await lockOrg(trx, q.id);
  assertVersion(org, q.version);
  if (status === OrgStatus.SUSPENDED && org.id === auth.orgId)
    throw badRequest('不能停用当前登录用户所属的机构');
  if (org.status === status) return { changed: false, sessionsEnded: 0 };
  await updateVersioned(
    trx,
    'sysOrg',
    { id: org.id, version: q.version },
    { status, updatedAt: now, updatedBy: auth.userId },
  );
  if (status !== OrgStatus.SUSPENDED) return { changed: true, sessionsEnded: 0 };
  const ended = await trx
    .updateTable('sysSession')
    .set({ revokedAt: now, revokeReason: 'org-suspended' })
    .where('userId', 'in', (eb) => eb.selectFrom('sysUser').select('id').where('orgId', '=', org.id))
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return { changed: true, sessionsEnded: Number(ended.numUpdatedRows) };
}
