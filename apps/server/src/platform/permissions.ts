import {
  type Action,
  type AdminDuty,
  dutiesOf,
  hasPermission as grantsInclude,
  type PermissionGrant,
  type PermissionId,
  RESERVED_DUTY_PERMISSIONS,
} from '@aqzrx/contracts';
import { loadPermissions, permissionsOf } from './auth.ts';
import type { AuthContext, Db } from './context.ts';

/** A permission of the catalogue with one of its actions, e.g. `user.edit` (spec 3, contracts permissions.ts). */
export type PermissionKey = `${PermissionId}.${Action}`;

/** What a route needs: a catalogue permission, any logged-in user, or nothing. */
export type RoutePermission = 'public' | 'authenticated' | PermissionKey;

/** Whether a permission list holds `permissionId.action`; the key is checked against the catalogue. */
export function hasPermission(perms: readonly PermissionGrant[] | undefined, key: PermissionKey): boolean {
  return grantsInclude(perms, key);
}

/** Whether the caller's role holds `permissionId.action` (loads the grants once per request). */
export async function holdsPermission(db: Db, auth: AuthContext, key: PermissionKey): Promise<boolean> {
  return hasPermission(await permissionsOf(db, auth), key);
}

/** The administrative duties (三权分立) a role's current grants make it (contracts admin-duty.ts). */
export async function roleDuties(db: Db, roleId: number): Promise<AdminDuty[]> {
  return dutiesOf(await loadPermissions(db, roleId));
}

/** The duties of every role with grants, by role id (one read, for the role and user lists). */
export async function dutiesByRole(db: Db): Promise<Map<number, AdminDuty[]>> {
  const rows = await db
    .selectFrom('sysRoleResource as rr')
    .innerJoin('sysResource as res', 'res.id', 'rr.resourceId')
    .select(['rr.roleId', 'res.permission', 'rr.actions'])
    .where('res.permission', '!=', '')
    .execute();
  const grants = new Map<number, PermissionGrant[]>();
  for (const r of rows) {
    const list = grants.get(r.roleId) ?? [];
    list.push({ permissionId: r.permission, actionList: r.actions.split(',').filter(Boolean) });
    grants.set(r.roleId, list);
  }
  return new Map([...grants].map(([roleId, list]) => [roleId, dutiesOf(list)]));
}

/**
 * The resources of the security and audit roles (三权分立): a resource whose permission only those roles hold
 * (RESERVED_DUTY_PERMISSIONS), and everything under one. Role and menu administration neither grant nor change
 * them, and the role editor's tree leaves them out.
 */
export async function reservedResourceIds(db: Db): Promise<Set<number>> {
  const rows = await db.selectFrom('sysResource').select(['id', 'parentId', 'permission']).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const reserved = new Set<number>();
  for (const r of rows) {
    const seen = new Set<number>();
    for (let at: typeof r | undefined = r; at && !seen.has(at.id); at = byId.get(at.parentId ?? -1)) {
      seen.add(at.id);
      if (RESERVED_DUTY_PERMISSIONS.includes(at.permission)) {
        reserved.add(r.id);
        break;
      }
    }
  }
  return reserved;
}
