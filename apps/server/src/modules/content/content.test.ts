import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { REGISTER_HELP } from '../../seed/content.ts';
import { syncBase } from '../../seed/seed.ts';

let t: TestContext;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  for (const u of ['admin', 'gov', 'ent', 'ent2', 'insurer', 'service', 'expert']) tok[u] = await t.login(u);
});
afterAll(() => t.close());

const A = '/api/manage/articles';
const post = (url: string, token?: string, payload?: unknown) =>
  t.call({
    method: 'POST',
    url,
    ...(token ? { token } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
const get = (url: string, token?: string) => t.call({ method: 'GET', url, ...(token ? { token } : {}) });

/** A stored file row as the upload call would leave it (bytes are not needed for these tests). */
async function fakeFile(owner: string, kind: 'image' | 'pdf' = 'image'): Promise<string> {
  const user = await t.database.db
    .selectFrom('sysUser')
    .select(['id', 'orgId'])
    .where('username', '=', owner)
    .executeTakeFirstOrThrow();
  const id = randomUUID();
  await t.database.db
    .insertInto('sysFile')
    .values({
      id,
      kind,
      mime: kind === 'image' ? 'image/png' : 'application/pdf',
      ext: kind === 'image' ? 'png' : 'pdf',
      size: 1234,
      sha256: '0'.repeat(64),
      originalName: kind === 'image' ? 'cover.png' : 'doc.pdf',
      storagePath: `test/${id}`,
      ownerUserId: user.id,
      ownerOrgId: user.orgId,
      createdAt: new Date(),
    })
    .execute();
  return id;
}

const helpClassId = async () => (await post(`${A}/getHelpClassList`)).json().data[0].id as number;

describe('public spec calls (no token)', () => {
  it('getHelpClassList and getConsultClassList list the seeded classes with counts', async () => {
    const help = await post(`${A}/getHelpClassList`);
    expect(help.statusCode).toBe(200);
    const names = help.json().data.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(['平台使用', '投保指南', '理赔指南']));
    expect(
      help.json().data.find((c: { name: string }) => c.name === '投保指南').count,
    ).toBeGreaterThanOrEqual(1);
    const consult = await post(`${A}/getConsultClassList`);
    expect(consult.statusCode).toBe(200);
    expect(consult.json().data.map((c: { name: string }) => c.name)).toContain('投保咨询');
  });

  it('getHelpList pages published help articles, filters by class and keyword, 400 on a bad page size', async () => {
    const res = await post(`${A}/getHelpList?pageNo=1&pageSize=2`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ pageNum: 1, pageSize: 2 });
    expect(res.json().data.total).toBeGreaterThanOrEqual(3);
    expect(res.json().data.list).toHaveLength(2);
    const kw = await post(`${A}/getHelpList?keyword=${encodeURIComponent('报案')}`);
    expect(kw.json().data.list.map((a: { title: string }) => a.title)).toEqual(['发生事故后如何报案理赔']);
    const bad = await post(`${A}/getHelpList?pageSize=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('pageSize');
  });

  it('getPortalBannerList answers without a token', async () => {
    const res = await post(`${A}/getPortalBannerList`);
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().data)).toBe(true);
  });
});

describe('management calls: permission per article kind', () => {
  it('401 without a token on every management call', async () => {
    for (const url of [
      `${A}/getArticleList`,
      `${A}/searchById?id=1`,
      `${A}/delete?id=1`,
      `${A}/updateStatus?id=1&status=1&version=1`,
      `${A}/saveConsultClass?name=x`,
      `${A}/delConsultClass?id=1`,
      `${A}/saveHelpClass?name=x`,
      `${A}/delHelpClass?id=1`,
    ]) {
      expect((await post(url)).statusCode, url).toBe(401);
    }
    expect((await post(`${A}/save`, undefined, { kind: 'news', title: 'x', body: 'xx' })).statusCode).toBe(
      401,
    );
  });

  it('getArticleList: admin sees every kind and status; gov only notices; others 403', async () => {
    const all = await post(`${A}/getArticleList?pageSize=100`, tok.admin);
    expect(all.statusCode).toBe(200);
    const kinds = new Set(all.json().data.list.map((a: { kind: string }) => a.kind));
    expect([...kinds]).toEqual(expect.arrayContaining(['notice', 'policy', 'news', 'help', 'page']));
    expect(all.json().data.list.some((a: { status: number }) => a.status === 0)).toBe(true);
    const gov = await post(`${A}/getArticleList?pageSize=100`, tok.gov);
    expect(gov.statusCode).toBe(200);
    expect(new Set(gov.json().data.list.map((a: { kind: string }) => a.kind))).toEqual(
      new Set(['notice', 'policy']),
    );
    expect((await post(`${A}/getArticleList?kind=news`, tok.gov)).statusCode).toBe(403);
    for (const u of ['ent', 'insurer', 'service', 'expert']) {
      expect((await post(`${A}/getArticleList`, tok[u])).statusCode, u).toBe(403);
    }
    const bad = await post(`${A}/getArticleList?kind=blog`, tok.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('kind');
  });

  it('save → searchById → updateStatus → portal detail (views) → withdraw → delete, with stale versions refused', async () => {
    const body = {
      kind: 'news',
      title: '宿迁市召开安责险座谈会',
      summary: '座谈会摘要',
      body: '<p>会议内容<img src=x onerror=alert(1)><script>alert(1)</script></p><a href="javascript:alert(1)">链接</a>',
      source: '市应急局',
      author: '办公室',
      pinned: true,
      sort: 5,
    };
    const saved = await post(`${A}/save`, tok.admin, body);
    expect(saved.statusCode).toBe(200);
    const id = saved.json().data.id as number;
    expect(saved.json().data.status).toBe(0);

    const detail = await post(`${A}/searchById?id=${id}`, tok.admin);
    expect(detail.statusCode).toBe(200);
    const d = detail.json().data;
    expect(d).toMatchObject({
      kind: 'news',
      kindName: '新闻动态',
      title: body.title,
      status: 0,
      statusName: '草稿',
      pinned: true,
    });
    expect(d.body).toBe('<p>会议内容<img src="x" /></p><a>链接</a>');
    expect(d.body).not.toMatch(/onerror|script|javascript/i);

    // A draft is not on the portal.
    expect((await get(`/api/public/article/detail?id=${id}`)).statusCode).toBe(404);

    const pub = await post(`${A}/updateStatus?id=${id}&status=1&version=${d.version}`, tok.admin);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().result).toBe('发布成功');
    const stale = await post(`${A}/updateStatus?id=${id}&status=2&version=${d.version}`, tok.admin);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');

    const view1 = await get(`/api/public/article/detail?id=${id}`);
    expect(view1.statusCode).toBe(200);
    expect(view1.json().data).toMatchObject({ title: body.title, viewCount: 1, source: '市应急局' });
    expect(view1.json().data.publishAt).not.toBeNull();
    expect((await get(`/api/public/article/detail?id=${id}`)).json().data.viewCount).toBe(2);
    const list = await get('/api/public/article/list?kind=news');
    expect(list.json().data.list[0].id).toBe(id); // pinned first

    const v2 = (await post(`${A}/searchById?id=${id}`, tok.admin)).json().data.version;
    const back = await post(`${A}/updateStatus?id=${id}&status=0&version=${v2}`, tok.admin);
    expect(back.statusCode).toBe(400);
    expect(back.json().result).toContain('先撤回');
    const withdrawn = await post(`${A}/updateStatus?id=${id}&status=2&version=${v2}`, tok.admin);
    expect(withdrawn.statusCode).toBe(200);
    expect((await get(`/api/public/article/detail?id=${id}`)).statusCode).toBe(404);

    const v3 = (await post(`${A}/searchById?id=${id}`, tok.admin)).json().data.version;
    expect((await post(`${A}/delete?id=${id}&version=${v3 - 1}`, tok.admin)).statusCode).toBe(409);
    expect((await post(`${A}/delete?id=${id}&version=${v3}`, tok.admin)).statusCode).toBe(200);
    expect((await post(`${A}/searchById?id=${id}`, tok.admin)).statusCode).toBe(404);
    expect((await post(`${A}/delete?id=${id}`, tok.admin)).statusCode).toBe(404);
  });

  it('save: 400 names the field; kind rules; editing needs the current version', async () => {
    const noTitle = await post(`${A}/save`, tok.admin, { kind: 'news', title: '', body: '<p>正文</p>' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().result).toContain('title');
    const badLink = await post(`${A}/save`, tok.admin, {
      kind: 'news',
      title: 't',
      body: '<p>正文</p>',
      linkUrl: 'javascript:alert(1)',
    });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().result).toContain('linkUrl');
    // A path that browsers resolve off-site, and a site off the allow-list (issue 17 finding 7).
    for (const [linkUrl, words] of [
      ['/\\evil.example/login', '反斜杠'],
      ['https://evil.example/login', '外部链接只能指向允许的网站'],
    ]) {
      const r = await post(`${A}/save`, tok.admin, {
        kind: 'news',
        title: 't',
        body: '<p>正文</p>',
        linkUrl,
      });
      expect(r.statusCode, linkUrl).toBe(400);
      expect(r.json().result).toContain(words);
    }
    const emptyBody = await post(`${A}/save`, tok.admin, {
      kind: 'news',
      title: 't',
      body: '<script>x</script>',
    });
    expect(emptyBody.statusCode).toBe(400);
    expect(emptyBody.json().result).toContain('正文');
    const helpNoClass = await post(`${A}/save`, tok.admin, { kind: 'help', title: 't', body: '<p>正文</p>' });
    expect(helpNoClass.statusCode).toBe(400);
    expect(helpNoClass.json().result).toContain('classId');
    const targetedNews = await post(`${A}/save`, tok.admin, {
      kind: 'news',
      title: 't',
      body: '<p>正文</p>',
      targetRoles: ['ROLE_ENT'],
    });
    expect(targetedNews.statusCode).toBe(400);
    expect(targetedNews.json().result).toContain('targetRoles');
    const unknownField = await post(`${A}/save`, tok.admin, {
      kind: 'news',
      title: 't',
      body: '<p>正文</p>',
      isAdmin: true,
    });
    expect(unknownField.statusCode).toBe(400);

    const ok = await post(`${A}/save`, tok.admin, {
      kind: 'help',
      classId: await helpClassId(),
      title: '帮助一',
      body: '<p>正文内容</p>',
    });
    expect(ok.statusCode).toBe(200);
    const id = ok.json().data.id;
    const noVersion = await post(`${A}/save`, tok.admin, {
      id,
      kind: 'help',
      classId: await helpClassId(),
      title: '帮助二',
      body: '<p>正文</p>',
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().result).toContain('version');
    const stale = await post(`${A}/save`, tok.admin, {
      id,
      version: 99,
      kind: 'help',
      classId: await helpClassId(),
      title: '帮助二',
      body: '<p>正文</p>',
    });
    expect(stale.statusCode).toBe(409);
    const moved = await post(`${A}/save`, tok.admin, {
      id,
      version: 1,
      kind: 'notice',
      title: '改成通知',
      body: '<p>正文</p>',
    });
    expect(moved.statusCode).toBe(400);
    const missing = await post(`${A}/save`, tok.admin, {
      id: 999999,
      version: 1,
      kind: 'news',
      title: 'x',
      body: '<p>正文</p>',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('save follows the same status rules as updateStatus (published → draft needs a withdrawal first)', async () => {
    const saved = await post(`${A}/save`, tok.admin, {
      kind: 'news',
      title: '状态规则',
      body: '<p>正文</p>',
      status: 1,
    });
    expect(saved.json().data.status).toBe(1);
    const id = saved.json().data.id;
    const toDraft = await post(`${A}/save`, tok.admin, {
      id,
      version: 1,
      kind: 'news',
      title: '状态规则',
      body: '<p>正文</p>',
      status: 0,
    });
    expect(toDraft.statusCode).toBe(400);
    expect(toDraft.json().result).toContain('先撤回');
    // Editing without a status keeps it published.
    const edit = await post(`${A}/save`, tok.admin, {
      id,
      version: 1,
      kind: 'news',
      title: '状态规则（改）',
      body: '<p>正文</p>',
    });
    expect(edit.json().data.status).toBe(1);
    expect((await get(`/api/public/article/detail?id=${id}`)).json().data.title).toBe('状态规则（改）');
  });

  it('gov (notice.*) may write notices but not news or help; others get 403; foreign kinds answer 404', async () => {
    const notice = await post(`${A}/save`, tok.gov, {
      kind: 'notice',
      title: '监管通知',
      body: '<p>通知正文</p>',
    });
    expect(notice.statusCode).toBe(200);
    expect(
      (await post(`${A}/save`, tok.gov, { kind: 'news', title: '新闻', body: '<p>正文</p>' })).statusCode,
    ).toBe(403);
    for (const u of ['ent', 'insurer', 'service', 'expert']) {
      expect(
        (await post(`${A}/save`, tok[u], { kind: 'notice', title: '通知', body: '<p>正文</p>' })).statusCode,
        u,
      ).toBe(403);
      expect((await post(`${A}/searchById?id=${notice.json().data.id}`, tok[u])).statusCode, u).toBe(403);
      expect((await post(`${A}/delete?id=${notice.json().data.id}`, tok[u])).statusCode, u).toBe(403);
      expect(
        (await post(`${A}/updateStatus?id=${notice.json().data.id}&status=1&version=1`, tok[u])).statusCode,
        u,
      ).toBe(403);
    }
    const news = (await post(`${A}/getArticleList?kind=news`, tok.admin)).json().data.list[0];
    expect((await post(`${A}/searchById?id=${news.id}`, tok.gov)).statusCode).toBe(404);
    expect((await post(`${A}/delete?id=${news.id}`, tok.gov)).statusCode).toBe(404);
    expect((await post(`${A}/searchById?id=999999`, tok.admin)).statusCode).toBe(404);
  });

  it('writes an operation-log row for save', async () => {
    const res = await post(`${A}/save`, tok.admin, { kind: 'news', title: '日志测试', body: '<p>正文</p>' });
    const row = await t.database.db
      .selectFrom('sysOperLog')
      .selectAll()
      .where('path', '=', `${A}/save`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      outcome: 'success',
      username: 'admin',
      targetId: String(res.json().data.id),
    });
  });
});

describe('files on articles and banners', () => {
  it('cover and attachments must be the author’s uploads; they become public; banners list them', async () => {
    const cover = await fakeFile('admin');
    const pdf = await fakeFile('admin', 'pdf');
    const others = await fakeFile('ent');
    const foreign = await post(`${A}/save`, tok.admin, {
      kind: 'banner',
      title: '轮播',
      coverFileId: others,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().result).toContain('不可使用');
    const notImage = await post(`${A}/save`, tok.admin, { kind: 'banner', title: '轮播', coverFileId: pdf });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().result).toContain('封面须为图片');
    const noImage = await post(`${A}/save`, tok.admin, { kind: 'banner', title: '轮播' });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().result).toContain('coverFileId');

    const banner = await post(`${A}/save`, tok.admin, {
      kind: 'banner',
      title: '安责险宣传月',
      coverFileId: cover,
      linkUrl: '/portal/insure',
      sort: 1,
      status: 1,
    });
    expect(banner.statusCode).toBe(200);
    const news = await post(`${A}/save`, tok.admin, {
      kind: 'news',
      title: '带附件的新闻',
      body: `<p>正文</p><img src="/api/file/${cover}">`,
      coverFileId: cover,
      isBanner: true,
      sort: 2,
      attachments: [{ fileId: pdf, fileName: '附件.pdf' }],
      status: 1,
    });
    expect(news.statusCode).toBe(200);
    const files = await t.database.db
      .selectFrom('sysFile')
      .select(['id', 'isPublic'])
      .where('id', 'in', [cover, pdf, others])
      .execute();
    expect(Object.fromEntries(files.map((f) => [f.id, f.isPublic]))).toEqual({
      [cover]: true,
      [pdf]: true,
      [others]: false,
    });

    const banners = (await post(`${A}/getPortalBannerList`)).json().data;
    expect(banners.slice(0, 2)).toEqual([
      {
        id: banner.json().data.id,
        title: '安责险宣传月',
        imageUrl: `/api/public/file/${cover}`,
        linkUrl: '/portal/insure',
        articleId: 0,
        sort: 1,
      },
      {
        id: news.json().data.id,
        title: '带附件的新闻',
        imageUrl: `/api/public/file/${cover}`,
        linkUrl: '',
        articleId: news.json().data.id,
        sort: 2,
      },
    ]);
    const detail = (await get(`/api/public/article/detail?id=${news.json().data.id}`)).json().data;
    expect(detail.attachments).toEqual([
      { fileId: pdf, fileName: '附件.pdf', fileSize: 1234, fileUrl: `/api/public/file/${pdf}` },
    ]);
    expect(detail.body).toContain(`<img src="/api/public/file/${cover}" />`);
    expect(detail.coverUrl).toBe(`/api/public/file/${cover}`);
  });
});

describe('help and consult classes', () => {
  it('save (add, rename), 409 on a duplicate or a stale version, delete refused while in use', async () => {
    const add = await post(`${A}/saveHelpClass?name=${encodeURIComponent('测试分类')}&sort=99`, tok.admin);
    expect(add.statusCode).toBe(200);
    const id = add.json().data.id;
    const dup = await post(`${A}/saveHelpClass?name=${encodeURIComponent('测试分类')}`, tok.admin);
    expect(dup.statusCode).toBe(409);
    const rename = await post(
      `${A}/saveHelpClass?id=${id}&version=1&name=${encodeURIComponent('测试分类2')}`,
      tok.admin,
    );
    expect(rename.statusCode).toBe(200);
    expect((await post(`${A}/saveHelpClass?id=${id}&version=1&name=x`, tok.admin)).statusCode).toBe(409);
    const empty = await post(`${A}/saveHelpClass?name=`, tok.admin);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().result).toContain('name');

    const art = await post(`${A}/save`, tok.admin, {
      kind: 'help',
      classId: id,
      title: '在用',
      body: '<p>正文</p>',
    });
    const inUse = await post(`${A}/delHelpClass?id=${id}`, tok.admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().result).toContain('帮助文章');
    await post(`${A}/delete?id=${art.json().data.id}`, tok.admin);
    expect((await post(`${A}/delHelpClass?id=${id}`, tok.admin)).statusCode).toBe(200);
    expect((await post(`${A}/delHelpClass?id=${id}`, tok.admin)).statusCode).toBe(404);

    const c = await post(`${A}/saveConsultClass?name=${encodeURIComponent('安全培训')}`, tok.admin);
    expect(c.statusCode).toBe(200);
    expect(
      (await post(`${A}/getConsultClassList`)).json().data.map((x: { name: string }) => x.name),
    ).toContain('安全培训');
    const used = (await post(`${A}/getConsultClassList`))
      .json()
      .data.find((x: { name: string }) => x.name === '投保咨询');
    expect((await post(`${A}/delConsultClass?id=${used.id}`, tok.admin)).statusCode).toBe(409);
    expect((await post(`${A}/delConsultClass?id=${c.json().data.id}`, tok.admin)).statusCode).toBe(200);
    // A help class id is not a consult class.
    expect((await post(`${A}/delConsultClass?id=${await helpClassId()}`, tok.admin)).statusCode).toBe(404);
  });

  it('only contentClass holders manage classes (403 for every other role)', async () => {
    const classes = (await post(`${A}/getHelpClassList`)).json().data;
    for (const u of ['gov', 'ent', 'insurer', 'service', 'expert']) {
      expect((await post(`${A}/saveConsultClass?name=x`, tok[u])).statusCode, u).toBe(403);
      expect((await post(`${A}/delConsultClass?id=1`, tok[u])).statusCode, u).toBe(403);
      expect((await post(`${A}/saveHelpClass?name=x`, tok[u])).statusCode, u).toBe(403);
      expect((await post(`${A}/delHelpClass?id=${await helpClassId()}`, tok[u])).statusCode, u).toBe(403);
    }
    // No class was deleted.
    expect((await post(`${A}/getHelpClassList`)).json().data).toEqual(classes);
  });
});

describe('single pages and footer links', () => {
  it('serves seeded pages by aid and slug; the footer links follow the published in-footer pages', async () => {
    const settings = (await get('/api/public/settings')).json().data;
    const titles = settings.footerLinks.map((l: { title: string }) => l.title);
    expect(titles).toEqual(['关于我们', '联系我们', '隐私政策', '用户协议', '网站地图']);
    const about = settings.footerLinks[0];
    const page = await get(`/api/public/page?aid=${about.aid}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ aid: about.aid, slug: 'about', title: '关于我们' });
    expect((await get('/api/public/page?slug=portal-claim')).json().data.title).toBe('事故理赔');
    expect((await get('/api/public/page?aid=999999')).statusCode).toBe(404);
    expect((await get('/api/public/page')).statusCode).toBe(400);

    // A news article is not a page.
    const news = (await post(`${A}/getArticleList?kind=news`, tok.admin)).json().data.list[0];
    expect((await get(`/api/public/page?aid=${news.id}`)).statusCode).toBe(404);

    const added = await post(`${A}/save`, tok.admin, {
      kind: 'page',
      title: '办事指南',
      body: '<p>指南</p>',
      slug: 'guide',
      inFooter: true,
      sort: 60,
      status: 1,
    });
    expect(added.statusCode).toBe(200);
    const after = (await get('/api/public/settings')).json().data.footerLinks;
    expect(after.at(-1)).toEqual({ aid: added.json().data.id, title: '办事指南' });
    const dupSlug = await post(`${A}/save`, tok.admin, {
      kind: 'page',
      title: '重复',
      body: '<p>x x</p>',
      slug: 'guide',
    });
    expect(dupSlug.statusCode).toBe(409);
    const v = (await post(`${A}/searchById?id=${added.json().data.id}`, tok.admin)).json().data.version;
    await post(`${A}/updateStatus?id=${added.json().data.id}&status=2&version=${v}`, tok.admin);
    const withdrawn = (await get('/api/public/settings')).json().data.footerLinks;
    expect(withdrawn.map((l: { title: string }) => l.title)).not.toContain('办事指南');
    expect((await get(`/api/public/page?aid=${added.json().data.id}`)).statusCode).toBe(404);
  });
});

describe('seeded help: 如何注册企业账号', () => {
  const article = () =>
    t.database.db
      .selectFrom('cmsArticle')
      .select(['id', 'summary', 'body', 'searchText', 'version'])
      .where('kind', '=', 'help')
      .where('title', '=', REGISTER_HELP.title)
      .executeTakeFirstOrThrow();

  it('describes accounts opened by the operations centre, not a 注册 button and SMS codes', async () => {
    const a = await article();
    expect(a.body).toContain('运营中心');
    expect(a.body).toContain('在线注册开放后');
    expect(a.body).not.toContain('短信验证');
  });

  it('an older database gets the new text on start, unless someone edited the article', async () => {
    const { id } = await article();
    const db = t.database.db;
    await db.updateTable('cmsArticle').set({ body: REGISTER_HELP.oldBody }).where('id', '=', id).execute();
    await syncBase(db);
    const fixed = await article();
    expect(fixed.body).toBe(REGISTER_HELP.body);
    expect(fixed.summary).toBe(REGISTER_HELP.summary);
    expect(fixed.searchText).toContain('运营中心');

    const edited = '<p>请联系运营中心。</p>';
    await db.updateTable('cmsArticle').set({ body: edited }).where('id', '=', id).execute();
    await syncBase(db);
    expect((await article()).body).toBe(edited);
    await db.updateTable('cmsArticle').set({ body: REGISTER_HELP.body }).where('id', '=', id).execute();
  });
});
