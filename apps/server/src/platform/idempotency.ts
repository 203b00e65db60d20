import { createHash } from 'node:crypto';
import { ErrorReason } from '@aqzrx/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from './context.ts';
import { type OkEnvelope, ok } from './envelope.ts';
import { AppError, badRequest, conflict } from './errors.ts';

/**
 * Idempotent creates (security.md R06, draft-ietf-httpapi-idempotency-key-header).
 *
 * The client sends `Idempotency-Key`. The key is recorded per (user, route) as `pending` in its own
 * autocommit statement, so a concurrent duplicate sees it at once; the business transaction then stores
 * the response and flips the row to `done` in the same commit as the business rows, so a created record
 * and its remembered response can never disagree. Outcomes:
 * - same key, same body, done → the stored response is replayed (header `idempotent-replayed: true`);
 * - same key, other body → 422; same key still in flight → 409;
 * - a failed attempt removes its pending row, so the client may retry with the same key;
 * - a pending row older than the longest request (process killed mid-transaction) is taken over;
 * - keys expire after 24 hours.
 */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** Longer than the server's requestTimeout (120 s): a pending row this old has no live request. */
export const IDEMPOTENCY_STALE_PENDING_MS = 130_000;
const KEY_RE = /^[A-Za-z0-9_.:-]{8,100}$/;
const PURGE_EVERY_MS = 3600_000;
let lastPurge = 0;

export const IdempotencyMessages = {
  missing: '缺少 Idempotency-Key 请求头：请为每次提交生成一个唯一键（如UUID），重试时使用同一个键',
  badKey: 'Idempotency-Key 须为8-100位字母、数字或 _ . : -',
  mismatch: '该 Idempotency-Key 已用于内容不同的请求，请为新的提交生成新的键',
  inFlight: '相同的请求正在处理中，请勿重复提交，稍候刷新查看结果',
} as const;

/** Stores the response in the business transaction; returns it unchanged. */
export type Remember = <B>(trx: Tx, body: B, statusCode?: number) => Promise<B>;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** SHA-256 over the canonical JSON of the parsed query and body. */
export function requestHash(req: FastifyRequest): string {
  const text = JSON.stringify(canonical({ q: req.query ?? null, b: req.body ?? null }));
  return createHash('sha256').update(text).digest('hex');
}

function readKey(req: FastifyRequest): string | undefined {
  const h = req.headers['idempotency-key'];
  const v = Array.isArray(h) ? h[0] : h;
  if (v === undefined || v === '') return undefined;
  // The draft sends the key as a structured-field string; accept it quoted or bare.
  const key = v.trim().replace(/^"(.*)"$/, '$1');
  if (!KEY_RE.test(key)) throw badRequest(IdempotencyMessages.badKey);
  return key;
}

/**
 * Runs `run` at most once per Idempotency-Key. `run` must call `remember(trx, body)` inside the
 * transaction that creates the record; the value it resolves to is sent.
 */
export async function withIdempotency<T>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { now: Date; required: boolean },
  run: (remember: Remember) => Promise<T>,
): Promise<T> {
  const key = readKey(req);
  const noop: Remember = async (_trx, body) => body;
  if (key === undefined) {
    if (opts.required) throw badRequest(IdempotencyMessages.missing);
    return run(noop);
  }
  if (!req.auth) throw badRequest(IdempotencyMessages.missing);
  const userId = req.auth.userId;
  const route = (req.routeOptions.url ?? req.url.split('?')[0]!).slice(0, 200);
  const bodyHash = requestHash(req);
  const now = opts.now;
  await purgeExpired(db, now);

  const where = { userId, route, key };
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insertInto('idempotencyKey')
      .values({ ...where, bodyHash, status: 'pending', createdAt: now })
      .onConflict((oc) => oc.columns(['userId', 'route', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) break;
    const row = await db
      .selectFrom('idempotencyKey')
      .select(['bodyHash', 'status', 'statusCode', 'response', 'createdAt'])
      .where('userId', '=', userId)
      .where('route', '=', route)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) continue; // removed meanwhile (failed attempt or expiry): try to claim it again
    const age = now.getTime() - row.createdAt.getTime();
    const stalePending = row.status === 'pending' && age > IDEMPOTENCY_STALE_PENDING_MS;
    if (age > IDEMPOTENCY_TTL_MS || stalePending) {
      // Expired, or abandoned by a request that can no longer be running: take it over.
      await db
        .deleteFrom('idempotencyKey')
        .where('userId', '=', userId)
        .where('route', '=', route)
        .where('key', '=', key)
        .where('createdAt', '=', row.createdAt)
        .execute();
      continue;
    }
    if (row.bodyHash !== bodyHash)
      throw new AppError(422, IdempotencyMessages.mismatch, ErrorReason.CONFLICT);
    if (row.status === 'pending') throw conflict(IdempotencyMessages.inFlight);
    reply.code(row.statusCode ?? 200).header('idempotent-replayed', 'true');
    // The JSON of the body `run` answered the first time (remember): the same shape, checked again by the
    // route's response schema when it is sent.
    return row.response as T;
  }

  const remember: Remember = async (trx, body, statusCode = 200) => {
    await trx
      .updateTable('idempotencyKey')
      .set({ status: 'done', statusCode, response: JSON.stringify(body) })
      .where('userId', '=', userId)
      .where('route', '=', route)
      .where('key', '=', key)
      .execute();
    return body;
  };
  try {
    return await run(remember);
  } catch (err) {
    // The business transaction rolled back: free the key so the client can retry with it.
    await db
      .deleteFrom('idempotencyKey')
      .where('userId', '=', userId)
      .where('route', '=', route)
      .where('key', '=', key)
      .where('status', '=', 'pending')
      .execute()
      .catch((e: unknown) => req.log.warn({ err: e }, 'releasing idempotency key failed'));
    throw err;
  }
}

async function purgeExpired(db: Db, now: Date): Promise<void> {
  if (now.getTime() - lastPurge < PURGE_EVERY_MS && now.getTime() >= lastPurge) return;
  lastPurge = now.getTime();
  await db
    .deleteFrom('idempotencyKey')
    .where('createdAt', '<', new Date(now.getTime() - IDEMPOTENCY_TTL_MS))
    .execute();
}

/**
 * The create route of a record, run at most once per Idempotency-Key: `create` inserts it inside the request's
 * transaction (req.tx, so the operation-log row names the new id), the answer `{ id }` with `message` is
 * remembered in the same transaction and sent again for a repeated key.
 */
export function createOnce(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { now: Date; required: boolean },
  create: (trx: Tx) => Promise<number>,
  message: string,
): Promise<OkEnvelope<{ id: number }>> {
  return withIdempotency(db, req, reply, opts, (remember) =>
    req.tx(
      async (trx) => {
        const id = await create(trx);
        return remember(trx, ok({ id }, message));
      },
      { targetId: (res) => res.data.id },
    ),
  );
}
