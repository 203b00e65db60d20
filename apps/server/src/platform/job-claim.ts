import { sql } from 'kysely';
import type { Db } from './context.ts';

/**
 * Background jobs run once across server instances (issue 18: several instances on one PostgreSQL). Each
 * instance schedules its own timers; before a scheduled run, an instance claims the job's slot (the China
 * day of a daily job, the hour of an hourly one) in sys_setting with one atomic upsert: of instances racing,
 * exactly one gets the row, the others skip. The claim is a lease: an instance that dies mid-run leaves it
 * to expire (another instance's next tick may then take the slot), and a run that fails gives it back.
 *
 * Jobs called directly (tests, an administrator's "run now") do not claim: they are the caller's choice.
 */
export async function claimJobSlot(
  db: Db,
  job: string,
  slot: string,
  now: Date,
  leaseMs: number,
): Promise<boolean> {
  const key = `job.${job}.claim`;
  const value = JSON.stringify({ slot, until: new Date(now.getTime() + leaseMs).toISOString() });
  const r = await sql<{ key: string }>`
    INSERT INTO sys_setting (key, value, updated_at) VALUES (${key}, ${value}::jsonb, ${now})
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at
    WHERE sys_setting.value->>'slot' IS DISTINCT FROM ${slot}
       OR (sys_setting.value->>'until')::timestamptz < ${now}
    RETURNING key`.execute(db);
  return r.rows.length === 1;
}

/** Gives a claimed slot back (its run failed), so the next tick of any instance may try it again. */
export async function releaseJobSlot(db: Db, job: string, slot: string): Promise<void> {
  const key = `job.${job}.claim`;
  await sql`
    UPDATE sys_setting SET value = jsonb_set(value, '{until}', '"1970-01-01T00:00:00.000Z"')
    WHERE key = ${key} AND value->>'slot' = ${slot}`.execute(db);
}

/**
 * Runs `work` if this instance claims the slot; false when another instance has it. A failure of `work`
 * releases the claim and is thrown.
 */
export async function runClaimed(
  db: Db,
  job: string,
  slot: string,
  now: Date,
  leaseMs: number,
  work: () => Promise<unknown>,
): Promise<boolean> {
  if (!(await claimJobSlot(db, job, slot, now, leaseMs))) return false;
  try {
    await work();
    return true;
  } catch (err) {
    await releaseJobSlot(db, job, slot).catch(() => undefined);
    throw err;
  }
}

/** The China-time hour of `now` as a slot: 'YYYY-MM-DDTHH'. */
export function chinaHourSlot(now: Date): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 13);
}
