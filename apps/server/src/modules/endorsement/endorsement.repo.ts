/**
 * Endorsement queries: who sees which endorsement (row scope), the list and the detail with its roster and
 * actions. No writes: applying, review, withdrawal and taking effect are in endorsement.service.ts.
 */
import {
  ENDORSEMENT_STATUS,
  ENDORSEMENT_TYPES,
  type EndorsementRow,
  type EndorsementStatus,
  type endorsementListQuery,
  ID_TYPES,
  optionLabel,
  type Paged,
} from '@aqzrx/contracts';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import type { Db } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { type Actor, dateText, escapeLike } from '../enterprise/index.ts';
import { attachmentFiles } from '../policy/index.ts';
import { endorsementTransition } from './endorsement.machine.ts';

type EndQB = SelectQueryBuilder<DB & { en: DB['insEndorsement'] }, 'en', object>;

/**
 * Row scope: the enterprise its own endorsements; an insurer those of policies it underwrites (lead or
 * co-insurer); the government those of its districts' policies. Others none.
 */
export function endorsementScope<QB extends EndQB>(qb: QB, actor: Actor): QB {
  if (actor.kind === 'enterprise') return qb.where('en.enterpriseId', '=', actor.orgId) as QB;
  if (actor.kind === 'insurer')
    return qb.where('en.policyId', 'in', (eb) =>
      eb.selectFrom('insPolicyCoinsurer as pc').select('pc.policyId').where('pc.insurerId', '=', actor.orgId),
    ) as QB;
  if (actor.kind === 'government' && actor.districts.length > 0)
    return qb.where('en.policyId', 'in', (eb) =>
      eb.selectFrom('insPolicy as gp').select('gp.id').where('gp.districtCode', 'in', actor.districts),
    ) as QB;
  return qb.where(sql<boolean>`false`) as QB;
}

function baseSelect(db: Db) {
  return db
    .selectFrom('insEndorsement as en')
    .innerJoin('insPolicy as p', 'p.id', 'en.policyId')
    .select([
      'en.id',
      'en.endorsementNo',
      'en.policyId',
      'p.policyNo',
      'p.holderName',
      'en.enterpriseId',
      'en.insurerId',
      'en.type',
      'en.reason',
      dateText('en.effectiveDate').as('effectiveDate'),
      'en.premiumDelta',
      'en.status',
      'en.appliedAt',
      'en.reviewedAt',
      'en.reviewRemark',
      'en.version',
      'en.updatedAt',
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof baseSelect>['executeTakeFirstOrThrow']>>;

function toRow(r: Row): EndorsementRow {
  return {
    id: r.id,
    endorsementNo: r.endorsementNo,
    policyId: r.policyId,
    policyNo: r.policyNo,
    holderName: r.holderName,
    enterpriseId: r.enterpriseId,
    insurerId: r.insurerId,
    type: r.type,
    typeLabel: optionLabel(ENDORSEMENT_TYPES, r.type),
    reason: r.reason,
    effectiveDate: r.effectiveDate,
    premiumDelta: Number(r.premiumDelta),
    status: r.status,
    statusLabel: optionLabel(ENDORSEMENT_STATUS, r.status),
    appliedAt: r.appliedAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    reviewRemark: r.reviewRemark,
    version: r.version,
  };
}

export async function listEndorsements(
  db: Db,
  actor: Actor,
  q: z.output<typeof endorsementListQuery>,
): Promise<Paged<EndorsementRow>> {
  let qb = endorsementScope(baseSelect(db), actor);
  if (q.keyword) {
    const k = q.keyword.trim();
    qb = qb.where((eb) =>
      eb.or([
        eb('en.endorsementNo', '=', k),
        eb('p.policyNo', '=', k),
        eb('p.holderName', 'like', `%${escapeLike(k)}%`),
      ]),
    );
  }
  if (q.type) qb = qb.where('en.type', '=', q.type);
  if (q.status) qb = qb.where('en.status', '=', q.status as EndorsementStatus);
  if (q.policyId) qb = qb.where('en.policyId', '=', q.policyId);
  const total = await qb
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .executeTakeFirstOrThrow();
  const rows = await qb
    .orderBy('en.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return { list: rows.map(toRow), total: Number(total.c), pageNum: q.pageNo, pageSize: q.pageSize };
}

export async function getEndorsement(db: Db, actor: Actor, id: number) {
  const r = await endorsementScope(
    baseSelect(db).select(['en.change', 'en.before', 'en.after', 'en.attachments', 'en.policyVersion']),
    actor,
  )
    .where('en.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound('批改申请不存在');
  const lead = actor.kind === 'insurer' && actor.orgId === r.insurerId;
  const applicant = actor.kind === 'enterprise' && actor.orgId === r.enterpriseId;
  const [roster, files] = await Promise.all([
    db
      .selectFrom('insEndorsementPerson')
      .select(['direction', 'name', 'idType', 'idNoMask', 'position'])
      .where('endorsementId', '=', id)
      .orderBy('sort')
      .execute(),
    attachmentFiles(db, r.attachments),
  ]);
  return {
    ...toRow(r),
    change: r.change,
    /** The persons leaving and joining, ID numbers masked (security P04). */
    roster: roster.map((p) => ({
      direction: p.direction,
      name: p.name,
      idType: p.idType,
      idTypeLabel: optionLabel(ID_TYPES, p.idType),
      idNo: p.idNoMask,
      position: p.position,
    })),
    before: r.before,
    after: r.after,
    attachments: r.attachments,
    attachmentFiles: files,
    policyVersion: r.policyVersion,
    /** When the enterprise withdrew it (its last change: withdrawn is terminal). */
    withdrawnAt: r.status === 'withdrawn' ? r.updatedAt.toISOString() : null,
    actions: {
      review: lead && endorsementTransition(r.status, 'approve') !== null,
      withdraw: applicant && endorsementTransition(r.status, 'withdraw') !== null,
    },
  };
}
