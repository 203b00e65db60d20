import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ API_RATE_MAX: '100000', LOGIN_RATE_MAX: '1000' });
});
afterAll(() => t.close());

describe('every API route declares its permission', () => {
  it('lists no /api route without permission', () => {
    const routes = (
      t.app as unknown as {
        state: { apiRoutes: Array<{ method: string; url: string; permission?: string }> };
      }
    ).state.apiRoutes;
    expect(routes.length).toBeGreaterThan(10);
    const undeclared = routes.filter((r) => !r.permission).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    // Public routes are an explicit, short list.
    const publicOnes = routes.filter((r) => r.permission === 'public' && !r.url.startsWith('/api/docs'));
    for (const r of publicOnes) {
      expect(r.url).toMatch(
        /^\/api\/(login|captcha\/|public\/|health|healthz|ready|readyz|manage\/patient\/|manage\/articles\/(getPortalBannerList|getHelpClassList|getConsultClassList|getHelpList)$|subsystem\/getSubsystemInfo$|signup|signUp|findpwd|wx\/)/,
      );
    }
  });

  it('lists no /api route without a response schema', () => {
    const routes = (
      t.app as unknown as {
        state: { apiRoutes: Array<{ method: string; url: string; hasResponseSchema: boolean }> };
      }
    ).state.apiRoutes;
    const undeclared = routes
      .filter((r) => !r.hasResponseSchema && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('lists no /api route whose body, query or path schema lets unknown fields through (V02)', () => {
    const routes = (
      t.app as unknown as {
        state: { apiRoutes: Array<{ method: string; url: string; looseInputs: string[] }> };
      }
    ).state.apiRoutes;
    const loose = routes
      .filter((r) => r.looseInputs.length > 0 && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}: ${r.looseInputs.join(', ')}`);
    expect(loose).toEqual([]);
  });

  it('documents a file download as binary in the OpenAPI description', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const download = res.json().paths['/api/file/{id}'].get.responses['200'];
    expect(download.content['*/*'].schema).toEqual({ type: 'string', format: 'binary' });
  });

  it('answers 401 without a token on every non-public route', async () => {
    const routes = (
      t.app as unknown as {
        state: { apiRoutes: Array<{ method: string; url: string; permission?: string }> };
      }
    ).state.apiRoutes.filter((r) => r.permission !== 'public');
    for (const r of routes) {
      const res = await t.call({ method: r.method as 'GET' | 'POST', url: r.url.replace(/:(\w+)/g, '1') });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().error).toBe(401);
    }
  });
});

describe('envelope and error mapping', () => {
  it('wraps success in { error: 0, apiError: 0, result, data }', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ error: 0, apiError: 0, result: '操作成功', data: { status: 'ok' } });
  });

  it('unknown API path → 404 envelope', async () => {
    const res = await t.call({ method: 'POST', url: '/api/nope/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 404, apiError: 404, result: '接口不存在', code: 'NOT_FOUND' });
    expect(res.json().requestId).toMatch(/^[0-9a-f]{16}$/);
  });

  it('empty JSON body → 400; wrong media type → 415; oversized body → 413', async () => {
    const empty = await t.call({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().result).toBe('请求体不能为空');
    const xml = await t.call({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().result).toBe('不支持的请求内容类型');
    const big = await t.call({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1_048_576), password: 'y' }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().result).toBe('请求体过大');
  });

  it('more than 1,000 query parameters → 400', async () => {
    const qs = Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join('&');
    const res = await t.call({ method: 'GET', url: `/api/health?${qs}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe('查询参数过多（最多1000个）');
    const fine = Array.from({ length: 1000 }, (_, i) => `p${i}=1`).join('&');
    expect((await t.call({ method: 'GET', url: `/api/health?${fine}` })).statusCode).toBe(200);
  });

  it('refuses prototype pollution with 400', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a","password":"b","__proto__":{"isAdmin":true}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('input the database cannot store (NUL, impossible dates) → 400, not 500', async () => {
    const token = await t.login('auditor');
    const nul = await t.call({
      method: 'POST',
      url: '/api/log/sysLogs/searchLogList.json?username=a%00b',
      token,
    });
    expect(nul.statusCode).toBe(400);
    const date = await t.call({
      method: 'POST',
      url: '/api/log/sysLogs/searchLogList.json?startTime=0000-01-01',
      token,
    });
    expect(date.statusCode).toBe(400);
    const login = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'adm\u0000in', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
  });

  it('a refused permission writes a security row with the reason', async () => {
    const ent = await t.login('ent');
    expect((await t.call({ method: 'POST', url: '/api/role/search', token: ent })).statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, 50));
    const row = await t.database.db
      .selectFrom('sysOperLog')
      .select(['kind', 'module', 'outcome', 'errorMsg', 'username'])
      .where('path', '=', '/api/role/search')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'security', module: '访问拒绝', outcome: 'fail', username: 'ent' });
    expect(row.errorMsg).toBe('403 没有权限，请联系管理员授权');
  });

  it('CR and LF in a username are escaped in the log', async () => {
    await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'evil\r\nadmin 登录 success', password: 'x' },
    });
    const row = await t.database.db
      .selectFrom('sysOperLog')
      .select('username')
      .where('kind', '=', 'login')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.username).not.toMatch(/[\r\n]/);
    expect(row.username).toContain('\\r\\n');
  });

  it('refuses unknown body fields (mass assignment) with 400', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'gov', password: 'Safe2026', roleKey: 'ROLE_ADMIN' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('SQL metacharacters in a filter are data, not SQL', async () => {
    const token = await t.login('auditor');
    const res = await t.call({
      method: 'POST',
      url: `/api/log/sysLogs/searchLogList.json?username=${encodeURIComponent("' OR 1=1--")}`,
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(0);
  });
});

describe('unexpected errors', () => {
  it('500 carries a generic message and request id, never the stack', async () => {
    const ctx = await createTestContextWithBoom();
    const res = await ctx.call({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error: 500, result: '系统内部错误，请联系管理员', code: 'INTERNAL' });
    expect(res.body).not.toContain('secret-detail');
    expect(res.body).not.toContain('at ');
    await ctx.close();
  });
});

async function createTestContextWithBoom(): Promise<TestContext> {
  const { openTestDatabase } = await import('./helpers.ts');
  const { buildApp } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/config.ts');
  const { FakeClock } = await import('../src/platform/clock.ts');
  const { database, drop } = await openTestDatabase();
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', CAPTCHA: 'off', MFA: 'off', DATA_DIR: '/tmp/aqzrx-test-unused' }),
    database,
    clock: new FakeClock(),
    logger: false,
    extend: (a) =>
      a.get('/api/test/boom', { config: { permission: 'public' } }, async () => {
        throw new Error('secret-detail: SELECT * FROM sys_user');
      }),
  });
  await app.ready();
  return {
    app,
    database,
    clock: new FakeClock(),
    config: loadConfig({}),
    call: (o) => app.inject(o),
    login: async () => '',
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

describe('security headers', () => {
  it('sets HSTS, CSP, nosniff, referrer policy and no-store on API responses', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000; includeSubDomains/);
    const csp = String(res.headers['content-security-policy']);
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
      expect(csp).toContain(d);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeDefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('TRACE is not served', async () => {
    const res = await t.call({ method: 'TRACE' as 'GET', url: '/api/health' });
    expect([404, 405]).toContain(res.statusCode);
  });
});

describe('rate limit', () => {
  it('made-up tokens buy no fresh bucket on public routes', async () => {
    const ctx = await createTestContext({ LOGIN_RATE_MAX: '1000' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 35; i++) {
        const r = await ctx.call({
          method: 'POST',
          url: '/api/captcha/get',
          token: `fake${i}${'x'.repeat(30)}`,
        });
        codes.push(r.statusCode);
      }
      expect(codes.filter((c) => c === 200)).toHaveLength(30);
      expect(codes.filter((c) => c === 429)).toHaveLength(5);
    } finally {
      await ctx.close();
    }
  });

  it('failed authentication is limited per IP too', async () => {
    const ctx = await createTestContext({ IP_RATE_MAX: '20' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 25; i++) {
        codes.push(
          (await ctx.call({ method: 'POST', url: '/api/sys/user/getUserInfo.json', token: 'B'.repeat(43) }))
            .statusCode,
        );
      }
      expect(codes.slice(0, 20).every((c) => c === 401)).toBe(true);
      expect(codes.slice(20).every((c) => c === 429)).toBe(true);
    } finally {
      await ctx.close();
    }
  });

  it('one signed-in user’s flood does not use up its IP: a colleague behind the same NAT keeps working (issue 17 finding 3)', async () => {
    const ctx = await createTestContext({ IP_RATE_MAX: '10' });
    try {
      const insurer = await ctx.login('insurer');
      const gov = await ctx.login('gov');
      const info = (token?: string) =>
        ctx.call({ method: 'POST', url: '/api/sys/user/getUserInfo.json', token, payload: {} });
      for (let i = 0; i < 30; i++) expect((await info(insurer)).statusCode).toBe(200);
      expect((await info(gov)).statusCode).toBe(200);
      // Anonymous traffic of the same IP still has its own ceiling: two logins + eight reads, then 429.
      const anonymous = () => ctx.call({ method: 'GET', url: '/api/public/portalStats' });
      for (let i = 0; i < 8; i++) expect((await anonymous()).statusCode).toBe(200);
      const refused = await anonymous();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        error: 429,
        code: 'RATE_LIMITED',
        result: '请求过于频繁，请稍后再试',
      });
      // Seconds until the IP's window ends (60 s windows).
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      // The flood goes on and stays refused; meanwhile both signed-in users of the same IP are served.
      for (let i = 0; i < 20; i++) {
        expect((await anonymous()).statusCode).toBe(429);
        expect((await info(i % 2 ? gov : insurer)).statusCode).toBe(200);
      }
      // Past the ceiling a made-up token is refused before the database is asked; a token that signed in keeps
      // working.
      expect((await info('C'.repeat(43))).statusCode).toBe(429);
      expect((await info(gov)).statusCode).toBe(200);
      expect((await info(insurer)).statusCode).toBe(200);
      // Once the window named by retry-after has passed, the IP's anonymous traffic is served again.
      ctx.clock.advance(wait * 1000);
      expect((await anonymous()).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });

  it('the 11th login from one IP within 3 minutes → 429 with retry-after', async () => {
    const ctx = await createTestContext({ LOGIN_RATE_MAX: '10' });
    try {
      for (let i = 0; i < 10; i++) {
        const r = await ctx.call({
          method: 'POST',
          url: '/api/login',
          payload: { username: `u${i}`, password: 'y' },
        });
        expect(r.statusCode).toBe(401);
      }
      const r = await ctx.call({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'x', password: 'y' },
        headers: { 'x-forwarded-for': '10.9.9.9' },
      });
      expect(r.statusCode).toBe(429);
      expect(r.headers['retry-after']).toBeDefined();
      expect(r.headers['x-ratelimit-limit']).toBe('10');
      expect(r.json()).toMatchObject({ error: 429, result: '请求过于频繁，请稍后再试' });
    } finally {
      await ctx.close();
    }
  });
});

describe('slow clients (R04): dropped once REQUEST_TIMEOUT_MS expires, others served meanwhile', () => {
  const TIMEOUT = 1500;
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext({ REQUEST_TIMEOUT_MS: String(TIMEOUT), IP_RATE_MAX: '100000' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  /**
   * Opens a connection, writes `head`, then one byte of `drip` every 100 ms (never all of it); resolves when
   * the server closes the connection, with what it answered and how long the connection lived.
   */
  function slowClient(head: string, drip: string): Promise<{ answer: string; ms: number }> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      let i = 0;
      const timer = setInterval(() => {
        if (socket.writable) socket.write(drip[i++ % drip.length] ?? 'x');
      }, 100);
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => {
        answer += d;
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, ms: Date.now() - started });
      });
      socket.write(head);
    });
  }

  it('drops a slowloris client and a slow JSON body with 408, while another client keeps its fast answers', async () => {
    const slowloris = slowClient('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 'abcdefgh');
    const slowBody = slowClient(
      'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username":"',
      'aaaaaaaa',
    );
    // Another client meanwhile: a request every 50 ms, each answered at once.
    const latencies: number[] = [];
    let done = false;
    const other = (async () => {
      while (!done) {
        const t0 = Date.now();
        const res = await fetch(`http://127.0.0.1:${port}/api/public/settings`, {
          signal: AbortSignal.timeout(5_000),
        });
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        latencies.push(Date.now() - t0);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const [headers, body] = await Promise.all([slowloris, slowBody]);
    done = true;
    await other;
    for (const c of [headers, body]) {
      expect(c.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(c.answer).toContain('"code":"REQUEST_TIMEOUT"');
      expect(c.answer).toContain('请求超时');
      // Not before the deadline; soon after it (the header check runs every quarter of the timeout).
      expect(c.ms).toBeGreaterThanOrEqual(TIMEOUT - 100);
      expect(c.ms).toBeLessThan(TIMEOUT + 2_500);
    }
    expect(latencies.length).toBeGreaterThan(10);
    const p95 = [...latencies].sort((a, b) => a - b)[Math.ceil(latencies.length * 0.95) - 1] ?? 0;
    expect(p95).toBeLessThan(500);
  });

  it('does not cut off an upload that takes longer than the timeout (only the idle timeout applies)', async () => {
    const token = await ctx.login('ent');
    const boundary = 'slowupload';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const pieces = 12;
    const piece = Buffer.alloc(1000, 0x41);
    const started = Date.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/file/uploadFile',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + pieces * piece.length + tail.length),
            'x-token': token,
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(head);
      let n = 0;
      const timer = setInterval(() => {
        req.write(piece);
        if (++n === pieces) {
          clearInterval(timer);
          req.end(tail);
        }
      }, 200);
    });
    expect(status).toBe(200);
    expect(Date.now() - started).toBeGreaterThan(TIMEOUT + 500);
  });
});

describe('health', () => {
  it('/api/ready reports the database', async () => {
    const res = await t.call({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('ready');
  });
});

describe('public settings', () => {
  it('exposes platform name, captcha flag and footer', async () => {
    const res = await t.call({ method: 'GET', url: '/api/public/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      platformName: '宿迁市安全生产责任保险监管服务平台',
      captchaEnabled: false,
      cityCode: '321300',
    });
    expect(res.json().data.footer.icp).toContain('ICP');
  });

  it('portal statistics carry the six labels and units of spec 9', async () => {
    const res = await t.call({ method: 'GET', url: '/api/public/portalStats' });
    const items = res.json().data.items as Array<{ label: string; unit: string; value: number }>;
    expect(items.map((i) => `${i.label}(${i.unit})`)).toEqual([
      '投保企业(家)',
      '保费(元)',
      '保额(万元)',
      '事故预防费用(元)',
      '理赔案件(件)',
      '理赔费用(元)',
    ]);
    for (const i of items) expect(typeof i.value).toBe('number');
  });
});
