/**
 * Enterprise parameters and the safety score: system values computed from the records, manual values set
 * by the regulator, rescoring (on change, nightly) and the score history.
 */
import {
  chinaDate,
  computeEnterpriseScore,
  ENT_PARAMS,
  type EnterpriseParamsState,
  type EnterpriseParamView,
  type EntParamKey,
  type EntParamValues,
  type Paged,
  scoreGradeOf,
} from '@aqzrx/contracts';
import { sql } from 'kysely';
import { nullableDateText } from '../../db/sql.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { countsChanged } from '../../platform/count-cache.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { assertVersion, updateVersioned } from '../../platform/versioned.ts';
import { enterpriseScope, insuredNowExpr } from './enterprise.repo.ts';

// ---------------------------------------------------------------------------------------------------
// Parameters and score
// ---------------------------------------------------------------------------------------------------

/** What the system judges from platform data (claims, profile, policies). */
export async function systemParams(db: Db, id: number, now: Date): Promise<Partial<EntParamValues>> {
  return (await systemParamsMany(db, [id], now)).get(id) ?? SYSTEM_DEFAULTS;
}

/** The system-judged parameters of an enterprise without a profile row. */
const SYSTEM_DEFAULTS: Partial<EntParamValues> = {
  accidentCount: 0,
  maxAccidentLevel: 0,
  stdGrade: 0,
  licenceValid: 1,
  insured: 1,
  majorHazards: 0,
};

/**
 * The system-judged parameters of several enterprises in two queries (the nightly rescoring reads a batch
 * at once): accidents of the last 365 days (withdrawn and invalid claims left out) and their worst level,
 * the standardisation grade, whether the safety licence is valid today, and whether a must-insure
 * enterprise holds a policy in force today.
 */
async function systemParamsMany(
  db: Db,
  ids: number[],
  now: Date,
): Promise<Map<number, Partial<EntParamValues>>> {
  const out = new Map<number, Partial<EntParamValues>>();
  if (ids.length === 0) return out;
  const today = chinaDate(now);
  const since = new Date(now.getTime() - 365 * 86_400_000);
  const [ents, accs, hazards] = await Promise.all([
    db
      .selectFrom('sysOrg as o')
      .leftJoin('insEnterprise as e', 'e.id', 'o.id')
      .where('o.id', 'in', ids)
      .select((eb) => [
        'o.id',
        'e.stdGrade',
        'e.mustInsure',
        nullableDateText('e.licenceEnd').as('licenceEnd'),
        insuredNowExpr(eb, today).as('insuredNow'),
      ])
      .execute(),
    db
      .selectFrom('insClaim')
      .where('enterpriseId', 'in', ids)
      .where('accidentAt', '>=', since)
      .where('phase', '!=', 'withdrawn')
      .where((eb) =>
        eb.or([eb('closeType', 'is', null), eb('closeType', 'not in', ['withdrawn', 'invalid'])]),
      )
      .groupBy('enterpriseId')
      .select((eb) => [
        'enterpriseId',
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.max('accidentLevel'), sql<number>`0`).as('maxLevel'),
      ])
      .execute(),
    // Open major hazards (modules/hazard: live rows not 已完成).
    db
      .selectFrom('apHazard')
      .where('enterpriseId', 'in', ids)
      .where('live', '=', true)
      .where('level', '=', 2)
      .where('rectifyStatus', '!=', 1)
      .groupBy('enterpriseId')
      .select((eb) => ['enterpriseId', eb.fn.countAll<number>().as('n')])
      .execute(),
  ]);
  const accBy = new Map(accs.map((a) => [a.enterpriseId, a]));
  const hazardBy = new Map(hazards.map((h) => [h.enterpriseId, Number(h.n)]));
  for (const ent of ents) {
    const acc = accBy.get(ent.id);
    out.set(ent.id, {
      accidentCount: Number(acc?.n ?? 0),
      maxAccidentLevel: Number(acc?.maxLevel ?? 0),
      stdGrade: ent.stdGrade ?? 0,
      licenceValid: ent.licenceEnd && ent.licenceEnd < today ? 0 : 1,
      insured: !ent.mustInsure || ent.insuredNow ? 1 : 0,
      majorHazards: hazardBy.get(ent.id) ?? 0,
    });
  }
  return out;
}

type StoredParam = { key: string; source: number; value: number; remark: string; updatedAt: Date };

/** One parameter's effective value: a manual entry (source 2, or a manual-only parameter) or the system's. */
function resolveParam(
  def: (typeof ENT_PARAMS)[number],
  s: StoredParam | undefined,
  sys: Partial<EntParamValues>,
) {
  const systemValue = def.system ? (sys[def.key] ?? 0) : null;
  const manual = s?.source === 2 || !def.system;
  return { manual, systemValue, value: manual ? (s?.value ?? 0) : (systemValue ?? 0) };
}

async function paramState(
  db: Db,
  id: number,
  now: Date,
): Promise<{ params: EnterpriseParamView[]; values: EntParamValues }> {
  const [stored, sys] = await Promise.all([
    db
      .selectFrom('insEntParam')
      .select(['key', 'source', 'value', 'remark', 'updatedAt'])
      .where('enterpriseId', '=', id)
      .execute(),
    systemParams(db, id, now),
  ]);
  const byKey = new Map(stored.map((s) => [s.key, s]));
  const values = {} as EntParamValues;
  const params = ENT_PARAMS.map((def): EnterpriseParamView => {
    const s = byKey.get(def.key);
    const { manual, systemValue, value } = resolveParam(def, s, sys);
    values[def.key] = value;
    return {
      key: def.key,
      label: def.label,
      kind: def.kind,
      system: def.system,
      source: manual ? 2 : 1,
      value,
      systemValue,
      remark: s?.remark ?? '',
      updatedAt: s ? s.updatedAt.toISOString() : null,
    };
  });
  return { params, values };
}

/** The parameter values of several enterprises (the same resolution as paramState). */
async function paramValuesMany(db: Db, ids: number[], now: Date): Promise<Map<number, EntParamValues>> {
  const [stored, sys] = await Promise.all([
    ids.length
      ? db
          .selectFrom('insEntParam')
          .select(['enterpriseId', 'key', 'source', 'value', 'remark', 'updatedAt'])
          .where('enterpriseId', 'in', ids)
          .execute()
      : Promise.resolve([]),
    systemParamsMany(db, ids, now),
  ]);
  const byEnt = new Map<number, Map<string, StoredParam>>();
  for (const s of stored) {
    const m = byEnt.get(s.enterpriseId) ?? new Map<string, StoredParam>();
    byEnt.set(s.enterpriseId, m);
    m.set(s.key, s);
  }
  const out = new Map<number, EntParamValues>();
  for (const id of ids) {
    const values = {} as EntParamValues;
    for (const def of ENT_PARAMS)
      values[def.key] = resolveParam(def, byEnt.get(id)?.get(def.key), sys.get(id) ?? SYSTEM_DEFAULTS).value;
    out.set(id, values);
  }
  return out;
}

/** Recomputes and stores the score (history row when it changed or when asked by a person). */
export async function rescoreEnterprise(
  trx: Tx,
  id: number,
  now: Date,
  userId: number | null,
  reason: string,
  forceHistory = false,
): Promise<{ score: number; scoreGrade: number }> {
  const profile = await trx
    .selectFrom('insEnterprise')
    .select(['score'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!profile) return { score: 0, scoreGrade: 4 };
  const { values } = await paramState(trx, id, now);
  return storeScore(trx, id, values, profile.score, { now, userId, reason, forceHistory });
}

async function storeScore(
  trx: Tx,
  id: number,
  values: EntParamValues,
  previous: string | number | null,
  opts: { now: Date; userId: number | null; reason: string; forceHistory: boolean },
): Promise<{ score: number; scoreGrade: number }> {
  const { score, lines } = computeEnterpriseScore(values);
  const scoreGrade = scoreGradeOf(score);
  const changed = previous === null || Number(previous) !== score;
  await trx
    .updateTable('insEnterprise')
    .set({ score, scoreGrade, blacklist: values.blacklist === 1, scoredAt: opts.now })
    .where('id', '=', id)
    .execute();
  if (changed || opts.forceHistory) {
    await trx
      .insertInto('insEntScore')
      .values({
        enterpriseId: id,
        score,
        scoreGrade,
        params: JSON.stringify({ values, lines }),
        reason: opts.reason.slice(0, 100),
        createdAt: opts.now,
        createdBy: opts.userId,
      })
      .execute();
  }
  return { score, scoreGrade };
}

export const NIGHTLY_RESCORE_REASON = '每日自动重新评分';

/**
 * Nightly rescoring (domain 3.1 "flags recomputed nightly"): as days pass a policy starts or ends, a
 * safety licence lapses and an accident leaves the 365-day window, which no event reports. Every
 * enterprise profile is read in batches of `batchSize` (id order); each batch is one transaction that
 * locks its rows, computes the parameters of all of them in a few queries and writes only the
 * enterprises whose stored score, score grade or blacklist flag differ from the result (a score history
 * row only when the score changed). A second run on the same day finds nothing to write.
 */
export async function rescoreChangedEnterprises(
  db: Db,
  now: Date,
  opts: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<{ checked: number; rescored: number }> {
  const batchSize = opts.batchSize ?? 500;
  let after = 0;
  let checked = 0;
  let rescored = 0;
  for (;;) {
    if (opts.signal?.aborted) break;
    const res = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('insEnterprise as e')
        .innerJoin('sysOrg as o', 'o.id', 'e.id')
        .select(['e.id', 'e.score', 'e.scoreGrade', 'e.blacklist'])
        .where('e.id', '>', after)
        .where('o.deletedAt', 'is', null)
        .orderBy('e.id')
        .limit(batchSize)
        .forUpdate(['e'])
        .execute();
      if (rows.length === 0) return null;
      const values = await paramValuesMany(
        trx,
        rows.map((r) => r.id),
        now,
      );
      let written = 0;
      for (const r of rows) {
        const v = values.get(r.id)!;
        const { score } = computeEnterpriseScore(v);
        const same =
          r.score !== null &&
          Number(r.score) === score &&
          r.scoreGrade === scoreGradeOf(score) &&
          r.blacklist === (v.blacklist === 1);
        if (same) continue;
        await storeScore(trx, r.id, v, r.score, {
          now,
          userId: null,
          reason: NIGHTLY_RESCORE_REASON,
          forceHistory: false,
        });
        written++;
      }
      return { last: rows[rows.length - 1]!.id, n: rows.length, written };
    });
    if (!res) break;
    after = res.last;
    checked += res.n;
    rescored += res.written;
    if (res.n < batchSize) break;
  }
  return { checked, rescored };
}

async function requireInScope(db: Db, actor: Actor, id: number): Promise<{ version: number }> {
  const row = await enterpriseScope(
    db
      .selectFrom('sysOrg as o')
      .leftJoin('insEnterprise as e', 'e.id', 'o.id')
      .where('o.orgType', '=', 'enterprise')
      .where('o.deletedAt', 'is', null),
    actor,
  )
    .where('o.id', '=', id)
    .select(['o.id', 'e.version'])
    .executeTakeFirst();
  if (!row) throw notFound('企业不存在');
  return { version: row.version ?? 0 };
}

export async function getParams(db: Db, actor: Actor, id: number, now: Date): Promise<EnterpriseParamsState> {
  const { version } = await requireInScope(db, actor, id);
  const { params, values } = await paramState(db, id, now);
  const { score, lines } = computeEnterpriseScore(values);
  return { id, version, params, score, scoreGrade: scoreGradeOf(score), lines };
}

/** The regulator sets parameters (manual entry) or hands them back to the system (source 1). */
export async function saveParams(
  trx: Tx,
  actor: Actor,
  input: {
    id: number;
    version: number;
    params: Array<{ key: EntParamKey; source: 1 | 2; value?: number | undefined; remark: string }>;
  },
  now: Date,
): Promise<{ version: number; score: number; scoreGrade: number }> {
  if (actor.kind !== 'government') throw forbidden('企业参数由监管部门维护');
  const { version } = await requireInScope(trx, actor, input.id);
  if (version === 0) throw conflict('该企业尚未完善企业信息，暂不能设置参数');
  assertVersion({ version }, input.version);
  for (const p of input.params) {
    const def = ENT_PARAMS.find((d) => d.key === p.key)!;
    if (p.source === 1 && !def.system) throw conflict(`“${def.label}”只能手动录入`);
    await trx
      .insertInto('insEntParam')
      .values({
        enterpriseId: input.id,
        key: p.key,
        source: p.source,
        value: p.source === 2 ? (p.value ?? 0) : 0,
        remark: p.remark,
        updatedAt: now,
        updatedBy: actor.userId,
      })
      .onConflict((oc) =>
        oc.columns(['enterpriseId', 'key']).doUpdateSet({
          source: p.source,
          value: p.source === 2 ? (p.value ?? 0) : 0,
          remark: p.remark,
          updatedAt: now,
          updatedBy: actor.userId,
        }),
      )
      .execute();
  }
  // The list's score and grade filters count differently now (scheduled rescoring and risk grading leave the
  // totals to their TTL: they run outside request transactions).
  countsChanged(trx);
  const resVersion = await updateVersioned(
    trx,
    'insEnterprise',
    { id: input.id, version: input.version },
    { updatedAt: now, updatedBy: actor.userId },
  );
  // The history says which parameters changed and how, within the column's 100 characters.
  const changes = input.params.map((p) => {
    const def = ENT_PARAMS.find((d) => d.key === p.key)!;
    return p.source === 1 ? `${def.label}改为系统判断` : `${def.label}手动录入为${p.value ?? 0}`;
  });
  const reason = `调整企业参数：${changes.join('；')}`.slice(0, 100);
  const scored = await rescoreEnterprise(trx, input.id, now, actor.userId, reason, true);
  return { version: resVersion, ...scored };
}

export async function scoreHistory(
  db: Db,
  actor: Actor,
  id: number,
  page: { pageNo: number; pageSize: number },
): Promise<
  Paged<{ id: number; score: number; scoreGrade: number; reason: string; createdAt: string; values: unknown }>
> {
  await requireInScope(db, actor, id);
  const total = await db
    .selectFrom('insEntScore')
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .where('enterpriseId', '=', id)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('insEntScore')
    .select(['id', 'score', 'scoreGrade', 'reason', 'createdAt', 'params'])
    .where('enterpriseId', '=', id)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  return {
    list: rows.map((r) => ({
      id: r.id,
      score: Number(r.score),
      scoreGrade: r.scoreGrade,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
      values: (r.params as { values?: unknown } | null)?.values ?? null,
    })),
    total: Number(total.c),
    pageNum: page.pageNo,
    pageSize: page.pageSize,
  };
}

export async function rescoreInScope(trx: Tx, actor: Actor, id: number, now: Date) {
  if (actor.kind !== 'government') throw forbidden('企业评分由监管部门发起重新计算');
  const { version } = await requireInScope(trx, actor, id);
  if (version === 0) throw conflict('该企业尚未完善企业信息，暂不能评分');
  return rescoreEnterprise(trx, id, now, actor.userId, '重新计算评分', true);
}
