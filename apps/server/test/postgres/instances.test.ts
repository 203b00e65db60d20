/**
 * Several instances and several worker processes on one PostgreSQL (issue 18): real server processes started
 * as in production (`node apps/server/bin/server.mjs serve`). What one instance starts, the other finishes or
 * refuses: a captcha, a sign-in lock, a disabled account, rate limits; the push worker and the daily job of both
 * do their work once. Then `WORKERS=2`: two worker processes on one port, a crashed one restarted, SIGTERM
 * drained by both.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CaptchaChallenge } from '../../src/platform/captcha/index.ts';
import { humanTrail, solveCaptcha, withImages } from '../captcha-solver.ts';
import { pgUrl } from '../global-setup.ts';
import {
  call,
  DEMO_PASSWORD,
  fire,
  killAll,
  login,
  ok,
  pickGrants,
  removeTempDirs,
  type ServerProc,
  sleep,
  startServer,
  tempDir,
  within,
} from '../process-helpers.ts';
import { roleBody, stop } from '../process-kill.ts';

const PG_URL = process.env.TEST_DATABASE_URL!;

let admin: pg.Client;
const databases: string[] = [];

/** A fresh copy of the migrated, seeded template database; returns its URL. */
async function cloneDatabase(): Promise<string> {
  const name = `${inject('testDbPrefix')}inst_${randomBytes(5).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
  databases.push(name);
  return pgUrl(PG_URL, name);
}

async function query<R extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
});
afterAll(async () => {
  await killAll();
  removeTempDirs();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** A request as from `ip` (the instances trust the loopback proxy), answering status and body. */
async function from(
  ip: string,
  base: string,
  url: string,
  method = 'GET',
  opts: { token?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = { 'x-forwarded-for': ip };
  if (opts.token) headers['x-token'] = opts.token;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return { status: res.status, body: text, json: () => JSON.parse(text) as { data: unknown } };
}

/** Password sign-in from `ip` with a puzzle solved there; answers the token. */
async function signInFrom(ip: string, base: string, username: string): Promise<string> {
  const ch = await withImages(
    (await from(ip, base, '/api/captcha/get', 'POST')).json().data as CaptchaChallenge,
    (url) => fetchBytes(`${base}${url}`),
  );
  const x = solveCaptcha(ch);
  const pass = await from(ip, base, '/api/captcha/check', 'POST', {
    body: { id: ch.id, x, trail: humanTrail(x) },
  });
  const captchaToken = (pass.json().data as { captchaToken: string }).captchaToken;
  const res = await from(ip, base, '/api/login', 'POST', {
    body: { username, password: DEMO_PASSWORD, captchaToken },
  });
  expect(res.status, res.body).toBe(200);
  return (res.json().data as { token: string }).token;
}

/** A request on a connection of its own (the cluster hands each new connection to a worker). */
function fresh(base: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { agent: false, headers: { connection: 'close' }, timeout: 20_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error(`${path}: no answer in 20 s`)));
    req.end();
  });
}

/** A captcha image's bytes (200 required). */
async function fetchBytes(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Solves a puzzle issued by `issuer` and checked at `checker`; answers the pass token. */
async function passPuzzle(issuer: string, checker: string, cookie = ''): Promise<string> {
  // Its images are served by the instance that checks it too: the store is shared.
  const ch = await withImages(await ok<CaptchaChallenge>(issuer, '/api/captcha/get', { cookie }), (url) =>
    fetchBytes(`${checker}${url}`),
  );
  const x = solveCaptcha(ch);
  const res = await ok<{ captchaToken: string }>(checker, '/api/captcha/check', {
    body: { id: ch.id, x, trail: humanTrail(x) },
    cookie,
  });
  return res.captchaToken;
}

/** Password sign-in with a puzzle solved at the same instance. */
function signIn(base: string, username: string, password = DEMO_PASSWORD, cookie = '') {
  return passPuzzle(base, base, cookie).then((captchaToken) =>
    call<{ token: string }>(base, '/api/login', { body: { username, password, captchaToken }, cookie }),
  );
}

describe('two instances on one PostgreSQL', () => {
  let url: string;
  let a: ServerProc;
  let b: ServerProc;
  let pushed: Map<number, number>;
  let receiver: Server;
  let receiverUrl: string;

  beforeAll(async () => {
    url = await cloneDatabase();
    // The subsystem stand-in counts deliveries per policy; it answers slowly, so the two instances' push runs
    // overlap in time (without the lease both would send the same batches).
    pushed = new Map();
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { items: Array<{ id: number }> };
        for (const item of body.items) pushed.set(item.id, (pushed.get(item.id) ?? 0) + 1);
        setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0}'), 300);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/push`;
    const env = {
      DATABASE_URL: url,
      CAPTCHA: 'on',
      TRUST_PROXY: '127.0.0.1',
      // A minute of session cache: the other instance must not serve an ended session from it.
      SESSION_CACHE_MS: '60000',
      PUSH_INTERVAL_MS: '1000',
      // The ceiling test's budget; the sign-ins of the other tests (anonymous until signed in) stay below it.
      IP_RATE_MAX: '120',
      // The daily job's "done" line is an info line; LOGIN_RATE_MAX stays high (the sign-ins here are many).
      LOG_LEVEL: 'info',
    };
    // Started together: both catch up with today's daily job at start, and one may run it.
    [a, b] = await Promise.all([
      startServer({ ...env, DATA_DIR: tempDir('inst-a') }),
      startServer({ ...env, DATA_DIR: tempDir('inst-b') }),
    ]);
  }, 300_000);
  afterAll(async () => {
    if (a && !a.exit) await stop(a);
    if (b && !b.exit) await stop(b);
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('a captcha issued by one is solved at the other once; its pass token signs in once, anywhere', async () => {
    const ch = await withImages(await ok<CaptchaChallenge>(a.base, '/api/captcha/get'), (url) =>
      fetchBytes(`${b.base}${url}`),
    );
    const x = solveCaptcha(ch);
    const body = { id: ch.id, x, trail: humanTrail(x) };
    const passed = await call<{ captchaToken: string }>(b.base, '/api/captcha/check', { body });
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    for (const base of [a.base, b.base]) {
      const again = await call(base, '/api/captcha/check', { body });
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('CAPTCHA_INVALID');
    }
    const captchaToken = passed.body.data!.captchaToken;
    const first = await call(a.base, '/api/login', {
      body: { username: 'ent', password: DEMO_PASSWORD, captchaToken },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const replay = await call(b.base, '/api/login', {
      body: { username: 'ent', password: DEMO_PASSWORD, captchaToken },
    });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('CAPTCHA_INVALID');
  });

  it('five wrong passwords spread over both lock the user out of both', async () => {
    // One browser: its device cookie goes to both instances (the client a lock is counted for).
    const issued = await call(a.base, '/api/captcha/get');
    const cookie = issued.setCookies.map((c) => c.split(';')[0]).join('; ');
    expect(cookie).toContain('aqzrx_did=');
    for (let i = 0; i < 5; i++) {
      const wrong = await signIn(i % 2 ? b.base : a.base, 'ent3', 'Wrong-Password-1', cookie);
      expect(wrong.status, JSON.stringify(wrong.body)).toBe(401);
    }
    for (const base of [a.base, b.base]) {
      const locked = await signIn(base, 'ent3', DEMO_PASSWORD, cookie);
      expect(locked.status).toBe(403);
      expect(locked.body.code).toBe('ACCOUNT_LOCKED');
    }
  });

  it('a user disabled through one is refused by the other on its next request', async () => {
    const signedIn = await signIn(b.base, 'ent2');
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.data!.token;
    const info = async () => (await call(b.base, '/api/sys/user/getUserInfo.json', { token })).status;
    expect(await info()).toBe(200);
    expect(await info()).toBe(200); // now in B's session cache
    const adminToken = (await signIn(a.base, 'admin')).body.data!.token;
    const [row] = await query<{ id: number }>(url, "SELECT id FROM sys_user WHERE username = 'ent2'");
    const disabled = await call(a.base, `/api/sys/admin/updateByStatus.json?id=${row!.id}&status=2`, {
      token: adminToken,
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    // A's announcement reaches B within milliseconds of the commit (polled, far below the cache's minute).
    const until = Date.now() + 5_000;
    let status = await info();
    while (status === 200 && Date.now() < until) {
      await sleep(50);
      status = await info();
    }
    expect(status).toBe(401);
    expect((await signIn(b.base, 'ent2')).status).toBe(403);
  });

  it('a route’s limit is counted over both: 30 puzzles a minute per IP, wherever they are asked for', async () => {
    const ip = '10.18.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 32; i++)
      codes.push((await from(ip, i % 2 ? b.base : a.base, '/api/captcha/get', 'POST')).status);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes.slice(30)).toEqual([429, 429]);
  });

  it('the per-IP ceiling is shared: what one instance served counts at the other within two sync intervals', async () => {
    const ip = '10.18.0.2';
    for (let i = 0; i < 100; i++) expect((await from(ip, a.base, '/api/health')).status).toBe(200);
    // A shares its counts every RATE_SYNC_MS (1 s); B learns the total with its own first sync.
    await sleep(1_500);
    let served = 0;
    for (let i = 0; i < 40; i++) {
      const r = await from(ip, b.base, '/api/health');
      if (r.status === 200) served++;
      else expect(r.status).toBe(429);
      await sleep(60);
    }
    // 120 over both: 20 left for B (alone it would have served all 40).
    expect(served).toBe(20);
  });

  it('past the ceiling, a colleague who signed in at one instance keeps working at the other; a made-up token does not', async () => {
    const ip = '10.18.0.3';
    const token = await signInFrom(ip, a.base, 'service');
    expect(
      (await from(ip, a.base, '/api/sys/user/getUserInfo.json', 'POST', { token, body: {} })).status,
    ).toBe(200);
    // Anonymous traffic of the same IP at A until the ceiling refuses it.
    let refused = false;
    for (let i = 0; i < 130 && !refused; i++)
      refused = (await from(ip, a.base, '/api/health')).status === 429;
    expect(refused).toBe(true);
    // B hears of the IP within two syncs of its first request from it (A sends its counts within one), and of the
    // credential from the shared store.
    expect((await from(ip, b.base, '/api/health')).status).toBe(200);
    await sleep(2_500);
    expect((await from(ip, b.base, '/api/health')).status).toBe(429);
    const madeUp = await from(ip, b.base, '/api/sys/user/getUserInfo.json', 'POST', {
      token: 'M'.repeat(43),
      body: {},
    });
    expect(madeUp.status).toBe(429);
    const colleague = await from(ip, b.base, '/api/sys/user/getUserInfo.json', 'POST', { token, body: {} });
    expect(colleague.status, colleague.body).toBe(200);
  });

  it('both instances run the push worker; each pushed policy is delivered once', async () => {
    const adminToken = (await signIn(a.base, 'admin')).body.data!.token;
    const [svc] = await query<{ id: number }>(
      url,
      `INSERT INTO sys_user (username, nickname, password_hash, password_changed_at, role_id, org_id, district_codes,
         created_at, updated_at)
       SELECT 'svc_twin', '双实例推送服务账号', 'not-a-login-account', now(), r.id, u.org_id, '', now(), now()
       FROM sys_role r, sys_user u WHERE r.role_key = 'ROLE_INSURANCE' AND u.username = 'insurer'
       RETURNING id`,
    );
    const added = await ok<{ id: number }>(a.base, '/api/subsystem/add', {
      token: adminToken,
      body: {
        name: '双实例推送测试',
        code: 'twin',
        url: 'https://twin.example.gov.cn/',
        serviceUserId: svc!.id,
      },
    });
    await ok(a.base, `/api/subsystem/credentials/generate?id=${added.id}`, { token: adminToken });
    await ok(b.base, '/api/subsystem/push/save', {
      token: adminToken,
      body: { subsystemId: added.id, version: 0, pushUrl: receiverUrl, enabled: true, dataKinds: ['policy'] },
    });
    const [{ n: expected } = { n: 0 }] = await query<{ n: number }>(
      url,
      `SELECT count(*)::int AS n FROM ins_policy p
       WHERE p.status IN ('approved', 'cancelled')
         AND p.id IN (SELECT policy_id FROM ins_policy_coinsurer c JOIN sys_user u ON u.org_id = c.insurer_id
                      WHERE u.username = 'insurer')`,
    );
    expect(expected).toBeGreaterThan(100); // more than one batch
    const until = Date.now() + 90_000;
    while (pushed.size < expected && Date.now() < until) await sleep(200);
    // A little longer: a duplicate sent by the other instance would arrive now.
    await sleep(3_000);
    expect(pushed.size).toBe(expected);
    expect([...pushed.values()].filter((n) => n !== 1)).toEqual([]);
    const logs = await query<{ n: number }>(
      url,
      "SELECT count(*)::int AS n FROM sys_push_log WHERE target_system = 'twin' AND status = 'success'",
    );
    expect(logs[0]?.n).toBe(Math.ceil(expected / 100));
  }, 120_000);

  it('the daily job ran once, on one of the two', async () => {
    const done = () =>
      [a, b].map(
        (s) =>
          s
            .stdout()
            .split('\n')
            .filter((l) => l.includes('daily insurance job done')).length,
      );
    const until = Date.now() + 120_000;
    while (done()[0]! + done()[1]! === 0 && Date.now() < until) await sleep(500);
    await sleep(2_000);
    expect(done()[0]! + done()[1]!).toBe(1);
    const [claim] = await query<{ value: { slot: string } }>(
      url,
      "SELECT value FROM sys_setting WHERE key = 'job.dailyInsurance.claim'",
    );
    expect(claim?.value.slot).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }, 150_000);
});

/** Pids of the processes whose parent is `ppid` (Linux /proc). */
function childrenOf(ppid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces, so read after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === ppid) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out.sort((x, y) => x - y);
}

/** Pids that logged an incoming request for `path` (pino writes the pid into every line). */
function servedBy(srv: ServerProc, path: string): Set<number> {
  const pids = new Set<number>();
  for (const line of srv.stdout().split('\n')) {
    if (!line.includes('"msg":"incoming request"') || !line.includes(`"url":"${path}`)) continue;
    const m = /"pid":(\d+)/.exec(line);
    if (m) pids.add(Number(m[1]));
  }
  return pids;
}

describe('WORKERS=2', () => {
  it('two worker processes serve one port; a crashed one is restarted; SIGTERM drains both', async () => {
    // On a loaded machine a step can be slow; the timeout names the one that was under way.
    let at = '';
    let current: ServerProc | undefined;
    const step = (name: string) => {
      at = name;
    };
    const run = async () => {
      step('start');
      const url = await cloneDatabase();
      const srv = await startServer({
        DATABASE_URL: url,
        DATA_DIR: tempDir('workers'),
        WORKERS: '2',
        LOG_LEVEL: 'info',
        // Each role save sleeps between its rows: requests in flight while SIGTERM arrives.
        TEST_WRITE_DELAY_MS: '200',
      });
      current = srv;
      expect(srv.stdout()).toMatch(/已启动: http:\/\/localhost:\d+ （数据库: postgres）（工作进程 2 个/);
      // Migrations and seeding ran once, in the primary, before the workers started.
      let workers = childrenOf(srv.pid);
      expect(workers).toHaveLength(2);

      step('both serve');
      // New connections go to both workers.
      for (let i = 0; i < 8; i++) expect(await fresh(srv.base, '/api/health')).toBe(200);
      expect([...servedBy(srv, '/api/health')].sort((x, y) => x - y)).toEqual(workers);

      step('restart');
      // A worker that dies is replaced; the port keeps answering meanwhile.
      process.kill(workers[0]!, 'SIGKILL');
      await sleep(300);
      expect(await fresh(srv.base, '/api/health')).toBe(200);
      await within(
        (async () => {
          while (!/工作进程 \d+ 已就绪/.test(srv.stdout())) await sleep(100);
        })(),
        60_000,
        () => `worker restart\n${srv.stderr()}`,
      );
      expect(srv.stderr()).toMatch(new RegExp(`工作进程 ${workers[0]} 意外退出（信号 SIGKILL）`));
      const restarted = childrenOf(srv.pid);
      expect(restarted).toHaveLength(2);
      expect(restarted).not.toContain(workers[0]);
      workers = restarted;

      step('drain');
      // Slow writes on fresh connections until both workers have one in flight, then SIGTERM to the primary.
      const adminToken = (await login(srv.base, 'admin')).token;
      const grants = await pickGrants(srv.base, adminToken, 10);
      const pending: Array<ReturnType<typeof fire>> = [];
      for (let i = 0; i < 6 && servedBy(srv, '/api/role/add').size < 2; i++) {
        pending.push(
          fire(srv.base, '/api/role/add', {
            token: adminToken,
            body: roleBody(`ROLE_DRAIN${i}`, `停止排空${i}`, grants),
          }),
        );
        await sleep(300);
      }
      expect([...servedBy(srv, '/api/role/add')].sort((x, y) => x - y)).toEqual(workers);
      step('SIGTERM');
      srv.child.kill('SIGTERM');
      const outcomes = await within(Promise.all(pending), 30_000, 'requests in flight at SIGTERM');
      for (const o of outcomes) expect('status' in o ? o.status : o.error.message).toBe(200);
      const exit = await within(srv.exited, 30_000, 'primary exit after SIGTERM');
      expect(exit, srv.stdout() + srv.stderr()).toEqual({ code: 0, signal: null });
      // Each worker drained: both logged their stop, and the roles they saved are all there.
      const stopping = srv
        .stdout()
        .split('\n')
        .filter((l) => l.includes('正在停止服务'))
        .map((l) => Number(/"pid":(\d+)/.exec(l)?.[1]));
      expect([...new Set(stopping)].sort((x, y) => x - y)).toEqual(workers);
      const roles = await query<{ n: number }>(
        url,
        "SELECT count(*)::int AS n FROM sys_role WHERE role_key LIKE 'ROLE_DRAIN%' AND deleted_at IS NULL",
      );
      expect(roles[0]?.n).toBe(pending.length);
      expect(childrenOf(srv.pid)).toEqual([]);
    };
    await within(
      run(),
      560_000,
      () => `WORKERS=2 test, step ${at}\n${current?.stdout().slice(-4000)}\n${current?.stderr()}`,
    );
  }, 600_000);

  it('the embedded database stays one process and says so', async () => {
    // No demo data: the start is the point, not the seeding.
    const srv = await startServer({
      DATA_DIR: tempDir('pglite-workers'),
      WORKERS: '4',
      SEED_DEMO: 'off',
      ADMIN_PASSWORD: 'Solo-Process-Check-2026!',
    });
    expect(srv.stdout()).toContain(
      '嵌入式数据库（PGlite）只能由一个进程使用：WORKERS=4 未生效，以单进程运行',
    );
    expect(srv.stdout()).not.toContain('工作进程');
    expect(childrenOf(srv.pid)).toEqual([]);
    await stop(srv);
  }, 300_000);
});
