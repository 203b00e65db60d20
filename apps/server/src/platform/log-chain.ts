import { createHash, createHmac } from 'node:crypto';
import { formatChinaTime, LOG_RETENTION_DAYS } from '@aqzrx/contracts';
import { sql } from 'kysely';
import type { SysOperLogTable } from '../db/schema.ts';
import type { Db, Tx } from './context.ts';

/**
 * Tamper-evident operation log (security.md L03, issue 17 finding 9).
 *
 * Every sys_oper_log row carries hmac = HMAC-SM3(key, previous row's hmac || canonical content), the rows
 * chained in id order. The key is SM3(LOG_HMAC_KEY); without LOG_HMAC_KEY (development and tests only —
 * production refuses to start, config.ts) it is SM3('aqzrx-development-only-log-hmac-key').
 *
 * One chain under concurrency: the inserting transaction locks the chain head (sys_log_chain 'oper') FOR
 * UPDATE, and only then takes the row's id from the sequence, so ids grow in chain order; the head holds
 * until the transaction ends (a rollback leaves only a gap in the ids, which the chain does not see).
 *
 * The database refuses UPDATE and TRUNCATE of the log tables and any DELETE except the retention purge's
 * (migration 0031: a trigger, SQLSTATE 42501); the purge removes the oldest rows only and moves the chain's
 * anchor to the last row it removed, so the chain verifies from the oldest remaining row.
 */
export const LOG_HMAC_DEV_LABEL = 'aqzrx-development-only-log-hmac-key';
const CHAIN = 'oper';

export function logHmacKey(secret: string | undefined): Buffer {
  const text = secret?.trim();
  return createHash('sm3')
    .update(text || LOG_HMAC_DEV_LABEL)
    .digest();
}

/** The content of an operation-log row as stored (every column but id and hmac). */
export interface OperLogContent {
  createdAt: Date;
  userId: number | null;
  username: string;
  roleKey: string;
  orgName: string;
  module: string;
  kind: string;
  method: string;
  path: string;
  params: string;
  targetId: string;
  ip: string;
  durationMs: number;
  outcome: SysOperLogTable['outcome'];
  errorMsg: string;
  requestId: string;
}

export interface ChainedOperLog extends OperLogContent {
  id: number;
  hmac: string;
}

/** The row's content in a fixed order (the same as migration 0031's frozen copy). */
export function canonicalOperLog(r: OperLogContent & { id: number | string }): string {
  return JSON.stringify([
    String(r.id),
    new Date(r.createdAt).toISOString(),
    r.userId ?? null,
    r.username,
    r.roleKey,
    r.orgName,
    r.module,
    r.kind,
    r.method,
    r.path,
    r.params,
    r.targetId,
    r.ip,
    r.durationMs,
    r.outcome,
    r.errorMsg,
    r.requestId,
  ]);
}

export function chainLink(key: Buffer, prev: string, row: OperLogContent & { id: number | string }): string {
  return createHmac('sm3', key).update(prev).update(canonicalOperLog(row)).digest('hex');
}

/**
 * Appends one row to the operation log, chained. Inside the caller's transaction when `db` is one (the row
 * commits or rolls back with the business writes: fail closed), else in a transaction of its own.
 */
export async function appendOperLog(db: Db | Tx, key: Buffer, row: OperLogContent): Promise<ChainedOperLog> {
  const [written] = await appendOperLogs(db, key, [row]);
  return written!;
}

/**
 * Appends rows to the operation log in their order, chained, under one lock of the chain head (the group
 * commit of oper-log-writer.ts writes the audit rows of concurrent requests this way: one transaction of
 * four statements for a batch instead of one per row, all of them waiting on the same head).
 */
export async function appendOperLogs(
  db: Db | Tx,
  key: Buffer,
  rows: OperLogContent[],
): Promise<ChainedOperLog[]> {
  if (rows.length === 0) return [];
  const run = async (trx: Tx): Promise<ChainedOperLog[]> => {
    // The subquery locks the head first; the ids are drawn after the lock is held, in the rows' order.
    const head = await sql<{
      prev: string;
      ids: (number | string)[];
    }>`SELECT h.last_hmac AS prev,
        ARRAY(SELECT nextval('sys_oper_log_id_seq') FROM generate_series(1, ${rows.length}::int) ORDER BY 1) AS ids
      FROM (SELECT last_hmac FROM sys_log_chain WHERE name = ${CHAIN} FOR UPDATE) h`.execute(trx);
    const h = head.rows[0];
    if (!h) throw new Error('sys_log_chain has no operation-log head (migration 0031)');
    let prev = h.prev;
    const written = rows.map((row, i) => {
      const id = Number(h.ids[i]);
      const hmac = chainLink(key, prev, { ...row, id });
      prev = hmac;
      return { ...row, id, hmac };
    });
    const last = written[written.length - 1]!;
    await trx
      .with('ins', (qb) => qb.insertInto('sysOperLog').values(written))
      .updateTable('sysLogChain')
      .set({ lastId: last.id, lastHmac: last.hmac, updatedAt: last.createdAt })
      .where('name', '=', CHAIN)
      .execute();
    return written;
  };
  return db.isTransaction ? run(db as Tx) : (db as Db).transaction().execute(run);
}

export interface ChainBreak {
  /** The first row that fails, or the id the chain's head names when rows at its end are missing. */
  id: number;
  createdAt: Date | null;
  reason: string;
}

export interface ChainVerification {
  ok: boolean;
  /** Rows checked. */
  checked: number;
  /** The purge anchor the walk started from (0: from the first row ever written). */
  anchorId: number;
  lastId: number;
  break?: ChainBreak;
}

const VERIFY_BATCH = 5000;

/** Walks the chain from its anchor to its head; names the first row whose link does not hold. */
export async function verifyOperLogChain(db: Db, key: Buffer): Promise<ChainVerification> {
  const head = await db
    .selectFrom('sysLogChain')
    .selectAll()
    .where('name', '=', CHAIN)
    .executeTakeFirstOrThrow();
  const anchorId = Number(head.anchorId);
  const lastId = Number(head.lastId);
  let prev = head.anchorHmac;
  let cursor = anchorId;
  let checked = 0;
  const result = (b?: ChainBreak): ChainVerification => ({
    ok: !b,
    checked,
    anchorId,
    lastId,
    ...(b ? { break: b } : {}),
  });
  for (;;) {
    const rows = await db
      .selectFrom('sysOperLog')
      .selectAll()
      .where('id', '>', cursor)
      .where('id', '<=', lastId)
      .orderBy('id')
      .limit(VERIFY_BATCH)
      .execute();
    for (const r of rows) {
      const expected = chainLink(key, prev, r as unknown as ChainedOperLog);
      if (r.hmac !== expected) {
        const reason = !r.hmac
          ? '记录未经签名（绕过日志写入路径插入）'
          : checked === 0 && anchorId > 0
            ? `记录与清理锚点 #${anchorId} 不相接（内容被修改，或其前的记录被删除）`
            : `记录内容与签名不符（本条被修改，或其前一条#${cursor}之后的记录被删除）`;
        return result({ id: Number(r.id), createdAt: r.createdAt, reason });
      }
      prev = r.hmac;
      cursor = Number(r.id);
      checked++;
    }
    if (rows.length < VERIFY_BATCH) break;
  }
  if (cursor !== lastId || prev !== head.lastHmac) {
    return result({
      id: lastId,
      createdAt: null,
      reason: `链尾记录缺失：最后一条应为 #${lastId}，现存最后一条为 #${cursor}`,
    });
  }
  return result();
}

/** The verifier's report for people (npm run logs:verify). */
export function describeVerification(v: ChainVerification): string {
  const range = v.anchorId > 0 ? `自清理锚点 #${v.anchorId} 之后` : '自第一条';
  if (v.ok) return `操作日志防篡改校验通过：${range}共 ${v.checked} 条，链尾 #${v.lastId}`;
  const b = v.break!;
  const at = b.createdAt ? `，时间 ${formatChinaTime(b.createdAt, 'second')}（北京时间）` : '';
  return `操作日志防篡改校验失败：第一条异常记录 #${b.id}${at}：${b.reason}（此前 ${v.checked} 条校验通过）`;
}

const DAY_MS = 86_400_000;
const PURGE_CHUNK = 5000;

/**
 * Marks the transaction as the retention purge, the one writer the log tables' guard trigger lets delete
 * (migration 0031). Transaction-local: it ends with the transaction.
 */
export async function declareLogPurge(trx: Tx): Promise<void> {
  await sql`SELECT set_config('aqzrx.log_purge', 'on', true)`.execute(trx);
}

/**
 * Deletes operation logs older than the retention (never under 180 days), oldest first and only a
 * contiguous run from the start of the chain, moving the chain's anchor to the last row removed.
 */
export async function purgeOperLogs(db: Db, now: Date, retentionDays: number): Promise<number> {
  const days = Math.max(retentionDays, LOG_RETENTION_DAYS);
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  let total = 0;
  for (;;) {
    const n = await db.transaction().execute(async (trx) => {
      const head = await trx
        .selectFrom('sysLogChain')
        .select(['anchorId', 'lastId'])
        .where('name', '=', CHAIN)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const rows = await trx
        .selectFrom('sysOperLog')
        .select(['id', 'createdAt', 'hmac'])
        .where('id', '<=', head.lastId)
        .orderBy('id')
        .limit(PURGE_CHUNK)
        .execute();
      let cut = 0;
      while (cut < rows.length && rows[cut]!.createdAt < cutoff) cut++;
      if (cut === 0) return 0;
      const last = rows[cut - 1]!;
      await declareLogPurge(trx);
      const res = await trx.deleteFrom('sysOperLog').where('id', '<=', last.id).executeTakeFirst();
      await trx
        .updateTable('sysLogChain')
        .set({ anchorId: last.id, anchorHmac: last.hmac, updatedAt: now })
        .where('name', '=', CHAIN)
        .execute();
      return Number(res.numDeletedRows);
    });
    total += n;
    if (n < PURGE_CHUNK) return total;
  }
}
