import {
  type Action,
  ARTICLE_KIND_PERMISSION,
  ARTICLE_KINDS,
  ARTICLE_STATUS,
  type ArticleDetail,
  type ArticleItem,
  type ArticleKind,
  type Attachment,
  optionLabel,
  type PublicArticleDetail,
  type PublicArticleItem,
  TARGETED_KINDS,
} from '@aqzrx/contracts';
import type { SqlBool } from 'kysely';
import { type Expression, sql } from 'kysely';
import type { StoredAttachment } from '../../db/schema.ts';
import type { AuthContext, Db } from '../../platform/context.ts';
import { forbidden } from '../../platform/errors.ts';
import { holdsPermission } from '../../platform/permissions.ts';
import { audienceIncludes, districtListWithin, governedDistricts } from '../message/index.ts';

/** Columns every article read selects (the body only where a detail needs it). */
export function articleBase(db: Db) {
  return db
    .selectFrom('cmsArticle as a')
    .leftJoin('cmsClass as c', 'c.id', 'a.classId')
    .where('a.deletedAt', 'is', null);
}

export const ITEM_COLUMNS = [
  'a.id',
  'a.kind',
  'a.classId',
  'c.name as className',
  'a.title',
  'a.summary',
  'a.coverFileId',
  'a.source',
  'a.author',
  'a.publishAt',
  'a.pinned',
  'a.sort',
  'a.status',
  'a.viewCount',
  'a.isBanner',
  'a.linkUrl',
  'a.targetRoles',
  'a.targetDistricts',
  'a.slug',
  'a.inFooter',
  'a.createdAt',
  'a.updatedAt',
  'a.version',
] as const;
export const DETAIL_COLUMNS = [...ITEM_COLUMNS, 'a.body', 'a.attachments'] as const;

export interface ArticleRow {
  id: number;
  kind: ArticleKind;
  classId: number | null;
  className: string | null;
  title: string;
  summary: string;
  coverFileId: string | null;
  source: string;
  author: string;
  publishAt: Date | null;
  pinned: boolean;
  sort: number;
  status: number;
  viewCount: number;
  isBanner: boolean;
  linkUrl: string;
  targetRoles: string;
  targetDistricts: string;
  slug: string | null;
  inFooter: boolean;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}
export interface ArticleDetailRow extends ArticleRow {
  body: string;
  attachments: StoredAttachment[];
}

/** Published files are served anonymously; management screens read them through the signed-in path. */
export function fileUrl(fileId: string, pub: boolean): string {
  return pub ? `/api/public/file/${fileId}` : `/api/file/${fileId}`;
}

export function toAttachments(list: StoredAttachment[] | null | undefined, pub: boolean): Attachment[] {
  return (list ?? []).map((f) => ({
    fileId: f.fileId,
    fileName: f.fileName,
    fileSize: f.fileSize,
    fileUrl: fileUrl(f.fileId, pub),
  }));
}

const split = (s: string) => (s ? s.split(',').filter(Boolean) : []);

export function toItem(r: ArticleRow): ArticleItem {
  return {
    id: r.id,
    kind: r.kind,
    kindName: optionLabel(ARTICLE_KINDS, r.kind),
    classId: r.classId,
    className: r.className ?? '',
    title: r.title,
    summary: r.summary,
    coverUrl: r.coverFileId ? fileUrl(r.coverFileId, true) : '',
    source: r.source,
    author: r.author,
    publishAt: r.publishAt ? r.publishAt.toISOString() : null,
    pinned: r.pinned,
    sort: r.sort,
    status: r.status,
    statusName: optionLabel(ARTICLE_STATUS, r.status),
    viewCount: r.viewCount,
    isBanner: r.isBanner,
    linkUrl: r.linkUrl,
    targetRoles: split(r.targetRoles),
    targetDistricts: split(r.targetDistricts),
    slug: r.slug,
    inFooter: r.inFooter,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    version: r.version,
  };
}

export function toDetail(r: ArticleDetailRow): ArticleDetail {
  return {
    ...toItem(r),
    body: r.body,
    coverFileId: r.coverFileId,
    attachments: toAttachments(r.attachments, true),
  };
}

export function toPublicItem(r: ArticleRow, read?: boolean): PublicArticleItem {
  const item: PublicArticleItem = {
    id: r.id,
    kind: r.kind,
    kindName: optionLabel(ARTICLE_KINDS, r.kind),
    classId: r.classId,
    className: r.className ?? '',
    title: r.title,
    summary: r.summary,
    coverUrl: r.coverFileId ? fileUrl(r.coverFileId, true) : '',
    source: r.source,
    author: r.author,
    publishAt: r.publishAt ? r.publishAt.toISOString() : null,
    pinned: r.pinned,
    viewCount: r.viewCount,
  };
  if (read !== undefined) item.read = read;
  return item;
}

export function toPublicDetail(r: ArticleDetailRow, read?: boolean): PublicArticleDetail {
  return {
    ...toPublicItem(r, read),
    body: r.body,
    attachments: toAttachments(r.attachments, true),
    linkUrl: r.linkUrl,
  };
}

/** Who is reading the portal: nobody, or a signed-in user with a role and districts. */
export interface Reader {
  userId: number;
  roleKey: string;
  districts: string[];
}

/**
 * Visibility of a published article to a portal reader: untargeted content is for everyone;
 * targeted notices (role/district lists) only for readers inside the audience.
 */
export function visibleTo(reader: Reader | null): Expression<SqlBool> {
  if (!reader) return sql<SqlBool>`(a.target_roles = '' AND a.target_districts = '')`;
  return audienceIncludes(sql.ref('a.target_roles'), sql.ref('a.target_districts'), {
    roleKey: reader.roleKey,
    districts: reader.districts,
  });
}

/**
 * Row scope of the management calls. A district-level government user (governedDistricts: not city
 * level) manages only the notices and policy items addressed to districts that all lie within its own;
 * an untargeted one is city-wide and not theirs. City-level users and other kinds have no district
 * limit (the kind's permission decides). Out of scope answers like missing.
 */
export function inManageScope(
  auth: Pick<AuthContext, 'districtCodes'>,
  row: Pick<ArticleRow, 'kind' | 'targetDistricts'>,
): boolean {
  const own = governedDistricts(auth.districtCodes);
  if (own === null || !TARGETED_KINDS.includes(row.kind)) return true;
  const targets = split(row.targetDistricts);
  return targets.length > 0 && targets.every((d) => own.includes(d));
}

/** inManageScope as a condition on `cmsArticle as a`; null when the caller has no district limit. */
export function manageScopeFilter(auth: Pick<AuthContext, 'districtCodes'>): Expression<SqlBool> | null {
  const own = governedDistricts(auth.districtCodes);
  if (own === null) return null;
  return sql<SqlBool>`(a.kind NOT IN (${sql.join([...TARGETED_KINDS])}) OR ${districtListWithin('a.targetDistricts', own)})`;
}

/**
 * Article kinds share one table but not one permission: notices need notice.*, help help.*, the rest
 * article.*. The spec's shared calls (save, delete, updateStatus, searchById, getArticleList) are
 * declared `authenticated` and check the kind's permission here, against the role's grants loaded
 * for this request.
 */
export async function canManageKind(
  db: Db,
  auth: AuthContext,
  kind: ArticleKind,
  action: Action,
): Promise<boolean> {
  return holdsPermission(db, auth, `${ARTICLE_KIND_PERMISSION[kind]}.${action}`);
}

export async function manageableKinds(db: Db, auth: AuthContext, action: Action): Promise<ArticleKind[]> {
  const kinds: ArticleKind[] = [];
  for (const k of ARTICLE_KINDS) if (await canManageKind(db, auth, k.value, action)) kinds.push(k.value);
  return kinds;
}

/** 403 unless the caller may perform `action` on at least one article kind. */
export async function requireAnyKind(db: Db, auth: AuthContext, action: Action): Promise<ArticleKind[]> {
  const kinds = await manageableKinds(db, auth, action);
  if (kinds.length === 0) throw forbidden();
  return kinds;
}
