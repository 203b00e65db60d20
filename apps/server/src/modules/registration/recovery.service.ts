import { normalizeMobile, RegMessages } from '@aqzrx/contracts';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { serverPasswordProblem } from '../../platform/password-strength.ts';
import { decryptPhone, phoneIndex } from '../../platform/pii.ts';
import { changePassword, clearFailures, recordFailure } from '../auth/index.ts';
import { consumeCode, issueCode, type SmsProvider } from '../sms/index.ts';

/**
 * The account a recovery names: its username, or the mobile bound to it (not deleted; found through the
 * mobile's blind index, the number itself is stored encrypted).
 */
export async function recoveryAccount(db: Db, account: string) {
  const lower = account.trim().toLowerCase();
  const mobileHash = phoneIndex(normalizeMobile(account));
  const row = await db
    .selectFrom('sysUser')
    .select(['id', 'username', 'mobileEnc', 'roleId', 'orgId'])
    .where('deletedAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(username)`, '=', lower),
        ...(mobileHash ? [eb('mobileHash', '=', mobileHash)] : []),
      ]),
    )
    .orderBy('id')
    .executeTakeFirst();
  if (!row) return undefined;
  const { mobileEnc, ...user } = row;
  return { ...user, mobile: decryptPhone(mobileEnc) || null };
}

const subjectOf = (account: string) => account.trim().toLowerCase();

/**
 * Step 1 of recovery (spec 7 /api/findpwd/cellphoneCode.json): a code to the account's bound mobile. An
 * unknown account, or one without a mobile, gets the same answer and counts against the same limits.
 */
export async function sendRecoveryCode(
  db: Db,
  provider: SmsProvider,
  account: string,
  ip: string,
  now: Date,
): Promise<number | null> {
  const user = await recoveryAccount(db, account);
  await issueCode(
    db,
    provider,
    { purpose: 'findpwd', subject: subjectOf(account), mobile: user?.mobile ?? null, ip },
    now,
  );
  return user?.mobile ? user.id : null;
}

/**
 * Step 2 (/api/findpwd/resetPwd.json): the code and the new password. The rule is checked first, so a
 * weak password does not spend the code; a wrong code also counts toward the account's sign-in lock. The
 * new password ends every session of the user (changePassword).
 */
export async function resetPassword(
  db: Db,
  config: Config,
  q: { account: string; code: string; newPwd: string },
  now: Date,
  inTx: (fn: (trx: Db) => Promise<void>, target: number) => Promise<void>,
): Promise<void> {
  const user = await recoveryAccount(db, q.account);
  const problem = serverPasswordProblem(q.newPwd, {
    username: user?.username ?? q.account,
    ...(user?.mobile ? { mobile: user.mobile } : {}),
  });
  if (problem) throw badRequest(problem);
  try {
    await consumeCode(db, { purpose: 'findpwd', subject: subjectOf(q.account), code: q.code }, now);
  } catch (err) {
    if (user) await recordFailure(db, config, user.username.toLowerCase(), now);
    throw err;
  }
  if (!user?.mobile) throw badRequest(RegMessages.codeInvalid);
  await inTx(
    (trx) => changePassword(trx, { userId: user.id } as Parameters<typeof changePassword>[1], q.newPwd, now),
    user.id,
  );
  // A recovered account starts with a clean sign-in count.
  await clearFailures(db, user.username.toLowerCase());
}
