/**
 * The per-day rollups of the cockpit's heavy figures (0029_stat_rollup): triggers queue the days a write
 * touches (st_dirty, in the writing transaction), `refreshRollups` recomputes exactly those days from the
 * records, and the figures read the rollups. Every rollup row is the same GROUP BY the live computation did,
 * only one day at a time, so the sums over a period equal it to the cent.
 */
import { addDays, chinaDate, shiftYears } from '@aqzrx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/context.ts';

/** Issued policies of the days `days` (a date[] parameter), lead and insurer-share rows. */
const POLICY_ROWS = (days: string[]) => sql`
  insert into st_policy_day (day, kind, district_code, ind, insurer_id, policies, coinsured, premium, lim, fee,
    headcount, frequency)
  with p as (
    select ip.* from ins_policy ip
    where ip.start_date = any(${days}::date[]) and ip.status in ('approved', 'cancelled')
  ), co as (
    select pc.policy_id from ins_policy_coinsurer pc join p on p.id = pc.policy_id
    group by pc.policy_id having count(*) > 1
  )
  select p.start_date, 'L', p.district_code, substr(p.ws_industry_code, 1, 4), p.insurer_id, count(*)::int,
    count(co.policy_id)::int, coalesce(sum(p.premium), 0), coalesce(sum(p.per_accident_limit), 0),
    coalesce(sum(p.prevention_fee), 0), coalesce(sum(p.headcount), 0), coalesce(sum(p.prevention_frequency), 0)
  from p left join co on co.policy_id = p.id
  group by 1, 2, 3, 4, 5
  union all
  select p.start_date, 'S', p.district_code, substr(p.ws_industry_code, 1, 4), pc.insurer_id, count(*)::int,
    count(co.policy_id)::int, coalesce(sum(round(p.premium * (pc.share / 100), 2)), 0),
    coalesce(sum(round(p.per_accident_limit * (pc.share / 100), 2)), 0),
    coalesce(sum(round(p.prevention_fee * (pc.share / 100), 2)), 0), coalesce(sum(p.headcount), 0),
    coalesce(sum(p.prevention_frequency), 0)
  from p join ins_policy_coinsurer pc on pc.policy_id = p.id left join co on co.policy_id = p.id
  group by 1, 2, 3, 4, 5`;

/** Funds of the policies starting on the days `days`. */
const FUND_ROWS = (days: string[]) => sql`
  insert into st_fund_day (day, end_day, district_code, insurer_id, accrued, spent)
  select ip.start_date, ip.end_date, f.district_code, f.insurer_id, coalesce(sum(f.accrued), 0),
    coalesce(sum(f.spent), 0)
  from ap_fund f join ins_policy ip on ip.id = f.policy_id
  where ip.start_date = any(${days}::date[])
  group by 1, 2, 3, 4`;

/** Money paid on a claim: the payout, or the advances while there is none. */
const PAID = sql`coalesce(c.payout_total, c.advance_total)`;

/** Claims reported on the China days `days`: the city's rows and the insurers' share rows. */
const CLAIM_ROWS = (days: string[]) => sql`
  insert into st_claim_day (day, kind, district_code, ind, insurer_id, accident_type, accident_level, claims,
    closed, paid, closed_paid, deaths, injuries, sat_sum, sat_n)
  with c as (
    select c.*, (c.reported_at at time zone 'Asia/Shanghai')::date as day from ins_claim c
    where c.reported_at >= (select min(d) from unnest(${days}::date[]) d)::timestamp at time zone 'Asia/Shanghai'
      and c.reported_at < ((select max(d) from unnest(${days}::date[]) d) + 1)::timestamp at time zone 'Asia/Shanghai'
  )
  select c.day, 'L', c.district_code, substr(c.ws_industry_code, 1, 4), 0, coalesce(c.accident_type, ''),
    coalesce(c.accident_level, -1),
    count(*) filter (where c.phase <> 'withdrawn')::int,
    count(*) filter (where c.phase = 'closed')::int,
    coalesce(sum(${PAID}) filter (where c.phase <> 'withdrawn'), 0),
    coalesce(sum(${PAID}) filter (where c.phase = 'closed'), 0),
    coalesce(sum(c.deaths) filter (where c.phase <> 'withdrawn'), 0),
    coalesce(sum(c.injuries) filter (where c.phase <> 'withdrawn'), 0),
    coalesce(sum(c.satisfaction), 0), count(c.satisfaction)::int
  from c where c.day = any(${days}::date[])
  group by 1, 2, 3, 4, 5, 6, 7
  union all
  select c.day, 'S', c.district_code, substr(c.ws_industry_code, 1, 4), pc.insurer_id, '', -1, count(*)::int,
    count(*) filter (where c.phase = 'closed')::int,
    coalesce(sum(round(${PAID} * (pc.share / 100), 2)), 0),
    coalesce(sum(round((case when c.phase = 'closed' then ${PAID} else 0 end) * (pc.share / 100), 2)), 0),
    coalesce(sum(c.deaths), 0), coalesce(sum(c.injuries), 0), coalesce(sum(c.satisfaction), 0),
    count(c.satisfaction)::int
  from c join ins_policy_coinsurer pc on pc.policy_id = c.policy_id
  where c.day = any(${days}::date[]) and c.phase <> 'withdrawn'
  group by 1, 2, 3, 4, 5, 6, 7`;

/** Service plans planned to start on the China days `days`. */
const PLAN_ROWS = (days: string[]) => sql`
  insert into st_plan_day (day, district_code, provider_org_id, item, planned, done, spend, hazards, major)
  select (p.planned_start at time zone 'Asia/Shanghai')::date, p.district_code, p.provider_org_id, p.item,
    count(*)::int, count(*) filter (where p.status = 2)::int, coalesce(sum(p.spend) filter (where p.status = 2), 0),
    coalesce(sum(p.hazard_count) filter (where p.status = 2), 0),
    coalesce(sum(p.major_hazard_count) filter (where p.status = 2), 0)
  from ap_plan p
  where p.planned_start >= (select min(d) from unnest(${days}::date[]) d)::timestamp at time zone 'Asia/Shanghai'
    and p.planned_start < ((select max(d) from unnest(${days}::date[]) d) + 1)::timestamp at time zone 'Asia/Shanghai'
    and (p.planned_start at time zone 'Asia/Shanghai')::date = any(${days}::date[])
  group by 1, 2, 3, 4`;

/** Live hazards checked on the days `days`. */
const HAZARD_ROWS = (days: string[]) => sql`
  insert into st_hazard_day (day, district_code, deadline, major, rectified, found)
  select h.check_date, h.district_code, coalesce(h.deadline, 'infinity'::date), h.level = 2, h.rectify_status = 1,
    count(*)::int
  from ap_hazard h where h.live and h.check_date = any(${days}::date[])
  group by 1, 2, 3, 4, 5`;

/** Must-insure, insured and voluntary enterprises as of `asOf`, by district and industry (domain 2.14). */
const UPTAKE_ROWS = (asOf: string) => sql`
  insert into st_uptake (as_of, district_code, ind, must, insured, vol)
  select ${asOf}::date, o.district_code, substr(coalesce(e.ws_industry_code, ''), 1, 4),
    count(*) filter (where coalesce(e.must_insure, false))::int,
    count(*) filter (where coalesce(e.must_insure, false) and cv.enterprise_id is not null)::int,
    count(*) filter (where not coalesce(e.must_insure, false) and cv.enterprise_id is not null)::int
  from sys_org o left join ins_enterprise e on e.id = o.id
  left join (
    select distinct ip.enterprise_id from ins_policy ip
    where ip.status = 'approved' and ip.start_date <= ${asOf}::date and ip.end_date >= ${asOf}::date
  ) cv on cv.enterprise_id = o.id
  where o.org_type = 'enterprise' and o.deleted_at is null and o.district_code is not null
  group by 2, 3`;

const LOCK = 190_029;

async function inTx<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

export interface RefreshResult {
  /** False when another refresh was running (this one did nothing). */
  ran: boolean;
  policyDays: number;
  claimDays: number;
  planDays: number;
  hazardDays: number;
  /** Uptake snapshots a write touched: made again (today's and last year's) or dropped (made when asked). */
  uptakeTouched: number;
}

/**
 * Recomputes the rollup rows of the days queued in st_dirty, in one transaction, one refresher at a time
 * (another caller meanwhile returns `ran: false` at once). Writes committed while it runs queue their days
 * again, so nothing is lost: the next refresh takes them. `now` is recorded as the time the rollups were
 * last brought up to date.
 *
 * Uptake snapshots a write touched are made again in the same transaction when they are today's or the same
 * day last year's (what this year's cockpits read; readers keep the old rows until it commits) and dropped
 * otherwise. That costs a scan of the enterprises, so a request's refresh (`uptake: false`) leaves those
 * entries to the scheduled one; the figures then say since when they are up to date (`rollupsAsOf`).
 */
export async function refreshRollups(
  db: Db,
  now: Date,
  opts: { uptake?: boolean } = {},
): Promise<RefreshResult> {
  const withUptake = opts.uptake ?? true;
  return inTx(db, async (trx) => {
    const lock = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${LOCK}) as ok`.execute(trx);
    if (!lock.rows[0]?.ok)
      return { ran: false, policyDays: 0, claimDays: 0, planDays: 0, hazardDays: 0, uptakeTouched: 0 };
    const { rows } = await sql<{ kind: string; day: string; dayTo: string }>`
      with d as (delete from st_dirty where ${withUptake ? sql`true` : sql`kind <> 'uptake'`}
        returning kind, day, day_to)
      select distinct kind, day::text as day, day_to::text as "dayTo" from d`.execute(trx);
    const daysOf = (k: string) => rows.filter((r) => r.kind === k).map((r) => r.day);
    const policyDays = daysOf('policy');
    const claimDays = daysOf('claim');
    const planDays = daysOf('plan');
    const hazardDays = daysOf('hazard');
    const ranges = rows.filter((r) => r.kind === 'uptake');
    if (planDays.length) {
      await sql`delete from st_plan_day where day = any(${planDays}::date[])`.execute(trx);
      await PLAN_ROWS(planDays).execute(trx);
    }
    if (hazardDays.length) {
      await sql`delete from st_hazard_day where day = any(${hazardDays}::date[])`.execute(trx);
      await HAZARD_ROWS(hazardDays).execute(trx);
    }
    if (policyDays.length) {
      await sql`delete from st_policy_day where day = any(${policyDays}::date[])`.execute(trx);
      await POLICY_ROWS(policyDays).execute(trx);
      await sql`delete from st_fund_day where day = any(${policyDays}::date[])`.execute(trx);
      await FUND_ROWS(policyDays).execute(trx);
    }
    if (claimDays.length) {
      await sql`delete from st_claim_day where day = any(${claimDays}::date[])`.execute(trx);
      await CLAIM_ROWS(claimDays).execute(trx);
    }
    let uptakeTouched = 0;
    if (ranges.length) {
      const touched = await sql<{ asOf: string }>`
        delete from st_uptake_day u where exists (
          select 1 from unnest(${ranges.map((r) => r.day)}::date[], ${ranges.map((r) => r.dayTo)}::date[]) r(f, t)
          where u.as_of between r.f and r.t)
        returning u.as_of::text as "asOf"`.execute(trx);
      uptakeTouched = touched.rows.length;
      const kept = new Set(snapshotDays(now));
      for (const { asOf } of touched.rows) if (kept.has(asOf)) await makeUptake(trx, asOf, now);
    }
    // Many days at once (a bulk import, the first fill): fresh statistics for the readers' plans.
    if (policyDays.length + claimDays.length + planDays.length + hazardDays.length > 100)
      for (const t of ['st_policy_day', 'st_claim_day', 'st_fund_day', 'st_plan_day', 'st_hazard_day'])
        await sql`analyze ${sql.table(t)}`.execute(trx);
    await sql`update st_rollup_state set refreshed_at = ${now} where id = 1`.execute(trx);
    return {
      ran: true,
      policyDays: policyDays.length,
      claimDays: claimDays.length,
      planDays: planDays.length,
      hazardDays: hazardDays.length,
      uptakeTouched,
    };
  });
}

/**
 * Makes the uptake snapshot of `asOf` in the transaction `trx` (none when another transaction made it
 * meanwhile). One pass over the policies covering the day, hash-joined to the enterprises: nested loops are
 * ruled out for the statement, since right after a bulk import (statistics not yet gathered) the planner
 * may otherwise probe the policies once per enterprise (in bench/cockpit.mjs a snapshot made during the
 * bulk fill ran for over 14 minutes).
 */
async function makeUptake(trx: Db, asOf: string, now: Date) {
  const made = await sql`
    insert into st_uptake_day (as_of, computed_at) values (${asOf}::date, ${now})
    on conflict (as_of) do nothing returning as_of`.execute(trx);
  if (!made.rows.length) return;
  await sql`set local enable_nestloop = off`.execute(trx);
  await UPTAKE_ROWS(asOf).execute(trx);
  await sql`set local enable_nestloop to default`.execute(trx);
}

/**
 * The instant up to which the rollups hold every committed write: `now` when nothing is queued, else the
 * last refresh.
 */
export async function rollupsAsOf(db: Db, now: Date): Promise<Date> {
  const { rows } = await sql<{ pending: boolean; at: Date }>`
    select exists (select 1 from st_dirty) as pending, (select refreshed_at from st_rollup_state where id = 1) as at`.execute(
    db,
  );
  const r = rows[0];
  return r?.pending ? new Date(r.at) : now;
}

/**
 * The uptake snapshot of `asOf` (made now, and kept, when there is none; on `makeDb` when given: the jobs
 * connection, whose statements may run longer than a request's).
 */
export async function uptakeRows(db: Db, asOf: string, now: Date, makeDb: Db = db) {
  const read = () =>
    sql<{ code: string; ind: string; must: number; insured: number; vol: number }>`
      select u.district_code as code, u.ind, u.must, u.insured, u.vol from st_uptake u
      join st_uptake_day d on d.as_of = u.as_of where u.as_of = ${asOf}::date`.execute(db);
  const has = await sql`select 1 from st_uptake_day where as_of = ${asOf}::date`.execute(db);
  if (has.rows.length) return (await read()).rows;
  await inTx(makeDb, async (trx) => {
    // Two requests making the same snapshot: the second waits for the first and keeps its rows.
    await sql`select pg_advisory_xact_lock(${LOCK + 1})`.execute(trx);
    await makeUptake(trx, asOf, now);
  });
  return (await read()).rows;
}

/**
 * The days the cockpits of this year and last year count uptake on: today, the same day last year, and the
 * last day of every month of both years up to today (a month's, a quarter's and a year's last day).
 */
export function snapshotDays(now: Date): string[] {
  const today = chinaDate(now);
  const year = Number(today.slice(0, 4));
  const days = new Set([today, shiftYears(today, -1)]);
  for (const y of [year - 1, year])
    for (let m = 1; m <= 12; m++) {
      const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
      const last = addDays(next, -1);
      if (last < today) days.add(last);
    }
  return [...days];
}

/** Makes the snapshots of `snapshotDays` that are missing (the schedule, on the jobs connection). */
export async function warmUptake(db: Db, now: Date): Promise<void> {
  for (const day of snapshotDays(now)) await uptakeRows(db, day, now);
}
