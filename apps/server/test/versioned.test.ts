import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { AppError } from '../src/platform/errors.ts';
import { bumpVersion, softDeleteVersioned, updateVersioned } from '../src/platform/versioned.ts';
import { openTestDatabase } from './helpers.ts';

const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'passed';
  } catch (e) {
    return e instanceof AppError ? e.status : e;
  }
};

/** The optimistic-lock helpers of platform/versioned.ts against a real database. */
describe('platform/versioned.ts', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const now = new Date();
  const dict = (id: number) =>
    database.db
      .selectFrom('sysDict')
      .select(['version', 'remark', 'deletedAt'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const liveDicts = async (n: number) =>
    (
      await database.db
        .selectFrom('sysDict')
        .select(['id', 'version'])
        .where('deletedAt', 'is', null)
        .where('parentId', 'is not', null)
        .orderBy('id', 'desc')
        .limit(n)
        .execute()
    ).map((r) => ({ id: r.id, version: Number(r.version) }));

  beforeAll(async () => ({ database, drop } = await openTestDatabase()));
  afterAll(() => drop());

  it('updateVersioned writes at the current version only, else 409 or the caller’s error', async () => {
    const [row] = await liveDicts(1);
    const v = await updateVersioned(database.db, 'sysDict', row!, { remark: 'a', updatedAt: now });
    expect(v).toBe(row!.version + 1);
    expect(await rejection(updateVersioned(database.db, 'sysDict', row!, { remark: 'b' }))).toBe(409);
    const custom = new AppError(409, '自定义');
    expect(
      await rejection(
        updateVersioned(database.db, 'sysDict', row!, { remark: 'b' }, { stale: () => custom }),
      ),
    ).toBe(409);
    await expect(
      updateVersioned(database.db, 'sysDict', row!, { remark: 'b' }, { stale: () => custom }),
    ).rejects.toBe(custom);
    expect(await dict(row!.id)).toMatchObject({ version: v, remark: 'a' });
  });

  it('bumpVersion moves the version on without a client version, for one row or several', async () => {
    const [a, b] = await liveDicts(2);
    const cur = Number((await dict(a!.id)).version);
    expect(await bumpVersion(database.db, 'sysDict', a!.id, { remark: 'x' })).toBe(cur + 1);
    expect(await bumpVersion(database.db, 'sysDict', -1, { remark: 'x' })).toBeUndefined();
    expect(await bumpVersion(database.db, 'sysDict', [a!.id, b!.id], { remark: 'y' })).toBe(2);
    expect(await bumpVersion(database.db, 'sysDict', [], { remark: 'y' })).toBe(0);
    expect(await dict(a!.id)).toMatchObject({ version: cur + 2, remark: 'y' });
  });

  it('softDeleteVersioned deletes a live row once, with or without the client version', async () => {
    const [a, b] = await liveDicts(2);
    const va = Number((await dict(a!.id)).version);
    expect(
      await rejection(
        softDeleteVersioned(database.db, 'sysDict', { id: a!.id, version: va - 1 }, { deletedAt: now }),
      ),
    ).toBe(409);
    expect(
      await softDeleteVersioned(database.db, 'sysDict', { id: a!.id, version: va }, { deletedAt: now }),
    ).toBe(va + 1);
    expect(
      await rejection(
        softDeleteVersioned(database.db, 'sysDict', { id: a!.id, version: va + 1 }, { deletedAt: now }),
      ),
    ).toBe(409);
    expect(
      await softDeleteVersioned(database.db, 'sysDict', { id: b!.id }, { deletedAt: now }),
    ).toBeGreaterThan(0);
    expect(
      await rejection(softDeleteVersioned(database.db, 'sysDict', { id: b!.id }, { deletedAt: now })),
    ).toBe(409);
    // notDeleted: an edit of a deleted row is stale too.
    const vb = Number((await dict(b!.id)).version);
    expect(
      await rejection(
        updateVersioned(
          database.db,
          'sysDict',
          { id: b!.id, version: vb },
          { remark: 'z' },
          { notDeleted: true },
        ),
      ),
    ).toBe(409);
  });

  it('`by` keys the row by another unique column (push settings by subsystemId)', async () => {
    const sub = await database.db
      .selectFrom('sysSubsystem')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await database.db.deleteFrom('sysSubsystemPush').where('subsystemId', '=', sub.id).execute();
    const row = await database.db
      .insertInto('sysSubsystemPush')
      .values({ subsystemId: sub.id, createdAt: now, updatedAt: now, createdBy: null, updatedBy: null })
      .returning('version')
      .executeTakeFirstOrThrow();
    const key = { id: sub.id, version: Number(row.version) };
    const v = await updateVersioned(
      database.db,
      'sysSubsystemPush',
      key,
      { pushUrl: 'https://a.example/p' },
      { by: 'subsystemId' },
    );
    expect(v).toBe(key.version + 1);
    expect(
      await rejection(
        updateVersioned(database.db, 'sysSubsystemPush', key, { pushUrl: 'x' }, { by: 'subsystemId' }),
      ),
    ).toBe(409);
  });
});
