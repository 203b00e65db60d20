import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { appendOperLogs, type ChainedOperLog, type OperLogContent } from './log-chain.ts';

/** Rows one transaction writes at most (17 parameters a row). */
const MAX_BATCH = 200;

export interface OperLogWriter {
  /** Resolves once the row is committed (rejects when its batch could not be written). */
  append(row: OperLogContent): Promise<ChainedOperLog>;
  /** Rows written and the transactions that wrote them, since the start. */
  stats(): { rows: number; batches: number };
}

interface Pending {
  row: OperLogContent;
  resolve: (written: ChainedOperLog) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit of the operation-log rows written outside a business transaction (reads such as list
 * queries and exports, refused calls, failures; issue 18). Every row of the chain must take the chain head's
 * lock (log-chain.ts), so at 50 concurrent audited list requests the rows queued on that one lock, one
 * transaction of four statements each. Here rows arriving while a batch is being written wait for the next
 * batch, which writes all of them under one lock in one transaction; each caller still gets its row back only
 * once it is committed, so a response never goes out for a row that was not written (http.ts).
 */
export function createOperLogWriter(db: Kysely<DB>, key: Buffer): OperLogWriter {
  const queue: Pending[] = [];
  let flushing = false;
  // Batches are written outside the context of the request that happened to start them (made at start-up,
  // with no request's stores): what a request-scoped store records (read-your-own-writes, transactions) is
  // not the batch's.
  const detached = AsyncLocalStorage.snapshot();
  let rows = 0;
  let batches = 0;

  async function flush(): Promise<void> {
    flushing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, MAX_BATCH);
        try {
          const written = await appendOperLogs(
            db,
            key,
            batch.map((p) => p.row),
          );
          rows += written.length;
          batches++;
          batch.forEach((p, i) => {
            p.resolve(written[i]!);
          });
        } catch (err) {
          for (const p of batch) p.reject(err);
        }
      }
    } finally {
      flushing = false;
    }
  }

  return {
    stats: () => ({ rows, batches }),
    append(row) {
      return new Promise<ChainedOperLog>((resolve, reject) => {
        queue.push({ row, resolve, reject });
        // The rows of requests answered in the same turn of the event loop go together.
        if (!flushing) {
          flushing = true;
          setImmediate(() => detached(() => void flush()));
        }
      });
    },
  };
}
