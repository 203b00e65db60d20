import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe('demo accounts (issue 17 finding 14)', () => {
  it('every demo account and pending application has a password hash, and salt, of its own', async () => {
    const db = t.database.db;
    const users = await db.selectFrom('sysUser').select('passwordHash').execute();
    const applications = await db.selectFrom('sysRegistration').select('passwordHash').execute();
    const hashes = [...users, ...applications].map((r) => r.passwordHash);
    expect(users.length).toBeGreaterThanOrEqual(8);
    expect(applications.length).toBeGreaterThanOrEqual(1);
    expect(hashes.every((h) => typeof h === 'string' && h.startsWith('$argon2id$'))).toBe(true);
    expect(new Set(hashes).size).toBe(hashes.length);
    // The salt is the part before the hash itself.
    expect(new Set(hashes.map((h) => h.split('$').slice(0, -1).join('$'))).size).toBe(hashes.length);
  });
});
