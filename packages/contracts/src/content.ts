/**
 * Portal content (spec 7 /api/manage/articles/*, domain.md 2.13): articles (news, notices, policy news,
 * help, single pages, banners), help and consult classes, notices and their readers, portal search.
 * Rules, consultations and messages have files of their own.
 */
import { z } from 'zod';
import { ARTICLE_KINDS, CLASS_KIND_VALUES, SEARCH_TYPES } from './content-options.ts';
import {
  attachment,
  attachmentInput,
  districtCodeField,
  fileIdField,
  idParam,
  portalLink,
  queryBool,
  roleKeyField,
} from './fields.ts';
import { rangedNumber } from './number-field.ts';
import { FIELD_RANGES, numberRangeMessage } from './number-range.ts';

// ---------------------------------------------------------------------------------------------
// Articles

export const articleKind = z.enum(ARTICLE_KINDS.values, {
  message: '类别须为 notice/policy/news/help/page/banner',
});

export const articleSaveBody = z
  .object({
    id: z.number().int().positive().optional(),
    version: z.number().int().positive().optional(),
    kind: articleKind,
    classId: z.number().int().positive().nullable().optional(),
    title: z.string().trim().min(1, '请输入标题').max(200, '标题不能超过200个字符'),
    summary: z.string().trim().max(500, '摘要不能超过500个字符').default(''),
    /** Rich text; sanitised on the server with an allow-list. */
    body: z.string().max(500_000, '正文过长').default(''),
    coverFileId: fileIdField.nullable().optional(),
    attachments: z.array(attachmentInput).max(20, '附件最多20个').default([]),
    source: z.string().trim().max(100, '来源不能超过100个字符').default(''),
    author: z.string().trim().max(50, '作者不能超过50个字符').default(''),
    publishAt: z.iso.datetime({ offset: true, message: '发布时间格式不正确' }).nullable().optional(),
    pinned: z.boolean().default(false),
    sort: rangedNumber('排序', FIELD_RANGES.contentSort).default(0),
    isBanner: z.boolean().default(false),
    linkUrl: portalLink.default(''),
    targetRoles: z.array(roleKeyField).max(20).default([]),
    targetDistricts: z.array(districtCodeField).max(20).default([]),
    /** Single pages: a stable name the portal can ask for (about, contact, portal-ap ...). */
    slug: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9-]{0,39}$/, '页面标识只能包含小写字母、数字和连字符，且以字母开头')
      .nullable()
      .optional(),
    inFooter: z.boolean().default(false),
    /** Save and publish in one step (1), or keep as a draft (0, default for new articles). */
    status: z.union([z.literal(0), z.literal(1)]).optional(),
  })
  .strict();
export type ArticleSaveBody = z.infer<typeof articleSaveBody>;
/** What save and updateStatus answer: the article, its status, and how many messages were sent. */
export const articleSaveResult = z.object({ id: z.number(), status: z.number(), notified: z.number() });
export type ArticleSaveResult = z.infer<typeof articleSaveResult>;

export const articleListQuery = z
  .object({
    pageNo: z.coerce.number<number>().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number<number>().int().min(1).max(100).default(10),
    kind: articleKind.optional(),
    classId: idParam('分类编号').optional(),
    status: z.coerce.number<number>().int().min(0).max(2).optional(),
    keyword: z.string().trim().max(100, '关键词不能超过100个字符').optional(),
  })
  .strict();

export const articleItem = z.object({
  id: z.number(),
  kind: articleKind,
  kindName: z.string(),
  classId: z.number().nullable(),
  className: z.string(),
  title: z.string(),
  summary: z.string(),
  coverUrl: z.string(),
  source: z.string(),
  author: z.string(),
  publishAt: z.string().nullable(),
  pinned: z.boolean(),
  sort: z.number(),
  status: z.number(),
  statusName: z.string(),
  viewCount: z.number(),
  isBanner: z.boolean(),
  linkUrl: z.string(),
  targetRoles: z.array(z.string()),
  targetDistricts: z.array(z.string()),
  slug: z.string().nullable(),
  inFooter: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type ArticleItem = z.infer<typeof articleItem>;
export const articleDetail = articleItem.extend({
  body: z.string(),
  coverFileId: z.string().nullable(),
  attachments: z.array(attachment),
});
export type ArticleDetail = z.infer<typeof articleDetail>;

/** What the portal shows: no drafts, no audit columns. */
export const publicArticleItem = z.object({
  id: z.number(),
  kind: articleKind,
  kindName: z.string(),
  classId: z.number().nullable(),
  className: z.string(),
  title: z.string(),
  summary: z.string(),
  coverUrl: z.string(),
  source: z.string(),
  author: z.string(),
  publishAt: z.string().nullable(),
  pinned: z.boolean(),
  viewCount: z.number(),
  /** Notices only, for a signed-in reader: whether they have read it. */
  read: z.boolean().optional(),
});
export type PublicArticleItem = z.infer<typeof publicArticleItem>;
export const publicArticleDetail = publicArticleItem.extend({
  body: z.string(),
  attachments: z.array(attachment),
  linkUrl: z.string(),
});
export type PublicArticleDetail = z.infer<typeof publicArticleDetail>;

export const bannerItem = z.object({
  id: z.number(),
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  /** The article the banner opens when it has no link of its own (0 for image-only banners). */
  articleId: z.number(),
  sort: z.number(),
});
export type BannerItem = z.infer<typeof bannerItem>;

export const updateStatusQuery = z
  .object({
    id: idParam('id'),
    status: z.coerce.number<number>().int().min(0).max(2, '状态须为0草稿、1发布或2撤回'),
    version: idParam('version'),
  })
  .strict();

export const publicPage = z.object({
  aid: z.number(),
  slug: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type PublicPage = z.infer<typeof publicPage>;

// ---------------------------------------------------------------------------------------------
// Help and consult classes

export const classSaveQuery = z
  .object({
    id: idParam('id').optional(),
    version: idParam('version').optional(),
    name: z.string().trim().min(1, '请输入分类名称').max(50, '分类名称不能超过50个字符'),
    sort: z.coerce
      .number<number>()
      .int(numberRangeMessage('排序', FIELD_RANGES.classSort))
      .min(0, numberRangeMessage('排序', FIELD_RANGES.classSort))
      .max(9999, numberRangeMessage('排序', FIELD_RANGES.classSort))
      .default(0),
    remark: z.string().trim().max(200, '备注不能超过200个字符').default(''),
  })
  .strict();
export const classItem = z.object({
  id: z.number(),
  kind: z.enum(CLASS_KIND_VALUES),
  name: z.string(),
  sort: z.number(),
  remark: z.string(),
  /** Published help articles or public Q&A in the class. */
  count: z.number(),
  version: z.number(),
});
export type ClassItem = z.infer<typeof classItem>;

// ---------------------------------------------------------------------------------------------
// Notices

export const noticeListQuery = z
  .object({
    pageNo: z.coerce.number<number>().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number<number>().int().min(1).max(100).default(10),
    currentTab: z.enum(['1', '2'], { message: 'currentTab 须为1（通知公告）或2（政策动态）' }).default('1'),
    keyword: z.string().trim().max(100, '关键词不能超过100个字符').optional(),
    unread: queryBool.optional(),
  })
  .strict();
export const noticeReader = z.object({
  userId: z.number(),
  username: z.string(),
  nickname: z.string(),
  orgName: z.string(),
  roleKey: z.string(),
  readAt: z.string(),
});
export type NoticeReader = z.infer<typeof noticeReader>;

/** The portal's public article lists (/api/public/article/list): one kind, paged. */
export const portalListQuery = z
  .object({
    pageNo: z.coerce.number<number>().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number<number>().int().min(1).max(100).default(10),
    kind: z.enum(['news', 'notice', 'policy', 'help'], { message: '类别须为 news/notice/policy/help' }),
    classId: z.coerce.number<number>().int().positive('分类编号必须是正整数').optional(),
    keyword: z.string().trim().max(100, '关键词不能超过100个字符').optional(),
  })
  .strict();
/** The portal's help list (/api/manage/articles/getHelpList). */
export const helpListQuery = portalListQuery.omit({ kind: true });

// ---------------------------------------------------------------------------------------------
// Portal search

export const searchQuery = z
  .object({
    keyword: z.string().trim().min(1, '请输入搜索关键词').max(50, '搜索关键词不能超过50个字符'),
    type: z.enum(SEARCH_TYPES.values).optional(),
    pageNo: z.coerce.number<number>().int().min(1).max(1000).default(1),
    pageSize: z.coerce.number<number>().int().min(1).max(50).default(10),
  })
  .strict();
export const searchHit = z.object({
  type: z.enum(SEARCH_TYPES.values),
  typeName: z.string(),
  id: z.number(),
  title: z.string(),
  snippet: z.string(),
  date: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHit>;
