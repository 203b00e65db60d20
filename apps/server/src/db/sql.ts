import { type RawBuilder, sql } from 'kysely';

/**
 * Small SQL building blocks every module uses the same way: LIKE patterns and the text of date columns.
 */

/** Escapes LIKE's wildcards (and its escape character), so a user's text matches literally. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** LIKE/ILIKE pattern of a substring search: `%text%` with the wildcards in the text escaped. */
export function containsPattern(s: string): string {
  return `%${escapeLike(s)}%`;
}

/** YYYY-MM-DD text of a date column (dates are calendar dates; never shifted by a time zone). */
export const dateText = (ref: string): RawBuilder<string> =>
  sql<string>`to_char(${sql.ref(ref)}, 'YYYY-MM-DD')`;
export const nullableDateText = (ref: string): RawBuilder<string | null> =>
  sql<string | null>`to_char(${sql.ref(ref)}, 'YYYY-MM-DD')`;

/** YYYY-MM-DD of a timestamp column on the China calendar (UTC+8), or null. */
export const chinaDateText = (ref: string): RawBuilder<string | null> =>
  sql<string | null>`to_char(${sql.ref(ref)} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`;

/** A jsonb array column (a record's list of file ids) holds `value` (compared as stored: lower-case ids). */
export const jsonListHolds = (ref: string, value: string): RawBuilder<boolean> =>
  sql<boolean>`${sql.ref(ref)} @> ${JSON.stringify([value])}::jsonb`;
