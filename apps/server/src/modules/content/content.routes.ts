import {
  ARTICLE_KINDS,
  articleDetail,
  articleItem,
  articleListQuery,
  articleSaveBody,
  articleSaveResult,
  bannerItem,
  classItem,
  classSaveQuery,
  envelope,
  helpListQuery,
  idQuery,
  idVersionQuery,
  messageEnvelope,
  NOTICE_TABS,
  noticeListQuery,
  noticeReader,
  paged,
  portalListQuery,
  publicArticleDetail,
  publicArticleItem,
  publicPage,
  searchHit,
  searchQuery,
  TARGETED_KINDS,
  updateStatusQuery,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { deleteClass, listClasses, saveClass } from './classes.service.ts';
import { deleteArticle, manageDetail, manageList, saveArticle, updateStatus } from './content.service.ts';
import { publicPage as findPublicPage } from './pages.service.ts';
import {
  bannerList,
  markNoticeRead,
  noticeReaders,
  publicDetail,
  publicList,
  readerOf,
} from './portal.service.ts';
import { portalSearch } from './search.service.ts';

const A = '/api/manage/articles';
const PORTAL_KINDS = ARTICLE_KINDS.values.filter((k) => k !== 'page' && k !== 'banner');

const pageQuery = z
  .object({
    aid: z.coerce.number().int().positive('aid 必须是正整数').optional(),
    slug: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,39}$/, 'slug 格式不正确')
      .optional(),
  })
  .strict()
  .refine((q) => q.aid !== undefined || q.slug !== undefined, {
    message: '请提供 aid 或 slug',
    path: ['aid'],
  });
const readersQuery = z
  .object({
    id: z.coerce.number().int().positive('id 必须是正整数'),
    pageNo: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
  })
  .strict();

/**
 * Articles, help centre, notices, banners and single pages (one table, cms_article), the help/consult
 * classes, and the portal search. Spec 7 calls keep their paths and parameter placement.
 */
export function articlesRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, settings } = app.deps;

  // --- Public reads of the spec's article calls --------------------------------------------------
  r.post(
    `${A}/getPortalBannerList`,
    {
      schema: {
        tags: ['article'],
        summary: '门户首页轮播图',
        response: { 200: envelope(z.array(bannerItem)) },
      },
      config: { permission: 'public' },
    },
    async () => ok(await bannerList(app.db)),
  );
  r.post(
    `${A}/getHelpClassList`,
    {
      schema: { tags: ['article'], summary: '帮助分类', response: { 200: envelope(z.array(classItem)) } },
      config: { permission: 'public' },
    },
    async () => ok(await listClasses(app.db, 'help')),
  );
  r.post(
    `${A}/getConsultClassList`,
    {
      schema: { tags: ['article'], summary: '咨询分类', response: { 200: envelope(z.array(classItem)) } },
      config: { permission: 'public' },
    },
    async () => ok(await listClasses(app.db, 'consult')),
  );
  r.post(
    `${A}/getHelpList`,
    {
      schema: {
        tags: ['article'],
        summary: '帮助中心文章（已发布，分页，按分类和关键词）',
        querystring: helpListQuery,
        response: { 200: envelope(paged(publicArticleItem)) },
      },
      config: { permission: 'public' },
    },
    async (req) => ok(await publicList(app.db, null, { ...req.query, kind: 'help' })),
  );

  // --- Management (the kind decides the permission: notice.*, help.* or article.*) ---------------
  r.post(
    `${A}/getArticleList`,
    {
      schema: {
        tags: ['article'],
        summary: '文章管理列表（全部状态；按类别校验 notice/help/article 的查询权限）',
        querystring: articleListQuery,
        response: { 200: envelope(paged(articleItem)) },
      },
      config: { permission: 'authenticated' },
    },
    async (req) => ok(await manageList(app.db, requireAuth(req), req.query)),
  );
  r.post(
    `${A}/searchById`,
    {
      schema: {
        tags: ['article'],
        summary: '文章详情（管理）',
        querystring: idQuery,
        response: { 200: envelope(articleDetail) },
      },
      config: { permission: 'authenticated' },
    },
    async (req) => ok(await manageDetail(app.db, requireAuth(req), req.query.id)),
  );
  r.post(
    `${A}/save`,
    {
      schema: {
        tags: ['article'],
        summary: '新增或修改文章（正文服务端净化；status=1 同时发布）',
        body: articleSaveBody,
        response: { 200: envelope(articleSaveResult) },
      },
      config: { permission: 'authenticated', audit: { module: '文章管理', kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const res = await req.tx((trx) => saveArticle(trx, auth, req.body, clock.now()), {
        targetId: (x) => x.id,
      });
      if (res.footerChanged) settings.invalidate();
      return ok({ id: res.id, status: res.status, notified: res.notified }, '保存成功');
    },
  );
  r.post(
    `${A}/updateStatus`,
    {
      schema: {
        tags: ['article'],
        summary: '发布(1)、撤回(2)或改回草稿(0)',
        querystring: updateStatusQuery,
        response: { 200: envelope(articleSaveResult) },
      },
      config: { permission: 'authenticated', audit: { module: '文章管理', kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const res = await req.tx((trx) => updateStatus(trx, auth, req.query, clock.now()), {
        targetId: req.query.id,
      });
      if (res.footerChanged) settings.invalidate();
      const msg = res.status === 1 ? '发布成功' : res.status === 2 ? '已撤回' : '已改为草稿';
      return ok({ id: res.id, status: res.status, notified: res.notified }, msg);
    },
  );
  r.post(
    `${A}/delete`,
    {
      schema: {
        tags: ['article'],
        summary: '删除文章',
        querystring: idVersionQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'authenticated', audit: { module: '文章管理', kind: 'delete' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const res = await req.tx((trx) => deleteArticle(trx, auth, req.query, clock.now()), {
        targetId: req.query.id,
      });
      if (res.footerChanged) settings.invalidate();
      return done('删除成功');
    },
  );

  // --- Help and consult classes ------------------------------------------------------------------
  for (const kind of ['help', 'consult'] as const) {
    const Name = kind === 'help' ? 'Help' : 'Consult';
    const label = kind === 'help' ? '帮助分类' : '咨询分类';
    r.post(
      `${A}/save${Name}Class`,
      {
        schema: {
          tags: ['article'],
          summary: `新增或修改${label}`,
          querystring: classSaveQuery,
          response: { 200: envelope(z.object({ id: z.number() })) },
        },
        config: { permission: 'contentClass.edit', audit: { module: label, kind: 'edit' } },
      },
      async (req) => {
        const auth = requireAuth(req);
        const id = await req.tx((trx) => saveClass(trx, kind, req.query, auth.userId, clock.now()), {
          targetId: (x) => x,
        });
        return ok({ id }, '保存成功');
      },
    );
    r.post(
      `${A}/del${Name}Class`,
      {
        schema: {
          tags: ['article'],
          summary: `删除${label}`,
          querystring: idVersionQuery,
          response: { 200: messageEnvelope },
        },
        config: { permission: 'contentClass.delete', audit: { module: label, kind: 'delete' } },
      },
      async (req) => {
        const auth = requireAuth(req);
        await req.tx((trx) => deleteClass(trx, kind, req.query, auth.userId, clock.now()), {
          targetId: req.query.id,
        });
        return done('删除成功');
      },
    );
  }

  // --- Portal reads ----------------------------------------------------------------------------------
  r.get(
    '/api/public/article/list',
    {
      schema: {
        tags: ['portal'],
        summary: '门户文章列表（新闻、通知、政策、帮助；已发布且对来访者可见）',
        querystring: portalListQuery,
        response: { 200: envelope(paged(publicArticleItem)) },
      },
      config: { permission: 'public' },
    },
    async (req) => ok(await publicList(app.db, await readerOf(app.db, req.auth), req.query)),
  );
  r.get(
    '/api/public/article/detail',
    {
      schema: {
        tags: ['portal'],
        summary: '门户文章详情（计阅读数）',
        querystring: idQuery,
        response: { 200: envelope(publicArticleDetail) },
      },
      config: { permission: 'public' },
    },
    async (req) =>
      ok(await publicDetail(app.db, await readerOf(app.db, req.auth), req.query.id, PORTAL_KINDS)),
  );
  r.get(
    '/api/public/notice/list',
    {
      schema: {
        tags: ['portal'],
        summary: '通知公告(currentTab=1)/政策动态(2)；登录后含定向给本角色/区县的通知及已读状态',
        querystring: noticeListQuery,
        response: { 200: envelope(paged(publicArticleItem)) },
      },
      config: { permission: 'public' },
    },
    async (req) => {
      const { currentTab, ...rest } = req.query;
      return ok(
        await publicList(app.db, await readerOf(app.db, req.auth), {
          ...rest,
          kind: NOTICE_TABS[currentTab],
        }),
      );
    },
  );
  r.get(
    '/api/public/notice/detail',
    {
      schema: {
        tags: ['portal'],
        summary: '通知详情',
        querystring: idQuery,
        response: { 200: envelope(publicArticleDetail) },
      },
      config: { permission: 'public' },
    },
    async (req) =>
      ok(await publicDetail(app.db, await readerOf(app.db, req.auth), req.query.id, TARGETED_KINDS)),
  );
  r.get(
    '/api/public/page',
    {
      schema: {
        tags: ['portal'],
        summary: '门户单页（页脚链接 aid，或页面标识 slug）',
        querystring: pageQuery,
        response: { 200: envelope(publicPage) },
      },
      config: { permission: 'public' },
    },
    async (req) => ok(await findPublicPage(app.db, req.query)),
  );
  r.get(
    '/api/public/search',
    {
      schema: {
        tags: ['portal'],
        summary: '门户全文搜索（通知、帮助、法规、问答）',
        querystring: searchQuery,
        response: { 200: envelope(paged(searchHit)) },
      },
      config: { permission: 'public' },
    },
    async (req) => ok(await portalSearch(app.db, await readerOf(app.db, req.auth), req.query)),
  );

  // --- Read receipts ---------------------------------------------------------------------------------
  r.post(
    '/api/notice/markRead',
    {
      schema: {
        tags: ['notice'],
        summary: '标记通知已读',
        querystring: idQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'authenticated' },
    },
    async (req) => {
      const reader = await readerOf(app.db, requireAuth(req));
      await markNoticeRead(app.db, reader!, req.query.id, clock.now());
      return done('已读');
    },
  );
  r.post(
    '/api/notice/readers',
    {
      schema: {
        tags: ['notice'],
        summary: '通知已读回执（谁在何时读过）',
        querystring: readersQuery,
        response: { 200: envelope(paged(noticeReader)) },
      },
      config: { permission: 'notice.get' },
    },
    async (req) => ok(await noticeReaders(app.db, requireAuth(req), req.query.id, req.query)),
  );
}
