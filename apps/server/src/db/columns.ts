import type { ColumnType, Generated } from 'kysely';

/**
 * Column types shared by every table file (db/schema.ts and the per-feature files in db/tables/): how a
 * timestamp, a date, a JSON column and the audit columns read and write.
 */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** Created/updated by and at, and the optimistic-lock version (platform/versioned.ts). */
export type Audit = {
  createdAt: Timestamp;
  updatedAt: Timestamp;
  createdBy: number | null;
  updatedBy: number | null;
  version: Generated<number>;
};
/** A jsonb column: read as T, written as its JSON text. */
export type Json<T> = ColumnType<T, string | undefined, string>;
/** Read through to_char(..., 'YYYY-MM-DD'); written as 'YYYY-MM-DD'. */
export type DateOnly = ColumnType<string, string, string>;
export type NullableDateOnly = ColumnType<string | null, string | null | undefined, string | null>;

/** Money columns (numeric) read as strings on both drivers; written as numbers or strings. */
export type Numeric = ColumnType<string, string | number, string | number>;
export type NullableNumeric = ColumnType<
  string | null,
  string | number | null | undefined,
  string | number | null
>;
/** Calendar dates (date columns): always selected as text (YYYY-MM-DD) through to_char/::text. */
export type DateCol = ColumnType<Date | string, string, string>;
export type NullableDateCol = ColumnType<Date | string | null, string | null | undefined, string | null>;
export type InsJson<T> = ColumnType<T, string | undefined, string>;
