import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, makeOrg, type TestContext } from '../../../test/helpers.ts';
import { makeUser } from '../policy/policy.testkit.ts';

let t: TestContext;
const tok: Record<string, string> = {};
let classId: number;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  for (const u of ['admin', 'gov', 'ent', 'ent2', 'insurer', 'service', 'expert']) tok[u] = await t.login(u);
  const classes = (await post('/api/manage/articles/getConsultClassList')).json().data as Array<{
    id: number;
    name: string;
  }>;
  classId = classes.find((c) => c.name === '理赔咨询')!.id;
});
afterAll(() => t.close());

const A = '/api/manage/articles';
function post(url: string, token?: string, payload?: unknown) {
  return t.call({
    method: 'POST',
    url,
    ...(token ? { token } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}
const get = (url: string) => t.call({ method: 'GET', url });
const ask = (token: string | undefined, over: Record<string, unknown> = {}) =>
  post(`${A}/saveConsult`, token, {
    classId,
    title: '理赔材料需要原件吗？',
    content: '<img src=x onerror=alert(1)> 事故理赔时医疗票据是否必须提交原件？',
    ...over,
  });
const detail = async (id: number, user: string) =>
  (await post(`/api/consult/detail?id=${id}`, tok[user])).json().data;

describe('asking (saveConsult, consult.add)', () => {
  it('an enterprise asks; the text is stored verbatim (escaped when shown), status 待回复', async () => {
    const res = await ask(tok.ent);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe('咨询已提交，请等待答复');
    const d = await detail(res.json().data.id, 'ent');
    expect(d).toMatchObject({
      title: '理赔材料需要原件吗？',
      content: '<img src=x onerror=alert(1)> 事故理赔时医疗票据是否必须提交原件？',
      status: 0,
      statusName: '待回复',
      className: '理赔咨询',
      askerName: '恒安化工安全员',
      askerOrgName: '宿迁市恒安化工有限公司',
      answer: '',
      isPublic: false,
    });
  });

  it('400 names the field; unknown class; 401 without a token; 403 for roles without consult.add', async () => {
    const short = await ask(tok.ent, { title: '短' });
    expect(short.statusCode).toBe(400);
    expect(short.json().result).toContain('title');
    const noClass = await ask(tok.ent, { classId: undefined });
    expect(noClass.statusCode).toBe(400);
    expect(noClass.json().result).toContain('classId');
    const help = (await post(`${A}/getHelpClassList`)).json().data[0].id;
    const wrongKind = await ask(tok.ent, { classId: help });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().result).toContain('咨询分类不存在');
    expect(
      (await post(`${A}/saveConsult`, undefined, { classId, title: '标题标题', content: '内容内容内容' }))
        .statusCode,
    ).toBe(401);
    for (const u of ['gov', 'insurer', 'service', 'expert']) {
      expect((await ask(tok[u])).statusCode, u).toBe(403);
    }
  });

  it('the asker may edit while it awaits an answer (version checked); another enterprise cannot see it', async () => {
    const id = (await ask(tok.ent, { title: '可以修改的咨询' })).json().data.id;
    const v = (await detail(id, 'ent')).version;
    const edit = await ask(tok.ent, { id, version: v, title: '修改后的咨询' });
    expect(edit.statusCode).toBe(200);
    expect((await detail(id, 'ent')).title).toBe('修改后的咨询');
    expect((await ask(tok.ent, { id, version: v, title: '再次修改' })).statusCode).toBe(409);
    expect((await ask(tok.ent, { id, title: '无版本' })).statusCode).toBe(400);
    // ent2 (another enterprise): out of scope answers as missing.
    expect((await post(`/api/consult/detail?id=${id}`, tok.ent2)).statusCode).toBe(404);
    expect((await ask(tok.ent2, { id, version: v + 1, title: '越权修改' })).statusCode).toBe(404);
    expect((await post(`/api/consult/close?id=${id}&version=${v + 1}`, tok.ent2)).statusCode).toBe(404);
    const list2 = (await post(`${A}/getConsultList?pageSize=100`, tok.ent2)).json().data.list as Array<{
      id: number;
    }>;
    expect(list2.map((c) => c.id)).not.toContain(id);
  });
});

describe('keyword search (search_vec, text-search.ts)', () => {
  it('two- and one-character keywords, numbers; characters that appear apart do not match', async () => {
    const id = (
      await ask(tok.ent, {
        title: '叉车司机受伤怎么报案？',
        content: '仓库叉车倒车时碰伤司机，医疗费用约3500元，批改后的保单是否覆盖？',
      })
    ).json().data.id as number;
    const ids = async (keyword: string, user = 'ent') =>
      (await post(`${A}/getConsultList?pageSize=100&keyword=${encodeURIComponent(keyword)}`, tok[user]))
        .json()
        .data.list.map((c: { id: number }) => c.id) as number[];
    for (const k of ['叉车', '报案', '3500', '3500元', '叉', '伤']) {
      expect(await ids(k), k).toContain(id);
      expect(await ids(k, 'service'), k).toContain(id);
    }
    // 叉 and 司 (or 车司…机受) are in the text, never as 叉司 / 机叉.
    expect(await ids('叉司')).not.toContain(id);
    expect(await ids('机叉')).not.toContain(id);
    // Latin words and numbers match whole or by their start, not from the middle (text-search.ts).
    expect(await ids('350')).toContain(id);
    expect(await ids('500')).not.toContain(id);
    // Another enterprise's keyword search stays within its own scope.
    expect(await ids('叉车', 'ent2')).toEqual([]);

    // Public Q&A: found once answered and published, by the answer's words too.
    const v = (await detail(id, 'service')).version;
    const answer = '属于保险责任，请在平台提交事故证明和医疗票据。';
    expect(
      (await post('/api/consult/answer', tok.service, { id, version: v, answer, isPublic: true })).statusCode,
    ).toBe(200);
    const qa = async (keyword: string) =>
      (await get(`/api/public/qa/list?keyword=${encodeURIComponent(keyword)}`))
        .json()
        .data.list.map((x: { id: number }) => x.id) as number[];
    expect(await qa('医疗票据')).toContain(id);
    expect(await qa('叉')).toContain(id);
    expect(await qa('票医')).not.toContain(id);
  });
});

describe('answering, notification, closing, publishing as Q&A', () => {
  it('service answers → asker gets a message → published as Q&A → visible at /api/public/qa → closed', async () => {
    const id = (
      await ask(tok.ent, {
        title: '工伤与安责险能否同时赔付？',
        content: '员工发生工伤后，工伤保险和安责险能否同时获得赔付？',
      })
    ).json().data.id as number;
    const list = (await post(`${A}/getConsultList?status=0&pageSize=100`, tok.service)).json().data;
    expect(list.list.map((c: { id: number }) => c.id)).toContain(id);

    // The public Q&A does not have it yet.
    expect((await get(`/api/public/qa/detail?id=${id}`)).statusCode).toBe(404);
    const v = (await detail(id, 'service')).version;
    const bad = await post('/api/consult/answer', tok.service, { id, version: v, answer: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('answer');
    const stale = await post('/api/consult/answer', tok.service, {
      id,
      version: v + 5,
      answer: '可以同时赔付。',
    });
    expect(stale.statusCode).toBe(409);
    const answered = await post('/api/consult/answer', tok.service, {
      id,
      version: v,
      answer: '可以。安全生产责任保险与工伤保险保障不同，符合条款约定的可同时获得赔付。',
    });
    expect(answered.statusCode).toBe(200);
    const d = await detail(id, 'ent');
    expect(d).toMatchObject({
      status: 1,
      statusName: '已回复',
      answererName: '安泰安全技术服务',
      answererOrgName: '宿迁市安泰安全技术服务有限公司',
    });
    expect(d.answeredAt).not.toBeNull();

    const inbox = (await post('/api/message/list?unread=1', tok.ent)).json().data.list as Array<{
      title: string;
      link: string;
      bizType: string;
      bizId: string;
    }>;
    expect(inbox[0]).toMatchObject({
      title: '您的咨询已答复：工伤与安责险能否同时赔付？',
      link: `/ent/consult/EntConsultDetail/route?id=${id}`,
      bizType: 'consult',
      bizId: String(id),
    });

    const pub = await post(`/api/consult/setPublic?id=${id}&version=${d.version}&isPublic=1`, tok.admin);
    expect(pub.statusCode).toBe(200);
    const qa = await get(`/api/public/qa/detail?id=${id}`);
    expect(qa.statusCode).toBe(200);
    expect(qa.json().data).toMatchObject({
      title: '工伤与安责险能否同时赔付？',
      className: '理赔咨询',
      viewCount: 1,
    });
    expect(qa.json().data).not.toHaveProperty('askerName');
    const qaList = await get(`/api/public/qa/list?keyword=${encodeURIComponent('工伤')}`);
    expect(qaList.json().data.list.map((x: { id: number }) => x.id)).toEqual([id]);

    const v2 = (await detail(id, 'ent')).version;
    const closed = await post(`/api/consult/close?id=${id}&version=${v2}`, tok.ent);
    expect(closed.statusCode).toBe(200);
    expect((await detail(id, 'ent')).status).toBe(2);
    expect((await post(`/api/consult/close?id=${id}&version=${v2 + 1}`, tok.ent)).statusCode).toBe(400);
    const late = await post('/api/consult/answer', tok.service, {
      id,
      version: v2 + 1,
      answer: '补充答复内容',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().result).toContain('已关闭');
  });

  it('an unanswered consultation cannot be made public; answering needs consult.edit', async () => {
    const id = (await ask(tok.ent, { title: '未答复的咨询' })).json().data.id;
    const v = (await detail(id, 'ent')).version;
    const res = await post(`/api/consult/setPublic?id=${id}&version=${v}&isPublic=1`, tok.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toContain('先答复');
    for (const u of ['ent', 'ent2', 'insurer']) {
      expect(
        (await post('/api/consult/answer', tok[u], { id, version: v, answer: '自问自答内容' })).statusCode,
        u,
      ).toBe(403);
      expect(
        (await post(`/api/consult/setPublic?id=${id}&version=${v}&isPublic=1`, tok[u])).statusCode,
        u,
      ).toBe(403);
    }
    expect(
      (await post('/api/consult/answer', undefined, { id, version: v, answer: '答复' })).statusCode,
    ).toBe(401);
    // The expert organisation answers; the government (districts 宿城区 … 泗洪县) could have answered too.
    expect(
      (
        await post('/api/consult/answer', tok.expert, {
          id,
          version: v,
          answer: '专家答复内容',
          isPublic: true,
        })
      ).statusCode,
    ).toBe(200);
    expect((await get(`/api/public/qa/detail?id=${id}`)).json().data.answer).toBe('专家答复内容');
  });

  it('lists are scoped: each enterprise its own; insurers hold no consult permission', async () => {
    const mine = (await post(`${A}/getConsultList?pageSize=100`, tok.ent)).json().data;
    expect(mine.total).toBeGreaterThan(0);
    expect(
      mine.list.every((c: { askerOrgName: string }) => c.askerOrgName === '宿迁市恒安化工有限公司'),
    ).toBe(true);
    const other = (await post(`${A}/getConsultList?pageSize=100`, tok.ent2)).json().data;
    expect(other.total).toBe(0);
    const all = (await post(`${A}/getConsultList?pageSize=100`, tok.admin)).json().data;
    expect(all.total).toBe(mine.total);
    expect((await post(`${A}/getConsultList`, tok.insurer)).statusCode).toBe(403);
    expect((await post(`${A}/getConsultList`)).statusCode).toBe(401);
    const bad = await post(`${A}/getConsultList?status=9`, tok.ent);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('status');
  });

  it('a government account over every district answers at city level: it also sees questions without a district', async () => {
    const id: number = (await ask(tok.ent, { title: '没有区县的咨询能看到吗' })).json().data.id;
    await t.database.db.updateTable('cmsConsult').set({ askerDistrict: null }).where('id', '=', id).execute();
    expect((await detail(id, 'gov'))?.id).toBe(id);
    const listed = (await post(`${A}/getConsultList?pageSize=100&keyword=没有区县的咨询`, tok.gov)).json()
      .data;
    expect(listed.list.map((c: { id: number }) => c.id)).toContain(id);
  });

  it('detail and close: 401 without a token, 403 for a role without consult permissions (insurer)', async () => {
    const id = (await ask(tok.ent, { title: '权限测试咨询' })).json().data.id as number;
    const v = (await detail(id, 'ent')).version;
    expect((await post(`/api/consult/detail?id=${id}`)).statusCode).toBe(401);
    expect((await post(`/api/consult/close?id=${id}&version=${v}`)).statusCode).toBe(401);
    expect((await post(`/api/consult/detail?id=${id}`, tok.insurer)).statusCode).toBe(403);
    expect((await post(`/api/consult/close?id=${id}&version=${v}`, tok.insurer)).statusCode).toBe(403);
    // Nothing changed: the asker still sees it open.
    expect((await detail(id, 'ent')).status).toBe(0);
  });

  it('delete is the admin’s (consult.delete); 404 afterwards', async () => {
    const id = (await ask(tok.ent, { title: '将被删除的咨询' })).json().data.id;
    expect((await post(`/api/consult/delete?id=${id}`, tok.service)).statusCode).toBe(403);
    expect((await post(`/api/consult/delete?id=${id}`, tok.ent)).statusCode).toBe(403);
    expect((await post(`/api/consult/delete?id=${id}&version=99`, tok.admin)).statusCode).toBe(409);
    expect((await post(`/api/consult/delete?id=${id}`, tok.admin)).statusCode).toBe(200);
    expect((await post(`/api/consult/detail?id=${id}`, tok.ent)).statusCode).toBe(404);
    expect((await post(`/api/consult/delete?id=${id}`, tok.admin)).statusCode).toBe(404);
  });
});

describe('who may change an answer (answered by one organisation, readable by every answerer)', () => {
  const SEEDED = '员工人数变化后保单需要批改吗？';
  let seeded: number;
  let serviceText: string;
  beforeAll(async () => {
    const row = await t.database.db
      .selectFrom('cmsConsult')
      .select(['id', 'answer'])
      .where('title', '=', SEEDED)
      .executeTakeFirstOrThrow();
    seeded = row.id;
    serviceText = row.answer;
  });
  const stored = () =>
    t.database.db.selectFrom('cmsConsult').selectAll().where('id', '=', seeded).executeTakeFirstOrThrow();
  const answeredMessages = () =>
    t.database.db
      .selectFrom('sysMessage')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bizType', '=', 'consult')
      .where('bizId', '=', String(seeded))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));

  it('the expert reads the service organisation’s answer but revising, publishing or closing it is 404', async () => {
    const d = await detail(seeded, 'expert');
    expect(d).toMatchObject({
      status: 1,
      answererOrgName: '宿迁市安泰安全技术服务有限公司',
      asAnswerer: false,
    });
    const before = await stored();
    const messages = await answeredMessages();
    const missing = await post('/api/consult/answer', tok.expert, {
      id: 987654,
      version: 1,
      answer: '专家的答复',
    });
    expect(missing.statusCode).toBe(404);
    const revise = await post('/api/consult/answer', tok.expert, {
      id: seeded,
      version: d.version,
      answer: '专家覆盖了服务机构的答复',
    });
    expect(revise.statusCode).toBe(404);
    expect(revise.json().result).toBe(missing.json().result);
    expect(
      (await post(`/api/consult/setPublic?id=${seeded}&version=${d.version}&isPublic=0`, tok.expert))
        .statusCode,
    ).toBe(404);
    expect((await post(`/api/consult/close?id=${seeded}&version=${d.version}`, tok.expert)).statusCode).toBe(
      404,
    );
    expect(await stored()).toEqual(before);
    expect(await answeredMessages()).toBe(messages);
    const qa = (await get(`/api/public/qa/detail?id=${seeded}`)).json().data;
    expect(qa.answer).toBe(serviceText);
  });

  it('a second service organisation and the city regulator are refused alike; a colleague and the admin may revise', async () => {
    const otherOrg = await makeOrg(t, 'service', '宿迁市另一家安全技术服务有限公司', '321311');
    const other = await makeUser(t, 'service', 'consult-service2', { orgId: otherOrg });
    const colleague = await makeUser(t, 'service', 'consult-service-colleague');
    const d = await detail(seeded, 'service');
    expect(d.asAnswerer).toBe(true);
    const before = await stored();
    for (const token of [other, tok.gov]) {
      const res = await post('/api/consult/answer', token, {
        id: seeded,
        version: d.version,
        answer: '他人的修改',
      });
      expect(res.statusCode).toBe(404);
      expect(
        (await post(`/api/consult/setPublic?id=${seeded}&version=${d.version}&isPublic=0`, token)).statusCode,
      ).toBe(404);
    }
    expect(await stored()).toEqual(before);
    const listed = (await post(`${A}/getConsultList?pageSize=100&status=1`, other)).json().data
      .list as Array<{
      id: number;
      asAnswerer: boolean;
    }>;
    expect(listed.find((c) => c.id === seeded)?.asAnswerer).toBe(false);

    const byColleague = await post('/api/consult/answer', colleague, {
      id: seeded,
      version: d.version,
      answer: '同一服务机构的同事补充答复内容',
    });
    expect(byColleague.statusCode).toBe(200);
    const v = (await detail(seeded, 'admin')).version;
    const byAdmin = await post('/api/consult/answer', tok.admin, {
      id: seeded,
      version: v,
      answer: serviceText,
    });
    expect(byAdmin.statusCode).toBe(200);
    expect((await get(`/api/public/qa/detail?id=${seeded}`)).json().data.answer).toBe(serviceText);
  });

  it('an awaiting consultation is open to every answerer; the first answer makes it theirs', async () => {
    const id = (await ask(tok.ent, { title: '谁先答复归谁' })).json().data.id as number;
    const v = (await detail(id, 'expert')).version;
    expect((await detail(id, 'expert')).asAnswerer).toBe(true);
    expect((await detail(id, 'service')).asAnswerer).toBe(true);
    expect((await detail(id, 'ent')).asAnswerer).toBe(false);
    expect(
      (await post('/api/consult/answer', tok.expert, { id, version: v, answer: '专家先答复' })).statusCode,
    ).toBe(200);
    expect((await detail(id, 'service')).asAnswerer).toBe(false);
    expect(
      (await post('/api/consult/answer', tok.service, { id, version: v + 1, answer: '服务机构再答复' }))
        .statusCode,
    ).toBe(404);
    // The asker closes its own consultation whoever answered it.
    expect((await post(`/api/consult/close?id=${id}&version=${v + 1}`, tok.ent)).statusCode).toBe(200);
  });
});
