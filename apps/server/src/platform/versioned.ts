import { type Kysely, sql, type UpdateObject } from 'kysely';
import type { DB } from '../db/schema.ts';
import { staleVersion } from './errors.ts';

/** Tables with an `id` and an optimistic-lock `version` column. */
export type VersionedTable = {
  [K in keyof DB]: DB[K] extends { id: unknown; version: unknown } ? K : never;
}[keyof DB];

/**
 * The one optimistic-lock update (architecture convention 10): sets `values` and `version = version + 1` on
 * the row `key.id` only while its version is still `key.version` (and, with `notDeleted`, while it is not
 * soft-deleted), and answers 409 `staleVersion()` when no row matched — someone else saved first, or the row
 * is gone. Returns the row's new version.
 */
export async function updateVersioned<T extends VersionedTable>(
  db: Kysely<DB>,
  table: T,
  key: { id: number; version: number },
  values: UpdateObject<DB, T>,
  opts: { notDeleted?: boolean } = {},
): Promise<number> {
  // Kysely cannot type an update over a generic table (the union of every table's builder); the callers'
  // `values` are checked against `T` above, and the three columns used here exist on every VersionedTable.
  const anyTable = table as unknown as 'sysOrg';
  let q = db
    .updateTable(anyTable)
    .set({ ...(values as UpdateObject<DB, 'sysOrg'>), version: sql`version + 1` })
    .where('id', '=', key.id)
    .where('version', '=', key.version);
  if (opts.notDeleted) q = q.where('deletedAt', 'is', null);
  const row = await q.returning(sql<number>`version`.as('version')).executeTakeFirst();
  if (!row) throw staleVersion();
  return Number(row.version);
}

/** 409 unless the version a client sent is the row's current one (checked before work that precedes the write). */
export function assertVersion(current: { version: number }, sent: number): void {
  if (current.version !== sent) throw staleVersion();
}
