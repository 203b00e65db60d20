import type { SubsystemRow } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { cleanHelpContent } from './help-content.ts';

let t: TestContext;
let admin: string;
let gov: string;
let ent: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  admin = await t.login('admin');
  gov = await t.login('gov');
  ent = await t.login('ent');
});
afterAll(() => t.close());

const post = (url: string, token?: string, payload?: Record<string, unknown>) =>
  t.call({ method: 'POST', url, ...(token ? { token } : {}), ...(payload !== undefined ? { payload } : {}) });

const find = async (code: string): Promise<SubsystemRow> => {
  const res = await post(`/api/subsystem/list?code=${code}`, admin);
  const row = (res.json().data.list as SubsystemRow[]).find((r) => r.code === code);
  if (!row) throw new Error(`subsystem ${code} not found`);
  return row;
};

describe('getSubsystemInfo (public help page)', () => {
  it('answers data.subsystem without a token, by case-insensitive code', async () => {
    const res = await post('/api/subsystem/getSubsystemInfo?code=SQFX');
    expect(res.statusCode).toBe(200);
    const sub = res.json().data.subsystem;
    expect(Object.keys(sub).sort()).toEqual(['code', 'helpContent', 'name', 'status', 'url']);
    expect(sub).toMatchObject({ code: 'sqfx', name: '双重预防机制信息系统', status: 1 });
    expect(sub.helpContent).toContain('<h3>系统简介</h3>');
  });

  it('404 for an unknown code, 400 naming a malformed one', async () => {
    const missing = await post('/api/subsystem/getSubsystemInfo?code=nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().result).toContain('nope');
    const bad = await post('/api/subsystem/getSubsystemInfo?code=%3Cx%3E');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('code');
    expect((await post('/api/subsystem/getSubsystemInfo')).statusCode).toBe(400);
  });
});

describe('help content', () => {
  it('keeps an allow-listed subset and drops scripts, handlers and javascript: links', () => {
    const dirty =
      '<h3 onclick="x()">标题</h3><p>正文<script>alert(1)</script><img src=x onerror=alert(1)></p>' +
      '<a href="javascript:alert(1)">坏链接</a><a href="https://a.example/" target="_blank">好链接</a><style>p{}</style>';
    const clean = cleanHelpContent(dirty);
    expect(clean).toBe(
      '<h3>标题</h3><p>正文</p><a>坏链接</a><a href="https://a.example/" target="_blank" rel="noopener noreferrer">好链接</a>',
    );
    expect(cleanHelpContent(clean)).toBe(clean);
    expect(cleanHelpContent('纯文本 1 < 2 & 3 > 2')).toBe('纯文本 1 &lt; 2 &amp; 3 &gt; 2');
  });
});

describe('admin CRUD', () => {
  let id: number;

  it('list pages the subsystems for subsystem.query holders only', async () => {
    const res = await post('/api/subsystem/list?pageNo=1&pageSize=2', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
    expect(res.json().data.list.map((r: SubsystemRow) => r.code)).toEqual(['sqfx', 'aqzf']);
    expect((await post('/api/subsystem/list', gov)).statusCode).toBe(403);
    expect((await post('/api/subsystem/list', ent)).statusCode).toBe(403);
    expect((await post('/api/subsystem/list')).statusCode).toBe(401);
    const bad = await post('/api/subsystem/list?status=7', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('status');
  });

  it('add stores sanitised help text and is logged', async () => {
    const res = await post('/api/subsystem/add', admin, {
      name: '危险化学品监测预警系统',
      code: 'whpyj',
      url: 'https://whp.example.gov.cn/',
      helpContent: '<p>请使用本平台账号登录。</p><script>steal()</script>',
      sort: 40,
    });
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().data.id;
    const info = (await post('/api/subsystem/getSubsystemInfo?code=whpyj')).json().data.subsystem;
    expect(info.helpContent).toBe('<p>请使用本平台账号登录。</p>');
    const log = await t.database.db
      .selectFrom('sysOperLog')
      .select(['kind', 'module', 'targetId'])
      .where('path', '=', '/api/subsystem/add')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ kind: 'add', module: '子系统', targetId: String(id) });
  });

  it('add refuses bad input naming the field and a duplicate code (409, case-insensitive)', async () => {
    const badUrl = await post('/api/subsystem/add', admin, {
      name: 'x',
      code: 'xx1',
      url: 'javascript:alert(1)',
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().result).toContain('url');
    const badCode = await post('/api/subsystem/add', admin, { name: 'x', code: '1x' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().result).toContain('code');
    const dup = await post('/api/subsystem/add', admin, { name: 'x', code: 'WHPYJ' });
    expect(dup.statusCode).toBe(409);
  });

  it('writes need subsystem.* (403) and a token (401)', async () => {
    for (const token of [gov, ent]) {
      expect((await post('/api/subsystem/add', token, { name: 'x', code: 'xx2' })).statusCode).toBe(403);
      expect(
        (await post('/api/subsystem/update', token, { id, version: 1, name: 'x', code: 'whpyj' })).statusCode,
      ).toBe(403);
      expect((await post(`/api/subsystem/delete?id=${id}`, token)).statusCode).toBe(403);
    }
    expect((await post('/api/subsystem/add', undefined, { name: 'x', code: 'xx2' })).statusCode).toBe(401);
  });

  it('update needs the current version (stale 409), 404s a missing one, 409s a taken code', async () => {
    const ok = await post('/api/subsystem/update', admin, {
      id,
      version: 1,
      name: '危化品监测预警系统',
      code: 'whpyj',
      url: 'https://whp.example.gov.cn/login',
      status: 0,
      helpContent: '帮助',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await find('whpyj')).toMatchObject({
      name: '危化品监测预警系统',
      status: 0,
      version: 2,
      helpContent: '帮助',
    });
    const stale = await post('/api/subsystem/update', admin, { id, version: 1, name: 'x', code: 'whpyj' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect(
      (await post('/api/subsystem/update', admin, { id: 99999999, version: 1, name: 'x', code: 'zz' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post('/api/subsystem/update', admin, { id, version: 2, name: 'x', code: 'sqfx' })).statusCode,
    ).toBe(409);
  });

  it('delete is refused while a safety mechanism uses the subsystem, then succeeds and 404s', async () => {
    // The mechanism is the security administrator's (三权分立); the subsystem the system administrator's.
    const secadmin = await t.login('secadmin');
    const mech = await post('/api/safetymechanism/add', secadmin, {
      name: '危化预警接入',
      orderNo: 'SUB-T1',
      subsystemId: id,
    });
    expect(mech.statusCode, mech.body).toBe(200);
    const used = await post(`/api/subsystem/delete?id=${id}`, admin);
    expect(used.statusCode).toBe(409);
    expect(used.json().result).toContain('安全机制');
    expect((await post(`/api/safetymechanism/delete?id=${mech.json().data.id}`, secadmin)).statusCode).toBe(
      200,
    );
    expect((await post(`/api/subsystem/delete?id=${id}`, admin)).statusCode).toBe(200);
    expect((await post('/api/subsystem/getSubsystemInfo?code=whpyj')).statusCode).toBe(404);
    expect((await post(`/api/subsystem/delete?id=${id}`, admin)).statusCode).toBe(404);
    expect((await post('/api/subsystem/delete?id=0', admin)).statusCode).toBe(400);
  });
});
