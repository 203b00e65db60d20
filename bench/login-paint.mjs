#!/usr/bin/env node
// Login page paint (issue 18): how long after navigation the login form is on screen (its password field
// visible), how many requests and how many bytes on the wire the browser had received by then, and — for ours
// — when the app's own form has taken over (the HTML form of platform/login-shell.ts paints first). Alternating
// rounds in one run, each in a fresh browser context, CPU throttled ×BENCH_CPU (default 4), network at
// BENCH_RTT_MS round trip (default 40 ms; 0 = no emulation) and BENCH_MBPS (default 20 Mbit/s) through the
// DevTools protocol.
//
//   node bench/login-paint.mjs                         (after npm run build; BENCH_ROUNDS, default 8)
//   BENCH_REFERENCE_DIST=/path/to/dist node bench/login-paint.mjs
//
// Without a reference the second variant is our build without its manifest (no modulepreload, the lazy chain
// only). With BENCH_REFERENCE_DIST (another app's production build, e.g. ant-design-pro's `max build` output,
// built outside this repository) that build is the second variant, served by a plain static server with the
// same brotli copies our build has (made here), every unknown path answering its index.html.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchChromium } from './lib/browser.mjs';
import { percentile, root, startServer } from './lib/server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const CPU = Number(process.env.BENCH_CPU ?? 4);
// A government office's line to the data centre: round trip and bandwidth (DevTools network emulation). On
// localhost a chain of lazy imports costs no waiting, which is not what users have.
const RTT_MS = Number(process.env.BENCH_RTT_MS ?? 40);
const MBPS = Number(process.env.BENCH_MBPS ?? 20);
const REFERENCE = process.env.BENCH_REFERENCE_DIST;
const dist = path.join(root, 'apps/web/dist');
if (!fs.existsSync(path.join(dist, '.vite/manifest.json'))) {
  console.error('apps/web/dist has no build manifest: run npm run build first');
  process.exit(2);
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-bench-paint-'));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** A plain static server for another app's build: files (brotli copy when asked), index.html for the rest. */
function serveStatic(dir) {
  for (const f of fs.readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, String(f));
    if (/\.(html|js|css|json|svg)$/.test(file) && fs.statSync(file).isFile() && !fs.existsSync(`${file}.br`))
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(fs.readFileSync(file)));
  }
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent((req.url ?? '/').split('?')[0]);
    let file = path.join(dir, pathname);
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile())
      file = path.join(dir, 'index.html');
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const br = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? '')) && fs.existsSync(`${file}.br`);
    res.writeHead(200, {
      'content-type': type,
      'cache-control': 'no-cache',
      ...(br ? { 'content-encoding': 'br' } : {}),
    });
    res.end(fs.readFileSync(br ? `${file}.br` : file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const variants = [];
{
  const ours = await startServer({ dataDir: fs.mkdtempSync(path.join(tmp, 'data-')) });
  variants.push({
    name: 'ours',
    base: `http://127.0.0.1:${ours.port}`,
    stop: () => ours.child.kill('SIGTERM'),
    appForm: '.ant-input-password input[type="password"]',
  });
}
if (REFERENCE) {
  const copy = path.join(tmp, 'reference');
  fs.cpSync(REFERENCE, copy, { recursive: true });
  const server = await serveStatic(copy);
  variants.push({
    name: 'reference',
    base: `http://127.0.0.1:${server.address().port}`,
    stop: () => server.close(),
    appForm: null,
  });
} else {
  const bare = path.join(tmp, 'dist-without-manifest');
  fs.cpSync(dist, bare, { recursive: true, filter: (src) => !src.includes(`${path.sep}.vite`) });
  const s = await startServer({ dataDir: fs.mkdtempSync(path.join(tmp, 'data-')), env: { WEB_DIST: bare } });
  variants.push({
    name: 'lazy chain only',
    base: `http://127.0.0.1:${s.port}`,
    stop: () => s.child.kill('SIGTERM'),
    appForm: '.ant-input-password input[type="password"]',
  });
}
for (const v of variants) Object.assign(v, { paint: [], app: [], requests: [], bytes: [] });

const browser = await launchChromium();
try {
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const v of order) {
      const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
      // Nothing leaves the machine (the reference's index.html loads an analytics script from the internet).
      await context.route(
        (url) => url.hostname !== '127.0.0.1',
        (route) => route.abort(),
      );
      // The frame in which each form is first drawn: a check before every frame (a frame can only be drawn
      // between tasks, so a page busy running scripts shows the form no earlier than this records).
      await context.addInitScript((appForm) => {
        const shown = (sel) => {
          const el = document.querySelector(sel);
          if (!el) return false;
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
        };
        const check = () => {
          const w = window;
          if (w.__formAt === undefined && shown('input[type="password"]')) w.__formAt = performance.now();
          if (w.__appAt === undefined && (appForm ? shown(appForm) : w.__formAt !== undefined))
            w.__appAt = performance.now();
          if (w.__appAt === undefined || w.__formAt === undefined) requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }, v.appForm);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
      await cdp.send('Network.enable');
      if (RTT_MS > 0)
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: RTT_MS,
          downloadThroughput: (MBPS * 1_000_000) / 8,
          uploadThroughput: (MBPS * 1_000_000) / 8,
        });
      await page.goto(`${v.base}/user/login`, { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__formAt !== undefined, null, {
        timeout: 120_000,
        polling: 50,
      });
      const at = await page.evaluate(() => window.__formAt);
      await page.waitForFunction(() => window.__appAt !== undefined, null, { timeout: 120_000, polling: 50 });
      const appAt = await page.evaluate(() => window.__appAt);
      // Up to the form's frame (resource timing, page clock): requests started, bytes on the wire received.
      const { requests, bytes } = await page.evaluate((t) => {
        const nav = performance.getEntriesByType('navigation')[0];
        const res = performance.getEntriesByType('resource');
        return {
          requests: 1 + res.filter((e) => e.startTime <= t).length,
          bytes:
            (nav?.transferSize ?? 0) +
            res.filter((e) => e.responseEnd <= t).reduce((n, e) => n + e.transferSize, 0),
        };
      }, at);
      // The first round warms the servers' file caches; it is not counted.
      if (round > 0) {
        v.paint.push(at);
        v.app.push(appAt);
        v.requests.push(requests);
        v.bytes.push(bytes);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  for (const v of variants) v.stop();
}

const load = os.loadavg()[0].toFixed(1);
console.log(
  `login form on screen (ms after navigation), CPU ×${CPU}, RTT ${RTT_MS} ms, ${MBPS} Mbit/s, ${ROUNDS - 1} rounds, load average ${load}`,
);
for (const v of variants) {
  const kb = (percentile(v.bytes, 50) / 1024).toFixed(1);
  const app = v.appForm ? `  app's form p50 ${Math.round(percentile(v.app, 50))}` : '';
  console.log(
    `${v.name.padEnd(16)} form p50 ${Math.round(percentile(v.paint, 50))}  min ${Math.round(Math.min(...v.paint))}  max ${Math.round(Math.max(...v.paint))}${app}  requests by the form ${percentile(v.requests, 50)}  received by then ${kb} KB`,
  );
}
const [a, b] = variants;
console.log(
  `ratio form ${a.name} / ${b.name}: ${(percentile(a.paint, 50) / percentile(b.paint, 50)).toFixed(2)}`,
);
console.log(
  `ratio app's form ${a.name} / ${b.name}: ${(percentile(a.app, 50) / percentile(b.app, 50)).toFixed(2)}`,
);
fs.rmSync(tmp, { recursive: true, force: true });
