import { describe, expect, it } from 'vitest';
import { blindIndex, decryptPii, encryptPii } from './pii.ts';

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
