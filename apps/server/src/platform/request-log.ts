import { LOG_RETENTION_DAYS } from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import { type Insertable, sql } from 'kysely';
import { isDbUnavailableError } from '../db/database.ts';
import type { SysRequestLogTable } from '../db/schema.ts';
import type { Db } from './context.ts';
import { declareLogPurge, purgeOperLogs } from './log-chain.ts';

/**
 * Access log of every /api request in sys_request_log (security.md L01/L04): method, path without
 * the query string (query values and headers, hence tokens, are never stored), status, duration, user,
 * IP and request id. Rows are buffered in memory and written in batches (every second or every 200
 * rows, and on close), so logging never delays a response. A purge job deletes request logs older
 * than the retention period at start and every 24 h; operation logs only when OPER_LOG_RETENTION_DAYS is set
 * (platform/log-chain.ts purgeOperLogs keeps their chain verifiable).
 */
export interface RequestLogOptions {
  flushIntervalMs?: number;
  batchSize?: number;
  /** Rows kept while the database is unreachable; beyond this the oldest are dropped. */
  maxBuffered?: number;
  purgeIntervalMs?: number;
  retentionDays?: number;
  /** Days operation logs are kept (OPER_LOG_RETENTION_DAYS); 0 = for good, the purge leaves them. */
  operRetentionDays?: number;
}

export interface RequestLogger {
  /** Writes everything buffered so far. */
  flush(): Promise<void>;
  /** Deletes request logs (and operation logs, when a retention is set for them) older than the retention period; returns the number deleted. */
  purge(): Promise<number>;
  buffered(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    requestLog: RequestLogger;
  }
}

type Row = Insertable<SysRequestLogTable>;

const DAY_MS = 86_400_000;

/**
 * One batch as one INSERT … SELECT FROM unnest(eight arrays): the same statement text and eight
 * parameters whatever the batch size (one prepared statement, instead of a statement of 8 × N
 * parameters built and planned per size).
 */
async function insertBatch(db: Db, batch: Row[]): Promise<void> {
  const col = <K extends keyof Row>(k: K) => batch.map((r) => r[k] ?? null);
  await sql`INSERT INTO sys_request_log (created_at, method, path, status, duration_ms, user_id, ip, request_id)
    SELECT * FROM unnest(${col('createdAt')}::timestamptz[], ${col('method')}::varchar[], ${col('path')}::varchar[],
      ${col('status')}::smallint[], ${col('durationMs')}::integer[], ${col('userId')}::integer[],
      ${col('ip')}::varchar[], ${col('requestId')}::varchar[])`.execute(db);
}
const PURGE_CHUNK = 10_000;

/**
 * Deletes request logs created before now − retentionDays, in chunks so a large backlog does not hold
 * one long transaction. The retention can only be lengthened, never shortened below 180 days.
 */
export async function purgeRequestLogs(
  db: Db,
  now: Date,
  retentionDays: number = LOG_RETENTION_DAYS,
): Promise<number> {
  const days = Math.max(retentionDays, LOG_RETENTION_DAYS);
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  let total = 0;
  for (;;) {
    // The log tables refuse deletes except the declared retention purge's (migration 0031).
    const res = await db.transaction().execute(async (trx) => {
      await declareLogPurge(trx);
      return trx
        .deleteFrom('sysRequestLog')
        .where('id', 'in', (eb) =>
          eb.selectFrom('sysRequestLog').select('id').where('createdAt', '<', cutoff).limit(PURGE_CHUNK),
        )
        .executeTakeFirst();
    });
    const n = Number(res.numDeletedRows);
    total += n;
    if (n < PURGE_CHUNK) return total;
  }
}

export function registerRequestLog(app: FastifyInstance, opts: RequestLogOptions = {}): RequestLogger {
  const { clock } = app.deps;
  const flushIntervalMs = opts.flushIntervalMs ?? 1000;
  const batchSize = opts.batchSize ?? 200;
  const maxBuffered = opts.maxBuffered ?? 10_000;
  const purgeIntervalMs = opts.purgeIntervalMs ?? DAY_MS;
  const retentionDays = opts.retentionDays ?? LOG_RETENTION_DAYS;
  const operRetentionDays = opts.operRetentionDays ?? 0;

  let buffer: Row[] = [];
  let dropped = 0;
  // Flushes run one after another; a flush requested while one runs waits for it.
  let chain: Promise<void> = Promise.resolve();
  let flushTimer: NodeJS.Timeout | undefined;
  let purgeTimer: NodeJS.Timeout | undefined;
  let purging: Promise<unknown> = Promise.resolve();

  async function writeBuffered(): Promise<void> {
    while (buffer.length > 0) {
      const batch = buffer.slice(0, batchSize);
      buffer = buffer.slice(batch.length);
      try {
        await insertBatch(app.db, batch);
      } catch (err) {
        if (isDbUnavailableError(err)) {
          // Keep the rows for the next attempt, bounded.
          buffer = [...batch, ...buffer];
          if (buffer.length > maxBuffered) {
            dropped += buffer.length - maxBuffered;
            buffer = buffer.slice(buffer.length - maxBuffered);
          }
          app.log.warn(
            { buffered: buffer.length, dropped },
            'request log write deferred: database unavailable',
          );
          return;
        }
        dropped += batch.length;
        app.log.error({ err, dropped }, 'request log write failed; batch dropped');
      }
    }
  }

  function flush(): Promise<void> {
    chain = chain.then(writeBuffered, writeBuffered);
    return chain;
  }

  async function purge(): Promise<number> {
    const now = clock.now();
    const p = purgeRequestLogs(app.db, now, retentionDays).then(async (n) =>
      operRetentionDays > 0 ? n + (await purgeOperLogs(app.db, now, operRetentionDays)) : n,
    );
    purging = p.catch(() => undefined);
    return p;
  }

  function runPurge(): void {
    purge()
      .then((n) => {
        if (n > 0) app.log.info({ deleted: n }, 'request logs past retention purged');
      })
      .catch((err) => app.log.error({ err }, 'request log purge failed'));
  }

  app.addHook('onResponse', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const path = (req.url.split('?')[0] ?? '').slice(0, 300);
    buffer.push({
      createdAt: clock.now(),
      method: req.method.slice(0, 10),
      path,
      status: reply.statusCode,
      durationMs: Math.min(Math.round(reply.elapsedTime), 2_147_483_647),
      userId: req.auth?.userId ?? null,
      ip: req.ip.slice(0, 64),
      requestId: String(req.id).slice(0, 64),
    });
    if (buffer.length >= batchSize) void flush();
  });

  app.addHook('onReady', async () => {
    flushTimer = setInterval(() => {
      if (buffer.length > 0) void flush();
    }, flushIntervalMs);
    flushTimer.unref();
    runPurge();
    purgeTimer = setInterval(runPurge, purgeIntervalMs);
    purgeTimer.unref();
  });

  app.addHook('onClose', async () => {
    if (flushTimer) clearInterval(flushTimer);
    if (purgeTimer) clearInterval(purgeTimer);
    await purging;
    await flush();
  });

  const logger: RequestLogger = { flush, purge, buffered: () => buffer.length };
  app.decorate('requestLog', logger);
  return logger;
}
