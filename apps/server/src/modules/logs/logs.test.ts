import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000' });
  admin = await t.login('admin');
  await t.login('gov');
  await t.call({ method: 'POST', url: '/api/login', payload: { username: 'gov', password: 'Wrong-pass-1' } });
  await t.call({
    method: 'POST',
    url: '/api/role/add',
    token: admin,
    payload: { roleKey: 'ROLE_LOGTEST', roleName: '日志测试', resources: [] },
  });
});
afterAll(() => t.close());

const search = (query: string, token = admin) =>
  t.call({ method: 'POST', url: `/api/log/sysLogs/searchLogList.json?${query}`, token });

describe('POST /api/log/sysLogs/searchLogList.json', () => {
  it('records searches of personal and audit data as 查询 (kind query): who read which list', async () => {
    await t.call({
      method: 'POST',
      url: '/api/sys/user/searchUserList.json?pageNo=1&pageSize=10',
      token: admin,
    });
    await search('pageNo=1&pageSize=1');
    type Row = { kind: string; module: string; path: string; username: string };
    // A read's row is written once its response has gone out (onResponse): wait for it.
    await vi.waitFor(async () => {
      const queries = (await search('kind=query&pageSize=50')).json().data.list as Row[];
      expect(queries.every((q) => q.kind === 'query')).toBe(true);
      expect(queries).toContainEqual(
        expect.objectContaining({
          module: '用户管理',
          path: '/api/sys/user/searchUserList.json',
          username: 'admin',
        }),
      );
      expect(queries).toContainEqual(expect.objectContaining({ module: '操作日志', username: 'admin' }));
    });
  });

  it('pages newest first', async () => {
    const res = await search('pageNo=1&pageSize=2');
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ pageNum: 1, pageSize: 2 });
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.list).toHaveLength(2);
    expect(Date.parse(page.list[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(page.list[1].createdAt));
  });

  it('filters by kind (all, add, …), user and outcome', async () => {
    const adds = (await search('kind=add')).json().data.list as Array<{ kind: string; path: string }>;
    expect(adds.length).toBe(1);
    expect(adds[0]).toMatchObject({ kind: 'add', path: '/api/role/add' });
    const failed = (await search('username=gov&outcome=fail')).json().data.list;
    expect(failed).toHaveLength(1);
    expect((await search('kind=delete')).json().data.total).toBe(0);
    expect((await search('kind=bogus')).statusCode).toBe(400);
  });

  it('filters by time range', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await search(`startTime=${tomorrow}`)).json().data.total).toBe(0);
    expect((await search(`endTime=${tomorrow}`)).json().data.total).toBeGreaterThan(0);
  });

  it('is refused to an enterprise (403) and offers no way to change logs', async () => {
    const ent = await t.login('ent');
    expect((await search('', ent)).statusCode).toBe(403);
    for (const url of ['/api/log/sysLogs/delete', '/api/log/sysLogs/clean', '/api/log/sysLogs/update']) {
      expect((await t.call({ method: 'POST', url, token: admin })).statusCode).toBe(404);
    }
  });
});
