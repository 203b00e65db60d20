import {
  ArticleStatus,
  optionLabel,
  type Paged,
  SEARCH_TYPES,
  type SearchHit,
  type SearchType,
} from '@aqzrx/contracts';
import { sql } from 'kysely';
import { chinaDateText, nullableDateText } from '../../db/sql.ts';
import type { Db } from '../../platform/context.ts';
import { type Reader, visibleTo } from './content.model.ts';
import { keywordRank, matchesKeyword } from './text-search.ts';

/**
 * Portal search over notices (and policy news), help articles, rules and public Q&A. Each source keeps
 * a `search_vec` tsvector (CJK character pairs and Latin words, text-search.ts) with a GIN index and the
 * plain `search_text`; the match is matchesKeyword, the same condition as the management and portal
 * lists. Hits are ranked by ts_rank (a title hit first), then newest first.
 */
export async function portalSearch(
  db: Db,
  reader: Reader | null,
  q: { keyword: string; type?: SearchType | undefined; pageNo: number; pageSize: number },
): Promise<Paged<SearchHit>> {
  const want = (t: SearchType) => q.type === undefined || q.type === t;

  const articles = (type: 'notice' | 'help') =>
    db
      .selectFrom('cmsArticle as a')
      .select([
        sql<SearchType>`${type}::text`.as('type'),
        'a.kind as kind',
        'a.id',
        'a.title',
        'a.searchText as text',
        chinaDateText('a.publishAt').as('day'),
        sql<Date | null>`a.publish_at`.as('at'),
        keywordRank('a', q.keyword).as('rank'),
      ])
      .where('a.deletedAt', 'is', null)
      .where('a.status', '=', ArticleStatus.PUBLISHED)
      .where('a.kind', 'in', type === 'help' ? ['help'] : ['notice', 'policy'])
      .where(visibleTo(reader))
      .where(matchesKeyword('a', q.keyword));
  const rules = db
    .selectFrom('cmsRule as r')
    .select([
      sql<SearchType>`'rule'::text`.as('type'),
      sql<string>`'rule'::text`.as('kind'),
      'r.id',
      'r.name as title',
      'r.searchText as text',
      nullableDateText('r.publishDate').as('day'),
      sql<Date | null>`r.publish_date::timestamptz`.as('at'),
      keywordRank('r', q.keyword).as('rank'),
    ])
    .where('r.deletedAt', 'is', null)
    .where(matchesKeyword('r', q.keyword));
  const qa = db
    .selectFrom('cmsConsult as c')
    .select([
      sql<SearchType>`'qa'::text`.as('type'),
      sql<string>`'qa'::text`.as('kind'),
      'c.id',
      'c.title',
      'c.searchText as text',
      chinaDateText('c.answeredAt').as('day'),
      sql<Date | null>`c.answered_at`.as('at'),
      keywordRank('c', q.keyword).as('rank'),
    ])
    .where('c.deletedAt', 'is', null)
    .where('c.isPublic', '=', true)
    .where(matchesKeyword('c', q.keyword));

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
    .orderBy(sql`s.rank`, 'desc')
    .orderBy(sql`s.at`, (ob) => ob.desc().nullsLast())
    .orderBy(sql`s.type`)
    .orderBy(sql`s.id`, 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return {
    list: rows.map((r) => ({
      type: r.type,
      // A notice hit is named by its tab: 通知公告 or 政策动态 (kind policy).
      typeName: r.kind === 'policy' ? POLICY_TAB_NAME : optionLabel(SEARCH_TYPES, r.type),
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

const POLICY_TAB_NAME = '政策动态';

interface Hit {
  type: SearchType;
  /** The article kind (notice, policy, help), or rule / qa. */
  kind: string;
  id: number;
  title: string;
  text: string;
  day: string | null;
  at: Date | null;
  rank: number;
}

/** About 90 characters of text around the first match. */
export function snippet(text: string, keyword: string): string {
  const i = text.toLowerCase().indexOf(keyword.toLowerCase());
  const start = Math.max(0, i < 0 ? 0 : i - 30);
  const end = Math.min(text.length, start + 90);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}
