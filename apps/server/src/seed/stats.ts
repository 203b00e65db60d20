import { chinaDate, DISTRICTS, periodBounds, type StatPeriod } from '@aqzrx/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { generateReport } from '../modules/stats/index.ts';

/**
 * Demo of the statistical reports (issue 19): last month's monthly report of the whole city and of 泗阳县
 * (gov_sy's district), archived as the schedule makes them (cut off at the month's last day), from the
 * demo records seeded before. Idempotent: a report of the same period, scope and cut-off is made once.
 */
export async function seedStatsDemo(db: Kysely<DB>, now: Date): Promise<void> {
  const today = chinaDate(now);
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const period: StatPeriod =
    m === 1 ? { kind: 'month', year: y - 1, n: 12 } : { kind: 'month', year: y, n: m - 1 };
  for (const ds of [DISTRICTS.map((d) => d.value), ['321323']]) {
    await generateReport(db, ds, period, {
      cutoff: periodBounds(period).to,
      now,
      unpaidDays: 60,
      userId: null,
      trigger: 'schedule',
    });
  }
}
