import { type Kysely, sql } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Full-text search of articles, rules and consultations on PostgreSQL text search (issue 4): a
 * `search_vec tsvector` column with a GIN index on each, holding the CJK character/pair and Latin word
 * lexemes of the content tokenizer (title weighted A; frozen copy below). Existing rows are filled from their
 * title and `search_text` by the same tokenizer. The pg_trgm indexes of 0005 go: keywords are no longer
 * matched by a LIKE scan over them (the ILIKE that remains only rechecks the rows the new index found).
 * The GIN indexes take no pending list (fastupdate off): content is written rarely and searched often,
 * and a pending list would be scanned by every search (and priced by the planner) until a vacuum.
 */

// ---------------------------------------------------------------------------------------------------
// The tokenizer as it was when this migration was written (modules/content/text-search.ts of issue 4),
// copied here so the migration stays what it was when the live tokenizer changes (migrations are frozen
// and import no live code). Changing the live tokenizer needs a new migration that refills search_vec;
// modules/content/search.test.ts fails until then, because it compares the two.
// ---------------------------------------------------------------------------------------------------

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;

/** Longer Latin/digit words are cut to this many characters (in texts and keywords alike). */
const MAX_WORD = 64;
/** Positions kept per lexeme (the first ones: the title's come first); enough for ranking. */
const MAX_POSITIONS = 8;
/** tsvector positions run from 1 to 16383; later ones are clamped, as PostgreSQL does. */
const MAX_POSITION = 16383;
/** tsvector holds under 1 MB of lexeme text; a pathological body stops adding new lexemes before. */
const MAX_LEXEME_BYTES = 900_000;

type Kind = 'cjk' | 'letter' | 'digit';

interface Run {
  kind: Kind;
  text: string;
  start: number;
  end: number;
}

function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

function classify(ch: string): Kind | null {
  if (CJK.test(ch)) return 'cjk';
  if (LETTER.test(ch)) return 'letter';
  if (DIGIT.test(ch)) return 'digit';
  return null;
}

/** Runs of CJK characters, letters and digits in normalised text; everything else separates them. */
function runs(text: string): Run[] {
  const out: Run[] = [];
  let cur: Run | null = null;
  let i = 0;
  for (const ch of text) {
    const kind = classify(ch);
    if (cur && kind === cur.kind) {
      cur.text += ch;
      cur.end = i + ch.length;
    } else {
      if (cur) out.push(cur);
      cur = kind ? { kind, text: ch, start: i, end: i + ch.length } : null;
    }
    i += ch.length;
  }
  if (cur) out.push(cur);
  return out;
}

const chars = (s: string) => Array.from(s);
const word = (s: string) => chars(s).slice(0, MAX_WORD).join('');

/** Calls `emit(lexeme, position)` for each lexeme of a text, positions from `first`; returns the next free one. */
function scan(text: string, first: number, emit: (lexeme: string, position: number) => void): number {
  let pos = first;
  for (const run of runs(normalise(text))) {
    if (run.kind === 'cjk') {
      const cs = chars(run.text);
      for (let i = 0; i < cs.length; i++) {
        emit(cs[i]!, pos + i);
        if (i + 1 < cs.length) emit(cs[i]! + cs[i + 1]!, pos + i);
      }
      pos += cs.length;
    } else {
      emit(word(run.text), pos);
      pos += 1;
    }
    pos += 1; // a gap between runs, so lexemes of separate runs are not adjacent
  }
  return pos;
}

/** Quotes a lexeme for a tsvector or tsquery literal (tokens hold no quotes, escaped all the same). */
function quote(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The tsvector literal of a record: title lexemes weighted A, the rest (summary, body, document number,
 * answer…) weighted D, each with up to MAX_POSITIONS positions.
 */
export function searchVectorLiteral(title: string, rest: readonly string[]): string {
  const lexemes = new Map<string, string[]>();
  let bytes = 0;
  const add = (weight: 'A' | '') => (lexeme: string, position: number) => {
    let positions = lexemes.get(lexeme);
    if (!positions) {
      const size = Buffer.byteLength(lexeme);
      if (bytes + size > MAX_LEXEME_BYTES) return;
      bytes += size;
      positions = [];
      lexemes.set(lexeme, positions);
    }
    const p = `${Math.min(position, MAX_POSITION)}${weight}`;
    if (positions.length < MAX_POSITIONS && positions.at(-1) !== p) positions.push(p);
  };
  let next = scan(title, 1, add('A'));
  for (const text of rest) if (text) next = scan(text, next, add(''));
  return [...lexemes].map(([lexeme, positions]) => `${quote(lexeme)}:${positions.join(',')}`).join(' ');
}

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
