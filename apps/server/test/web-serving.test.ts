import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD } from '../src/app.ts';
import { createTestContext, type TestContext } from './helpers.ts';

let t: TestContext;
let dist: string;
/** A bundle big enough to be worth compressing, written with its build-time .br and .gz copies. */
const BUNDLE = `${'export const label = "企业投保";\n'.repeat(400)}console.log(label);\n`;
const STYLE = `${'.aq-portal-tab { color: #1677ff; }\n'.repeat(200)}`;
function writePrecompressed(file: string, text: string): void {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>平台</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writePrecompressed(path.join(dist, 'assets', 'index-big123.js'), BUNDLE);
  writePrecompressed(path.join(dist, 'assets', 'index-big123.css'), STYLE);
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

  describe('compressed by Accept-Encoding', () => {
    const decode = (encoding: string | undefined, body: Buffer): string => {
      if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
      if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
      return body.toString('utf8');
    };

    it('JS and CSS go out as their brotli or gzip copy with the original type, caching and Vary', async () => {
      const cases: Array<[string, string, string]> = [
        ['/assets/index-big123.js', BUNDLE, 'application/javascript; charset=utf-8'],
        ['/assets/index-big123.css', STYLE, 'text/css; charset=utf-8'],
      ];
      for (const [url, text, type] of cases) {
        for (const [accept, expected] of [
          ['gzip, deflate, br, zstd', 'br'],
          ['br', 'br'],
          ['gzip, deflate', 'gzip'],
          ['br;q=0, gzip', 'gzip'],
        ] as const) {
          const res = await t.call({ method: 'GET', url, headers: { 'accept-encoding': accept } });
          expect(res.statusCode, `${url} ${accept}`).toBe(200);
          expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
          expect(res.headers['content-type']).toBe(type);
          expect(res.headers.vary).toMatch(/accept-encoding/i);
          expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
          expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
          expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(text) / 5);
          expect(decode(expected, res.rawPayload)).toBe(text);
        }
      }
    });

    it('a client that asks for no encoding gets the file itself, still with Vary', async () => {
      for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
        const res = await t.call({ method: 'GET', url: '/assets/index-big123.js', headers });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.body).toBe(BUNDLE);
      }
    });

    it('the compressed copies are not served under their own names', async () => {
      for (const url of ['/assets/index-big123.js.br', '/assets/index-big123.js.gz']) {
        expect((await t.call({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    });

    it('index.html of client routes is compressed too, not cached', async () => {
      const file = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
      for (const [accept, expected] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['', undefined],
      ] as const) {
        const res = await t.call({
          method: 'GET',
          url: '/portal/index',
          headers: { 'accept-encoding': accept },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(expected);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(decode(expected, res.rawPayload)).toBe(file);
      }
    });

    it('API JSON above the threshold is compressed; small answers are not', async () => {
      const token = await t.login('admin');
      const big = await t.call({
        method: 'POST',
        url: '/api/sys/user/searchUserList.json?pageNo=1&pageSize=50',
        token,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(big.statusCode).toBe(200);
      expect(big.headers['content-encoding']).toBe('br');
      expect(big.headers.vary).toMatch(/accept-encoding/i);
      expect(big.headers['cache-control']).toBe('no-store');
      const json = JSON.parse(decode('br', big.rawPayload)) as { data: { list: unknown[] } };
      expect(json.data.list.length).toBeGreaterThan(3);
      const plain = await t.call({
        method: 'POST',
        url: '/api/sys/user/searchUserList.json?pageNo=1&pageSize=50',
        token,
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(Buffer.byteLength(plain.body)).toBeGreaterThan(COMPRESS_THRESHOLD);
      expect(big.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body) / 2);

      const small = await t.call({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
      expect(small.statusCode).toBe(200);
      expect(Buffer.byteLength(small.body)).toBeLessThan(COMPRESS_THRESHOLD);
      expect(small.headers['content-encoding']).toBeUndefined();
    });
  });

  it('the login page and the portal announce their route chunks (modulepreload from the build manifest); other pages do not', async () => {
    fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': {
          file: 'assets/index-e1.js',
          imports: ['_shared-s1.js'],
          css: ['assets/index-e1.css'],
        },
        '_shared-s1.js': { file: 'assets/shared-s1.js' },
        '_form-f1.js': { file: 'assets/form-f1.js', imports: ['_shared-s1.js'] },
        'src/layouts/UserLayout.tsx': { file: 'assets/UserLayout-u1.js', imports: ['_shared-s1.js'] },
        'src/modules/auth/LoginPage.tsx': {
          file: 'assets/LoginPage-l1.js',
          imports: ['_form-f1.js'],
          css: ['assets/LoginPage-l1.css'],
        },
      }),
    );
    const file = path.join(dist, 'index.html');
    fs.writeFileSync(
      file,
      '<!doctype html><html><head><title>平台</title></head><body><div id="root"></div></body></html>',
    );
    fs.utimesSync(file, new Date(), new Date(Date.now() + 10_000));
    const login = await t.call({ method: 'GET', url: '/user/login?redirect=%2F' });
    expect(login.statusCode).toBe(200);
    const head = login.body.slice(0, login.body.indexOf('</head>'));
    for (const f of ['UserLayout-u1.js', 'LoginPage-l1.js', 'form-f1.js'])
      expect(head).toContain(`<link rel="modulepreload" crossorigin href="/assets/${f}">`);
    // (its stylesheet follows the HTML form in the body: see the next test)
    expect(login.body).toContain('<link rel="stylesheet" crossorigin href="/assets/LoginPage-l1.css">');
    // What the entry loads itself is not announced twice.
    expect(head).not.toContain('shared-s1.js');
    // The same page compressed carries the same tags.
    const br = await t.call({ method: 'GET', url: '/user/login', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('LoginPage-l1.js');
    const other = await t.call({ method: 'GET', url: '/QA/detail?id=3' });
    expect(other.body).toContain('<div id="root">');
    expect(other.body).not.toContain('modulepreload');
  });

  it('the login page carries its form as HTML (platform name and footer from the settings, escaped; no form element, no script); other pages do not', async () => {
    const file = path.join(dist, 'index.html');
    fs.writeFileSync(
      file,
      '<!doctype html><html><head><title>平台</title><link rel="stylesheet" crossorigin href="/assets/index-e1.css"></head><body><div id="root"></div></body></html>',
    );
    fs.utimesSync(file, new Date(), new Date(Date.now() + 20_000));
    const { settings } = t.app.deps;
    await settings.set(t.database.db, 'platformName', '宿迁<平台>&"测试"', null);
    await settings.set(
      t.database.db,
      'footer',
      { ...(await settings.get('footer')), icp: '苏ICP备12345678号' },
      null,
    );
    const login = await t.call({ method: 'GET', url: '/user/login?redirect=%2F' });
    expect(login.statusCode).toBe(200);
    const body = login.body.slice(login.body.indexOf('<body>'));
    // First in the body, before the app's root: painted as soon as the HTML arrives.
    expect(body.indexOf('id="aq-boot"')).toBeGreaterThan(0);
    expect(body.indexOf('id="aq-boot"')).toBeLessThan(body.indexOf('<div id="root">'));
    expect(body).toContain('placeholder="用户名"');
    expect(body).toContain('type="password" placeholder="密码"');
    expect(body).toContain('<h1>宿迁&lt;平台&gt;&amp;&quot;测试&quot;</h1>');
    expect(body).toContain('苏ICP备12345678号');
    const shell = body.slice(body.indexOf('id="aq-boot"'), body.indexOf('<div id="root">'));
    expect(shell).not.toMatch(/<form|<script|on[a-z]+=/i);
    // The puzzle's place is kept when the puzzle is on (it is off in tests).
    expect(shell).not.toContain('aqb-puzzle');
    expect(login.body.slice(0, login.body.indexOf('</head>'))).toContain('#aq-boot{position:fixed');
    // Stylesheets follow the HTML form in the body, so they do not hold back its first paint.
    expect(login.body.slice(0, login.body.indexOf('</head>'))).not.toContain('rel="stylesheet"');
    expect(body.indexOf('rel="stylesheet"')).toBeGreaterThan(body.indexOf('id="aq-boot"'));
    expect(body.indexOf('rel="stylesheet"')).toBeLessThan(body.indexOf('<div id="root">'));
    // Another page (the portal's login included) has no HTML form.
    for (const url of ['/portal/login', '/user/recover', '/']) {
      const other = await t.call({ method: 'GET', url });
      expect(other.body).toContain('<div id="root">');
      expect(other.body).not.toContain('aq-boot');
    }
    // A renamed platform is served at once (no restart, no rebuild).
    await settings.set(t.database.db, 'platformName', '宿迁市安责险平台', null);
    const renamed = await t.call({ method: 'GET', url: '/user/login' });
    expect(renamed.body).toContain('<h1>宿迁市安责险平台</h1>');
  });
});
