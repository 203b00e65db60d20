import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Personal ID numbers and phone numbers at rest (security.md P03), and the subsystems' signing secrets: SM4-CBC with
 * encrypt-then-MAC (HMAC-SM3), and HMAC-SM3 blind indexes for uniqueness and exact-match lookups. Node 20's OpenSSL
 * has sm4-cbc but no sm4-gcm. Migration 0035 (db/migrations/pii-0035.ts) holds a frozen copy of the v1 format and
 * of the phone index and SMS-subject digests below: change them only with a migration that converts the rows.
 *
 * The master key lives outside the database and the repository: PII_KEY (64 hex characters), or in
 * production without it a random key generated once into DATA_DIR/keys/pii.key (mode 0600; back it up
 * with the data directory's keys, not with database dumps). Development and tests without PII_KEY use
 * a fixed development key; production never does.
 */
const DEV_LABEL = 'aqzrx-development-only-pii-key';
const HEX64 = /^[0-9a-fA-F]{64}$/;

let configured: Buffer | undefined;
let keys: { enc: Buffer; mac: Buffer; index: Buffer; phone: Buffer } | undefined;

/** Called once when the app is built: picks the key (env, or the production key file). */
export function configurePii(opts: { nodeEnv: string; dataDir: string }): void {
  const hex = process.env.PII_KEY;
  keys = undefined;
  if (hex && HEX64.test(hex)) {
    configured = Buffer.from(hex, 'hex');
    return;
  }
  if (hex) throw new Error('PII_KEY 须为64位十六进制（32字节）');
  if (opts.nodeEnv !== 'production') return;
  const dir = path.join(opts.dataDir, 'keys');
  const file = path.join(dir, 'pii.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!HEX64.test(text)) throw new Error(`个人证件号加密密钥文件损坏：${file}`);
  configured = Buffer.from(text, 'hex');
}

/** The master key (for migration 0035, which encrypts existing rows with the key this server uses). */
export function piiMasterKey(): Buffer {
  return masterKey();
}

function masterKey(): Buffer {
  if (configured) return configured;
  const hex = process.env.PII_KEY;
  if (hex && HEX64.test(hex)) return Buffer.from(hex, 'hex');
  if (process.env.NODE_ENV === 'production') throw new Error('个人证件号加密密钥未配置（PII_KEY）');
  return createHash('sm3').update(DEV_LABEL).digest();
}

function derived() {
  if (!keys) {
    const k = masterKey();
    const sub = (label: string) => createHmac('sm3', k).update(label).digest();
    keys = {
      enc: sub('enc').subarray(0, 16),
      mac: sub('mac'),
      index: sub('index'),
      phone: sub('phone-index'),
    };
  }
  return keys;
}

/** v1.<iv>.<ciphertext>.<mac>, base64url. */
export function encryptPii(plain: string): string {
  const { enc, mac } = derived();
  const iv = randomBytes(16);
  const c = createCipheriv('sm4-cbc', enc, iv);
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  const tag = createHmac('sm3', mac).update(iv).update(ct).digest();
  return ['v1', iv.toString('base64url'), ct.toString('base64url'), tag.toString('base64url')].join('.');
}

export function decryptPii(token: string): string {
  const { enc, mac } = derived();
  const [v, ivB, ctB, tagB] = token.split('.');
  if (v !== 'v1' || !ivB || !ctB || !tagB) throw new Error('PII ciphertext malformed');
  const iv = Buffer.from(ivB, 'base64url');
  const ct = Buffer.from(ctB, 'base64url');
  const tag = Buffer.from(tagB, 'base64url');
  const expect = createHmac('sm3', mac).update(iv).update(ct).digest();
  if (tag.length !== expect.length || !timingSafeEqual(tag, expect))
    throw new Error('PII ciphertext tampered');
  const d = createDecipheriv('sm4-cbc', enc, iv);
  return Buffer.concat([d.update(ct), d.final()]).toString('utf8');
}

/**
 * HMAC-SM3 of `value` under a key derived from the master key for `purpose` (hex): server-side signatures
 * (the device cookie) and keyed digests that must not be computable without the key.
 */
export function keyedDigest(purpose: string, value: string): string {
  const key = createHmac('sm3', masterKey()).update(`purpose:${purpose}`).digest();
  return createHmac('sm3', key).update(value).digest('hex');
}

/** Deterministic lookup value for an ID number (uppercased). */
export function blindIndex(plain: string): string {
  return createHmac('sm3', derived().index).update(plain.trim().toUpperCase()).digest('hex');
}

/**
 * A stored phone or mobile number (every phone column, P03): '' (no number) stays '', anything else is SM4
 * ciphertext. The value is stored as given (validated by the caller).
 */
export function encryptPhone(plain: string): string {
  return plain ? encryptPii(plain) : '';
}

/** A nullable phone column (sys_user.mobile, sys_sms_code.mobile): no number is NULL. */
export function encryptPhoneOrNull(plain: string | null | undefined): string | null {
  return plain ? encryptPii(plain) : null;
}

/** The number a phone column holds ('' for none). */
export function decryptPhone(stored: string | null | undefined): string {
  return stored ? decryptPii(stored) : '';
}

/**
 * Deterministic lookup value of a phone number (HMAC-SM3 under its own derived key) for uniqueness and exact
 * search; '' for no number. Spaces around the number do not count.
 */
export function phoneIndex(plain: string | null | undefined): string {
  const v = (plain ?? '').trim();
  return v ? createHmac('sm3', derived().phone).update(v).digest('hex') : '';
}

/** What sys_sms_code.subject stores: a keyed digest of the mobile (signup) or the account name typed (findpwd). */
export function smsSubjectDigest(subject: string): string {
  return keyedDigest('sms-subject', subject);
}
