import { describe, expect, it } from 'vitest';
import { hashToken, newRequestId, newToken } from './tokens.ts';

describe('tokens and request ids', () => {
  it('tokens carry 256 random bits as 43 base64url characters; only the hash is stored', () => {
    const a = newToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(a);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('request ids are 16 hex characters and do not repeat across pool refills', () => {
    // 4 KiB pool / 8 bytes = 512 ids per refill: 2,000 ids cross several refills.
    const ids = Array.from({ length: 2000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
