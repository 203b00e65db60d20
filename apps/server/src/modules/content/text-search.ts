import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { containsPattern } from '../../db/sql.ts';

/**
 * Full-text search of the content tables (cms_article, cms_rule, cms_consult), on PostgreSQL's own
 * text search and the same on PGlite. PostgreSQL's parsers do not segment Chinese, so the lexemes are
 * made here, once, for the writers, the seed, the migration's backfill and the keyword:
 *
 * - CJK text (Han, kana, Hangul) becomes every single character and every overlapping pair of adjacent
 *   characters ("安全生产" → 安 全 生 产 安全 全生 生产): no dictionary, and any substring of two or more
 *   characters is found through its pairs.
 * - Latin letters and digits become lowercased words, split where letters meet digits ("GB11643-1999" →
 *   gb 11643 1999), so document numbers (GB 11643, 国务院令第493号, 主席令第二十六号) are found.
 * - Text is NFKC-normalised first (full-width letters and digits become ASCII).
 *
 * Each row keeps the lexemes in a `search_vec tsvector` column with a GIN index. Lexemes of the title
 * carry weight A, the rest D (the default), with positions so ts_rank ranks title hits and adjacent pairs
 * first. The literal is built here and passed as one bound parameter cast to tsvector; no text reaches
 * the SQL itself.
 *
 * A keyword is tokenized the same way and becomes an AND of lexemes (matchesKeyword): a one-character
 * CJK keyword looks up the character, a longer CJK run its pairs, Latin/digit words by prefix. The index
 * narrows the rows; `search_text ILIKE '%keyword%'` then rechecks them, so "理赔" does not match a text
 * holding 理 and 赔 apart, and the matching stays substring matching. One difference from a plain ILIKE
 * scan: a Latin word inside the keyword must be a whole word of the text or, at the keyword's end, the
 * start of one ("1164" finds "11643"; "643" alone does not, a word at the keyword's start is left to the
 * recheck when other lexemes narrow the rows).
 */

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

/** The distinct lexemes of a text, in order of first appearance (for tests and diagnostics). */
export function tokenize(text: string): string[] {
  const seen = new Set<string>();
  scan(text, 1, (lexeme) => seen.add(lexeme));
  return [...seen];
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

/**
 * The two search columns of a record: `search_text` (title and the rest, space-separated: what the
 * recheck and the portal's snippets read) and `search_vec` (the lexemes, see searchVectorLiteral).
 */
export function searchColumns(
  title: string,
  rest: readonly string[],
): { searchText: string; searchVec: RawBuilder<string> } {
  return {
    searchText: [title, ...rest].filter(Boolean).join(' '),
    searchVec: sql<string>`${searchVectorLiteral(title, rest)}::tsvector`,
  };
}

/**
 * The tsquery literal of a keyword, or null when it holds no letter, digit or CJK character (then only
 * the recheck applies). One CJK character → that character; a longer CJK run → its pairs; a Latin/digit
 * word → the word, by prefix where it ends the keyword (or was cut); a word that starts the keyword may be
 * the tail of a longer word of the text, so it is left to the recheck unless it is all there is.
 */
export function keywordTsquery(keyword: string): string | null {
  const text = normalise(keyword.trim());
  const terms = new Map<string, boolean>(); // lexeme → prefix match
  let leading: { lexeme: string; prefix: boolean } | null = null;
  for (const run of runs(text)) {
    if (run.kind === 'cjk') {
      const cs = chars(run.text);
      if (cs.length === 1) terms.set(cs[0]!, false);
      for (let i = 0; i + 1 < cs.length; i++) terms.set(cs[i]! + cs[i + 1]!, false);
      continue;
    }
    const lexeme = word(run.text);
    const prefix = run.end === text.length || lexeme.length < run.text.length;
    if (run.start === 0) leading = { lexeme, prefix: true };
    else terms.set(lexeme, (terms.get(lexeme) ?? false) || prefix);
  }
  if (terms.size === 0 && leading) terms.set(leading.lexeme, leading.prefix);
  if (terms.size === 0) return null;
  return [...terms].map(([lexeme, prefix]) => `${quote(lexeme)}${prefix ? ':*' : ''}`).join(' & ');
}

/** LIKE pattern for a keyword, with the wildcard characters escaped. */
export function likeAny(keyword: string): string {
  return containsPattern(keyword);
}

/**
 * The one keyword match of content search (portal search, the portal and management lists of articles,
 * help and notices, the rules library, consultations and public Q&A), on a table alias whose table has
 * `search_vec` and `search_text`: the GIN index on search_vec narrows the rows, then the exact substring
 * recheck on search_text.
 */
export function matchesKeyword(alias: string, keyword: string): Expression<SqlBool> {
  const text = sql.ref(`${alias}.searchText`);
  const query = keywordTsquery(keyword);
  if (query === null) return sql<SqlBool>`${text} ILIKE ${likeAny(keyword)}`;
  return sql<SqlBool>`(${sql.ref(`${alias}.searchVec`)} @@ ${query}::tsquery AND ${text} ILIKE ${likeAny(keyword)})`;
}

/**
 * Relevance of a row to a keyword (higher first): ts_rank with D weighed 0.01 against A's 1.0, so a hit
 * in the title outranks any number of hits in the body. 0 for a keyword without lexemes.
 */
export function keywordRank(alias: string, keyword: string): RawBuilder<number> {
  const query = keywordTsquery(keyword);
  if (query === null) return sql<number>`0::real`;
  return sql<number>`ts_rank('{0.01,0.02,0.04,1.0}'::real[], ${sql.ref(`${alias}.searchVec`)}, ${query}::tsquery)`;
}
