import {
  chinaDate,
  OrgStatus,
  optionLabel,
  PUSH_DATA_KINDS,
  PUSH_KIND_PERMISSION,
  type PushDataKind,
  type PushRunStatus,
  type PushSettingsBody,
  type PushSettingsView,
  SubsystemStatus,
  UserStatus,
} from '@aqzrx/contracts';
import { type Expression, type RawBuilder, sql } from 'kysely';
import { permissionsAt } from '../../platform/auth.ts';
import type { AuthContext, Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { hasPermission } from '../../platform/permissions.ts';
import { assertVersion, foundOrStale, updateVersioned } from '../../platform/versioned.ts';
import { claimScope } from '../claim/index.ts';
import { type Actor, dateText, nullableDateText, resolveActor } from '../enterprise/index.ts';
import { policyScope, policyState } from '../policy/index.ts';

/**
 * Push settings of a subsystem and the data a push carries (the worker in push.worker.ts sends it).
 *
 * What a subsystem receives is what its service account may see: the records in the account's row scope
 * (policies: issued ones of an insurer's, an enterprise's or a regulator's districts; claims likewise), of
 * the kinds its role may query (policy.query, claim.query). The watermark per kind is updated_at + id of the
 * last record delivered, kept to the microsecond as text so that no record is sent twice or skipped.
 */

/** timestamptz as ISO 8601 UTC text with microseconds (the database's full precision). */
export function isoMicros(col: Expression<unknown> | string): RawBuilder<string> {
  const ref = typeof col === 'string' ? sql.ref(col) : col;
  return sql<string>`to_char(${ref} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export const PUSH_KINDS = PUSH_DATA_KINDS.map((k) => k.value);
const kindLabel = (k: PushDataKind) => optionLabel(PUSH_DATA_KINDS, k);

export function parseKinds(s: string): PushDataKind[] {
  return s
    .split(',')
    .map((x) => x.trim())
    .filter((x): x is PushDataKind => (PUSH_KINDS as string[]).includes(x));
}

/** A subsystem with its push settings, credentials and service account, as the worker needs them. */
export async function loadTarget(db: Db, subsystemId: number) {
  return db
    .selectFrom('sysSubsystem as s')
    .leftJoin('sysSubsystemPush as sp', 'sp.subsystemId', 's.id')
    .leftJoin('sysUser as u', 'u.id', 's.serviceUserId')
    .leftJoin('sysOrg as o', 'o.id', 'u.orgId')
    .select([
      's.id',
      's.name',
      's.code',
      's.status',
      's.appKey',
      's.secretEnc',
      'sp.pushUrl',
      'sp.enabled',
      'sp.dataKinds',
      'sp.version',
      'sp.lastPushAt',
      'sp.lastPushStatus',
      'sp.lastPushMessage',
      'u.id as userId',
      'u.username',
      'u.nickname',
      'u.status as userStatus',
      'u.deletedAt as userDeletedAt',
      'u.roleId',
      'u.orgId',
      'u.districtCodes',
      'o.name as orgName',
      'o.status as orgStatus',
    ])
    .where('s.id', '=', subsystemId)
    .executeTakeFirst();
}
export type PushTarget = NonNullable<Awaited<ReturnType<typeof loadTarget>>>;

/** The service account as a request context (what resolveActor and the permission check read). */
function serviceAuth(t: PushTarget): AuthContext | undefined {
  if (
    t.userId === null ||
    t.roleId === null ||
    t.userDeletedAt ||
    t.userStatus === UserStatus.DISABLED ||
    t.orgStatus === OrgStatus.SUSPENDED
  )
    return undefined;
  return {
    sessionId: -t.id,
    userId: t.userId,
    username: t.username ?? '',
    nickname: t.nickname ?? '',
    roleId: t.roleId,
    roleKey: '',
    orgId: t.orgId,
    orgName: t.orgName ?? '',
    status: t.userStatus ?? UserStatus.ACTIVE,
    districtCodes: t.districtCodes ? t.districtCodes.split(',').filter(Boolean) : [],
    mustChangePassword: false,
    passwordExpired: false,
    permissionVersion: -1,
  };
}

const SUBSYSTEM_DISABLED = '子系统已停用';

export interface PushPlan {
  actor: Actor;
  /** The configured kinds the service account may read. */
  kinds: PushDataKind[];
}

/**
 * Whether the subsystem can push now, and what: the kinds its account may read, or the reasons it cannot
 * (Chinese, shown on the settings screen and as the run's message).
 */
export async function pushPlan(
  db: Db,
  t: PushTarget,
  kinds: PushDataKind[],
): Promise<{ plan?: PushPlan; problems: string[] }> {
  const problems: string[] = [];
  if (t.status !== SubsystemStatus.ENABLED) problems.push(SUBSYSTEM_DISABLED);
  if (!t.appKey || !t.secretEnc) problems.push('未生成接入凭据（推送请求须以子系统密钥签名）');
  const auth = serviceAuth(t);
  if (!auth) {
    problems.push('未绑定服务账号，或服务账号（或其所属机构）已停用（推送的数据范围由服务账号决定）');
    return { problems };
  }
  const actor = await resolveActor(db, auth);
  if (actor.kind === 'none')
    problems.push('服务账号不属于企业、保险机构或监管部门，没有可推送的数据范围，请更换服务账号');
  const perms = await permissionsAt(db, auth.roleId, -1);
  const allowed = kinds.filter((k) => hasPermission(perms, `${PUSH_KIND_PERMISSION[k]}.query`));
  for (const k of kinds)
    if (!allowed.includes(k))
      problems.push(`服务账号的角色没有${kindLabel(k)}查询权限，不能推送${kindLabel(k)}数据`);
  if (problems.length) return { problems };
  return { plan: { actor, kinds: allowed }, problems };
}

// ---------------------------------------------------------------------------------------------------
// Settings (admin API)
// ---------------------------------------------------------------------------------------------------

export async function pushSettings(db: Db, subsystemId: number, running: boolean): Promise<PushSettingsView> {
  const t = await loadTarget(db, subsystemId);
  if (!t) throw notFound('子系统不存在');
  const kinds = parseKinds(t.dataKinds ?? '');
  const cursors = await db
    .selectFrom('sysSubsystemPushCursor')
    .select(['dataKind', 'cursorId', isoMicros('cursorAt').as('cursorAt')])
    .where('subsystemId', '=', subsystemId)
    .execute();
  const { problems } = t.enabled ? await pushPlan(db, t, kinds) : { problems: [] };
  return {
    subsystemId: t.id,
    subsystemName: t.name,
    subsystemCode: t.code,
    pushUrl: t.pushUrl ?? '',
    enabled: t.enabled ?? false,
    dataKinds: kinds,
    version: t.version ?? 0,
    cursors: PUSH_DATA_KINDS.map((k) => {
      const c = cursors.find((x) => x.dataKind === k.value);
      return { kind: k.value, label: k.label, cursorAt: c?.cursorAt ?? null, cursorId: c?.cursorId ?? 0 };
    }),
    lastPushAt: t.lastPushAt?.toISOString() ?? null,
    lastPushStatus: t.lastPushStatus ?? null,
    lastPushMessage: t.lastPushMessage ?? '',
    running,
    problems,
  };
}

export async function savePushSettings(
  trx: Tx,
  body: PushSettingsBody,
  userId: number,
  now: Date,
): Promise<number> {
  const t = await loadTarget(trx, body.subsystemId);
  if (!t) throw notFound('子系统不存在');
  if (body.enabled) {
    if (!t.appKey || !t.secretEnc) throw badRequest('请先为该子系统生成接入凭据：推送请求须以子系统密钥签名');
    const { problems } = await pushPlan(trx, t, body.dataKinds);
    // A disabled subsystem may be configured ahead; it pushes once enabled.
    const blocking = problems.filter((p) => p !== SUBSYSTEM_DISABLED);
    if (blocking.length) throw badRequest(blocking.join('；'));
  }
  const values = { pushUrl: body.pushUrl, enabled: body.enabled, dataKinds: body.dataKinds.join(',') };
  let version: number;
  if (t.version === null) {
    assertVersion(undefined, body.version);
    const row = await trx
      .insertInto('sysSubsystemPush')
      .values({
        subsystemId: body.subsystemId,
        ...values,
        lastPushStatus: null,
        createdAt: now,
        updatedAt: now,
        createdBy: userId,
        updatedBy: userId,
      })
      .onConflict((oc) => oc.column('subsystemId').doNothing())
      .returning('version')
      .executeTakeFirst();
    version = foundOrStale(row).version;
  } else {
    assertVersion({ version: t.version }, body.version);
    version = await updateVersioned(
      trx,
      'sysSubsystemPush',
      { id: body.subsystemId, version: body.version },
      { ...values, updatedAt: now, updatedBy: userId },
      { by: 'subsystemId' },
    );
  }
  if (body.resetCursor)
    await trx.deleteFrom('sysSubsystemPushCursor').where('subsystemId', '=', body.subsystemId).execute();
  return version;
}

/** Refuses a manual push that cannot run (404 missing, 409 not enabled or not pushable). */
export async function assertPushable(db: Db, subsystemId: number): Promise<void> {
  const t = await loadTarget(db, subsystemId);
  if (!t) throw notFound('子系统不存在');
  if (!t.enabled) throw conflict('该子系统未启用数据推送，请先填写推送地址、选择推送数据并启用');
  const { problems } = await pushPlan(db, t, parseKinds(t.dataKinds ?? ''));
  if (problems.length) throw conflict(`不能推送：${problems.join('；')}`);
}

/** Subsystems whose pushes are enabled (the worker's list each run). */
export async function enabledTargets(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('sysSubsystemPush as sp')
    .innerJoin('sysSubsystem as s', 's.id', 'sp.subsystemId')
    .select('s.id')
    .where('sp.enabled', '=', true)
    .where('s.status', '=', SubsystemStatus.ENABLED)
    .orderBy('s.id')
    .execute();
  return rows.map((r) => r.id);
}

export async function recordRun(
  db: Db,
  subsystemId: number,
  status: PushRunStatus,
  message: string,
  now: Date,
): Promise<void> {
  // No version bump: the worker's bookkeeping must not make an administrator's edit stale.
  await db
    .updateTable('sysSubsystemPush')
    .set({
      lastPushAt: now,
      lastPushStatus: status,
      lastPushMessage: message.replace(/[\r\n]/g, ' ').slice(0, 500),
    })
    .where('subsystemId', '=', subsystemId)
    .execute();
}

// ---------------------------------------------------------------------------------------------------
// The push lease (several instances: one pushes a subsystem at a time)
// ---------------------------------------------------------------------------------------------------

/**
 * Takes the lease of a subsystem's push for `owner` (an instance's worker) until `now + leaseMs`, unless another
 * owner holds an unexpired one. The row is picked FOR UPDATE SKIP LOCKED: of instances racing for it, the first
 * takes it and the others pass on at once instead of waiting for it.
 */
export async function claimPushLease(
  db: Db,
  subsystemId: number,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const row = await db
    .updateTable('sysSubsystemPush')
    .set({ runOwner: owner, runUntil: new Date(now.getTime() + leaseMs) })
    .where('subsystemId', '=', (eb) =>
      eb
        .selectFrom('sysSubsystemPush as free')
        .select('free.subsystemId')
        .where('free.subsystemId', '=', subsystemId)
        .where((w) =>
          w.or([
            w('free.runUntil', 'is', null),
            w('free.runUntil', '<=', now),
            w('free.runOwner', '=', owner),
          ]),
        )
        .forUpdate()
        .skipLocked(),
    )
    .returning('subsystemId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Extends the lease while the owner still holds it; false when it was lost (expired and taken over). */
export async function renewPushLease(
  db: Db,
  subsystemId: number,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const res = await db
    .updateTable('sysSubsystemPush')
    .set({ runUntil: new Date(now.getTime() + leaseMs) })
    .where('subsystemId', '=', subsystemId)
    .where('runOwner', '=', owner)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function releasePushLease(db: Db, subsystemId: number, owner: string): Promise<void> {
  await db
    .updateTable('sysSubsystemPush')
    .set({ runOwner: null, runUntil: null })
    .where('subsystemId', '=', subsystemId)
    .where('runOwner', '=', owner)
    .execute();
}

/** Whether some instance holds the subsystem's push lease now. */
export async function pushLeaseHeld(db: Db, subsystemId: number, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('sysSubsystemPush')
    .select('runUntil')
    .where('subsystemId', '=', subsystemId)
    .executeTakeFirst();
  return !!row?.runUntil && row.runUntil.getTime() > now.getTime();
}

// ---------------------------------------------------------------------------------------------------
// Cursors and changed records
// ---------------------------------------------------------------------------------------------------

export interface Cursor {
  /** ISO text with microseconds. */
  at: string;
  id: number;
}

export async function readCursor(db: Db, subsystemId: number, kind: PushDataKind): Promise<Cursor | null> {
  const row = await db
    .selectFrom('sysSubsystemPushCursor')
    .select([isoMicros('cursorAt').as('at'), 'cursorId'])
    .where('subsystemId', '=', subsystemId)
    .where('dataKind', '=', kind)
    .executeTakeFirst();
  return row ? { at: row.at, id: row.cursorId } : null;
}

/**
 * Moves the cursor from `prev` to `next` (compare-and-set: false when someone else moved or reset it
 * meanwhile, and then this run stops for the kind).
 */
export async function advanceCursor(
  db: Db,
  subsystemId: number,
  kind: PushDataKind,
  prev: Cursor | null,
  next: Cursor,
  now: Date,
): Promise<boolean> {
  if (prev === null) {
    const res = await db
      .insertInto('sysSubsystemPushCursor')
      .values({ subsystemId, dataKind: kind, cursorAt: next.at, cursorId: next.id, updatedAt: now })
      .onConflict((oc) => oc.columns(['subsystemId', 'dataKind']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const res = await db
    .updateTable('sysSubsystemPushCursor')
    .set({ cursorAt: next.at, cursorId: next.id, updatedAt: now })
    .where('subsystemId', '=', subsystemId)
    .where('dataKind', '=', kind)
    .where('cursorAt', '=', sql<Date>`${prev.at}::timestamptz`)
    .where('cursorId', '=', prev.id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

const after = (cursor: Cursor | null, table: 'p' | 'c') =>
  cursor === null
    ? sql<boolean>`true`
    : sql<boolean>`(${sql.ref(`${table}.updated_at`)}, ${sql.ref(`${table}.id`)}) > (${cursor.at}::timestamptz, ${cursor.id}::integer)`;

const num = (v: string | null) => (v === null ? null : Number(v));
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface ChangedBatch {
  items: Array<Record<string, unknown>>;
  /** The cursor after the last item. */
  last: Cursor;
  firstId: number;
  lastId: number;
}

/**
 * Issued policies (approved or cancelled) in the actor's scope changed after the cursor and at least
 * `settleBefore` ago, oldest first, at most `limit`, as the pushed JSON.
 */
export async function changedPolicies(
  db: Db,
  actor: Actor,
  cursor: Cursor | null,
  settleBefore: Date,
  limit: number,
  now: Date,
): Promise<ChangedBatch | null> {
  const rows = await policyScope(db.selectFrom('insPolicy as p'), actor)
    .innerJoin('sysOrg as io', 'io.id', 'p.insurerId')
    .select([
      'p.id',
      'p.policyNo',
      'p.applicationNo',
      'p.status',
      'p.enteredBy',
      'p.isRenewal',
      dateText('p.startDate').as('startDate'),
      dateText('p.endDate').as('endDate'),
      nullableDateText('p.signDate').as('signDate'),
      'p.holderName',
      'p.holderUscc',
      'p.districtCode',
      'p.address',
      'p.wsIndustryCode',
      'p.gbIndustryCode',
      'io.name as insurerName',
      'io.uscc as insurerUscc',
      'p.headcount',
      'p.perPersonLimit',
      'p.medicalLimit',
      'p.perAccidentLimit',
      'p.benchmarkRate',
      'p.floatPct',
      'p.premium',
      'p.preventionFeePct',
      'p.preventionFee',
      'p.preventionFrequency',
      'p.serviceItems',
      'p.serviceItemOther',
      nullableDateText('p.cancelledOn').as('cancelledOn'),
      'p.cancelReason',
      'p.version',
      isoMicros('p.updatedAt').as('updatedAtText'),
    ])
    .where('p.status', 'in', ['approved', 'cancelled'])
    .where(after(cursor, 'p'))
    .where('p.updatedAt', '<=', settleBefore)
    .orderBy('p.updatedAt')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  if (rows.length === 0) return null;
  const ids = rows.map((r) => r.id);
  const [coinsurers, factors] = await Promise.all([
    db
      .selectFrom('insPolicyCoinsurer as pc')
      .innerJoin('sysOrg as o', 'o.id', 'pc.insurerId')
      .select(['pc.policyId', 'o.uscc', 'o.name', 'pc.role', 'pc.share'])
      .where('pc.policyId', 'in', ids)
      .orderBy('pc.role')
      .orderBy('pc.insurerId')
      .execute(),
    db
      .selectFrom('insPolicyFactor')
      .select(['policyId', 'code', 'pct', 'reason'])
      .where('policyId', 'in', ids)
      .orderBy('sort')
      .execute(),
  ]);
  const today = chinaDate(now);
  const items = rows.map((r) => ({
    id: r.id,
    policyNo: r.policyNo,
    applicationNo: r.applicationNo,
    status: r.status,
    state: policyState(r.status, r.startDate, r.endDate, today),
    enteredBy: r.enteredBy,
    isRenewal: r.isRenewal,
    startDate: r.startDate,
    endDate: r.endDate,
    signDate: r.signDate,
    enterprise: {
      uscc: r.holderUscc,
      name: r.holderName,
      districtCode: r.districtCode,
      address: r.address,
      wsIndustryCode: r.wsIndustryCode,
      gbIndustryCode: r.gbIndustryCode,
    },
    insurer: { uscc: r.insurerUscc ?? '', name: r.insurerName },
    headcount: r.headcount,
    perPersonLimit: Number(r.perPersonLimit),
    medicalLimit: Number(r.medicalLimit),
    perAccidentLimit: Number(r.perAccidentLimit),
    benchmarkRate: Number(r.benchmarkRate),
    floatPct: Number(r.floatPct),
    factors: factors
      .filter((f) => f.policyId === r.id)
      .map((f) => ({ code: f.code, pct: Number(f.pct), reason: f.reason })),
    premium: Number(r.premium),
    coinsurers: coinsurers
      .filter((c) => c.policyId === r.id)
      .map((c) => ({ insurerUscc: c.uscc ?? '', insurerName: c.name, role: c.role, share: Number(c.share) })),
    preventionFeePct: Number(r.preventionFeePct),
    preventionFee: Number(r.preventionFee),
    preventionFrequency: r.preventionFrequency,
    serviceItems: r.serviceItems,
    serviceItemOther: r.serviceItemOther,
    cancelledOn: r.cancelledOn,
    cancelReason: r.cancelReason,
    version: r.version,
    updatedAt: r.updatedAtText,
  }));
  const last = rows[rows.length - 1]!;
  return { items, last: { at: last.updatedAtText, id: last.id }, firstId: rows[0]!.id, lastId: last.id };
}

/**
 * Claims in the actor's scope changed after the cursor, as the pushed JSON. The reporter's name and phone
 * and the injured persons' list stay on the platform (personal data the receiver does not need).
 */
export async function changedClaims(
  db: Db,
  actor: Actor,
  cursor: Cursor | null,
  settleBefore: Date,
  limit: number,
): Promise<ChangedBatch | null> {
  const rows = await claimScope(db.selectFrom('insClaim as c'), actor)
    .innerJoin('insPolicy as p', 'p.id', 'c.policyId')
    .innerJoin('sysOrg as eo', 'eo.id', 'c.enterpriseId')
    .innerJoin('sysOrg as io', 'io.id', 'c.insurerId')
    .select([
      'c.id',
      'c.reportNo',
      'c.registerNo',
      'p.policyNo',
      'eo.uscc as enterpriseUscc',
      'eo.name as enterpriseName',
      'io.uscc as insurerUscc',
      'io.name as insurerName',
      'c.districtCode',
      'c.wsIndustryCode',
      'c.phase',
      'c.step',
      'c.reportedAt',
      'c.accidentAt',
      'c.accidentDistrictCode',
      'c.accidentAddress',
      'c.accidentDesc',
      'c.accidentType',
      'c.accidentLevel',
      'c.cause',
      'c.deaths',
      'c.injuries',
      'c.estimatedLoss',
      'c.registeredAt',
      'c.assessedTotal',
      'c.advanceTotal',
      'c.payoutTotal',
      'c.firstPaidAt',
      'c.paidAt',
      'c.closedAt',
      'c.closeType',
      'c.deniedReason',
      'c.version',
      isoMicros('c.updatedAt').as('updatedAtText'),
    ])
    .where(after(cursor, 'c'))
    .where('c.updatedAt', '<=', settleBefore)
    .orderBy('c.updatedAt')
    .orderBy('c.id')
    .limit(limit)
    .execute();
  if (rows.length === 0) return null;
  const items = rows.map((r) => ({
    id: r.id,
    reportNo: r.reportNo,
    registerNo: r.registerNo,
    policyNo: r.policyNo,
    enterprise: { uscc: r.enterpriseUscc ?? '', name: r.enterpriseName },
    insurer: { uscc: r.insurerUscc ?? '', name: r.insurerName },
    districtCode: r.districtCode,
    wsIndustryCode: r.wsIndustryCode,
    phase: r.phase,
    step: r.step,
    reportedAt: iso(r.reportedAt),
    accidentAt: iso(r.accidentAt),
    accidentDistrictCode: r.accidentDistrictCode,
    accidentAddress: r.accidentAddress,
    accidentDesc: r.accidentDesc,
    accidentType: r.accidentType,
    accidentLevel: r.accidentLevel,
    cause: r.cause,
    deaths: r.deaths,
    injuries: r.injuries,
    estimatedLoss: num(r.estimatedLoss),
    registeredAt: iso(r.registeredAt),
    assessedTotal: num(r.assessedTotal),
    advanceTotal: Number(r.advanceTotal),
    payoutTotal: num(r.payoutTotal),
    firstPaidAt: iso(r.firstPaidAt),
    paidAt: iso(r.paidAt),
    closedAt: iso(r.closedAt),
    closeType: r.closeType,
    deniedReason: r.deniedReason,
    version: r.version,
    updatedAt: r.updatedAtText,
  }));
  const last = rows[rows.length - 1]!;
  return { items, last: { at: last.updatedAtText, id: last.id }, firstId: rows[0]!.id, lastId: last.id };
}
