/**
 * security.md R04 at full length: 60 s at 2,000 req/s from one IP while a second client works in parallel.
 * The real server (`node apps/server/bin/server.mjs serve`, one process, the default limits
 * IP_RATE_MAX 3000/min for anonymous traffic per IP and API_RATE_MAX 600/min per session) is flooded by a client
 * process of its own (test/load/flood-client.mjs, autocannon at a fixed rate): 1,000 req/s anonymous (the public
 * portal figures) and 1,000 req/s signed in as `insurer` (its policy list), together 2,000 req/s from 127.0.0.1.
 * Meanwhile `gov`, a colleague behind the same IP (bureau NAT), works at its own pace from this process.
 *
 * Asserted: the excess is answered 429 with `retry-after` (probed during the flood, and by the counts: what is
 * served stays within the limits of the windows the minute spans); no 5xx and no dropped connection for anyone;
 * the colleague is always served (200) with p95 < 500 ms; and the server's RSS (VmRSS of /proc/<pid>/status,
 * sampled every second) stays flat: the highest sample of the last 20 s is at most 50 MB above the highest of
 * the first 20 s (a leak of the 120,000 refused requests would grow it steadily). Between major collections V8
 * lets it rise about 1 MB/s under this load (each request's access-log row lives a second, in the batch, and is
 * promoted before it is freed); a 180 s run rose to 447 MB and fell back to 240 MB, so the bound is about that
 * rise over the 40 s between the two windows, with some room.
 *
 * A load test (vitest.load.config.ts): `npm test` runs it once, alone, after the server passes — on PostgreSQL
 * when TEST_DATABASE_URL is set (CI), else on the embedded database.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import {
  killAll,
  login,
  ROOT,
  removeTempDirs,
  sleep,
  startServer,
  tempDir,
  within,
} from '../process-helpers.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const SECONDS = 60;
const RATE = 2_000;
const IP_RATE_MAX = 3_000;
const API_RATE_MAX = 600;
/** RSS may grow by this much from the first 20 s to the last 20 s. */
const RSS_SLACK_KB = 50 * 1024;

let admin: pg.Client | undefined;
let database: string | undefined;
afterAll(async () => {
  await killAll();
  removeTempDirs();
  if (admin) {
    if (database) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
});

interface FloodResult {
  url: string;
  sent: number;
  total: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
}

function rssKb(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(m[1]);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Runs test/load/flood-client.mjs with the given targets: `started` resolves as its load begins, `done` with its
 * per-target results.
 */
function flood(targets: object[]): { started: Promise<void>; done: Promise<FloodResult[]> } {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/test/load/flood-client.mjs')], {
    cwd: ROOT,
    env: { ...process.env, FLOOD: JSON.stringify({ seconds: SECONDS, targets }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let onStart: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    onStart = resolve;
  });
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    out += d;
    if (out.startsWith('started\n')) onStart();
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    err += d;
  });
  const done = within(
    new Promise<FloodResult[]>((resolve, reject) => {
      child.once('close', (code) => {
        if (code === 0) resolve(JSON.parse(out.slice('started\n'.length)) as FloodResult[]);
        else reject(new Error(`flood client exited ${code}\n${out}\n${err}`));
      });
    }),
    (SECONDS + 90) * 1000,
    'flood client',
  ).catch((e: unknown) => {
    child.kill('SIGKILL');
    throw e;
  });
  return {
    started: within(Promise.race([started, done.then(() => {})]), 30_000, 'flood client start'),
    done,
  };
}

it('R04: 60 s at 2,000 req/s from one IP → 429 + retry-after for the excess; a colleague on the same IP is served (p95 < 500 ms, no 5xx); RSS stays flat', async () => {
  // On a scratch PostgreSQL database with TEST_DATABASE_URL (as CI runs it), else on the embedded database.
  let databaseUrl: Record<string, string> = {};
  if (PG_URL) {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    database = `aqzrx_flood_${randomBytes(5).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(PG_URL);
    url.pathname = `/${database}`;
    databaseUrl = { DATABASE_URL: url.toString() };
  }

  // The default request limits (process-helpers lifts API_RATE_MAX for the other tests).
  const srv = await startServer({
    ...databaseUrl,
    DATA_DIR: tempDir('flood'),
    API_RATE_MAX: String(API_RATE_MAX),
    IP_RATE_MAX: String(IP_RATE_MAX),
  });
  const insurer = (await login(srv.base, 'insurer')).token;
  const gov = (await login(srv.base, 'gov')).token;

  // Warm up what the flood and the colleague touch, so the first samples are not of cold code.
  for (let i = 0; i < 20; i++) {
    for (const [path, token] of [
      ['/api/sys/user/getUserInfo.json', gov],
      ['/api/policy/list?pageNo=1&pageSize=10', insurer],
    ] as const) {
      const res = await fetch(`${srv.base}${path}`, {
        method: 'POST',
        headers: { 'x-token': token, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
  }

  const running = flood([
    {
      url: `${srv.base}/api/public/portalStats`,
      method: 'GET',
      rate: RATE / 2,
      connections: 25,
    },
    {
      url: `${srv.base}/api/policy/list?pageNo=1&pageSize=10`,
      method: 'POST',
      headers: { 'x-token': insurer, 'content-type': 'application/json' },
      body: '{}',
      rate: RATE / 2,
      connections: 25,
    },
  ]);
  await running.started;
  const start = Date.now();
  const end = start + SECONDS * 1000;

  // The server's resident memory, every second.
  const rss: Array<{ s: number; kb: number }> = [];
  const sampler = (async () => {
    while (Date.now() < end) {
      rss.push({ s: (Date.now() - start) / 1000, kb: rssKb(srv.pid) });
      await sleep(1000);
    }
  })();

  // The colleague: its user info and a page of the policy list in turn, a request every 250 ms (240 a minute,
  // well within its own session's 600).
  const latencies: number[] = [];
  const colleagueStatuses: Record<number, number> = {};
  const colleague = (async () => {
    const paths = ['/api/sys/user/getUserInfo.json', '/api/policy/list?pageNo=1&pageSize=10'];
    for (let i = 0; Date.now() < end; i++) {
      const t0 = performance.now();
      const res = await fetch(`${srv.base}${paths[i % 2]}`, {
        method: 'POST',
        headers: { 'x-token': gov, 'content-type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      colleagueStatuses[res.status] = (colleagueStatuses[res.status] ?? 0) + 1;
      await sleep(250);
    }
  })();

  // The excess is refused with 429 and retry-after: probed every 2 s from 10 s on, anonymous and as the flooder.
  // (What is served is bounded by the counts below; how soon the flood uses up a window depends on how fast
  // the loaded machine delivers it, so a probe may still be served, or be served just after a window ends.)
  const probes: Array<{ who: string; t: number; status: number; retryAfter: number; code: unknown }> = [];
  const prober = (async () => {
    await sleep(10_000);
    while (Date.now() < end - 2_000) {
      for (const [who, token] of [
        ['anonymous', undefined],
        ['insurer', insurer],
      ] as const) {
        const t = Date.now();
        const res = await fetch(
          `${srv.base}${who === 'anonymous' ? '/api/public/portalStats' : '/api/policy/list?pageNo=1&pageSize=10'}`,
          {
            method: who === 'anonymous' ? 'GET' : 'POST',
            headers: token ? { 'x-token': token, 'content-type': 'application/json' } : {},
            ...(token ? { body: '{}' } : {}),
            signal: AbortSignal.timeout(10_000),
          },
        );
        const body = (await res.json()) as { code?: unknown };
        probes.push({
          who,
          t,
          status: res.status,
          retryAfter: Number(res.headers.get('retry-after')),
          code: body.code,
        });
      }
      await sleep(2_000);
    }
  })();

  const [results] = await Promise.all([running.done, sampler, colleague, prober]);
  const [anonymous, signedIn] = results as [FloodResult, FloodResult];

  // After the flood (informational): does the memory come back down?
  await sleep(5_000);
  const after = rssKb(srv.pid);
  const p95 = percentile(latencies, 95);
  const first = Math.max(...rss.filter((r) => r.s < 20).map((r) => r.kb));
  const last = Math.max(...rss.filter((r) => r.s >= SECONDS - 20).map((r) => r.kb));
  console.info(
    `R04 flood: ${JSON.stringify({ anonymous, signedIn })}\n` +
      `R04 colleague: ${latencies.length} requests ${JSON.stringify(colleagueStatuses)}, p50 ${Math.round(
        percentile(latencies, 50),
      )} ms, p95 ${Math.round(p95)} ms, max ${Math.round(Math.max(...latencies))} ms\n` +
      `R04 RSS: first 20 s max ${Math.round(first / 1024)} MB, last 20 s max ${Math.round(last / 1024)} MB, ` +
      `5 s after ${Math.round(after / 1024)} MB, ` +
      `samples ${rss.map((r) => Math.round(r.kb / 1024)).join(' ')}\n` +
      `R04 probes (s after the start: status/retry-after): ${probes
        .map(
          (p) =>
            `${p.who === 'anonymous' ? 'a' : 'i'}@${((p.t - start) / 1000).toFixed(1)}:${p.status}/${p.retryAfter}`,
        )
        .join(' ')}`,
  );

  // The load was really delivered: at least 75 % of 2,000 req/s for the minute were answered (one server
  // process on a shared 2-core machine answered about 1,650 req/s of this mix, the rest of the offered rate
  // waiting on the connections).
  expect(anonymous.total + signedIn.total).toBeGreaterThanOrEqual(RATE * SECONDS * 0.75);
  for (const r of [anonymous, signedIn]) {
    // Every answer is a 200 (within the limit) or a 429 (beyond it): no 5xx, no error, no dropped connection.
    expect(Object.keys(r.statuses).sort(), r.url).toEqual(['200', '429']);
    expect(r.errors, r.url).toBe(0);
    expect(r.timeouts, r.url).toBe(0);
  }
  // Served: what the limit admits in the (at most two) windows the minute spans, the rest refused.
  // (The public figures are also under the route limit, API_RATE_MAX per IP when anonymous, below the ceiling.)
  expect(anonymous.statuses[200]).toBeLessThanOrEqual(2 * Math.min(IP_RATE_MAX, API_RATE_MAX));
  expect(signedIn.statuses[200]).toBeLessThanOrEqual(2 * API_RATE_MAX);
  // The probes during the flood: mostly refused, each refusal the rate-limit answer with a retry-after within
  // the window; nothing else than 200 or 429.
  expect(probes.length).toBeGreaterThanOrEqual(2 * 16);
  for (const p of probes) {
    const what = JSON.stringify(p);
    expect([200, 429], what).toContain(p.status);
    if (p.status === 429) {
      expect(p.code, what).toBe('RATE_LIMITED');
      expect(p.retryAfter, what).toBeGreaterThanOrEqual(1);
      expect(p.retryAfter, what).toBeLessThanOrEqual(60);
    }
  }
  for (const who of ['anonymous', 'insurer']) {
    const mine = probes.filter((p) => p.who === who);
    expect(mine.filter((p) => p.status === 429).length, who).toBeGreaterThanOrEqual(mine.length * 0.75);
  }

  // The colleague behind the same IP: always served, p95 under 500 ms.
  expect(latencies.length).toBeGreaterThanOrEqual(100);
  expect(colleagueStatuses).toEqual({ 200: latencies.length });
  expect(p95).toBeLessThan(500);

  // RSS flat.
  expect(rss.length).toBeGreaterThanOrEqual(SECONDS - 5);
  expect(last).toBeLessThanOrEqual(first + RSS_SLACK_KB);
}, 300_000);
