import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { WX_TEST_APP_ID, WX_TEST_SECRET } from '../apps/server/test/wechat-standin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per test worker: worker n (VITEST_POOL_ID) uses baseURLs[n - 1]. */
    baseURLs: string[];
    /**
     * Per server, the port its WeChat QR login points at: a local stand-in that e2e/wechat.e2e.test.ts starts
     * there (the worker's own server's port, same index as baseURLs).
     */
    wechatStandInPorts: number[];
  }
}

/**
 * How many servers (and test workers) the browser suite runs with; default 1: the files run one after
 * another against a single server. With E2E_SERVERS=2, each worker gets its own server (own data
 * directory and demo data, so files that change shared accounts never meet a file of the other worker)
 * and one worker's waits overlap the other's work; kept opt-in until two workers are shown not to time
 * out on a 2-core machine.
 */
export const E2E_SERVERS = process.env.E2E_BASE_URL
  ? 1
  : Math.max(1, Number(process.env.E2E_SERVERS ?? 1) || 1);

const repoRoot = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** One server on a random port with a temporary data directory; resolves once it answers /api/health. */
async function startServer(): Promise<{ baseURL: string; wxPort: number; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-e2e-'));
  const port = await freePort();
  // The server's WeChat QR login points at a local stand-in that e2e/wechat.e2e.test.ts starts on this port.
  const wxPort = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['apps/server/bin/server.mjs', 'serve'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CAPTCHA: 'off',
      MFA: 'off',
      LOGIN_RATE_MAX: '10000',
      API_RATE_MAX: '100000',
      LOG_LEVEL: 'warn',
      WX_APP_ID: WX_TEST_APP_ID,
      WX_APP_SECRET: WX_TEST_SECRET,
      WX_CALLBACK_URL: `http://127.0.0.1:${port}/user/loginByQRCode`,
      WX_OPEN_BASE_URL: `http://127.0.0.1:${wxPort}`,
      WX_API_BASE_URL: `http://127.0.0.1:${wxPort}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (b: Buffer) => output.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => output.push(b.toString()));
  const cleanup = async () => {
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    // Migrating and seeding the demo data takes ~20 s on an idle 2-core machine, over a minute under load
    // (two servers seed at once).
    await waitForHealth(baseURL, child, 300_000);
  } catch (e) {
    await cleanup();
    throw new Error(`${(e as Error).message}\n--- server output ---\n${output.join('')}`);
  }
  return { baseURL, wxPort, stop: cleanup };
}

/**
 * Builds the web app if needed, starts E2E_SERVERS servers (one per test worker). With E2E_BASE_URL set,
 * the tests use that already running server instead (it must run with CAPTCHA=off MFA=off on fresh demo data, and
 * serve the current build; run with E2E_SERVERS=1).
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('baseURLs', [external.replace(/\/$/, '')]);
    // Its WX_* settings must point at a stand-in on this port (wechat.e2e.test.ts starts it).
    project.provide('wechatStandInPorts', [Number(process.env.E2E_WX_PORT ?? 0)]);
    return async () => undefined;
  }
  // Test the production bundle: vitest sets NODE_ENV=test, which would make React/antd build in test mode
  // (antd then names every radio group "test-id", so separate groups uncheck each other).
  const build = spawnSync(process.execPath, [path.join(repoRoot, 'apps/web/scripts/build-if-needed.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('web build failed');

  const started = await Promise.allSettled(Array.from({ length: E2E_SERVERS }, () => startServer()));
  const servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failure = started.find((r) => r.status === 'rejected');
  if (failure) {
    await Promise.all(servers.map((srv) => srv.stop()));
    throw failure.reason;
  }
  project.provide(
    'baseURLs',
    servers.map((srv) => srv.baseURL),
  );
  project.provide(
    'wechatStandInPorts',
    servers.map((srv) => srv.wxPort),
  );
  return async () => {
    await Promise.all(servers.map((srv) => srv.stop()));
  };
}
