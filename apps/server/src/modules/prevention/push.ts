import { PLAN_STATUSES, PROJECT_STATES, RECORD_STATES, SERVICE_ITEMS } from '@aqzrx/contracts';
import { sql } from 'kysely';
import { dateText } from '../../db/sql.ts';
import type { Db } from '../../platform/context.ts';
import type { Actor } from '../enterprise/index.ts';
import { num } from './common.ts';
import { type PrevActor, planScope, projectScope } from './scope.ts';

/**
 * Prevention records for the push to subscribed subsystems (modules/data-exchange, kinds apProject and
 * apRecord): what changed after the cursor (updated_at, id) and at least `settleBefore` ago, oldest first,
 * in the scope of the subsystem's service account, as the pushed JSON. Record items are the completed
 * services (submitted or confirmed records) with their hazards.
 */
export interface PushCursor {
  at: string;
  id: number;
}
export interface PushBatch {
  items: Array<Record<string, unknown>>;
  last: PushCursor;
  firstId: number;
  lastId: number;
}

const isoMicros = (ref: string) =>
  sql<string>`to_char(${sql.ref(ref)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const after = (cursor: PushCursor | null, alias: 'j' | 'p') =>
  cursor === null
    ? sql<boolean>`true`
    : sql<boolean>`(${sql.ref(`${alias}.updated_at`)}, ${sql.ref(`${alias}.id`)}) > (${cursor.at}::timestamptz, ${cursor.id}::integer)`;

function prevOf(a: Actor): PrevActor {
  if (a.kind === 'government')
    return { kind: 'government', orgId: a.orgId, userId: a.userId, name: a.name, districts: a.districts };
  if (a.kind === 'none') return { kind: 'none', userId: a.userId, name: a.name };
  return { kind: a.kind, orgId: a.orgId, userId: a.userId, name: a.name };
}

export async function changedApProjects(
  db: Db,
  actor: Actor,
  cursor: PushCursor | null,
  settleBefore: Date,
  limit: number,
): Promise<PushBatch | null> {
  const rows = await db
    .selectFrom('apProject as j')
    .innerJoin('sysOrg as io', 'io.id', 'j.insurerId')
    .where(projectScope(prevOf(actor)))
    .where(after(cursor, 'j'))
    .where('j.updatedAt', '<=', settleBefore)
    .select([
      'j.id',
      'j.name',
      'j.contractNo',
      'io.name as insurerName',
      'io.uscc as insurerUscc',
      dateText('j.startDate').as('startDate'),
      dateText('j.endDate').as('endDate'),
      'j.feeRatio',
      'j.feeAmount',
      'j.state',
      'j.version',
      isoMicros('j.updatedAt').as('updatedAtText'),
    ])
    .orderBy('j.updatedAt')
    .orderBy('j.id')
    .limit(limit)
    .execute();
  if (rows.length === 0) return null;
  const ids = rows.map((r) => r.id);
  const [policies, orgs, items] = await Promise.all([
    db
      .selectFrom('apProjectPolicy as pp')
      .innerJoin('insPolicy as ip', 'ip.id', 'pp.policyId')
      .innerJoin('sysOrg as e', 'e.id', 'pp.enterpriseId')
      .select(['pp.projectId', 'ip.policyNo', 'e.uscc', 'e.name', 'pp.districtCode'])
      .where('pp.projectId', 'in', ids)
      .execute(),
    db
      .selectFrom('apProjectOrg as po')
      .innerJoin('sysOrg as o', 'o.id', 'po.orgId')
      .select(['po.projectId', 'po.orgType', 'o.uscc', 'o.name'])
      .where('po.projectId', 'in', ids)
      .execute(),
    db.selectFrom('apProjectItem').selectAll().where('projectId', 'in', ids).orderBy('seq').execute(),
  ]);
  const out = rows.map((r) => ({
    id: r.id,
    name: r.name,
    contractNo: r.contractNo,
    insurer: { uscc: r.insurerUscc ?? '', name: r.insurerName },
    startDate: r.startDate,
    endDate: r.endDate,
    feeRatio: num(r.feeRatio),
    feeAmount: num(r.feeAmount),
    state: r.state,
    stateLabel: PROJECT_STATES.label(r.state),
    policies: policies
      .filter((p) => p.projectId === r.id)
      .map((p) => ({
        policyNo: p.policyNo,
        enterprise: { uscc: p.uscc ?? '', name: p.name, districtCode: p.districtCode },
      })),
    providers: orgs
      .filter((o) => o.projectId === r.id)
      .map((o) => ({ orgType: o.orgType, uscc: o.uscc ?? '', name: o.name })),
    items: items
      .filter((i) => i.projectId === r.id)
      .map((i) => ({
        item: i.item,
        itemLabel: SERVICE_ITEMS.label(i.item),
        subType: i.subType,
        frequency: i.frequency,
        note: i.note,
      })),
    version: r.version,
    updatedAt: r.updatedAtText,
  }));
  const last = rows[rows.length - 1]!;
  return { items: out, last: { at: last.updatedAtText, id: last.id }, firstId: rows[0]!.id, lastId: last.id };
}

export async function changedApRecords(
  db: Db,
  actor: Actor,
  cursor: PushCursor | null,
  settleBefore: Date,
  limit: number,
): Promise<PushBatch | null> {
  const rows = await db
    .selectFrom('apPlan as p')
    .innerJoin('apRecord as r', 'r.planId', 'p.id')
    .innerJoin('apProject as j', 'j.id', 'p.projectId')
    .innerJoin('sysOrg as e', 'e.id', 'p.enterpriseId')
    .innerJoin('sysOrg as prov', 'prov.id', 'p.providerOrgId')
    .where(planScope(prevOf(actor)))
    .where('p.recordState', 'in', ['submitted', 'confirmed'])
    .where(after(cursor, 'p'))
    .where('p.updatedAt', '<=', settleBefore)
    .select([
      'p.id',
      'j.contractNo',
      'p.name',
      'p.item',
      'p.subType',
      'e.uscc as enterpriseUscc',
      'e.name as enterpriseName',
      'p.districtCode',
      'prov.uscc as providerUscc',
      'prov.name as providerName',
      'prov.orgType as providerType',
      'p.status',
      'p.recordState',
      'r.actualStart',
      'r.actualEnd',
      'r.summaryText',
      'r.summary',
      'r.spend',
      'r.submittedAt',
      'r.confirmedAt',
      'p.version',
      isoMicros('p.updatedAt').as('updatedAtText'),
    ])
    .orderBy('p.updatedAt')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  if (rows.length === 0) return null;
  const hazards = await db
    .selectFrom('apHazard')
    .select([
      'planId',
      'description',
      'level',
      'state',
      dateText('checkDate').as('checkDate'),
      'recommendation',
    ])
    .where(
      'planId',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('seq')
    .execute();
  const out = rows.map((r) => {
    const { photos: _p, ...summary } = r.summary as Record<string, unknown>;
    return {
      id: r.id,
      contractNo: r.contractNo,
      name: r.name,
      item: r.item,
      itemLabel: SERVICE_ITEMS.label(r.item),
      subType: r.subType,
      enterprise: { uscc: r.enterpriseUscc ?? '', name: r.enterpriseName, districtCode: r.districtCode },
      provider: { orgType: r.providerType, uscc: r.providerUscc ?? '', name: r.providerName },
      status: r.status,
      statusLabel: PLAN_STATUSES.label(r.status),
      recordState: r.recordState,
      recordStateLabel: RECORD_STATES.label(r.recordState),
      actualStart: r.actualStart.toISOString(),
      actualEnd: r.actualEnd.toISOString(),
      summaryText: r.summaryText,
      summary,
      spend: num(r.spend),
      submittedAt: r.submittedAt?.toISOString() ?? null,
      confirmedAt: r.confirmedAt?.toISOString() ?? null,
      hazards: hazards.filter((h) => h.planId === r.id).map(({ planId: _id, ...h }) => h),
      version: r.version,
      updatedAt: r.updatedAtText,
    };
  });
  const last = rows[rows.length - 1]!;
  return { items: out, last: { at: last.updatedAtText, id: last.id }, firstId: rows[0]!.id, lastId: last.id };
}
