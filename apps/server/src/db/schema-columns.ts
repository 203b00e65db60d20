import type { ColumnType, Generated } from 'kysely';

/** Column types shared by the table files (schema.ts, schema-insurance.ts). */

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
export type Audit = {
  createdAt: Timestamp;
  updatedAt: Timestamp;
  createdBy: number | null;
  updatedBy: number | null;
  version: Generated<number>;
};

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
