import type { preventionFilingListFilters } from '@aqzrx/contracts';
import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { escapeLike } from '../../db/sql.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Db } from '../../platform/context.ts';

/** SQL of prevention plan filings (the service holds the rules). */

type FQB = SelectQueryBuilder<DB & { f: DB['apPreventionFiling'] }, 'f', object>;

/** Which side reads: the insurer its own filings, or a regulator those naming one of its districts. */
export type FilingSide = 'insurer' | 'regulator';

/** A list of codes as a text[] literal. */
const textArray = (codes: readonly string[]) => sql`ARRAY[${sql.join(codes.map((c) => sql`${c}`))}]::text[]`;

/** Row scope by side: the insurer's own; a regulator's districts. Anyone else (or the other side) nothing. */
export function filingScope<QB extends FQB>(qb: QB, actor: Actor, side: FilingSide): QB {
  if (side === 'insurer' && actor.kind === 'insurer') return qb.where('f.insurerId', '=', actor.orgId) as QB;
  if (side === 'regulator' && actor.kind === 'government' && actor.districts.length > 0)
    return qb.where(sql<SqlBool>`string_to_array(f.districts, ',') && ${textArray(actor.districts)}`) as QB;
  return qb.where(sql<SqlBool>`false`) as QB;
}

export function filingSelect(db: Db) {
  return db
    .selectFrom('apPreventionFiling as f')
    .innerJoin('sysOrg as io', 'io.id', 'f.insurerId')
    .leftJoin('sysUser as su', 'su.id', 'f.submittedBy')
    .leftJoin('sysUser as ru', 'ru.id', 'f.reviewedBy')
    .select([
      'f.id',
      'f.insurerId',
      'io.name as insurerName',
      'f.year',
      'f.versionNo',
      'f.latest',
      'f.districts',
      'f.plannedServices',
      'f.plannedTotal',
      'f.expectedPremium',
      'f.budgetAmount',
      'f.status',
      'f.submittedAt',
      'su.nickname as submittedByName',
      'f.reviewedAt',
      'ru.nickname as reviewedByName',
      'f.reviewRemark',
      'f.version',
      sql<string>`(SELECT count(*) FROM ap_prevention_filing v WHERE v.insurer_id = f.insurer_id AND v.year = f.year)`.as(
        'versions',
      ),
    ]);
}
export type FilingDbRow = Awaited<ReturnType<ReturnType<typeof filingSelect>['executeTakeFirstOrThrow']>>;

/** The latest version of each insurer's year under the filters and scope. */
export function filteredFilings(
  db: Db,
  actor: Actor,
  side: FilingSide,
  q: z.output<typeof preventionFilingListFilters>,
) {
  let qb = filingScope(filingSelect(db), actor, side).where('f.latest', '=', true);
  if (q.year) qb = qb.where('f.year', '=', q.year);
  if (q.status) qb = qb.where('f.status', '=', q.status);
  if (q.district) qb = qb.where(sql<SqlBool>`${q.district} = ANY(string_to_array(f.districts, ','))`);
  if (q.insurerId) qb = qb.where('f.insurerId', '=', q.insurerId);
  if (q.keyword) qb = qb.where('io.name', 'like', `%${escapeLike(q.keyword)}%`);
  return qb;
}

export async function lockFiling(db: Db, id: number) {
  return db.selectFrom('apPreventionFiling').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The latest version of an insurer's year, locked. */
export async function lockLatest(db: Db, insurerId: number, year: number) {
  return db
    .selectFrom('apPreventionFiling')
    .selectAll()
    .where('insurerId', '=', insurerId)
    .where('year', '=', year)
    .where('latest', '=', true)
    .forUpdate()
    .executeTakeFirst();
}
