import { z } from 'zod';
import {
  ARTICLE_KIND_VALUES,
  CLASS_KIND_VALUES,
  MESSAGE_KIND_VALUES,
  RULE_LEVEL_VALUES,
  RULE_STATUS_VALUES,
  SEARCH_TYPE_VALUES,
  TODO_STATE_VALUES,
} from './content-options.ts';
import { rangedNumber } from './number-field.ts';
import { FIELD_RANGES, numberRangeMessage } from './number-range.ts';

export * from './content-options.ts';

/**
 * Portal content: articles (news, notices, policy news, help, single pages, banners), rules,
 * consultations and in-app messages (spec 7 /api/manage/articles/*, domain.md 2.13, 3.7, 3.8).
 */

// ---------------------------------------------------------------------------------------------
// Shared pieces

const id = (label: string) => z.coerce.number().int().positive(`${label}必须是正整数`);
const fileId = z.string().uuid('文件编号格式不正确，请重新上传');
const dateOnly = (label: string) =>
  z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, `${label}格式应为YYYY-MM-DD`);
const roleKey = z.string().regex(/^ROLE_[A-Z0-9_]{1,59}$/, '角色标识须以 ROLE_ 开头');
const districtCode = z.string().regex(/^3213\d{2}$/, '区县代码须为宿迁市的6位行政区划代码');
/** A link on the portal: a site path or an http(s) address. */
export const portalLink = z
  .string()
  .trim()
  .max(500, '链接不能超过500个字符')
  .refine((s) => s === '' || /^\/(?!\/)/.test(s) || /^https?:\/\/[^\s]+$/i.test(s), {
    message: '链接须以 / 开头的站内路径或 http(s):// 开头的网址',
  });
/** Query flags arrive as strings: 1/0/true/false. */
export const queryBool = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

export const attachmentInput = z
  .object({
    fileId,
    fileName: z.string().trim().min(1, '请填写附件名称').max(100, '附件名称不能超过100个字符'),
    fileSize: z.number().int().min(0).default(0),
  })
  .strict();
export const attachment = z.object({
  fileId: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  fileUrl: z.string(),
});
export type Attachment = z.infer<typeof attachment>;

// ---------------------------------------------------------------------------------------------
// Articles

export const articleKind = z.enum(ARTICLE_KIND_VALUES, {
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
    coverFileId: fileId.nullable().optional(),
    attachments: z.array(attachmentInput).max(20, '附件最多20个').default([]),
    source: z.string().trim().max(100, '来源不能超过100个字符').default(''),
    author: z.string().trim().max(50, '作者不能超过50个字符').default(''),
    publishAt: z.iso.datetime({ offset: true, message: '发布时间格式不正确' }).nullable().optional(),
    pinned: z.boolean().default(false),
    sort: rangedNumber('排序', FIELD_RANGES.contentSort).default(0),
    isBanner: z.boolean().default(false),
    linkUrl: portalLink.default(''),
    targetRoles: z.array(roleKey).max(20).default([]),
    targetDistricts: z.array(districtCode).max(20).default([]),
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
    pageNo: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
    kind: articleKind.optional(),
    classId: id('分类编号').optional(),
    status: z.coerce.number().int().min(0).max(2).optional(),
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
    id: id('id'),
    status: z.coerce.number().int().min(0).max(2, '状态须为0草稿、1发布或2撤回'),
    version: id('version'),
  })
  .strict();
export const idVersionQuery = z.object({ id: id('id'), version: id('version').optional() }).strict();
export const idQuery = z.object({ id: id('id') }).strict();

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
    id: id('id').optional(),
    version: id('version').optional(),
    name: z.string().trim().min(1, '请输入分类名称').max(50, '分类名称不能超过50个字符'),
    sort: z.coerce
      .number()
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
    pageNo: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
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

// ---------------------------------------------------------------------------------------------
// Rules

export const ruleSaveBody = z
  .object({
    id: z.number().int().positive().optional(),
    version: z.number().int().positive().optional(),
    name: z.string().trim().min(1, '请输入法规名称').max(200, '法规名称不能超过200个字符'),
    docNo: z.string().trim().max(100, '文号不能超过100个字符').default(''),
    issuer: z.string().trim().min(1, '请输入发布机关').max(200, '发布机关不能超过200个字符'),
    level: z.enum(RULE_LEVEL_VALUES, {
      message: '层级须为法律、行政法规、部门规章、规范性文件、标准或地方性法规之一',
    }),
    publishDate: dateOnly('发布日期'),
    effectiveDate: dateOnly('实施日期').nullable().optional(),
    status: z
      .enum(RULE_STATUS_VALUES, { message: '效力状态须为现行有效、已修订或已废止' })
      .default('current'),
    revisedById: z.number().int().positive().nullable().optional(),
    repealedDate: dateOnly('废止日期').nullable().optional(),
    summary: z.string().trim().max(1000, '摘要不能超过1000个字符').default(''),
    body: z.string().max(500_000, '正文过长').default(''),
    attachments: z.array(attachmentInput).max(20, '附件最多20个').default([]),
    sourceUrl: portalLink.default(''),
    sort: rangedNumber('排序', FIELD_RANGES.contentSort).default(0),
  })
  .strict();
export type RuleSaveBody = z.infer<typeof ruleSaveBody>;

export const ruleListQuery = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
    keyword: z.string().trim().max(100, '关键词不能超过100个字符').optional(),
    level: z.enum(RULE_LEVEL_VALUES).optional(),
    status: z.enum(RULE_STATUS_VALUES).optional(),
  })
  .strict();

export const ruleItem = z.object({
  id: z.number(),
  name: z.string(),
  docNo: z.string(),
  issuer: z.string(),
  level: z.enum(RULE_LEVEL_VALUES),
  levelName: z.string(),
  publishDate: z.string(),
  effectiveDate: z.string().nullable(),
  status: z.enum(RULE_STATUS_VALUES),
  statusName: z.string(),
  revisedById: z.number().nullable(),
  revisedByName: z.string(),
  repealedDate: z.string().nullable(),
  summary: z.string(),
  sourceUrl: z.string(),
  viewCount: z.number(),
  version: z.number(),
  updatedAt: z.string(),
});
export type RuleItem = z.infer<typeof ruleItem>;
export const ruleDetail = ruleItem.extend({ body: z.string(), attachments: z.array(attachment) });
export type RuleDetail = z.infer<typeof ruleDetail>;

// ---------------------------------------------------------------------------------------------
// Consultations

export const consultAskBody = z
  .object({
    id: z.number().int().positive().optional(),
    version: z.number().int().positive().optional(),
    classId: z.number({ message: '请选择咨询分类' }).int().positive('请选择咨询分类'),
    title: z.string().trim().min(2, '咨询标题至少2个字').max(100, '咨询标题不能超过100个字'),
    content: z.string().trim().min(5, '咨询内容至少5个字').max(2000, '咨询内容不能超过2000个字'),
  })
  .strict();
export type ConsultAskBody = z.infer<typeof consultAskBody>;

export const consultAnswerBody = z
  .object({
    id: z.number().int().positive(),
    version: z.number().int().positive(),
    answer: z.string().trim().min(2, '答复内容至少2个字').max(5000, '答复内容不能超过5000个字'),
    isPublic: z.boolean().optional(),
  })
  .strict();
export type ConsultAnswerBody = z.infer<typeof consultAnswerBody>;

export const consultListQuery = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
    classId: id('分类编号').optional(),
    status: z.coerce.number().int().min(0).max(2).optional(),
    keyword: z.string().trim().max(100, '关键词不能超过100个字符').optional(),
  })
  .strict();

export const consultItem = z.object({
  id: z.number(),
  classId: z.number(),
  className: z.string(),
  title: z.string(),
  content: z.string(),
  status: z.number(),
  statusName: z.string(),
  askerName: z.string(),
  askerOrgName: z.string(),
  createdAt: z.string(),
  answer: z.string(),
  answererName: z.string(),
  answererOrgName: z.string(),
  answeredAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  isPublic: z.boolean(),
  version: z.number(),
  /**
   * The caller may act on it as its answerer: answer it (awaiting), or revise the answer, publish it or
   * close it (answered by the caller, a colleague of the caller's organisation, or the caller moderates).
   */
  asAnswerer: z.boolean(),
});
export type ConsultItem = z.infer<typeof consultItem>;

/** A consultation published as a public Q&A: no asker identity. */
export const qaItem = z.object({
  id: z.number(),
  classId: z.number(),
  className: z.string(),
  title: z.string(),
  content: z.string(),
  answer: z.string(),
  answeredAt: z.string().nullable(),
  viewCount: z.number(),
});
export type QaItem = z.infer<typeof qaItem>;
export const qaListQuery = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
    classId: id('分类编号').optional(),
    keyword: z.string().trim().max(100, '关键词不能超过100个字符').optional(),
  })
  .strict();

// ---------------------------------------------------------------------------------------------
// Messages

export const messageListQuery = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
    unread: queryBool.optional(),
    kind: z.enum(MESSAGE_KIND_VALUES).optional(),
    /** To-dos only: open (待处理) or done (已处理). */
    todo: z.enum(TODO_STATE_VALUES).optional(),
  })
  .strict();
export const messageReadQuery = z
  .object({
    ids: z
      .string()
      .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, 'ids 须为逗号分隔的消息编号')
      .optional(),
    all: queryBool.optional(),
  })
  .strict()
  .refine((q) => q.ids !== undefined || q.all === true, { message: '请指定 ids 或 all=1', path: ['ids'] });

export const messageItem = z.object({
  id: z.number(),
  kind: z.enum(MESSAGE_KIND_VALUES),
  kindName: z.string(),
  title: z.string(),
  content: z.string(),
  link: z.string(),
  bizType: z.string(),
  bizId: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  /** A to-do's state (待处理 / 已处理); null for other kinds. */
  todoState: z.enum(TODO_STATE_VALUES).nullable(),
  /** When a to-do's task moved on. */
  doneAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MessageItem = z.infer<typeof messageItem>;

/** The header bell and the message centre: unread messages and open to-dos. */
export const messageCounts = z.object({ count: z.number(), todos: z.number() });
export type MessageCounts = z.infer<typeof messageCounts>;

export const messageSendBody = z
  .object({
    roleKeys: z.array(roleKey).max(20).default([]),
    districts: z.array(districtCode).max(20).default([]),
    title: z.string().trim().min(1, '请输入消息标题').max(100, '消息标题不能超过100个字符'),
    content: z.string().trim().min(1, '请输入消息内容').max(2000, '消息内容不能超过2000个字符'),
    kind: z.enum(MESSAGE_KIND_VALUES).default('system'),
    link: portalLink.default(''),
  })
  .strict();
export type MessageSendBody = z.infer<typeof messageSendBody>;

export const messageBatchItem = z.object({
  id: z.number(),
  kind: z.enum(MESSAGE_KIND_VALUES),
  title: z.string(),
  content: z.string(),
  link: z.string(),
  roleKeys: z.array(z.string()),
  districts: z.array(z.string()),
  recipientCount: z.number(),
  senderName: z.string(),
  createdAt: z.string(),
});
export type MessageBatchItem = z.infer<typeof messageBatchItem>;

// ---------------------------------------------------------------------------------------------
// Portal search

export const searchQuery = z
  .object({
    keyword: z.string().trim().min(1, '请输入搜索关键词').max(50, '搜索关键词不能超过50个字符'),
    type: z.enum(SEARCH_TYPE_VALUES).optional(),
    pageNo: z.coerce.number().int().min(1).max(1000).default(1),
    pageSize: z.coerce.number().int().min(1).max(50).default(10),
  })
  .strict();
export const searchHit = z.object({
  type: z.enum(SEARCH_TYPE_VALUES),
  typeName: z.string(),
  id: z.number(),
  title: z.string(),
  snippet: z.string(),
  date: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHit>;
