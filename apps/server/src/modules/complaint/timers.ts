import { ComplaintState, chinaDate } from '@aqzrx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/context.ts';
import { chinaHourSlot, runClaimed } from '../../platform/job-claim.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { addStep, notifyComplaint } from './notices.ts';
import { loadCalendar, workdaysLeft } from './workdays.ts';

/**
 * The complaint timer job: a complaint awaiting its reply whose deadline is `warnDays` working days away
 * or closer warns the handler once per deadline; one past its deadline is flagged to the handler and the
 * regulators once per deadline (a new deadline — re-opening, re-handling, an extension — starts again).
 * Not a user's edit, so the version does not move. Returns how many were warned and flagged.
 */
export async function runComplaintTimers(
  db: Db,
  now: Date,
  warnDays: number,
): Promise<{ warned: number; overdue: number }> {
  const today = chinaDate(now);
  const cal = await loadCalendar(db);
  const open = await db
    .selectFrom('cpComplaint')
    .select(['id', 'deadline', 'warnedFor', 'overdueFor'])
    .where('state', 'in', [ComplaintState.ACCEPTED, ComplaintState.HANDLING])
    .where('deadline', 'is not', null)
    .where((eb) => eb.or([eb('overdueFor', 'is', null), eb('overdueFor', '!=', eb.ref('deadline'))]))
    .orderBy('id')
    .execute();
  let warned = 0;
  let overdue = 0;
  for (const c of open) {
    const deadline = c.deadline!;
    if (today > deadline) {
      await inTransaction(db, async (trx) => {
        const hit = await trx
          .updateTable('cpComplaint')
          .set({ overdueFor: deadline })
          .where('id', '=', c.id)
          .where('deadline', '=', deadline)
          .where(sql<boolean>`overdue_for IS DISTINCT FROM ${deadline}`)
          .executeTakeFirst();
        if (Number(hit.numUpdatedRows) === 0) return;
        await addStep(trx, c.id, 'overdue', null, now, `答复期限 ${deadline} 已过，仍未答复。`, true);
        await notifyComplaint(trx, 'complaint.overdue', c.id, {
          now,
          actorId: null,
          detail: `答复期限为 ${deadline}。`,
        });
        overdue += 1;
      });
    } else if (c.warnedFor !== deadline && workdaysLeft(cal, today, deadline) <= warnDays) {
      await inTransaction(db, async (trx) => {
        const hit = await trx
          .updateTable('cpComplaint')
          .set({ warnedFor: deadline })
          .where('id', '=', c.id)
          .where('deadline', '=', deadline)
          .where(sql<boolean>`warned_for IS DISTINCT FROM ${deadline}`)
          .executeTakeFirst();
        if (Number(hit.numUpdatedRows) === 0) return;
        await addStep(
          trx,
          c.id,
          'nearDeadline',
          null,
          now,
          `答复期限 ${deadline}，剩余${workdaysLeft(cal, today, deadline)}个工作日。`,
          true,
        );
        await notifyComplaint(trx, 'complaint.nearDeadline', c.id, {
          now,
          actorId: null,
          detail: `答复期限为 ${deadline}。`,
        });
        warned += 1;
      });
    }
  }
  return { warned, overdue };
}

/** Runs the timer job every hour while the server is up (not in tests: they call /api/complaint/timers/run). */
export function registerComplaintTimers(
  app: import('fastify').FastifyInstance,
  opts: { enabled: boolean; everyMs?: number },
): void {
  if (!opts.enabled) return;
  const { clock, settings } = app.deps;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      // Once an hour across instances (platform/job-claim.ts): two instances must not both warn.
      const now = clock.now();
      await runClaimed(app.db, 'complaintTimers', chinaHourSlot(now), now, 50 * 60_000, async () => {
        const res = await runComplaintTimers(app.db, now, (await settings.get('complaint')).warnDays);
        if (res.warned || res.overdue) app.log.info(res, 'complaint timers');
      });
    } catch (err) {
      app.log.error({ err }, 'complaint timer job failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void tick(), opts.everyMs ?? 3_600_000);
    timer.unref();
    void tick();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
