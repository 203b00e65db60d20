import type {
  MechanismAddBody,
  MechanismApi,
  MechanismApiInfo,
  MechanismApisBody,
  MechanismRow,
  MechanismUpdateBody,
  Paged,
} from '@aqzrx/contracts';
import { escapeLike } from '../../db/sql.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { updateVersioned } from '../../platform/versioned.ts';

/** What this module needs of the route registry (app.state.apiRoutes). */
export interface RegisteredRoute {
  method: string;
  url: string;
  permission: string | undefined;
}

const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;

/** Routes a mechanism may cover: every registered API route except the OpenAPI viewer. */
function attachable(routes: readonly RegisteredRoute[]): Map<string, RegisteredRoute> {
  const out = new Map<string, RegisteredRoute>();
  for (const r of routes) {
    if (r.url === '/api/docs' || r.url.startsWith('/api/docs/')) continue;
    out.set(routeKey(r.method, r.url), r);
  }
  return out;
}

const byUrl = (a: { url: string; method: string }, b: { url: string; method: string }) =>
  a.url.localeCompare(b.url) || a.method.localeCompare(b.method);

function mechanismQuery(db: Db) {
  return db
    .selectFrom('safetyMechanism as m')
    .leftJoin('sysSubsystem as s', 's.id', 'm.subsystemId')
    .select((eb) => [
      'm.id',
      'm.name',
      'm.orderNo',
      'm.subsystemId',
      's.name as subsystemName',
      'm.status',
      'm.ipAllowlist',
      'm.ratePerMinute',
      'm.remark',
      'm.version',
      'm.createdAt',
      'm.updatedAt',
      eb
        .selectFrom('safetyMechanismApi as a')
        .select(eb.fn.countAll<number>().as('c'))
        .whereRef('a.mechanismId', '=', 'm.id')
        .as('apiCount'),
    ]);
}

function toRow(r: {
  id: number;
  name: string;
  orderNo: string;
  subsystemId: number | null;
  subsystemName: string | null;
  status: number;
  ipAllowlist: string;
  ratePerMinute: number;
  remark: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  apiCount: number | null;
}): MechanismRow {
  return {
    id: r.id,
    name: r.name,
    orderNo: r.orderNo,
    subsystemId: r.subsystemId,
    subsystemName: r.subsystemName ?? '',
    status: r.status,
    ipAllowlist: r.ipAllowlist.split('\n').filter(Boolean),
    ratePerMinute: r.ratePerMinute,
    remark: r.remark,
    apiCount: Number(r.apiCount ?? 0),
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function findMechanisms(
  db: Db,
  q: {
    pageNo: number;
    pageSize: number;
    name?: string | undefined;
    orderNo?: string | undefined;
    subsystemId?: number | undefined;
    status?: number | undefined;
  },
): Promise<Paged<MechanismRow>> {
  let base = db.selectFrom('safetyMechanism as m');
  if (q.name) base = base.where('m.name', 'ilike', `%${escapeLike(q.name)}%`);
  if (q.orderNo) base = base.where('m.orderNo', 'ilike', `%${escapeLike(q.orderNo)}%`);
  if (q.subsystemId !== undefined) base = base.where('m.subsystemId', '=', q.subsystemId);
  if (q.status !== undefined) base = base.where('m.status', '=', q.status);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const ids = base.select('m.id');
  const rows = await mechanismQuery(db)
    .where('m.id', 'in', ids)
    .orderBy('m.orderNo')
    .orderBy('m.id')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return { list: rows.map(toRow), total: Number(total.c), pageNum: q.pageNo, pageSize: q.pageSize };
}

/** The select list: every mechanism, by order number. */
export async function mechanismOptions(db: Db) {
  return db
    .selectFrom('safetyMechanism')
    .select(['id', 'name', 'orderNo', 'subsystemId', 'status'])
    .orderBy('orderNo')
    .orderBy('id')
    .execute();
}

async function requireMechanism(db: Db, id: number) {
  const row = await db
    .selectFrom('safetyMechanism')
    .select(['id', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('安全机制不存在或已删除');
  return row;
}

async function attached(
  db: Db,
  mechanismId: number,
  routes: readonly RegisteredRoute[],
): Promise<MechanismApiInfo[]> {
  const registry = attachable(routes);
  const rows = await db
    .selectFrom('safetyMechanismApi')
    .select(['method', 'url'])
    .where('mechanismId', '=', mechanismId)
    .execute();
  return rows
    .map((r) => {
      const route = registry.get(routeKey(r.method, r.url));
      return { method: r.method, url: r.url, permission: route?.permission ?? '', registered: !!route };
    })
    .sort(byUrl);
}

export async function findMechanism(
  db: Db,
  id: number,
  routes: readonly RegisteredRoute[],
): Promise<MechanismRow & { apis: MechanismApiInfo[] }> {
  const row = await mechanismQuery(db).where('m.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('安全机制不存在或已删除');
  return { ...toRow(row), apis: await attached(db, id, routes) };
}

/** Whether an order number is free (case-insensitive), ignoring the mechanism `selfId`. */
export async function orderNoAvailable(db: Db, orderNo: string, selfId?: number): Promise<boolean> {
  const dup = await db
    .selectFrom('safetyMechanism')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['orderNo']), '=', orderNo.toLowerCase()))
    .executeTakeFirst();
  return !dup || dup.id === selfId;
}

async function checkRefs(db: Db, input: MechanismAddBody, selfId?: number): Promise<void> {
  if (!(await orderNoAvailable(db, input.orderNo, selfId))) {
    throw conflict(`编号 ${input.orderNo} 已被其他安全机制使用，请换一个编号`);
  }
  if (input.subsystemId !== null) {
    const sub = await db
      .selectFrom('sysSubsystem')
      .select('id')
      .where('id', '=', input.subsystemId)
      .executeTakeFirst();
    if (!sub) throw badRequest(`subsystemId ${input.subsystemId} 对应的子系统不存在，请重新选择子系统`);
  }
}

const allowlistText = (list: string[]) => [...new Set(list.map((s) => s.trim()))].join('\n');

export async function addMechanism(
  trx: Tx,
  input: MechanismAddBody,
  userId: number,
  now: Date,
): Promise<number> {
  await checkRefs(trx, input);
  const row = await trx
    .insertInto('safetyMechanism')
    .values({
      name: input.name,
      orderNo: input.orderNo,
      subsystemId: input.subsystemId,
      status: input.status,
      ipAllowlist: allowlistText(input.ipAllowlist),
      ratePerMinute: input.ratePerMinute,
      remark: input.remark,
      createdAt: now,
      updatedAt: now,
      createdBy: userId,
      updatedBy: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMechanism(
  trx: Tx,
  input: MechanismUpdateBody,
  userId: number,
  now: Date,
): Promise<void> {
  await requireMechanism(trx, input.id);
  await checkRefs(trx, input, input.id);
  await updateVersioned(trx, 'safetyMechanism', input, {
    name: input.name,
    orderNo: input.orderNo,
    subsystemId: input.subsystemId,
    status: input.status,
    ipAllowlist: allowlistText(input.ipAllowlist),
    ratePerMinute: input.ratePerMinute,
    remark: input.remark,
    updatedAt: now,
    updatedBy: userId,
  });
}

export async function deleteMechanism(trx: Tx, id: number): Promise<void> {
  await requireMechanism(trx, id);
  await trx.deleteFrom('safetyMechanism').where('id', '=', id).execute();
}

/**
 * Attaches API entries. Each must be a registered route (method and URL pattern exactly as registered,
 * e.g. POST /api/dict/findAll or GET /api/file/:id); already attached entries are skipped.
 */
export async function attachApis(
  trx: Tx,
  input: MechanismApisBody,
  routes: readonly RegisteredRoute[],
  userId: number,
  now: Date,
): Promise<number> {
  await requireMechanism(trx, input.mechanismId);
  const registry = attachable(routes);
  for (const [i, api] of input.apis.entries()) {
    if (!registry.has(routeKey(api.method, api.url))) {
      throw badRequest(`apis[${i}] ${api.method} ${api.url} 不是平台已注册的接口，请从未关联接口列表中选择`);
    }
  }
  const unique = dedupe(input.apis);
  const res = await trx
    .insertInto('safetyMechanismApi')
    .values(
      unique.map((a) => ({
        mechanismId: input.mechanismId,
        method: a.method,
        url: a.url,
        createdAt: now,
        createdBy: userId,
      })),
    )
    .onConflict((oc) => oc.columns(['mechanismId', 'method', 'url']).doNothing())
    .executeTakeFirst();
  await touch(trx, input.mechanismId, userId, now);
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}

/** Detaches API entries (also ones whose route no longer exists); entries not attached are ignored. */
export async function detachApis(
  trx: Tx,
  input: MechanismApisBody,
  userId: number,
  now: Date,
): Promise<number> {
  await requireMechanism(trx, input.mechanismId);
  let removed = 0;
  for (const a of dedupe(input.apis)) {
    const res = await trx
      .deleteFrom('safetyMechanismApi')
      .where('mechanismId', '=', input.mechanismId)
      .where('method', '=', a.method)
      .where('url', '=', a.url)
      .executeTakeFirst();
    removed += Number(res.numDeletedRows);
  }
  await touch(trx, input.mechanismId, userId, now);
  return removed;
}

function dedupe(apis: MechanismApi[]): MechanismApi[] {
  const seen = new Map<string, MechanismApi>();
  for (const a of apis) seen.set(routeKey(a.method, a.url), a);
  return [...seen.values()];
}

/** The API set is part of the mechanism: record who changed it and when (the version stays, so an open edit form is not invalidated). */
async function touch(trx: Tx, id: number, userId: number, now: Date): Promise<void> {
  await trx
    .updateTable('safetyMechanism')
    .set({ updatedAt: now, updatedBy: userId })
    .where('id', '=', id)
    .execute();
}

export async function listAttached(
  db: Db,
  mechanismId: number,
  routes: readonly RegisteredRoute[],
): Promise<MechanismApiInfo[]> {
  await requireMechanism(db, mechanismId);
  return attached(db, mechanismId, routes);
}

/** Registered routes (except /api/docs) the mechanism does not cover yet. */
export async function listUnattached(
  db: Db,
  mechanismId: number,
  routes: readonly RegisteredRoute[],
): Promise<MechanismApiInfo[]> {
  await requireMechanism(db, mechanismId);
  const have = new Set(
    (
      await db
        .selectFrom('safetyMechanismApi')
        .select(['method', 'url'])
        .where('mechanismId', '=', mechanismId)
        .execute()
    ).map((r) => routeKey(r.method, r.url)),
  );
  return [...attachable(routes).values()]
    .filter((r) => !have.has(routeKey(r.method, r.url)))
    .map((r) => ({ method: r.method, url: r.url, permission: r.permission ?? '', registered: true }))
    .sort(byUrl);
}
