import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * A helper of migration 0035, frozen with it: the v1 ciphertext format of platform/pii.ts (SM4-CBC, then
 * HMAC-SM3 over IV and ciphertext), the phone blind index and the SMS-subject digest, as they were when the
 * migration was written. The rows it writes must read back through platform/pii.ts, which keeps the same
 * format (a later format change comes with its own migration).
 *
 * The master key is the one the server uses: migrate.ts hands this module platform/pii.ts's key (PII_KEY, or
 * in production DATA_DIR/keys/pii.key). Called without it (a test running the migration directly), it takes
 * PII_KEY or, outside production, the published development key, as platform/pii.ts does.
 */
const DEV_LABEL = 'aqzrx-development-only-pii-key';
const HEX64 = /^[0-9a-fA-F]{64}$/;

let provided: (() => Buffer) | undefined;

/** migrate.ts: the master key of the running server. */
export function provideMigrationPiiKey(key: () => Buffer): void {
  provided = key;
}

function masterKey(): Buffer {
  if (provided) return provided();
  const hex = process.env.PII_KEY;
  if (hex && HEX64.test(hex)) return Buffer.from(hex, 'hex');
  if (process.env.NODE_ENV === 'production') throw new Error('个人信息加密密钥未配置（PII_KEY）');
  return createHash('sm3').update(DEV_LABEL).digest();
}

export interface PhoneCodec {
  encrypt(plain: string): string;
  decrypt(token: string): string;
  /** HMAC-SM3 of the trimmed number under the 'phone-index' key. */
  index(plain: string): string;
  /** keyedDigest('sms-subject', subject) of platform/pii.ts. */
  smsSubject(subject: string): string;
}

export function phoneCodec(): PhoneCodec {
  const k = masterKey();
  const sub = (label: string) => createHmac('sm3', k).update(label).digest();
  const enc = sub('enc').subarray(0, 16);
  const mac = sub('mac');
  const phone = sub('phone-index');
  const subjectKey = createHmac('sm3', k).update('purpose:sms-subject').digest();
  return {
    encrypt(plain) {
      const iv = randomBytes(16);
      const c = createCipheriv('sm4-cbc', enc, iv);
      const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      const tag = createHmac('sm3', mac).update(iv).update(ct).digest();
      return ['v1', iv.toString('base64url'), ct.toString('base64url'), tag.toString('base64url')].join('.');
    },
    decrypt(token) {
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
    },
    index(plain) {
      return createHmac('sm3', phone).update(plain.trim()).digest('hex');
    },
    smsSubject(subject) {
      return createHmac('sm3', subjectKey).update(subject).digest('hex');
    },
  };
}
