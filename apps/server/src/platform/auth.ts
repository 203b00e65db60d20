import {
  ErrorReason,
  Messages,
  OrgStatus,
  type PasswordChangeReason,
  type PermissionGrant,
  UserStatus,
} from '@aqzrx/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { AuthContext, Db } from './context.ts';
import { unauthorized } from './errors.ts';
import { authSeq, SessionCache } from './session-cache.ts';
import { hashToken } from './tokens.ts';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22,128}$/;
/** last_seen_at is written at most this often (a tenth of the idle window), so reads do not each cost a write. */
const TOUCH_INTERVAL_MAX_MS = 60_000;

export function readToken(req: FastifyRequest): string | undefined {
  const h = req.headers['x-token'];
  const token = Array.isArray(h) ? h[0] : h;
  return token && token.length > 0 ? token : undefined;
}

/** A token in the URL is refused outright (security.md S01): it would land in logs and history. */
export function tokenInUrl(req: FastifyRequest): boolean {
  const q = req.query as Record<string, unknown> | undefined;
  if (!q || typeof q !== 'object') return false;
  return Object.keys(q).some((k) => /^(x-?token|token|access-?token)$/i.test(k));
}

/** The session with its user, role, organisation and the current permission version. */
function selectSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('sysSession as s')
    .innerJoin('sysUser as u', 'u.id', 's.userId')
    .innerJoin('sysRole as r', 'r.id', 'u.roleId')
    .leftJoin('sysOrg as o', 'o.id', 'u.orgId')
    .select([
      's.id as sessionId',
      's.expiresAt',
      's.lastSeenAt',
      's.revokedAt',
      'u.id as userId',
      'u.username',
      'u.nickname',
      'u.status',
      'u.deletedAt',
      'u.mustChangePassword',
      'u.passwordChangedAt',
      'u.districtCodes',
      'u.orgId',
      'r.id as roleId',
      'r.roleKey',
      'o.name as orgName',
      'o.status as orgStatus',
      (eb) =>
        eb.selectFrom('sysPermissionVersion').select('version').where('id', '=', 1).as('permissionVersion'),
    ])
    .where('s.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}
type SessionRow = NonNullable<Awaited<ReturnType<typeof selectSession>>>;

const sessionCaches = new WeakMap<Db, SessionCache<SessionRow>>();
function sessionCacheFor(db: Db, config: Config): SessionCache<SessionRow> {
  let cache = sessionCaches.get(db);
  if (!cache) {
    cache = new SessionCache<SessionRow>(config.SESSION_CACHE_MS);
    sessionCaches.set(db, cache);
  }
  return cache;
}

/** The run-time session and password policy (the `security` setting, read per request). */
export interface SessionPolicy {
  idleTimeoutMinutes: number;
  /** 0 = passwords never expire. */
  passwordMaxAgeDays: number;
}

/** Whether a password changed at `changedAt` has outlived the policy at `now`. */
export function passwordExpired(changedAt: Date, now: Date, passwordMaxAgeDays: number): boolean {
  const maxAgeMs = passwordMaxAgeDays * 86_400_000;
  return maxAgeMs > 0 && changedAt.getTime() + maxAgeMs <= now.getTime();
}

/**
 * Why a user must change the password now, or null. An administrator sets the flag in two places only:
 * creating the user (no password history yet: the initial password) and resetting the password (which
 * files the replaced one in the history). Reads the database only when the flag is set.
 */
export async function passwordChangeReason(
  db: Db,
  user: { userId: number; mustChangePassword: boolean; passwordExpired: boolean },
): Promise<PasswordChangeReason | null> {
  if (user.mustChangePassword) {
    const replaced = await db
      .selectFrom('sysPasswordHistory')
      .select('id')
      .where('userId', '=', user.userId)
      .limit(1)
      .executeTakeFirst();
    return replaced ? 'reset' : 'initial';
  }
  return user.passwordExpired ? 'expired' : null;
}

/**
 * Resolves X-TOKEN to the session's user: absolute lifetime, idle timeout, revocation and user
 * status are all checked here, against the injected clock and the policy in force, on every request
 * (also for a cached row, see session-cache.ts: the cache keeps rows, never a verdict, so a changed
 * policy applies to the next request). Throws 401 with the reason.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
  config: Config,
  policy: SessionPolicy,
): Promise<AuthContext> {
  if (!TOKEN_SHAPE.test(token)) throw unauthorized();
  const key = hashToken(token);
  const cache = sessionCacheFor(db, config);
  let row = cache.get(key);
  if (!row) {
    const seq = authSeq();
    row = await selectSession(db, key);
    if (row) cache.set(key, row, seq);
  }
  if (!row || row.revokedAt) throw unauthorized(Messages.tokenExpired, ErrorReason.TOKEN_EXPIRED);
  const t = now.getTime();
  const idleMs = policy.idleTimeoutMinutes * 60_000;
  if (row.expiresAt.getTime() <= t || row.lastSeenAt.getTime() + idleMs <= t) {
    await db
      .updateTable('sysSession')
      .set({ revokedAt: now, revokeReason: 'expired' })
      .where('id', '=', row.sessionId)
      .where('revokedAt', 'is', null)
      .execute();
    throw unauthorized(Messages.tokenExpired, ErrorReason.TOKEN_EXPIRED);
  }
  // A suspended organisation's people are out too (suspending also revokes their sessions).
  if (row.deletedAt || row.status === UserStatus.DISABLED || row.orgStatus === OrgStatus.SUSPENDED) {
    throw unauthorized(Messages.tokenExpired, ErrorReason.TOKEN_EXPIRED);
  }
  if (t - row.lastSeenAt.getTime() >= Math.min(TOUCH_INTERVAL_MAX_MS, idleMs / 10)) {
    await db.updateTable('sysSession').set({ lastSeenAt: now }).where('id', '=', row.sessionId).execute();
    row.lastSeenAt = now; // the cached row follows the database
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    username: row.username,
    nickname: row.nickname,
    roleId: row.roleId,
    roleKey: row.roleKey,
    orgId: row.orgId,
    orgName: row.orgName ?? '',
    status: row.status,
    districtCodes: row.districtCodes ? row.districtCodes.split(',').filter(Boolean) : [],
    mustChangePassword: row.mustChangePassword,
    passwordExpired: passwordExpired(row.passwordChangedAt, now, policy.passwordMaxAgeDays),
    permissionVersion: Number(row.permissionVersion ?? -1),
  };
}

/** The role's permissions: union of action lists per permissionId over the role's resources. */
export async function loadPermissions(db: Db, roleId: number): Promise<PermissionGrant[]> {
  const rows = await db
    .selectFrom('sysRoleResource as rr')
    .innerJoin('sysResource as res', 'res.id', 'rr.resourceId')
    .select(['res.permission', 'rr.actions'])
    .where('rr.roleId', '=', roleId)
    .where('res.permission', '!=', '')
    .execute();
  const map = new Map<string, Set<string>>();
  for (const r of rows) {
    const set = map.get(r.permission) ?? new Set<string>();
    for (const a of r.actions.split(',')) if (a) set.add(a.trim());
    map.set(r.permission, set);
  }
  return [...map.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([permissionId, set]) => ({ permissionId, actionList: [...set].sort() }));
}

/** Per database: roleId → grants loaded at a permission version. */
const grantCache = new WeakMap<Db, Map<number, { version: number; grants: PermissionGrant[] }>>();

/**
 * The role's permissions for the request hook, reused while sys_permission_version (read in the same query
 * as the session) is unchanged: triggers bump it on every write to role grants or resources, so a change
 * takes effect on the next request on every instance, and the common request saves one query.
 */
export async function permissionsAt(db: Db, roleId: number, version: number): Promise<PermissionGrant[]> {
  let byRole = grantCache.get(db);
  if (!byRole) {
    byRole = new Map();
    grantCache.set(db, byRole);
  }
  const hit = byRole.get(roleId);
  if (hit && hit.version === version && version >= 0) return hit.grants;
  const grants = await loadPermissions(db, roleId);
  byRole.set(roleId, { version, grants });
  return grants;
}

/**
 * The caller's permissions, for routes that check a permission in the handler (declared `authenticated`,
 * so the request hook did not load them): loaded once per request, through the same per-version cache.
 */
export async function permissionsOf(db: Db, auth: AuthContext): Promise<PermissionGrant[]> {
  auth.permissions ??= await permissionsAt(db, auth.roleId, auth.permissionVersion);
  return auth.permissions;
}

/** Revokes every live session of a user (password change/reset, disable, delete, role change). */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  now: Date,
  reason: string,
  exceptSessionId?: number,
): Promise<number> {
  let q = db
    .updateTable('sysSession')
    .set({ revokedAt: now, revokeReason: reason })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (exceptSessionId !== undefined) q = q.where('id', '!=', exceptSessionId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}
