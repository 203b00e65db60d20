#!/usr/bin/env node
// Login page paint (issue 18): how long after navigation the login form is on screen, and how many requests
// the browser made by then, with the route chunks announced in index.html (modulepreload, the default) and
// without (the same build served from a copy without its manifest), in alternating rounds in one run, each
// in a fresh browser context with the CPU throttled ×BENCH_CPU (default 4) and the network at BENCH_RTT_MS
// (default 40 ms) round trip and BENCH_MBPS (default 20 Mbit/s) through the DevTools protocol.
//
//   node bench/login-paint.mjs            (after npm run build; BENCH_ROUNDS, default 8)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from './lib/browser.mjs';
import { percentile, root, startServer } from './lib/server.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const CPU = Number(process.env.BENCH_CPU ?? 4);
// A government office's line to the data centre: round trip and bandwidth (DevTools network emulation). On
// localhost a chain of lazy imports costs no waiting, which is not what users have.
const RTT_MS = Number(process.env.BENCH_RTT_MS ?? 40);
const MBPS = Number(process.env.BENCH_MBPS ?? 20);
const dist = path.join(root, 'apps/web/dist');
if (!fs.existsSync(path.join(dist, '.vite/manifest.json'))) {
  console.error('apps/web/dist has no build manifest: run npm run build first');
  process.exit(2);
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-bench-paint-'));
const bare = path.join(tmp, 'dist-without-manifest');
fs.cpSync(dist, bare, { recursive: true, filter: (src) => !src.includes(`${path.sep}.vite`) });

const variants = [
  { name: 'modulepreload', env: {} },
  { name: 'lazy chain only', env: { WEB_DIST: bare } },
];
for (const v of variants) {
  v.server = await startServer({ dataDir: fs.mkdtempSync(path.join(tmp, 'data-')), env: v.env });
  v.base = `http://127.0.0.1:${v.server.port}`;
  v.paint = [];
  v.requests = [];
}

const browser = await launchChromium();
try {
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const v of order) {
      const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: RTT_MS,
        downloadThroughput: (MBPS * 1_000_000) / 8,
        uploadThroughput: (MBPS * 1_000_000) / 8,
      });
      let requests = 0;
      page.on('request', () => {
        requests++;
      });
      await page.goto(`${v.base}/user/login`, { waitUntil: 'commit' });
      await page.getByPlaceholder('用户名').waitFor({ state: 'visible', timeout: 120_000 });
      const at = await page.evaluate(() => performance.now());
      v.requests.push(requests);
      // The first round warms the servers' file caches; it is not counted.
      if (round > 0) v.paint.push(at);
      await context.close();
    }
  }
} finally {
  await browser.close();
  for (const v of variants) v.server.child.kill('SIGTERM');
}

const load = os.loadavg()[0].toFixed(1);
console.log(
  `login form on screen (ms after navigation), CPU ×${CPU}, ${ROUNDS - 1} rounds, load average ${load}`,
);
for (const v of variants) {
  console.log(
    `${v.name.padEnd(16)} p50 ${Math.round(percentile(v.paint, 50))}  min ${Math.round(Math.min(...v.paint))}  max ${Math.round(Math.max(...v.paint))}  requests before the form ${percentile(v.requests, 50)}`,
  );
}
const ratio = percentile(variants[0].paint, 50) / percentile(variants[1].paint, 50);
console.log(`ratio modulepreload / lazy chain: ${ratio.toFixed(2)}`);
fs.rmSync(tmp, { recursive: true, force: true });
