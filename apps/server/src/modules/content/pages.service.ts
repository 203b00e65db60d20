import { ArticleStatus, type PublicPage } from '@aqzrx/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Db } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';

/**
 * Single pages (about us, contact, privacy policy, user agreement, site map, and the portal's
 * explanation pages) are articles of kind 'page'. The footer links (aid, title) the public settings
 * carry are kept in step with them: every write to a page rewrites the `footerLinks` setting from the
 * published pages marked inFooter, in the same transaction.
 */
export async function footerLinksFromPages(db: Kysely<DB>): Promise<Array<{ aid: number; title: string }>> {
  const rows = await db
    .selectFrom('cmsArticle')
    .select(['id', 'title'])
    .where('kind', '=', 'page')
    .where('status', '=', ArticleStatus.PUBLISHED)
    .where('inFooter', '=', true)
    .where('deletedAt', 'is', null)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ aid: r.id, title: r.title }));
}

/** Writes the footerLinks setting (same row format as the settings service; callers invalidate its cache). */
export async function syncFooterLinks(db: Kysely<DB>, now: Date, userId: number | null): Promise<void> {
  const json = JSON.stringify(await footerLinksFromPages(db));
  await db
    .insertInto('sysSetting')
    .values({ key: 'footerLinks', value: json, updatedAt: now, updatedBy: userId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updatedAt: now, updatedBy: userId }))
    .execute();
}

/** A published single page by id (the footer link's aid) or by its stable slug. */
export async function publicPage(
  db: Db,
  q: { aid?: number | undefined; slug?: string | undefined },
): Promise<PublicPage> {
  let query = db
    .selectFrom('cmsArticle')
    .select(['id', 'slug', 'title', 'body', 'updatedAt'])
    .where('kind', '=', 'page')
    .where('status', '=', ArticleStatus.PUBLISHED)
    .where('deletedAt', 'is', null);
  if (q.aid !== undefined) query = query.where('id', '=', q.aid);
  if (q.slug !== undefined) query = query.where('slug', '=', q.slug);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound('页面不存在或已下线');
  return {
    aid: row.id,
    slug: row.slug,
    title: row.title,
    body: row.body,
    updatedAt: row.updatedAt.toISOString(),
  };
}
