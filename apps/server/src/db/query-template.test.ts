import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers.ts';
import type { Database } from './database.ts';
import { runTemplate, TemplateError } from './query-template.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

describe('query templates', () => {
  it('compiles a shape once and runs it with each request’s values', async () => {
    const db = database.db;
    let builds = 0;
    const roles = (keys: string[]) =>
      runTemplate(db, 'test-roles|in', { keys }, (v) => {
        builds++;
        return db
          .selectFrom('sysRole')
          .select('roleKey')
          .where('roleKey', 'in', v.keys as string[])
          .orderBy('roleKey');
      });
    expect((await roles(['ROLE_ENT', 'ROLE_ADMIN'])).map((r) => r.roleKey)).toEqual([
      'ROLE_ADMIN',
      'ROLE_ENT',
    ]);
    expect((await roles(['ROLE_EXPERT', 'ROLE_SERVICE'])).map((r) => r.roleKey)).toEqual([
      'ROLE_EXPERT',
      'ROLE_SERVICE',
    ]);
    expect(builds).toBe(1);
  });

  it('answers camelCase rows like the rest of the database layer', async () => {
    const db = database.db;
    const [row] = await runTemplate(db, 'test-camel', { username: 'admin' }, (v) =>
      db
        .selectFrom('sysUser')
        .select(['id', 'username', 'mustChangePassword', 'createdAt'])
        .where('username', '=', v.username as string),
    );
    expect(Object.keys(row!).sort()).toEqual(['createdAt', 'id', 'mustChangePassword', 'username']);
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it('refuses a value baked into the SQL instead of passed as a slot', async () => {
    const db = database.db;
    const orgId = 5;
    await expect(
      runTemplate(db, 'test-baked', { username: 'admin' }, (v) =>
        db
          .selectFrom('sysUser')
          .select('id')
          .where('username', '=', v.username as string)
          .where('orgId', '=', orgId),
      ),
    ).rejects.toBeInstanceOf(TemplateError);
    await expect(
      runTemplate(db, 'test-text', { username: 'admin' }, (v) =>
        db
          .selectFrom('sysUser')
          .select('id')
          .where('nickname', 'like', `%${String(v.username)}%`),
      ),
    ).rejects.toBeInstanceOf(TemplateError);
  });

  it('refuses values shaped unlike the template (an array of another length, a missing value)', async () => {
    const db = database.db;
    const run = (values: Record<string, unknown>) =>
      runTemplate(db, 'test-len', values, (v) =>
        db
          .selectFrom('sysRole')
          .select('id')
          .where('roleKey', 'in', v.keys as string[]),
      );
    await run({ keys: ['ROLE_ENT'] });
    await expect(run({ keys: ['ROLE_ENT', 'ROLE_GOVERNMENT'] })).rejects.toBeInstanceOf(TemplateError);
    await expect(run({})).rejects.toBeInstanceOf(TemplateError);
  });
});
