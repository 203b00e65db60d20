import {
  type AddUserBody,
  type AdminDuty,
  DISTRICTS,
  isReservedDuty,
  maskMobile,
  optionLabel,
  type Paged,
  RESERVED_ACCOUNT_MESSAGE,
  RESERVED_ROLE_ASSIGN_MESSAGE,
  RoleKey,
  roleDisplayName,
  type SaveUserBody,
  type SessionRow,
  USER_EXPORT_ROW_CAP,
  USER_STATUS,
  type UserDetail,
  type UserListQuery,
  type UserRow,
  UserStatus,
} from '@aqzrx/contracts';
import { sql } from 'kysely';
import { escapeLike } from '../../db/sql.ts';
import { revokeUserSessions } from '../../platform/auth.ts';
import type { AuthContext, Db, Tx } from '../../platform/context.ts';
import { endOfDay, startOfDay } from '../../platform/dates.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { serverPasswordProblem } from '../../platform/password-strength.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { dutiesByRole, roleDuties } from '../../platform/permissions.ts';
import { decryptPhone, encryptPhoneOrNull, phoneIndex } from '../../platform/pii.ts';
import { assertVersion, bumpVersion, updateVersioned } from '../../platform/versioned.ts';
import { districtListWithin } from '../message/index.ts';

const PASSWORD_HISTORY = 5;

/** 400 that names the offending field the way schema failures do. */
export function fieldError(field: string, message: string) {
  return badRequest(`请求参数 ${field} 有误：${message}`, { fields: [{ field, message }] });
}

export function maskEmail(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.indexOf('@');
  if (at <= 0) return '****';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * Whose accounts a caller manages. The operations admin (and any role given user management) manages
 * every account; a government administrator manages the accounts of its own department only — the
 * regulator accounts — and cannot give a jurisdiction beyond its own (security.md Z02: lists are
 * scoped, out-of-scope ids answer 404 like missing ones).
 */
export interface UserScope {
  roleKeys: string[];
  /** The caller's jurisdiction; empty (or every district) means the whole city. */
  districts: string[];
  /** The caller's organisation: accounts it creates belong to it. */
  orgId: number | null;
}

export function userScope(auth: Pick<AuthContext, 'roleKey' | 'districtCodes' | 'orgId'>): UserScope | null {
  if (auth.roleKey !== RoleKey.GOVERNMENT) return null;
  const whole = DISTRICTS.every((d) => auth.districtCodes.includes(d.value));
  return {
    roleKeys: [RoleKey.GOVERNMENT],
    districts: whole ? [] : [...auth.districtCodes],
    orgId: auth.orgId,
  };
}

function assertAssignable(
  scope: UserScope | null,
  roleKey: string,
  districtCodes: string[] | undefined,
): void {
  if (!scope) return;
  if (!scope.roleKeys.includes(roleKey)) throw fieldError('roleId', '只能为本部门的账号分配本部门的角色');
  if (districtCodes && scope.districts.length > 0) {
    const outside = districtCodes.filter((d) => !scope.districts.includes(d));
    if (outside.length > 0 || districtCodes.length === 0)
      throw fieldError('districtCodes', '管辖区县不能超出您本人的管辖范围');
  }
}

/** Users that exist: soft-deleted and out-of-scope ones answer like missing ones (404). */
function baseQuery(db: Db, scope: UserScope | null) {
  let q = db
    .selectFrom('sysUser as u')
    .innerJoin('sysRole as r', 'r.id', 'u.roleId')
    .leftJoin('sysOrg as o', 'o.id', 'u.orgId')
    .leftJoin('sysLoginAttempt as la', (join) =>
      join.on((eb) => eb(eb.fn('lower', ['u.username']), '=', eb.ref('la.usernameLower'))),
    )
    .where('u.deletedAt', 'is', null);
  if (scope) q = q.where('r.roleKey', 'in', scope.roleKeys);
  // A district regulator manages only accounts whose jurisdiction lies within its own: never a city-wide
  // account (no districts, or more than its own), so it cannot disable, reset or narrow its superiors.
  if (scope && scope.districts.length > 0)
    q = q.where(districtListWithin('u.districtCodes', scope.districts));
  return q;
}

/** Days without a sign-in after which an account is 长期未登录 (IDLE_ACCOUNT_DAYS; security.md A08). */
export const DEFAULT_IDLE_ACCOUNT_DAYS = 90;
const DAY_MS = 86_400_000;

/** Accounts whose last sign-in (or, never signed in, creation) is before this are idle. */
export function idleCutoff(now: Date, idleDays: number): Date {
  return new Date(now.getTime() - idleDays * DAY_MS);
}

function filtered(db: Db, f: UserListQuery, scope: UserScope | null, now: Date, idleDays: number) {
  let q = baseQuery(db, scope);
  if (f.idle) {
    const cutoff = idleCutoff(now, idleDays);
    q = q.where((eb) =>
      eb(eb.fn.coalesce('u.lastLoginAt', 'u.createdAt'), f.idle === '1' ? '<' : '>=', cutoff),
    );
  }
  if (f.username) q = q.where('u.username', 'ilike', `%${escapeLike(f.username)}%`);
  if (f.nickname) q = q.where('u.nickname', 'ilike', `%${escapeLike(f.nickname)}%`);
  if (f.roleKey) q = q.where((eb) => eb(eb.fn('upper', ['r.roleKey']), '=', f.roleKey!.toUpperCase()));
  if (f.roleId !== undefined) q = q.where('u.roleId', '=', f.roleId);
  if (f.orgId !== undefined) q = q.where('u.orgId', '=', f.orgId);
  if (f.status !== undefined) q = q.where('u.status', '=', f.status);
  // Exact match through the blind index (the number itself is stored encrypted, security.md P03).
  if (f.mobile) q = q.where('u.mobileHash', '=', phoneIndex(f.mobile));
  if (f.createdStart) q = q.where('u.createdAt', '>=', startOfDay(f.createdStart));
  if (f.createdEnd) q = q.where('u.createdAt', '<=', endOfDay(f.createdEnd));
  return q;
}

const ROW_COLUMNS = [
  'u.id',
  'u.username',
  'u.nickname',
  'u.avatar',
  'u.mobileEnc',
  'u.email',
  'u.status',
  'u.roleId',
  'r.roleKey',
  'r.roleName',
  'u.orgId',
  'o.name as orgName',
  'o.orgType',
  'u.districtCodes',
  'u.mustChangePassword',
  'u.lastLoginAt',
  'u.lastLoginIp',
  'u.createdAt',
  'u.updatedAt',
  'u.version',
  // Locked for some client (five failures from it) or as a whole (ACCOUNT_LOCK_THRESHOLD from everywhere).
  sql<Date | null>`greatest(la.locked_until, (SELECT max(c.locked_until) FROM sys_login_attempt_client c
    WHERE c.username_lower = lower(u.username)))`.as('lockedUntil'),
] as const;

interface RawUser {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  mobileEnc: string | null;
  email: string | null;
  status: number;
  roleId: number;
  roleKey: string;
  roleName: string;
  orgId: number | null;
  orgName: string | null;
  orgType: string | null;
  districtCodes: string;
  mustChangePassword: boolean;
  lastLoginAt: Date | null;
  lastLoginIp: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  lockedUntil: Date | null;
}

function toRow(
  u: RawUser,
  now: Date,
  reveal = false,
  idleDays = DEFAULT_IDLE_ACCOUNT_DAYS,
  duties: readonly AdminDuty[] = [],
): UserRow {
  const mobile = decryptPhone(u.mobileEnc);
  return {
    id: u.id,
    username: u.username,
    nickname: u.nickname,
    avatar: u.avatar,
    mobile: reveal ? mobile : maskMobile(mobile),
    status: u.status,
    statusLabel: optionLabel(USER_STATUS, u.status),
    roleId: u.roleId,
    roleKey: u.roleKey,
    roleName: u.roleName,
    roleDisplay: roleDisplayName(u.roleKey),
    duty: duties[0] ?? null,
    orgId: u.orgId,
    orgName: u.orgName ?? '',
    isOrg: u.orgId !== null,
    locked: !!u.lockedUntil && u.lockedUntil.getTime() > now.getTime(),
    lastLoginAt: u.lastLoginAt ? u.lastLoginAt.toISOString() : null,
    idle: (u.lastLoginAt ?? u.createdAt).getTime() < idleCutoff(now, idleDays).getTime(),
    createdAt: u.createdAt.toISOString(),
    version: u.version,
  };
}

const SORTABLE: Record<string, 'u.createdAt' | 'u.username' | 'u.lastLoginAt' | 'u.id'> = {
  createdAt: 'u.createdAt',
  username: 'u.username',
  lastLoginAt: 'u.lastLoginAt',
  id: 'u.id',
};

export async function searchUsers(
  db: Db,
  f: UserListQuery,
  now: Date,
  scope: UserScope | null = null,
  idleDays = DEFAULT_IDLE_ACCOUNT_DAYS,
): Promise<Paged<UserRow>> {
  const q = filtered(db, f, scope, now, idleDays);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const col = SORTABLE[f.sortField ?? ''] ?? 'u.createdAt';
  const dir = f.sortOrder === 'asc' || f.sortOrder === 'ascend' ? 'asc' : 'desc';
  const rows = await q
    .select(ROW_COLUMNS)
    .orderBy(col, dir)
    .orderBy('u.id', dir)
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
    .execute();
  const duties = await dutiesByRole(db);
  return {
    list: rows.map((r) => toRow(r, now, false, idleDays, duties.get(r.roleId))),
    total: Number(total.c),
    pageNum: f.pageNo,
    pageSize: f.pageSize,
  };
}

/** Every user matching the filters (newest first), refused above the export cap (security.md V07). */
export async function usersForExport(
  db: Db,
  f: UserListQuery,
  now: Date,
  scope: UserScope | null = null,
  idleDays = DEFAULT_IDLE_ACCOUNT_DAYS,
): Promise<UserRow[]> {
  const q = filtered(db, f, scope, now, idleDays);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  if (Number(total.c) > USER_EXPORT_ROW_CAP) {
    throw badRequest(
      `符合条件的用户有 ${Number(total.c)} 个，超过单次导出上限 ${USER_EXPORT_ROW_CAP} 个，请缩小筛选范围后再导出`,
    );
  }
  const rows = await q.select(ROW_COLUMNS).orderBy('u.createdAt', 'desc').orderBy('u.id', 'desc').execute();
  const duties = await dutiesByRole(db);
  // Unmasking is decided by the caller; rows carry the raw mobile here.
  return rows.map((r) => toRow(r, now, true, idleDays, duties.get(r.roleId)));
}

async function loadUser(db: Db, id: number, scope: UserScope | null) {
  const u = await baseQuery(db, scope).select(ROW_COLUMNS).where('u.id', '=', id).executeTakeFirst();
  if (!u) throw notFound('用户不存在');
  return u;
}

export async function getUser(
  db: Db,
  id: number,
  now: Date,
  reveal: boolean,
  scope: UserScope | null = null,
  idleDays = DEFAULT_IDLE_ACCOUNT_DAYS,
): Promise<UserDetail> {
  const u = await loadUser(db, id, scope);
  const sessions = await db
    .selectFrom('sysSession')
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .where('userId', '=', id)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirstOrThrow();
  const locked = !!u.lockedUntil && u.lockedUntil.getTime() > now.getTime();
  return {
    ...toRow(u, now, reveal, idleDays, await roleDuties(db, u.roleId)),
    email: reveal ? (u.email ?? '') : maskEmail(u.email),
    orgType: u.orgType,
    districtCodes: u.districtCodes.split(',').filter(Boolean),
    mustChangePassword: u.mustChangePassword,
    lockedUntil: locked && u.lockedUntil ? u.lockedUntil.toISOString() : null,
    lastLoginIp: u.lastLoginIp ?? '',
    activeSessions: Number(sessions.c),
    updatedAt: u.updatedAt.toISOString(),
    revealed: reveal,
  };
}

async function requireRole(db: Db, roleId: number): Promise<{ roleKey: string }> {
  const role = await db
    .selectFrom('sysRole')
    .select(['id', 'roleKey'])
    .where('id', '=', roleId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!role) throw fieldError('roleId', '角色不存在，请重新选择');
  return role;
}

/**
 * 三权分立 (security.md Z04): the security and audit roles are granted and revoked by the security
 * administrator (assignDutyRole), never through the user and role screens of the system administrator.
 */
async function assertNotReservedRole(db: Db, roleId: number): Promise<void> {
  if (isReservedDuty(await roleDuties(db, roleId))) throw forbidden(RESERVED_ROLE_ASSIGN_MESSAGE);
}

/** Nor does the system administrator change, disable, delete or reset the password of their accounts. */
async function assertNotReservedAccount(db: Db, user: { roleId: number }): Promise<void> {
  if (isReservedDuty(await roleDuties(db, user.roleId))) throw forbidden(RESERVED_ACCOUNT_MESSAGE);
}

async function requireOrg(db: Db, orgId: number | null | undefined): Promise<void> {
  if (orgId === null || orgId === undefined) return;
  const org = await db
    .selectFrom('sysOrg')
    .select('id')
    .where('id', '=', orgId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!org) throw fieldError('orgId', '所属机构不存在，请重新选择');
}

async function requireUniqueMobile(db: Db, mobile: string | null | undefined, exceptId?: number) {
  if (!mobile) return;
  let q = db
    .selectFrom('sysUser')
    .select('id')
    .where('mobileHash', '=', phoneIndex(mobile))
    .where('deletedAt', 'is', null);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict('该手机号已被其他用户使用');
}

export async function addUser(trx: Tx, input: AddUserBody, actor: AuthContext, now: Date): Promise<number> {
  const dup = await trx
    .selectFrom('sysUser')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', input.username.toLowerCase()))
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (dup) throw conflict(`用户名 ${input.username} 已被使用，请换一个`);
  await requireUniqueMobile(trx, input.mobile);
  const role = await requireRole(trx, input.roleId);
  await assertNotReservedRole(trx, input.roleId);
  const scope = userScope(actor);
  assertAssignable(scope, role.roleKey, input.districtCodes);
  if (scope) {
    if (input.orgId !== null && input.orgId !== scope.orgId)
      throw fieldError('orgId', '只能为本部门创建账号');
    input = { ...input, orgId: scope.orgId };
  }
  await requireOrg(trx, input.orgId);
  const problem = serverPasswordProblem(input.password, {
    username: input.username,
    ...(input.mobile ? { mobile: input.mobile } : {}),
  });
  if (problem) throw fieldError('password', problem);
  // An enterprise account of an enterprise whose information is not complete (e.g. created by a register
  // import) starts in status 3: it sees only the complete-your-information page until someone completes it.
  let status: number = UserStatus.ACTIVE;
  if (role.roleKey === RoleKey.ENT && input.orgId !== null) {
    const ent = await trx
      .selectFrom('insEnterprise')
      .select('infoComplete')
      .where('id', '=', input.orgId)
      .executeTakeFirst();
    if (!ent?.infoComplete) status = UserStatus.ENT_INFO_INCOMPLETE;
  }
  const row = await trx
    .insertInto('sysUser')
    .values({
      username: input.username,
      nickname: input.nickname,
      avatar: input.avatar,
      mobileEnc: encryptPhoneOrNull(input.mobile),
      mobileHash: phoneIndex(input.mobile) || null,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      passwordChangedAt: now,
      mustChangePassword: input.mustChangePassword,
      status,
      roleId: input.roleId,
      orgId: input.orgId,
      districtCodes: [...new Set(input.districtCodes)].join(','),
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function requireUserForUpdate(trx: Tx, id: number, scope: UserScope | null = null) {
  let q = trx
    .selectFrom('sysUser')
    .select([
      'id',
      'username',
      'mobileEnc',
      'roleId',
      'status',
      'statusBeforeDisable',
      'version',
      'passwordHash',
    ])
    .where('id', '=', id)
    .where('deletedAt', 'is', null);
  if (scope)
    q = q.where('roleId', 'in', (eb) =>
      eb.selectFrom('sysRole').select('id').where('roleKey', 'in', scope.roleKeys),
    );
  if (scope && scope.districts.length > 0) q = q.where(districtListWithin('districtCodes', scope.districts));
  const row = await q.forUpdate().executeTakeFirst();
  if (!row) throw notFound('用户不存在');
  const { mobileEnc, ...user } = row;
  return { ...user, mobile: decryptPhone(mobileEnc) };
}

/** Edits a user; a role change revokes the user's sessions (security.md S05). */
export async function saveUser(
  trx: Tx,
  input: SaveUserBody,
  actor: AuthContext,
  now: Date,
): Promise<{ roleChanged: boolean; revoked: number }> {
  const scope = userScope(actor);
  const user = await requireUserForUpdate(trx, input.id, scope);
  await assertNotReservedAccount(trx, user);
  assertVersion(user, input.version);
  const roleChanged = input.roleId !== undefined && input.roleId !== user.roleId;
  if (roleChanged && user.id === actor.userId) throw fieldError('roleId', '不能修改自己的角色');
  if (roleChanged) await assertNotReservedRole(trx, input.roleId!);
  // The (new) role must exist; a scoped caller may assign it, and the jurisdiction, only within its own.
  if (roleChanged || (scope && input.districtCodes !== undefined)) {
    const role = await requireRole(trx, input.roleId ?? user.roleId);
    assertAssignable(scope, role.roleKey, input.districtCodes);
  }
  if (scope && input.orgId !== undefined && input.orgId !== scope.orgId)
    throw fieldError('orgId', '不能把账号移出本部门');
  if (input.mobile !== undefined && (input.mobile ?? '') !== user.mobile)
    await requireUniqueMobile(trx, input.mobile, user.id);
  await requireOrg(trx, input.orgId);
  await updateVersioned(
    trx,
    'sysUser',
    { id: user.id, version: input.version },
    {
      ...(input.nickname !== undefined ? { nickname: input.nickname } : {}),
      ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
      ...(input.mobile !== undefined
        ? { mobileEnc: encryptPhoneOrNull(input.mobile), mobileHash: phoneIndex(input.mobile) || null }
        : {}),
      ...(input.email !== undefined ? { email: input.email } : {}),
      ...(input.roleId !== undefined ? { roleId: input.roleId } : {}),
      ...(input.orgId !== undefined ? { orgId: input.orgId } : {}),
      ...(input.districtCodes !== undefined
        ? { districtCodes: [...new Set(input.districtCodes)].join(',') }
        : {}),
      updatedAt: now,
      updatedBy: actor.userId,
    },
  );
  const revoked = roleChanged ? await revokeUserSessions(trx, user.id, now, 'role-changed') : 0;
  return { roleChanged, revoked };
}

/** Soft delete; the user's sessions end at once. */
export async function deleteUser(trx: Tx, id: number, actor: AuthContext, now: Date): Promise<void> {
  if (id === actor.userId) throw badRequest('不能删除当前登录的用户');
  const user = await requireUserForUpdate(trx, id, userScope(actor));
  await assertNotReservedAccount(trx, user);
  await bumpVersion(trx, 'sysUser', user.id, { deletedAt: now, updatedAt: now, updatedBy: actor.userId });
  await revokeUserSessions(trx, user.id, now, 'user-deleted');
}

/**
 * An administrator sets a temporary password: it must meet the rule and differ from the last five;
 * the user must change it at next login, and every session of the user ends (security.md A01, A05).
 */
export async function resetPassword(
  trx: Tx,
  id: number,
  newPwd: string,
  actor: AuthContext,
  now: Date,
): Promise<void> {
  if (id === actor.userId) throw badRequest('请通过“修改密码”修改自己的密码');
  const user = await requireUserForUpdate(trx, id, userScope(actor));
  await assertNotReservedAccount(trx, user);
  const problem = serverPasswordProblem(newPwd, {
    username: user.username,
    ...(user.mobile ? { mobile: user.mobile } : {}),
  });
  if (problem) throw fieldError('newPwd', problem);
  const history = await trx
    .selectFrom('sysPasswordHistory')
    .select('passwordHash')
    .where('userId', '=', user.id)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(PASSWORD_HISTORY - 1)
    .execute();
  for (const h of [user.passwordHash, ...history.map((r) => r.passwordHash)]) {
    if (await verifyPassword(h, newPwd))
      throw fieldError('newPwd', `新密码不能与该用户最近${PASSWORD_HISTORY}次使用过的密码相同`);
  }
  const hash = await hashPassword(newPwd);
  await bumpVersion(trx, 'sysUser', user.id, {
    passwordHash: hash,
    mustChangePassword: true,
    passwordChangedAt: now,
    updatedAt: now,
    updatedBy: actor.userId,
  });
  await trx
    .insertInto('sysPasswordHistory')
    .values({ userId: user.id, passwordHash: user.passwordHash, createdAt: now })
    .execute();
  await revokeUserSessions(trx, user.id, now, 'password-reset');
}

/** Clears the failed-login counter and lock of the user's username (security.md A02). */
export async function unlockUser(trx: Tx, id: number, scope: UserScope | null = null): Promise<boolean> {
  const user = await requireUserForUpdate(trx, id, scope);
  const name = user.username.toLowerCase();
  const account = await trx
    .deleteFrom('sysLoginAttempt')
    .where('usernameLower', '=', name)
    .executeTakeFirst();
  const clients = await trx
    .deleteFrom('sysLoginAttemptClient')
    .where('usernameLower', '=', name)
    .executeTakeFirst();
  return Number(account.numDeletedRows) + Number(clients.numDeletedRows) > 0;
}

/**
 * Enable (1) or disable (2). Disabling remembers the status the user had (e.g. 3, enterprise
 * information incomplete), which enabling restores, and revokes the user's sessions at once.
 */
export async function setUserStatus(
  trx: Tx,
  id: number,
  status: 1 | 2,
  actor: AuthContext,
  now: Date,
): Promise<boolean> {
  if (status === UserStatus.DISABLED && id === actor.userId) throw badRequest('不能停用当前登录的用户');
  const user = await requireUserForUpdate(trx, id, userScope(actor));
  await assertNotReservedAccount(trx, user);
  const disabled = user.status === UserStatus.DISABLED;
  if ((status === UserStatus.DISABLED) === disabled) return false;
  await bumpVersion(
    trx,
    'sysUser',
    user.id,
    status === UserStatus.DISABLED
      ? {
          status: UserStatus.DISABLED,
          statusBeforeDisable: user.status,
          updatedAt: now,
          updatedBy: actor.userId,
        }
      : {
          status: user.statusBeforeDisable ?? UserStatus.ACTIVE,
          statusBeforeDisable: null,
          updatedAt: now,
          updatedBy: actor.userId,
        },
  );
  if (status === UserStatus.DISABLED) await revokeUserSessions(trx, user.id, now, 'disabled');
  return true;
}

/**
 * The security administrator disables an account that is 长期未登录 (security.md A08, 三权分立: handling idle
 * accounts is the security duty; the daily job reports them to the security administrators). Only an idle
 * account: any other is the system administrator's to disable (用户管理), so 409. As a disable in 用户管理 the
 * previous status is kept for a later enable and the sessions end at once. False when already disabled.
 */
export async function disableIdleAccount(
  trx: Tx,
  id: number,
  actor: AuthContext,
  now: Date,
  idleDays: number,
): Promise<boolean> {
  if (id === actor.userId) throw badRequest('不能停用当前登录的用户');
  const user = await requireUserForUpdate(trx, id, userScope(actor));
  if (user.status === UserStatus.DISABLED) return false;
  const seen = await trx
    .selectFrom('sysUser')
    .select(['lastLoginAt', 'createdAt'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  if ((seen.lastLoginAt ?? seen.createdAt).getTime() >= idleCutoff(now, idleDays).getTime())
    throw conflict(
      `该账号 ${idleDays} 天内登录过，不是长期未登录账号；如需停用，请由系统管理员在“用户管理”中办理`,
    );
  await bumpVersion(trx, 'sysUser', user.id, {
    status: UserStatus.DISABLED,
    statusBeforeDisable: user.status,
    updatedAt: now,
    updatedBy: actor.userId,
  });
  await revokeUserSessions(trx, user.id, now, 'disabled');
  return true;
}

/** Live sessions of a user: not revoked, not past the absolute lifetime or the idle timeout. */
export async function liveSessions(
  db: Db,
  userId: number,
  now: Date,
  idleMinutes: number,
  currentSessionId?: number,
): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom('sysSession')
    .select(['id', 'createdAt', 'lastSeenAt', 'expiresAt', 'ip', 'userAgent'])
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .where('lastSeenAt', '>', new Date(now.getTime() - idleMinutes * 60_000))
    .orderBy('lastSeenAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    ip: s.ip,
    userAgent: s.userAgent,
    current: s.id === currentSessionId,
  }));
}

export async function userSessions(
  db: Db,
  userId: number,
  now: Date,
  idleMinutes: number,
  scope: UserScope | null = null,
) {
  await loadUser(db, userId, scope);
  return liveSessions(db, userId, now, idleMinutes);
}

/** Ends one session of the caller; another user's session answers like a missing one. */
export async function endOwnSession(trx: Tx, auth: AuthContext, sessionId: number, now: Date): Promise<void> {
  const res = await trx
    .updateTable('sysSession')
    .set({ revokedAt: now, revokeReason: 'user-ended' })
    .where('id', '=', sessionId)
    .where('userId', '=', auth.userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw notFound('会话不存在或已结束');
}

/** Administrator ends one session of a user, or all of them (security.md S05). */
export async function forceLogout(
  trx: Tx,
  userId: number,
  sessionId: number | undefined,
  now: Date,
  scope: UserScope | null = null,
): Promise<number> {
  await requireUserForUpdate(trx, userId, scope);
  if (sessionId === undefined) return revokeUserSessions(trx, userId, now, 'force-logout');
  const res = await trx
    .updateTable('sysSession')
    .set({ revokedAt: now, revokeReason: 'force-logout' })
    .where('id', '=', sessionId)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw notFound('会话不存在或已结束');
  return 1;
}

/**
 * The security administrator grants a security or audit administrator role to an account, revokes it, or moves
 * an account between the two (三权分立, security.md Z04). One side of the change must be such a role, and neither
 * side a role of the system administrator's duty (user, role or menu management); nobody changes their own role.
 * The account's sessions end, as with every role change (security.md S05).
 */
export async function assignDutyRole(
  trx: Tx,
  input: { id: number; version: number; roleId: number },
  actor: AuthContext,
  now: Date,
): Promise<{ roleChanged: boolean; revoked: number }> {
  if (input.id === actor.userId) throw forbidden('不能修改自己的角色，须由另一位安全管理员操作（三权分立）');
  const user = await requireUserForUpdate(trx, input.id);
  assertVersion(user, input.version);
  await requireRole(trx, input.roleId);
  const from = await roleDuties(trx, user.roleId);
  const to = await roleDuties(trx, input.roleId);
  if (from.includes('system') || to.includes('system'))
    throw forbidden(
      '安全管理员不能授予或撤销含用户、角色或菜单管理权限的角色（系统管理员职责），请由系统管理员在“用户管理”中分配（三权分立）',
    );
  if (!isReservedDuty(from) && !isReservedDuty(to))
    throw forbidden('这里只授予或撤销安全管理员、审计管理员角色；其他角色由系统管理员在“用户管理”中分配');
  if (user.roleId === input.roleId) return { roleChanged: false, revoked: 0 };
  await updateVersioned(
    trx,
    'sysUser',
    { id: user.id, version: input.version },
    { roleId: input.roleId, updatedAt: now, updatedBy: actor.userId },
  );
  return { roleChanged: true, revoked: await revokeUserSessions(trx, user.id, now, 'role-changed') };
}
