import { ALARM_LIMITS, chinaDate } from '@aqzrx/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { Db, Tx } from '../../platform/context.ts';
import { countsChanged } from '../../platform/count-cache.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { notifyHazard } from './notices.ts';

/**
 * The alarm job (预警): each rule is one set-based SELECT of the records it holds for today, upserted
 * into `alarm` keyed by (kind, target) — so a record raises one alarm per rule however often the job
 * runs (deduplicated) — with last_seen_at = now; afterwards the open alarms of a rule not seen in this run
 * are resolved (their record no longer meets the rule). It runs daily over everything and, restricted to
 * some hazards, on the events that change them (registration, rectification, review, handling). A major
 * hazard's first overdue alarm also sends the regulator a to-do (hazard.majorOverdue).
 *
 * Rules (the columns: kind, target_type, target_id, enterprise_id, district_code, insurer_id, detail):
 *  - hazardOverdue: a general hazard open past its deadline;
 *  - majorHazardOpen: a major hazard open, not yet past its deadline;
 *  - majorHazardOverdue: a major hazard open past its deadline;
 *  - policyExpiring: an approved policy ending within 30 days with no later policy of the enterprise
 *    (approved or submitted);
 *  - noPreventionService: a policy in force for at least half its period without a completed service;
 *  - fundBehindPlan: a prevention fund whose policy is 75 % through its period but under 50 % spent;
 *  - claimUnpaid: a claim registered more than 60 days (the insurance setting) ago, not paid nor closed;
 *  - riskRaised: an enterprise whose risk level is 重大 or 较大 (regulator only).
 */
export type AlarmScope = { hazardIds?: readonly number[] };

interface Rule {
  kind: string;
  /** Only hazard rules run for an event of some hazards. */
  hazard: boolean;
  select: (p: {
    now: Date;
    today: string;
    claimDays: number;
    ids: readonly number[] | null;
  }) => RawBuilder<unknown>;
}

const hazardIn = (ids: readonly number[] | null) =>
  ids === null ? sql`true` : sql`h.id in (${sql.join(ids.map((i) => sql`${i}::int`))})`;

const hazardRule = (
  kind: string,
  where: (today: string) => RawBuilder<unknown>,
  detail: (today: string) => RawBuilder<unknown>,
): Rule => ({
  kind,
  hazard: true,
  select: ({ today, ids }) => sql`
    select ${kind}::varchar as kind, 'hazard'::varchar as target_type, h.id as target_id, h.enterprise_id,
      h.district_code, h.insurer_id, ${detail(today)} as detail
    from ap_hazard h
    where h.live and h.rectify_status <> 1 and h.last_handling <> 'close' and ${where(today)} and ${hazardIn(ids)}`,
});

const overdueDetail = (today: string) =>
  sql`'限时整改日期 ' || to_char(h.deadline, 'YYYY-MM-DD') || '，已逾期 ' || (${today}::date - h.deadline) || ' 天：' || left(h.description, 60)`;

export const ALARM_RULES: Rule[] = [
  hazardRule('hazardOverdue', (today) => sql`h.level = 1 and h.deadline < ${today}::date`, overdueDetail),
  hazardRule(
    'majorHazardOpen',
    (today) => sql`h.level = 2 and (h.deadline is null or h.deadline >= ${today}::date)`,
    () =>
      sql`'重大隐患未整改' || coalesce('，限时整改日期 ' || to_char(h.deadline, 'YYYY-MM-DD'), '') || '：' || left(h.description, 60)`,
  ),
  hazardRule(
    'majorHazardOverdue',
    (today) => sql`h.level = 2 and h.deadline < ${today}::date`,
    overdueDetail,
  ),
  {
    kind: 'policyExpiring',
    hazard: false,
    select: ({ today }) => sql`
      select 'policyExpiring'::varchar, 'policy'::varchar, ip.id, ip.enterprise_id, ip.district_code, ip.insurer_id,
        '保单 ' || coalesce(ip.policy_no, ip.application_no) || ' 将于 ' || to_char(ip.end_date, 'YYYY-MM-DD') || ' 到期，尚未续保'
      from ins_policy ip
      where ip.status = 'approved' and ip.end_date >= ${today}::date
        and ip.end_date <= ${today}::date + ${ALARM_LIMITS.policyExpiringDays}::int
        and not exists (select 1 from ins_policy n where n.enterprise_id = ip.enterprise_id and n.id <> ip.id
          and n.status in ('approved', 'submitted') and n.end_date > ip.end_date)`,
  },
  {
    kind: 'noPreventionService',
    hazard: false,
    select: ({ today }) => sql`
      select 'noPreventionService'::varchar, 'policy'::varchar, ip.id, ip.enterprise_id, ip.district_code, ip.insurer_id,
        '保单 ' || coalesce(ip.policy_no, ip.application_no) || ' 已过保险期间过半，尚未完成任何事故预防服务'
      from ins_policy ip
      where ip.status = 'approved' and ip.start_date <= ${today}::date and ip.end_date >= ${today}::date
        and (${today}::date - ip.start_date) * 2 >= (ip.end_date - ip.start_date)
        and not exists (select 1 from ap_plan p where p.policy_id = ip.id and p.status = 2)`,
  },
  {
    kind: 'fundBehindPlan',
    hazard: false,
    select: ({ today }) => sql`
      select 'fundBehindPlan'::varchar, 'fund'::varchar, f.id, f.enterprise_id, f.district_code, f.insurer_id,
        '预防费用已计提 ' || f.accrued || ' 元，仅使用 ' || f.spent || ' 元（保险期间已过 ' ||
          round(100.0 * (${today}::date - ip.start_date) / greatest(ip.end_date - ip.start_date, 1)) || '%）'
      from ap_fund f join ins_policy ip on ip.id = f.policy_id
      where f.state <> 'writtenOff' and f.accrued > 0 and ip.end_date >= ${today}::date
        and (${today}::date - ip.start_date) * 100 >= ${ALARM_LIMITS.fundPeriodPct}::int * (ip.end_date - ip.start_date)
        and f.spent * 100 < ${ALARM_LIMITS.fundSpendPct}::int * f.accrued`,
  },
  {
    kind: 'claimUnpaid',
    hazard: false,
    select: ({ now, claimDays }) => sql`
      select 'claimUnpaid'::varchar, 'claim'::varchar, c.id, c.enterprise_id, c.district_code, c.insurer_id,
        '案件 ' || coalesce(c.register_no, c.report_no) || ' 立案于 ' ||
          to_char(c.registered_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') || '，超过 ' || ${claimDays}::int || ' 天尚未赔付'
      from ins_claim c
      where c.registered_at is not null and c.registered_at <= ${now}::timestamptz - make_interval(days => ${claimDays}::int)
        and c.first_paid_at is null and c.paid_at is null and c.closed_at is null
        and c.phase not in ('paid', 'closed', 'withdrawn')`,
  },
  {
    kind: 'riskRaised',
    hazard: false,
    select: () => sql`
      select 'riskRaised'::varchar, 'enterprise'::varchar, r.enterprise_id, r.enterprise_id, r.district_code, null::int,
        case r.risk_level when 1 then '重大风险' else '较大风险' end || '（' || r.points || '分）：' || left(r.reason, 200)
      from ent_risk r where r.risk_level <= 2`,
  },
];

/** Runs the rules (all, or the hazard rules for some hazards); returns the alarms raised, kept and resolved. */
export async function runAlarmRules(
  db: Db | Tx,
  now: Date,
  opts: { hazardIds?: readonly number[]; claimUnpaidDays?: number; notifyNew?: boolean } = {},
): Promise<{ raised: number; open: number; resolved: number }> {
  const today = chinaDate(now);
  const ids = opts.hazardIds ?? null;
  if (ids !== null && ids.length === 0) return { raised: 0, open: 0, resolved: 0 };
  const claimDays = opts.claimUnpaidDays ?? ALARM_LIMITS.claimUnpaidDays;
  let raised = 0;
  let open = 0;
  let resolved = 0;
  const newMajorOverdue: number[] = [];
  for (const rule of ALARM_RULES) {
    if (ids !== null && !rule.hazard) continue;
    const rows = await sql<{ targetId: number; fresh: boolean }>`
      insert into alarm as a (kind, target_type, target_id, enterprise_id, district_code, insurer_id, detail,
        state, first_seen_at, last_seen_at)
      select s.*, 1, ${now}::timestamptz, ${now}::timestamptz
      from (${rule.select({ now, today, claimDays, ids })}) as s(kind, target_type, target_id, enterprise_id,
        district_code, insurer_id, detail)
      on conflict (kind, target_type, target_id) do update set
        last_seen_at = excluded.last_seen_at, detail = excluded.detail, insurer_id = excluded.insurer_id,
        district_code = excluded.district_code,
        first_seen_at = case when a.state = 2 then excluded.first_seen_at else a.first_seen_at end,
        state = 1, resolved_at = null
      returning a.target_id, (a.xmax = 0) as fresh`.execute(db);
    open += rows.rows.length;
    const fresh = rows.rows.filter((r) => r.fresh);
    raised += fresh.length;
    if (rule.kind === 'majorHazardOverdue') newMajorOverdue.push(...fresh.map((r) => r.targetId));
    // A full run resolves what it did not see this time; an event's run, the given records it did not return.
    const kept = new Set(rows.rows.map((r) => r.targetId));
    const gone = ids === null ? null : ids.filter((i) => !kept.has(i));
    if (gone !== null && gone.length === 0) continue;
    const res = await sql`
      update alarm set state = 2, resolved_at = ${now}::timestamptz
      where kind = ${rule.kind} and state = 1
        and ${gone === null ? sql`last_seen_at < ${now}::timestamptz` : sql`target_id in (${sql.join(gone.map((i) => sql`${i}::int`))})`}`.execute(
      db,
    );
    resolved += Number(res.numAffectedRows ?? 0);
  }
  // The alarm list's cached totals go when this commits (at once outside a transaction).
  countsChanged(db);
  if (opts.notifyNew !== false)
    for (const id of newMajorOverdue)
      await notifyHazard(db as Tx, 'hazard.majorOverdue', id, { now, actorId: null });
  return { raised, open, resolved };
}

/**
 * The full run as the daily job does it: every rule in one transaction, with a statement timeout fit for a
 * city's records (the request timeout of the pool, a few seconds, is for interactive calls).
 */
export async function runAlarmJob(
  db: Db,
  now: Date,
  opts: { claimUnpaidDays?: number } = {},
): Promise<{ raised: number; open: number; resolved: number }> {
  return inTransaction(db, async (trx) => {
    await sql`SET LOCAL statement_timeout = '600s'`.execute(trx);
    return runAlarmRules(trx, now, opts);
  });
}

/** The alarms of some hazards after an event that changed them (inside the event's transaction). */
export async function refreshHazardAlarms(trx: Tx, now: Date, hazardIds: readonly number[]): Promise<void> {
  await runAlarmRules(trx, now, { hazardIds });
}
