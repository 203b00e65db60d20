import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  ErrorReason,
  Messages,
  MFA_ROLES,
  type MfaEnrolData,
  type MfaPendingData,
  type MfaStatusData,
} from '@aqzrx/contracts';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/context.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { decryptPii, encryptPii } from '../../platform/pii.ts';

/**
 * Second factor for the operations admin and the regulators (security.md A06, issue 17 finding 8): TOTP
 * (RFC 6238: SHA-1, 6 digits, 30 s, any authenticator app) with ±1 step of drift, each code good once (the
 * last accepted step is kept; a code of that step or an earlier one is a replay), and ten one-time recovery
 * codes. Secrets are SM4 ciphertext at rest (platform/pii.ts); recovery codes and tickets only as hashes.
 */
export const MFA_ISSUER = '宿迁安责险';
/** How long the ticket between the password and the code (and of a re-enrolment) stays good. */
export const MFA_TICKET_TTL_MS = 5 * 60_000;
/** Wrong codes one ticket takes before it is spent (each also counts as a failed sign-in). */
export const MFA_TICKET_MAX_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;

const PERIOD_S = 30;
const DRIFT_STEPS = 1;
/** Recovery-code alphabet: no 0/O, 1/I/L lookalikes. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** Whether this user's role signs in with a second factor on this server. */
export function mfaRequired(config: Config, roleKey: string): boolean {
  return config.MFA && MFA_ROLES.includes(roleKey);
}

function totpOf(secretBase32: string, account: string): TOTP {
  return new TOTP({
    issuer: MFA_ISSUER,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/**
 * The time step a 6-digit code was made for (within ±1 step of `now`), or null. Tests use it too, to
 * compute the codes an authenticator app shows.
 */
export function matchStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secretBase32, '');
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: DRIFT_STEPS });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

/** The code an authenticator shows for `secretBase32` at `at` (tests, scripts). */
export function totpCode(secretBase32: string, at: Date): string {
  return totpOf(secretBase32, '').generate({ timestamp: at.getTime() });
}

function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

const normaliseRecovery = (code: string) => code.replace(/-/g, '').toUpperCase();

/** Replaces the user's recovery codes with ten new ones; returns them (shown once, stored hashed). */
export async function newRecoveryCodes(trx: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await trx.deleteFrom('sysMfaRecoveryCode').where('userId', '=', userId).execute();
  await trx
    .insertInto('sysMfaRecoveryCode')
    .values(codes.map((c) => ({ userId, codeHash: sha256(normaliseRecovery(c)), usedAt: null })))
    .execute();
  return codes;
}

export async function isEnrolled(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sysUserMfa')
    .select('userId')
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Checks a code of an enrolled user and spends it: a 6-digit code must be for a later step than the last one
 * accepted (one statement, so two parallel uses of one code cannot both pass); a recovery code is marked used.
 */
export async function verifySecondFactor(db: Db, userId: number, code: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('sysUserMfa')
    .select(['secretEnc', 'lastStep'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!row) return false;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = matchStep(decryptPii(row.secretEnc), trimmed, now);
    if (step === null) return false;
    const res = await db
      .updateTable('sysUserMfa')
      .set({ lastStep: step })
      .where('userId', '=', userId)
      .where('lastStep', '<', step)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
  const res = await db
    .updateTable('sysMfaRecoveryCode')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('codeHash', '=', sha256(normaliseRecovery(trimmed)))
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export interface MfaTicket {
  id: number;
  userId: number;
  purpose: 'login' | 'enrol';
  pendingSecretEnc: string | null;
  attempts: number;
}

/** A new single-use ticket for the code step (login) or a signed-in user's re-enrolment (enrol). */
export async function issueTicket(
  db: Db,
  purpose: 'login' | 'enrol',
  userId: number,
  client: string,
  now: Date,
  pendingSecretEnc: string | null = null,
): Promise<string> {
  await db.deleteFrom('sysMfaTicket').where('expiresAt', '<', now).execute();
  const ticket = randomBytes(32).toString('base64url');
  await db
    .insertInto('sysMfaTicket')
    .values({
      ticketHash: sha256(ticket),
      purpose,
      userId,
      clientHash: client,
      pendingSecretEnc,
      createdAt: now,
      expiresAt: new Date(now.getTime() + MFA_TICKET_TTL_MS),
      usedAt: null,
    })
    .execute();
  return ticket;
}

export function pendingData(ticket: string, enrolled: boolean): MfaPendingData {
  return { mfaRequired: true, ticket, enrolled, expiresIn: MFA_TICKET_TTL_MS / 1000 };
}

/** A live ticket of this purpose from this client (and user, when given), or 400 MFA_TICKET_INVALID. */
export async function liveTicket(
  db: Db,
  ticket: string,
  purpose: 'login' | 'enrol',
  client: string,
  now: Date,
  userId?: number,
): Promise<MfaTicket> {
  const row = await db
    .selectFrom('sysMfaTicket')
    .select(['id', 'userId', 'purpose', 'clientHash', 'pendingSecretEnc', 'attempts', 'expiresAt', 'usedAt'])
    .where('ticketHash', '=', sha256(ticket))
    .executeTakeFirst();
  if (
    !row ||
    row.purpose !== purpose ||
    row.clientHash !== client ||
    row.usedAt !== null ||
    row.expiresAt.getTime() <= now.getTime() ||
    row.attempts >= MFA_TICKET_MAX_ATTEMPTS ||
    (userId !== undefined && row.userId !== userId)
  ) {
    throw new AppError(400, Messages.mfaTicketInvalid, ErrorReason.MFA_TICKET_INVALID);
  }
  return row;
}

/** Spends a ticket once (false when a parallel request already did). */
export async function spendTicket(trx: Db, id: number, now: Date): Promise<boolean> {
  const res = await trx
    .updateTable('sysMfaTicket')
    .set({ usedAt: now })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Counts a wrong code against the ticket. */
export async function countTicketAttempt(db: Db, id: number): Promise<void> {
  await db
    .updateTable('sysMfaTicket')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** A fresh secret for an authenticator: kept (encrypted) on the ticket until a code confirms it. */
export async function newEnrolment(
  db: Db,
  ticketId: number,
  ticket: string,
  account: string,
): Promise<MfaEnrolData> {
  const secret = new Secret({ size: 20 }).base32;
  await db
    .updateTable('sysMfaTicket')
    .set({ pendingSecretEnc: encryptPii(secret) })
    .where('id', '=', ticketId)
    .execute();
  return enrolData(ticket, secret, account);
}

export async function enrolData(ticket: string, secret: string, account: string): Promise<MfaEnrolData> {
  const otpauthUri = totpOf(secret, account).toString();
  const qrDataUrl = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 220 });
  return { ticket, secret, otpauthUri, qrDataUrl, issuer: MFA_ISSUER, account };
}

/**
 * Confirms a pending enrolment with a code for its secret: stores the secret (replacing an earlier one) with
 * the code's step as used, and ten new recovery codes, which it returns. Run inside the caller's transaction.
 */
export async function completeEnrolment(
  trx: Db,
  ticket: MfaTicket,
  code: string,
  now: Date,
): Promise<string[] | null> {
  if (!ticket.pendingSecretEnc) throw conflict('请先获取二维码并用验证器扫描');
  const step = matchStep(decryptPii(ticket.pendingSecretEnc), code.trim(), now);
  if (step === null) return null;
  await trx
    .insertInto('sysUserMfa')
    .values({ userId: ticket.userId, secretEnc: ticket.pendingSecretEnc, enrolledAt: now, lastStep: step })
    .onConflict((oc) =>
      oc
        .column('userId')
        .doUpdateSet({ secretEnc: ticket.pendingSecretEnc!, enrolledAt: now, lastStep: step }),
    )
    .execute();
  return newRecoveryCodes(trx, ticket.userId);
}

export async function mfaStatus(
  db: Db,
  config: Config,
  user: { userId: number; roleKey: string },
): Promise<MfaStatusData> {
  const row = await db
    .selectFrom('sysUserMfa')
    .select('enrolledAt')
    .where('userId', '=', user.userId)
    .executeTakeFirst();
  const left = await db
    .selectFrom('sysMfaRecoveryCode')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', user.userId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    required: mfaRequired(config, user.roleKey),
    enrolled: row !== undefined,
    enrolledAt: row ? row.enrolledAt.toISOString() : null,
    recoveryCodesLeft: Number(left.n),
  };
}

/** Removes the user's second factor (admin reset): the next sign-in asks to enrol again. */
export async function resetSecondFactor(trx: Db, userId: number): Promise<boolean> {
  await trx.deleteFrom('sysMfaRecoveryCode').where('userId', '=', userId).execute();
  await trx.deleteFrom('sysMfaTicket').where('userId', '=', userId).execute();
  const res = await trx.deleteFrom('sysUserMfa').where('userId', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
