import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Keyword search of the large lists by index (issue 18): policy holder name, enterprise name and USCC (the
 * enterprise list, and the claim list's enterprise keyword) are matched with LIKE/ILIKE '%keyword%', which
 * no B-tree serves. As the content search does (0013), the text is cut into overlapping pairs of characters
 * held in a tsvector with a GIN index; a keyword of two or more characters becomes the AND of its pairs,
 * which narrows the rows, and the LIKE/ILIKE itself then rechecks them (so results stay exactly LIKE's).
 *
 * - search_bigrams(VARIADIC parts): every pair of adjacent characters of each part, as written and as
 *   lower() makes it (a LIKE keyword is looked up as written, an ILIKE keyword by its lower(); ILIKE
 *   compares lower() of both sides, so every pair of a lower-cased matching keyword is a pair of the
 *   lower-cased text). Unlike the content tokenizer nothing is normalised or skipped: spaces, punctuation,
 *   % and _ are characters like any other, as they are to LIKE. Single characters are not kept: a
 *   one-character keyword matches a large share of the names and is left to the scan (an index of single
 *   characters would double in size to serve the searches it helps least).
 * - search_bigram_query(keyword): the AND of the keyword's pairs as a tsquery (NULL under two characters).
 *
 * The vectors are not stored: the indexes are expression indexes, so every write path (services, imports,
 * the data exchange, SQL run by hand) keeps them current without a trigger or a column to fill, and a
 * query names the same expression (search_bigrams(p.holder_name) @@ …) to use them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE FUNCTION search_bigrams(VARIADIC parts text[]) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT array_to_tsvector(ARRAY(
          SELECT DISTINCT substr(v.s, i, 2)
          FROM unnest(parts) AS p(t) CROSS JOIN LATERAL (VALUES (p.t), (lower(p.t))) AS v(s)
            CROSS JOIN LATERAL generate_series(1, char_length(v.s) - 1) AS i
          WHERE v.s IS NOT NULL))
      $$;
    CREATE FUNCTION search_bigram_query(keyword text) RETURNS tsquery
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT string_agg(
          '''' || replace(replace(substr(keyword, i, 2), '\\', '\\\\'), '''', '''''') || '''', ' & ')::tsquery
        FROM generate_series(1, char_length(keyword) - 1) AS i
      $$;
    CREATE INDEX ins_policy_holder_bigrams ON ins_policy USING gin (search_bigrams(holder_name));
    CREATE INDEX ins_policy_holder_uscc_idx ON ins_policy (holder_uscc);
    CREATE INDEX sys_org_name_bigrams ON sys_org USING gin (search_bigrams(name, uscc));
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP INDEX IF EXISTS sys_org_name_bigrams;
    DROP INDEX IF EXISTS ins_policy_holder_uscc_idx;
    DROP INDEX IF EXISTS ins_policy_holder_bigrams;
    DROP FUNCTION IF EXISTS search_bigram_query(text);
    DROP FUNCTION IF EXISTS search_bigrams(text[]);
  `,
  );
}
