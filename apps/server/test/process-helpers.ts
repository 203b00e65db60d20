import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CaptchaChallenge } from '../src/platform/captcha/index.ts';
import { humanTrail, solveCaptcha, withImages } from './captcha-solver.ts';

/**
 * Repository root: the server is started from there as `node apps/server/bin/server.mjs`, the production
 * launcher (type stripping on Node 22.18+, tsx before).
 */
export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const MAIN = 'apps/server/bin/server.mjs';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Proc {
  child: ChildProcess;
  pid: number;
  stdout(): string;
  stderr(): string;
  /** Resolves once the process has exited and its output is drained. */
  exited: Promise<Exit>;
  /** Exit status once known. */
  exit: Exit | undefined;
}

export interface ServerProc extends Proc {
  port: number;
  base: string;
}

const running = new Set<Proc>();
const tempDirs: string[] = [];

/** Settings the outer environment must not leak into a spawned server. */
const SCRUBBED = [
  'DATABASE_URL',
  'ADMIN_PASSWORD',
  'SECURITY_ADMIN_PASSWORD',
  'AUDIT_ADMIN_PASSWORD',
  'SEED_DEMO',
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'TEST_WRITE_DELAY_MS',
  'WEB_DIST',
  'SHUTDOWN_TIMEOUT_MS',
  'WORKERS',
  'REDIS_URL',
  'REDIS_PREFIX',
  'STORAGE',
  'AV_SCAN',
  'CLAMD_URL',
  'BACKUP_COPY',
  'BACKUP_INTERVAL_MS',
];

export function serverEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of SCRUBBED) delete env[k];
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: '0',
    CAPTCHA: 'off',
    MFA: 'off',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_MAX: '1000',
    API_RATE_MAX: '100000',
    // One process per server (on PostgreSQL the default is one per CPU); tests of WORKERS set it.
    WORKERS: '1',
  });
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** Spawns `node apps/server/bin/server.mjs <args>` with the given settings. */
export function spawnMain(args: string[], env: Record<string, string | undefined>): Proc {
  return spawnProc(process.execPath, [MAIN, ...args], env);
}

/** Spawns `cmd args` from the repository root with the server's settings; its output is collected. */
export function spawnProc(cmd: string, argv: string[], env: Record<string, string | undefined>): Proc {
  const child = spawn(cmd, argv, {
    cwd: ROOT,
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    err += d;
  });
  const proc: Proc = {
    child,
    pid: child.pid ?? -1,
    stdout: () => out,
    stderr: () => err,
    exit: undefined,
    exited: new Promise<Exit>((resolve) => {
      child.once('close', (code, signal) => {
        proc.exit = { code, signal };
        running.delete(proc);
        resolve(proc.exit);
      });
    }),
  };
  running.add(proc);
  return proc;
}

/** Rejects after `ms` with `what` in the message (a function is read when the time is up). */
export function within<T>(p: Promise<T>, ms: number, what: string | (() => string)): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out after ${ms} ms: ${typeof what === 'function' ? what() : what}`)),
      ms,
    );
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

const STARTED = /已启动: https?:\/\/localhost:(\d+)/;

/**
 * Starts `serve` and resolves once it prints its address; rejects (with its output) if it exits first or
 * takes longer than `timeoutMs`. The default allows for a 2-core CI machine that also runs other suites: a
 * start (tsx transpiling, migrations) took over 30 s there and failed a PostgreSQL run.
 */
export async function startServer(
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
  proc: Proc = spawnMain(['serve'], env),
): Promise<ServerProc> {
  const port = await within(
    new Promise<number>((resolve, reject) => {
      const check = () => {
        const m = STARTED.exec(proc.stdout());
        if (m) {
          proc.child.stdout?.off('data', check);
          resolve(Number(m[1]));
        }
      };
      proc.child.stdout?.on('data', check);
      check();
      void proc.exited.then((e) =>
        reject(
          new Error(
            `server exited before starting (code ${e.code}, signal ${e.signal})\n${proc.stdout()}\n${proc.stderr()}`,
          ),
        ),
      );
    }),
    timeoutMs,
    () => `server start\n${proc.stdout()}\n${proc.stderr()}`,
  ).catch(async (err: unknown) => {
    await kill(proc);
    throw err;
  });
  return Object.assign(proc, { port, base: `http://127.0.0.1:${port}` });
}

/** Resolves once the process's stdout matches `pattern`. */
export function waitForOutput(proc: Proc, pattern: RegExp, timeoutMs: number): Promise<void> {
  return within(
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(proc.stdout())) {
          proc.child.stdout?.off('data', check);
          resolve();
        }
      };
      proc.child.stdout?.on('data', check);
      check();
      void proc.exited.then(() => reject(new Error(`exited while waiting for ${pattern}\n${proc.stderr()}`)));
    }),
    timeoutMs,
    `output ${pattern}`,
  );
}

/** Runs a one-shot command (backup, restore, seed, or a serve expected to fail) to completion. */
export async function runMain(
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 45_000,
): Promise<Exit & { stdout: string; stderr: string }> {
  const proc = spawnMain(args, env);
  const exit = await within(proc.exited, timeoutMs, `main.ts ${args.join(' ')}`).catch(
    async (err: unknown) => {
      await kill(proc);
      throw err;
    },
  );
  return { ...exit, stdout: proc.stdout(), stderr: proc.stderr() };
}

/** SIGKILLs the process if still running and waits for it to be gone. */
export async function kill(proc: Proc): Promise<void> {
  if (proc.exit) return;
  proc.child.kill('SIGKILL');
  await within(proc.exited, 10_000, `exit of pid ${proc.pid}`);
}

/** Kills every process spawned here that is still running (afterEach/afterAll). */
export async function killAll(): Promise<void> {
  await Promise.all([...running].map((p) => kill(p).catch(() => {})));
}

export function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `aqzrx-proc-${label}-`));
  tempDirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const d of tempDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

// ---------------------------------------------------------------------------------------------------
// HTTP

export interface ApiResponse<T = unknown> {
  status: number;
  body: { error: number; apiError: number; result: string; code?: string; data?: T };
  /** The Set-Cookie headers (the login's device cookie), as `name=value` with attributes. */
  setCookies: string[];
}

export async function call<T = unknown>(
  base: string,
  url: string,
  opts: { token?: string; body?: unknown; method?: string; cookie?: string } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) headers['x-token'] = opts.token;
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${url}`, {
    method: opts.method ?? 'POST',
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    // Bounded: a hung server fails the test with a message instead of a test timeout.
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let body: ApiResponse<T>['body'];
  try {
    body = JSON.parse(text) as ApiResponse<T>['body'];
  } catch {
    throw new Error(`${url}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
  }
  return { status: res.status, body, setCookies: res.headers.getSetCookie() };
}

/** Like call(), but insists on HTTP 200 / error 0 and returns `data`. */
export async function ok<T>(
  base: string,
  url: string,
  opts: { token?: string; body?: unknown; cookie?: string } = {},
): Promise<T> {
  const res = await call<T>(base, url, opts);
  if (res.status !== 200 || res.body.error !== 0) {
    throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.data as T;
}

/**
 * Passes the slide puzzle on a running server as a browser does: gets a challenge (which sets the device
 * cookie), loads its two images, finds the offset from them (captcha-solver) and drags there. Answers the
 * one-time pass for /api/login and the device cookie (`name=value`) to send with it. For servers that keep the
 * captcha on: production refuses CAPTCHA=off.
 */
export async function solvedCaptcha(base: string): Promise<{ captchaToken: string; cookie: string }> {
  const issued = await call<Omit<CaptchaChallenge, 'images'> & { background: string; piece: string }>(
    base,
    '/api/captcha/get',
  );
  if (issued.status !== 200) throw new Error(`/api/captcha/get: HTTP ${issued.status}`);
  const cookie = issued.setCookies.map((c) => c.split(';')[0]).join('; ');
  const ch = await withImages(issued.body.data!, async (url) => {
    const res = await fetch(`${base}${url}`, { signal: AbortSignal.timeout(20_000) });
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  });
  const x = solveCaptcha(ch);
  const { captchaToken } = await ok<{ captchaToken: string }>(base, '/api/captcha/check', {
    body: { id: ch.id, x, trail: humanTrail(x) },
    cookie,
  });
  return { captchaToken, cookie };
}

export interface LoginData {
  token: string;
  mustChangePassword: boolean;
}

export const DEMO_PASSWORD = 'Safe2026';

export function login(base: string, username: string, password = DEMO_PASSWORD): Promise<LoginData> {
  return ok<LoginData>(base, '/api/login', { body: { username, password } });
}

export interface Grant {
  resourceId: number;
  actions: string[];
}

interface ResNode {
  id: number;
  action: string;
  children: ResNode[];
}

/** `n` leaf resources of the full tree, each granted its first offered action. */
export async function pickGrants(base: string, token: string, n: number): Promise<Grant[]> {
  const tree = await ok<ResNode[]>(base, '/api/role/getResList', { token });
  const leaves: Grant[] = [];
  const walk = (nodes: ResNode[]) => {
    for (const node of nodes) {
      const first = node.action.split(',').filter(Boolean)[0];
      if (node.children.length === 0 && first) leaves.push({ resourceId: node.id, actions: [first] });
      walk(node.children);
    }
  };
  walk(tree);
  if (leaves.length < n) throw new Error(`only ${leaves.length} leaf resources with actions, need ${n}`);
  return leaves.slice(0, n);
}

export interface RoleRow {
  id: number;
  roleKey: string;
}

/** The live role with exactly this roleKey, or undefined. */
export async function findRole(base: string, token: string, roleKey: string): Promise<RoleRow | undefined> {
  const data = await ok<{ page: { list: RoleRow[] } }>(
    base,
    `/api/role/search?pageNo=1&pageSize=50&roleKey=${encodeURIComponent(roleKey)}`,
    { token },
  );
  return data.page.list.find((r) => r.roleKey === roleKey);
}

export async function grantsOf(base: string, token: string, roleId: number): Promise<Grant[]> {
  const data = await ok<{ grants: Grant[] }>(base, `/api/role/getResListByRoleId?roleId=${roleId}`, {
    token,
  });
  return data.grants;
}

export interface LogRow {
  path: string;
  outcome: string;
  params: string;
  targetId: string;
}

/** Operation-log rows of kind `add` for /api/role/add. */
export async function roleAddLogs(base: string, token: string): Promise<LogRow[]> {
  const data = await ok<{ list: LogRow[] }>(
    base,
    '/api/log/sysLogs/searchLogList.json?kind=add&pageNo=1&pageSize=100',
    {
      token,
    },
  );
  return data.list.filter((r) => r.path.startsWith('/api/role/add'));
}

/** Fires a request and never rejects: the outcome is a status or the network error. */
export function fire(
  base: string,
  url: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown } | { error: Error }> {
  return call(base, url, opts).then(
    (r) => ({ status: r.status, body: r.body }),
    (error: unknown) => ({ error: error instanceof Error ? error : new Error(String(error)) }),
  );
}
