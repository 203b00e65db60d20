import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Personal ID numbers at rest (security.md P03): SM4-CBC with encrypt-then-MAC (HMAC-SM3), and an
 * HMAC-SM3 blind index for uniqueness lookups. Node 20's OpenSSL has sm4-cbc but no sm4-gcm.
 *
 * The key comes from PII_KEY (64 hex characters) outside the database and the repository. Without it a
 * development key is derived from a fixed label; production refuses to start (checkPiiKey).
 */
const DEV_LABEL = 'aqzrx-development-only-pii-key';

function masterKey(): Buffer {
  const hex = process.env.PII_KEY;
  if (hex && /^[0-9a-fA-F]{64}$/.test(hex)) return Buffer.from(hex, 'hex');
  return createHash('sm3').update(DEV_LABEL).digest();
}

let keys: { enc: Buffer; mac: Buffer; index: Buffer } | undefined;
function derived() {
  if (!keys) {
    const k = masterKey();
    const sub = (label: string) => createHmac('sm3', k).update(label).digest();
    keys = { enc: sub('enc').subarray(0, 16), mac: sub('mac'), index: sub('index') };
  }
  return keys;
}

/** Throws in production when PII_KEY is missing or malformed. */
export function checkPiiKey(nodeEnv: string): void {
  const hex = process.env.PII_KEY;
  if (nodeEnv === 'production' && !(hex && /^[0-9a-fA-F]{64}$/.test(hex)))
    throw new Error('生产环境须设置 PII_KEY（64位十六进制）用于个人证件号加密');
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

/** Deterministic lookup value for an ID number (uppercased). */
export function blindIndex(plain: string): string {
  return createHmac('sm3', derived().index).update(plain.trim().toUpperCase()).digest('hex');
}
