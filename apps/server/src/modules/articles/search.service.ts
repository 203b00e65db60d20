import {
  ArticleStatus,
  optionLabel,
  type Paged,
  SEARCH_TYPES,
  type SearchHit,
  type SearchType,
} from '@aqzrx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/context.ts';
import { likeAny, type Reader, visibleTo } from './articles.model.ts';

/**
 * Portal search over notices (and policy news), help articles, rules and public Q&A. Each source keeps
 * a plain-text `search_text` column with a pg_trgm GIN index, and the match is `ILIKE '%keyword%'`,
 * which the trigram index answers (a keyword of three or more characters narrows by index; shorter ones
 * are rechecked). Trigrams need no word segmentation, so Chinese matches like any other text.
 */
export async function portalSearch(
  db: Db,
  reader: Reader | null,
  q: { keyword: string; type?: SearchType | undefined; pageNo: number; pageSize: number },
): Promise<Paged<SearchHit>> {
  const kw = likeAny(q.keyword);
  const want = (t: SearchType) => q.type === undefined || q.type === t;

  const articles = (type: 'notice' | 'help') =>
    db
      .selectFrom('cmsArticle as a')
      .select([
        sql<SearchType>`${type}::text`.as('type'),
        'a.id',
        'a.title',
        'a.searchText as text',
        sql<string | null>`to_char(a.publish_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`.as('day'),
        sql<Date | null>`a.publish_at`.as('at'),
      ])
      .where('a.deletedAt', 'is', null)
      .where('a.status', '=', ArticleStatus.PUBLISHED)
      .where('a.kind', 'in', type === 'help' ? ['help'] : ['notice', 'policy'])
      .where(visibleTo(reader))
      .where('a.searchText', 'ilike', kw);
  const rules = db
    .selectFrom('cmsRule as r')
    .select([
      sql<SearchType>`'rule'::text`.as('type'),
      'r.id',
      'r.name as title',
      'r.searchText as text',
      sql<string | null>`to_char(r.publish_date, 'YYYY-MM-DD')`.as('day'),
      sql<Date | null>`r.publish_date::timestamptz`.as('at'),
    ])
    .where('r.deletedAt', 'is', null)
    .where('r.searchText', 'ilike', kw);
  const qa = db
    .selectFrom('cmsConsult as c')
    .select([
      sql<SearchType>`'qa'::text`.as('type'),
      'c.id',
      'c.title',
      'c.searchText as text',
      sql<string | null>`to_char(c.answered_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`.as('day'),
      sql<Date | null>`c.answered_at`.as('at'),
    ])
    .where('c.deletedAt', 'is', null)
    .where('c.isPublic', '=', true)
    .where('c.searchText', 'ilike', kw);

  const parts = [
    ...(want('notice') ? [articles('notice')] : []),
    ...(want('help') ? [articles('help')] : []),
    ...(want('rule') ? [rules] : []),
    ...(want('qa') ? [qa] : []),
  ];
  if (parts.length === 0) return { list: [], total: 0, pageNum: q.pageNo, pageSize: q.pageSize };
  const union = sql<Hit>`(${sql.join(
    parts.map((p) => sql`(${p})`),
    sql` UNION ALL `,
  )})`.as('s');
  const total = await db
    .selectFrom(union)
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom(union)
    .selectAll()
    .orderBy(sql`(s.title ILIKE ${kw})`, 'desc')
    .orderBy(sql`s.at`, (ob) => ob.desc().nullsLast())
    .orderBy(sql`s.type`)
    .orderBy(sql`s.id`, 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return {
    list: rows.map((r) => ({
      type: r.type,
      typeName: optionLabel(SEARCH_TYPES, r.type),
      id: r.id,
      title: r.title,
      snippet: snippet(r.text, q.keyword),
      date: r.day,
    })),
    total: Number(total.c),
    pageNum: q.pageNo,
    pageSize: q.pageSize,
  };
}

interface Hit {
  type: SearchType;
  id: number;
  title: string;
  text: string;
  day: string | null;
  at: Date | null;
}

/** About 90 characters of text around the first match. */
export function snippet(text: string, keyword: string): string {
  const i = text.toLowerCase().indexOf(keyword.toLowerCase());
  const start = Math.max(0, i < 0 ? 0 : i - 30);
  const end = Math.min(text.length, start + 90);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
