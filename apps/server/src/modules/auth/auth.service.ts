import {
  ErrorReason,
  type LoginData,
  Messages,
  OrgStatus,
  RegMessages,
  RegStatus,
  roleNameOf,
  type UserInfo,
  UserStatus,
} from '@aqzrx/contracts';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import { writeAudit } from '../../platform/audit.ts';
import {
  passwordChangeReason,
  passwordExpired,
  permissionsOf,
  revokeUserSessions,
} from '../../platform/auth.ts';
import type { AuthContext, Db } from '../../platform/context.ts';
import { AppError, badRequest, forbidden, unauthorized } from '../../platform/errors.ts';
import { serverPasswordProblem } from '../../platform/password-strength.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';

const PASSWORD_HISTORY = 5;

export interface LoginDeps {
  db: Db;
  config: Config;
  now: () => Date;
  consumeCaptcha: (token: string) => boolean;
  captchaEnabled: boolean;
  /** The run-time password age policy (`security.passwordMaxAgeDays`; 0 = never). */
  passwordMaxAgeDays: number;
}

/** How long the status page of a pending application stays open after the applicant signed in. */
export const APPLICATION_TOKEN_MINUTES = 30;

/** A self-registration waiting for review or returned, by username (no account exists for it yet). */
function openApplication(db: Db, usernameLower: string) {
  return db
    .selectFrom('sysRegistration')
    .select(['id', 'status', 'passwordHash'])
    .where(sql<boolean>`lower(username) = ${usernameLower}`)
    .where('status', 'in', [RegStatus.PENDING, RegStatus.RETURNED])
    .executeTakeFirst();
}

function lockedMessage(config: Config): string {
  return `密码输入错误${config.LOCK_THRESHOLD}次，帐户锁定${config.LOCK_MINUTES}分钟`;
}

/** The user columns a sign-in needs (password or WeChat scan). */
export interface SignInUser {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  status: number;
  orgId: number | null;
  passwordHash: string;
  mustChangePassword: boolean;
  passwordChangedAt: Date;
  roleKey: string;
  orgName: string | null;
  orgStatus: number | null;
}

/** Reads a live (not deleted) user for sign-in, by lower-cased username or by id. */
export async function findSignInUser(
  db: Db,
  by: { usernameLower: string } | { id: number },
): Promise<SignInUser | undefined> {
  return db
    .selectFrom('sysUser as u')
    .innerJoin('sysRole as r', 'r.id', 'u.roleId')
    .leftJoin('sysOrg as o', 'o.id', 'u.orgId')
    .select([
      'u.id',
      'u.username',
      'u.nickname',
      'u.avatar',
      'u.status',
      'u.orgId',
      'u.passwordHash',
      'u.mustChangePassword',
      'u.passwordChangedAt',
      'r.roleKey',
      'o.name as orgName',
      'o.status as orgStatus',
    ])
    .$if('id' in by, (q) => q.where('u.id', '=', (by as { id: number }).id))
    .$if('usernameLower' in by, (q) =>
      q.where((eb) =>
        eb(eb.fn('lower', ['u.username']), '=', (by as { usernameLower: string }).usernameLower),
      ),
    )
    .where('u.deletedAt', 'is', null)
    .executeTakeFirst();
}

/**
 * Refuses a sign-in the account's state does not allow, whatever proved the identity: a locked name
 * (security.md A02), a disabled account, a suspended organisation. `audit` writes the failure row.
 */
export async function checkSignInAllowed(
  db: Db,
  config: Config,
  user: SignInUser,
  now: Date,
  audit: (errorMsg: string) => Promise<void>,
): Promise<void> {
  const attempt = await db
    .selectFrom('sysLoginAttempt')
    .select('lockedUntil')
    .where('usernameLower', '=', user.username.toLowerCase())
    .executeTakeFirst();
  if (attempt?.lockedUntil && attempt.lockedUntil.getTime() > now.getTime()) {
    await audit(lockedMessage(config));
    throw forbidden(lockedMessage(config), ErrorReason.ACCOUNT_LOCKED);
  }
  if (user.status === UserStatus.DISABLED) {
    await audit(Messages.accountDisabled);
    throw forbidden(Messages.accountDisabled, ErrorReason.ACCOUNT_DISABLED);
  }
  if (user.orgStatus === OrgStatus.SUSPENDED) {
    await audit(Messages.orgSuspended);
    throw forbidden(Messages.orgSuspended, ErrorReason.ORG_SUSPENDED);
  }
}

/**
 * Opens a session for a user whose identity and state were checked: the session row, the last-login
 * fields, the operation-log row (`module`) and any `extra` writes commit together.
 */
export async function startSession(
  deps: Pick<LoginDeps, 'db' | 'config' | 'passwordMaxAgeDays'>,
  req: FastifyRequest,
  user: SignInUser,
  now: Date,
  opts: { module?: string; extra?: (trx: Db) => Promise<void> } = {},
): Promise<LoginData> {
  const { db, config } = deps;
  const token = newToken();
  const expiresAt = new Date(now.getTime() + config.TOKEN_TTL_HOURS * 3_600_000);
  await db.transaction().execute(async (trx) => {
    if (opts.extra) await opts.extra(trx);
    await trx
      .deleteFrom('sysLoginAttempt')
      .where('usernameLower', '=', user.username.toLowerCase())
      .execute();
    await trx
      .insertInto('sysSession')
      .values({
        tokenHash: hashToken(token),
        userId: user.id,
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
        ip: req.ip.slice(0, 64),
        userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300),
      })
      .execute();
    await trx
      .updateTable('sysUser')
      .set({ lastLoginAt: now, lastLoginIp: req.ip.slice(0, 64) })
      .where('id', '=', user.id)
      .execute();
    await writeAudit(
      trx,
      req,
      {
        kind: 'login',
        module: opts.module ?? '登录',
        outcome: 'success',
        userId: user.id,
        username: user.username,
        roleKey: user.roleKey,
        orgName: user.orgName ?? '',
      },
      now,
    );
  });

  const changeReason = await passwordChangeReason(db, {
    userId: user.id,
    mustChangePassword: user.mustChangePassword,
    passwordExpired: passwordExpired(user.passwordChangedAt, now, deps.passwordMaxAgeDays),
  });
  return {
    token,
    userId: user.id,
    username: user.username,
    nickname: user.nickname || user.username,
    avatar: user.avatar,
    roleKey: user.roleKey,
    status: user.status,
    isOrg: user.orgId !== null,
    mustChangePassword: changeReason !== null,
    passwordChangeReason: changeReason,
  };
}

/**
 * Password login (spec 7; security.md A02, A04, S01). Unknown usernames are counted and answered
 * exactly like wrong passwords. Every outcome writes one operation-log row.
 */
export async function login(
  deps: LoginDeps,
  req: FastifyRequest,
  input: { username: string; password: string; captchaToken?: string | undefined },
  opts: { module?: string; extra?: (trx: Db, user: SignInUser) => Promise<void> } = {},
): Promise<LoginData> {
  const now = deps.now();
  const user = await checkPasswordLogin(deps, req, input, opts.module ?? '登录');
  const extra = opts.extra;
  return startSession(deps, req, user, now, {
    module: opts.module ?? '登录',
    ...(extra ? { extra: (trx: Db) => extra(trx, user) } : {}),
  });
}

/** The checks of a password login (captcha, lock, password, account state); no session yet. */
export async function checkPasswordLogin(
  deps: LoginDeps,
  req: FastifyRequest,
  input: { username: string; password: string; captchaToken?: string | undefined },
  module = '登录',
): Promise<SignInUser> {
  const { db, config } = deps;
  const now = deps.now();
  const usernameLower = input.username.trim().toLowerCase();
  const audit = (
    outcome: 'success' | 'fail',
    errorMsg: string,
    userId: number | null = null,
    roleKey = '',
    orgName = '',
  ) =>
    writeAudit(
      db,
      req,
      {
        kind: 'login',
        module,
        outcome,
        errorMsg,
        userId,
        username: input.username,
        roleKey,
        orgName,
      },
      now,
    );

  if (deps.captchaEnabled) {
    if (!input.captchaToken || !deps.consumeCaptcha(input.captchaToken)) {
      await audit('fail', Messages.captchaInvalid);
      throw new AppError(
        400,
        input.captchaToken ? Messages.captchaInvalid : Messages.captchaRequired,
        ErrorReason.CAPTCHA_INVALID,
      );
    }
  }

  const attempt = await db
    .selectFrom('sysLoginAttempt')
    .selectAll()
    .where('usernameLower', '=', usernameLower)
    .executeTakeFirst();
  if (attempt?.lockedUntil && attempt.lockedUntil.getTime() > now.getTime()) {
    await audit('fail', lockedMessage(config));
    throw forbidden(lockedMessage(config), ErrorReason.ACCOUNT_LOCKED);
  }

  const user = await findSignInUser(db, { usernameLower });

  // No account yet: a pending or returned self-registration's applicant signs in to its status page.
  const applicant = user ? undefined : await openApplication(db, usernameLower);
  const passwordOk = await verifyPassword(
    user?.passwordHash ?? applicant?.passwordHash ?? (await dummyHash()),
    input.password,
  );
  if (applicant && passwordOk) {
    const applicationToken = newToken();
    await db
      .updateTable('sysRegistration')
      .set({
        appTokenHash: hashToken(applicationToken),
        appTokenExpiresAt: new Date(now.getTime() + APPLICATION_TOKEN_MINUTES * 60_000),
      })
      .where('id', '=', applicant.id)
      .execute();
    await db.deleteFrom('sysLoginAttempt').where('usernameLower', '=', usernameLower).execute();
    const message = applicant.status === RegStatus.RETURNED ? RegMessages.returned : RegMessages.pending;
    await audit('fail', message);
    throw new AppError(
      403,
      message,
      ErrorReason.REGISTRATION_PENDING,
      {},
      {
        applicationToken,
        status: applicant.status,
      },
    );
  }
  if (!user || !passwordOk) {
    await recordFailure(db, config, usernameLower, now);
    await audit('fail', Messages.badCredentials, user?.id ?? null, user?.roleKey ?? '', user?.orgName ?? '');
    throw unauthorized(Messages.badCredentials);
  }
  if (user.status === UserStatus.DISABLED) {
    await audit('fail', Messages.accountDisabled, user.id, user.roleKey, user.orgName ?? '');
    throw forbidden(Messages.accountDisabled, ErrorReason.ACCOUNT_DISABLED);
  }
  // Told only after the password matched, like a disabled account: it names no organisation to a guesser.
  if (user.orgStatus === OrgStatus.SUSPENDED) {
    await audit('fail', Messages.orgSuspended, user.id, user.roleKey, user.orgName ?? '');
    throw forbidden(Messages.orgSuspended, ErrorReason.ORG_SUSPENDED);
  }
  return user;
}

/**
 * Counts one wrong password for a username in a single statement, so parallel guesses cannot read the
 * same count and slip past the threshold (security.md A02). Returns whether the name is now locked.
 */
export async function recordFailure(
  db: Db,
  config: Config,
  usernameLower: string,
  now: Date,
): Promise<boolean> {
  const lockUntil = new Date(now.getTime() + config.LOCK_MINUTES * 60_000);
  const threshold = config.LOCK_THRESHOLD;
  // A lock that has run out starts a fresh count.
  const next = sql<number>`CASE WHEN sys_login_attempt.locked_until IS NOT NULL AND sys_login_attempt.locked_until <= ${now}
    THEN 1 ELSE sys_login_attempt.failed_count + 1 END`;
  const row = await db
    .insertInto('sysLoginAttempt')
    .values({
      usernameLower,
      failedCount: 1,
      lastFailedAt: now,
      lockedUntil: threshold <= 1 ? lockUntil : null,
    })
    .onConflict((oc) =>
      oc.column('usernameLower').doUpdateSet({
        failedCount: next,
        lastFailedAt: now,
        lockedUntil: sql<Date | null>`CASE WHEN ${next} >= ${threshold} THEN ${lockUntil}::timestamptz ELSE NULL END`,
      }),
    )
    .returning(['failedCount', 'lockedUntil'])
    .executeTakeFirstOrThrow();
  return row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime();
}

export async function getUserInfo(db: Db, auth: AuthContext): Promise<UserInfo> {
  const user = await db
    .selectFrom('sysUser as u')
    .innerJoin('sysRole as r', 'r.id', 'u.roleId')
    .select([
      'u.id',
      'u.username',
      'u.nickname',
      'u.avatar',
      'u.status',
      'u.orgId',
      'r.roleKey',
      'r.roleName',
    ])
    .where('u.id', '=', auth.userId)
    .executeTakeFirstOrThrow();
  const permissions = await permissionsOf(db, auth);
  return {
    uid: user.id,
    username: user.username,
    nickname: user.nickname || user.username,
    avatar: user.avatar,
    status: user.status,
    isOrg: user.orgId !== null,
    orgId: user.orgId,
    orgName: auth.orgName || null,
    districtCodes: auth.districtCodes,
    mustChangePassword: auth.mustChangePassword || auth.passwordExpired,
    passwordChangeReason: await passwordChangeReason(db, auth),
    userRole: {
      roleKey: user.roleKey,
      roleName: roleNameOf(user.roleKey, user.roleName),
      permissions,
    },
  };
}

/**
 * Checks the current password before a change, outside the change's transaction so a failure is
 * counted even though the change is refused: wrong old passwords count towards the same lock as wrong
 * logins, and reaching it ends every session of the user (a stolen session is no password oracle).
 */
export async function checkOldPassword(
  db: Db,
  config: Config,
  auth: AuthContext,
  oldPwd: string,
  now: Date,
): Promise<void> {
  const user = await db
    .selectFrom('sysUser')
    .select(['id', 'username', 'passwordHash'])
    .where('id', '=', auth.userId)
    .executeTakeFirstOrThrow();
  if (await verifyPassword(user.passwordHash, oldPwd)) return;
  if (await recordFailure(db, config, user.username.toLowerCase(), now)) {
    await revokeUserSessions(db, user.id, now, 'locked');
    throw forbidden(lockedMessage(config), ErrorReason.ACCOUNT_LOCKED);
  }
  throw badRequest('原密码错误');
}

/** Sets a new password after checking the rule and the last five; revokes every session of the user. */
export async function changePassword(db: Db, auth: AuthContext, newPwd: string, now: Date): Promise<void> {
  const user = await db
    .selectFrom('sysUser')
    .select(['id', 'username', 'mobile', 'passwordHash'])
    .where('id', '=', auth.userId)
    .executeTakeFirstOrThrow();
  const problem = serverPasswordProblem(newPwd, {
    username: user.username,
    mobile: user.mobile ?? undefined,
  });
  if (problem) throw badRequest(problem);
  const history = await db
    .selectFrom('sysPasswordHistory')
    .select('passwordHash')
    .where('userId', '=', user.id)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(PASSWORD_HISTORY - 1)
    .execute();
  for (const h of [user.passwordHash, ...history.map((r) => r.passwordHash)]) {
    if (await verifyPassword(h, newPwd))
      throw badRequest(`新密码不能与最近${PASSWORD_HISTORY}次使用过的密码相同`);
  }
  const hash = await hashPassword(newPwd);
  await db
    .updateTable('sysUser')
    .set({
      passwordHash: hash,
      passwordChangedAt: now,
      mustChangePassword: false,
      updatedAt: now,
      updatedBy: auth.userId,
    })
    .where('id', '=', user.id)
    .execute();
  await db
    .insertInto('sysPasswordHistory')
    .values({ userId: user.id, passwordHash: user.passwordHash, createdAt: now })
    .execute();
  await revokeUserSessions(db, user.id, now, 'password-changed');
}

export async function logout(db: Db, auth: AuthContext, now: Date): Promise<void> {
  await db
    .updateTable('sysSession')
    .set({ revokedAt: now, revokeReason: 'logout' })
    .where('id', '=', auth.sessionId)
    .where('revokedAt', 'is', null)
    .execute();
}
