import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.ts';

/**
 * `WORKERS=N npm start` (issue 18): the primary process has run the migrations and the seeding once (main.ts);
 * here it forks N workers that serve the same port (node:cluster hands each accepted connection to one of
 * them), prints the address once all are listening, restarts a worker that dies, and on SIGTERM or SIGINT
 * passes SIGTERM to every worker, so each drains its requests in flight (main.ts shutdown), then exits 0 when
 * all exited cleanly (1 otherwise, or when they outlast SHUTDOWN_TIMEOUT_MS + 5 s and are killed).
 *
 * What the workers must agree on lives in PostgreSQL or Redis, not in a process: sessions (announced by
 * NOTIFY), captcha and nonces, rate limits, push leases, daily-job claims.
 */

/** A worker's message to the primary once its server listens. */
export interface ReadyMessage {
  type: 'aqzrx-ready';
  port: number;
  /** The line the primary prints when every worker is ready (scheme, port, database). */
  started: string;
}

export function isReadyMessage(m: unknown): m is ReadyMessage {
  return typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'aqzrx-ready';
}

/** Quick restarts of crashing workers wait longer: 1 s, doubling per crash within a minute, at most 30 s. */
function restartDelay(recentCrashes: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, recentCrashes - 1));
}

export function runPrimary(config: Config, workers: number, log: (msg: string) => void): void {
  let stopping = false;
  let announced = false;
  let failedExit = false;
  const ready = new Set<number>();
  const crashes: number[] = [];

  const fork = (): Worker => cluster.fork();
  cluster.on('message', (worker, message) => {
    if (!isReadyMessage(message)) return;
    ready.add(worker.id);
    if (!announced && ready.size >= workers) {
      announced = true;
      log(`${message.started}（工作进程 ${workers} 个，主进程 ${process.pid}）`);
    } else if (announced) {
      log(`工作进程 ${worker.process.pid} 已就绪`);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    ready.delete(worker.id);
    if (stopping) {
      if (code !== 0) failedExit = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failedExit ? 1 : 0);
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes.length && crashes[0]! < now - 60_000) crashes.shift();
    const delay = restartDelay(crashes.length);
    process.stderr.write(
      `工作进程 ${worker.process.pid} 意外退出（${signal ? `信号 ${signal}` : `退出码 ${code}`}），${Math.round(delay / 1000)} 秒后重启\n`,
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delay).unref();
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(
      `主进程收到 ${signal}：通知 ${Object.keys(cluster.workers ?? {}).length} 个工作进程停止（各自等待进行中的请求完成）`,
    );
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (alive.length === 0) process.exit(0);
    for (const w of alive) w.process.kill('SIGTERM');
    const timer = setTimeout(() => {
      process.stderr.write('工作进程停止超时，强制结束\n');
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + 5_000);
    timer.unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < workers; i++) fork();
}
