import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';

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
