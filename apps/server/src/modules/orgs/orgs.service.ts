import {
  maskMobile,
  ORG_TYPES,
  type OrgListQuery,
  type OrgRow,
  optionLabel,
  type Paged,
} from '@aqzrx/contracts';
import type { Db } from '../../platform/context.ts';
import { escapeLike } from '../roles/roles.service.ts';

/** Mobile contact numbers are masked; landlines (which start with 0) are shown as entered. */
function maskContact(phone: string): string {
  return /^1\d{10}$/.test(phone) ? maskMobile(phone) : phone;
}

/** Organisations (soft-deleted ones excluded), ordered by type then name. */
export async function searchOrgs(db: Db, f: OrgListQuery): Promise<Paged<OrgRow>> {
  let q = db.selectFrom('sysOrg as o').where('o.deletedAt', 'is', null);
  if (f.orgType) q = q.where('o.orgType', '=', f.orgType);
  if (f.name) q = q.where('o.name', 'ilike', `%${escapeLike(f.name)}%`);
  if (f.districtCode) q = q.where('o.districtCode', '=', f.districtCode);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const rows = await q
    .select((eb) => [
      'o.id',
      'o.orgType',
      'o.name',
      'o.uscc',
      'o.districtCode',
      'o.contactName',
      'o.contactPhone',
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
      contactPhone: maskContact(o.contactPhone),
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
