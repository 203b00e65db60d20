import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createUser, STRONG } from '../user/user.testkit.ts';

/**
 * Log reads are scoped (security.md Z02): the audit administrator (audit.query, 三权分立 Z04) reads every
 * operation-log row but its own duty's; a government department or insurer (GovLog, InsuranceLog) reads its
 * own organisation's rows; the request and push logs are platform-wide data for the audit administrator only.
 */

let t: TestContext;
let admin: string;
let auditor: string;
let gov: string;
let insurer: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  admin = await t.login('admin');
  auditor = await t.login('auditor');
  gov = await t.login('gov');
  insurer = await t.login('insurer');
  await t.login('ent');
});
afterAll(() => t.close());

const post = (url: string, token: string) => t.call({ method: 'POST', url, token });

interface LogRow {
  userId: number | null;
  username: string;
}
const rows = async (token: string) => {
  const res = await post('/api/log/sysLogs/searchLogList.json?pageSize=500', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list as LogRow[];
};
const orgUserIds = async (username: string) => {
  const me = await t.database.db
    .selectFrom('sysUser')
    .select('orgId')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const users = await t.database.db
    .selectFrom('sysUser')
    .select('id')
    .where('orgId', '=', me.orgId)
    .execute();
  return new Set(users.map((u) => u.id));
};

describe('operation-log scope', () => {
  it('the auditor reads every organisation; an insurer only its own users; the city regulator none of the admin', async () => {
    const all = await rows(auditor);
    expect(all.map((r) => r.username)).toEqual(expect.arrayContaining(['admin', 'gov', 'insurer', 'ent']));

    const govRows = await rows(gov);
    expect(govRows.length).toBeGreaterThan(0);
    expect(govRows.map((r) => r.username)).toEqual(expect.arrayContaining(['gov', 'insurer', 'ent']));
    expect(govRows.map((r) => r.username)).not.toContain('admin');

    const insIds = await orgUserIds('insurer');
    const insRows = await rows(insurer);
    expect(insRows.length).toBeGreaterThan(0);
    expect(insRows.every((r) => r.userId !== null && insIds.has(r.userId))).toBe(true);
    expect(insRows.map((r) => r.username)).not.toContain('gov');
  });

  it("a district regulator (gov_sy, 泗阳县) reads its districts' users only: not the city regulator's, the admin's or 宿城区's", async () => {
    const db = t.database.db;
    const siyang = await db
      .selectFrom('insEnterprise as e')
      .innerJoin('sysOrg as o', 'o.id', 'e.id')
      .select('e.id')
      .where('o.districtCode', '=', '321323')
      .where('o.deletedAt', 'is', null)
      .orderBy('e.id')
      .executeTakeFirstOrThrow();
    const entRole = await db
      .selectFrom('sysRole')
      .select('id')
      .where('roleKey', '=', 'ROLE_ENT')
      .executeTakeFirstOrThrow();
    await createUser(t, admin, { username: 'sy_ent_user', roleId: entRole.id, orgId: siyang.id });
    await t.login('sy_ent_user', STRONG);
    const govSy = await t.login('gov_sy');

    const syRows = await rows(govSy);
    const names = new Set(syRows.map((r) => r.username));
    expect(names).toContain('gov_sy');
    expect(names).toContain('sy_ent_user');
    for (const outside of ['gov', 'admin', 'ent', 'ent2', 'insurer']) expect(names).not.toContain(outside);

    // The city regulator reads the district regulator and the district's enterprise as well.
    const cityNames = new Set((await rows(gov)).map((r) => r.username));
    for (const inside of ['gov', 'gov_sy', 'sy_ent_user', 'ent']) expect(cityNames).toContain(inside);
    expect(cityNames).not.toContain('admin');

    // The filters narrow within the scope, never widen it.
    const byName = await post('/api/log/sysLogs/searchLogList.json?username=gov&pageSize=500', govSy);
    const filtered = byName.json().data.list as LogRow[];
    expect(filtered.every((r) => r.username === 'gov_sy')).toBe(true);
  });

  it('a custom role with only log.query (no organisation) reads its own rows; the system admin none', async () => {
    const tree = (await post('/api/role/getResList', admin)).json().data as Array<{
      id: number;
      component: string;
      children: unknown[];
    }>;
    const flat = (nodes: typeof tree): typeof tree =>
      nodes.flatMap((n) => [n, ...flat(n.children as typeof tree)]);
    expect((await post('/api/log/sysLogs/searchLogList.json', admin)).statusCode).toBe(403);
    // The government's log screen (GovLog) for a user without an organisation: its own rows only.
    const govLog = flat(tree).find((n) => n.component === 'GovLog')!;
    const reader = await t.call({
      method: 'POST',
      url: '/api/role/add',
      token: admin,
      payload: {
        roleKey: 'ROLE_LOG_READER',
        roleName: '日志查看',
        resources: [{ resourceId: govLog.id, actions: ['query'] }],
      },
    });
    await createUser(t, admin, { username: 'log_reader', roleId: reader.json().data.id });
    const token = await t.login('log_reader', STRONG);
    await post('/api/sys/user/getUserInfo.json', token);
    const own = await rows(token);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.username === 'log_reader')).toBe(true);
  });
});

describe('request and push logs', () => {
  it('are the audit administrator’s: 403 for the system admin, the government and insurers', async () => {
    for (const url of ['/api/request-log/list', '/api/requestpushlog/findAll']) {
      expect((await post(url, auditor)).statusCode).toBe(200);
      expect((await post(url, admin)).statusCode).toBe(403);
      expect((await post(url, gov)).statusCode).toBe(403);
      expect((await post(url, insurer)).statusCode).toBe(403);
    }
  });
});

describe('searchLogListByExcl.json (operation-log export)', () => {
  it('exports the filtered rows as .xlsx with Chinese headers for log.export holders, audited', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/log/sysLogs/searchLogListByExcl.json?kind=login&username=gov',
      token: auditor,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('操作日志.xlsx'));
    const count = Number(res.headers['x-export-rows']);
    expect(count).toBeGreaterThan(0);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1, 7)).toEqual([
      '时间',
      '用户',
      '角色',
      '所属机构',
      '模块',
      '操作类型',
    ]);
    expect(ws.rowCount).toBe(count + 1);
    for (let i = 2; i <= ws.rowCount; i++) {
      // username filters by substring: gov and gov_sy (signed in by the district test above).
      expect(String(ws.getRow(i).getCell(2).value)).toMatch(/^gov/);
      expect(ws.getRow(i).getCell(6).value).toBe('登录');
    }
    const audit = await t.database.db
      .selectFrom('sysOperLog')
      .selectAll()
      .where('path', '=', '/api/log/sysLogs/searchLogListByExcl.json')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ kind: 'export', outcome: 'success', targetId: `rows=${count}` });
  });

  it('403 for roles whose log screen offers no export (government, insurer) and the system admin; 400 for a bad filter', async () => {
    for (const token of [gov, insurer, admin]) {
      expect((await post('/api/log/sysLogs/searchLogListByExcl.json', token)).statusCode).toBe(403);
    }
    expect((await post('/api/log/sysLogs/searchLogListByExcl.json?kind=bogus', auditor)).statusCode).toBe(
      400,
    );
    expect((await post('/api/log/sysLogs/searchLogListByExcl.json?pageNo=1', auditor)).statusCode).toBe(400);
  });
});
