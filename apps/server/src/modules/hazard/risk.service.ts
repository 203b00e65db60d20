import {
  chinaDate,
  computeRiskLevel,
  industryMustInsure,
  RISK_FACTORS,
  type RiskChangeCause,
  type RiskFactor,
  type RiskRuleSet,
  type RiskRulesInput,
  type RiskRuleTable,
  riskReason,
} from '@aqzrx/contracts';
import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/context.ts';
import { countsChanged } from '../../platform/count-cache.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { updateVersioned } from '../../platform/versioned.ts';
import { iso } from './hazard.repo.ts';
import { type HzActor, requireGov } from './scope.ts';

/**
 * Enterprise risk grading (风险分级, 安委办〔2016〕11号 four colours): each enterprise's factor values —
 * industry, open/overdue/major hazards, accidents and claims of the last 365 days, insurance state — go
 * through the one rule table (risk_rule_set, edited by the regulator) to points and a level. The current
 * level is kept in ent_risk, every change in ent_risk_history with its cause and the rules that fired.
 */

export async function loadRuleTable(db: Db): Promise<RiskRuleTable & { version: number }> {
  const r = await db.selectFrom('riskRuleSet').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return { thresholds: r.thresholds, rules: r.rules, version: r.version };
}

/** The factor values of some enterprises on `now` (three grouped queries). */
export async function riskFactors(
  db: Db,
  ids: number[],
  now: Date,
): Promise<Map<number, { districtCode: string; f: Record<RiskFactor, number> }>> {
  const out = new Map<number, { districtCode: string; f: Record<RiskFactor, number> }>();
  if (ids.length === 0) return out;
  const today = chinaDate(now);
  const since = new Date(now.getTime() - 365 * 86_400_000);
  const [ents, hz, claims] = await Promise.all([
    db
      .selectFrom('sysOrg as o')
      .leftJoin('insEnterprise as e', 'e.id', 'o.id')
      .select([
        'o.id',
        'o.districtCode',
        'e.wsIndustryCode',
        'e.mustInsure',
        sql<boolean>`exists (select 1 from ins_policy ip where ip.enterprise_id = o.id and ip.status = 'approved' and ip.start_date <= ${today} and ip.end_date >= ${today})`.as(
          'insured',
        ),
      ])
      .where('o.id', 'in', ids)
      .execute(),
    db
      .selectFrom('apHazard as h')
      .select([
        'h.enterpriseId',
        sql<number>`count(*) filter (where h.level = 2)::int`.as('major'),
        sql<number>`count(*) filter (where h.level = 1)::int`.as('general'),
        sql<number>`count(*) filter (where h.deadline < ${today})::int`.as('overdue'),
      ])
      .where('h.enterpriseId', 'in', ids)
      .where('h.live', '=', true)
      .where('h.rectifyStatus', '!=', 1)
      .groupBy('h.enterpriseId')
      .execute(),
    db
      .selectFrom('insClaim as c')
      .select([
        'c.enterpriseId',
        sql<number>`count(*)::int`.as('claims'),
        sql<number>`count(*) filter (where coalesce(c.accident_level, 0) >= 2 or c.deaths > 0)::int`.as(
          'accidents',
        ),
      ])
      .where('c.enterpriseId', 'in', ids)
      .where('c.accidentAt', '>=', since)
      .where('c.phase', '!=', 'withdrawn')
      .where((eb) =>
        eb.or([eb('c.closeType', 'is', null), eb('c.closeType', 'not in', ['withdrawn', 'invalid'])]),
      )
      .groupBy('c.enterpriseId')
      .execute(),
  ]);
  const hzBy = new Map(hz.map((r) => [r.enterpriseId, r]));
  const clBy = new Map(claims.map((r) => [r.enterpriseId, r]));
  for (const e of ents) {
    const h = hzBy.get(e.id);
    const c = clBy.get(e.id);
    const mustInsure = Boolean(e.mustInsure) || industryMustInsure(e.wsIndustryCode);
    out.set(e.id, {
      districtCode: e.districtCode ?? '',
      f: {
        industryHighRisk: industryMustInsure(e.wsIndustryCode) ? 1 : 0,
        openMajorHazards: Number(h?.major ?? 0),
        overdueHazards: Number(h?.overdue ?? 0),
        openGeneralHazards: Number(h?.general ?? 0),
        accidents: Number(c?.accidents ?? 0),
        claims: Number(c?.claims ?? 0),
        uninsured: mustInsure && !e.insured ? 1 : 0,
      },
    });
  }
  return out;
}

/**
 * Recomputes the risk level of some enterprises and stores it; a changed level (or the first one) is
 * written to the history with the cause and the rules that fired. Returns how many levels changed.
 */
export async function recomputeRisk(
  trx: Tx,
  ids: number[],
  cause: RiskChangeCause,
  now: Date,
  table?: RiskRuleTable,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rules = table ?? (await loadRuleTable(trx));
  const [factors, current] = await Promise.all([
    riskFactors(trx, ids, now),
    trx
      .selectFrom('entRisk')
      .select(['enterpriseId', 'riskLevel'])
      .where('enterpriseId', 'in', ids)
      .execute(),
  ]);
  const prev = new Map(current.map((r) => [r.enterpriseId, r.riskLevel]));
  const rows = [];
  const history = [];
  for (const [id, { districtCode, f }] of factors) {
    const { level, points, fired } = computeRiskLevel(f, rules);
    const reason = riskReason(fired, points);
    rows.push({
      enterpriseId: id,
      districtCode,
      riskLevel: level,
      points,
      factors: JSON.stringify(f),
      openHazards: f.openMajorHazards + f.openGeneralHazards,
      overdueHazards: f.overdueHazards,
      openMajorHazards: f.openMajorHazards,
      reason,
      assessedAt: now,
    });
    const before = prev.get(id);
    if (before !== level)
      history.push({
        enterpriseId: id,
        riskLevel: level,
        previousLevel: before ?? null,
        points,
        cause: before === undefined ? 'initial' : cause,
        reason,
        createdAt: now,
      });
  }
  // The risk and supervision lists filter on these levels: their cached totals go when this commits.
  if (rows.length) countsChanged(trx);
  if (rows.length)
    await trx
      .insertInto('entRisk')
      .values(rows)
      .onConflict((oc) =>
        oc.column('enterpriseId').doUpdateSet((eb) => ({
          districtCode: eb.ref('excluded.districtCode'),
          riskLevel: eb.ref('excluded.riskLevel'),
          points: eb.ref('excluded.points'),
          factors: eb.ref('excluded.factors'),
          openHazards: eb.ref('excluded.openHazards'),
          overdueHazards: eb.ref('excluded.overdueHazards'),
          openMajorHazards: eb.ref('excluded.openMajorHazards'),
          reason: eb.ref('excluded.reason'),
          assessedAt: eb.ref('excluded.assessedAt'),
        })),
      )
      .execute();
  if (history.length) await trx.insertInto('entRiskHistory').values(history).execute();
  return history.length;
}

/** Recomputes every enterprise in batches (the daily job and a rule change). */
export async function recomputeAllRisk(
  db: Db,
  cause: RiskChangeCause,
  now: Date,
  opts: { batchSize?: number } = {},
): Promise<{ checked: number; changed: number }> {
  const batch = opts.batchSize ?? 1000;
  const table = await loadRuleTable(db);
  let after = 0;
  let checked = 0;
  let changed = 0;
  for (;;) {
    const ids = (
      await db
        .selectFrom('sysOrg')
        .select('id')
        .where('orgType', '=', 'enterprise')
        .where('deletedAt', 'is', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(batch)
        .execute()
    ).map((r) => r.id);
    if (ids.length === 0) break;
    changed += await inTransaction(db, (trx) => recomputeRisk(trx, ids, cause, now, table));
    checked += ids.length;
    after = ids[ids.length - 1] ?? after;
  }
  return { checked, changed };
}

export async function getRuleSet(db: Db): Promise<RiskRuleSet> {
  const r = await db.selectFrom('riskRuleSet').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    thresholds: r.thresholds,
    rules: r.rules.map((x) => ({ ...x, label: RISK_FACTORS.label(x.factor) })),
    reason: r.reason,
    updatedAt: iso(r.updatedAt) ?? '',
    updatedByName: r.updatedByName,
    version: r.version,
  };
}

/** POST /api/risk/rules: replaces the table (409 when stale); every level is recomputed after the commit. */
export async function saveRuleSet(trx: Tx, a: HzActor, v: RiskRulesInput, now: Date): Promise<number> {
  requireGov(a);
  return updateVersioned(
    trx,
    'riskRuleSet',
    { id: 1, version: v.version },
    {
      thresholds: JSON.stringify(v.thresholds),
      rules: JSON.stringify(v.rules),
      reason: v.reason,
      updatedAt: now,
      updatedBy: a.userId,
      updatedByName: a.name,
    },
  );
}
