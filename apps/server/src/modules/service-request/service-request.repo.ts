import type { serviceRequestListFilters } from '@aqzrx/contracts';
import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { dateText, escapeLike, nullableDateText } from '../../db/sql.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Db } from '../../platform/context.ts';
import { endOfDay, startOfDay } from '../../platform/dates.ts';

/** SQL of service requests (the service holds the rules). */

type RQB = SelectQueryBuilder<DB & { r: DB['apServiceRequest'] }, 'r', object>;

/** Row scope: the enterprise its own; the insurer those addressed to it; a regulator its districts'. */
export function requestScope<QB extends RQB>(qb: QB, actor: Actor): QB {
  if (actor.kind === 'enterprise') return qb.where('r.enterpriseId', '=', actor.orgId) as QB;
  if (actor.kind === 'insurer') return qb.where('r.insurerId', '=', actor.orgId) as QB;
  if (actor.kind === 'government' && actor.districts.length > 0)
    return qb.where('r.districtCode', 'in', actor.districts) as QB;
  return qb.where(sql<SqlBool>`false`) as QB;
}

export function requestSelect(db: Db) {
  return db
    .selectFrom('apServiceRequest as r')
    .innerJoin('sysOrg as eo', 'eo.id', 'r.enterpriseId')
    .innerJoin('sysOrg as io', 'io.id', 'r.insurerId')
    .innerJoin('insPolicy as p', 'p.id', 'r.policyId')
    .leftJoin('sysUser as au', 'au.id', 'r.answeredBy')
    .select([
      'r.id',
      'r.enterpriseId',
      'eo.name as enterpriseName',
      'r.districtCode',
      'r.policyId',
      'p.policyNo',
      'p.applicationNo',
      'r.insurerId',
      'io.name as insurerName',
      'r.item',
      'r.description',
      dateText('r.wishedFrom').as('wishedFrom'),
      nullableDateText('r.wishedTo').as('wishedTo'),
      'r.contactName',
      'r.contactPhoneEnc',
      'r.status',
      'r.answerRemark',
      'r.answeredAt',
      'au.nickname as answeredByName',
      'r.planId',
      // The insurer's open project covering the request's policy: where a plan answering it is made.
      (eb) =>
        eb
          .selectFrom('apProjectPolicy as pp')
          .innerJoin('apProject as j', 'j.id', 'pp.projectId')
          .select((e) => e.fn.max('pp.projectId').as('projectId'))
          .whereRef('pp.policyId', '=', 'r.policyId')
          .whereRef('j.insurerId', '=', 'r.insurerId')
          .where('j.state', '<', 3)
          .as('projectId'),
      'r.scheduledAt',
      'r.withdrawnAt',
      'r.createdAt',
      'r.version',
    ]);
}
export type RequestDbRow = Awaited<ReturnType<ReturnType<typeof requestSelect>['executeTakeFirstOrThrow']>>;

export function filteredRequests(db: Db, actor: Actor, q: z.output<typeof serviceRequestListFilters>) {
  let qb = requestScope(requestSelect(db), actor);
  if (q.keyword) {
    const k = `%${escapeLike(q.keyword)}%`;
    qb = qb.where((eb) =>
      eb.or([eb('eo.name', 'like', k), eb('r.description', 'like', k), eb('p.policyNo', '=', q.keyword!)]),
    );
  }
  if (q.item) qb = qb.where('r.item', '=', q.item);
  if (q.status) qb = qb.where('r.status', '=', q.status);
  if (q.district) qb = qb.where('r.districtCode', '=', q.district);
  if (q.id) qb = qb.where('r.id', '=', q.id);
  if (q.policyId) qb = qb.where('r.policyId', '=', q.policyId);
  if (q.from) qb = qb.where('r.createdAt', '>=', startOfDay(q.from));
  if (q.to) qb = qb.where('r.createdAt', '<=', endOfDay(q.to));
  return qb;
}

/** The enterprise's policies in force on `today` (issued, not cancelled), with their lead insurer. */
export function policiesInForce(db: Db, enterpriseId: number, today: string) {
  return db
    .selectFrom('insPolicy as p')
    .innerJoin('sysOrg as io', 'io.id', 'p.insurerId')
    .select([
      'p.id as policyId',
      'p.policyNo',
      'p.insurerId',
      'io.name as insurerName',
      'p.districtCode',
      dateText('p.startDate').as('startDate'),
      dateText('p.endDate').as('endDate'),
    ])
    .where('p.enterpriseId', '=', enterpriseId)
    .where('p.status', '=', 'approved')
    .where('p.startDate', '<=', today)
    .where('p.endDate', '>=', today)
    .orderBy('p.endDate', 'desc');
}

export async function lockRequest(db: Db, id: number) {
  return db.selectFrom('apServiceRequest').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}
