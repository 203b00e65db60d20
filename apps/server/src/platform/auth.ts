import { ErrorReason, Messages, type PermissionGrant, UserStatus } from '@aqzrx/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { AuthContext, Db } from './context.ts';
import { unauthorized } from './errors.ts';
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

/**
 * Resolves X-TOKEN to the session's user: absolute lifetime, idle timeout, revocation and user
 * status are all checked here, against the injected clock. Throws 401 with the reason.
 */
export async function resolveSession(db: Db, token: string, now: Date, config: Config): Promise<AuthContext> {
  if (!TOKEN_SHAPE.test(token)) throw unauthorized();
  const row = await db
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
    ])
    .where('s.tokenHash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revokedAt) throw unauthorized(Messages.tokenExpired, ErrorReason.TOKEN_EXPIRED);
  const t = now.getTime();
  const idleMs = config.IDLE_TIMEOUT_MINUTES * 60_000;
  if (row.expiresAt.getTime() <= t || row.lastSeenAt.getTime() + idleMs <= t) {
    await db
      .updateTable('sysSession')
      .set({ revokedAt: now, revokeReason: 'expired' })
      .where('id', '=', row.sessionId)
      .where('revokedAt', 'is', null)
      .execute();
    throw unauthorized(Messages.tokenExpired, ErrorReason.TOKEN_EXPIRED);
  }
  if (row.deletedAt || row.status === UserStatus.DISABLED) {
    throw unauthorized(Messages.tokenExpired, ErrorReason.TOKEN_EXPIRED);
  }
  if (t - row.lastSeenAt.getTime() >= Math.min(TOUCH_INTERVAL_MAX_MS, idleMs / 10)) {
    await db.updateTable('sysSession').set({ lastSeenAt: now }).where('id', '=', row.sessionId).execute();
  }
  const maxAgeMs = config.PASSWORD_MAX_AGE_DAYS * 86_400_000;
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
    passwordExpired: maxAgeMs > 0 && row.passwordChangedAt.getTime() + maxAgeMs <= t,
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
