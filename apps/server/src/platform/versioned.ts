import { type Kysely, sql, type UpdateObject } from 'kysely';
import type { DB } from '../db/schema.ts';
import { staleVersion } from './errors.ts';

/** Tables with an optimistic-lock `version` column (keyed by `id` unless the caller passes `by`). */
export type VersionedTable = {
  [K in keyof DB]: DB[K] extends { version: unknown } ? K : never;
}[keyof DB];

/** Numeric columns of a versioned table that identify one row (`id`, or a unique key such as `subsystemId`). */
export type KeyColumn<T extends VersionedTable> = {
  [C in keyof DB[T]]: DB[T][C] extends number ? C : never;
}[keyof DB[T]] &
  string;

export interface VersionedOptions<T extends VersionedTable> {
  /** Only while the row is not soft-deleted (`deleted_at is null`). */
  notDeleted?: boolean;
  /** The column `key.id` is matched against; `id` unless the table is keyed by another unique column. */
  by?: KeyColumn<T> | 'id';
}

/**
 * Sets `values` and `version = version + 1` on the row(s) whose `by` column (default `id`) is `id` — and, when
 * `version` is given, whose version still is it — and returns the new versions of the matched rows. Shared by updateVersioned, bumpVersion and softDeleteVersioned.
 */
async function bump<T extends VersionedTable>(
  db: Kysely<DB>,
  table: T,
  id: number | readonly number[],
  version: number | undefined,
  values: UpdateObject<DB, T>,
  opts: VersionedOptions<T>,
): Promise<number[]> {
  // Kysely cannot type an update over a generic table (the union of every table's builder); the callers'
  // `values` are checked against `T` above, and the columns used here exist on every VersionedTable
  // (`by` is checked against T's numeric columns).
  const anyTable = table as unknown as 'sysOrg';
  const by = (opts.by ?? 'id') as 'id';
  let q = db
    .updateTable(anyTable)
    .set({ ...(values as UpdateObject<DB, 'sysOrg'>), version: sql`version + 1` })
    .where(by, 'in', typeof id === 'number' ? [id] : id);
  if (version !== undefined) q = q.where('version', '=', version);
  if (opts.notDeleted) q = q.where('deletedAt', 'is', null);
  const rows = await q.returning(sql<number>`version`.as('version')).execute();
  return rows.map((r) => Number(r.version));
}

/**
 * The one optimistic-lock update (architecture convention 10): sets `values` and `version = version + 1` on
 * the row `key.id` only while its version is still `key.version` (and, with `notDeleted`, while it is not
 * soft-deleted), and answers 409 `staleVersion()` when no row matched — someone else saved first, or the row
 * is gone. `by` matches `key.id` against another unique column (e.g. `subsystemId`); `stale` replaces the
 * 409 when the caller can say better what moved on (e.g. a policy changed after an endorsement was applied
 * for). Returns the new version.
 */
export async function updateVersioned<T extends VersionedTable>(
  db: Kysely<DB>,
  table: T,
  key: { id: number; version: number },
  values: UpdateObject<DB, T>,
  opts: VersionedOptions<T> & { stale?: () => Error } = {},
): Promise<number> {
  const [version] = await bump(db, table, key.id, key.version, values, opts);
  if (version === undefined) throw (opts.stale ?? staleVersion)();
  return version;
}

/**
 * A write without a client version that must still move the row's version on, so that a client holding the
 * old one gets 409 on its next save: e.g. a soft delete or a status toggle of a row already locked and checked
 * by the caller, an endorsement taking effect on its policy, a profile saved as a side effect. Sets `values`
 * and `version = version + 1` on the row `id` (or `by`); returns the new version, or undefined when no row
 * matched (the caller decides whether that is an error). Given several ids, returns how many rows it changed.
 */
export async function bumpVersion<T extends VersionedTable>(
  db: Kysely<DB>,
  table: T,
  id: number,
  values: UpdateObject<DB, T>,
  opts?: VersionedOptions<T>,
): Promise<number | undefined>;
export async function bumpVersion<T extends VersionedTable>(
  db: Kysely<DB>,
  table: T,
  ids: readonly number[],
  values: UpdateObject<DB, T>,
  opts?: VersionedOptions<T>,
): Promise<number>;
export async function bumpVersion<T extends VersionedTable>(
  db: Kysely<DB>,
  table: T,
  id: number | readonly number[],
  values: UpdateObject<DB, T>,
  opts: VersionedOptions<T> = {},
): Promise<number | undefined> {
  if (typeof id !== 'number' && id.length === 0) return 0;
  const versions = await bump(db, table, id, undefined, values, opts);
  return typeof id === 'number' ? versions[0] : versions.length;
}

/**
 * A soft delete (`values` carries `deletedAt`) of a live row, checked against the client's version when it sent
 * one (the delete routes accept a bare id too); 409 when no live row matched — deleted or saved meanwhile.
 */
export async function softDeleteVersioned<T extends VersionedTable>(
  db: Kysely<DB>,
  table: T,
  key: { id: number; version?: number | undefined },
  values: UpdateObject<DB, T>,
): Promise<number> {
  return foundOrStale((await bump(db, table, key.id, key.version, values, { notDeleted: true }))[0]);
}

/**
 * 409 unless the version a client sent is the row's current one (checked before work that precedes the write).
 * A row that does not exist yet counts as version 0 (a first save sends 0); pass `undefined` for it.
 */
export function assertVersion(current: { version: number } | undefined, sent: number): void {
  if ((current?.version ?? 0) !== sent) throw staleVersion();
}

/**
 * 409 unless the row a client says it builds on (`sent`: id and version, e.g. the filing a new version
 * supersedes) is still the current one. Both absent passes: nothing existed and nothing was claimed.
 */
export function assertCurrentRow(
  current: { id: number; version: number } | undefined,
  sent: { id: number; version: number } | undefined,
): void {
  if (!current && !sent) return;
  if (!current || !sent || current.id !== sent.id || current.version !== sent.version) throw staleVersion();
}

/**
 * 409 when a write found no row although the client's view said there was one to write: the first save of a
 * row it saw as absent (version 0), written with `ON CONFLICT DO NOTHING ... RETURNING`, lost the race to
 * another first save; or a bumpVersion found the row deleted meanwhile. Returns the row (or version) found.
 */
export function foundOrStale<R>(row: R | undefined): R {
  if (row === undefined) throw staleVersion();
  return row;
}
