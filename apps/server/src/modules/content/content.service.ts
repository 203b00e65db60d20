import {
  type Action,
  ARTICLE_KIND_PERMISSION,
  type ArticleDetail,
  type ArticleItem,
  type ArticleKind,
  type ArticleSaveBody,
  ArticleStatus,
  type Paged,
  TARGETED_KINDS,
} from '@aqzrx/contracts';
import type { StoredAttachment } from '../../db/schema.ts';
import type { AuthContext, Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { htmlToText, referencedFileIds, sanitizeRichText } from '../../platform/sanitize.ts';
import { softDeleteVersioned, updateVersioned } from '../../platform/versioned.ts';
import { sendMessage, targetsWithin } from '../message/index.ts';
import {
  type ArticleDetailRow,
  type ArticleRow,
  articleBase,
  canManageKind,
  DETAIL_COLUMNS,
  ITEM_COLUMNS,
  inManageScope,
  manageScopeFilter,
  requireAnyKind,
  toDetail,
  toItem,
} from './content.model.ts';
import { syncFooterLinks } from './pages.service.ts';
import { matchesKeyword, searchColumns } from './text-search.ts';

/** Text of a body above which an article is refused (domain.md 2.13: 正文 2–60,000 characters). */
const BODY_TEXT_MAX = 60_000;

export interface ManageListQuery {
  pageNo: number;
  pageSize: number;
  kind?: ArticleKind | undefined;
  classId?: number | undefined;
  status?: number | undefined;
  keyword?: string | undefined;
}

/**
 * The management list: every status, only the kinds the caller may query and, for a district-level
 * government user, only notices addressed within its districts.
 */
export async function manageList(db: Db, auth: AuthContext, q: ManageListQuery): Promise<Paged<ArticleItem>> {
  const allowed = await requireAnyKind(db, auth, 'query');
  let kinds = allowed;
  if (q.kind) {
    if (!allowed.includes(q.kind)) throw forbidden();
    kinds = [q.kind];
  }
  let base = articleBase(db).where('a.kind', 'in', kinds);
  const scope = manageScopeFilter(auth);
  if (scope) base = base.where(scope);
  if (q.classId !== undefined) base = base.where('a.classId', '=', q.classId);
  if (q.status !== undefined) base = base.where('a.status', '=', q.status);
  if (q.keyword) base = base.where(matchesKeyword('a', q.keyword));
  const total = await base.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const rows = (await base
    .select(ITEM_COLUMNS)
    .orderBy('a.pinned', 'desc')
    .orderBy('a.sort', 'asc')
    .orderBy('a.updatedAt', 'desc')
    .orderBy('a.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute()) as ArticleRow[];
  return { list: rows.map(toItem), total: Number(total.c), pageNum: q.pageNo, pageSize: q.pageSize };
}

async function findDetail(db: Db, id: number): Promise<ArticleDetailRow | undefined> {
  return (await articleBase(db).select(DETAIL_COLUMNS).where('a.id', '=', id).executeTakeFirst()) as
    | ArticleDetailRow
    | undefined;
}

/**
 * An article the caller may act on: 403 when they hold the action on no article kind at all; a record
 * of a kind they do not manage, or a notice outside a district government's districts, answers
 * exactly as a missing one (security.md Z02).
 */
async function requireManaged(
  db: Db,
  auth: AuthContext,
  id: number,
  action: Action,
): Promise<ArticleDetailRow> {
  await requireAnyKind(db, auth, action);
  const row = await findDetail(db, id);
  if (!row || !inManageScope(auth, row) || !(await canManageKind(db, auth, row.kind, action))) {
    throw notFound('文章不存在');
  }
  return row;
}

export async function manageDetail(db: Db, auth: AuthContext, id: number): Promise<ArticleDetail> {
  return toDetail(await requireManaged(db, auth, id, 'get'));
}

const UUID_PATH = /\/api\/file\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi;

/**
 * Files an article shows must be the author's own uploads, already public, or already on this
 * record (another editor's earlier attachment). They become public: the portal serves them to anyone.
 * An unknown or someone else's private file answers as missing.
 */
export async function claimFiles(
  trx: Tx,
  auth: AuthContext,
  ids: { cover: string | null; attachments: string[]; body: string[] },
  alreadyOnRecord: Set<string>,
): Promise<Map<string, { size: number; kind: string }>> {
  const all = [
    ...new Set(
      [...(ids.cover ? [ids.cover] : []), ...ids.attachments, ...ids.body].map((s) => s.toLowerCase()),
    ),
  ];
  if (all.length === 0) return new Map();
  const rows = await trx
    .selectFrom('sysFile')
    .select(['id', 'kind', 'size', 'ownerUserId', 'isPublic', 'deletedAt'])
    .where('id', 'in', all)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of all) {
    const f = byId.get(id);
    const usable =
      f && !f.deletedAt && (f.isPublic || f.ownerUserId === auth.userId || alreadyOnRecord.has(id));
    if (!usable) throw badRequest(`文件 ${id} 不存在或不可使用，请重新上传`);
  }
  if (ids.cover && byId.get(ids.cover.toLowerCase())?.kind !== 'image') {
    throw badRequest('封面须为图片（jpeg、jpg、png、gif），请重新上传');
  }
  await trx
    .updateTable('sysFile')
    .set({ isPublic: true })
    .where('id', 'in', all)
    .where('isPublic', '=', false)
    .execute();
  return new Map(rows.map((r) => [r.id, { size: Number(r.size), kind: r.kind }]));
}

function sameGroup(a: ArticleKind, b: ArticleKind): boolean {
  return ARTICLE_KIND_PERMISSION[a] === ARTICLE_KIND_PERMISSION[b];
}

/** Checks that depend on the kind; the shape was checked by the contract. */
async function validateForKind(trx: Tx, b: ArticleSaveBody, bodyText: string): Promise<void> {
  if (b.kind === 'help') {
    if (!b.classId) throw badRequest('请选择帮助分类 classId');
    const cls = await trx
      .selectFrom('cmsClass')
      .select('id')
      .where('id', '=', b.classId)
      .where('kind', '=', 'help')
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (!cls) throw badRequest('帮助分类不存在，请重新选择 classId');
  } else if (b.classId) {
    throw badRequest('只有帮助文章可以选择分类，请去掉 classId');
  }
  if (b.kind !== 'banner') {
    if (bodyText.length < 2 && !/<img\b/i.test(b.body)) throw badRequest('正文 body 至少2个字，请填写正文');
    if (bodyText.length > BODY_TEXT_MAX) throw badRequest(`正文 body 不能超过${BODY_TEXT_MAX}个字`);
  }
  if ((b.kind === 'banner' || b.isBanner) && !b.coverFileId) throw badRequest('轮播图须上传图片 coverFileId');
  if (!TARGETED_KINDS.includes(b.kind) && (b.targetRoles.length > 0 || b.targetDistricts.length > 0)) {
    throw badRequest('只有通知公告和政策动态可以指定接收角色和区县，请去掉 targetRoles/targetDistricts');
  }
  if (b.kind !== 'page' && (b.slug || b.inFooter))
    throw badRequest('只有单页可以设置页面标识 slug 和页脚显示 inFooter');
  if (b.targetRoles.length > 0) {
    const known = await trx
      .selectFrom('sysRole')
      .select('roleKey')
      .where('roleKey', 'in', b.targetRoles)
      .execute();
    const missing = b.targetRoles.filter((k) => !known.some((r) => r.roleKey === k));
    if (missing.length > 0) throw badRequest(`接收角色不存在：${missing.join('、')}，请重新选择 targetRoles`);
  }
  if (b.slug) {
    const dup = await trx
      .selectFrom('cmsArticle')
      .select('id')
      .where('slug', '=', b.slug)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (dup && dup.id !== b.id) throw conflict(`页面标识 ${b.slug} 已被其他单页使用，请换一个`);
  }
}

export interface SaveResult {
  id: number;
  status: number;
  notified: number;
  /** The footer links changed (a single page was saved). */
  footerChanged: boolean;
}

/** Creates or updates an article; `status: 1` publishes it in the same step. */
export async function saveArticle(
  trx: Tx,
  auth: AuthContext,
  b: ArticleSaveBody,
  now: Date,
): Promise<SaveResult> {
  let existing: ArticleDetailRow | undefined;
  if (b.id) {
    existing = await requireManaged(trx, auth, b.id, 'edit');
    if (b.version === undefined) throw badRequest('修改文章须提供版本号 version');
    if (!sameGroup(existing.kind, b.kind))
      throw badRequest('文章类别不能在通知、帮助和其他文章之间变更，请新建');
  }
  if (!(await canManageKind(trx, auth, b.kind, b.id ? 'edit' : 'add'))) throw forbidden();
  // Publishing is the kind's edit action, as in updateStatus, also when a new record is published at once.
  if (b.status === ArticleStatus.PUBLISHED && !(await canManageKind(trx, auth, b.kind, 'edit')))
    throw forbidden();
  if (TARGETED_KINDS.includes(b.kind)) {
    // A district government addresses its own districts only (its own when none are chosen).
    const what = b.kind === 'notice' ? '发布通知公告' : '发布政策动态';
    b = { ...b, targetDistricts: targetsWithin(auth, b.targetDistricts, what) };
  }

  const body = sanitizeRichText(b.body);
  const bodyText = htmlToText(body);
  await validateForKind(trx, { ...b, body }, bodyText);

  const onRecord = new Set<string>(
    existing
      ? [
          ...(existing.coverFileId ? [existing.coverFileId] : []),
          ...existing.attachments.map((f) => f.fileId),
          ...referencedFileIds(existing.body),
        ]
      : [],
  );
  const files = await claimFiles(
    trx,
    auth,
    {
      cover: b.coverFileId ?? null,
      attachments: b.attachments.map((f) => f.fileId),
      body: referencedFileIds(body),
    },
    onRecord,
  );
  const attachments: StoredAttachment[] = b.attachments.map((f) => ({
    fileId: f.fileId.toLowerCase(),
    fileName: f.fileName,
    fileSize: files.get(f.fileId.toLowerCase())?.size ?? f.fileSize,
  }));
  // Body images uploaded through the signed-in path are served from the public one once claimed.
  const publicBody = body.replace(UUID_PATH, (_m, id: string) => `/api/public/file/${id.toLowerCase()}`);

  const publish = b.status === ArticleStatus.PUBLISHED;
  const status = b.status ?? existing?.status ?? ArticleStatus.DRAFT;
  if (existing && status !== existing.status) checkTransition(existing.status, status);
  const values = {
    kind: b.kind,
    classId: b.kind === 'help' ? (b.classId ?? null) : null,
    title: b.title,
    summary: b.summary,
    body: publicBody,
    ...searchColumns(b.title, [b.summary, bodyText]),
    coverFileId: b.coverFileId ? b.coverFileId.toLowerCase() : null,
    attachments: JSON.stringify(attachments),
    source: b.source,
    author: b.author,
    publishAt: b.publishAt
      ? new Date(b.publishAt)
      : publish
        ? (existing?.publishAt ?? now)
        : (existing?.publishAt ?? null),
    pinned: b.pinned,
    sort: b.sort,
    status,
    isBanner: b.kind === 'banner' ? true : b.isBanner,
    linkUrl: b.linkUrl,
    targetRoles: [...new Set(b.targetRoles)].join(','),
    targetDistricts: [...new Set(b.targetDistricts)].join(','),
    slug: b.kind === 'page' ? (b.slug ?? null) : null,
    inFooter: b.kind === 'page' ? b.inFooter : false,
    updatedAt: now,
    updatedBy: auth.userId,
  };
  let id: number;
  if (existing && b.id) {
    await updateVersioned(trx, 'cmsArticle', { id: b.id, version: b.version! }, values, { notDeleted: true });
    id = b.id;
  } else {
    const row = await trx
      .insertInto('cmsArticle')
      .values({ ...values, createdAt: now, createdBy: auth.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  }
  const notified = status === ArticleStatus.PUBLISHED ? await notifyIfTargeted(trx, id, now, auth.userId) : 0;
  const footerChanged = b.kind === 'page' || existing?.kind === 'page';
  if (footerChanged) await syncFooterLinks(trx, now, auth.userId);
  return { id, status, notified, footerChanged };
}

/**
 * On the first publication of a notice or policy item, every user in its audience gets an in-app
 * message (domain.md 3.8). Republishing after a withdrawal does not message again.
 */
async function notifyIfTargeted(trx: Tx, id: number, now: Date, userId: number): Promise<number> {
  const row = await trx
    .selectFrom('cmsArticle')
    .select(['kind', 'title', 'summary', 'targetRoles', 'targetDistricts', 'notifiedAt'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (!TARGETED_KINDS.includes(row.kind) || row.notifiedAt) return 0;
  const count = await sendMessage(
    trx,
    {
      roleKeys: row.targetRoles ? row.targetRoles.split(',') : [],
      districts: row.targetDistricts ? row.targetDistricts.split(',') : [],
    },
    {
      title: `${row.kind === 'notice' ? '通知公告' : '政策动态'}：${row.title}`.slice(0, 100),
      content: row.summary || '平台发布了新的内容，请查看。',
      link: `/portal/notice/detail?id=${id}`,
      kind: 'system',
      bizType: 'notice',
      bizId: id,
    },
    { now, createdBy: userId },
  );
  await trx.updateTable('cmsArticle').set({ notifiedAt: now }).where('id', '=', id).execute();
  return count;
}

const TRANSITIONS: Record<number, number[]> = {
  [ArticleStatus.DRAFT]: [ArticleStatus.PUBLISHED],
  [ArticleStatus.PUBLISHED]: [ArticleStatus.WITHDRAWN],
  [ArticleStatus.WITHDRAWN]: [ArticleStatus.PUBLISHED, ArticleStatus.DRAFT],
};
const TRANSITION_MESSAGE: Record<string, string> = {
  '0>2': '草稿尚未发布，不能撤回',
  '1>0': '已发布的文章请先撤回再改为草稿',
};

function checkTransition(from: number, to: number): void {
  if (!TRANSITIONS[from]?.includes(to)) {
    throw badRequest(TRANSITION_MESSAGE[`${from}>${to}`] ?? '不支持的状态变更');
  }
}

/** Publish (1), withdraw (2) or return to draft (0): draft → published → withdrawn → published/draft. */
export async function updateStatus(
  trx: Tx,
  auth: AuthContext,
  q: { id: number; status: number; version: number },
  now: Date,
): Promise<SaveResult> {
  const row = await requireManaged(trx, auth, q.id, 'edit');
  if (row.status === q.status) throw badRequest('文章已是该状态，无需重复操作');
  checkTransition(row.status, q.status);
  await updateVersioned(trx, 'cmsArticle', q, {
    status: q.status,
    publishAt: q.status === ArticleStatus.PUBLISHED ? (row.publishAt ?? now) : row.publishAt,
    updatedAt: now,
    updatedBy: auth.userId,
  });
  const notified =
    q.status === ArticleStatus.PUBLISHED ? await notifyIfTargeted(trx, q.id, now, auth.userId) : 0;
  const footerChanged = row.kind === 'page';
  if (footerChanged) await syncFooterLinks(trx, now, auth.userId);
  return { id: q.id, status: q.status, notified, footerChanged };
}

export async function deleteArticle(
  trx: Tx,
  auth: AuthContext,
  q: { id: number; version?: number | undefined },
  now: Date,
): Promise<{ footerChanged: boolean }> {
  const row = await requireManaged(trx, auth, q.id, 'delete');
  await softDeleteVersioned(trx, 'cmsArticle', q, { deletedAt: now, updatedAt: now, updatedBy: auth.userId });
  const footerChanged = row.kind === 'page';
  if (footerChanged) await syncFooterLinks(trx, now, auth.userId);
  return { footerChanged };
}
