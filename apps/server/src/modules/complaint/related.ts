import { type ComplaintRelated, type ComplaintTarget, chinaDate, DISTRICTS } from '@aqzrx/contracts';
import { sql } from 'kysely';
import { containsPattern } from '../../db/sql.ts';
import type { Db } from '../../platform/context.ts';
import type { CpActor } from './scope.ts';

type Complainant = Extract<CpActor, { kind: 'enterprise' | 'insurer' | 'service' | 'expert' }>;
export type RelatedHit = ComplaintRelated & { district: string | null };

const LIMIT = 50;
const districtOf = (code: string | null) => (code && DISTRICTS.has(code) ? code : null);

/**
 * The complainant's own records a complaint may concern (picker, and the check of the one chosen):
 * policies (the enterprise's, the insurer's as lead or co-insurer, those a provider served), claims (the
 * enterprise's, the insurer's) and prevention services (the enterprise's, the insurer's, the provider's).
 */
export async function relatedRecords(
  db: Db,
  a: Complainant,
  kind: 'policy' | 'claim' | 'plan',
  keyword: string | undefined,
  id?: number,
): Promise<RelatedHit[]> {
  const like = keyword ? containsPattern(keyword) : null;
  if (kind === 'policy') {
    let q = db
      .selectFrom('insPolicy as p')
      .innerJoin('sysOrg as i', 'i.id', 'p.insurerId')
      .select([
        'p.id',
        'p.policyNo',
        'p.applicationNo',
        'p.holderName',
        'p.insurerId',
        'i.name as insurerName',
        'p.districtCode',
      ]);
    if (a.kind === 'enterprise') q = q.where('p.enterpriseId', '=', a.orgId);
    else if (a.kind === 'insurer')
      q = q.where((eb) =>
        eb.or([
          eb('p.insurerId', '=', a.orgId),
          eb.exists(
            eb
              .selectFrom('insPolicyCoinsurer as co')
              .select('co.policyId')
              .whereRef('co.policyId', '=', 'p.id')
              .where('co.insurerId', '=', a.orgId),
          ),
        ]),
      );
    else
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('apPlan as pl')
            .select('pl.id')
            .whereRef('pl.policyId', '=', 'p.id')
            .where('pl.providerOrgId', '=', a.orgId),
        ),
      );
    if (id !== undefined) q = q.where('p.id', '=', id);
    if (like)
      q = q.where((eb) => eb.or([eb('p.policyNo', 'ilike', like), eb('p.holderName', 'ilike', like)]));
    const rows = await q.orderBy('p.id', 'desc').limit(LIMIT).execute();
    return rows.map((r) => ({
      kind,
      id: r.id,
      label: `${r.policyNo ?? r.applicationNo} ${r.holderName}`,
      insurerOrgId: r.insurerId,
      insurerName: r.insurerName,
      providerOrgId: null,
      providerName: '',
      district: districtOf(r.districtCode),
    }));
  }
  if (kind === 'claim') {
    if (a.kind !== 'enterprise' && a.kind !== 'insurer') return [];
    let q = db
      .selectFrom('insClaim as c')
      .innerJoin('sysOrg as i', 'i.id', 'c.insurerId')
      .innerJoin('sysOrg as e', 'e.id', 'c.enterpriseId')
      .select([
        'c.id',
        'c.reportNo',
        'e.name as enterpriseName',
        'c.insurerId',
        'i.name as insurerName',
        'c.districtCode',
      ])
      .where(a.kind === 'enterprise' ? 'c.enterpriseId' : 'c.insurerId', '=', a.orgId);
    if (id !== undefined) q = q.where('c.id', '=', id);
    if (like) q = q.where((eb) => eb.or([eb('c.reportNo', 'ilike', like), eb('e.name', 'ilike', like)]));
    const rows = await q.orderBy('c.id', 'desc').limit(LIMIT).execute();
    return rows.map((r) => ({
      kind,
      id: r.id,
      label: `报案号 ${r.reportNo} ${r.enterpriseName}`,
      insurerOrgId: r.insurerId,
      insurerName: r.insurerName,
      providerOrgId: null,
      providerName: '',
      district: districtOf(r.districtCode),
    }));
  }
  let q = db
    .selectFrom('apPlan as p')
    .innerJoin('sysOrg as i', 'i.id', 'p.insurerId')
    .innerJoin('sysOrg as v', 'v.id', 'p.providerOrgId')
    .select([
      'p.id',
      'p.name',
      'p.plannedStart',
      'p.insurerId',
      'i.name as insurerName',
      'p.providerOrgId',
      'v.name as providerName',
      'p.districtCode',
    ]);
  if (a.kind === 'enterprise') q = q.where('p.enterpriseId', '=', a.orgId);
  else if (a.kind === 'insurer') q = q.where('p.insurerId', '=', a.orgId);
  else q = q.where('p.providerOrgId', '=', a.orgId);
  if (id !== undefined) q = q.where('p.id', '=', id);
  if (like) q = q.where('p.name', 'ilike', like);
  const rows = await q.orderBy('p.id', 'desc').limit(LIMIT).execute();
  return rows.map((r) => ({
    kind,
    id: r.id,
    label: `${r.name}（${chinaDate(new Date(r.plannedStart))}）`,
    insurerOrgId: r.insurerId,
    insurerName: r.insurerName,
    providerOrgId: r.providerOrgId,
    providerName: r.providerName,
    district: districtOf(r.districtCode),
  }));
}

/** Who can be complained about: active organisations of the kind, with the unit that would handle it. */
export async function complaintTargets(
  db: Db,
  a: Complainant,
  kind: 'insurer' | 'service' | 'expert' | 'platform',
  keyword: string | undefined,
): Promise<ComplaintTarget[]> {
  if (kind === 'platform') return [];
  let q = db
    .selectFrom('sysOrg as o')
    .select(['o.id', 'o.name', 'o.uscc'])
    .select((eb) =>
      kind === 'insurer'
        ? eb.ref('o.name').as('handlerName')
        : eb
            .selectFrom('apProject as j')
            .innerJoin('sysOrg as i', 'i.id', 'j.insurerId')
            .select('i.name')
            .where((w) =>
              w.or([
                w('j.serviceOrgId', '=', w.ref('o.id')),
                w.exists(
                  w
                    .selectFrom('apProjectOrg as po')
                    .select('po.projectId')
                    .whereRef('po.projectId', '=', 'j.id')
                    .whereRef('po.orgId', '=', 'o.id'),
                ),
              ]),
            )
            .orderBy('j.id', 'desc')
            .limit(1)
            .as('handlerName'),
    )
    .where('o.orgType', '=', kind)
    .where('o.deletedAt', 'is', null)
    .where('o.id', '!=', a.orgId);
  if (keyword) q = q.where('o.name', 'ilike', containsPattern(keyword));
  const rows = await q.orderBy(sql`o.name`).limit(LIMIT).execute();
  return rows.map((r) => ({
    orgId: r.id,
    name: r.name,
    uscc: r.uscc ?? '',
    handlerName: (r.handlerName as string | null) ?? '运营中心',
  }));
}
