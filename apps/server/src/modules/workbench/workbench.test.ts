import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { declareLogPurge } from '../../platform/log-chain.ts';

/**
 * The operations admin's workbench in one request, against a fixed data set made on 2035-06-15 (China
 * time) with the figures hand-counted in the comments: users, consultations awaiting an answer, notices and
 * the portal's figures (the same as /api/public/portalStats). Other roles: 403 without the workbench
 * permission, 404 with another workbench. The logs' figures — today's failed operations (China-day
 * boundaries), requests by day and status — are the audit administrator's overview (三权分立, Z04).
 */
let t: TestContext;
const tok: Record<string, string> = {};
// biome-ignore lint/suspicious/noExplicitAny: response bodies read field by field in the assertions
type Json = Record<string, any>;
const at = (s: string) => new Date(`${s}+08:00`);

async function workbench(who = 'admin') {
  return t.call({ method: 'POST', url: '/api/workbench/admin', token: tok[who] });
}
async function overview(who = 'auditor') {
  return t.call({ method: 'POST', url: '/api/workbench/audit', token: tok[who] });
}
async function figures(): Promise<Json> {
  const res = await workbench();
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
}
async function auditFigures(): Promise<Json> {
  const res = await overview();
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json;
}
/** The `total` of a one-row page of a list, asked as the admin (or the auditor, for the logs). */
async function listTotal(url: string, who = 'admin'): Promise<number> {
  const res = await t.call({ method: 'POST', url, token: tok[who] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.total as number;
}

beforeAll(async () => {
  t = await createTestContext({ API_RATE_MAX: '100000' });
  t.clock.set(at('2035-06-15T10:00:00'));
  const db = t.database.db;
  await db.updateTable('sysUser').set({ passwordChangedAt: t.clock.now() }).execute();
  for (const u of ['admin', 'auditor', 'insurer', 'ent', 'gov']) tok[u] = await t.login(u);

  // Users: the five signed-in accounts stay (enabled); three more: one disabled, two incomplete.
  await sql`update sys_user set deleted_at = now() where username not in ('admin', 'auditor', 'insurer', 'ent', 'gov')`.execute(
    db,
  );
  await sql`update sys_user set status = 1 where username in ('admin', 'auditor', 'insurer', 'ent', 'gov')`.execute(
    db,
  );
  for (const [name, status] of [
    ['wb_off', 2],
    ['wb_new1', 3],
    ['wb_new2', 3],
  ] as const)
    await sql`insert into sys_user (username, nickname, password_hash, password_changed_at, status, role_id, org_id)
      select ${name}, ${name}, password_hash, password_changed_at, ${status}, role_id, org_id
      from sys_user where username = 'ent'`.execute(db);

  // Consultations: two awaiting (the newer first in the list), one answered, one awaiting but deleted.
  await sql`update cms_consult set deleted_at = now()`.execute(db);
  const consult = (title: string, status: number, created: string, deleted = false) =>
    sql`insert into cms_consult (class_id, title, content, asker_user_id, status, answered_at, created_at, deleted_at)
      select (select id from cms_class where kind = 'consult' order by id limit 1), ${title}, '内容', u.id, ${status},
        ${status === 1 ? at(created) : null}, ${at(created)}, ${deleted ? at(created) : null}
      from sys_user u where u.username = 'ent'`.execute(db);
  await consult('工作台咨询一', 0, '2035-06-10T09:00:00');
  await consult('工作台咨询二', 0, '2035-06-14T09:00:00');
  await consult('工作台咨询三', 1, '2035-06-12T09:00:00');
  await consult('工作台咨询四', 0, '2035-06-13T09:00:00', true);

  // Notices: three published, one draft, one withdrawn; other kinds do not count.
  await sql`update cms_article set deleted_at = now() where kind = 'notice'`.execute(db);
  for (const [kind, status] of [
    ['notice', 1],
    ['notice', 1],
    ['notice', 1],
    ['notice', 0],
    ['notice', 2],
    ['news', 0],
  ] as const)
    await sql`insert into cms_article (kind, title, status, publish_at) values (${kind}, '工作台通知', ${status}, ${status === 1 ? t.clock.now() : null})`.execute(
      db,
    );

  // Operation log of China day 2035-06-15: a failed login at 00:00:00 (today), one a millisecond before
  // (yesterday), a failed edit, a successful add. Today: 1 failed login, 2 failures.
  await t.app.requestLog.flush();
  // The log tables refuse deletes but the retention purge's (migration 0031): clear them as the purge.
  const clearLog = (table: 'sys_oper_log' | 'sys_request_log') =>
    db.transaction().execute(async (trx) => {
      await declareLogPurge(trx);
      await sql`delete from ${sql.table(table)}`.execute(trx);
    });
  await clearLog('sys_oper_log');
  const op = (time: string, kind: string, outcome: string, module: string) =>
    sql`insert into sys_oper_log (created_at, kind, outcome, module, username, method, path)
      values (${at(time)}, ${kind}, ${outcome}, ${module}, 'admin', 'POST', '/api/x')`.execute(db);
  await op('2035-06-14T23:59:59.999', 'login', 'fail', '登录');
  await op('2035-06-15T00:00:00', 'login', 'fail', '登录');
  await op('2035-06-15T09:00:00', 'edit', 'fail', '用户管理');
  await op('2035-06-15T09:30:00', 'add', 'success', '用户管理');

  // Request log: today 7 requests (one at 00:00:00, 3 × 200, 2 × 404, 1 × 500, the first 401): 4 failed;
  // yesterday 2 (the last at 23:59:59.999); 6 days ago 1 (at 00:00:00); 7 days ago 5 (outside the week).
  await clearLog('sys_request_log');
  const req = (time: string, status: number, n = 1) =>
    sql`insert into sys_request_log (created_at, method, path, status, duration_ms, ip, request_id)
      select ${at(time)}, 'POST', '/api/x', ${status}, 1, '127.0.0.1', 'r' from generate_series(1, ${n})`.execute(
      db,
    );
  await req('2035-06-15T00:00:00', 401);
  await req('2035-06-15T08:00:00', 200, 3);
  await req('2035-06-15T09:00:00', 404, 2);
  await req('2035-06-15T09:30:00', 500);
  await req('2035-06-14T23:59:59.999', 200);
  await req('2035-06-14T12:00:00', 200);
  await req('2035-06-09T00:00:00', 200);
  await req('2035-06-08T23:59:59.999', 200, 5);
});
afterAll(() => t.close());

// First, so that its figures are asked before any other request of the fixed day is logged.
describe('POST /api/workbench/audit (安全审计 › 审计概览)', () => {
  it('answers the log figures against the hand-counted values', async () => {
    const f = await auditFigures();
    expect(f.opLogs.loginFails).toBe(1);
    expect(f.opLogs.fails).toBe(2);
    expect(f.opLogs.recent.map((r: Json) => [r.kind, r.outcome])).toEqual([
      ['add', 'success'],
      ['edit', 'fail'],
      ['login', 'fail'],
      ['login', 'fail'],
    ]);
    expect(f.opLogs.recent[0].operation).toBe('用户管理 · 新增');
    expect(f.requests).toEqual({
      today: 7,
      errors: 4,
      errorRate: 4 / 7,
      errorsByStatus: [
        { status: 401, count: 1 },
        { status: 404, count: 2 },
        { status: 500, count: 1 },
      ],
      week: [
        { day: '2035-06-09', count: 1 },
        { day: '2035-06-10', count: 0 },
        { day: '2035-06-11', count: 0 },
        { day: '2035-06-12', count: 0 },
        { day: '2035-06-13', count: 0 },
        { day: '2035-06-14', count: 2 },
        { day: '2035-06-15', count: 7 },
      ],
    });
    expect(f.computedAt).toBe('2035-06-15T02:00:00.000Z');
  });

  it('each figure is the total of the list its card opens; its own reads are not among them', async () => {
    const f = await auditFigures();
    const day = '2035-06-15';
    expect(f.opLogs.loginFails).toBe(
      await listTotal(
        `/api/log/sysLogs/searchLogList.json?pageNo=1&pageSize=1&kind=login&outcome=fail&startTime=${day}&endTime=${day}`,
        'auditor',
      ),
    );
    // The overview's own reads are logged (kind query) but, being the auditor's, are not in its figures.
    expect(f.opLogs.recent.map((r: Json) => r.username)).not.toContain('auditor');
    // Requests of these calls are written to the log as they finish: compare yesterday's count, and today's
    // 404s (the calls here answer 200).
    expect(f.requests.week[5]).toEqual({ day: '2035-06-14', count: 2 });
    expect(
      await listTotal(
        '/api/request-log/list?pageNo=1&pageSize=1&startTime=2035-06-14&endTime=2035-06-14',
        'auditor',
      ),
    ).toBe(2);
    expect(f.requests.errorsByStatus.find((e: Json) => e.status === 404).count).toBe(
      await listTotal(
        `/api/request-log/list?pageNo=1&pageSize=1&startTime=${day}&endTime=${day}&status=404`,
        'auditor',
      ),
    );
  });

  it('a section the server cannot compute is null; the other still answers', async () => {
    const db = t.database.db;
    await sql`alter table sys_request_log rename to sys_request_log_away`.execute(db);
    try {
      const f = await auditFigures();
      expect(f.requests).toBeNull();
      expect(f.opLogs.fails).toBe(2);
    } finally {
      await sql`alter table sys_request_log_away rename to sys_request_log`.execute(db);
    }
  });

  it('is the audit administrator’s: 403 for the system admin, a regulator, an insurer and an enterprise', async () => {
    for (const who of ['admin', 'gov', 'insurer', 'ent'])
      expect((await overview(who)).statusCode, who).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/workbench/audit' })).statusCode).toBe(401);
  });
});

describe('POST /api/workbench/admin (运营中心 › 工作台)', () => {
  it('answers every figure of the page against the hand-counted values, and no log figures', async () => {
    const f = await figures();
    expect(f.users).toEqual({ total: 8, disabled: 1, incomplete: 2 });
    expect(f.consults.total).toBe(2);
    expect(f.consults.list.map((c: Json) => c.title)).toEqual(['工作台咨询二', '工作台咨询一']);
    expect(f.notices).toEqual({ published: 3, drafts: 1 });
    expect(f.computedAt).toBe('2035-06-15T02:00:00.000Z');
    expect(Object.keys(f).sort()).toEqual(['computedAt', 'consults', 'notices', 'portal', 'users']);
  });

  it('each figure is the total of the list its card opens', async () => {
    const f = await figures();
    expect(f.users.total).toBe(await listTotal('/api/sys/user/searchUserList.json?pageNo=1&pageSize=1'));
    expect(f.users.disabled).toBe(
      await listTotal('/api/sys/user/searchUserList.json?pageNo=1&pageSize=1&status=2'),
    );
    expect(f.consults.total).toBe(
      await listTotal('/api/manage/articles/getConsultList?pageNo=1&pageSize=1&status=0'),
    );
    expect(f.notices.drafts).toBe(
      await listTotal('/api/manage/articles/getArticleList?pageNo=1&pageSize=1&kind=notice&status=0'),
    );
  });

  it('the portal strip shows the public portal figures (the same providers)', async () => {
    const f = await figures();
    const res = await t.call({ method: 'GET', url: '/api/public/portalStats' });
    expect(f.portal.items).toEqual(res.json().data.items);
    expect(f.portal.items.map((i: Json) => i.name)).toEqual([
      'insuredEnterprises',
      'premium',
      'sumInsured',
      'preventionFee',
      'claims',
      'claimPaid',
    ]);
  });

  it('a section the role does not hold is left out (without user.query: no user figures)', async () => {
    const db = t.database.db;
    const grant = await sql<{ roleId: number; resourceId: number; actions: string }>`
      select rr.role_id as "roleId", rr.resource_id as "resourceId", rr.actions from sys_role_resource rr
      join sys_resource res on res.id = rr.resource_id join sys_role r on r.id = rr.role_id
      where r.role_key = 'ROLE_ADMIN' and res.permission = 'user'`.execute(db);
    expect(grant.rows.length).toBeGreaterThan(0);
    await sql`update sys_role_resource rr set actions = 'add' from sys_resource res, sys_role r
      where res.id = rr.resource_id and r.id = rr.role_id and r.role_key = 'ROLE_ADMIN' and res.permission = 'user'`.execute(
      db,
    );
    try {
      const f = await figures();
      expect(f.users).toBeUndefined();
      expect(f.notices).toEqual({ published: 3, drafts: 1 });
    } finally {
      for (const g of grant.rows)
        await sql`update sys_role_resource set actions = ${g.actions}
          where role_id = ${g.roleId} and resource_id = ${g.resourceId}`.execute(db);
    }
  });

  it('an insurer (another workbench, same permission) is answered 404; an enterprise and a regulator 403', async () => {
    expect((await workbench('insurer')).statusCode).toBe(404);
    expect((await workbench('ent')).statusCode).toBe(403);
    expect((await workbench('gov')).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/workbench/admin' })).statusCode).toBe(401);
  });
});
