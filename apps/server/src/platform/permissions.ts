import {
  type Action,
  hasPermission as grantsInclude,
  type PermissionGrant,
  type PermissionId,
} from '@aqzrx/contracts';
import { permissionsOf } from './auth.ts';
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
