import { chinaDate } from '@aqzrx/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, openTestDatabase, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { FakeClock } from '../../platform/clock.ts';
import type { AppDeps } from '../../platform/context.ts';
import { purgeRequestLogs, registerRequestLog } from '../../platform/request-log.ts';
import { recordPushAttempt, recordPushStart } from './log.service.ts';

let t: TestContext;
/** The request and push logs are the audit administrator's (三权分立, security.md Z04). */
let auditor: string;
let auditorId: number;
let admin: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  auditor = await t.login('auditor');
  admin = await t.login('admin');
  auditorId = (
    await t.database.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'auditor')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const post = (url: string, token?: string) => t.call({ method: 'POST', url, ...(token ? { token } : {}) });
/** Lets onResponse hooks of finished injections run, then writes the buffer. */
const flush = async () => {
  await new Promise((r) => setImmediate(r));
  await t.app.requestLog.flush();
};
const DAY = 86_400_000;

describe('request log (sys_request_log)', () => {
  it('records every /api request: method, path without query, status, duration, user, ip, request id', async () => {
    const marker = `m${Date.now()}`;
    await post(`/api/log/sysLogs/searchLogList.json?username=${marker}&pageNo=1`, auditor);
    const missing = await post(`/api/nope/${marker}?secret=${marker}`);
    const anon = await post(`/api/sys/user/searchUserList.json?nickname=${marker}`);
    const read = async () => {
      await flush();
      return t.database.db
        .selectFrom('sysRequestLog')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('path', '=', '/api/log/sysLogs/searchLogList.json'),
            eb('path', 'like', `%${marker}%`),
            eb('path', '=', '/api/sys/user/searchUserList.json'),
          ]),
        )
        .orderBy('id')
        .execute();
    };
    // A request's row is buffered by an onResponse hook that runs after the operation-log hook (which writes
    // the refused search's audit row first): wait until all three are there.
    let rows = await read();
    await vi.waitFor(async () => {
      rows = await read();
      expect(rows.map((r) => r.path)).toEqual(
        expect.arrayContaining([
          '/api/log/sysLogs/searchLogList.json',
          `/api/nope/${marker}`,
          '/api/sys/user/searchUserList.json',
        ]),
      );
    });
    const byPath = new Map(rows.map((r) => [r.path, r]));
    expect(byPath.get('/api/log/sysLogs/searchLogList.json')).toMatchObject({
      method: 'POST',
      status: 200,
      userId: auditorId,
      ip: '127.0.0.1',
    });
    expect(byPath.get(`/api/nope/${marker}`)).toMatchObject({
      status: 404,
      userId: null,
      requestId: missing.json().requestId,
    });
    expect(byPath.get('/api/sys/user/searchUserList.json')).toMatchObject({
      status: 401,
      requestId: anon.json().requestId,
    });
    for (const r of rows) {
      expect(r.durationMs).toBeGreaterThanOrEqual(0);
      expect(r.path).not.toContain('?');
      expect(JSON.stringify(r)).not.toContain(`secret=`);
      expect(JSON.stringify(r)).not.toContain(auditor);
    }
    // Non-API paths (the web app) are not request-logged.
    await t.call({ method: 'GET', url: '/some/page' });
    await flush();
    const web = await t.database.db
      .selectFrom('sysRequestLog')
      .select('id')
      .where('path', '=', '/some/page')
      .executeTakeFirst();
    expect(web).toBeUndefined();
  });

  it('/api/request-log/list pages newest first with path, status, user and time filters', async () => {
    await post('/api/role/getAllRole', auditor);
    await post('/api/role/getAllRole');
    await flush();
    const res = await post('/api/request-log/list?path=getAllRole&pageSize=50', auditor);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ pageNum: 1, pageSize: 50 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.list[0].path).toBe('/api/role/getAllRole');
    expect(Date.parse(page.list[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(page.list[1].createdAt));
    const mine = (
      await post(`/api/request-log/list?path=getAllRole&userId=${auditorId}&status=200`, auditor)
    ).json().data;
    expect(
      mine.list.every(
        (r: { userId: number; username: string }) => r.userId === auditorId && r.username === 'auditor',
      ),
    ).toBe(true);
    const denied = (await post('/api/request-log/list?path=getAllRole&status=401', auditor)).json().data;
    expect(denied.total).toBeGreaterThanOrEqual(1);
    expect(denied.list[0].userId).toBeNull();
    const tomorrow = chinaDate(new Date(Date.now() + DAY));
    expect((await post(`/api/request-log/list?startTime=${tomorrow}`, auditor)).json().data.total).toBe(0);
  });

  it('list: 400 naming the field, 401 without token, 403 for an enterprise', async () => {
    const bad = await post('/api/request-log/list?status=abc', auditor);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('status');
    for (const url of [
      '/api/request-log/list?startTime=0000-01-01',
      '/api/requestpushlog/findAll?endTime=3000-01-01',
      '/api/log/sysLogs/searchLogList.json?startTime=1899-12-31T00:00:00Z',
    ]) {
      const res = await post(url, auditor);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().result, url).toMatch(/startTime|endTime/);
    }
    const users = await post('/api/sys/user/searchUserList.json?createdStart=2026-02-30', admin);
    expect(users.statusCode).toBe(400);
    expect(users.json().result).toContain('createdStart');
    expect((await post('/api/request-log/list?token=x', auditor)).statusCode).toBe(401);
    expect((await post('/api/request-log/list')).statusCode).toBe(401);
    const ent = await t.login('ent');
    expect((await post('/api/request-log/list', ent)).statusCode).toBe(403);
  });

  it('batches: buffered until 200 rows (or the timer, or close), then one write', async () => {
    const { database, drop } = await openTestDatabase();
    const app = Fastify({ logger: false });
    const clock = new FakeClock();
    app.decorate('deps', { clock } as unknown as AppDeps);
    app.decorate('db', database.db);
    const log = registerRequestLog(app, { flushIntervalMs: 3_600_000, batchSize: 5 });
    app.post('/api/ping', async () => ({ ok: true }));
    await app.ready();
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom('sysRequestLog')
            .select((eb) => eb.fn.countAll<number>().as('c'))
            .executeTakeFirstOrThrow()
        ).c,
      );
    const before = await count();
    for (let i = 0; i < 4; i++) await app.inject({ method: 'POST', url: '/api/ping?x=1' });
    await new Promise((r) => setImmediate(r));
    expect(log.buffered()).toBe(4);
    expect(await count()).toBe(before);
    await app.inject({ method: 'POST', url: '/api/ping' });
    await new Promise((r) => setImmediate(r));
    await log.flush();
    expect(await count()).toBe(before + 5);
    await app.inject({ method: 'POST', url: '/api/ping' });
    await new Promise((r) => setImmediate(r));
    expect(log.buffered()).toBe(1);
    await app.close();
    expect(await count()).toBe(before + 6);
    await drop();
  });
});

describe('retention purge (security.md L04)', () => {
  async function backdate(days: number, tag: string) {
    const at = new Date(t.clock.now().getTime() - days * DAY);
    await t.database.db
      .insertInto('sysRequestLog')
      .values({ createdAt: at, method: 'POST', path: `/api/purge-test/${tag}`, status: 200, userId: null })
      .execute();
    await t.database.db
      .insertInto('sysOperLog')
      .values({ createdAt: at, kind: 'query', outcome: 'success', module: `purge-test-${tag}` })
      .execute();
  }
  const left = async () => ({
    requests: (
      await t.database.db
        .selectFrom('sysRequestLog')
        .select('path')
        .where('path', 'like', '/api/purge-test/%')
        .orderBy('path')
        .execute()
    ).map((r) => r.path),
    operations: (
      await t.database.db
        .selectFrom('sysOperLog')
        .select('module')
        .where('module', 'like', 'purge-test-%')
        .orderBy('module')
        .execute()
    ).map((r) => r.module),
  });

  it('deletes request logs older than 180 days, keeps 179-day-old ones, and never touches operation logs', async () => {
    await backdate(179, 'd179');
    await backdate(181, 'd181');
    await backdate(400, 'd400');
    const deleted = await t.app.requestLog.purge();
    expect(deleted).toBe(2);
    expect(await left()).toEqual({
      requests: ['/api/purge-test/d179'],
      operations: ['purge-test-d179', 'purge-test-d181', 'purge-test-d400'],
    });
  });

  it('never purges younger than 180 days even when asked for less', async () => {
    const now = t.clock.now();
    await backdate(100, 'd100');
    expect(await purgeRequestLogs(t.database.db, now, 30)).toBe(0);
    expect((await left()).requests).toContain('/api/purge-test/d100');
  });

  it('runs when the app starts', async () => {
    const { database, drop } = await openTestDatabase();
    const now = Date.now();
    await database.db
      .insertInto('sysRequestLog')
      .values([
        { createdAt: new Date(now - 181 * DAY), method: 'GET', path: '/api/old', status: 200, userId: null },
        {
          createdAt: new Date(now - 179 * DAY),
          method: 'GET',
          path: '/api/recent',
          status: 200,
          userId: null,
        },
      ])
      .execute();
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        CAPTCHA: 'off',
        MFA: 'off',
        DATA_DIR: '/tmp/aqzrx-test-unused',
      }),
      database,
      clock: new FakeClock(now),
      logger: false,
    });
    await app.ready();
    const deadline = Date.now() + 10_000;
    let paths: string[] = [];
    while (Date.now() < deadline) {
      paths = (
        await database.db
          .selectFrom('sysRequestLog')
          .select('path')
          .where('path', 'in', ['/api/old', '/api/recent'])
          .execute()
      ).map((r) => r.path);
      if (!paths.includes('/api/old')) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(paths).toEqual(['/api/recent']);
    await app.close();
    await drop();
  });
});

describe('push log (/api/requestpushlog/findAll)', () => {
  it('pages push records with filters, read-only', async () => {
    const now = t.clock.now();
    const a = await recordPushStart(
      t.database.db,
      {
        targetSystem: '省应急厅平台',
        dataKind: 'policy',
        recordId: 'P-1',
        payloadSummary: '保单 P-1\r\n新增',
      },
      now,
    );
    await recordPushAttempt(t.database.db, a, { ok: false, responseCode: 502, errorMsg: 'Bad Gateway' }, now);
    await recordPushAttempt(t.database.db, a, { ok: true, responseCode: 200 }, now);
    const b = await recordPushStart(
      t.database.db,
      { targetSystem: '银保监数据平台', dataKind: 'claim', recordId: 'C-9', payloadSummary: '理赔 C-9' },
      now,
    );
    await recordPushAttempt(t.database.db, b, { ok: false, responseCode: 500, errorMsg: 'error' }, now);

    const all = await post('/api/requestpushlog/findAll', auditor);
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toMatchObject({ total: 2, pageNum: 1, pageSize: 10 });
    const row = all.json().data.list.find((r: { id: number }) => r.id === a);
    expect(row).toMatchObject({
      targetSystem: '省应急厅平台',
      dataKind: 'policy',
      recordId: 'P-1',
      payloadSummary: '保单 P-1  新增',
      status: 'success',
      statusLabel: '成功',
      responseCode: 200,
      attempts: 2,
    });
    const failed = (await post('/api/requestpushlog/findAll?status=fail', auditor)).json().data;
    expect(failed.list.map((r: { id: number }) => r.id)).toEqual([b]);
    expect(
      (await post(`/api/requestpushlog/findAll?targetSystem=${encodeURIComponent('应急厅')}`, auditor)).json()
        .data.total,
    ).toBe(1);
    expect((await post('/api/requestpushlog/findAll?dataKind=claim', auditor)).json().data.total).toBe(1);
    expect((await post('/api/requestpushlog/findAll?status=bogus', auditor)).statusCode).toBe(400);
    expect((await post('/api/requestpushlog/findAll')).statusCode).toBe(401);
    const ent = await t.login('ent');
    expect((await post('/api/requestpushlog/findAll', ent)).statusCode).toBe(403);
  });

  it('offers no API that updates or deletes a log row (404)', async () => {
    for (const url of [
      '/api/request-log/delete',
      '/api/request-log/clean',
      '/api/request-log/update',
      '/api/request-log/purge',
      '/api/requestpushlog/delete',
      '/api/requestpushlog/update',
      '/api/requestpushlog/clean',
      '/api/log/sysLogs/delete',
    ]) {
      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        expect((await t.call({ method, url, token: auditor })).statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect(
      (await t.call({ method: 'DELETE', url: '/api/request-log/list', token: auditor })).statusCode,
    ).toBe(404);
  });
});
