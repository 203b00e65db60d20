import { chinaDate } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { operationName } from '../../platform/http.ts';

let t: TestContext;
let admin: string;
/** The audit administrator reads the platform's operation log (三权分立, security.md Z04). */
let auditor: string;
let gov: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000' });
  admin = await t.login('admin');
  auditor = await t.login('auditor');
  gov = await t.login('gov');
  await t.call({ method: 'POST', url: '/api/login', payload: { username: 'gov', password: 'Wrong-pass-1' } });
  await t.call({
    method: 'POST',
    url: '/api/role/add',
    token: admin,
    payload: { roleKey: 'ROLE_LOGTEST', roleName: '日志测试', resources: [] },
  });
});
afterAll(() => t.close());

const search = (query: string, token = auditor) =>
  t.call({ method: 'POST', url: `/api/log/sysLogs/searchLogList.json?${query}`, token });

describe('POST /api/log/sysLogs/searchLogList.json', () => {
  it('records searches of personal and audit data as 查询 (kind query): who read which list', async () => {
    await t.call({
      method: 'POST',
      url: '/api/sys/user/searchUserList.json?pageNo=1&pageSize=10',
      token: admin,
    });
    await search('pageNo=1&pageSize=1', gov);
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
      expect(queries).toContainEqual(expect.objectContaining({ module: '操作日志', username: 'gov' }));
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
    // Tomorrow on the China calendar the filter uses (a UTC date is still today between 16:00 and 24:00 UTC).
    const tomorrow = chinaDate(new Date(Date.now() + 86_400_000));
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

describe('operation names', () => {
  it("the regulator's log names each operation by its route's declared name, not its path", async () => {
    await t.call({
      method: 'POST',
      url: '/api/sys/user/searchUserList.json?pageNo=1&pageSize=10',
      token: gov,
    });
    type Row = { operation: string; method: string; path: string; module: string };
    await vi.waitFor(async () => {
      const rows = (await search('pageSize=50', gov)).json().data.list as Row[];
      const row = rows.find((r) => r.path === '/api/sys/user/searchUserList.json');
      expect(row).toMatchObject({ operation: '用户分页查询', method: 'POST' });
    });
    const all = (await search('pageSize=100')).json().data.list as Row[];
    expect(all.find((r) => r.path === '/api/login')?.operation).toBe('密码登录');
    expect(all.find((r) => r.path === '/api/role/add')?.operation).toBe('新增角色及其授权');
    for (const r of all) expect(r.operation, `${r.method} ${r.path}`).not.toMatch(/\/api\/|^$/);
  });

  it('a row whose route declares no name reads as its module and kind', async () => {
    await t.database.db
      .insertInto('sysOperLog')
      .values({
        createdAt: new Date(),
        userId: null,
        username: 'admin',
        roleKey: 'ROLE_ADMIN',
        orgName: '',
        module: '用户管理',
        kind: 'edit',
        method: 'POST',
        path: '/api/sys/user/retiredCall.json',
        params: '',
        targetId: '',
        ip: '127.0.0.1',
        durationMs: 1,
        outcome: 'success',
        errorMsg: '',
        requestId: 'r-retired',
      })
      .execute();
    const rows = (await search('pageSize=100')).json().data.list as Array<{
      requestId: string;
      operation: string;
    }>;
    expect(rows.find((r) => r.requestId === 'r-retired')?.operation).toBe('用户管理 · 修改');
  });

  it('operationName keeps the name and drops the remarks of a summary', () => {
    expect(operationName('用户分页查询（手机号脱敏）')).toBe('用户分页查询');
    expect(operationName('用户详情；reveal=true 查看完整手机号与邮箱（需 userSensitive.get，记审计）')).toBe(
      '用户详情',
    );
    expect(operationName('发布(1)、撤回(2)或改回草稿(0)')).toBe('发布、撤回或改回草稿');
    expect(operationName('启用（status=1，需 user.enable）或停用（status=2，需 user.disable）用户')).toBe(
      '启用或停用用户',
    );
    expect(operationName('审核保单（出单机构）：通过须填写保单号，不通过须填写原因')).toBe('审核保单');
    expect(operationName('监管部门：理赔详情（只读）')).toBe('监管部门：理赔详情');
    expect(operationName('答复咨询（可同时公开为问答），提问人收到站内消息')).toBe('答复咨询');
    expect(operationName('导出保单 .xlsx（保费：元；保额：万元）')).toBe('导出保单');
    expect(operationName(undefined)).toBe('');
  });
});
