import {
  ErrorReason,
  type LoginData,
  type LoginResult,
  Messages,
  type MfaEnrolData,
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
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../platform/errors.ts';
import { loginClient, ticketClient } from '../../platform/login-client.ts';
import { serverPasswordProblem } from '../../platform/password-strength.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { decryptPhone, decryptPii } from '../../platform/pii.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import {
  completeEnrolment,
  countTicketAttempt,
  isEnrolled,
  issueTicket,
  liveTicket,
  matchStep,
  mfaRequired,
  newEnrolment,
  pendingData,
  spendTicket,
  verifySecondFactor,
} from './mfa.service.ts';

const PASSWORD_HISTORY = 5;

export interface LoginDeps {
  db: Db;
  config: Config;
  now: () => Date;
  consumeCaptcha: (token: string) => Promise<boolean>;
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

/** The account-wide lock (many failures from many clients); the owner's second factor still opens it. */
export function accountLockedMessage(config: Config): string {
  return `该帐户密码错误次数过多，已锁定${config.LOCK_MINUTES}分钟；已开通二次验证的用户可输入动态验证码登录，或联系管理员解锁`;
}

const isLocked = (row: { lockedUntil: Date | null } | undefined, now: Date) =>
  !!row?.lockedUntil && row.lockedUntil.getTime() > now.getTime();

/** The failure rows of a username: the account-wide one and this client's. */
async function attemptsOf(db: Db, usernameLower: string, client: string) {
  const [account, own] = await Promise.all([
    db
      .selectFrom('sysLoginAttempt')
      .select('lockedUntil')
      .where('usernameLower', '=', usernameLower)
      .executeTakeFirst(),
    db
      .selectFrom('sysLoginAttemptClient')
      .select('lockedUntil')
      .where('usernameLower', '=', usernameLower)
      .where('clientHash', '=', client)
      .executeTakeFirst(),
  ]);
  return { account, own };
}

/** Clears a username's account-wide failure count and one client's, or (no client) every client's. */
export async function clearFailures(db: Db, usernameLower: string, client?: string): Promise<void> {
  await db.deleteFrom('sysLoginAttempt').where('usernameLower', '=', usernameLower).execute();
  await db
    .deleteFrom('sysLoginAttemptClient')
    .where('usernameLower', '=', usernameLower)
    .$if(client !== undefined, (q) => q.where('clientHash', '=', client!))
    .execute();
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
  if (isLocked(attempt, now)) {
    await audit(accountLockedMessage(config));
    throw new AppError(
      403,
      accountLockedMessage(config),
      ErrorReason.ACCOUNT_LOCKED,
      {},
      { scope: 'account' },
    );
  }
  await checkAccountState(user, audit);
}

/** Refuses a disabled account or one of a suspended organisation (after its identity was proven). */
export async function checkAccountState(
  user: SignInUser,
  audit: (errorMsg: string) => Promise<void>,
): Promise<void> {
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
    // The owner proved itself: this client's count and the account-wide one start again; other clients
    // (a stranger's) stay locked.
    await clearFailures(trx, user.username.toLowerCase(), loginClient(req));
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
 * Password login (spec 7; security.md A02, A04, A06, S01). Unknown usernames are counted and answered
 * exactly like wrong passwords. Every outcome writes one operation-log row. A role with a second factor gets
 * no session for the password alone: a single-use ticket for the code step instead (modules/auth/mfa).
 */
export async function login(
  deps: LoginDeps,
  req: FastifyRequest,
  input: { username: string; password: string; captchaToken?: string | undefined; otp?: string | undefined },
  opts: { module?: string; extra?: (trx: Db, user: SignInUser) => Promise<void> } = {},
): Promise<LoginResult> {
  const now = deps.now();
  const user = await checkPasswordLogin(deps, req, input, opts.module ?? '登录');
  if (!user.secondFactorPassed && mfaRequired(deps.config, user.roleKey)) {
    const ticket = await issueTicket(deps.db, 'login', user.id, ticketClient(req), now);
    return pendingData(ticket, await isEnrolled(deps.db, user.id));
  }
  const extra = opts.extra;
  return startSession(deps, req, user, now, {
    module: opts.module ?? '登录',
    ...(extra ? { extra: (trx: Db) => extra(trx, user) } : {}),
  });
}

/**
 * The checks of a password login (captcha, locks, password, account state); no session yet. Failures count
 * per username and client (IP + device cookie; LOCK_THRESHOLD locks that client out) and per username from
 * everywhere (ACCOUNT_LOCK_THRESHOLD locks the account): a stranger who knows a username cannot keep its owner
 * out (issue 17 finding 1). While the account is locked only password + a valid second-factor code (`otp`)
 * gets in, and the answer is the same whichever of the two was wrong. `secondFactorPassed` says so.
 */
export async function checkPasswordLogin(
  deps: LoginDeps,
  req: FastifyRequest,
  input: { username: string; password: string; captchaToken?: string | undefined; otp?: string | undefined },
  module = '登录',
): Promise<SignInUser & { secondFactorPassed: boolean }> {
  const { db, config } = deps;
  const now = deps.now();
  const usernameLower = input.username.trim().toLowerCase();
  const client = loginClient(req);
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
    if (!input.captchaToken || !(await deps.consumeCaptcha(input.captchaToken))) {
      await audit('fail', Messages.captchaInvalid);
      throw new AppError(
        400,
        input.captchaToken ? Messages.captchaInvalid : Messages.captchaRequired,
        ErrorReason.CAPTCHA_INVALID,
      );
    }
  }

  const attempts = await attemptsOf(db, usernameLower, client);
  if (isLocked(attempts.own, now)) {
    await audit('fail', lockedMessage(config));
    throw forbidden(lockedMessage(config), ErrorReason.ACCOUNT_LOCKED);
  }
  const accountLocked = isLocked(attempts.account, now);
  const refuseLockedAccount = async (): Promise<never> => {
    await audit('fail', accountLockedMessage(config));
    throw new AppError(
      403,
      accountLockedMessage(config),
      ErrorReason.ACCOUNT_LOCKED,
      {},
      { scope: 'account' },
    );
  };
  // Without a code the password is not even checked: the locked account is no password oracle.
  if (accountLocked && !input.otp) return refuseLockedAccount();

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
    await clearFailures(db, usernameLower, client);
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
  if (accountLocked) {
    const passes =
      !!user &&
      passwordOk &&
      mfaRequired(config, user.roleKey) &&
      (await verifySecondFactor(db, user.id, input.otp ?? '', now));
    if (!passes) {
      await recordFailure(db, config, usernameLower, now, client);
      return refuseLockedAccount();
    }
  }
  if (!user || !passwordOk) {
    await recordFailure(db, config, usernameLower, now, client);
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
  return { ...user, secondFactorPassed: accountLocked };
}

/**
 * Counts one failed sign-in for a username, each count in a single statement so parallel guesses cannot read
 * the same count and slip past a threshold (security.md A02): this client's count (locked at LOCK_THRESHOLD)
 * when the client is known, and the account-wide count (locked at ACCOUNT_LOCK_THRESHOLD). Returns whether
 * the client (without one: the account) is now locked.
 */
export async function recordFailure(
  db: Db,
  config: Config,
  usernameLower: string,
  now: Date,
  client?: string,
): Promise<boolean> {
  const lockUntil = new Date(now.getTime() + config.LOCK_MINUTES * 60_000);
  const account = await countFailure(
    db,
    'sys_login_attempt',
    usernameLower,
    null,
    config.ACCOUNT_LOCK_THRESHOLD,
    now,
    lockUntil,
  );
  if (client === undefined) return account;
  return countFailure(
    db,
    'sys_login_attempt_client',
    usernameLower,
    client,
    config.LOCK_THRESHOLD,
    now,
    lockUntil,
  );
}

async function countFailure(
  db: Db,
  table: 'sys_login_attempt' | 'sys_login_attempt_client',
  usernameLower: string,
  client: string | null,
  threshold: number,
  now: Date,
  lockUntil: Date,
): Promise<boolean> {
  const t = sql.table(table);
  // A lock that has run out starts a fresh count.
  const next = sql<number>`CASE WHEN ${t}.locked_until IS NOT NULL AND ${t}.locked_until <= ${now}
    THEN 1 ELSE ${t}.failed_count + 1 END`;
  const set = {
    failedCount: next,
    lastFailedAt: now,
    lockedUntil: sql<Date | null>`CASE WHEN ${next} >= ${threshold} THEN ${lockUntil}::timestamptz ELSE NULL END`,
  };
  const first = {
    usernameLower,
    failedCount: 1,
    lastFailedAt: now,
    lockedUntil: threshold <= 1 ? lockUntil : null,
  };
  const row =
    client === null
      ? await db
          .insertInto('sysLoginAttempt')
          .values(first)
          .onConflict((oc) => oc.column('usernameLower').doUpdateSet(set))
          .returning(['lockedUntil'])
          .executeTakeFirstOrThrow()
      : await db
          .insertInto('sysLoginAttemptClient')
          .values({ ...first, clientHash: client })
          .onConflict((oc) => oc.columns(['usernameLower', 'clientHash']).doUpdateSet(set))
          .returning(['lockedUntil'])
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
  client: string,
): Promise<void> {
  const user = await db
    .selectFrom('sysUser')
    .select(['id', 'username', 'passwordHash'])
    .where('id', '=', auth.userId)
    .executeTakeFirstOrThrow();
  if (await verifyPassword(user.passwordHash, oldPwd)) return;
  if (await recordFailure(db, config, user.username.toLowerCase(), now, client)) {
    await revokeUserSessions(db, user.id, now, 'locked');
    throw forbidden(lockedMessage(config), ErrorReason.ACCOUNT_LOCKED);
  }
  throw badRequest('原密码错误');
}

/** Sets a new password after checking the rule and the last five; revokes every session of the user. */
export async function changePassword(db: Db, auth: AuthContext, newPwd: string, now: Date): Promise<void> {
  const user = await db
    .selectFrom('sysUser')
    .select(['id', 'username', 'mobileEnc', 'passwordHash'])
    .where('id', '=', auth.userId)
    .executeTakeFirstOrThrow();
  const mobile = decryptPhone(user.mobileEnc);
  const problem = serverPasswordProblem(newPwd, {
    username: user.username,
    ...(mobile ? { mobile } : {}),
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

/** Writes the operation-log row of a refused sign-in of a known user (module: how they tried to sign in). */
export function failedSignInAudit(
  db: Db,
  req: FastifyRequest,
  user: SignInUser,
  now: Date,
  module: string,
): (errorMsg: string) => Promise<void> {
  return (errorMsg) =>
    writeAudit(
      db,
      req,
      {
        kind: 'login',
        module,
        outcome: 'fail',
        errorMsg,
        userId: user.id,
        username: user.username,
        roleKey: user.roleKey,
        orgName: user.orgName ?? '',
      },
      now,
    );
}

/**
 * The second call of a sign-in with a second factor: the ticket of the password step and a 6-digit code (or a
 * recovery code). Not enrolled yet: the code must be for the secret the enrolment QR showed, which it then
 * stores, and the answer carries the ten recovery codes (shown once). A wrong code counts as a failed
 * sign-in of this client and against the ticket (spent after MFA_TICKET_MAX_ATTEMPTS).
 */
export async function completeMfaLogin(
  deps: Pick<LoginDeps, 'db' | 'config' | 'now' | 'passwordMaxAgeDays'>,
  req: FastifyRequest,
  input: { ticket: string; code: string },
): Promise<LoginData & { recoveryCodes?: string[] }> {
  const { db, config } = deps;
  const now = deps.now();
  const client = loginClient(req);
  const ticket = await liveTicket(db, input.ticket, 'login', ticketClient(req), now);
  const user = await findSignInUser(db, { id: ticket.userId });
  if (!user) throw new AppError(400, Messages.mfaTicketInvalid, ErrorReason.MFA_TICKET_INVALID);
  const usernameLower = user.username.toLowerCase();
  const audit = failedSignInAudit(db, req, user, now, '登录');
  const { own } = await attemptsOf(db, usernameLower, client);
  if (isLocked(own, now)) {
    await audit(lockedMessage(config));
    throw forbidden(lockedMessage(config), ErrorReason.ACCOUNT_LOCKED);
  }
  await checkAccountState(user, audit);

  const enrolling = !(await isEnrolled(db, user.id));
  const wrongCode = async (): Promise<never> => {
    await countTicketAttempt(db, ticket.id);
    const locked = await recordFailure(db, config, usernameLower, now, client);
    await audit(Messages.mfaCodeInvalid);
    if (locked) throw forbidden(lockedMessage(config), ErrorReason.ACCOUNT_LOCKED);
    throw new AppError(400, Messages.mfaCodeInvalid, ErrorReason.MFA_CODE_INVALID);
  };
  if (!enrolling) {
    if (!(await verifySecondFactor(db, user.id, input.code, now))) return wrongCode();
  } else if (
    !ticket.pendingSecretEnc ||
    matchStep(decryptPii(ticket.pendingSecretEnc), input.code, now) === null
  ) {
    return wrongCode();
  }
  let recoveryCodes: string[] | undefined;
  const data = await startSession(deps, req, user, now, {
    extra: async (trx) => {
      if (!(await spendTicket(trx, ticket.id, now)))
        throw new AppError(400, Messages.mfaTicketInvalid, ErrorReason.MFA_TICKET_INVALID);
      if (enrolling) {
        const codes = await completeEnrolment(trx, ticket, input.code, now);
        if (!codes) throw new AppError(400, Messages.mfaCodeInvalid, ErrorReason.MFA_CODE_INVALID);
        recoveryCodes = codes;
        await writeAudit(
          trx,
          req,
          {
            kind: 'security',
            module: '二次验证',
            outcome: 'success',
            errorMsg: '开通二次验证（登录时）',
            targetId: String(user.id),
            userId: user.id,
            username: user.username,
            roleKey: user.roleKey,
            orgName: user.orgName ?? '',
          },
          now,
        );
      }
    },
  });
  return recoveryCodes ? { ...data, recoveryCodes } : data;
}

/** The enrolment QR for a pending sign-in of a user without an authenticator yet (asked again = new secret). */
export async function loginEnrolment(
  db: Db,
  req: FastifyRequest,
  ticketValue: string,
  now: Date,
): Promise<MfaEnrolData> {
  const ticket = await liveTicket(db, ticketValue, 'login', ticketClient(req), now);
  if (await isEnrolled(db, ticket.userId)) throw conflict('该账号已开通二次验证，请输入验证器中的动态验证码');
  const user = await db
    .selectFrom('sysUser')
    .select('username')
    .where('id', '=', ticket.userId)
    .executeTakeFirstOrThrow();
  return newEnrolment(db, ticket.id, ticketValue, user.username);
}
