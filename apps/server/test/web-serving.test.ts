import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

let t: TestContext;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>平台</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestContext({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the built web app on the same port', () => {
  it('GET / and client routes answer index.html, not cached', async () => {
    for (const url of [
      '/',
      '/portal/index',
      '/user/login?redirect=%2Fent%2FEntAPQuery%2Froute',
      '/QA/detail?id=3',
    ]) {
      const res = await t.call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('a rebuilt index.html is served without a restart', async () => {
    const file = path.join(dist, 'index.html');
    fs.writeFileSync(file, '<!doctype html><div id="root" data-build="2"></div>');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const res = await t.call({ method: 'GET', url: '/portal/index' });
    expect(res.body).toContain('data-build="2"');
  });

  it('assets of a rebuild after the start are served too (the re-read index.html points at them)', async () => {
    expect((await t.call({ method: 'GET', url: '/assets/app-new456.js' })).statusCode).toBe(404);
    fs.writeFileSync(path.join(dist, 'assets', 'app-new456.js'), 'console.log(2)');
    const res = await t.call({ method: 'GET', url: '/assets/app-new456.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2)');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/assets/..%2Findex.html', '/assets/..%2F..%2Fpackage.json', '/assets/.hidden']) {
      expect((await t.call({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('hashed assets are served immutable; missing assets and files are 404, not index.html', async () => {
    const js = await t.call({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.call({ method: 'GET', url: '/assets/app-OLD.js' })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it('unknown API paths are a 404 envelope for GET as for POST', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.call({ method, url: '/api/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 404, result: '接口不存在' });
    }
    expect((await t.call({ method: 'GET', url: '/api/login' })).statusCode).toBe(404);
  });
});
