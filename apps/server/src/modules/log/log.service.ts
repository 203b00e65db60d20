import { CITY_CODE, DISTRICTS, dutiesOf, optionLabel, type Paged, PUSH_STATUS } from '@aqzrx/contracts';
import { sql } from 'kysely';
import { escapeLike } from '../../db/sql.ts';
import { resolveActor } from '../../platform/actor.ts';
import { permissionsOf } from '../../platform/auth.ts';
import type { AuthContext, Db } from '../../platform/context.ts';
import { endOfDay, startOfDay } from '../../platform/dates.ts';
import { badRequest } from '../../platform/errors.ts';
import { dutiesByRole, hasPermission } from '../../platform/permissions.ts';
import { EXPORT_ROW_CAP } from '../../platform/xlsx.ts';

export interface LogFilter {
  pageNo: number;
  pageSize: number;
  kind: string;
  username?: string | undefined;
  module?: string | undefined;
  outcome?: 'success' | 'fail' | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  sortOrder?: string | undefined;
}

/** Whether the role holds one of these screens (a resource with that component name). */
export async function holdsScreen(db: Db, roleId: number, components: string[]): Promise<boolean> {
  const row = await db
    .selectFrom('sysRoleResource as rr')
    .innerJoin('sysResource as res', 'res.id', 'rr.resourceId')
    .select('rr.resourceId')
    .where('rr.roleId', '=', roleId)
    .where('res.component', 'in', components)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Which operation-log rows a caller reads (security.md Z02: lists are scoped; Z04: 三权分立).
 * - The audit administrator (audit.query) reads every row except those of the audit administrators
 *   themselves: an auditor does not review its own trail.
 * - The security administrator reads the audit administrators' rows, and only those (三员 practice: the
 *   security officer audits the auditor).
 * - A regulator (a user of a government department) reads the rows of the users within its districts:
 *   regulators whose districts all lie in its own, and users of the organisations (enterprises, insurers,
 *   service organisations…) located in them; a regulator of every district also reads the organisations
 *   registered at city level. So a district regulator never reads the city regulator's or the admins' rows.
 * - An insurer or another organisation's user reads the rows of its own organisation's users; a user without
 *   an organisation (the system administrator, given log.query) only its own.
 */
export type LogScope =
  | { all: true; exceptRoleKeys: string[] }
  | { all: false; roleKeys: string[] }
  | { all: false; orgId: number | null; userId: number }
  | { all: false; districts: string[]; city: boolean; userId: number };

const ALL_DISTRICTS = DISTRICTS.map((d) => d.value);

/** Role keys of the audit administrators' roles (roles whose grants make them the audit duty's). */
async function auditorRoleKeys(db: Db): Promise<string[]> {
  const duties = await dutiesByRole(db);
  const ids = [...duties].filter(([, d]) => d.includes('audit')).map(([id]) => id);
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('sysRole').select('roleKey').where('id', 'in', ids).execute();
  return rows.map((r) => r.roleKey);
}

/**
 * The caller's scope, or null when it may not read operation logs at all (neither log.query nor
 * audit.query; for exports log.export or audit.export).
 */
export async function logScope(
  db: Db,
  auth: AuthContext,
  action: 'query' | 'export' = 'query',
): Promise<LogScope | null> {
  const perms = await permissionsOf(db, auth);
  if (hasPermission(perms, `audit.${action}`))
    return { all: true, exceptRoleKeys: await auditorRoleKeys(db) };
  if (!hasPermission(perms, `log.${action}`)) return null;
  if (dutiesOf(perms).includes('security')) return { all: false, roleKeys: await auditorRoleKeys(db) };
  const actor = await resolveActor(db, auth);
  if (actor.kind === 'government') {
    const districts = actor.districts;
    return {
      all: false,
      districts,
      city: ALL_DISTRICTS.every((d) => districts.includes(d)),
      userId: auth.userId,
    };
  }
  return { all: false, orgId: auth.orgId, userId: auth.userId };
}

/** Ids of the users within a regulator's districts (see LogScope). */
function usersInDistricts(db: Db, districts: string[], city: boolean) {
  const orgDistricts = city ? [...districts, CITY_CODE] : districts;
  const codes = sql<string>`coalesce(${sql.ref('u.districtCodes')}, '')`;
  return db
    .selectFrom('sysUser as u')
    .innerJoin('sysOrg as o', 'o.id', 'u.orgId')
    .select('u.id')
    .where((eb) =>
      eb.or([
        // A regulator with its own list of districts: every one of them within the reader's.
        eb.and([
          eb('o.orgType', '=', 'government'),
          eb(codes, '<>', ''),
          sql<boolean>`string_to_array(${codes}, ',') <@ ARRAY[${sql.join(districts)}]::text[]`,
        ]),
        // Anyone else: by the organisation's district.
        eb.and([
          eb.or([eb('o.orgType', '<>', 'government'), eb(codes, '=', '')]),
          eb('o.districtCode', 'in', orgDistricts),
        ]),
      ]),
    );
}

function scopedLogs(db: Db, f: Omit<LogFilter, 'pageNo' | 'pageSize'>, scope: LogScope) {
  let q = db.selectFrom('sysOperLog');
  if (scope.all) {
    if (scope.exceptRoleKeys.length > 0) q = q.where('roleKey', 'not in', scope.exceptRoleKeys);
  } else if ('roleKeys' in scope) {
    // No such role: nothing to read.
    q = scope.roleKeys.length > 0 ? q.where('roleKey', 'in', scope.roleKeys) : q.where(sql<boolean>`false`);
  } else {
    if ('districts' in scope) {
      const { districts, city, userId } = scope;
      q =
        districts.length === 0
          ? q.where('userId', '=', userId)
          : q.where((eb) =>
              eb.or([eb('userId', '=', userId), eb('userId', 'in', usersInDistricts(db, districts, city))]),
            );
    } else {
      const { orgId, userId } = scope;
      q =
        orgId === null
          ? q.where('userId', '=', userId)
          : q.where('userId', 'in', (eb) => eb.selectFrom('sysUser').select('id').where('orgId', '=', orgId));
    }
  }
  if (f.kind !== 'all') q = q.where('kind', '=', f.kind);
  if (f.username) q = q.where('username', 'ilike', `%${escapeLike(f.username)}%`);
  if (f.module) q = q.where('module', 'ilike', `%${escapeLike(f.module)}%`);
  if (f.outcome) q = q.where('outcome', '=', f.outcome);
  if (f.startTime) q = q.where('createdAt', '>=', startOfDay(f.startTime));
  if (f.endTime) q = q.where('createdAt', '<=', endOfDay(f.endTime));
  return q;
}

export async function searchLogs(db: Db, f: LogFilter, scope: LogScope) {
  const q = scopedLogs(db, f, scope);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const asc = f.sortOrder === 'asc' || f.sortOrder === 'ascend';
  const rows = await q
    .selectAll()
    .orderBy('createdAt', asc ? 'asc' : 'desc')
    .orderBy('id', asc ? 'asc' : 'desc')
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
    .execute();
  // The chain link (hmac) is the verifier's, not the reader's.
  const page: Paged<Omit<(typeof rows)[number], 'createdAt' | 'hmac'> & { createdAt: string }> = {
    list: rows.map(({ hmac: _link, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: Number(total.c),
    pageNum: f.pageNo,
    pageSize: f.pageSize,
  };
  return page;
}

/** Every matching operation-log row, newest first, refused above the export cap (security.md V07). */
export async function logsForExport(db: Db, f: Omit<LogFilter, 'pageNo' | 'pageSize'>, scope: LogScope) {
  const q = scopedLogs(db, f, scope);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  if (Number(total.c) > EXPORT_ROW_CAP)
    throw badRequest(
      `符合条件的日志有 ${Number(total.c)} 条，超过单次导出上限 ${EXPORT_ROW_CAP} 条，请缩小时间范围后再导出`,
    );
  return q.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
}

export interface RequestLogFilter {
  pageNo: number;
  pageSize: number;
  path?: string | undefined;
  method?: string | undefined;
  status?: number | undefined;
  userId?: number | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  sortOrder?: string | undefined;
}

/** Request logs, newest first (read-only). */
export async function searchRequestLogs(db: Db, f: RequestLogFilter) {
  let q = db.selectFrom('sysRequestLog as l');
  if (f.path) q = q.where('l.path', 'ilike', `%${escapeLike(f.path)}%`);
  if (f.method) q = q.where('l.method', '=', f.method);
  if (f.status !== undefined) q = q.where('l.status', '=', f.status);
  if (f.userId !== undefined) q = q.where('l.userId', '=', f.userId);
  if (f.startTime) q = q.where('l.createdAt', '>=', startOfDay(f.startTime));
  if (f.endTime) q = q.where('l.createdAt', '<=', endOfDay(f.endTime));
  const total = await q.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const asc = f.sortOrder === 'asc' || f.sortOrder === 'ascend';
  const rows = await q
    .leftJoin('sysUser as u', 'u.id', 'l.userId')
    .select([
      'l.id',
      'l.createdAt',
      'l.method',
      'l.path',
      'l.status',
      'l.durationMs',
      'l.userId',
      'u.username',
      'l.ip',
      'l.requestId',
    ])
    // Insertion order is time order (rows are appended as requests finish); the id's B-tree serves it.
    .orderBy('l.id', asc ? 'asc' : 'desc')
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
    .execute();
  return {
    list: rows.map((r) => ({ ...r, username: r.username ?? '', createdAt: r.createdAt.toISOString() })),
    total: Number(total.c),
    pageNum: f.pageNo,
    pageSize: f.pageSize,
  };
}

export interface PushLogFilter {
  pageNo: number;
  pageSize: number;
  targetSystem?: string | undefined;
  dataKind?: string | undefined;
  recordId?: string | undefined;
  status?: 'pending' | 'success' | 'fail' | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  sortOrder?: string | undefined;
}

/** Records of data pushed to external systems, newest first (read-only). */
export async function searchPushLogs(db: Db, f: PushLogFilter) {
  let q = db.selectFrom('sysPushLog');
  if (f.targetSystem) q = q.where('targetSystem', 'ilike', `%${escapeLike(f.targetSystem)}%`);
  if (f.dataKind) q = q.where('dataKind', 'ilike', `%${escapeLike(f.dataKind)}%`);
  if (f.recordId) q = q.where('recordId', '=', f.recordId);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.startTime) q = q.where('createdAt', '>=', startOfDay(f.startTime));
  if (f.endTime) q = q.where('createdAt', '<=', endOfDay(f.endTime));
  const total = await q.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const asc = f.sortOrder === 'asc' || f.sortOrder === 'ascend';
  const rows = await q
    .selectAll()
    .orderBy('createdAt', asc ? 'asc' : 'desc')
    .orderBy('id', asc ? 'asc' : 'desc')
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
    .execute();
  return {
    list: rows.map((r) => ({
      ...r,
      statusLabel: optionLabel(PUSH_STATUS, r.status),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    total: Number(total.c),
    pageNum: f.pageNo,
    pageSize: f.pageSize,
  };
}

export interface PushRecord {
  targetSystem: string;
  dataKind: string;
  recordId: string;
  /** A short description of what was sent; never the payload itself (it may hold personal data). */
  payloadSummary: string;
}

/**
 * For modules that push data to external systems: one row per push, created before the first attempt
 * and updated with each attempt's outcome. Not reachable through the API.
 */
export async function recordPushStart(db: Db, rec: PushRecord, now: Date): Promise<number> {
  const row = await db
    .insertInto('sysPushLog')
    .values({
      createdAt: now,
      updatedAt: now,
      targetSystem: rec.targetSystem.slice(0, 64),
      dataKind: rec.dataKind.slice(0, 64),
      recordId: rec.recordId.slice(0, 64),
      payloadSummary: rec.payloadSummary.replace(/[\r\n]/g, ' ').slice(0, 500),
      status: 'pending',
      responseCode: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function recordPushAttempt(
  db: Db,
  id: number,
  outcome: { ok: boolean; responseCode: number | null; errorMsg?: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('sysPushLog')
    .set((eb) => ({
      status: outcome.ok ? 'success' : 'fail',
      responseCode: outcome.responseCode,
      errorMsg: (outcome.errorMsg ?? '').replace(/[\r\n]/g, ' ').slice(0, 500),
      attempts: eb('attempts', '+', 1),
      updatedAt: now,
    }))
    .where('id', '=', id)
    .execute();
}
