import { randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorReason, RegMessages, SMS_CODE } from '@aqzrx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/context.ts';
import { AppError, badRequest, tooMany } from '../../platform/errors.ts';
import { decryptPhone, encryptPhoneOrNull, smsSubjectDigest } from '../../platform/pii.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { type SmsPurpose, SmsSendError } from './provider.ts';

/**
 * Verification codes (security.md A05): six digits from the CSPRNG, valid 5 minutes, single use, bound to
 * (purpose, subject); five wrong tries invalidate the code; at most 1 a minute, 5 an hour, 10 a day per
 * subject and 20 an hour per IP. Only a hash of a code is stored; the code never stands in a response or log
 * (the development outbox excepted, which runs only outside production). The subject is stored as its keyed
 * digest and the mobile encrypted (security.md P03): a subject may be a mobile number.
 */
export interface SmsSender {
  send(m: { mobile: string; purpose: SmsPurpose; code: string }): Promise<void>;
}

const MINUTE = 60_000;

function codeHash(purpose: string, subject: string, code: string): string {
  return hashToken(`${purpose}\u0000${subject}\u0000${code}`);
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function newCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE.length)).padStart(SMS_CODE.length, '0');
}

/** Refuses with 429 (and Retry-After) when the subject or the IP has asked for too many codes. */
async function checkLimits(db: Db, purpose: SmsPurpose, subject: string, ip: string, now: Date) {
  const t = now.getTime();
  const since = (ms: number) => new Date(t - ms);
  const row = await db
    .selectFrom('sysSmsCode')
    .select([
      sql<number>`count(*) FILTER (WHERE created_at > ${since(MINUTE)})`.as('minute'),
      sql<number>`count(*) FILTER (WHERE created_at > ${since(60 * MINUTE)})`.as('hour'),
      sql<number>`count(*)`.as('day'),
      sql<Date | null>`min(created_at) FILTER (WHERE created_at > ${since(60 * MINUTE)})`.as('hourFirst'),
      sql<Date | null>`min(created_at)`.as('dayFirst'),
    ])
    .where('purpose', '=', purpose)
    .where('subject', '=', smsSubjectDigest(subject))
    .where('createdAt', '>', since(24 * 60 * MINUTE))
    .executeTakeFirstOrThrow();
  const wait = (first: Date | null, windowMs: number) =>
    Math.max(1, Math.ceil(((first ? new Date(first).getTime() : t) + windowMs - t) / 1000));
  if (Number(row.minute) >= SMS_CODE.perMinute) throw tooMany(60, '验证码发送过于频繁，请1分钟后再试');
  if (Number(row.hour) >= SMS_CODE.perHour)
    throw tooMany(wait(row.hourFirst, 60 * MINUTE), '该号码1小时内获取验证码次数已达上限，请稍后再试');
  if (Number(row.day) >= SMS_CODE.perDay)
    throw tooMany(wait(row.dayFirst, 24 * 60 * MINUTE), '该号码今日获取验证码次数已达上限，请明天再试');
  const perIp = await db
    .selectFrom('sysSmsCode')
    .select(sql<number>`count(*)`.as('n'))
    .where('ip', '=', ip)
    .where('createdAt', '>', since(60 * MINUTE))
    .executeTakeFirstOrThrow();
  if (Number(perIp.n) >= SMS_CODE.perIpHour) throw tooMany(3600, '获取验证码过于频繁，请1小时后再试');
}

/**
 * Issues a code for (purpose, subject) and sends it to `mobile`; with mobile null (a recovery naming no
 * account) the same row is written and nothing is sent, so both cases count and answer alike. Earlier codes
 * of the subject stop being valid. A provider failure answers 503 and leaves no row.
 */
export async function issueCode(
  db: Db,
  sender: SmsSender,
  q: { purpose: SmsPurpose; subject: string; mobile: string | null; ip: string },
  now: Date,
): Promise<void> {
  await checkLimits(db, q.purpose, q.subject, q.ip, now);
  const code = newCode();
  const subject = smsSubjectDigest(q.subject);
  await db
    .updateTable('sysSmsCode')
    .set({ usedAt: now })
    .where('purpose', '=', q.purpose)
    .where('subject', '=', subject)
    .where('usedAt', 'is', null)
    .execute();
  const row = await db
    .insertInto('sysSmsCode')
    .values({
      purpose: q.purpose,
      subject,
      mobileEnc: encryptPhoneOrNull(q.mobile),
      codeHash: codeHash(q.purpose, q.subject, q.mobile ? code : newToken()),
      ip: q.ip.slice(0, 64),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SMS_CODE.ttlMinutes * MINUTE),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!q.mobile) return;
  try {
    await sender.send({ mobile: q.mobile, purpose: q.purpose, code });
  } catch (err) {
    await db.deleteFrom('sysSmsCode').where('id', '=', row.id).execute();
    if (err instanceof SmsSendError || err instanceof AppError)
      throw new AppError(503, '短信服务暂时不可用，请稍后重试', ErrorReason.SMS_UNAVAILABLE);
    throw err;
  }
}

/**
 * Checks a code against the subject's newest live code and spends it. A wrong code counts one try (the
 * fifth invalidates the code) and answers the same 400 as a missing or expired one.
 */
export async function consumeCode(
  db: Db,
  q: { purpose: SmsPurpose; subject: string; code: string },
  now: Date,
): Promise<{ id: number; mobile: string | null }> {
  const row = await db
    .selectFrom('sysSmsCode')
    .select(['id', 'codeHash', 'mobileEnc', 'failedCount'])
    .where('purpose', '=', q.purpose)
    .where('subject', '=', smsSubjectDigest(q.subject))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.failedCount >= SMS_CODE.maxWrongTries) throw badRequest(RegMessages.codeInvalid);
  if (!sameHash(row.codeHash, codeHash(q.purpose, q.subject, q.code))) {
    await db
      .updateTable('sysSmsCode')
      .set({
        failedCount: sql`failed_count + 1`,
        usedAt: sql`CASE WHEN failed_count + 1 >= ${SMS_CODE.maxWrongTries} THEN ${now}::timestamptz ELSE NULL END`,
      })
      .where('id', '=', row.id)
      .execute();
    throw badRequest(RegMessages.codeInvalid);
  }
  const spent = await db
    .updateTable('sysSmsCode')
    .set({ usedAt: now })
    .where('id', '=', row.id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw badRequest(RegMessages.codeInvalid);
  return { id: row.id, mobile: decryptPhone(row.mobileEnc) || null };
}

/** After a registration code was accepted: a ticket proving the mobile, spent by one registration. */
export async function issueTicket(db: Db, codeId: number, now: Date): Promise<string> {
  const ticket = newToken();
  await db
    .updateTable('sysSmsCode')
    .set({ verifiedAt: now, ticketHash: hashToken(ticket) })
    .where('id', '=', codeId)
    .execute();
  return ticket;
}

/** The mobile a live ticket proves, or a 400 naming what to do. `spend` marks it used (in the caller's transaction). */
export async function ticketMobile(
  db: Db,
  ticket: string,
  now: Date,
  opts: { spend: boolean; mobile?: string },
): Promise<string> {
  const row = await db
    .selectFrom('sysSmsCode')
    .select(['id', 'subject', 'mobileEnc', 'verifiedAt'])
    .where('ticketHash', '=', hashToken(ticket))
    .where('purpose', '=', 'signup')
    .where('ticketUsedAt', 'is', null)
    .executeTakeFirst();
  const fresh =
    row?.verifiedAt && new Date(row.verifiedAt).getTime() > now.getTime() - SMS_CODE.ticketMinutes * MINUTE;
  if (!row || !fresh || (opts.mobile !== undefined && row.subject !== smsSubjectDigest(opts.mobile)))
    throw badRequest(RegMessages.ticketInvalid);
  if (opts.spend) {
    const res = await db
      .updateTable('sysSmsCode')
      .set({ ticketUsedAt: now })
      .where('id', '=', row.id)
      .where('ticketUsedAt', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw badRequest(RegMessages.ticketInvalid);
  }
  return decryptPhone(row.mobileEnc);
}
