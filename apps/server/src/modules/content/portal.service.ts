import {
  type ArticleKind,
  ArticleStatus,
  type BannerItem,
  type Paged,
  type PublicArticleDetail,
  type PublicArticleItem,
  TARGETED_KINDS,
} from '@aqzrx/contracts';
import { sql } from 'kysely';
import type { AuthContext, Db } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { readerDistricts } from '../message/index.ts';
import {
  type ArticleDetailRow,
  type ArticleRow,
  articleBase,
  DETAIL_COLUMNS,
  fileUrl,
  ITEM_COLUMNS,
  inManageScope,
  type Reader,
  toPublicDetail,
  toPublicItem,
  visibleTo,
} from './content.model.ts';
import { matchesKeyword } from './text-search.ts';

/** The portal reader behind an optional token (public routes learn the caller when a token is sent). */
export async function readerOf(db: Db, auth: AuthContext | null): Promise<Reader | null> {
  if (!auth) return null;
  return { userId: auth.userId, roleKey: auth.roleKey, districts: await readerDistricts(db, auth) };
}

function published(db: Db, reader: Reader | null) {
  return articleBase(db).where('a.status', '=', ArticleStatus.PUBLISHED).where(visibleTo(reader));
}

/** Portal home banners: published banner images and articles flagged as banners, by order. */
export async function bannerList(db: Db): Promise<BannerItem[]> {
  const rows = await published(db, null)
    .select(['a.id', 'a.kind', 'a.title', 'a.coverFileId', 'a.linkUrl', 'a.sort'])
    .where((eb) => eb.or([eb('a.kind', '=', 'banner'), eb('a.isBanner', '=', true)]))
    .where('a.coverFileId', 'is not', null)
    .orderBy('a.sort')
    .orderBy('a.publishAt', 'desc')
    .orderBy('a.id', 'desc')
    .limit(10)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    imageUrl: fileUrl(r.coverFileId!, true),
    linkUrl: r.linkUrl,
    articleId: r.kind === 'banner' ? 0 : r.id,
    sort: r.sort,
  }));
}

export interface PublicListQuery {
  pageNo: number;
  pageSize: number;
  kind: ArticleKind;
  classId?: number | undefined;
  keyword?: string | undefined;
  unread?: boolean | undefined;
}

/**
 * Published articles of one kind that the reader may see, pinned first, newest first. For targeted
 * kinds and a signed-in reader each item says whether they have read it.
 */
export async function publicList(
  db: Db,
  reader: Reader | null,
  q: PublicListQuery,
): Promise<Paged<PublicArticleItem>> {
  const withRead = reader !== null && TARGETED_KINDS.includes(q.kind);
  let base = published(db, reader).where('a.kind', '=', q.kind);
  if (q.classId !== undefined) base = base.where('a.classId', '=', q.classId);
  if (q.keyword) base = base.where(matchesKeyword('a', q.keyword));
  if (withRead && q.unread !== undefined) {
    const exists = sql<boolean>`EXISTS (SELECT 1 FROM notice_read nr WHERE nr.article_id = a.id AND nr.user_id = ${reader.userId})`;
    base = base.where(q.unread ? sql<boolean>`NOT ${exists}` : exists);
  }
  const total = await base.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const rows = (await base
    .select(ITEM_COLUMNS)
    .select(
      withRead
        ? sql<boolean>`EXISTS (SELECT 1 FROM notice_read nr WHERE nr.article_id = a.id AND nr.user_id = ${reader.userId})`.as(
            'isRead',
          )
        : sql<boolean>`false`.as('isRead'),
    )
    .orderBy('a.pinned', 'desc')
    .orderBy('a.sort')
    .orderBy('a.publishAt', 'desc')
    .orderBy('a.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute()) as Array<ArticleRow & { isRead: boolean }>;
  return {
    list: rows.map((r) => toPublicItem(r, withRead ? r.isRead : undefined)),
    total: Number(total.c),
    pageNum: q.pageNo,
    pageSize: q.pageSize,
  };
}

/**
 * A published article for the portal (not single pages: those have their own call). Each read counts
 * a view. `kinds` narrows the call (the notice detail only answers notices and policy news).
 */
export async function publicDetail(
  db: Db,
  reader: Reader | null,
  id: number,
  kinds: readonly ArticleKind[],
): Promise<PublicArticleDetail> {
  const row = (await published(db, reader)
    .select(DETAIL_COLUMNS)
    .where('a.id', '=', id)
    .where('a.kind', 'in', [...kinds])
    .executeTakeFirst()) as ArticleDetailRow | undefined;
  if (!row) throw notFound('内容不存在或已下线');
  await db
    .updateTable('cmsArticle')
    .set((eb) => ({ viewCount: eb('viewCount', '+', 1) }))
    .where('id', '=', id)
    .execute();
  let read: boolean | undefined;
  if (reader && TARGETED_KINDS.includes(row.kind)) {
    const r = await db
      .selectFrom('noticeRead')
      .select('readAt')
      .where('articleId', '=', id)
      .where('userId', '=', reader.userId)
      .executeTakeFirst();
    read = r !== undefined;
  }
  return toPublicDetail({ ...row, viewCount: row.viewCount + 1 }, read);
}

/** Read receipt: only for a notice the reader can see; reading twice keeps the first time. */
export async function markNoticeRead(db: Db, reader: Reader, id: number, now: Date): Promise<void> {
  const row = await published(db, reader)
    .select('a.id')
    .where('a.id', '=', id)
    .where('a.kind', 'in', [...TARGETED_KINDS])
    .executeTakeFirst();
  if (!row) throw notFound('通知不存在或已下线');
  await db
    .insertInto('noticeRead')
    .values({ articleId: id, userId: reader.userId, readAt: now })
    .onConflict((oc) => oc.columns(['articleId', 'userId']).doNothing())
    .execute();
}

/** Who has read a notice (the read receipts an editor sees). */
export async function noticeReaders(
  db: Db,
  auth: AuthContext,
  id: number,
  q: { pageNo: number; pageSize: number },
) {
  const notice = await articleBase(db)
    .select(['a.id', 'a.kind', 'a.targetDistricts'])
    .where('a.id', '=', id)
    .where('a.kind', 'in', [...TARGETED_KINDS])
    .executeTakeFirst();
  if (!notice || !inManageScope(auth, notice)) throw notFound('通知不存在');
  const base = db
    .selectFrom('noticeRead as nr')
    .innerJoin('sysUser as u', 'u.id', 'nr.userId')
    .innerJoin('sysRole as r', 'r.id', 'u.roleId')
    .leftJoin('sysOrg as o', 'o.id', 'u.orgId')
    .where('nr.articleId', '=', id);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['u.id as userId', 'u.username', 'u.nickname', 'o.name as orgName', 'r.roleKey', 'nr.readAt'])
    .orderBy('nr.readAt', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return {
    list: rows.map((r) => ({ ...r, orgName: r.orgName ?? '', readAt: r.readAt.toISOString() })),
    total: Number(total.c),
    pageNum: q.pageNo,
    pageSize: q.pageSize,
  };
}
