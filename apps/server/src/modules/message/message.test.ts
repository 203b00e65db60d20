import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { makeUser } from '../policy/policy.testkit.ts';
import { sendMessage } from './index.ts';

let t: TestContext;
const tok: Record<string, string> = {};
const uid: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  for (const u of ['admin', 'gov', 'ent', 'ent2', 'insurer', 'service', 'expert']) tok[u] = await t.login(u);
  for (const r of await t.database.db.selectFrom('sysUser').select(['id', 'username']).execute())
    uid[r.username] = r.id;
});
afterAll(() => t.close());

const post = (url: string, token?: string, payload?: unknown) =>
  t.call({
    method: 'POST',
    url,
    ...(token ? { token } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
const unread = async (u: string) =>
  (await post('/api/message/unreadCount', tok[u])).json().data.count as number;
const titles = async (u: string) =>
  ((await post('/api/message/list?pageSize=100', tok[u])).json().data.list as Array<{ title: string }>).map(
    (m) => m.title,
  );

describe('sendMessage (for other modules, inside their transaction)', () => {
  it('to named users, and to roles in districts; rolled back with the transaction', async () => {
    const n = await t.database.db.transaction().execute((trx) =>
      sendMessage(
        trx,
        { userIds: [uid.ent!, uid.ent!] },
        {
          title: '待办：请签收服务记录',
          content: '服务记录待签收',
          kind: 'todo',
          bizType: 'apService',
          bizId: 7,
        },
        { now: new Date(), createdBy: null },
      ),
    );
    expect(n).toBe(1);
    const roleDistrict = await t.database.db
      .transaction()
      .execute((trx) =>
        sendMessage(
          trx,
          { roleKeys: ['ROLE_ENT'], districts: ['321324'] },
          { title: '泗洪企业通知', content: 'x' },
          { now: new Date(), createdBy: null },
        ),
      );
    expect(roleDistrict).toBe(1); // ent2 only
    expect(await titles('ent2')).toContain('泗洪企业通知');
    expect(await titles('ent')).not.toContain('泗洪企业通知');

    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await sendMessage(
          trx,
          { userIds: [uid.insurer!] },
          { title: '不应出现', content: 'x' },
          { now: new Date(), createdBy: null },
        );
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await titles('insurer')).not.toContain('不应出现');
  });
});

describe('inbox: /api/message/list, unreadCount, read', () => {
  it('lists only my messages, newest first, with an unread filter; marks read; others’ ids are untouched', async () => {
    const before = await unread('ent');
    expect(before).toBeGreaterThan(0);
    const list = await post('/api/message/list?unread=1&pageSize=5', tok.ent);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({ pageNum: 1, pageSize: 5, total: before });
    const todo = list.json().data.list.find((m: { kind: string }) => m.kind === 'todo');
    expect(todo).toMatchObject({
      kindName: '待办',
      read: false,
      readAt: null,
      bizType: 'apService',
      bizId: '7',
    });
    const kindFilter = await post('/api/message/list?kind=todo', tok.ent);
    expect(kindFilter.json().data.list.every((m: { kind: string }) => m.kind === 'todo')).toBe(true);

    // ent2 trying ent's message id changes nothing.
    const other = await post(`/api/message/read?ids=${todo.id}`, tok.ent2);
    expect(other.statusCode).toBe(200);
    expect(other.json().data.updated).toBe(0);
    expect(await unread('ent')).toBe(before);

    const mine = await post(`/api/message/read?ids=${todo.id}`, tok.ent);
    expect(mine.json().data.updated).toBe(1);
    expect(await unread('ent')).toBe(before - 1);
    const readOnes = (await post('/api/message/list?unread=0', tok.ent)).json().data.list;
    expect(readOnes.map((m: { id: number }) => m.id)).toContain(todo.id);
    expect((await post('/api/message/read?all=1', tok.ent)).json().data.updated).toBe(before - 1);
    expect(await unread('ent')).toBe(0);
  });

  it('400 on bad parameters, 401 without a token', async () => {
    const bad = await post('/api/message/read?ids=1;DROP', tok.ent);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('ids');
    expect((await post('/api/message/read', tok.ent)).statusCode).toBe(400);
    expect((await post('/api/message/list?kind=spam', tok.ent)).statusCode).toBe(400);
    for (const url of [
      '/api/message/list',
      '/api/message/read?all=1',
      '/api/message/unreadCount',
      '/api/message/sentList',
    ]) {
      expect((await post(url)).statusCode, url).toBe(401);
    }
  });
});

describe('/api/message/send (message.add)', () => {
  it('the admin sends to roles; recipients get it; the batch appears in the sender’s list', async () => {
    const res = await post('/api/message/send', tok.admin, {
      roleKeys: ['ROLE_SERVICE', 'ROLE_EXPERT'],
      title: '服务机构年度考核通知',
      content: '请于本月完成年度考核材料提交。',
      kind: 'system',
      link: '/service/serviceAp',
    });
    expect(res.statusCode).toBe(200);
    // Every active service and expert account: service and expert, and the two idle demo accounts.
    const active = await t.database.db
      .selectFrom('sysUser as u')
      .innerJoin('sysRole as r', 'r.id', 'u.roleId')
      .select('u.username')
      .where('r.roleKey', 'in', ['ROLE_SERVICE', 'ROLE_EXPERT'])
      .where('u.deletedAt', 'is', null)
      .where('u.status', '!=', 2)
      .execute();
    expect(active.map((u) => u.username)).toEqual(expect.arrayContaining(['service', 'expert']));
    expect(res.json().data.recipientCount).toBe(active.length);
    expect(res.json().result).toBe(`已发送给 ${active.length} 人`);
    expect(await titles('service')).toContain('服务机构年度考核通知');
    expect(await titles('expert')).toContain('服务机构年度考核通知');
    expect(await titles('ent')).not.toContain('服务机构年度考核通知');
    const sent = await post('/api/message/sentList', tok.admin);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.list[0]).toMatchObject({
      title: '服务机构年度考核通知',
      roleKeys: ['ROLE_SERVICE', 'ROLE_EXPERT'],
      recipientCount: active.length,
      senderName: '运营管理员',
    });
    expect((await post('/api/message/sentList', tok.gov)).json().data.total).toBe(0);
  });

  it('a district government sends within its districts (its own by default); others are refused', async () => {
    const sucheng = await makeUser(t, 'gov', 'msg-gov-sucheng', { districtCodes: '321302' });
    const ok = await post('/api/message/send', sucheng, {
      roleKeys: ['ROLE_ENT'],
      districts: ['321302'],
      title: '宿城区企业隐患排查提醒',
      content: '请开展隐患自查。',
      kind: 'warning',
    });
    expect(ok.statusCode).toBe(200);
    expect(await titles('ent')).toContain('宿城区企业隐患排查提醒');
    expect(await titles('ent2')).not.toContain('宿城区企业隐患排查提醒');
    const byDefault = await post('/api/message/send', sucheng, {
      roleKeys: ['ROLE_ENT'],
      title: '宿城区企业复工提醒',
      content: '请做好复工安全检查。',
    });
    expect(byDefault.statusCode).toBe(200);
    expect(await titles('ent')).toContain('宿城区企业复工提醒');
    expect(await titles('ent2')).not.toContain('宿城区企业复工提醒');
    for (const districts of [['321300'], ['321302', '321324']]) {
      const before = await unread('ent2');
      const outside = await post('/api/message/send', sucheng, { districts, title: 't', content: 'c' });
      expect(outside.statusCode).toBe(400);
      expect(outside.json().result).toContain('只能向本人管辖的区县发送消息');
      expect(outside.json().result).toContain(districts.at(-1));
      expect(await unread('ent2')).toBe(before);
    }
  });

  it('the government of all five districts is city level: it may address the whole city', async () => {
    const res = await post('/api/message/send', tok.gov, {
      roleKeys: ['ROLE_ENT'],
      districts: ['321300'],
      title: '全市企业安全生产月活动通知',
      content: '请积极参加。',
    });
    expect(res.statusCode).toBe(200);
    expect(await titles('ent')).toContain('全市企业安全生产月活动通知');
    expect(await titles('ent2')).toContain('全市企业安全生产月活动通知');
  });

  it('insurers underwrite in every district: a message to the insurers of one district reaches them', async () => {
    const res = await post('/api/message/send', tok.gov, {
      roleKeys: ['ROLE_INSURANCE'],
      districts: ['321324'],
      title: '泗洪县保险机构理赔时效提醒',
      content: '请按时处理泗洪县的理赔案件。',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await titles('insurer')).toContain('泗洪县保险机构理赔时效提醒');
    // Enterprises of other districts are still out of a district message's reach.
    const ents = await post('/api/message/send', tok.gov, {
      roleKeys: ['ROLE_ENT'],
      districts: ['321324'],
      title: '泗洪县企业专项提醒',
      content: '仅泗洪县企业。',
    });
    expect(ents.statusCode, ents.body).toBe(200);
    expect(await titles('ent')).not.toContain('泗洪县企业专项提醒');
  });

  it('400 names the field or the problem; 403 for roles without message.add', async () => {
    const noTitle = await post('/api/message/send', tok.admin, { title: '', content: 'x' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().result).toContain('title');
    const badRole = await post('/api/message/send', tok.admin, {
      roleKeys: ['ROLE_NOPE'],
      title: 't',
      content: 'c',
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().result).toContain('ROLE_NOPE');
    const badLink = await post('/api/message/send', tok.admin, {
      title: 't',
      content: 'c',
      link: 'javascript:alert(1)',
    });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().result).toContain('link');
    const nobody = await post('/api/message/send', tok.admin, {
      roleKeys: ['ROLE_TECHNOLOGY'],
      title: 't',
      content: 'c',
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().result).toContain('没有符合条件的接收人');
    for (const u of ['ent', 'insurer', 'service', 'expert']) {
      expect((await post('/api/message/send', tok[u], { title: 't', content: 'c' })).statusCode, u).toBe(403);
    }
    expect((await post('/api/message/send', undefined, { title: 't', content: 'c' })).statusCode).toBe(401);
  });
});
