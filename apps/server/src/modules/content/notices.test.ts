import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { makeUser } from '../policy/policy.testkit.ts';

let t: TestContext;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  for (const u of ['admin', 'gov', 'ent', 'ent2', 'insurer', 'service']) tok[u] = await t.login(u);
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
const titles = (res: { json: () => { data: { list: Array<{ title: string }> } } }) =>
  res.json().data.list.map((a) => a.title);

async function inbox(user: string) {
  return (await post('/api/message/list?pageSize=100', tok[user])).json().data.list as Array<{
    title: string;
    link: string;
    bizType: string;
    bizId: string;
    read: boolean;
  }>;
}

describe('portal notice tabs', () => {
  it('tab 1 lists published notices for everyone; tab 2 policy news; drafts never; 400 on a bad tab', async () => {
    const tab1 = await get('/api/public/notice/list?currentTab=1');
    expect(tab1.statusCode).toBe(200);
    expect(titles(tab1)).toContain('关于做好2026年度安全生产责任保险投保工作的通知');
    expect(titles(tab1).some((x: string) => x.includes('草稿'))).toBe(false);
    // The notice targeted at Sihong enterprises is not shown to anonymous visitors.
    expect(titles(tab1)).not.toContain('关于泗洪县建筑施工企业开展事故预防服务的通知');
    expect(tab1.json().data.list[0].read).toBeUndefined();
    const tab2 = await get('/api/public/notice/list?currentTab=2');
    expect(titles(tab2)).toEqual(['政策解读：新修订的《安全生产责任保险实施办法》要点']);
    const bad = await get('/api/public/notice/list?currentTab=3');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('currentTab');
  });

  it('a signed-in reader also sees notices targeted at their role and district, with read flags', async () => {
    const sihong = '关于泗洪县建筑施工企业开展事故预防服务的通知';
    // ent2 is an enterprise in 泗洪县 (321324); ent is in 宿城区; insurer is not an enterprise.
    expect(titles(await get('/api/public/notice/list?currentTab=1', tok.ent2))).toContain(sihong);
    expect(titles(await get('/api/public/notice/list?currentTab=1', tok.ent))).not.toContain(sihong);
    expect(titles(await get('/api/public/notice/list?currentTab=1', tok.insurer))).not.toContain(sihong);
    const list = (await get('/api/public/notice/list?currentTab=1', tok.ent2)).json().data.list;
    expect(list.every((n: { read: boolean }) => n.read === false)).toBe(true);
    const target = list.find((n: { title: string }) => n.title === sihong);
    // Detail: visible to ent2, 404 for ent and for anonymous visitors.
    expect((await get(`/api/public/notice/detail?id=${target.id}`, tok.ent2)).statusCode).toBe(200);
    expect((await get(`/api/public/notice/detail?id=${target.id}`, tok.ent)).statusCode).toBe(404);
    expect((await get(`/api/public/notice/detail?id=${target.id}`)).statusCode).toBe(404);
    // An invalid token on a public route reads as anonymous.
    expect((await get(`/api/public/notice/detail?id=${target.id}`, 'x'.repeat(43))).statusCode).toBe(404);
  });
});

describe('read receipts', () => {
  it('markRead records the first read, shows in the list, the detail and the readers list', async () => {
    const list = (await get('/api/public/notice/list?currentTab=1', tok.ent)).json().data.list;
    const first = list[0];
    expect((await post(`/api/notice/markRead?id=${first.id}`)).statusCode).toBe(401);
    const res = await post(`/api/notice/markRead?id=${first.id}`, tok.ent);
    expect(res.statusCode).toBe(200);
    expect((await post(`/api/notice/markRead?id=${first.id}`, tok.ent)).statusCode).toBe(200); // idempotent
    const after = (await get('/api/public/notice/list?currentTab=1', tok.ent)).json().data.list;
    expect(after.find((n: { id: number }) => n.id === first.id).read).toBe(true);
    expect((await get(`/api/public/notice/detail?id=${first.id}`, tok.ent)).json().data.read).toBe(true);
    const unread = (await get('/api/public/notice/list?currentTab=1&unread=1', tok.ent)).json().data.list;
    expect(unread.map((n: { id: number }) => n.id)).not.toContain(first.id);

    const readers = await post(`/api/notice/readers?id=${first.id}`, tok.admin);
    expect(readers.statusCode).toBe(200);
    expect(readers.json().data).toMatchObject({ total: 1, pageNum: 1, pageSize: 10 });
    expect(readers.json().data.list[0]).toMatchObject({
      username: 'ent',
      roleKey: 'ROLE_ENT',
      orgName: '宿迁市恒安化工有限公司',
    });
    expect((await post(`/api/notice/readers?id=${first.id}`, tok.gov)).statusCode).toBe(200);
    for (const u of ['ent', 'insurer', 'service']) {
      expect((await post(`/api/notice/readers?id=${first.id}`, tok[u])).statusCode, u).toBe(403);
    }
    expect((await post('/api/notice/readers?id=999999', tok.admin)).statusCode).toBe(404);
    expect((await post('/api/notice/readers', tok.admin)).statusCode).toBe(400);
  });

  it('markRead on a notice the reader cannot see, a news item or a missing id answers 404', async () => {
    const sihong = (await get('/api/public/notice/list?currentTab=1', tok.ent2))
      .json()
      .data.list.find((n: { title: string }) => n.title.includes('泗洪县'));
    expect((await post(`/api/notice/markRead?id=${sihong.id}`, tok.ent)).statusCode).toBe(404);
    const news = (await get('/api/public/article/list?kind=news')).json().data.list[0];
    expect((await post(`/api/notice/markRead?id=${news.id}`, tok.ent)).statusCode).toBe(404);
    expect((await post('/api/notice/markRead?id=999999', tok.ent)).statusCode).toBe(404);
    expect((await post('/api/notice/markRead?id=abc', tok.ent)).statusCode).toBe(400);
  });
});

describe('publishing a notice messages its audience', () => {
  it('targeted at enterprises in 泗洪县: ent2 gets a message, ent and the insurer do not; only once', async () => {
    const saved = await post(`${A}/save`, tok.gov, {
      kind: 'notice',
      title: '泗洪县企业安责险续保提醒',
      summary: '请于月底前完成续保',
      body: '<p>请泗洪县企业于月底前完成续保。</p>',
      targetRoles: ['ROLE_ENT'],
      targetDistricts: ['321324'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.notified).toBe(0); // a draft messages nobody
    const id = saved.json().data.id;
    const pub = await post(`${A}/updateStatus?id=${id}&status=1&version=1`, tok.gov);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data.notified).toBe(1);
    const msgs = await inbox('ent2');
    const m = msgs.find((x) => x.title.includes('泗洪县企业安责险续保提醒'));
    expect(m).toMatchObject({
      link: `/portal/notice/detail?id=${id}`,
      bizType: 'notice',
      bizId: String(id),
      read: false,
    });
    expect((await inbox('ent')).some((x) => x.title.includes('续保提醒'))).toBe(false);
    expect((await inbox('insurer')).some((x) => x.title.includes('续保提醒'))).toBe(false);

    // Withdraw and republish: no second message.
    await post(`${A}/updateStatus?id=${id}&status=2&version=2`, tok.gov);
    const again = await post(`${A}/updateStatus?id=${id}&status=1&version=3`, tok.gov);
    expect(again.json().data.notified).toBe(0);
    expect((await inbox('ent2')).filter((x) => x.title.includes('续保提醒'))).toHaveLength(1);
  });

  it('an untargeted notice saved with status 1 messages every active user', async () => {
    const users = await t.database.db
      .selectFrom('sysUser')
      .select((eb) => eb.fn.countAll<number>().as('c'))
      .where('deletedAt', 'is', null)
      .where('status', '!=', 2)
      .executeTakeFirstOrThrow();
    const saved = await post(`${A}/save`, tok.admin, {
      kind: 'policy',
      title: '全市政策动态',
      body: '<p>政策动态正文</p>',
      status: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.notified).toBe(Number(users.c));
    expect((await inbox('insurer')).some((x) => x.title === '政策动态：全市政策动态')).toBe(true);
    expect(titles(await get('/api/public/notice/list?currentTab=2'))).toContain('全市政策动态');
  });

  it('an unknown target role or a district outside the city is refused with the field named', async () => {
    const role = await post(`${A}/save`, tok.admin, {
      kind: 'notice',
      title: 'x',
      body: '<p>正文</p>',
      targetRoles: ['ROLE_NOPE'],
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().result).toContain('targetRoles');
    const district = await post(`${A}/save`, tok.admin, {
      kind: 'notice',
      title: 'x',
      body: '<p>正文</p>',
      targetDistricts: ['110101'],
    });
    expect(district.statusCode).toBe(400);
    expect(district.json().result).toContain('targetDistricts');
  });
});

describe('a district government manages notices of its own districts only', () => {
  const CITY = '关于做好2026年度安全生产责任保险投保工作的通知'; // untargeted, by the admin
  const SIHONG = '关于泗洪县建筑施工企业开展事故预防服务的通知'; // targeted at 泗洪县
  let sucheng: string;
  const idOf = async (title: string) =>
    (
      await t.database.db
        .selectFrom('cmsArticle')
        .select(['id', 'version'])
        .where('title', '=', title)
        .where('deletedAt', 'is', null)
        .executeTakeFirstOrThrow()
    ).id;
  const countTitled = async (title: string) =>
    Number(
      (
        await t.database.db
          .selectFrom('cmsArticle')
          .select((eb) => eb.fn.countAll<number>().as('c'))
          .where('title', '=', title)
          .executeTakeFirstOrThrow()
      ).c,
    );
  beforeAll(async () => {
    sucheng = await makeUser(t, 'gov', 'notice-gov-sucheng', { districtCodes: '321302' });
  });

  it('an untargeted notice goes to its own districts; other districts are refused and nothing is saved', async () => {
    const saved = await post(`${A}/save`, sucheng, {
      kind: 'notice',
      title: '宿城区安责险投保提醒',
      body: '<p>请宿城区企业按时投保。</p>',
      status: 1,
    });
    expect(saved.statusCode).toBe(200);
    const id = saved.json().data.id;
    const detail = await post(`${A}/searchById?id=${id}`, sucheng);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.targetDistricts).toEqual(['321302']);
    expect((await inbox('ent')).some((m) => m.title === '通知公告：宿城区安责险投保提醒')).toBe(true);
    expect((await inbox('ent2')).some((m) => m.title.includes('宿城区安责险投保提醒'))).toBe(false);
    // Not a city-wide notice: anonymous visitors do not see it.
    expect(titles(await get('/api/public/notice/list?currentTab=1'))).not.toContain('宿城区安责险投保提醒');

    for (const targetDistricts of [['321324'], ['321302', '321324'], ['321300']]) {
      const before = (await inbox('ent2')).length;
      const res = await post(`${A}/save`, sucheng, {
        kind: 'policy',
        title: '越权的政策动态',
        body: '<p>正文内容</p>',
        targetDistricts,
        status: 1,
      });
      expect(res.statusCode, targetDistricts.join()).toBe(400);
      expect(res.json().result).toContain('只能向本人管辖的区县发布政策动态');
      expect(res.json().result).toContain(targetDistricts.at(-1));
      expect(await countTitled('越权的政策动态')).toBe(0);
      expect((await inbox('ent2')).length).toBe(before);
    }
    // Editing its own notice to reach another district is refused too.
    const v = detail.json().data.version;
    const widen = await post(`${A}/save`, sucheng, {
      id,
      version: v,
      kind: 'notice',
      title: '宿城区安责险投保提醒',
      body: '<p>请宿城区企业按时投保。</p>',
      targetDistricts: ['321324'],
    });
    expect(widen.statusCode).toBe(400);
    expect(widen.json().result).toContain('泗洪县（321324）');
    expect((await post(`${A}/searchById?id=${id}`, sucheng)).json().data.version).toBe(v);
  });

  it('notices of the city or of other districts answer 404 like missing ones, and are not listed', async () => {
    const list = await post(`${A}/getArticleList?pageSize=100`, sucheng);
    expect(list.statusCode).toBe(200);
    expect(titles(list)).toContain('宿城区安责险投保提醒');
    expect(titles(list)).not.toContain(CITY);
    expect(titles(list)).not.toContain(SIHONG);
    expect(list.json().data.total).toBe(list.json().data.list.length);
    for (const title of [CITY, SIHONG]) {
      const id = await idOf(title);
      const before = await t.database.db
        .selectFrom('cmsArticle')
        .select(['version', 'status', 'deletedAt'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const calls = [
        await post(`${A}/searchById?id=${id}`, sucheng),
        await post(`${A}/updateStatus?id=${id}&status=2&version=${before.version}`, sucheng),
        await post(`${A}/save`, sucheng, {
          id,
          version: before.version,
          kind: 'notice',
          title: '改掉别人的通知',
          body: '<p>正文内容</p>',
          targetDistricts: ['321302'],
        }),
        await post(`${A}/delete?id=${id}&version=${before.version}`, sucheng),
        await post(`/api/notice/readers?id=${id}`, sucheng),
      ];
      for (const res of calls) expect(res.statusCode, `${title} ${res.body}`).toBe(404);
      const { requestId: _a, ...outOfScope } = calls[0]!.json();
      const { requestId: _b, ...missing } = (await post(`${A}/searchById?id=999999`, sucheng)).json();
      expect(outOfScope).toEqual(missing);
      const after = await t.database.db
        .selectFrom('cmsArticle')
        .select(['version', 'status', 'deletedAt'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    }
  });

  it('its own notice: withdraw, read receipts and delete work', async () => {
    const id = await idOf('宿城区安责险投保提醒');
    const d = (await post(`${A}/searchById?id=${id}`, sucheng)).json().data;
    expect((await post(`/api/notice/readers?id=${id}`, sucheng)).statusCode).toBe(200);
    const w = await post(`${A}/updateStatus?id=${id}&status=2&version=${d.version}`, sucheng);
    expect(w.statusCode).toBe(200);
    expect((await post(`${A}/delete?id=${id}&version=${d.version + 1}`, sucheng)).statusCode).toBe(200);
  });

  it('city level (the admin, and gov covering all five districts) keeps untargeted notices and every notice', async () => {
    const saved = await post(`${A}/save`, tok.gov, {
      kind: 'notice',
      title: '全市安责险工作通知',
      body: '<p>全市通知正文</p>',
    });
    expect(saved.statusCode).toBe(200);
    const detail = (await post(`${A}/searchById?id=${saved.json().data.id}`, tok.gov)).json().data;
    expect(detail.targetDistricts).toEqual([]);
    const list = titles(await post(`${A}/getArticleList?pageSize=100`, tok.gov));
    expect(list).toEqual(expect.arrayContaining([CITY, SIHONG, '全市安责险工作通知']));
    expect((await post(`${A}/searchById?id=${await idOf(SIHONG)}`, tok.gov)).statusCode).toBe(200);
    // The district government does not manage the city-wide one.
    expect((await post(`${A}/searchById?id=${saved.json().data.id}`, sucheng)).statusCode).toBe(404);
  });

  it("publishing needs the kind's edit action, also when a new notice is saved with status 1", async () => {
    const db = t.database.db;
    const grant = await db
      .selectFrom('sysRoleResource as rr')
      .innerJoin('sysResource as res', 'res.id', 'rr.resourceId')
      .innerJoin('sysRole as r', 'r.id', 'rr.roleId')
      .select(['rr.roleId', 'rr.resourceId', 'rr.actions'])
      .where('r.roleKey', '=', 'ROLE_GOVERNMENT')
      .where('res.permission', '=', 'notice')
      .execute();
    expect(grant.length).toBeGreaterThan(0);
    const setActions = async (fn: (a: string) => string) => {
      for (const g of grant) {
        await db
          .updateTable('sysRoleResource')
          .set({ actions: fn(g.actions) })
          .where('roleId', '=', g.roleId)
          .where('resourceId', '=', g.resourceId)
          .execute();
      }
    };
    await setActions((a) =>
      a
        .split(',')
        .filter((x) => x !== 'edit')
        .join(','),
    );
    try {
      const body = { kind: 'notice', title: '无编辑权限的发布', body: '<p>正文内容</p>' };
      const pub = await post(`${A}/save`, tok.gov, { ...body, status: 1 });
      expect(pub.statusCode).toBe(403);
      expect(await countTitled('无编辑权限的发布')).toBe(0);
      expect((await post(`${A}/save`, tok.gov, body)).statusCode).toBe(200);
    } finally {
      for (const g of grant) {
        await db
          .updateTable('sysRoleResource')
          .set({ actions: g.actions })
          .where('roleId', '=', g.roleId)
          .where('resourceId', '=', g.resourceId)
          .execute();
      }
    }
  });
});
