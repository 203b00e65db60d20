import type { TrainingPhase, trainingListFilters } from '@aqzrx/contracts';
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { escapeLike } from '../../db/sql.ts';
import type { Db } from '../../platform/context.ts';
import type { ActivityActor } from './activity-actor.ts';
import { dayBounds } from './dates.ts';

/** SQL of training sessions and sign-ups (the service holds the rules). */

type TQB = SelectQueryBuilder<DB & { t: DB['apTraining'] }, 't', object>;

/** Persons and enterprises of the active sign-ups, and the attendance recorded. */
const signedParticipants = sql<string>`(SELECT coalesce(sum(s.participants), 0) FROM ap_training_signup s WHERE s.training_id = t.id AND s.status = 'signed')`;
const signedEnterprises = sql<string>`(SELECT count(*) FROM ap_training_signup s WHERE s.training_id = t.id AND s.status = 'signed')`;
const attendedEnterprises = sql<string>`(SELECT count(*) FROM ap_training_signup s WHERE s.training_id = t.id AND s.status = 'signed' AND s.attended)`;
const attendees = sql<string>`(SELECT coalesce(sum(s.attendee_count), 0) FROM ap_training_signup s WHERE s.training_id = t.id AND s.status = 'signed' AND s.attended)`;

function listOf(codes: readonly string[]): Expression<unknown> {
  return sql`ARRAY[${sql.join(codes.map((c) => sql`${c}`))}]::text[]`;
}

/** The enterprise's district and top-level industry (AQ01…AQ09), which decide the sessions it may join. */
export async function enterpriseProfile(db: Db, orgId: number) {
  const r = await db
    .selectFrom('sysOrg as o')
    .leftJoin('insEnterprise as e', 'e.id', 'o.id')
    .select(['o.id', 'o.name', 'o.districtCode', 'e.wsIndustryCode'])
    .where('o.id', '=', orgId)
    .executeTakeFirst();
  return {
    id: orgId,
    name: r?.name ?? '',
    districtCode: r?.districtCode ?? '',
    industryTop: (r?.wsIndustryCode ?? '').slice(0, 4),
  };
}
export type EnterpriseProfile = Awaited<ReturnType<typeof enterpriseProfile>>;

/** Sessions an enterprise of this district and industry is targeted by. */
export function eligibleFor(p: EnterpriseProfile) {
  return sql<SqlBool>`(${p.districtCode} = ANY(string_to_array(t.target_districts, ','))
    AND (t.target_industries = '' OR ${p.industryTop} = ANY(string_to_array(t.target_industries, ','))))`;
}

/**
 * Row scope: a publisher its own sessions; a regulator the sessions targeting one of its districts; an
 * enterprise the sessions it is targeted by or has signed up for. Nobody else sees any.
 */
export function trainingScope<QB extends TQB>(qb: QB, actor: ActivityActor, ent?: EnterpriseProfile): QB {
  if (actor.kind === 'publisher') return qb.where('t.publisherOrgId', '=', actor.orgId) as QB;
  if (actor.kind === 'government' && actor.districts.length > 0)
    return qb.where(
      sql<SqlBool>`string_to_array(t.target_districts, ',') && ${listOf(actor.districts)}`,
    ) as QB;
  if (actor.kind === 'enterprise' && ent)
    return qb.where((eb) =>
      eb.or([
        eligibleFor(ent),
        eb.exists(
          eb
            .selectFrom('apTrainingSignup as ms')
            .select('ms.id')
            .whereRef('ms.trainingId', '=', 't.id')
            .where('ms.enterpriseId', '=', actor.orgId),
        ),
      ]),
    ) as QB;
  return qb.where(sql<SqlBool>`false`) as QB;
}

export function trainingSelect(db: Db) {
  return db
    .selectFrom('apTraining as t')
    .innerJoin('sysOrg as po', 'po.id', 't.publisherOrgId')
    .select([
      't.id',
      't.publisherOrgId',
      't.publisherType',
      'po.name as publisherName',
      't.topic',
      't.mode',
      't.startsAt',
      't.endsAt',
      't.place',
      't.onlineLink',
      't.capacity',
      't.targetDistricts',
      't.targetIndustries',
      't.status',
      't.createdAt',
      't.version',
      signedParticipants.as('signedParticipants'),
      signedEnterprises.as('signedEnterprises'),
      attendedEnterprises.as('attendedEnterprises'),
      attendees.as('attendees'),
    ]);
}
export type TrainingDbRow = Awaited<ReturnType<ReturnType<typeof trainingSelect>['executeTakeFirstOrThrow']>>;

/** The phase filter as SQL at `now` (TRAINING_PHASES). */
function phaseWhere(phase: TrainingPhase, now: Date) {
  const published = sql<SqlBool>`t.status = 'published'`;
  switch (phase) {
    case 'open':
      return sql<SqlBool>`${published} AND t.starts_at > ${now} AND ${signedParticipants} < t.capacity`;
    case 'full':
      return sql<SqlBool>`${published} AND t.starts_at > ${now} AND ${signedParticipants} >= t.capacity`;
    case 'ongoing':
      return sql<SqlBool>`${published} AND t.starts_at <= ${now} AND t.ends_at > ${now}`;
    case 'toRecord':
      return sql<SqlBool>`${published} AND t.ends_at <= ${now}`;
    case 'completed':
      return sql<SqlBool>`t.status = 'completed'`;
    case 'cancelled':
      return sql<SqlBool>`t.status = 'cancelled'`;
  }
}

/** The filtered, scoped query of a list or export (no order, no page). */
export function filteredTrainings(
  db: Db,
  actor: ActivityActor,
  q: z.output<typeof trainingListFilters>,
  now: Date,
  ent?: EnterpriseProfile,
) {
  let qb = trainingScope(trainingSelect(db), actor, ent);
  if (actor.kind === 'enterprise') {
    if (q.view === 'mine')
      qb = qb.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('apTrainingSignup as vs')
            .select('vs.id')
            .whereRef('vs.trainingId', '=', 't.id')
            .where('vs.enterpriseId', '=', actor.orgId),
        ),
      );
    else if (ent)
      qb = qb.where(eligibleFor(ent)).where('t.status', '=', 'published').where('t.startsAt', '>', now);
  }
  if (q.keyword) {
    const k = `%${escapeLike(q.keyword)}%`;
    qb = qb.where((eb) => eb.or([eb('t.topic', 'like', k), eb('po.name', 'like', k)]));
  }
  if (q.mode) qb = qb.where('t.mode', '=', q.mode);
  if (q.phase) qb = qb.where(phaseWhere(q.phase, now));
  if (q.district) qb = qb.where(sql<SqlBool>`${q.district} = ANY(string_to_array(t.target_districts, ','))`);
  if (q.publisherId) qb = qb.where('t.publisherOrgId', '=', q.publisherId);
  const { from, to } = dayBounds(q.from, q.to);
  if (from) qb = qb.where('t.startsAt', '>=', from);
  if (to) qb = qb.where('t.startsAt', '<=', to);
  return qb;
}

/** Sign-ups of sessions; `enterpriseId` limits them to one enterprise's. */
export function signUpSelect(db: Db) {
  return db
    .selectFrom('apTrainingSignup as s')
    .innerJoin('sysOrg as eo', 'eo.id', 's.enterpriseId')
    .select([
      's.id',
      's.trainingId',
      's.enterpriseId',
      'eo.name as enterpriseName',
      'eo.districtCode',
      's.participants',
      's.contactName',
      's.contactPhoneEnc',
      's.remark',
      's.status',
      's.signedAt',
      's.cancelledAt',
      's.attended',
      's.attendeeCount',
      's.version',
    ]);
}
export type SignUpDbRow = Awaited<ReturnType<ReturnType<typeof signUpSelect>['executeTakeFirstOrThrow']>>;

/** The enterprise's sign-up of each session (the active one, else the latest). */
export async function latestSignUps(
  db: Db,
  enterpriseId: number,
  trainingIds: number[],
): Promise<Map<number, SignUpDbRow>> {
  if (trainingIds.length === 0) return new Map();
  const rows = await signUpSelect(db)
    .where('s.enterpriseId', '=', enterpriseId)
    .where('s.trainingId', 'in', trainingIds)
    .orderBy('s.id', 'desc')
    .execute();
  const out = new Map<number, SignUpDbRow>();
  for (const r of rows) {
    const have = out.get(r.trainingId);
    if (!have || (have.status !== 'signed' && r.status === 'signed')) out.set(r.trainingId, r);
  }
  return out;
}

/** The session row for a write, locked (capacity and state are checked under the lock). */
export async function lockTraining(db: Db, id: number) {
  return db.selectFrom('apTraining').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Persons already holding seats of a session. */
export async function seatsTaken(db: Db, trainingId: number): Promise<number> {
  const r = await db
    .selectFrom('apTrainingSignup')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('participants'), eb.val('0')).as('n'))
    .where('trainingId', '=', trainingId)
    .where('status', '=', 'signed')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Enterprises a session targets (district and industry), for the announcement. */
export async function targetEnterprises(
  db: Db,
  districts: readonly string[],
  industries: readonly string[],
): Promise<number[]> {
  let qb = db
    .selectFrom('sysOrg as o')
    .leftJoin('insEnterprise as e', 'e.id', 'o.id')
    .select('o.id')
    .where('o.orgType', '=', 'enterprise')
    .where('o.deletedAt', 'is', null)
    .where('o.status', '=', 1)
    .where('o.districtCode', 'in', [...districts]);
  if (industries.length > 0)
    qb = qb.where(sql<SqlBool>`left(coalesce(e.ws_industry_code, ''), 4) = ANY(${listOf(industries)})`);
  return (await qb.orderBy('o.id').execute()).map((r) => r.id);
}

/** Enterprises holding an active sign-up of a session. */
export async function signedEnterpriseIds(db: Db, trainingId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('apTrainingSignup')
    .select('enterpriseId')
    .where('trainingId', '=', trainingId)
    .where('status', '=', 'signed')
    .execute();
  return rows.map((r) => r.enterpriseId);
}

export interface TrainingServiceFilter {
  enterpriseIds?: readonly number[];
  /** Districts of the attending enterprises. */
  districts?: readonly string[];
  publisherOrgId?: number;
  /** Sessions starting in [from, to). */
  from?: Date;
  to?: Date;
}

export interface TrainingServiceCount {
  enterpriseId: number;
  /** Completed sessions the enterprise attended (each a type-01 service). */
  sessions: number;
  /** Persons of the enterprise who attended them. */
  attendees: number;
  lastAt: Date | null;
}

/**
 * Type-01 services delivered by training: per enterprise, the completed sessions it attended and the persons
 * who came. The prevention module reads it (through index.ts); nothing here writes to its tables.
 */
export async function trainingServiceCounts(
  db: Db,
  f: TrainingServiceFilter = {},
): Promise<TrainingServiceCount[]> {
  let qb = db
    .selectFrom('apTrainingSignup as s')
    .innerJoin('apTraining as t', 't.id', 's.trainingId')
    .innerJoin('sysOrg as eo', 'eo.id', 's.enterpriseId')
    .select((eb) => [
      's.enterpriseId',
      eb.fn.count<string>('s.id').as('sessions'),
      eb.fn.coalesce(eb.fn.sum<string>('s.attendeeCount'), eb.val('0')).as('attendees'),
      eb.fn.max('t.startsAt').as('lastAt'),
    ])
    .where('t.status', '=', 'completed')
    .where('s.status', '=', 'signed')
    .where('s.attended', '=', true)
    .groupBy('s.enterpriseId');
  if (f.enterpriseIds) {
    if (f.enterpriseIds.length === 0) return [];
    qb = qb.where('s.enterpriseId', 'in', [...f.enterpriseIds]);
  }
  if (f.districts) {
    if (f.districts.length === 0) return [];
    qb = qb.where('eo.districtCode', 'in', [...f.districts]);
  }
  if (f.publisherOrgId !== undefined) qb = qb.where('t.publisherOrgId', '=', f.publisherOrgId);
  if (f.from) qb = qb.where('t.startsAt', '>=', f.from);
  if (f.to) qb = qb.where('t.startsAt', '<', f.to);
  const rows = await qb.orderBy('s.enterpriseId').execute();
  return rows.map((r) => ({
    enterpriseId: r.enterpriseId,
    sessions: Number(r.sessions),
    attendees: Number(r.attendees),
    lastAt: r.lastAt ? new Date(r.lastAt as Date) : null,
  }));
}
