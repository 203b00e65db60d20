import type { ArticleKind, ClassKind, RuleLevel, RuleStatus } from '@aqzrx/contracts';
import type { Generated } from 'kysely';
import type { Audit, DateOnly, Json, NullableDateOnly, NullableTimestamp, Timestamp } from '../columns.ts';

/** Content (modules content, rule, consult): articles, notices, help, classes, rules library, consultations. */

export interface StoredAttachment {
  fileId: string;
  fileName: string;
  fileSize: number;
}

export interface CmsClassTable extends Audit {
  id: Generated<number>;
  kind: ClassKind;
  name: string;
  sort: Generated<number>;
  remark: Generated<string>;
  deletedAt: NullableTimestamp;
}

export interface CmsArticleTable extends Audit {
  id: Generated<number>;
  kind: ArticleKind;
  classId: number | null;
  title: string;
  summary: Generated<string>;
  body: Generated<string>;
  searchText: Generated<string>;
  /** tsvector (modules/content/text-search.ts), written through searchColumns(). */
  searchVec: Generated<string>;
  coverFileId: string | null;
  attachments: Json<StoredAttachment[]>;
  source: Generated<string>;
  author: Generated<string>;
  publishAt: NullableTimestamp;
  pinned: Generated<boolean>;
  sort: Generated<number>;
  status: Generated<number>;
  viewCount: Generated<number>;
  isBanner: Generated<boolean>;
  linkUrl: Generated<string>;
  targetRoles: Generated<string>;
  targetDistricts: Generated<string>;
  slug: string | null;
  inFooter: Generated<boolean>;
  notifiedAt: NullableTimestamp;
  deletedAt: NullableTimestamp;
}

export interface NoticeReadTable {
  articleId: number;
  userId: number;
  readAt: Timestamp;
}

export interface CmsRuleTable extends Audit {
  id: Generated<number>;
  refKey: string | null;
  name: string;
  docNo: Generated<string>;
  issuer: string;
  level: RuleLevel;
  /** Read through to_char(..., 'YYYY-MM-DD'); written as 'YYYY-MM-DD'. */
  publishDate: DateOnly;
  effectiveDate: NullableDateOnly;
  status: Generated<RuleStatus>;
  revisedById: number | null;
  repealedDate: NullableDateOnly;
  summary: Generated<string>;
  body: Generated<string>;
  searchText: Generated<string>;
  /** tsvector (modules/content/text-search.ts), written through searchColumns(). */
  searchVec: Generated<string>;
  attachments: Json<StoredAttachment[]>;
  sourceUrl: Generated<string>;
  sort: Generated<number>;
  viewCount: Generated<number>;
  deletedAt: NullableTimestamp;
}

export interface CmsConsultTable extends Audit {
  id: Generated<number>;
  classId: number;
  title: string;
  content: string;
  askerUserId: number;
  askerOrgId: number | null;
  askerDistrict: string | null;
  status: Generated<number>;
  answer: Generated<string>;
  answerUserId: number | null;
  answeredAt: NullableTimestamp;
  closedAt: NullableTimestamp;
  isPublic: Generated<boolean>;
  viewCount: Generated<number>;
  searchText: Generated<string>;
  /** tsvector (modules/content/text-search.ts), written through searchColumns(). */
  searchVec: Generated<string>;
  deletedAt: NullableTimestamp;
}

export interface ContentTables {
  cmsClass: CmsClassTable;
  cmsArticle: CmsArticleTable;
  noticeRead: NoticeReadTable;
  cmsRule: CmsRuleTable;
  cmsConsult: CmsConsultTable;
}
