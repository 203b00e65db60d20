import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from './schema.ts';

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

/**
 * Keyword search by the pair index (migration 0033: GIN indexes on search_bigrams(…) of policy holder
 * names and of enterprise names with their USCC). A keyword of two or more characters narrows the rows
 * through the index; the caller's LIKE/ILIKE on the same columns then decides, so the rows are exactly
 * LIKE's. A one-character keyword has no pair to look up (bigramSearchable false) and is left to the LIKE
 * alone, a scan: a single character matches a large share of the names, where reading the list in its own
 * order finds a page soonest, and indexing single characters would double the index for that least useful case.
 */
export function bigramSearchable(keyword: string): boolean {
  return Array.from(keyword).length >= 2;
}

/**
 * `search_bigrams(refs…) @@ search_bigram_query(keyword)`: the index condition for `refs LIKE '%keyword%'`
 * (`insensitive`: for ILIKE, the keyword's lower() pairs). `refs` must be the columns of an index
 * expression of 0033, in its order; `keyword` is the keyword as the LIKE pattern was made of it (a value or
 * a query template's slot).
 *
 * `few`: the keyword is known to match few rows (its list total was counted below the cap). The keyword is
 * then handed to the condition through a sub-select, which hides its value from the planner: a statement's
 * estimated cost no longer depends on the keyword, so under `plan_cache_mode=auto` PostgreSQL keeps one
 * generic plan after five executions instead of planning every request anew (with the value visible the
 * custom plans cost less on paper, so it never switched: 0.57 ms of planning for 0.45 ms of execution on the
 * claim list at 1,000,000 policies; `test/postgres/prepared-statements.test.ts`). The plan is the same
 * index lookup either way; frequent keywords keep the visible value (the planner must see how many match).
 */
export function bigramMatch(
  refs: readonly string[],
  keyword: unknown,
  insensitive = false,
  few = false,
): RawBuilder<boolean> {
  const columns = sql.join(refs.map((r) => sql.ref(r)));
  const query = insensitive ? sql`lower(${keyword})` : sql`${keyword}`;
  const value = few ? sql`(select ${query}::text)` : query;
  return sql<boolean>`search_bigrams(${columns}) @@ search_bigram_query(${value})`;
}

/**
 * The enterprises whose name contains the keyword (any case), found by the name pair index (`v.kwPairs`, the
 * keyword; `v.kwLike`, its ILIKE pattern; `v.kwFew` hides the keyword from the planner, see count-cache.ts
 * keywordPageValues), as a sub-query of their ids: `ref = ANY(ARRAY(namedEnterprises(…)))` lets a list read
 * only those enterprises' rows by its enterprise index.
 */
export function namedEnterprises(db: Kysely<DB>, v: Record<string, unknown>) {
  return db
    .selectFrom('sysOrg as ko')
    .select('ko.id')
    .where('ko.orgType', '=', sql.lit<'enterprise'>('enterprise'))
    .where(bigramMatch(['ko.name', 'ko.uscc'], v.kwPairs, true, Object.hasOwn(v, 'kwFew')))
    .where('ko.name', 'ilike', v.kwLike as string);
}

/**
 * "The row's own text (`own` columns) or its enterprise's name (the enterprise id in `enterprise`) contains the
 * keyword, any case": the keyword filter of lists whose rows name one enterprise (service plans, hazards). With
 * `v.kwPairs` the enterprises come from the name pair index and the rows from the list's enterprise index, or
 * the own columns from their pair index (`own` must be an index expression's columns, as bigramMatch); it is
 * written `(ids OR pairs) AND (ids OR ILIKE)` so ILIKE decides on the rows found without their pairs being
 * computed again. Without it (one character, or the first pages of a frequent keyword, count-cache.ts
 * keywordPageValues) the rows are read in list order, each one's enterprise name by its key (an EXISTS became
 * a hashed list of every matching organisation, built for each page).
 */
export function ownOrEnterpriseKeyword(
  db: Kysely<DB>,
  v: Record<string, unknown>,
  own: readonly string[],
  enterprise: string,
): RawBuilder<SqlBool> {
  const ownLike = sql.join(
    own.map((r) => sql`${sql.ref(r)} ILIKE ${v.kwLike}`),
    sql` OR `,
  );
  if (Object.hasOwn(v, 'kwPairs')) {
    const ofNamed = sql`${sql.ref(enterprise)} = ANY(ARRAY(${namedEnterprises(db, v)}))`;
    const pairs = bigramMatch(own, v.kwPairs, true, Object.hasOwn(v, 'kwFew'));
    return sql<SqlBool>`(${ofNamed} OR ${pairs}) AND (${ofNamed} OR ${ownLike})`;
  }
  return sql<SqlBool>`(${ownLike} OR (SELECT ke.name FROM sys_org ke WHERE ke.id = ${sql.ref(enterprise)}) ILIKE ${v.kwLike})`;
}
