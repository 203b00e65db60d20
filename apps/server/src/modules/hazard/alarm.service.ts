import {
  ALARM_KINDS,
  ALARM_STATES,
  type AlarmAckInput,
  type AlarmItem,
  type AlarmQuery,
  type Paged,
} from '@aqzrx/contracts';
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { containsPattern } from '../../db/sql.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { cachedTotal, countsChanged, countUpTo } from '../../platform/count-cache.ts';
import { notFound } from '../../platform/errors.ts';
import { iso } from './hazard.repo.ts';
import { type HzActor, hzScopeKey } from './scope.ts';

/** The rule of each alarm kind in words (shown with the alarm). */
export const ALARM_RULE_TEXT: Record<string, string> = {
  hazardOverdue: '一般隐患超过限时整改日期仍未完成整改',
  majorHazardOpen: '存在未完成整改的重大隐患',
  majorHazardOverdue: '重大隐患超过限时整改日期仍未完成整改',
  policyExpiring: '保单30日内到期且尚无续保保单',
  noPreventionService: '保险期间已过半，尚未完成任何事故预防服务',
  fundBehindPlan: '保险期间已过75%，预防费用使用不足计提额的50%',
  claimUnpaid: '立案超过60日（平台设置）仍未赔付',
  riskRaised: '企业风险等级为重大或较大',
};

const TARGET_LABEL: Record<string, string> = {
  hazard: '隐患',
  policy: '保单',
  claim: '理赔案件',
  fund: '预防费用',
  enterprise: '企业',
};

type AEb = ExpressionBuilder<DB & { a: DB['alarm'] }, 'a'>;

/** The alarms an actor sees: a regulator those of its districts, an insurer those of its business. */
export function alarmScope(actor: HzActor) {
  return (eb: AEb) => {
    if (actor.kind === 'government' && actor.districts.length)
      return eb('a.districtCode', 'in', actor.districts);
    if (actor.kind === 'insurer') return eb('a.insurerId', '=', actor.orgId);
    return sql<SqlBool>`false`;
  };
}

function filtered(db: Db, actor: HzActor, q: AlarmQuery) {
  let s = db.selectFrom('alarm as a').where(alarmScope(actor));
  if (q.kind) s = s.where('a.kind', '=', q.kind);
  if (q.state) s = s.where('a.state', '=', q.state);
  if (q.districtCode) s = s.where('a.districtCode', '=', q.districtCode);
  if (q.enterpriseId) s = s.where('a.enterpriseId', '=', q.enterpriseId);
  const mine = (eb: AEb) =>
    eb.exists(
      eb
        .selectFrom('alarmAck as k')
        .select(sql`1`.as('x'))
        .whereRef('k.alarmId', '=', 'a.id')
        .where('k.userId', '=', actor.userId),
    );
  if (q.acknowledged === true) s = s.where(mine);
  if (q.acknowledged === false) s = s.where((eb) => eb.not(mine(eb)));
  if (q.keyword) {
    const k = containsPattern(q.keyword);
    s = s.where((eb) =>
      eb.or([
        eb('a.detail', 'ilike', k),
        eb.exists(
          eb
            .selectFrom('sysOrg as ke')
            .select(sql`1`.as('x'))
            .whereRef('ke.id', '=', 'a.enterpriseId')
            .where('ke.name', 'ilike', k),
        ),
      ]),
    );
  }
  return s;
}

/**
 * POST /api/alarm/list: open ones first, newest first; with the caller's and its colleagues' acknowledgements.
 * The total is counted up to the cap and cached per scope and filters (the caller's own acknowledgements
 * when filtered by them); the alarm job, hazard events and acknowledging drop it (countsChanged).
 */
export async function listAlarms(db: Db, actor: HzActor, q: AlarmQuery): Promise<Paged<AlarmItem>> {
  const { pageNo, pageSize, ...filters } = q;
  const mineKey = q.acknowledged === undefined ? '' : `|user:${actor.userId}`;
  const key = `alarm|${hzScopeKey(actor)}${mineKey}|${JSON.stringify(filters)}`;
  const [total, rows] = await Promise.all([
    cachedTotal(db, key, (limit) => countUpTo(db, filtered(db, actor, q).select('a.id'), limit)),
    filtered(db, actor, q)
      .leftJoin('sysOrg as e', 'e.id', 'a.enterpriseId')
      .selectAll('a')
      .select('e.name as enterpriseName')
      .orderBy('a.state')
      .orderBy('a.firstSeenAt', 'desc')
      .orderBy('a.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
  ]);
  const ids = rows.map((r) => r.id);
  const orgId = actor.kind === 'none' ? null : actor.orgId;
  const acks = ids.length
    ? await db
        .selectFrom('alarmAck')
        .selectAll()
        .where('alarmId', 'in', ids)
        .where((eb) =>
          orgId === null
            ? eb('userId', '=', actor.userId)
            : eb.or([eb('userId', '=', actor.userId), eb('orgId', '=', orgId)]),
        )
        .orderBy('ackedAt')
        .execute()
    : [];
  return {
    list: rows.map((r) => {
      const mine = acks.find((k) => k.alarmId === r.id && k.userId === actor.userId);
      return {
        id: r.id,
        kind: r.kind,
        kindLabel: ALARM_KINDS.label(r.kind),
        rule: ALARM_RULE_TEXT[r.kind] ?? '',
        targetType: r.targetType,
        targetId: r.targetId,
        targetLabel: TARGET_LABEL[r.targetType] ?? r.targetType,
        enterpriseId: r.enterpriseId,
        enterpriseName: r.enterpriseName ?? '',
        districtCode: r.districtCode,
        insurerId: r.insurerId,
        detail: r.detail,
        state: r.state,
        stateLabel: ALARM_STATES.label(r.state),
        firstSeenAt: iso(r.firstSeenAt) ?? '',
        lastSeenAt: iso(r.lastSeenAt) ?? '',
        resolvedAt: iso(r.resolvedAt),
        acknowledged: Boolean(mine),
        acknowledgedAt: iso(mine?.ackedAt),
        acknowledgedBy: acks
          .filter((k) => k.alarmId === r.id)
          .map((k) => ({ name: k.byName, at: iso(k.ackedAt) ?? '' })),
      };
    }),
    ...total,
    pageNum: pageNo,
    pageSize,
  };
}

/**
 * POST /api/alarm/ack: the caller acknowledges alarms in its scope (once per user; acknowledging again
 * keeps the first time). Any id out of scope answers 404 and nothing is stored.
 */
export async function ackAlarms(trx: Tx, actor: HzActor, v: AlarmAckInput, now: Date): Promise<number> {
  const ids = [...new Set(v.ids)];
  const seen = await trx
    .selectFrom('alarm as a')
    .select('a.id')
    .where(alarmScope(actor))
    .where('a.id', 'in', ids)
    .execute();
  if (seen.length !== ids.length) throw notFound('未找到要确认的预警，或不在您的管辖范围内');
  const orgId = actor.kind === 'none' ? null : actor.orgId;
  const res = await trx
    .insertInto('alarmAck')
    .values(
      ids.map((alarmId) => ({ alarmId, userId: actor.userId, orgId, byName: actor.name, ackedAt: now })),
    )
    .onConflict((oc) => oc.columns(['alarmId', 'userId']).doNothing())
    .executeTakeFirst();
  // The list filtered by 已确认/未确认 counts the caller's acknowledgements.
  countsChanged(trx);
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}
