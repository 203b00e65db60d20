import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { dutiesByRole } from '../platform/permissions.ts';
import { seedDutyAdmins } from './seed.ts';

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

describe('三权分立 (security.md Z04): the seeded administrators', () => {
  it('each role holds one administrative duty at most; the three administrators are three accounts', async () => {
    const db = t.database.db;
    const duties = await dutiesByRole(db);
    const roles = await db
      .selectFrom('sysRole')
      .select(['id', 'roleKey'])
      .where('deletedAt', 'is', null)
      .execute();
    for (const r of roles) expect(duties.get(r.id)?.length ?? 0, r.roleKey).toBeLessThanOrEqual(1);
    const byKey = Object.fromEntries(roles.map((r) => [r.roleKey, duties.get(r.id) ?? []]));
    expect(byKey.ROLE_ADMIN).toEqual(['system']);
    expect(byKey.ROLE_SECURITY_ADMIN).toEqual(['security']);
    expect(byKey.ROLE_AUDIT_ADMIN).toEqual(['audit']);
    const admins = await db
      .selectFrom('sysUser as u')
      .innerJoin('sysRole as r', 'r.id', 'u.roleId')
      .select(['u.username', 'r.roleKey'])
      .where('r.roleKey', 'in', ['ROLE_ADMIN', 'ROLE_SECURITY_ADMIN', 'ROLE_AUDIT_ADMIN'])
      .orderBy('u.id')
      .execute();
    expect(admins).toEqual([
      { username: 'admin', roleKey: 'ROLE_ADMIN' },
      { username: 'secadmin', roleKey: 'ROLE_SECURITY_ADMIN' },
      { username: 'auditor', roleKey: 'ROLE_AUDIT_ADMIN' },
    ]);
  });

  it('the production bootstrap adds a security or audit administrator only where the role has no holder', async () => {
    const db = t.database.db;
    expect(
      await seedDutyAdmins(db, { security: 'Init-Security-2026!', audit: 'Init-Audit-Trail-2026!' }),
    ).toEqual([]);
    await db
      .updateTable('sysUser')
      .set({ deletedAt: new Date() })
      .where('username', '=', 'auditor')
      .execute();
    // The username of a removed account is free again (unique among accounts not deleted).
    expect(await seedDutyAdmins(db, { audit: 'Init-Audit-Trail-2026!' })).toEqual(['auditor']);
    const made = await db
      .selectFrom('sysUser')
      .select(['mustChangePassword', 'orgId'])
      .where('username', '=', 'auditor')
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow();
    expect(made).toEqual({ mustChangePassword: true, orgId: null });
    const signIn = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'auditor', password: 'Init-Audit-Trail-2026!' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().data.mustChangePassword).toBe(true);
  });
});
