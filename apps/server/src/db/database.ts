import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { WriteMarker } from '../platform/replica.ts';
import {
  AuthWriteWatcher,
  bumpAuthSeqFromPeer,
  onAuthWrite,
  peerChannelDown,
} from '../platform/session-cache.ts';
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
  /**
   * The database for background jobs (the nightly alarm and risk runs over a city's records): on
   * PostgreSQL one extra connection whose statements may run for minutes, apart from the request pool and
   * its few-second timeouts; on PGlite the same database.
   */
  jobs(): Kysely<DB>;
  /**
   * Runs `work` holding the database-wide start-up lock: migrations and seeding run once when several
   * instances start together (PostgreSQL: a session advisory lock on a connection of its own; PGlite: one
   * process holds the data directory anyway).
   */
  startupLock<T>(work: () => Promise<T>): Promise<T>;
  /** The embedded instance, for dump/restore. */
  pglite?: PGlite;
  /**
   * A streaming replica for read-only work (DATABASE_REPLICA_URL), with the same plugins and timeouts; the
   * platform's read router (platform/replica.ts) decides when it may answer.
   */
  replica?: Kysely<DB>;
}

/** The advisory lock key of the start-up lock ('aqzr' in ASCII). */
const STARTUP_LOCK_KEY = 0x61717a72;

/** How long one statement of a background job may run (PostgreSQL). */
export const JOB_STATEMENT_TIMEOUT_MS = 15 * 60_000;

export interface OpenOptions {
  /** PGlite data directory, or 'memory://' */
  pgliteDir?: string;
  /** Restore this dump (tar.gz) into a fresh instance. */
  loadDataDir?: Blob;
  databaseUrl?: string;
  /** A streaming replica of databaseUrl for read-only work (PostgreSQL only). */
  replicaUrl?: string;
  poolMax?: number;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  ssl?: Config['DB_SSL'];
  /** PEM of the CA that signed the server's certificate (DB_SSL_CA), for verify-full with a private CA. */
  sslCa?: string;
  /** PostgreSQL plan_cache_mode of the server's connections (see preparedStatements). */
  planCacheMode?: Config['DB_PLAN_CACHE_MODE'];
  onPoolError?: (err: Error) => void;
}

// The watcher sees every statement first (before identifiers are snake_cased) to keep the session cache honest.
const plugins = [new AuthWriteWatcher(), new CamelCasePlugin()];
// The primary's statements also tell the read router which request wrote (read-your-own-writes).
const primaryPlugins = [new WriteMarker(), ...plugins];

export async function openPglite(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  if (dir !== 'memory://') fs.mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir === 'memory://' ? undefined : dir, {
    extensions: { pg_trgm },
    parsers: { 20: (v: string) => Number(v) },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  return pglite;
}

/**
 * TLS of every connection (security.md P01): `require` encrypts, `verify-full` also checks the server's
 * certificate against the system's CAs or DB_SSL_CA and its name (host or IP) against the connection's host.
 */
function pgSsl(opts: OpenOptions): { ssl?: { rejectUnauthorized: boolean; ca?: string } } {
  if (!opts.ssl || opts.ssl === 'off') return {};
  return {
    ssl: { rejectUnauthorized: opts.ssl === 'verify-full', ...(opts.sslCa ? { ca: opts.sslCa } : {}) },
  };
}

/** A request pool: short statements, few-second timeouts, named prepared statements. */
function requestPool(url: string, opts: OpenOptions, applicationName = 'aqzrx-server'): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolMax ?? 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
    idleTimeoutMillis: 10_000,
    statement_timeout: opts.statementTimeoutMs ?? 4000,
    // A hung server (not a refused connection) must still become a 503 within about 5 s (R03).
    query_timeout: (opts.statementTimeoutMs ?? 4000) + 1000,
    application_name: applicationName,
    // Named prepared statements; PostgreSQL chooses per statement between a custom and the generic plan
    // (DB_PLAN_CACHE_MODE, default auto). force_generic_plan saved 0.7 ms of planning at 100,000 policies but
    // collapsed at 1,000,000 (issue 18: a 200,000-row primary-key scan for the insurer options, 93.8 ms vs
    // 0.73 ms; eight of nine lists at 10-65 req/s). Request statements run without parallel workers: they
    // are short and paged, and parallel workers failed under load ("could not attach to dynamic shared
    // area"); background jobs keep the server's parallelism.
    options: `-c plan_cache_mode=${opts.planCacheMode ?? 'auto'} -c max_parallel_workers_per_gather=0`,
    ...pgSsl(opts),
  });
  // An idle client losing its server (57P01 admin shutdown, 08006) must not crash the process.
  pool.on('error', (err) => opts.onPoolError?.(err));
  // pg-pool removes its listener while a client is checked out; a connection dying then would be an
  // uncaught 'error' event and kill the process. The running query still fails through its callback.
  pool.on('connect', (client) => {
    client.on('error', (err) => opts.onPoolError?.(err));
    preparedStatements(client);
  });
  return pool;
}

/** The channel on which instances sharing a PostgreSQL announce writes to the auth tables (session-cache.ts). */
const AUTH_CHANNEL = 'aqzrx_auth';

/**
 * Announces this instance's auth writes to its peers and listens for theirs: one NOTIFY per burst of bumps
 * (sent after the statement or commit that bumped), and one LISTEN connection that reconnects by itself.
 * While it is not listening, the session cache of this process is off (peerChannelDown).
 */
function authPeers(url: string, opts: OpenOptions, pool: pg.Pool): { close: () => Promise<void> } {
  const instance = randomUUID();
  let pending = false;
  const stopAnnouncing = onAuthWrite(() => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      pool.query('SELECT pg_notify($1, $2)', [AUTH_CHANNEL, instance]).catch(() => undefined);
    });
  });
  let closed = false;
  let down = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const setDown = (d: boolean) => {
    if (d === down) return;
    down = d;
    peerChannelDown(d);
  };
  const reconnectLater = () => {
    if (closed) return;
    setDown(true);
    if (retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, 1000);
    retry.unref();
  };
  async function connect(): Promise<void> {
    if (closed) return;
    const c = new pg.Client({
      connectionString: url,
      application_name: 'aqzrx-listen',
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
      ...pgSsl(opts),
    });
    c.on('notification', (n) => {
      if (n.payload !== instance) bumpAuthSeqFromPeer();
    });
    c.on('error', () => undefined);
    c.on('end', () => {
      if (client === c) client = undefined;
      reconnectLater();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${AUTH_CHANNEL}`);
      if (closed) {
        await c.end();
        return;
      }
      client = c;
      setDown(false);
    } catch {
      await c.end().catch(() => undefined);
      reconnectLater();
    }
  }
  // Until the first LISTEN is in place, peers' writes could be missed: the cache waits for it.
  setDown(true);
  void connect();
  return {
    async close() {
      closed = true;
      stopAnnouncing();
      if (retry) clearTimeout(retry);
      setDown(false);
      await client?.end().catch(() => undefined);
    },
  };
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = requestPool(opts.databaseUrl, opts);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: primaryPlugins });
    const peers = authPeers(opts.databaseUrl, opts, pool);
    const replica = opts.replicaUrl
      ? new Kysely<DB>({
          dialect: new PostgresDialect({ pool: requestPool(opts.replicaUrl, opts, 'aqzrx-replica') }),
          plugins,
        })
      : undefined;
    let jobDb: Kysely<DB> | undefined;
    return {
      db,
      kind: 'postgres',
      ...(replica ? { replica } : {}),
      jobs() {
        if (!jobDb) {
          const jobPool = new pg.Pool({
            connectionString: opts.databaseUrl,
            max: 1,
            connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
            idleTimeoutMillis: 10_000,
            statement_timeout: JOB_STATEMENT_TIMEOUT_MS,
            query_timeout: JOB_STATEMENT_TIMEOUT_MS + 1000,
            application_name: 'aqzrx-jobs',
            ...pgSsl(opts),
          });
          jobPool.on('error', (err) => opts.onPoolError?.(err));
          jobPool.on('connect', (client) => client.on('error', (err) => opts.onPoolError?.(err)));
          jobDb = new Kysely<DB>({ dialect: new PostgresDialect({ pool: jobPool }), plugins });
        }
        return jobDb;
      },
      async startupLock(work) {
        const client = new pg.Client({
          connectionString: opts.databaseUrl,
          application_name: 'aqzrx-startup',
          connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
          ...(opts.ssl && opts.ssl !== 'off'
            ? { ssl: { rejectUnauthorized: opts.ssl === 'verify-full' } }
            : {}),
        });
        client.on('error', () => undefined);
        await client.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await work();
        } finally {
          // Ending the session releases the lock in any case.
          await client.end().catch(() => undefined);
        }
      },
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
        await peers.close();
        await jobDb?.destroy();
        await replica?.destroy();
        await db.destroy();
      },
    };
  }
  const pglite = await openPglite(opts.pgliteDir ?? 'memory://', opts.loadDataDir);
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }), plugins: primaryPlugins });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    pglite,
    jobs: () => db,
    startupLock: (work) => work(),
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

/** Statement names by SQL text, shared by all connections (bounded like the per-connection sets). */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `q${createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size < MAX_PREPARED_PER_CONNECTION) statementNames.set(text, name);
  }
  return name;
}

const INLINE_MAX_OFFSET = 1000;
const INLINE_MAX_LIMIT = 1000;
const PAGE_TAIL = /\blimit \$(\d+)(?: offset \$(\d+))?$/;

/**
 * A paged statement's trailing `limit $n offset $m` written as numbers (issue 13/18). With parameters there,
 * PostgreSQL costs the generic plan as if 10 % of the rows were wanted, so under plan_cache_mode=auto it never
 * takes the generic plan of a paged list and plans every execution again (0.3-0.8 ms of planning against
 * 0.05-0.3 ms of execution for a page of the prevention plan list at 100,000 plans: `pg_prepared_statements`
 * showed 0 generic and 9 custom plans). With the numbers in the text the generic plan is costed for the page
 * it reads, and PostgreSQL takes it where it is as good as the custom ones. Only when both are the last
 * parameters and plain non-negative integers (as the page schemas make them), so no other value moves, and
 * only for the first pages (offset ≤ INLINE_MAX_OFFSET): each page is a statement of its own on every
 * connection, and deep pages are rare enough to be planned each time as before.
 */
export function inlinePage(text: string, values: unknown[]): { text: string; values: unknown[] } {
  // The tail only: a regular expression anchored at the end still tries every position of a long text.
  const from = Math.max(0, text.length - 40);
  const m = PAGE_TAIL.exec(text.slice(from));
  if (!m) return { text, values };
  m.index += from;
  const limitAt = Number(m[1]);
  const offsetAt = m[2] === undefined ? null : Number(m[2]);
  const last = values.length;
  const isCount = (v: unknown, max: number) =>
    typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= max;
  if (offsetAt === null) {
    if (limitAt !== last || !isCount(values[last - 1], INLINE_MAX_LIMIT)) return { text, values };
    return { text: `${text.slice(0, m.index)}limit ${values[last - 1]}`, values: values.slice(0, last - 1) };
  }
  if (
    limitAt !== last - 1 ||
    offsetAt !== last ||
    !isCount(values[last - 2], INLINE_MAX_LIMIT) ||
    !isCount(values[last - 1], INLINE_MAX_OFFSET)
  )
    return { text, values };
  return {
    text: `${text.slice(0, m.index)}limit ${values[last - 2]} offset ${values[last - 1]}`,
    values: values.slice(0, last - 2),
  };
}

/** Named statements one connection keeps at most; further distinct texts run unnamed. */
const MAX_PREPARED_PER_CONNECTION = 2000;

/**
 * Makes the connection run parameterised queries as named prepared statements (name = hash of the SQL text):
 * PostgreSQL parses each distinct text once per connection and can reuse its plan, instead of parsing and
 * planning every request (about 1 ms of server CPU for a list query, measured with log_min_duration_statement).
 * The SQL texts come from the query builder with values bound as parameters, so there are few distinct texts;
 * past MAX_PREPARED_PER_CONNECTION the rest run unnamed. Queries without parameters keep the simple protocol
 * (migrations may hold several statements in one text).
 */
function preparedStatements(client: pg.PoolClient): void {
  const names = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [rawText, rawValues] = args;
    if (
      args.length === 2 &&
      typeof rawText === 'string' &&
      Array.isArray(rawValues) &&
      rawValues.length > 0
    ) {
      const { text, values } = inlinePage(rawText, rawValues);
      const name = statementName(text);
      if (names.has(name) || names.size < MAX_PREPARED_PER_CONNECTION) {
        names.add(name);
        return query({ name, text, values });
      }
    }
    return query(...args);
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
  // Redis (REDIS_URL) unreachable: the store of the shared state (platform/shared-store.ts) answers the same way.
  if ((e as { name?: string }).name === 'MaxRetriesPerRequestError' || /^Connection is closed\.?$/.test(msg))
    return true;
  return (
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED|Query read timeout/i.test(
      msg,
    ) || /the database system is (starting up|shutting down)/i.test(msg)
  );
}
