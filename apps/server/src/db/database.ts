import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { DB } from './schema.ts';

// int8 (count(*), bigserial) reads as a number on both drivers.
pg.types.setTypeParser(20, (v: string) => Number(v));
// numeric stays a string on both (money is compared exactly, formatted by the client).

export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DbKind;
  /** Cheap round trip used by /api/ready. */
  ping(): Promise<void>;
  /** Flush to disk before close (PGlite) or no-op (PostgreSQL). */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
  /** The embedded instance, for dump/restore. */
  pglite?: PGlite;
}

export interface OpenOptions {
  /** PGlite data directory, or 'memory://' */
  pgliteDir?: string;
  /** Restore this dump (tar.gz) into a fresh instance. */
  loadDataDir?: Blob;
  databaseUrl?: string;
  poolMax?: number;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  ssl?: Config['DB_SSL'];
  onPoolError?: (err: Error) => void;
}

const plugins = [new CamelCasePlugin()];

export async function openPglite(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  if (dir !== 'memory://') fs.mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir === 'memory://' ? undefined : dir, {
    extensions: { pg_trgm },
    parsers: { 20: (v: string) => Number(v) },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  return pglite;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
      idleTimeoutMillis: 10_000,
      statement_timeout: opts.statementTimeoutMs ?? 4000,
      // A hung server (not a refused connection) must still become a 503 within about 5 s (R03).
      query_timeout: (opts.statementTimeoutMs ?? 4000) + 1000,
      application_name: 'aqzrx-server',
      ...(opts.ssl && opts.ssl !== 'off' ? { ssl: { rejectUnauthorized: opts.ssl === 'verify-full' } } : {}),
    });
    // An idle client losing its server (57P01 admin shutdown, 08006) must not crash the process.
    pool.on('error', (err) => opts.onPoolError?.(err));
    // pg-pool removes its listener while a client is checked out; a connection dying then would be an
    // uncaught 'error' event and kill the process. The running query still fails through its callback.
    pool.on('connect', (client) => {
      client.on('error', (err) => opts.onPoolError?.(err));
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins });
    return {
      db,
      kind: 'postgres',
      async ping() {
        const client = await pool.connect();
        try {
          await client.query({ text: 'SELECT 1', query_timeout: 2000 } as pg.QueryConfig);
        } finally {
          client.release();
        }
      },
      async checkpoint() {},
      async close() {
        await db.destroy();
      },
    };
  }
  const pglite = await openPglite(opts.pgliteDir ?? 'memory://', opts.loadDataDir);
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }), plugins });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    pglite,
    async ping() {
      await pglite.query('SELECT 1');
    },
    async checkpoint() {
      if (!pglite.closed) await pglite.query('CHECKPOINT');
    },
    async close() {
      if (closed) return;
      closed = true;
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** Errors that mean "the database is not reachable right now" (answer 503, keep running). */
export function isDbUnavailableError(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  const code = e.code ?? '';
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(code))
    return true;
  if (/^(08|57P)/.test(code)) return true;
  const msg = e.message ?? '';
  return (
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED|Query read timeout/i.test(
      msg,
    ) || /the database system is (starting up|shutting down)/i.test(msg)
  );
}
