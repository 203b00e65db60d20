import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import { down, up } from '../../db/migrations/0015_request_log_brin.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const indexes = async (db: Database['db']) =>
  (
    await sql<{
      indexdef: string;
    }>`SELECT indexdef FROM pg_indexes WHERE tablename = 'sys_request_log' ORDER BY indexname`.execute(db)
  ).rows.map((r) => r.indexdef);

describe('request log indexes (migration 0015)', () => {
  it('keeps time as a BRIN range index and the per-user index in id order; down restores the B-trees', async () => {
    const now = await indexes(database.db);
    expect(now.some((d) => /USING brin \(created_at\)/.test(d))).toBe(true);
    expect(now.some((d) => /\(user_id, id DESC\)/.test(d))).toBe(true);
    expect(now.some((d) => /btree \(created_at DESC\)/.test(d))).toBe(false);
    await database.db
      .transaction()
      .execute(async (trx) => {
        await down(trx as never);
        const before = await indexes(trx);
        expect(before.some((d) => /btree \(created_at DESC\)/.test(d))).toBe(true);
        expect(before.some((d) => /brin/.test(d))).toBe(false);
        await up(trx as never);
        expect(await indexes(trx)).toEqual(now);
        throw new Error('rollback');
      })
      .catch((e: Error) => expect(e.message).toBe('rollback'));
  });
});
