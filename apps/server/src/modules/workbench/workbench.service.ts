import {
  ArticleStatus,
  addDays,
  ConsultStatus,
  chinaDate,
  type PortalStat,
  STAT_LABELS,
  type WorkbenchAdmin,
  type WorkbenchAudit,
} from '@aqzrx/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AuthContext, Db, Tx } from '../../platform/context.ts';
import { endOfDay, startOfDay } from '../../platform/dates.ts';
import { hasPermission } from '../../platform/permissions.ts';
import type { PortalStats } from '../../platform/portal-stats.ts';
import { listConsults } from '../consult/index.ts';
import { manageList } from '../content/index.ts';
import { logScope, searchLogs } from '../log/index.ts';
import { searchUsers, userScope } from '../user/index.ts';

/** How many awaiting consultations and operation-log rows the workbench lists. */
export const WORKBENCH_CONSULTS = 5;
export const WORKBENCH_LOG_ROWS = 10;

/** A figure's count: the total of a one-row page of its list, so the figure is what its link opens. */
const ONE = { pageNo: 1, pageSize: 1 } as const;

/** User accounts as the user list counts them (same scope and filters). */
async function users(trx: Tx, auth: AuthContext, now: Date) {
  const scope = userScope(auth);
  const count = async (status?: 1 | 2 | 3) =>
    (await searchUsers(trx, { ...ONE, ...(status === undefined ? {} : { status }) }, now, scope)).total;
  return { total: await count(), disabled: await count(2), incomplete: await count(3) };
}

async function consults(trx: Tx, auth: AuthContext) {
  const page = await listConsults(trx, auth, {
    pageNo: 1,
    pageSize: WORKBENCH_CONSULTS,
    status: ConsultStatus.AWAITING,
  });
  return { total: page.total, list: page.list };
}

async function notices(trx: Tx, auth: AuthContext) {
  const count = async (status: number) =>
    (await manageList(trx, auth, { ...ONE, kind: 'notice', status })).total;
  return { published: await count(ArticleStatus.PUBLISHED), drafts: await count(ArticleStatus.DRAFT) };
}

async function opLogs(
  trx: Tx,
  auth: AuthContext,
  today: string,
  nameOf: (row: { method: string; path: string; module: string; kind: string }) => string,
) {
  const scope = await logScope(trx, auth);
  if (!scope) throw new Error('operation-log scope missing');
  const failed = { ...ONE, outcome: 'fail' as const, startTime: today, endTime: today };
  const loginFails = (await searchLogs(trx, { ...failed, kind: 'login' }, scope)).total;
  const fails = (await searchLogs(trx, { ...failed, kind: 'all' }, scope)).total;
  const recent = await searchLogs(trx, { pageNo: 1, pageSize: WORKBENCH_LOG_ROWS, kind: 'all' }, scope);
  return { loginFails, fails, recent: recent.list.map((row) => ({ ...row, operation: nameOf(row) })) };
}

/**
 * Requests of the last seven China days (the request log's day filter: from the start of the first day
 * to the end of today), per day and status, in one grouped read.
 */
async function requests(trx: Tx, today: string) {
  const days = [6, 5, 4, 3, 2, 1, 0].map((n) => addDays(today, -n));
  const { rows } = await sql<{ day: string; status: number; n: number }>`
    select to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, status, count(*)::int as n
    from sys_request_log
    where created_at >= ${startOfDay(days[0] as string)} and created_at <= ${endOfDay(today)}
    group by 1, 2`.execute(trx);
  const todays = rows.filter((r) => r.day === today);
  const errorsByStatus = todays
    .filter((r) => r.status >= 400)
    .map((r) => ({ status: r.status, count: r.n }))
    .sort((a, b) => a.status - b.status);
  const total = todays.reduce((s, r) => s + r.n, 0);
  const errors = errorsByStatus.reduce((s, e) => s + e.count, 0);
  return {
    today: total,
    errors,
    errorRate: total > 0 ? errors / total : 0,
    errorsByStatus,
    week: days.map((day) => ({ day, count: rows.filter((r) => r.day === day).reduce((s, r) => s + r.n, 0) })),
  };
}

/**
 * Runs one section inside the transaction behind a savepoint: a section that fails is rolled back to it
 * and answered null (shown as unavailable), the others still answer.
 */
async function guarded<T>(
  trx: Tx,
  log: FastifyBaseLogger,
  name: string,
  fn: () => Promise<T>,
): Promise<T | null> {
  await sql`savepoint workbench_section`.execute(trx);
  try {
    const value = await fn();
    await sql`release savepoint workbench_section`.execute(trx);
    return value;
  } catch (err) {
    await sql`rollback to savepoint workbench_section`.execute(trx);
    log.warn({ err, section: name }, 'workbench section could not be computed');
    return null;
  }
}

export interface WorkbenchDeps {
  db: Db;
  portalStats: PortalStats;
  now: Date;
  log: FastifyBaseLogger;
  nameOf: (row: { method: string; path: string; module: string; kind: string }) => string;
}

/**
 * The public portal's figures, read from the providers /api/public/portalStats reads (the policy and stats
 * modules register them: one computation per figure, no second query). A provider reads its own module's
 * database handle, so they are read beside the transaction, not inside it.
 */
async function portalFigures(
  d: WorkbenchDeps,
): Promise<{ items: (Omit<PortalStat, 'value'> & { value: number | null })[] }> {
  const keys = Object.keys(STAT_LABELS) as Array<keyof typeof STAT_LABELS>;
  const items = [];
  for (const name of keys) {
    let value: number | null = null;
    try {
      value = await d.portalStats.value(name);
    } catch (err) {
      d.log.warn({ err, figure: name }, 'portal figure could not be computed');
    }
    items.push({ name, ...STAT_LABELS[name], value });
  }
  return { items };
}

/**
 * Every figure of the operations admin's workbench. The sections the caller's grants allow (the same
 * grants and screens their lists require) are counted in one read-only, repeatable-read transaction, so
 * they describe one moment; each counts exactly what the list behind its link shows. The logs are not the
 * operations (system) administrator's (三权分立): their figures are the audit administrator's overview.
 */
export async function adminWorkbench(d: WorkbenchDeps, auth: AuthContext): Promise<WorkbenchAdmin> {
  const perms = auth.permissions;
  const [sections, portal] = await Promise.all([
    d.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const out: Omit<WorkbenchAdmin, 'portal' | 'computedAt'> = {};
        if (hasPermission(perms, 'user.query'))
          out.users = await guarded(trx, d.log, 'users', () => users(trx, auth, d.now));
        if (hasPermission(perms, 'consult.query'))
          out.consults = await guarded(trx, d.log, 'consults', () => consults(trx, auth));
        if (hasPermission(perms, 'notice.query'))
          out.notices = await guarded(trx, d.log, 'notices', () => notices(trx, auth));
        return out;
      }),
    portalFigures(d),
  ]);
  return { ...sections, portal, computedAt: d.now.toISOString() };
}

/**
 * The audit administrator's overview (audit.query): today's failures and the newest rows of the operation
 * log as its list scopes them, and the request log's figures, in one read-only, repeatable-read transaction.
 */
export async function auditWorkbench(d: WorkbenchDeps, auth: AuthContext): Promise<WorkbenchAudit> {
  const today = chinaDate(d.now);
  const sections = await d.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => ({
      opLogs: await guarded(trx, d.log, 'opLogs', () => opLogs(trx, auth, today, d.nameOf)),
      requests: await guarded(trx, d.log, 'requests', () => requests(trx, today)),
    }));
  return { ...sections, computedAt: d.now.toISOString() };
}
