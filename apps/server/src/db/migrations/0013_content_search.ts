import { type Kysely, sql } from 'kysely';
import { searchVectorLiteral } from '../../modules/content/text-search.ts';
import { execStatements } from '../sql-util.ts';

/**
 * Full-text search of articles, rules and consultations on PostgreSQL text search (issue 4): a
 * `search_vec tsvector` column with a GIN index on each, holding the CJK character/pair and Latin word
 * lexemes of modules/content/text-search.ts (title weighted A). Existing rows are filled from their
 * title and `search_text` by the same tokenizer. The pg_trgm indexes of 0005 go: keywords are no longer
 * matched by a LIKE scan over them (the ILIKE that remains only rechecks the rows the new index found).
 * The GIN indexes take no pending list (fastupdate off): content is written rarely and searched often,
 * and a pending list would be scanned by every search (and priced by the planner) until a vacuum.
 */
const TABLES = [
  { table: 'cms_article', title: 'title' },
  { table: 'cms_rule', title: 'name' },
  { table: 'cms_consult', title: 'title' },
] as const;

const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, title } of TABLES) {
    await execStatements(db, `ALTER TABLE ${table} ADD COLUMN search_vec tsvector NOT NULL DEFAULT '';`);
    let after = 0;
    for (;;) {
      const rows = await sql<{ id: number; title: string; text: string }>`
        SELECT id, ${sql.ref(title)} AS title, search_text AS text FROM ${sql.table(table)}
        WHERE id > ${after} ORDER BY id LIMIT ${BATCH}`.execute(db);
      for (const r of rows.rows) {
        // search_text is the title followed by the rest; the title's lexemes are weighted on their own.
        const rest = r.text.startsWith(r.title) ? r.text.slice(r.title.length) : r.text;
        await sql`UPDATE ${sql.table(table)} SET search_vec = ${searchVectorLiteral(r.title, [rest])}::tsvector
          WHERE id = ${r.id}`.execute(db);
      }
      if (rows.rows.length < BATCH) break;
      after = rows.rows.at(-1)!.id;
    }
  }
  await execStatements(
    db,
    `
    CREATE INDEX cms_article_search_vec ON cms_article USING gin (search_vec) WITH (fastupdate = off);
    CREATE INDEX cms_rule_search_vec ON cms_rule USING gin (search_vec) WITH (fastupdate = off);
    CREATE INDEX cms_consult_search_vec ON cms_consult USING gin (search_vec) WITH (fastupdate = off);
    DROP INDEX IF EXISTS cms_article_search_trgm;
    DROP INDEX IF EXISTS cms_rule_search_trgm;
    DROP INDEX IF EXISTS cms_consult_search_trgm;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE INDEX IF NOT EXISTS cms_article_search_trgm ON cms_article USING gin (search_text gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS cms_rule_search_trgm ON cms_rule USING gin (search_text gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS cms_consult_search_trgm ON cms_consult USING gin (search_text gin_trgm_ops);
    ALTER TABLE cms_consult DROP COLUMN IF EXISTS search_vec;
    ALTER TABLE cms_rule DROP COLUMN IF EXISTS search_vec;
    ALTER TABLE cms_article DROP COLUMN IF EXISTS search_vec;
  `,
  );
}
