import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AliasNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  sql,
  TableNode,
  type UnknownRow,
} from 'kysely';
import { isDbUnavailableError } from '../db/database.ts';
import type { Db } from './context.ts';

/**
 * Read replica (issue 18, DATABASE_REPLICA_URL). Read-only work — lists, exports, dashboards, portal figures —
 * runs through `app.reads.run(req, db => …)`: on the streaming replica while it is reachable, still a standby
 * and at most REPLICA_MAX_LAG_MS behind the primary; on the primary otherwise, and for a user who wrote within
 * that bound (read-your-own-writes: whatever a user just saved, the next list shows). A replica that fails
 * during a read is marked down and the read is answered by the primary, with a log warning; the next check
 * brings it back.
 *
 * Lag is measured in time, not bytes: each check samples the primary's WAL position; the replica is as old as
 * the newest sample its replay position has passed.
 */

interface WriteMark {
  wrote: boolean;
}
const currentRequest = new AsyncLocalStorage<WriteMark>();

/** Marks the request in whose context a statement that writes runs (the primary's plugin). */
export class WriteMarker implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const mark = currentRequest.getStore();
    if (mark && !mark.wrote && writes(args.node)) mark.wrote = true;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * Bookkeeping that every request may write (the session's last activity, login attempts, logs, idempotency
 * keys, captcha and nonce keys, rate-limit counts): not what a user saved, so not a reason to read the primary.
 */
const BOOKKEEPING = new Set([
  'sysSession',
  'sysLoginAttempt',
  'sysOperLog',
  'sysLogChain',
  'sysRequestLog',
  'sysPushLog',
  'idempotencyKey',
  'sysSingleUse',
  'sysRateCounter',
]);

function tableName(node: OperationNode | undefined): string | undefined {
  const inner = node && AliasNode.is(node) ? node.node : node;
  return inner && TableNode.is(inner) ? inner.table.identifier.name : undefined;
}

function writes(node: RootOperationNode): boolean {
  switch (node.kind) {
    case 'InsertQueryNode':
      return !BOOKKEEPING.has(tableName(node.into) ?? '');
    case 'UpdateQueryNode':
      return !BOOKKEEPING.has(tableName(node.table) ?? '');
    case 'DeleteQueryNode':
      return !BOOKKEEPING.has(tableName(node.from.froms[0]) ?? '');
    case 'MergeQueryNode':
      return true;
    case 'RawNode': {
      const first = node.sqlFragments[0] ?? '';
      return /^\s*(insert|update|delete|merge|with)\b/i.test(first);
    }
    default:
      return false;
  }
}

export interface ReplicaState {
  configured: boolean;
  /** Reads may go to the replica. */
  usable: boolean;
  /** How far behind the primary the replica was at the last check, in ms; null when unknown. */
  lagMs: number | null;
  /** Why the replica is not used (Chinese, for the log and the health answer). */
  reason: string | null;
}

export interface ReadRouter {
  /** Runs read-only `work` where it may run for this request (see above). */
  run<T>(req: FastifyRequest, work: (db: Db) => Promise<T>): Promise<T>;
  state(): ReplicaState;
  /** One health check now (also run every REPLICA_CHECK_MS). */
  check(): Promise<ReplicaState>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reads: ReadRouter;
  }
  interface FastifyRequest {
    writeMark?: WriteMark;
  }
}

/** 'X/Y' (hex halves of a WAL position) as one number. */
function lsn(text: string | null): bigint | null {
  if (!text) return null;
  const [hi, lo] = text.split('/');
  if (hi === undefined || lo === undefined) return null;
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

export function registerReadRouter(
  app: FastifyInstance,
  opts: { primary: Db; replica?: Db; maxLagMs: number; checkMs: number },
): ReadRouter {
  const { primary, replica, maxLagMs, checkMs } = opts;
  // A writer reads the primary until the replica must have caught up with its write.
  const stickyMs = maxLagMs + 2 * checkMs;
  const lastWrite = new Map<number, number>();
  const samples: Array<{ at: number; lsn: bigint }> = [];
  let state: ReplicaState = replica
    ? { configured: true, usable: false, lagMs: null, reason: '只读副本尚未检查' }
    : { configured: false, usable: false, lagMs: null, reason: null };

  const setState = (next: ReplicaState) => {
    if (next.usable !== state.usable) {
      if (next.usable) app.log.info({ lagMs: next.lagMs }, '只读副本可用，只读请求由副本处理');
      else app.log.warn({ reason: next.reason }, '只读副本不可用，只读请求改由主库处理');
    }
    state = next;
  };

  async function check(): Promise<ReplicaState> {
    if (!replica) return state;
    try {
      const p = await sql<{ lsn: string }>`SELECT pg_current_wal_lsn()::text AS lsn`.execute(primary);
      const now = Date.now();
      const head = lsn(p.rows[0]?.lsn ?? null);
      if (head !== null) samples.push({ at: now, lsn: head });
      // Enough history to date any replay position within the bound, and a little more.
      const keepFrom = now - maxLagMs - 5 * checkMs;
      while (samples.length > 2 && (samples[0]?.at ?? now) < keepFrom) samples.shift();
      const r = await sql<{ standby: boolean; lsn: string | null }>`
        SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS lsn`.execute(replica);
      const row = r.rows[0];
      if (!row?.standby) {
        setState({
          configured: true,
          usable: false,
          lagMs: null,
          reason: '只读副本已不是备库（可能已被提升为主库）',
        });
        return state;
      }
      const replay = lsn(row.lsn);
      let lagMs: number | null = null;
      if (replay !== null) {
        if (head !== null && replay >= head) lagMs = 0;
        else {
          const passed = samples.filter((s) => s.lsn <= replay).at(-1);
          if (passed) lagMs = now - passed.at;
        }
      }
      if (lagMs === null || lagMs > maxLagMs) {
        setState({
          configured: true,
          usable: false,
          lagMs,
          reason: `只读副本落后主库${lagMs === null ? '超过可追溯时间' : `${lagMs} 毫秒`}（上限 ${maxLagMs} 毫秒）`,
        });
      } else setState({ configured: true, usable: true, lagMs, reason: null });
    } catch (err) {
      setState({
        configured: true,
        usable: false,
        lagMs: null,
        reason: `只读副本无法连接：${(err as Error).message}`,
      });
    }
    return state;
  }

  const router: ReadRouter = {
    async run(req, work) {
      if (!replica || !state.usable) return work(primary);
      const userId = req.auth?.userId;
      const wrote = userId === undefined ? undefined : lastWrite.get(userId);
      if (wrote !== undefined && Date.now() - wrote < stickyMs) return work(primary);
      try {
        return await work(replica);
      } catch (err) {
        if (!isDbUnavailableError(err)) throw err;
        setState({
          configured: true,
          usable: false,
          lagMs: null,
          reason: `只读副本查询失败：${(err as Error).message}`,
        });
        return work(primary);
      }
    },
    state: () => state,
    check,
  };

  if (replica) {
    // Each request runs in its own write mark, so the primary's WriteMarker can tell which user wrote.
    app.addHook('onRequest', (req, _reply, done) => {
      const mark: WriteMark = { wrote: false };
      req.writeMark = mark;
      currentRequest.run(mark, done);
    });
    app.addHook('onResponse', async (req) => {
      const userId = req.auth?.userId;
      if (req.writeMark?.wrote && userId !== undefined) {
        lastWrite.set(userId, Date.now());
        if (lastWrite.size > 50_000) {
          const cutoff = Date.now() - stickyMs;
          for (const [k, at] of lastWrite) if (at < cutoff) lastWrite.delete(k);
        }
      }
    });
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await check();
      timer = setInterval(() => void check(), checkMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  }
  app.decorate('reads', router);
  return router;
}
