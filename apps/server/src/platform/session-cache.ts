import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * A short-lived cache of resolved sessions, so a signed-in request costs one database round trip less.
 *
 * Correctness rule: an entry is used only while nothing that could change it has been written since it was
 * read. Every write statement that touches the tables a session row is built from (sys_session, sys_user,
 * sys_role, sys_org, and the grant tables behind the permission version) bumps a process-wide sequence; an
 * entry remembers the sequence it was read at. So in this process a revocation, disable, role or password
 * change takes effect on the very next request (security S05, Z01), however it was made (API, seed, script).
 * A write inside a transaction bumps again when `req.tx` commits, so a read that raced the uncommitted
 * change is not reused either.
 *
 * What the sequence cannot see is a change made by another server instance or by hand in psql: those are
 * bounded by the entry's lifetime, SESSION_CACHE_MS (default 1,000 ms; 0 turns the cache off).
 */

let authWriteSeq = 0;

/** Tables whose rows feed a resolved session (camelCase before CamelCasePlugin, snake_case in raw SQL). */
const AUTH_TABLE = /\bsys_?(session|user|role|org|resource|permission_?version)/i;
/** The session touch (last_seen_at only) does not change what a session may do. */
const TOUCH_ONLY = /"(lastSeenAt|last_seen_at)"/;
const REVOKE = /"(revokedAt|revoked_at)"/;

export function authSeq(): number {
  return authWriteSeq;
}

export function bumpAuthSeq(): void {
  authWriteSeq++;
}

/**
 * The statement's structure without its values: a value never names a table or a column, and a batch
 * insert's values (hundreds of rows) would make the check cost more than the statement. Raw SQL keeps its
 * text fragments (`sqlFragments`) and the nodes among its parameters.
 */
function structureOnly(key: string, value: unknown): unknown {
  if (key === 'value' || key === 'values') return undefined;
  // Raw SQL's parameters: values are dropped, nodes (sql.table, sql.ref) kept, as they may name a table.
  if (key === 'parameters' && Array.isArray(value))
    return value.filter((v) => typeof v === 'object' && v !== null && 'kind' in v);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return '';
  return value;
}

function touchesAuth(node: RootOperationNode): boolean {
  if (node.kind === 'SelectQueryNode') return false;
  const text = JSON.stringify(node, structureOnly);
  if (!AUTH_TABLE.test(text)) return false;
  if (node.kind === 'UpdateQueryNode' && TOUCH_ONLY.test(text) && !REVOKE.test(text)) {
    // sys_session touch: UPDATE sys_session SET last_seen_at = … (nothing else)
    return (node.updates ?? []).length !== 1;
  }
  return true;
}

/** Kysely plugin: bumps the sequence after every statement that wrote to an auth table. */
export class AuthWriteWatcher implements KyselyPlugin {
  readonly #writes = new WeakSet<object>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (touchesAuth(args.node)) this.#writes.add(args.queryId);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#writes.has(args.queryId)) bumpAuthSeq();
    return args.result;
  }
}

interface Entry<T> {
  value: T;
  seq: number;
  until: number;
}

/** Token hash → session row, bounded in size; entries expire after `ttlMs` of monotonic time. */
export class SessionCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  constructor(ttlMs: number, maxEntries = 20_000) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string): T | undefined {
    const e = this.#entries.get(key);
    if (!e) return undefined;
    if (e.seq !== authWriteSeq || performance.now() >= e.until) {
      this.#entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** Stores a value read when the sequence was `seqAtRead` (taken before the query started). */
  set(key: string, value: T, seqAtRead: number): void {
    if (!this.enabled || seqAtRead !== authWriteSeq) return;
    if (this.#entries.size >= this.maxEntries) this.#entries.clear();
    this.#entries.set(key, { value, seq: seqAtRead, until: performance.now() + this.ttlMs });
  }
}
