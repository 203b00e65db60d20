import { chinaDate } from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/context.ts';
import { invalidateCounts } from '../../platform/count-cache.ts';
import { msUntilHour } from '../../platform/dates.ts';
import { runClaimed } from '../../platform/job-claim.ts';
import { rescoreChangedEnterprises } from '../enterprise/index.ts';
import { runHazardDaily } from '../hazard/index.ts';
import { type IdleAccountResult, runIdleAccounts } from '../user/index.ts';
import { applyDueEndorsements, type DueOutcome } from './endorsement.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily insurance job of this app (scheduled when the app is ready, stopped when it closes). */
    dailyJobs: DailyJobs;
  }
}

export interface DailyRunResult {
  endorsements: { applied: number; lapsed: number; failed: number };
  scores: { checked: number; rescored: number };
  /** Risk levels recomputed and alarms raised/resolved (modules/hazard). */
  hazards: Awaited<ReturnType<typeof runHazardDaily>>;
  /** Accounts newly 长期未登录 reported (and disabled with IDLE_ACCOUNT_ACTION=disable; modules/user). */
  idleAccounts: IdleAccountResult;
}

export interface DailyJobs {
  start(): void;
  stop(): Promise<void>;
  /** One run now (tests call it after moving the fake clock); a run already going is joined. */
  runOnce(): Promise<DailyRunResult>;
}

/**
 * The China-time day of the last completed run, kept in sys_setting under a key the settings service does
 * not offer (it reads only the keys it knows), so a restart knows whether today's run is done.
 */
const LAST_RUN_KEY = 'job.dailyInsurance.lastRunDay';
/** How long a claimed daily run keeps other instances off before it counts as abandoned. */
const DAILY_LEASE_MS = 2 * 3_600_000;

export async function lastRunDay(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('sysSetting')
    .select('value')
    .where('key', '=', LAST_RUN_KEY)
    .executeTakeFirst();
  return typeof row?.value === 'string' ? row.value : null;
}

async function recordRun(db: Db, day: string, now: Date): Promise<void> {
  const value = JSON.stringify(day);
  await db
    .insertInto('sysSetting')
    .values({ key: LAST_RUN_KEY, value, updatedAt: now, updatedBy: null })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: now }))
    .execute();
}

/**
 * The daily insurance job, at DAILY_JOB_HOUR China time (README "Settings"): first the endorsements whose
 * effective date has come take effect (domain 3.3), then every enterprise whose score inputs changed with
 * the passing days is rescored (domain 3.1: a policy started or ended, a licence lapsed, an accident left
 * the one-year window). Both steps are idempotent: a start (outside tests) whose day has no completed run
 * yet catches up with a missed night, and a second run on the same day writes nothing. It lives here because it composes
 * the endorsement and enterprise rules (this module depends on both, not the other way round).
 */
export function registerDailyJobs(
  app: FastifyInstance,
  opts: { hour: number; runOnStart: boolean },
): DailyJobs {
  const { clock, settings } = app.deps;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let abort = new AbortController();
  let current: Promise<DailyRunResult> | undefined;

  async function run(): Promise<DailyRunResult> {
    const now = clock.now();
    const ins = await settings.get('insurance');
    let failed = 0;
    const outcomes: DueOutcome[] = await applyDueEndorsements(app.db, ins, now, {
      signal: abort.signal,
      onError: (id, err) => {
        failed++;
        app.log.error(
          { err, endorsementId: id },
          'endorsement could not take effect; retried on the next run',
        );
      },
    });
    const applied = outcomes.filter((o) => o.outcome === 'applied').length;
    const lapsed = outcomes.filter((o) => o.outcome === 'lapsed').length;
    const scores = await rescoreChangedEnterprises(app.db, now, { signal: abort.signal });
    // Risk and alarms over all of a city's records: on the job connection, whose statements may run long.
    const hazards = await runHazardDaily(app.deps.database.jobs(), now, ins.claimUnpaidFlagDays);
    // Its writes (risk levels, alarms) committed on that connection: the request database's cached list
    // totals are dropped here (count-cache keeps them per database object).
    invalidateCounts(app.db);
    const idleAccounts = await runIdleAccounts(app.db, now, {
      days: app.deps.config.IDLE_ACCOUNT_DAYS,
      action: app.deps.config.IDLE_ACCOUNT_ACTION,
      logKey: app.operLog.key,
    });
    const result = { endorsements: { applied, lapsed, failed }, scores, hazards, idleAccounts };
    await recordRun(app.db, chinaDate(now), clock.now());
    app.log.info(result, 'daily insurance job done');
    return result;
  }

  function runOnce(): Promise<DailyRunResult> {
    if (!current) current = run().finally(() => (current = undefined));
    return current;
  }

  /** The scheduled run: by the one instance that claims today (others skip; platform/job-claim.ts). */
  function runToday(): Promise<unknown> {
    const now = clock.now();
    return runClaimed(app.db, 'dailyInsurance', chinaDate(now), now, DAILY_LEASE_MS, runOnce);
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(
      () => {
        runToday()
          .catch((err) => app.log.error({ err }, 'daily insurance job failed'))
          .finally(schedule);
      },
      msUntilHour(clock.now(), opts.hour),
    );
    timer.unref();
  }

  const jobs: DailyJobs = {
    start() {
      if (!stopped) return;
      stopped = false;
      abort = new AbortController();
      schedule();
      // Catch up at start only when today's run is missing (a missed night, a first start): rescoring
      // every enterprise of a city is seconds of work that a plain restart should not repeat.
      if (opts.runOnStart)
        lastRunDay(app.db)
          .then((day) => (day === chinaDate(clock.now()) ? undefined : runToday()))
          .catch((err) => app.log.error({ err }, 'daily insurance job (catch-up at start) failed'));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      abort.abort();
      await current?.catch(() => undefined);
    },
    runOnce,
  };
  app.decorate('dailyJobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  return jobs;
}
