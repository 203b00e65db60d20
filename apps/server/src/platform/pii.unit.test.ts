import { describe, expect, it } from 'vitest';
import { phoneCodec, provideMigrationPiiKey } from '../db/migrations/pii-0035.ts';
import {
  blindIndex,
  decryptPhone,
  decryptPii,
  encryptPhone,
  encryptPhoneOrNull,
  encryptPii,
  phoneIndex,
  piiMasterKey,
  smsSubjectDigest,
} from './pii.ts';

describe('PII encryption (SM4-CBC + HMAC-SM3)', () => {
  it('round-trips, uses a fresh IV each time and indexes deterministically', () => {
    const a = encryptPii('321302198506123018');
    const b = encryptPii('321302198506123018');
    expect(a).not.toBe(b);
    expect(a).not.toContain('321302');
    expect(decryptPii(a)).toBe('321302198506123018');
    expect(blindIndex('11010519491231002x')).toBe(blindIndex('11010519491231002X'));
    expect(blindIndex('321302198506123018')).toMatch(/^[0-9a-f]{64}$/);
  });
  it('a flipped ciphertext byte fails loudly instead of decrypting to garbage', () => {
    const parts = encryptPii('321302198506123018').split('.');
    const ct = Buffer.from(parts[2]!, 'base64url');
    ct[0] = ct[0]! ^ 1;
    parts[2] = ct.toString('base64url');
    expect(() => decryptPii(parts.join('.'))).toThrow(/tampered/);
  });
});

describe('phone numbers (P03): ciphertext, blind index, SMS subjects', () => {
  it('keeps no number as empty, round-trips a number and indexes it deterministically under its own key', () => {
    expect(encryptPhone('')).toBe('');
    expect(encryptPhoneOrNull('')).toBeNull();
    expect(encryptPhoneOrNull(null)).toBeNull();
    expect(decryptPhone('')).toBe('');
    expect(decryptPhone(null)).toBe('');
    expect(phoneIndex('')).toBe('');
    const a = encryptPhone('13805270003');
    expect(a).not.toBe(encryptPhone('13805270003'));
    expect(a).not.toContain('1380527');
    expect(decryptPhone(a)).toBe('13805270003');
    expect(decryptPhone(encryptPhone('0527-84361234'))).toBe('0527-84361234');
    expect(phoneIndex('13805270003')).toMatch(/^[0-9a-f]{64}$/);
    expect(phoneIndex(' 13805270003 ')).toBe(phoneIndex('13805270003'));
    expect(phoneIndex('13805270003')).not.toBe(phoneIndex('13805270004'));
    // Its own derived key: not the ID numbers' index, not a plain hash.
    expect(phoneIndex('13805270003')).not.toBe(blindIndex('13805270003'));
    expect(smsSubjectDigest('13805270003')).not.toBe(phoneIndex('13805270003'));
  });

  it('migration 0035’s frozen codec writes what the live code reads, with the same indexes and digests', () => {
    provideMigrationPiiKey(piiMasterKey);
    const codec = phoneCodec();
    const stored = codec.encrypt('13905270101');
    expect(decryptPhone(stored)).toBe('13905270101');
    expect(codec.decrypt(encryptPhone('13905270102'))).toBe('13905270102');
    expect(codec.index('13905270101')).toBe(phoneIndex('13905270101'));
    expect(codec.smsSubject('admin')).toBe(smsSubjectDigest('admin'));
    expect(codec.smsSubject('13905270101')).toBe(smsSubjectDigest('13905270101'));
  });
});
